/*
 * FunctionsManual.c - the hand-written helpers of the backward formulas; see
 * FunctionsManual.h.
 *
 * Each helper is 1.13's, operator call for operator call: the sequence of
 * at_* calls below is the sequence 1.13's helper makes (checked with
 * torch.autograd.grad under a TorchDispatchMode), so a traced backward prints
 * the same lines.  Where 1.13 evaluates several operands of one C++
 * expression, the order is the one its trace shows (GCC evaluates call
 * arguments right to left: `where(c, zeros, grad * x)` computes `grad * x`
 * first).
 *
 * Note [Subclass-like paths under the trace]
 * 1.13's prod_backward, evenly_distribute_backward, index_backward,
 * masked_fill_backward, value_selecting_reduction_backward,
 * cumprod_backward, clamp_backward (tensor bounds), clamp_backward_min_max,
 * index_select_backward and gather_backward take a "composite compliant" path when an argument is tensor-subclass-like
 * (at::isTensorSubclassLike), which is true for every tensor while a
 * TorchDispatchMode is active (c10::impl::dispatch_mode_enabled).  A trace
 * of 1.13 therefore always shows that path.  minaten takes it while its
 * trace mode is on (subclass_like() below), so trace_on() shows what 1.13's
 * trace shows; with the trace off it takes 1.13's other path, whose values
 * are the same.  NB(minaten): where that other path calls an operator
 * minaten lacks (_index_put_impl_), or a path minaten does not write
 * (cumprod_backward's), it computes the same values another way (each
 * says how).
 *
 * PyTorch 1.13: torch/csrc/autograd/FunctionsManual.cpp
 */
#include "autograd/FunctionsManual.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "Functions.h"
#include "dispatch/TorchDispatchModeTLS.h"
#include "ops/ExpandUtils.h"
#include "runtime/GradMode.h"
#include "runtime/Exception.h"
#include "runtime/ScalarOps.h"
#include "runtime/TypeCast.h"

/* ---- the saved types ------------------------------------------------------------ */

/* PyTorch 1.13: c10/core/TensorImpl.h TensorImpl::options */
TensorOptions TensorOptions_of(const Tensor* t) {
  TensorOptions o = {t->dtype, Layout_Strided, t->device};
  return o;
}

/* PyTorch 1.13: aten/src/ATen/TensorGeometry.h TensorGeometry::TensorGeometry(const TensorBase&) */
int TensorGeometry_init(TensorGeometry* g, const Tensor* t) {
  g->dim = t->dim;
  g->storage_offset = t->storage_offset;
  g->sizes = malloc(sizeof(int64_t) * (size_t)(t->dim ? t->dim : 1));
  g->strides = malloc(sizeof(int64_t) * (size_t)(t->dim ? t->dim : 1));
  if (g->sizes == NULL || g->strides == NULL) {
    TensorGeometry_free(g);
    Error_set(ErrorType_RuntimeError, "TensorGeometry: out of memory");
    return -1;
  }
  memcpy(g->sizes, t->sizes, sizeof(int64_t) * (size_t)t->dim);
  memcpy(g->strides, t->strides, sizeof(int64_t) * (size_t)t->dim);
  return 0;
}

void TensorGeometry_free(TensorGeometry* g) {
  free(g->sizes);
  free(g->strides);
  g->sizes = g->strides = NULL;
  g->dim = 0;
}

/* PyTorch 1.13: torch/csrc/autograd/FunctionsManual.h to_args_sizes */
int to_args_sizes(SizesList* out, TensorList tensors) {
  out->size = 0;
  out->items = calloc(tensors.size ? tensors.size : 1, sizeof(IntArrayRef));
  TORCH_CHECK(out->items != NULL, "to_args_sizes: out of memory");
  for (size_t i = 0; i < tensors.size; i++) {
    const Tensor* t = tensors.data[i];
    int64_t* data = malloc(sizeof(int64_t) * (size_t)(t->dim ? t->dim : 1));
    TORCH_CHECK(data != NULL, "to_args_sizes: out of memory");
    memcpy(data, t->sizes, sizeof(int64_t) * (size_t)t->dim);
    out->items[i] = IntArrayRef_make(data, (size_t)t->dim);
    out->size = i + 1;
  }
  return 0;
fail:
  SizesList_free(out);
  return -1;
}

void SizesList_free(SizesList* l) {
  for (size_t i = 0; l->items != NULL && i < l->size; i++) free((void*)l->items[i].data);
  free(l->items);
  l->items = NULL;
  l->size = 0;
}

/* PyTorch 1.13: torch/csrc/autograd/FunctionsManual.h to_args_scalartypes */
int to_args_scalartypes(ScalarTypeList* out, TensorList tensors) {
  out->size = tensors.size;
  out->items = malloc(sizeof(ScalarType) * (tensors.size ? tensors.size : 1));
  if (out->items == NULL) {
    out->size = 0;
    Error_set(ErrorType_RuntimeError, "to_args_scalartypes: out of memory");
    return -1;
  }
  for (size_t i = 0; i < tensors.size; i++) out->items[i] = tensors.data[i]->dtype;
  return 0;
}

void ScalarTypeList_free(ScalarTypeList* l) {
  free(l->items);
  l->items = NULL;
  l->size = 0;
}

/* ---- small pieces ------------------------------------------------------------------ */

/* at::isTensorSubclassLike, for minaten's tensors: only a mode (a
 * TorchDispatchMode or the trace mode) makes a tensor subclass-like (no
 * ZeroTensor, no Python subclasses).
 * See Note [Subclass-like paths under the trace].
 * PyTorch 1.13: aten/src/ATen/TensorSubclassLikeUtils.h isTensorSubclassLike */
static bool subclass_like(void) { return dispatch_mode_enabled(); }

static OptionalScalarType some_dtype(ScalarType t) {
  OptionalScalarType o = {true, t};
  return o;
}
static OptionalDevice some_device(Device d) {
  OptionalDevice o = {true, d};
  return o;
}
static OptionalLayout some_layout(Layout l) {
  OptionalLayout o = {true, l};
  return o;
}

/* at::zeros(size, t.options()) */
static Tensor* zeros_like_options(IntArrayRef size, const Tensor* t) {
  return at_zeros(size, some_dtype(t->dtype), some_layout(Layout_Strided), some_device(t->device), kNoPinMemory);
}

/* Releases *t and replaces it with next (the `grad = grad.op(...)` idiom);
 * false when next is NULL. */
static bool replace(Tensor** t, Tensor* next) {
  Tensor_release(*t);
  *t = next;
  return next != NULL;
}

/* A malloc'd list of n NULL entries, or {NULL, 0} with the error set. */
static TensorList list_new(size_t n) {
  TensorList l = {calloc(n ? n : 1, sizeof(Tensor*)), n};
  if (l.data == NULL) {
    Error_set(ErrorType_RuntimeError, "out of memory");
    l.size = 0;
  }
  return l;
}
static TensorList list_fail(TensorList l) {
  for (size_t i = 0; l.data != NULL && i < l.size; i++) Tensor_release((Tensor*)l.data[i]);
  free((void*)l.data);
  TensorList none = {NULL, 0};
  return none;
}

/* ---- arithmetic --------------------------------------------------------------------- */

/* x.conj() in a formula: x itself unless complex, else the lazy _conj view.
 * PyTorch 1.13: ATen/core/TensorBody.h Tensor::conj (no sparse layouts here) */
Tensor* Tensor_conj(const Tensor* self) {
  return ScalarType_isComplex(self->dtype) ? at__conj(self) : Tensor_retain(self);
}

/* A real input's gradient is the real part of a complex one (R -> C).
 * PyTorch 1.13: torch/csrc/autograd/FunctionsManual.cpp handle_r_to_c */
Tensor* handle_r_to_c(ScalarType self_st, const Tensor* gradient_result) {
  if (gradient_result == NULL) return NULL;
  if (!ScalarType_isComplex(self_st) && ScalarType_isComplex(gradient_result->dtype)) return at_real(gradient_result);
  return Tensor_retain(gradient_result);
}

/* t itself when s is 1 (1, 1.0 or True), else t * s (mul.Scalar).
 * PyTorch 1.13: torch/csrc/autograd/FunctionsManual.cpp maybe_multiply */
Tensor* maybe_multiply(const Tensor* t, Scalar s) {
  bool is_one = false;
  if (Scalar_isFloatingPoint(s))
    is_one = Scalar_toDouble(s) == 1;
  else if (Scalar_isIntegral(s) || Scalar_isBoolean(s))
    is_one = Scalar_toLong(s) == 1;
  return is_one ? Tensor_retain(t) : at_mul_Scalar(t, s);
}

/* y's shape and options, filled with x (the left operand of C++'s operators). */
static Tensor* full_like_left_operand(Scalar x, const Tensor* y) {
  Tensor* r = at_empty_like(y, kNoDtype, kNoLayout, kNoDevice, kNoPinMemory,
                            (OptionalMemoryFormat){true, MemoryFormat_Preserve});
  if (r == NULL) return NULL;
  Tensor* filled = at_fill__Scalar(r, x);
  if (filled == NULL) {
    Tensor_release(r);
    return NULL;
  }
  Tensor_release(filled);
  return r;
}

/* PyTorch 1.13: ATen/TensorOperators.h operator/(const Scalar&, const Tensor&)
 * (AT_FORALL_BINARY_OPS: at::empty_like(y, MemoryFormat::Preserve).fill_(x).div_(y)) */
Tensor* Scalar_div_Tensor(Scalar x, const Tensor* y) {
  Tensor* r = full_like_left_operand(x, y);
  Tensor* divided = r != NULL ? at_div__Tensor(r, y) : NULL;
  Tensor_release(r);
  return divided;
}

/* PyTorch 1.13: ATen/TensorOperators.h operator-(const Scalar&, const Tensor&)
 * (AT_FORALL_BINARY_OPS: at::empty_like(y, MemoryFormat::Preserve).fill_(x).sub_(y)) */
Tensor* Scalar_sub_Tensor(Scalar x, const Tensor* y) {
  Tensor* r = full_like_left_operand(x, y);
  Tensor* subtracted = r != NULL ? at_sub__Tensor(r, y, Scalar_fromLong(1)) : NULL;
  Tensor_release(r);
  return subtracted;
}

/* grad / (self + 1).conj(): self + 1 is C++'s Tensor + Scalar, add.Scalar
 * (minaten has no sparse layouts, whose to_dense() path 1.13 takes first).
 * PyTorch 1.13: torch/csrc/autograd/FunctionsManual.cpp log1p_backward */
Tensor* log1p_backward(const Tensor* grad, const Tensor* self) {
  Tensor* self_p1 = at_add_Scalar(self, Scalar_fromLong(1), Scalar_fromLong(1));
  if (self_p1 == NULL) return NULL;
  Tensor* r = at_div_Tensor(grad, self_p1);
  Tensor_release(self_p1);
  return r;
}

/* grad * other.conj(), its real part for a real self.
 * PyTorch 1.13: torch/csrc/autograd/FunctionsManual.cpp mul_tensor_backward (Tensor other) */
Tensor* mul_tensor_backward(const Tensor* grad, const Tensor* other, ScalarType self_st) {
  Tensor* conj = Tensor_conj(other);
  if (conj == NULL) return NULL;
  Tensor* out = at_mul_Tensor(grad, conj);
  Tensor_release(conj);
  if (out == NULL) return NULL;
  Tensor* r = handle_r_to_c(self_st, out);
  Tensor_release(out);
  return r;
}

/* 1.13's mul_tensor_backward takes a Tensor other: mul.Scalar's formula
 * passes its Scalar as a wrapped number tensor, so the trace shows
 * mul.Tensor (checked: torch.ops.aten.mul.Scalar(x, 3)'s backward).
 * PyTorch 1.13: torch/csrc/autograd/FunctionsManual.cpp mul_tensor_backward (wrapped Scalar other) */
Tensor* mul_tensor_backward_Scalar(const Tensor* grad, Scalar other, ScalarType self_st) {
  Tensor* w = wrapped_scalar_tensor(Scalar_conj(other));
  if (w == NULL) return NULL;
  Tensor* out = at_mul_Tensor(grad, w);
  Tensor_release(w);
  if (out == NULL) return NULL;
  Tensor* r = handle_r_to_c(self_st, out);
  Tensor_release(out);
  return r;
}

/* With a rounding mode the quotient is piecewise constant: zeros of grad's
 * shape in self's dtype. */
static Tensor* zeros_like_dtype(const Tensor* t, ScalarType dtype) {
  return at_zeros_like(t, some_dtype(dtype), some_layout(Layout_Strided), some_device(t->device), kNoPinMemory,
                       kNoMemoryFormat);
}

/* PyTorch 1.13: torch/csrc/autograd/FunctionsManual.cpp div_tensor_self_backward (Tensor other) */
Tensor* div_tensor_self_backward(const Tensor* grad, const Tensor* other, ScalarType self_st, const char* rounding_mode) {
  if (rounding_mode != NULL) return zeros_like_dtype(grad, self_st);
  Tensor* conj = Tensor_conj(other);
  if (conj == NULL) return NULL;
  Tensor* out = at_div_Tensor(grad, conj);
  Tensor_release(conj);
  if (out == NULL) return NULL;
  Tensor* r = handle_r_to_c(self_st, out);
  Tensor_release(out);
  return r;
}

/* As mul_tensor_backward_Scalar: the Scalar as a wrapped number tensor, so
 * div.Tensor (checked: torch.ops.aten.div.Scalar(x, 3)'s backward).
 * PyTorch 1.13: torch/csrc/autograd/FunctionsManual.cpp div_tensor_self_backward (wrapped Scalar other) */
Tensor* div_tensor_self_backward_Scalar(const Tensor* grad, Scalar other, ScalarType self_st,
                                        const char* rounding_mode) {
  if (rounding_mode != NULL) return zeros_like_dtype(grad, self_st);
  Tensor* w = wrapped_scalar_tensor(Scalar_conj(other));
  if (w == NULL) return NULL;
  Tensor* out = at_div_Tensor(grad, w);
  Tensor_release(w);
  if (out == NULL) return NULL;
  Tensor* r = handle_r_to_c(self_st, out);
  Tensor_release(out);
  return r;
}

/* -grad * ((self / other) / other).conj(), in the trace's order: div, div,
 * (_conj), neg, mul; its real part for a real other.
 * PyTorch 1.13: torch/csrc/autograd/FunctionsManual.cpp div_tensor_other_backward */
Tensor* div_tensor_other_backward(const Tensor* grad, const Tensor* self, const Tensor* other,
                                  const char* rounding_mode) {
  if (rounding_mode != NULL) return zeros_like_dtype(grad, other->dtype);
  Tensor *q = NULL, *q2 = NULL, *conj = NULL, *ng = NULL, *out = NULL, *r = NULL;
  TRY((q = at_div_Tensor(self, other)) != NULL);
  TRY((q2 = at_div_Tensor(q, other)) != NULL);
  TRY((conj = Tensor_conj(q2)) != NULL);
  TRY((ng = at_neg(grad)) != NULL);
  TRY((out = at_mul_Tensor(ng, conj)) != NULL);
  r = handle_r_to_c(other->dtype, out);
fail:
  Tensor_release(q);
  Tensor_release(q2);
  Tensor_release(conj);
  Tensor_release(ng);
  Tensor_release(out);
  return r;
}

/* zeros_like(self) for the exponent 0, else grad * (exponent * self.pow(exponent - 1))
 * with the exponent as a double (toDouble): pow.Tensor_Scalar, mul.Scalar, mul.Tensor.
 * PyTorch 1.13: torch/csrc/autograd/FunctionsManual.cpp pow_backward */
Tensor* pow_backward(const Tensor* grad, const Tensor* self, Scalar exponent) {
  double e = Scalar_toDouble(exponent);
  if (e == 0.0) {
    OptionalMemoryFormat contiguous = {true, MemoryFormat_Contiguous};
    return at_zeros_like(self, kNoDtype, kNoLayout, kNoDevice, kNoPinMemory, contiguous);
  }
  Tensor *pw = NULL, *scaled = NULL, *r = NULL;
  TRY((pw = at_pow_Tensor_Scalar(self, Scalar_fromDouble(e - 1))) != NULL);
  TRY((scaled = at_mul_Scalar(pw, Scalar_fromDouble(e))) != NULL);
  r = at_mul_Tensor(grad, scaled);
fail:
  Tensor_release(pw);
  Tensor_release(scaled);
  return r;
}

/* where(exponent == 0, 0, grad * (exponent * self.pow(exponent - 1))), the
 * third operand first: sub.Scalar, pow.Tensor_Tensor, mul, mul, zeros,
 * eq.Scalar, where.self.
 * PyTorch 1.13: torch/csrc/autograd/FunctionsManual.cpp pow_backward_self */
Tensor* pow_backward_self(const Tensor* grad, const Tensor* self, const Tensor* exponent) {
  Tensor *em1 = NULL, *pw = NULL, *scaled = NULL, *g = NULL, *zero = NULL, *cond = NULL, *r = NULL;
  TRY((em1 = at_sub_Scalar(exponent, Scalar_fromLong(1), Scalar_fromLong(1))) != NULL);
  TRY((pw = at_pow_Tensor_Tensor(self, em1)) != NULL);
  TRY((scaled = at_mul_Tensor(exponent, pw)) != NULL);
  TRY((g = at_mul_Tensor(grad, scaled)) != NULL);
  TRY((zero = zeros_like_options(IntArrayRef_make(NULL, 0), grad)) != NULL);
  TRY((cond = at_eq_Scalar(exponent, Scalar_fromDouble(0.0))) != NULL);
  r = at_where_self(cond, zero, g);
fail:
  Tensor_release(em1);
  Tensor_release(pw);
  Tensor_release(scaled);
  Tensor_release(g);
  Tensor_release(zero);
  Tensor_release(cond);
  return r;
}

/*
 * grad * where(self == 0 and exponent >= 0, 0, result * log(self)).
 * d(a^b)/db at a = 0 is 0 for b >= 0 by continuity (and -inf for b < 0, which
 * result * log(0) gives).  The condition is a statement of its own in 1.13,
 * its operands right to left: ge.Scalar, eq.Scalar, logical_and; then
 * log, mul, zeros, where.self, mul.
 * PyTorch 1.13: torch/csrc/autograd/FunctionsManual.cpp pow_backward_exponent (Tensor self)
 */
Tensor* pow_backward_exponent(const Tensor* grad, const Tensor* self, const Tensor* exponent, const Tensor* result) {
  Tensor *ge = NULL, *eq = NULL, *cond = NULL, *lg = NULL, *rl = NULL, *zero = NULL, *w = NULL, *r = NULL;
  TRY((ge = at_ge_Scalar(exponent, Scalar_fromLong(0))) != NULL);
  TRY((eq = at_eq_Scalar(self, Scalar_fromLong(0))) != NULL);
  TRY((cond = at_logical_and(eq, ge)) != NULL);
  TRY((lg = at_log(self)) != NULL);
  TRY((rl = at_mul_Tensor(result, lg)) != NULL);
  TRY((zero = zeros_like_options(IntArrayRef_make(NULL, 0), grad)) != NULL);
  TRY((w = at_where_self(cond, zero, rl)) != NULL);
  r = at_mul_Tensor(grad, w);
fail:
  Tensor_release(ge);
  Tensor_release(eq);
  Tensor_release(cond);
  Tensor_release(lg);
  Tensor_release(rl);
  Tensor_release(zero);
  Tensor_release(w);
  return r;
}

/* grad * (result * log(base)) (mul.Scalar, mul.Tensor); for base 0,
 * grad * where(exponent >= 0, 0, result * log(0)): mul.Scalar, zeros,
 * ge.Scalar, where.self, mul.Tensor.
 * PyTorch 1.13: torch/csrc/autograd/FunctionsManual.cpp pow_backward_exponent (Scalar base) */
Tensor* pow_backward_exponent_Scalar(const Tensor* grad, Scalar base, const Tensor* exponent, const Tensor* result) {
  Tensor *rl = NULL, *zero = NULL, *cond = NULL, *w = NULL, *r = NULL;
  double b = Scalar_toDouble(base);
  TRY((rl = at_mul_Scalar(result, Scalar_fromDouble(log(b)))) != NULL);
  if (b == 0.0) {
    TRY((zero = zeros_like_options(IntArrayRef_make(NULL, 0), grad)) != NULL);
    TRY((cond = at_ge_Scalar(exponent, Scalar_fromLong(0))) != NULL);
    TRY((w = at_where_self(cond, zero, rl)) != NULL);
    r = at_mul_Tensor(grad, w);
  } else {
    r = at_mul_Tensor(grad, rl);
  }
fail:
  Tensor_release(rl);
  Tensor_release(zero);
  Tensor_release(cond);
  Tensor_release(w);
  return r;
}

/* The gradient where min <= self <= max (the subgradient 1 at the bounds), 0
 * elsewhere: scalar_tensor, ge/le.Scalar (logical_and_ for both), where.self.
 * PyTorch 1.13: torch/csrc/autograd/FunctionsManual.cpp clamp_backward (Scalar bounds) */
Tensor* clamp_backward(const Tensor* grad, const Tensor* self, OptionalScalar min, OptionalScalar max) {
  if (!min.has_value && !max.has_value) return Tensor_retain(grad);
  Tensor *zero = NULL, *lo = NULL, *hi = NULL, *both = NULL, *r = NULL;
  TRY((zero = at_scalar_tensor(Scalar_fromDouble(0.), some_dtype(grad->dtype), some_layout(Layout_Strided),
                               some_device(grad->device), kNoPinMemory)) != NULL);
  if (min.has_value && max.has_value) {
    TRY((lo = at_ge_Scalar(self, min.value)) != NULL);
    TRY((hi = at_le_Scalar(self, max.value)) != NULL);
    TRY((both = at_logical_and_(lo, hi)) != NULL);
    r = at_where_self(both, grad, zero);
  } else if (min.has_value) {
    TRY((lo = at_ge_Scalar(self, min.value)) != NULL);
    r = at_where_self(lo, grad, zero);
  } else {
    TRY((hi = at_le_Scalar(self, max.value)) != NULL);
    r = at_where_self(hi, grad, zero);
  }
fail:
  Tensor_release(zero);
  Tensor_release(lo);
  Tensor_release(hi);
  Tensor_release(both);
  return r;
}

/*
 * clamp with tensor bounds (clamp.Tensor), self's gradient: grad where
 * min <= self <= max (the bounds given), else 0.  1.13 combines the two
 * masks in place (logical_and_), out of place when an argument is
 * subclass-like (Note [Subclass-like paths under the trace]).
 * PyTorch 1.13: torch/csrc/autograd/FunctionsManual.cpp clamp_backward (Tensor bounds)
 */
Tensor* clamp_backward_Tensor(const Tensor* grad, const Tensor* self, const Tensor* min, const Tensor* max) {
  if (min == NULL && max == NULL) return Tensor_retain(grad);
  Tensor *zero = NULL, *lo = NULL, *hi = NULL, *both = NULL, *r = NULL;
  TRY((zero = at_scalar_tensor(Scalar_fromDouble(0.), some_dtype(grad->dtype), some_layout(Layout_Strided),
                               some_device(grad->device), kNoPinMemory)) != NULL);
  if (min != NULL && max != NULL) {
    TRY((lo = at_ge_Tensor(self, min)) != NULL);
    TRY((hi = at_le_Tensor(self, max)) != NULL);
    TRY((both = subclass_like() ? at_logical_and(lo, hi) : at_logical_and_(lo, hi)) != NULL);
    r = at_where_self(both, grad, zero);
  } else if (min != NULL) {
    TRY((lo = at_ge_Tensor(self, min)) != NULL);
    r = at_where_self(lo, grad, zero);
  } else {
    TRY((hi = at_le_Tensor(self, max)) != NULL);
    r = at_where_self(hi, grad, zero);
  }
fail:
  Tensor_release(zero);
  Tensor_release(lo);
  Tensor_release(hi);
  Tensor_release(both);
  return r;
}

/*
 * clamp.Tensor, the bounds' gradients (min, max): grad where self fell
 * below min (and min < max), resp. above max (or max < min: max wins
 * there), else 0; each only where grad_input_mask asks for it and the
 * bound was given.  A list of two, NULL where not computed.
 * PyTorch 1.13: torch/csrc/autograd/FunctionsManual.cpp clamp_backward_min_max
 */
TensorList clamp_backward_min_max(const Tensor* grad, const Tensor* self, const Tensor* min, const Tensor* max,
                                  const bool* grad_input_mask) {
  TensorList ret = list_new(2);
  if (ret.data == NULL || grad == NULL) return ret;
  Tensor** out = (Tensor**)ret.data;
  Tensor *zero = NULL, *a = NULL, *b = NULL, *pred = NULL;
  TRY((zero = at_scalar_tensor(Scalar_fromDouble(0.), some_dtype(grad->dtype), some_layout(Layout_Strided),
                               some_device(grad->device), kNoPinMemory)) != NULL);
  if (max != NULL && min != NULL) {
    if (grad_input_mask[0]) {
      TRY((a = at_lt_Tensor(self, min)) != NULL);
      TRY((b = at_lt_Tensor(min, max)) != NULL);
      TRY((pred = subclass_like() ? at_logical_and(a, b) : at_logical_and_(a, b)) != NULL);
      TRY((out[0] = at_where_self(pred, grad, zero)) != NULL);
      Tensor_release(a), Tensor_release(b), Tensor_release(pred);
      a = b = pred = NULL;
    }
    if (grad_input_mask[1]) {
      TRY((a = at_gt_Tensor(self, max)) != NULL);
      TRY((b = at_lt_Tensor(max, min)) != NULL);
      TRY((pred = subclass_like() ? at_logical_or(a, b) : at_logical_or_(a, b)) != NULL);
      TRY((out[1] = at_where_self(pred, grad, zero)) != NULL);
    }
  } else if (min != NULL && grad_input_mask[0]) {
    TRY((a = at_lt_Tensor(self, min)) != NULL);
    TRY((out[0] = at_where_self(a, grad, zero)) != NULL);
  } else if (max != NULL && grad_input_mask[1]) {
    TRY((a = at_gt_Tensor(self, max)) != NULL);
    TRY((out[1] = at_where_self(a, grad, zero)) != NULL);
  }
  Tensor_release(zero), Tensor_release(a), Tensor_release(b), Tensor_release(pred);
  return ret;
fail:
  Tensor_release(zero), Tensor_release(a), Tensor_release(b), Tensor_release(pred);
  return list_fail(ret);
}

/* atan2's gradients (self, other), of a defined grad: grad * other * recip
 * and grad * -self * recip, recip = 1 / (self * self + other * other), each
 * only where grad_input_mask asks for it, in 1.13's order of calls.
 * PyTorch 1.13: torch/csrc/autograd/FunctionsManual.cpp atan2_backward */
TensorList atan2_backward(const Tensor* grad, const Tensor* self, const Tensor* other, const bool* grad_input_mask) {
  TensorList ret = list_new(2);
  if (ret.data == NULL || grad == NULL) return ret;
  Tensor** out = (Tensor**)ret.data;
  Tensor *ss = NULL, *oo = NULL, *sum = NULL, *recip = NULL, *t = NULL, *neg = NULL;
  TRY((ss = at_mul_Tensor(self, self)) != NULL);
  TRY((oo = at_mul_Tensor(other, other)) != NULL);
  TRY((sum = at_add_Tensor(ss, oo, Scalar_fromLong(1))) != NULL);
  TRY((recip = at_reciprocal(sum)) != NULL);
  if (grad_input_mask[0]) {
    TRY((t = at_mul_Tensor(grad, other)) != NULL);
    TRY((out[0] = at_mul_Tensor(t, recip)) != NULL);
    Tensor_release(t);
    t = NULL;
  }
  if (grad_input_mask[1]) {
    TRY((neg = at_neg(self)) != NULL);
    TRY((t = at_mul_Tensor(grad, neg)) != NULL);
    TRY((out[1] = at_mul_Tensor(t, recip)) != NULL);
  }
  Tensor_release(ss), Tensor_release(oo), Tensor_release(sum), Tensor_release(recip), Tensor_release(t);
  Tensor_release(neg);
  return ret;
fail:
  Tensor_release(ss), Tensor_release(oo), Tensor_release(sum), Tensor_release(recip), Tensor_release(t);
  Tensor_release(neg);
  return list_fail(ret);
}

/* polar's gradients (abs, angle), of a defined grad: real(grad.conj() *
 * sgn(result)) and real(grad.conj() * (result * i)), in the trace's order.
 * PyTorch 1.13: torch/csrc/autograd/FunctionsManual.cpp polar_backward */
TensorList polar_backward(const Tensor* grad, const Tensor* result) {
  TensorList ret = list_new(2);
  if (ret.data == NULL || grad == NULL) return ret;
  Tensor** out = (Tensor**)ret.data;
  Tensor *grad_conj = NULL, *sgn = NULL, *prod = NULL, *rotated = NULL;
  TRY((grad_conj = Tensor_conj(grad)) != NULL);
  TRY((sgn = at_sgn(result)) != NULL);
  TRY((prod = at_mul_Tensor(grad_conj, sgn)) != NULL);
  TRY((out[0] = at_real(prod)) != NULL);
  Tensor_release(prod), prod = NULL;
  TRY((rotated = at_mul_Scalar(result, Scalar_fromComplex(0.0, 1.0))) != NULL);
  TRY((prod = at_mul_Tensor(grad_conj, rotated)) != NULL);
  TRY((out[1] = at_real(prod)) != NULL);
  Tensor_release(grad_conj), Tensor_release(sgn), Tensor_release(prod), Tensor_release(rotated);
  return ret;
fail:
  Tensor_release(grad_conj), Tensor_release(sgn), Tensor_release(prod), Tensor_release(rotated);
  return list_fail(ret);
}

/* sgn's gradient: for a complex x, ((gx - (sgn * sgn) * gx.conj()) / (2 * |x|))
 * with 0 where |x| == 0, in the trace's order (abs, mul.Scalar, _conj, mul,
 * mul, sub, div, eq.Scalar, masked_fill_); for a real x, zeros of sgn's
 * sizes and options (_efficientzerotensor).
 * PyTorch 1.13: torch/csrc/autograd/FunctionsManual.cpp sgn_backward */
Tensor* sgn_backward(const Tensor* x, const Tensor* gx, const Tensor* sgn) {
  if (!ScalarType_isComplex(x->dtype))
    return at__efficientzerotensor(Tensor_sizes(sgn), some_dtype(sgn->dtype), some_layout(Layout_Strided),
                                   some_device(sgn->device), kNoPinMemory);
  Tensor *abs = NULL, *abs2 = NULL, *gx_conj = NULL, *sq = NULL, *prod = NULL, *diff = NULL, *quot = NULL,
         *zero = NULL, *r = NULL;
  TRY((abs = at_abs(x)) != NULL);
  TRY((abs2 = at_mul_Scalar(abs, Scalar_fromDouble(2.))) != NULL);
  TRY((gx_conj = Tensor_conj(gx)) != NULL);
  TRY((sq = at_mul_Tensor(sgn, sgn)) != NULL);
  TRY((prod = at_mul_Tensor(sq, gx_conj)) != NULL);
  TRY((diff = at_sub_Tensor(gx, prod, Scalar_fromLong(1))) != NULL);
  TRY((quot = at_div_Tensor(diff, abs2)) != NULL);
  TRY((zero = at_eq_Scalar(abs, Scalar_fromDouble(0.))) != NULL);
  r = at_masked_fill__Scalar(quot, zero, Scalar_fromDouble(0.));
fail:
  Tensor_release(abs), Tensor_release(abs2), Tensor_release(gx_conj), Tensor_release(sq);
  Tensor_release(prod), Tensor_release(diff), Tensor_release(quot), Tensor_release(zero);
  return r;
}

/* angle's gradient: for a complex self, where(self == 0, 0, grad * self /
 * |self|^2 * i), the third operand first (abs, pow, mul, div, mul.Scalar,
 * zeros, eq.Scalar, where.self); for a real self, zeros like it.
 * PyTorch 1.13: torch/csrc/autograd/FunctionsManual.cpp angle_backward */
Tensor* angle_backward(const Tensor* grad, const Tensor* self) {
  if (!ScalarType_isComplex(self->dtype))
    return at_zeros_like(self, kNoDtype, kNoLayout, kNoDevice, kNoPinMemory,
                         (OptionalMemoryFormat){true, MemoryFormat_Preserve});
  Tensor *abs = NULL, *sq = NULL, *prod = NULL, *quot = NULL, *rotated = NULL, *zeros = NULL, *is_zero = NULL,
         *r = NULL;
  TRY((abs = at_abs(self)) != NULL);
  TRY((sq = at_pow_Tensor_Scalar(abs, Scalar_fromLong(2))) != NULL);
  TRY((prod = at_mul_Tensor(grad, self)) != NULL);
  TRY((quot = at_div_Tensor(prod, sq)) != NULL);
  TRY((rotated = at_mul_Scalar(quot, Scalar_fromComplex(0.0, 1.0))) != NULL);
  TRY((zeros = at_zeros(IntArrayRef_make(NULL, 0), some_dtype(self->dtype), some_layout(Layout_Strided),
                        some_device(self->device), kNoPinMemory)) != NULL);
  TRY((is_zero = at_eq_Scalar(self, Scalar_fromDouble(0.0))) != NULL);
  r = at_where_self(is_zero, zeros, rotated);
fail:
  Tensor_release(abs), Tensor_release(sq), Tensor_release(prod), Tensor_release(quot);
  Tensor_release(rotated), Tensor_release(zeros), Tensor_release(is_zero);
  return r;
}

/* ---- reductions -------------------------------------------------------------------- */

/* t with a size-1 dimension inserted at each reduced dimension of an
 * n_dims-dimensional input (all of them for no dims); one unsqueeze for one
 * dim, t itself for none.
 * PyTorch 1.13: torch/csrc/autograd/FunctionsManual.cpp unsqueeze_multiple */
Tensor* unsqueeze_multiple(const Tensor* t, OptionalIntArrayRef opt_dim, size_t n_dims) {
  if (opt_dim.has_value) {
    if (opt_dim.value.size == 0) return Tensor_retain(t);
    if (opt_dim.value.size == 1) return at_unsqueeze(t, opt_dim.value.data[0]);
  }
  bool mask[MINATEN_MAX_DIM] = {false};
  if (!opt_dim.has_value) {
    for (size_t i = 0; i < n_dims; i++) mask[i] = true;
  } else {
    /* PyTorch 1.13: aten/src/ATen/WrapDimUtilsMulti.h dim_list_to_bitset */
    for (size_t i = 0; i < opt_dim.value.size; i++) {
      int64_t d = maybe_wrap_dim(opt_dim.value.data[i], (int64_t)n_dims, true);
      if (d < 0) return NULL;
      TORCH_CHECK(!mask[d], "dim %lld appears multiple times in the list of dims", (long long)d);
      mask[d] = true;
    }
  }
  Tensor* res = Tensor_retain(t);
  for (size_t i = 0; i < n_dims; i++)
    if (mask[i] && !replace(&res, at_unsqueeze(res, (int64_t)i))) return NULL;
  return res;
fail:
  return NULL;
}

/* PyTorch 1.13: torch/csrc/autograd/FunctionsManual.cpp sum_backward */
Tensor* sum_backward(const Tensor* grad, IntArrayRef sizes, OptionalIntArrayRef dims, bool keepdim) {
  if (!keepdim && sizes.size > 0 && dims.has_value && dims.value.size > 0) {
    Tensor* u = unsqueeze_multiple(grad, dims, sizes.size);
    if (u == NULL) return NULL;
    Tensor* r = at_expand(u, sizes, false);
    Tensor_release(u);
    return r;
  }
  return at_expand(grad, sizes, false);
}

/* sum_backward divided by the number of elements averaged (div.Scalar).
 * PyTorch 1.13: torch/csrc/autograd/FunctionsManual.cpp mean_backward, _safe_size */
Tensor* mean_backward(const Tensor* grad, IntArrayRef shape, OptionalIntArrayRef opt_dim, int64_t numel, bool keepdim) {
  bool is_all_reduce = !opt_dim.has_value || opt_dim.value.size == 0;
  int64_t n = numel;
  if (!is_all_reduce) {
    n = 1;
    for (size_t i = 0; shape.size > 0 && i < opt_dim.value.size; i++) {
      int64_t d = maybe_wrap_dim(opt_dim.value.data[i], (int64_t)shape.size, true);
      if (d < 0) return NULL;
      n *= shape.data[d];
    }
  }
  Tensor* s = sum_backward(grad, shape, opt_dim, keepdim);
  if (s == NULL) return NULL;
  Tensor* r = at_div_Scalar(s, Scalar_fromLong(n));
  Tensor_release(s);
  return r;
}

/* inp's elements along dim, reversed: index_select with arange(n-1, -1, -1).
 * PyTorch 1.13: torch/csrc/autograd/FunctionsManual.cpp reverse_dim */
static Tensor* reverse_dim(const Tensor* t, int64_t dim) {
  Tensor* index = at_arange_start_step(Scalar_fromLong(t->sizes[dim] - 1), Scalar_fromLong(-1), Scalar_fromLong(-1),
                                       some_dtype(ScalarType_Long), some_layout(Layout_Strided),
                                       some_device(t->device), kNoPinMemory);
  if (index == NULL) return NULL;
  Tensor* r = at_index_select(t, dim, index);
  Tensor_release(index);
  return r;
}

/*
 * The gradient of a product along dim that stays right when inp has zeros:
 * each element's gradient is grad times the product of the elements before
 * it (an exclusive cumprod) times the product of those after it (the same,
 * reversed), with no division.
 * PyTorch 1.13: torch/csrc/autograd/FunctionsManual.cpp prod_safe_zeros_backward
 */
static Tensor* prod_safe_zeros_backward(const Tensor* grad, const Tensor* inp, int64_t dim) {
  if (inp->numel == 0) return at_expand(grad, Tensor_sizes(inp), false);
  int64_t ones_size[MINATEN_MAX_DIM];
  for (int64_t i = 0; i < inp->dim; i++) ones_size[i] = i == dim ? 1 : inp->sizes[i];
  int64_t len = inp->sizes[dim];
  Tensor *ones = NULL, *head = NULL, *normal = NULL, *tail = NULL, *rtail = NULL, *rev = NULL, *revc = NULL,
         *reverse = NULL, *prod = NULL, *r = NULL;
  Tensor* pair[2];
  TRY((ones = at_ones(IntArrayRef_make(ones_size, (size_t)inp->dim), some_dtype(grad->dtype),
                      some_layout(Layout_Strided), some_device(grad->device), kNoPinMemory)) != NULL);
  TRY((head = at_narrow(inp, dim, 0, len - 1)) != NULL);
  pair[0] = ones, pair[1] = head;
  TRY((normal = at_cat((TensorList){pair, 2}, dim)) != NULL);
  TRY(replace(&normal, at_cumprod(normal, dim, kNoDtype)));
  TRY((tail = at_narrow(inp, dim, 1, len - 1)) != NULL);
  TRY((rtail = reverse_dim(tail, dim)) != NULL);
  pair[1] = rtail;
  TRY((rev = at_cat((TensorList){pair, 2}, dim)) != NULL);
  TRY((revc = at_cumprod(rev, dim, kNoDtype)) != NULL);
  TRY((reverse = reverse_dim(revc, dim)) != NULL);
  TRY((prod = at_mul_Tensor(normal, reverse)) != NULL);
  r = at_mul_Tensor(grad, prod);
fail:
  Tensor_release(ones);
  Tensor_release(head);
  Tensor_release(normal);
  Tensor_release(tail);
  Tensor_release(rtail);
  Tensor_release(rev);
  Tensor_release(revc);
  Tensor_release(reverse);
  Tensor_release(prod);
  return r;
}

/* The number of zero elements of t: the rows of (t == 0).nonzero(). */
static int64_t count_zeros(const Tensor* t) {
  Tensor* z = at_eq_Scalar(t, Scalar_fromLong(0));
  if (z == NULL) return -1;
  Tensor* idx = at_nonzero(z);
  Tensor_release(z);
  if (idx == NULL) return -1;
  int64_t n = idx->sizes[0];
  Tensor_release(idx);
  return n;
}

/*
 * The gradient of prod(): result / input where no element is 0; where one
 * is, the safe path over the flattened input; where several are, zeros.
 * Under the trace, always the safe path (Note [Subclass-like paths under
 * the trace]): view, ones, slice, cat, cumprod, ..., mul, mul, view.
 * The zeros are counted with eq.Scalar and nonzero (untraced: the trace
 * takes the safe path).
 * PyTorch 1.13: torch/csrc/autograd/FunctionsManual.cpp prod_backward
 */
Tensor* prod_backward(const Tensor* grad, const Tensor* input, const Tensor* result) {
  if (input->dim == 0) return Tensor_retain(grad);
  int64_t zeros = 1;
  Tensor *c = NULL, *flat = NULL, *g = NULL, *r = NULL;
  if (!subclass_like()) {
    TRY((zeros = count_zeros(input)) >= 0);
    if (zeros == 0) {
      Tensor* q = at_div_Tensor(result, input);
      if (q == NULL) return NULL;
      Tensor* r = at_mul_Tensor(grad, q);
      Tensor_release(q);
      return r;
    }
    if (zeros > 1) {
      OptionalMemoryFormat contiguous = {true, MemoryFormat_Contiguous};
      return at_zeros_like(input, kNoDtype, kNoLayout, kNoDevice, kNoPinMemory, contiguous);
    }
  }
  int64_t minus_one = -1;
  TRY((c = at_contiguous(input, MemoryFormat_Contiguous)) != NULL);
  TRY((flat = at_view(c, IntArrayRef_make(&minus_one, 1))) != NULL);
  TRY((g = prod_safe_zeros_backward(grad, flat, 0)) != NULL);
  r = at_view_as(g, input);
fail:
  Tensor_release(c);
  Tensor_release(flat);
  Tensor_release(g);
  return r;
}

/*
 * The gradient of prod(dim): grad and result unsqueezed at dim (unless
 * keepdim), then grad * result / input where no element is 0, else the
 * safe path along dim; under the trace always the safe path.
 * PyTorch 1.13: torch/csrc/autograd/FunctionsManual.cpp prod_backward (dim)
 */
Tensor* prod_backward_dim(const Tensor* grad, const Tensor* input, const Tensor* result, int64_t dim, bool keepdim) {
  if (input->dim == 0) return Tensor_retain(grad);
  Tensor *g = NULL, *res = NULL, *q = NULL, *r = NULL;
  int64_t d = maybe_wrap_dim(dim, input->dim, true);
  TRY(d >= 0);
  if (!keepdim) {
    TRY((g = at_unsqueeze(grad, d)) != NULL);
    TRY((res = at_unsqueeze(result, d)) != NULL);
  } else {
    g = Tensor_retain(grad);
    res = Tensor_retain(result);
  }
  if (!subclass_like()) {
    int64_t zeros = count_zeros(input);
    TRY(zeros >= 0);
    if (zeros == 0) {
      TRY((q = at_div_Tensor(res, input)) != NULL);
      r = at_mul_Tensor(g, q);
      goto fail;
    }
  }
  r = prod_safe_zeros_backward(g, input, d);
fail:
  Tensor_release(g);
  Tensor_release(res);
  Tensor_release(q);
  return r;
}

/* output reshaped with a size-1 dimension at each reduced dim (output
 * itself with keepdim): the reshape's route shows in the trace.
 * PyTorch 1.13: torch/csrc/autograd/FunctionsManual.cpp restore_reduced_dims */
Tensor* restore_reduced_dims(const Tensor* output, IntArrayRef dims, bool keepdim) {
  if (keepdim) return Tensor_retain(output);
  int64_t total = output->dim + (int64_t)dims.size;
  int64_t shape[MINATEN_MAX_DIM] = {0};
  TORCH_CHECK(total <= MINATEN_MAX_DIM, "too many dimensions");
  for (size_t k = 0; k < dims.size; k++) {
    int64_t i = dims.data[k];
    if (i < 0) i += total;
    TORCH_CHECK(i >= 0 && i < total, "restore_reduced_dims: dim out of range");
    shape[i] = 1;
  }
  int64_t j = 0;
  for (int64_t k = 0; k < output->dim; k++) {
    while (shape[j] > 0) j++;
    shape[j++] = output->sizes[k];
  }
  return at_reshape(output, IntArrayRef_make(shape, (size_t)total));
fail:
  return NULL;
}

/* (grad / mask.sum(dims, keepdim=True)) * mask: the gradient shared among
 * the elements that reached the extreme value.
 * PyTorch 1.13: torch/csrc/autograd/FunctionsManual.cpp scale_grad_by_count */
Tensor* scale_grad_by_count(const Tensor* grad, const Tensor* mask, IntArrayRef dims) {
  OptionalIntArrayRef d = {true, dims};
  Tensor *count = NULL, *q = NULL, *r = NULL;
  TRY((count = at_sum_dim_IntList(mask, d, true, kNoDtype)) != NULL);
  TRY((q = at_div_Tensor(grad, count)) != NULL);
  r = at_mul_Tensor(q, mask);
fail:
  Tensor_release(count);
  Tensor_release(q);
  return r;
}

/* zeros of the input's sizes with grad scattered to the selected indices
 * (grad and indices unsqueezed at dim first, unless keepdim): unsqueeze,
 * unsqueeze, zeros, scatter.src.
 * NB(minaten): 1.13 is an ATen operator of its own here
 * (value_selecting_reduction_backward, CompositeImplicitAutograd, so never
 * traced); off the trace it scatters in place (scatter_.src), but under
 * grad mode, as index_select_backward.
 * PyTorch 1.13: aten/src/ATen/native/ReduceOps.cpp value_selecting_reduction_backward_symint */
Tensor* value_selecting_reduction_backward(const Tensor* grad, int64_t dim, const Tensor* indices, IntArrayRef sizes,
                                           bool keepdim) {
  Tensor *g = NULL, *idx = NULL, *z = NULL, *r = NULL;
  if (!keepdim && sizes.size > 0) {
    TRY((g = at_unsqueeze(grad, dim)) != NULL);
    TRY((idx = at_unsqueeze(indices, dim)) != NULL);
  } else {
    g = Tensor_retain(grad);
    idx = Tensor_retain(indices);
  }
  TRY((z = zeros_like_options(sizes, grad)) != NULL);
  r = subclass_like() || GradMode_is_enabled() ? at_scatter_src(z, dim, idx, g) : at_scatter__src(z, dim, idx, g);
fail:
  Tensor_release(g);
  Tensor_release(idx);
  Tensor_release(z);
  return r;
}

/*
 * The gradient of max()/min() (all elements): shared evenly among the
 * elements equal to the result (NaN counting as equal to a NaN result).
 * Under the trace, 1.13's composite path: isnan, isnan, logical_and,
 * eq.Tensor, logical_or_, sum, div.Tensor, mul.Tensor; off it, a mask
 * (isnan(input) for a NaN value, else input == value) and new_zeros(...)
 * .masked_fill_(mask, grad / mask.sum()).
 * PyTorch 1.13: torch/csrc/autograd/FunctionsManual.cpp evenly_distribute_backward
 */
Tensor* evenly_distribute_backward(const Tensor* grad, const Tensor* input, const Tensor* value) {
  Tensor *in_nan = NULL, *val_nan = NULL, *both = NULL, *eq = NULL, *mask = NULL, *cnt = NULL, *q = NULL, *z = NULL,
         *r = NULL;
  if (subclass_like()) {
    TRY((in_nan = at_isnan(input)) != NULL);
    TRY((val_nan = at_isnan(value)) != NULL);
    TRY((both = at_logical_and(in_nan, val_nan)) != NULL);
    TRY((eq = at_eq_Tensor(input, value)) != NULL);
    TRY((mask = at_logical_or_(eq, both)) != NULL);
    TRY((cnt = at_sum(mask, kNoDtype)) != NULL);
    TRY((q = at_div_Tensor(grad, cnt)) != NULL);
    r = at_mul_Tensor(mask, q);
  } else {
    TRY((val_nan = at_isnan(value)) != NULL);
    bool value_is_nan = load_int(val_nan->dtype, Tensor_data(val_nan)) != 0;
    TRY((mask = value_is_nan ? at_isnan(input) : at_eq_Tensor(input, value)) != NULL);
    TRY((z = at_new_zeros(grad, Tensor_sizes(input), some_dtype(input->dtype), some_layout(Layout_Strided),
                          some_device(input->device), kNoPinMemory)) != NULL);
    TRY((cnt = at_sum(mask, kNoDtype)) != NULL);
    TRY((q = at_div_Tensor(grad, cnt)) != NULL);
    r = at_masked_fill__Tensor(z, mask, q);
  }
fail:
  Tensor_release(in_nan);
  Tensor_release(val_nan);
  Tensor_release(both);
  Tensor_release(eq);
  Tensor_release(mask);
  Tensor_release(cnt);
  Tensor_release(q);
  Tensor_release(z);
  return r;
}

/* grad itself for one element or a dim of size 1, else the reversed
 * cumulative sum: flip, cumsum, flip.
 * PyTorch 1.13: torch/csrc/autograd/FunctionsManual.cpp cumsum_backward, reversed_cumsum */
Tensor* cumsum_backward(const Tensor* grad, int64_t dim) {
  if (grad->numel <= 1) return Tensor_retain(grad);
  int64_t d = maybe_wrap_dim(dim, grad->dim, true);
  if (d < 0) return NULL;
  if (grad->sizes[d] == 1) return Tensor_retain(grad);
  Tensor *f = NULL, *c = NULL, *r = NULL;
  TRY((f = at_flip(grad, IntArrayRef_make(&d, 1))) != NULL);
  TRY((c = at_cumsum(f, d, kNoDtype)) != NULL);
  r = at_flip(c, IntArrayRef_make(&d, 1));
fail:
  Tensor_release(f);
  Tensor_release(c);
  return r;
}

/*
 * The gradient of cumprod along dim; grad itself for one element or a dim
 * of size 1.  w = output * grad and input == 0 first; then, where no input
 * is 0, the reversed cumulative sum of w divided by the input (flip,
 * cumsum, flip, div); else, and always while the trace is on (Note
 * [Subclass-like paths under the trace]), 1.13's O(n^2) loop: for each k,
 * the product of the inputs before k times the cumulative products after
 * it (ones, expand, then slice, cumprod, cat / slice, prod, ...), times
 * grad from k on, summed (slice, mul, sum), the k sums stacked.
 * NB(minaten): with zeros and grad mode off, 1.13 takes an O(n) path of
 * masked_scatter_, masked_select, max.dim and gather, which minaten does
 * not write; it takes the loop, which 1.13 takes under grad mode (the same
 * values).
 * PyTorch 1.13: torch/csrc/autograd/FunctionsManual.cpp cumprod_backward
 */
Tensor* cumprod_backward(const Tensor* grad, const Tensor* input, int64_t dim, const Tensor* output) {
  if (input->numel <= 1) return Tensor_retain(grad);
  int64_t d = maybe_wrap_dim(dim, input->dim, true);
  if (d < 0) return NULL;
  int64_t dim_size = input->dim ? input->sizes[d] : 1;
  if (dim_size == 1) return Tensor_retain(grad);
  Tensor *w = NULL, *is_zero = NULL, *any = NULL, *f = NULL, *c = NULL, *rc = NULL, *r = NULL;
  Tensor *ones1 = NULL, *ones = NULL, **items = NULL;
  Tensor *slice = NULL, *until = NULL, *from = NULL, *expanded = NULL, *prod = NULL, *omitted = NULL,
         *gslice = NULL, *m = NULL;
  TRY((w = at_mul_Tensor(output, grad)) != NULL);
  TRY((is_zero = at_eq_Scalar(input, Scalar_fromLong(0))) != NULL);
  if (!subclass_like()) {
    TRY((any = at_any(is_zero)) != NULL);
    if (load_int(any->dtype, Tensor_data(any)) == 0) {
      TRY((f = at_flip(w, IntArrayRef_make(&d, 1))) != NULL);
      TRY((c = at_cumsum(f, d, kNoDtype)) != NULL);
      TRY((rc = at_flip(c, IntArrayRef_make(&d, 1))) != NULL);
      r = at_div_Tensor(rc, input);
      goto fail;
    }
  }
  items = calloc((size_t)dim_size, sizeof *items);
  TORCH_CHECK(items != NULL, "cumprod_backward: out of memory");
  int64_t ones_size[MINATEN_MAX_DIM], one = 1;
  for (int64_t i = 0; i < input->dim; i++) ones_size[i] = i == d ? 1 : input->sizes[i];
  TRY((ones1 = at_ones(IntArrayRef_make(&one, 1), some_dtype(grad->dtype), some_layout(Layout_Strided),
                       some_device(grad->device), kNoPinMemory)) != NULL);
  TRY((ones = at_expand(ones1, IntArrayRef_make(ones_size, (size_t)input->dim), false)) != NULL);
  for (int64_t k = 0; k < dim_size; k++) {
    OptionalInt start = {true, k + 1}, zero = {true, 0}, upto = {true, k}, none = {false, 0};
    if (k == 0) {
      TRY((slice = at_slice_Tensor(input, d, start, none, 1)) != NULL);
      TRY((from = at_cumprod(slice, d, kNoDtype)) != NULL);
      Tensor* pair[2] = {ones, from};
      TRY((omitted = at_cat((TensorList){pair, 2}, d)) != NULL);
    } else if (k == dim_size - 1) {
      TRY((slice = at_slice_Tensor(input, d, zero, upto, 1)) != NULL);
      TRY((omitted = at_prod_dim_int(slice, d, true, kNoDtype)) != NULL);
    } else {
      TRY((slice = at_slice_Tensor(input, d, zero, upto, 1)) != NULL);
      TRY((until = at_prod_dim_int(slice, d, true, kNoDtype)) != NULL);
      TRY(replace(&slice, at_slice_Tensor(input, d, start, none, 1)));
      TRY((from = at_cumprod(slice, d, kNoDtype)) != NULL);
      TRY((expanded = at_expand_as(until, from)) != NULL);
      TRY((prod = at_mul_Tensor(expanded, from)) != NULL);
      Tensor* pair[2] = {until, prod};
      TRY((omitted = at_cat((TensorList){pair, 2}, d)) != NULL);
    }
    OptionalInt at_k = {true, k};
    TRY((gslice = at_slice_Tensor(grad, d, at_k, none, 1)) != NULL);
    TRY((m = at_mul_Tensor(gslice, omitted)) != NULL);
    OptionalIntArrayRef sum_dim = {true, IntArrayRef_make(&d, 1)};
    TRY((items[k] = at_sum_dim_IntList(m, sum_dim, false, kNoDtype)) != NULL);
    Tensor* done[] = {slice, until, from, expanded, prod, omitted, gslice, m};
    for (size_t i = 0; i < sizeof done / sizeof done[0]; i++) Tensor_release(done[i]);
    slice = until = from = expanded = prod = omitted = gslice = m = NULL;
  }
  r = at_stack((TensorList){items, (size_t)dim_size}, d);
fail:;
  Tensor* owned[] = {w, is_zero, any, f, c, rc, ones1, ones, slice, until, from, expanded, prod, omitted, gslice, m};
  for (size_t i = 0; i < sizeof owned / sizeof owned[0]; i++) Tensor_release(owned[i]);
  for (int64_t k = 0; items != NULL && k < dim_size; k++) Tensor_release(items[k]);
  free(items);
  return r;
}

/* PyTorch 1.13: torch/csrc/autograd/functions/utils.h TypeAndSize::zeros */
Tensor* TypeAndSize_zeros(IntArrayRef sizes, TensorOptions options) {
  return at_zeros(sizes, some_dtype(options.dtype), some_layout(options.layout), some_device(options.device),
                  kNoPinMemory);
}

/* ---- take, masked_select, masked_scatter ------------------------------------------ */

/* zeros like self with grad summed in at the flat indices: put_ with
 * accumulate (1.13 takes the out-of-place put only when self is not
 * subclass-like but grad or index is, which never happens under the trace).
 * NB(minaten): out of place under grad mode, as index_select_backward.
 * PyTorch 1.13: torch/csrc/autograd/FunctionsManual.cpp take_backward */
Tensor* take_backward(const Tensor* grad, const Tensor* self, const Tensor* indices) {
  Tensor* z = at_zeros_like(self, kNoDtype, kNoLayout, kNoDevice, kNoPinMemory, (OptionalMemoryFormat){false, 0});
  if (z == NULL) return NULL;
  Tensor* r = GradMode_is_enabled() ? at_put(z, indices, grad, true) : at_put_(z, indices, grad, true);
  Tensor_release(z);
  return r;
}

/* zeros of self and mask's broadcast shape (zeros_like of self expanded,
 * in its layout) with grad's elements where mask is set: masked_scatter,
 * in place (masked_scatter_) but while the trace is on.
 * NB(minaten): 1.13 is an ATen operator of its own here
 * (masked_select_backward, CompositeImplicitAutograd, never traced); out of
 * place under grad mode, as index_select_backward.
 * PyTorch 1.13: aten/src/ATen/native/TensorAdvancedIndexing.cpp masked_select_backward */
Tensor* masked_select_backward(const Tensor* grad, const Tensor* input, const Tensor* mask) {
  Tensor *expanded = NULL, *z = NULL, *r = NULL;
  int64_t shape[MINATEN_MAX_DIM];
  size_t ndim;
  TRY(broadcast_shape(Tensor_sizes(input), Tensor_sizes(mask), shape, &ndim) == 0);
  TRY((expanded = at_expand(input, IntArrayRef_make(shape, ndim), false)) != NULL);
  TRY((z = at_zeros_like(expanded, kNoDtype, kNoLayout, kNoDevice, kNoPinMemory,
                         (OptionalMemoryFormat){true, MemoryFormat_Preserve})) != NULL);
  r = subclass_like() || GradMode_is_enabled() ? at_masked_scatter(z, mask, grad) : at_masked_scatter_(z, mask, grad);
fail:
  Tensor_release(expanded);
  Tensor_release(z);
  return r;
}

/* grad's elements where mask is set, padded with zeros to the source's
 * numel, viewed in the source's sizes.
 * PyTorch 1.13: torch/csrc/autograd/FunctionsManual.cpp masked_scatter_backward */
Tensor* masked_scatter_backward(const Tensor* grad, const Tensor* mask, IntArrayRef sizes) {
  Tensor *selected = NULL, *zeros = NULL, *joined = NULL, *r = NULL;
  int64_t numel = 1;
  for (size_t i = 0; i < sizes.size; i++) numel *= sizes.data[i];
  TRY((selected = at_masked_select(grad, mask)) != NULL);
  int64_t diff = numel - selected->numel;
  if (diff > 0) {
    TRY((zeros = at_zeros(IntArrayRef_make(&diff, 1), some_dtype(grad->dtype), some_layout(Layout_Strided),
                          some_device(grad->device), kNoPinMemory)) != NULL);
    Tensor* both[2] = {selected, zeros};
    TRY((joined = at_cat((TensorList){both, 2}, 0)) != NULL);
  }
  r = at_view(joined != NULL ? joined : selected, sizes);
fail:
  Tensor_release(selected);
  Tensor_release(zeros);
  Tensor_release(joined);
  return r;
}

/* ---- joining, splitting, linear algebra ----------------------------------------- */

/* ---- indexing along one dimension ------------------------------------------------ */

/* zeros of self's sizes (grad.new_zeros) with grad added at index along dim:
 * index_add, in place (index_add_) but while the trace is on (Note
 * [Subclass-like paths under the trace]).
 * NB(minaten): 1.13 is an ATen operator of its own here
 * (index_select_backward, CompositeImplicitAutograd, never traced); and
 * minaten's in-place operators record no autograd history, so under grad
 * mode (create_graph=True) it adds out of place too: the same values and
 * the same IndexAddBackward0 node.
 * PyTorch 1.13: aten/src/ATen/native/TensorAdvancedIndexing.cpp index_select_backward */
Tensor* index_select_backward(const Tensor* grad, IntArrayRef self_sizes, int64_t dim, const Tensor* index) {
  Tensor* z = at_new_zeros(grad, self_sizes, some_dtype(grad->dtype), some_layout(Layout_Strided),
                           some_device(grad->device), kNoPinMemory);
  if (z == NULL) return NULL;
  Tensor* r = subclass_like() || GradMode_is_enabled() ? at_index_add(z, dim, index, grad, Scalar_fromLong(1))
                                                      : at_index_add_(z, dim, index, grad, Scalar_fromLong(1));
  Tensor_release(z);
  return r;
}

/* zeros of self's sizes (grad.new_zeros) with grad summed in at index along
 * dim: scatter_add, in place (scatter_add_) but while the trace is on.
 * NB(minaten): 1.13 is an ATen operator of its own here (gather_backward,
 * CompositeImplicitAutograd); out of place under grad mode, as
 * index_select_backward; sparse_grad (a sparse gradient) is refused:
 * minaten has no sparse tensors.
 * PyTorch 1.13: aten/src/ATen/native/TensorAdvancedIndexing.cpp gather_backward */
Tensor* gather_backward(const Tensor* grad, const Tensor* self, int64_t dim, const Tensor* index, bool sparse_grad) {
  TORCH_CHECK(!sparse_grad, "gather(): sparse_grad=True is not supported: minaten has no sparse tensors");
  Tensor* z = at_new_zeros(grad, Tensor_sizes(self), kNoDtype, kNoLayout, kNoDevice, kNoPinMemory);
  if (z == NULL) return NULL;
  Tensor* r = subclass_like() || GradMode_is_enabled() ? at_scatter_add(z, dim, index, grad)
                                                      : at_scatter_add_(z, dim, index, grad);
  Tensor_release(z);
  return r;
fail:
  return NULL;
}

/* Each input's slice of grad along dim (narrow: slice.Tensor); an input
 * that was the legacy empty [0] gets zeros([0]).  An undefined grad gives
 * a list of undefined (NULL) gradients.
 * PyTorch 1.13: torch/csrc/autograd/FunctionsManual.cpp cat_tensors_backward */
TensorList cat_tensors_backward(const Tensor* grad, SizesList sizes, ScalarTypeList dtypes, int64_t dim) {
  (void)dtypes;
  TensorList out = list_new(sizes.size);
  if (out.data == NULL || grad == NULL) return out;
  Tensor** items = (Tensor**)out.data;
  /* PyTorch 1.13: aten/src/ATen/WrapDimUtils.h legacy_cat_wrap_dim */
  int64_t d = dim;
  for (size_t i = 0; i < sizes.size; i++) {
    if (sizes.items[i].size == 1 && sizes.items[i].data[0] == 0) continue;
    d = maybe_wrap_dim(dim, (int64_t)sizes.items[i].size, true);
    TRY(d >= 0);
    break;
  }
  int64_t accumulate = 0;
  for (size_t i = 0; i < sizes.size; i++) {
    IntArrayRef shape = sizes.items[i];
    if (shape.size == 1 && shape.data[0] == 0) {
      int64_t zero = 0;
      TRY((items[i] = zeros_like_options(IntArrayRef_make(&zero, 1), grad)) != NULL);
      continue;
    }
    int64_t size = shape.data[d];
    accumulate += size;
    TRY((items[i] = at_narrow(grad, d, accumulate - size, size)) != NULL);
  }
  return out;
fail:
  return list_fail(out);
}

/* grad.select(dim, i) for each stacked input (select.int).
 * PyTorch 1.13: torch/csrc/autograd/FunctionsManual.cpp stack_tensors_backward */
TensorList stack_tensors_backward(const Tensor* grad, int64_t dim, ScalarTypeList dtypes) {
  TensorList out = list_new(dtypes.size);
  if (out.data == NULL || grad == NULL) return out;
  Tensor** items = (Tensor**)out.data;
  for (size_t i = 0; i < dtypes.size; i++) TRY((items[i] = at_select_int(grad, dim, (int64_t)i)) != NULL);
  return out;
fail:
  return list_fail(out);
}

/* A 2-d strided layout with strides (1, rows): column-major, as a
 * transposed matrix is.  mm's backward then computes the transposed
 * product, so that the gradient comes out in the same layout.
 * PyTorch 1.13: torch/csrc/autograd/FunctionsManual.cpp mm_mat1_backward,
 * mm_mat2_backward (the `strides[0] == 1 && strides[1] == sizes[0]` test) */
static bool is_column_major(IntArrayRef sizes, IntArrayRef strides, Layout layout) {
  return layout == Layout_Strided && strides.size == 2 && sizes.size == 2 && strides.data[0] == 1 &&
         strides.data[1] == sizes.data[0];
}

/* grad @ mat2.t() (t, mm), or (mat2 @ grad.t()).t() when mat1 was
 * column-major; times alpha (maybe_multiply).
 * PyTorch 1.13: torch/csrc/autograd/FunctionsManual.cpp mm_mat1_backward */
Tensor* mm_mat1_backward(const Tensor* grad, const Tensor* mat2, IntArrayRef mat1_sizes, IntArrayRef mat1_strides,
                         Layout mat1_layout, Scalar alpha) {
  Tensor *a = NULL, *b = NULL, *c = NULL, *r = NULL;
  if (is_column_major(mat1_sizes, mat1_strides, mat1_layout)) {
    TRY((a = at_t(grad)) != NULL);
    TRY((b = at_mm(mat2, a)) != NULL);
    TRY((c = at_t(b)) != NULL);
  } else {
    TRY((a = at_t(mat2)) != NULL);
    TRY((c = at_mm(grad, a)) != NULL);
  }
  r = maybe_multiply(c, alpha);
fail:
  Tensor_release(a);
  Tensor_release(b);
  Tensor_release(c);
  return r;
}

/* mat1.t() @ grad (t, mm), or (grad.t() @ mat1).t() when mat2 was
 * column-major; times alpha (maybe_multiply).
 * PyTorch 1.13: torch/csrc/autograd/FunctionsManual.cpp mm_mat2_backward */
Tensor* mm_mat2_backward(const Tensor* grad, const Tensor* mat1, IntArrayRef sizes, IntArrayRef strides, Layout layout,
                         Scalar alpha) {
  Tensor *a = NULL, *b = NULL, *c = NULL, *r = NULL;
  if (is_column_major(sizes, strides, layout)) {
    TRY((a = at_t(grad)) != NULL);
    TRY((b = at_mm(a, mat1)) != NULL);
    TRY((c = at_t(b)) != NULL);
  } else {
    TRY((a = at_t(mat1)) != NULL);
    TRY((c = at_mm(a, grad)) != NULL);
  }
  r = maybe_multiply(c, alpha);
fail:
  Tensor_release(a);
  Tensor_release(b);
  Tensor_release(c);
  return r;
}

/* grad accumulated into zeros_like_self at the indices: index_put
 * (functional) under the trace, as 1.13's composite path.
 * NB(minaten): off the trace 1.13 calls _index_put_impl_ in place, which
 * minaten lacks; index_put_ on a clone gives the same values (the caller's
 * zeros are never written).
 * PyTorch 1.13: torch/csrc/autograd/FunctionsManual.cpp index_backward */
Tensor* index_backward(const Tensor* zeros_like_self, TensorList indices, const Tensor* grad) {
  if (subclass_like()) return at_index_put(zeros_like_self, indices, grad, true);
  OptionalMemoryFormat preserve = {true, MemoryFormat_Preserve};
  Tensor* copy = at_clone(zeros_like_self, preserve);
  if (copy == NULL) return NULL;
  Tensor* r = at_index_put_(copy, indices, grad, true);
  Tensor_release(copy);
  return r;
}

/* The sum of grad where mask is set: grad.masked_select(mask).sum(), or
 * while the trace is on 1.13's composite path where(mask, grad, 0).sum()
 * (scalar_tensor, where.self, sum).
 * PyTorch 1.13: torch/csrc/autograd/FunctionsManual.cpp masked_fill_backward */
Tensor* masked_fill_backward(const Tensor* grad, const Tensor* mask) {
  Tensor* w = subclass_like() ? at_where_ScalarOther(mask, grad, Scalar_fromLong(0)) : at_masked_select(grad, mask);
  if (w == NULL) return NULL;
  Tensor* r = at_sum(w, kNoDtype);
  Tensor_release(w);
  return r;
}

/*
 * cat of the outputs' gradients along dim, an undefined (NULL) one replaced
 * by zeros of its piece's shape in `options`.
 * PyTorch 1.13: torch/csrc/autograd/FunctionsManual.cpp split_with_sizes_backward
 */
Tensor* split_with_sizes_backward(TensorList grads, IntArrayRef split_sizes, int64_t dim, IntArrayRef sizes,
                                  TensorOptions options) {
  Tensor* r = NULL;
  int64_t d = maybe_wrap_dim(dim, (int64_t)sizes.size, true);
  if (d < 0) return NULL;
  TORCH_CHECK(sizes.size <= MINATEN_MAX_DIM, "too many dimensions");
  Tensor** all = calloc(grads.size ? grads.size : 1, sizeof(Tensor*));
  TORCH_CHECK(all != NULL, "out of memory");
  for (size_t j = 0; j < grads.size; j++) {
    if (grads.data[j] != NULL) {
      all[j] = Tensor_retain(grads.data[j]);
      continue;
    }
    int64_t grad_size[MINATEN_MAX_DIM];
    memcpy(grad_size, sizes.data, sizeof(int64_t) * sizes.size);
    grad_size[d] = split_sizes.data[j];
    all[j] = at_zeros(IntArrayRef_make(grad_size, sizes.size), some_dtype(options.dtype), some_layout(options.layout),
                      some_device(options.device), kNoPinMemory);
    if (all[j] == NULL) goto done;
  }
  r = at_cat((TensorList){all, grads.size}, d);
done:
  for (size_t j = 0; j < grads.size; j++) Tensor_release(all[j]);
  free(all);
  return r;
fail:
  return NULL;
}

/* split_with_sizes_backward with every piece split_size long but the last,
 * which gets what is left.
 * PyTorch 1.13: torch/csrc/autograd/FunctionsManual.cpp split_backward */
Tensor* split_backward(TensorList grads, int64_t split_size, int64_t dim, IntArrayRef sizes, TensorOptions options) {
  int64_t d = maybe_wrap_dim(dim, (int64_t)sizes.size, true);
  if (d < 0) return NULL;
  size_t n = grads.size;
  int64_t* split_sizes = malloc(sizeof(int64_t) * (n ? n : 1));
  if (split_sizes == NULL) {
    Error_set(ErrorType_RuntimeError, "out of memory");
    return NULL;
  }
  for (size_t i = 0; i < n; i++) split_sizes[i] = split_size;
  if (n > 0) split_sizes[n - 1] = split_size - (split_size * (int64_t)n - sizes.data[d]);
  Tensor* r = split_with_sizes_backward(grads, IntArrayRef_make(split_sizes, n), d, sizes, options);
  free(split_sizes);
  return r;
}

/* stack of the outputs' gradients along dim, an undefined (NULL) one
 * replaced by zeros({}) expanded to a defined one's sizes (zeros, expand).
 * PyTorch 1.13: torch/csrc/autograd/FunctionsManual.cpp unbind_backward */
Tensor* unbind_backward(TensorList grads, int64_t dim) {
  const Tensor* first = NULL;
  for (size_t i = 0; i < grads.size && first == NULL; i++) first = grads.data[i];
  Tensor* r = NULL;
  Tensor** all = calloc(grads.size ? grads.size : 1, sizeof(Tensor*));
  TORCH_CHECK(all != NULL, "out of memory");
  for (size_t j = 0; j < grads.size; j++) {
    if (grads.data[j] != NULL) {
      all[j] = Tensor_retain(grads.data[j]);
      continue;
    }
    /* NB(minaten): with no defined gradient at all 1.13 uses default options
     * and empty sizes; every entry is then zeros({}) of the default dtype. */
    OptionalScalarType dt = first ? some_dtype(first->dtype) : kNoDtype;
    OptionalDevice dev = first ? some_device(first->device) : kNoDevice;
    Tensor* z = at_zeros(IntArrayRef_make(NULL, 0), dt, kNoLayout, dev, kNoPinMemory);
    if (z == NULL) goto done;
    all[j] = at_expand(z, first ? Tensor_sizes(first) : IntArrayRef_make(NULL, 0), false);
    Tensor_release(z);
    if (all[j] == NULL) goto done;
  }
  r = at_stack((TensorList){all, grads.size}, dim);
done:
  for (size_t j = 0; j < grads.size; j++) Tensor_release(all[j]);
  free(all);
  return r;
fail:
  return NULL;
}

/* slice_backward with start 0 and end INT64_MAX for the omitted bounds.
 * PyTorch 1.13: torch/csrc/autograd/FunctionsManual.cpp slice_backward_wrapper */
Tensor* slice_backward_wrapper(const Tensor* grad, IntArrayRef input_sizes, int64_t dim, OptionalInt start,
                               OptionalInt end, int64_t step) {
  return at_slice_backward(grad, input_sizes, dim, start.has_value ? start.value : 0,
                           end.has_value ? end.value : INT64_MAX, step);
}

/* ---- views ------------------------------------------------------------------------ */

/* Whether the strided geometry (sizes, strides: size-0/1 dimensions
 * already dropped) may address one element twice.
 * PyTorch 1.13: torch/csrc/autograd/FunctionsManual.cpp _maybe_overlapping_memory */
static bool maybe_overlapping_memory(const int64_t* sizes, const int64_t* strides, int64_t n) {
  int64_t order[MINATEN_MAX_DIM];
  for (int64_t i = 0; i < n; i++) order[i] = i;
  for (int64_t i = 1; i < n; i++) /* stable insertion sort by stride */
    for (int64_t j = i; j > 0 && strides[order[j]] < strides[order[j - 1]]; j--) {
      int64_t t = order[j];
      order[j] = order[j - 1];
      order[j - 1] = t;
    }
  int64_t max_index_in_slice = 0;
  for (int64_t k = 0; k < n; k++) {
    int64_t i = order[k];
    if (strides[i] <= max_index_in_slice) return true;
    max_index_in_slice += strides[i] * (sizes[i] - 1);
  }
  return false;
}

/* The storage one element past the last that the geometry addresses.
 * PyTorch 1.13: torch/csrc/autograd/FunctionsManual.cpp _min_storage_size */
static int64_t min_storage_size(const int64_t* sizes, const int64_t* strides, int64_t n, int64_t storage_offset) {
  int64_t size = storage_offset + 1;
  for (int64_t i = 0; i < n; i++) {
    if (sizes[i] == 0) return storage_offset;
    size += (sizes[i] - 1) * strides[i];
  }
  return size;
}

/*
 * Note [as_strided Backward and layout-aware/agnostic autograd] (1.13's):
 * the gradient of as_strided(input, sizes, strides, offset) is written into
 * a zeroed "storage" tensor through the output geometry and read back
 * through the input geometry.
 *   0. The output's size-1 dimensions are squeezed out of grad and its
 *      stride-0 (expanded) ones summed out; the input's size-1 dimensions
 *      are dropped (its stride-0 ones stay: they make it overlap).
 *   1. storage = grad.new_zeros([n]) (new_empty, zero_), n covering both
 *      geometries counted from their smaller offset.  If either geometry may
 *      address an element twice, the flat indices arange(n) too.
 *   2. Output geometry: storage.as_strided(out).copy_(grad), or, when it may
 *      overlap, storage.index_add_(0, indices.as_strided(out).reshape(-1),
 *      grad.reshape(-1)), so that the gradients of one element add up.
 *   3. Input geometry overlapping: each storage element is divided by the
 *      number of input elements that address it (index_add_ of ones into a
 *      zeros_like count, then div_), which spreads it evenly over them.
 *   4. The result: storage.as_strided(input geometry).
 * A size-0 dimension in either gives zeros of the input's sizes.  Operands
 * are computed in g++'s order (arguments right to left), as the traces show.
 * PyTorch 1.13: torch/csrc/autograd/FunctionsManual.cpp as_strided_backward,
 * _maybe_overlapping_memory, _min_storage_size
 */

/* The n flat indices of a geometry, as a 1-D tensor: indices.as_strided(...).reshape(-1). */
static Tensor* flat_indices(const Tensor* indices, const int64_t* sizes, const int64_t* strides, int64_t n,
                            int64_t offset) {
  OptionalInt o = {true, offset};
  int64_t minus_one = -1;
  Tensor* view = at_as_strided(indices, IntArrayRef_make(sizes, (size_t)n), IntArrayRef_make(strides, (size_t)n), o);
  Tensor* r = view ? at_reshape(view, IntArrayRef_make(&minus_one, 1)) : NULL;
  Tensor_release(view);
  return r;
}

/* Step 2: grad into storage through the output geometry. */
static int scatter_through_output(Tensor* storage, const Tensor* grad, const Tensor* indices, const int64_t* sizes,
                                  const int64_t* strides, int64_t n, int64_t offset) {
  Tensor *flat_grad = NULL, *idx = NULL, *view = NULL, *done = NULL;
  int64_t minus_one = -1;
  OptionalInt o = {true, offset};
  IntArrayRef sz = IntArrayRef_make(sizes, (size_t)n), st = IntArrayRef_make(strides, (size_t)n);
  if (indices != NULL) {
    /* out_indices = indices.as_strided(...), then index_add_'s arguments
     * right to left: grad.reshape(-1), out_indices.reshape(-1) */
    TRY((view = at_as_strided(indices, sz, st, o)) != NULL);
    TRY((flat_grad = at_reshape(grad, IntArrayRef_make(&minus_one, 1))) != NULL);
    TRY((idx = at_reshape(view, IntArrayRef_make(&minus_one, 1))) != NULL);
    TRY((done = at_index_add_(storage, 0, idx, flat_grad, Scalar_fromLong(1))) != NULL);
  } else {
    TRY((view = at_as_strided(storage, sz, st, o)) != NULL);
    TRY((done = at_copy_(view, grad, false)) != NULL);
  }
fail:
  Tensor_release(flat_grad);
  Tensor_release(idx);
  Tensor_release(view);
  Tensor_release(done);
  return done != NULL ? 0 : -1;
}

/* Step 3: storage divided by how often the input geometry addresses each element. */
static int divide_by_input_counts(Tensor* storage, const Tensor* grad, const Tensor* indices, const int64_t* sizes,
                                  const int64_t* strides, int64_t n, int64_t offset) {
  Tensor *count = NULL, *idx = NULL, *one = NULL, *ones = NULL, *added = NULL, *divided = NULL;
  int64_t size_one = 1;
  TRY((count = at_zeros_like(storage, kNoDtype, kNoLayout, kNoDevice, kNoPinMemory, kNoMemoryFormat)) != NULL);
  TRY((idx = flat_indices(indices, sizes, strides, n, offset)) != NULL);
  TRY((one = at_ones(IntArrayRef_make(&size_one, 1), some_dtype(grad->dtype), some_layout(Layout_Strided),
                     some_device(grad->device), kNoPinMemory)) != NULL);
  TRY((ones = at_expand(one, Tensor_sizes(idx), false)) != NULL);
  TRY((added = at_index_add_(count, 0, idx, ones, Scalar_fromLong(1))) != NULL);
  /* NaN outside what the input addresses: never read back */
  divided = at_div__Tensor(storage, count);
fail:
  Tensor_release(count);
  Tensor_release(idx);
  Tensor_release(one);
  Tensor_release(ones);
  Tensor_release(added);
  Tensor_release(divided);
  return divided != NULL ? 0 : -1;
}

Tensor* as_strided_backward(const Tensor* grad_in, const TensorGeometry* input_geometry, IntArrayRef sizes,
                            IntArrayRef strides, OptionalInt storage_offset) {
  IntArrayRef inp_sizes = IntArrayRef_make(input_geometry->sizes, (size_t)input_geometry->dim);
  int64_t offset = storage_offset.has_value ? storage_offset.value : input_geometry->storage_offset;
  /* zeroed: gcc -O2 cannot see that only the first `on` / `in_n` are read
   * (-Wmaybe-uninitialized through memmove) */
  int64_t out_sizes[MINATEN_MAX_DIM] = {0}, out_strides[MINATEN_MAX_DIM] = {0}, on = 0;
  int64_t in_sizes_[MINATEN_MAX_DIM] = {0}, in_strides_[MINATEN_MAX_DIM] = {0}, in_n = 0;
  Tensor *grad = Tensor_retain(grad_in), *storage = NULL, *indices = NULL, *r = NULL;
  for (int64_t i = grad->dim - 1; i >= 0; i--) {
    int64_t size_i = sizes.data[i], stride_i = strides.data[i];
    if (size_i == 0) {
      r = zeros_like_options(inp_sizes, grad);
      goto fail;
    } else if (size_i == 1) {
      TRY(replace(&grad, at_squeeze_dim(grad, i)));
    } else if (stride_i == 0) {
      OptionalIntArrayRef d = {true, IntArrayRef_make(&i, 1)};
      TRY(replace(&grad, at_sum_dim_IntList(grad, d, false, kNoDtype)));
    } else {
      memmove(out_sizes + 1, out_sizes, sizeof(int64_t) * (size_t)on);
      memmove(out_strides + 1, out_strides, sizeof(int64_t) * (size_t)on);
      out_sizes[0] = size_i, out_strides[0] = stride_i, on++;
    }
  }
  bool out_overlap = maybe_overlapping_memory(out_sizes, out_strides, on);
  for (int64_t i = input_geometry->dim - 1; i >= 0; i--) {
    int64_t size_i = input_geometry->sizes[i], stride_i = input_geometry->strides[i];
    if (size_i == 0) {
      r = zeros_like_options(inp_sizes, grad);
      goto fail;
    } else if (size_i != 1) {
      memmove(in_sizes_ + 1, in_sizes_, sizeof(int64_t) * (size_t)in_n);
      memmove(in_strides_ + 1, in_strides_, sizeof(int64_t) * (size_t)in_n);
      in_sizes_[0] = size_i, in_strides_[0] = stride_i, in_n++;
    }
  }
  bool inp_overlap = maybe_overlapping_memory(in_sizes_, in_strides_, in_n);
  int64_t shared = input_geometry->storage_offset < offset ? input_geometry->storage_offset : offset;
  int64_t inp_eff = input_geometry->storage_offset - shared, out_eff = offset - shared;
  int64_t b1 = min_storage_size(in_sizes_, in_strides_, in_n, inp_eff);
  int64_t b2 = min_storage_size(out_sizes, out_strides, on, out_eff);
  int64_t base = b1 > b2 ? b1 : b2;
  TRY((storage = at_new_empty(grad, IntArrayRef_make(&base, 1), kNoDtype, kNoLayout, kNoDevice, kNoPinMemory)) != NULL);
  TRY(replace(&storage, at_zero_(storage)));
  if (inp_overlap || out_overlap)
    TRY((indices = at_arange_start(Scalar_fromLong(0), Scalar_fromLong(base), some_dtype(ScalarType_Long),
                                   some_layout(Layout_Strided), some_device(grad->device), kNoPinMemory)) != NULL);
  TRY(scatter_through_output(storage, grad, out_overlap ? indices : NULL, out_sizes, out_strides, on, out_eff) == 0);
  if (inp_overlap) TRY(divide_by_input_counts(storage, grad, indices, in_sizes_, in_strides_, in_n, inp_eff) == 0);
  OptionalInt ie = {true, inp_eff};
  r = at_as_strided(storage, inp_sizes, IntArrayRef_make(input_geometry->strides, (size_t)input_geometry->dim), ie);
fail:
  Tensor_release(grad);
  Tensor_release(storage);
  Tensor_release(indices);
  return r;
}

/* Note [as_strided_scatter backward support]: 1.13 supports only a
 * contiguous self (the forward asserts it when self requires grad) and
 * takes grad contiguous.  The gradient of self is a tensor of self's
 * geometry, new_empty_strided, in which grad's elements at the scattered
 * positions are copied through the as_strided view; 1.13 neither zeroes
 * those positions (their gradient is 0: src replaced them) nor fills the
 * others (uninitialized memory, not grad), and minaten computes the same.
 * src_geometry is unused, as in 1.13.
 * PyTorch 1.13: torch/csrc/autograd/FunctionsManual.cpp as_strided_scatter_backward */
Tensor* as_strided_scatter_backward(const Tensor* grad, const TensorGeometry* input_geometry,
                                    const TensorGeometry* src_geometry, IntArrayRef sizes, IntArrayRef strides,
                                    OptionalInt storage_offset) {
  (void)src_geometry;
  Tensor *grad_ = NULL, *grad_slice = NULL, *result = NULL, *result_slice = NULL, *copied = NULL;
  TRY((grad_ = at_contiguous(grad, MemoryFormat_Contiguous)) != NULL);
  TRY((grad_slice = at_as_strided(grad_, sizes, strides, storage_offset)) != NULL);
  TRY((result = at_new_empty_strided(grad_, IntArrayRef_make(input_geometry->sizes, (size_t)input_geometry->dim),
                                     IntArrayRef_make(input_geometry->strides, (size_t)input_geometry->dim), kNoDtype,
                                     kNoLayout, kNoDevice, kNoPinMemory)) != NULL);
  TRY((result_slice = at_as_strided(result, sizes, strides, storage_offset)) != NULL);
  TRY((copied = at_copy_(result_slice, grad_slice, false)) != NULL);
fail:
  Tensor_release(grad_);
  Tensor_release(grad_slice);
  Tensor_release(result_slice);
  if (copied == NULL) {
    Tensor_release(result);
    result = NULL;
  }
  Tensor_release(copied);
  return result;
}

/* grad permuted by the inverse of the forward permutation.
 * PyTorch 1.13: torch/csrc/autograd/FunctionsManual.cpp permute_backwards */
Tensor* permute_backwards(const Tensor* grad, IntArrayRef fwd_dims) {
  int64_t dims[MINATEN_MAX_DIM];
  int64_t n = (int64_t)fwd_dims.size;
  TORCH_CHECK(n <= MINATEN_MAX_DIM, "too many dimensions");
  for (int64_t i = 0; i < n; i++) {
    int64_t d = maybe_wrap_dim(fwd_dims.data[i], n, true);
    if (d < 0) return NULL;
    dims[d] = i;
  }
  return at_permute(grad, IntArrayRef_make(dims, (size_t)n));
fail:
  return NULL;
}

/* self unsqueezed at every dimension where sizes has a 1 (squeeze's backward).
 * PyTorch 1.13: torch/csrc/autograd/FunctionsManual.cpp unsqueeze_to */
Tensor* unsqueeze_to(const Tensor* self, IntArrayRef sizes) {
  Tensor* r = Tensor_retain(self);
  for (size_t d = 0; d < sizes.size; d++)
    if (sizes.data[d] == 1 && !replace(&r, at_unsqueeze(r, (int64_t)d))) return NULL;
  return r;
}

/* self unsqueezed at dim when sizes has a 1 there (squeeze.dim's backward);
 * never for a 0-dim input.
 * PyTorch 1.13: torch/csrc/autograd/FunctionsManual.cpp unsqueeze_to (dim) */
Tensor* unsqueeze_to_dim(const Tensor* self, int64_t dim, IntArrayRef sizes) {
  int64_t d = maybe_wrap_dim(dim, (int64_t)sizes.size, true);
  if (d < 0) return NULL;
  if (sizes.size > 0 && sizes.data[d] == 1) return at_unsqueeze(self, d);
  return Tensor_retain(self);
}

/*
 * The gradient of repeat: zeros for a repeat of 0; else the leading
 * dimensions repeat added are summed away (sum.dim_IntList each), and each
 * repeated dimension is split into (repeat, size) by one reshape and summed
 * over its repeat part by one sum (1.13's comment has the picture).
 * PyTorch 1.13: torch/csrc/autograd/FunctionsManual.cpp repeat_backward
 */
Tensor* repeat_backward(const Tensor* grad_in, IntArrayRef repeats, IntArrayRef input_shape) {
  for (size_t i = 0; i < repeats.size; i++)
    if (repeats.data[i] == 0) return zeros_like_options(input_shape, grad_in);
  Tensor* grad = Tensor_retain(grad_in);
  int64_t num_unsqueezed = grad->dim - (int64_t)input_shape.size;
  for (int64_t i = 0; i < num_unsqueezed; i++) {
    int64_t zero = 0;
    OptionalIntArrayRef d = {true, IntArrayRef_make(&zero, 1)};
    if (!replace(&grad, at_sum_dim_IntList(grad, d, false, kNoDtype))) return NULL;
  }
  int64_t grad_size[2 * MINATEN_MAX_DIM], sum_dims[MINATEN_MAX_DIM];
  size_t ng = 0, ns = 0;
  for (size_t dim = 0; dim < input_shape.size; dim++) {
    int64_t repeat = repeats.data[dim + (size_t)num_unsqueezed];
    if (repeat != 1) {
      grad_size[ng++] = repeat;
      sum_dims[ns++] = (int64_t)ng - 1;
    }
    grad_size[ng++] = input_shape.data[dim];
  }
  if (ns > 0) {
    OptionalIntArrayRef d = {true, IntArrayRef_make(sum_dims, ns)};
    if (!replace(&grad, at_reshape(grad, IntArrayRef_make(grad_size, ng)))) return NULL;
    if (!replace(&grad, at_sum_dim_IntList(grad, d, false, kNoDtype))) return NULL;
  }
  return grad;
}

/* grad.to(self's options): _to_copy when the dtype (or device) differs,
 * else grad itself.
 * PyTorch 1.13: torch/csrc/autograd/FunctionsManual.cpp _to_copy_backward */
Tensor* _to_copy_backward(const Tensor* grad, TensorOptions self_options) {
  /* R -> C copies: the real part, without copy_'s warning */
  Tensor* real = !ScalarType_isComplex(self_options.dtype) && ScalarType_isComplex(grad->dtype)
                     ? at_real(grad)
                     : Tensor_retain(grad);
  if (real == NULL) return NULL;
  Tensor* r = at_to_dtype_layout(real, some_dtype(self_options.dtype), some_layout(self_options.layout),
                                 some_device(self_options.device), kNoPinMemory, false, false, kNoMemoryFormat);
  Tensor_release(real);
  return r;
}

/* roll's gradient: grad rolled back, the shifts negated and both lists
 * reversed (1.13 writes it inline in derivatives.yaml with fmap).
 * PyTorch 1.13: tools/autograd/derivatives.yaml roll */
Tensor* roll_backward(const Tensor* grad, IntArrayRef shifts, IntArrayRef dims) {
  int64_t s[MINATEN_MAX_DIM], d[MINATEN_MAX_DIM];
  TORCH_CHECK(shifts.size <= MINATEN_MAX_DIM && dims.size <= MINATEN_MAX_DIM, "minaten: too many dims to roll");
  for (size_t i = 0; i < shifts.size; i++) s[i] = -shifts.data[shifts.size - 1 - i];
  for (size_t i = 0; i < dims.size; i++) d[i] = dims.data[dims.size - 1 - i];
  return at_roll(grad, IntArrayRef_make(s, shifts.size), IntArrayRef_make(d, dims.size));
fail:
  return NULL;
}

/* rot90's gradient: grad rotated back, grad.rot90(-k, dims).
 * NB(minaten): -k wraps (1.13's negation of k = -2**63 overflows, to -2**63
 * on x86-64); only k modulo 4 matters, and that is the true negation's.
 * PyTorch 1.13: tools/autograd/derivatives.yaml rot90 */
Tensor* rot90_backward(const Tensor* grad, int64_t k, IntArrayRef dims) {
  return at_rot90(grad, (int64_t)(0 - (uint64_t)k), dims);
}

/* PyTorch 1.13: torch/csrc/autograd/FunctionsManual.cpp not_implemented */
Tensor* not_implemented(const char* name) {
  Error_set(ErrorType_NotImplementedError, "the derivative for '%s' is not implemented.", name);
  return NULL;
}

/* mse_loss_backward's gradient for self (and, negated, for target):
 * 2 * grad, divided in place by the number of elements for Mean.
 * PyTorch 1.13: torch/csrc/autograd/FunctionsManual.cpp mse_loss_double_backward */
Tensor* mse_loss_double_backward(const Tensor* grad, const Tensor* input, int64_t reduction) {
  Tensor* grad_input = at_mul_Scalar(grad, Scalar_fromLong(2));
  if (grad_input == NULL || reduction != 1 /* at::Reduction::Mean */) return grad_input;
  Tensor* r = at_div__Scalar(grad_input, Scalar_fromLong(input->numel));
  if (r == NULL) {
    Tensor_release(grad_input);
    return NULL;
  }
  Tensor_release(r);
  return grad_input;
}
