/*
 * TensorCompare.c - clamp (with number and with tensor bounds), clamp_min,
 * clamp_max and where.
 *
 * clamp is two binary operations of the elementwise loop (ops/BinaryOps.h)
 * with the bound wrapped, so its result dtype follows result_type: an
 * integer tensor clamped to 0.5 becomes float.  It applies its lower bound,
 * then its upper one (so min > max gives max everywhere).  where has its
 * own loop over three operands; its overloads with Python numbers are
 * CompositeImplicitAutograd and end in where.self.
 *
 * PyTorch 1.13: aten/src/ATen/native/TensorCompare.cpp,
 * native/cpu/TensorCompareKernel.cpp (where_kernel)
 */
#include <math.h>

#include "Functions.h"
#include "NativeFunctions.h"
#include "ops/BinaryOps.h"
#include "ops/Copy.h"
#include "ops/ExpandUtils.h"
#include "ops/MemoryOverlap.h"
#include "ops/MetaMode.h"
#include "ops/Resize.h"
#include "ops/TensorIterator.h"
#include "ops/TensorIteratorConfig.h"
#include "ops/cpu/Loops.h"
#include "ops/TypeProperties.h"
#include "ops/cpu/TensorCompareKernel.h"
#include "runtime/Exception.h"
#include "runtime/Parallel.h"
#include "runtime/ScalarOps.h"
#include "runtime/TypeCast.h"

static bool is_nan(OptionalScalar s) { return s.has_value && s.value.tag == ScalarTag_Double && isnan(s.value.v.d); }

/* The clamped values, each bound applied by its binary loop.  A NaN bound
 * is a corner 1.13 handles apart, before its kernels: with both bounds
 * given, either one NaN fills the whole result with NaN; clamp_min and
 * clamp_max (`nan_fills`) do the same for their one bound; clamp with one
 * bound only leaves NaN to the loop, which keeps every element.
 * PyTorch 1.13: TensorCompare.cpp TORCH_IMPL_FUNC(clamp_out, clamp_min_out, clamp_max_out) */
static Tensor* clamp_values(const Tensor* self, OptionalScalar min, OptionalScalar max, bool nan_fills) {
  TORCH_CHECK(min.has_value || max.has_value, "torch.clamp: At least one of 'min' or 'max' must not be None");
  /* 1.13's clamp kernels with number bounds have no Half (a Half tensor
   * with a number computes in Half) */
  TORCH_CHECK(self->dtype != ScalarType_Half, "\"%s\" not implemented for 'Half'",
              !max.has_value   ? "clamp_min_cpu"
              : !min.has_value ? "clamp_max_scalar_cpu"
                               : "clamp_scalar_cpu");
  Tensor* r = min.has_value ? binary_op_scalar(NULL, false, self, min.value, BinaryOp_Max) : Tensor_retain(self);
  if (r == NULL || !max.has_value) goto done;
  Tensor* s = binary_op_scalar(NULL, false, r, max.value, BinaryOp_Min);
  Tensor_release(r);
  r = s;
done:
  if (r != NULL && (nan_fills || (min.has_value && max.has_value)) && (is_nan(min) || is_nan(max))) {
    Tensor* filled = at_native_fill_(r, Scalar_fromDouble(NAN));
    Tensor_release(r);
    return filled;
  }
  return r;
fail:
  return NULL;
}

/* PyTorch 1.13: TensorCompare.cpp TORCH_IMPL_FUNC(clamp_out) */
Tensor* at_native_clamp(const Tensor* self, OptionalScalar min, OptionalScalar max) {
  return clamp_values(self, min, max, false);
}

/* clamp into a tensor given by the caller, which must have the clamped
 * result's dtype: in place, clamp's meta function refuses another ("... the
 * desired output type long int", a TypeMeta name); out=, the iterator's
 * same-dtype check ("Found dtype Long but expected Float").
 * NB(minaten): computed, then copied in.
 * PyTorch 1.13: TensorCompare.cpp TORCH_META_FUNC(clamp), TensorIterator.cpp compute_types */
static Tensor* clamp_into(Tensor* out, const Tensor* self, OptionalScalar min, OptionalScalar max, bool resize,
                          bool nan_fills) {
  Tensor* r = clamp_values(self, min, max, nan_fills);
  if (r == NULL) return NULL;
  if (resize ? check_out_same_dtype(out, r->dtype) < 0 : r->dtype != out->dtype) {
    if (!resize)
      Error_set(ErrorType_RuntimeError, "result type %s can't be cast to the desired output type %s",
                ScalarType_name(r->dtype), ScalarType_typeMetaName(out->dtype));
    Tensor_release(r);
    return NULL;
  }
  if (resize) return resize_and_copy_out(out, r);
  int rc = copy_into(out, r);
  Tensor_release(r);
  return rc < 0 ? NULL : Tensor_retain(out);
}

/* PyTorch 1.13: TensorCompare.cpp clamp_ (structured, in place) */
Tensor* at_native_clamp_(Tensor* self, OptionalScalar min, OptionalScalar max) {
  return clamp_into(self, self, min, max, false, false);
}

/* PyTorch 1.13: TensorCompare.cpp TORCH_IMPL_FUNC(clamp_out) (out=) */
Tensor* at_native_clamp_out(const Tensor* self, OptionalScalar min, OptionalScalar max, Tensor* out) {
  if (assert_no_internal_overlap(out) < 0 || assert_no_partial_overlap(out, self) < 0) return NULL;
  return clamp_into(out, self, min, max, true, false);
}

/* ---- clamp with tensor bounds ------------------------------------------------
 * clamp.Tensor's iterator takes self and the bounds given (NULL: None) and
 * computes in their common dtype (result_type over the three, so a 0-dim
 * bound does not widen a dimensioned self of its category); the kernel is
 * min(max(self, min), max), maximum alone for a lower bound only and
 * minimum alone for an upper one.  Its in-place and out= forms cast the
 * result into their tensor when the common dtype can be cast to it
 * (enforce_safe_casting_to_output), else refuse with the iterator's "result
 * type Float can't be cast to the desired output type Long".
 * NB(minaten): two binary loops (ops/BinaryOps.h) instead of one of three
 * operands; both propagate NaN as clamp_kernel does, and the pairwise
 * result types equal the common one. */

/* PyTorch 1.13: TensorCompare.cpp TORCH_META_FUNC2(clamp, Tensor), TORCH_IMPL_FUNC(clamp_Tensor_out),
 * native/cpu/TensorCompareKernel.cpp clamp_kernel_impl */
Tensor* at_native_clamp_Tensor(const Tensor* self, const Tensor* min, const Tensor* max) {
  TORCH_CHECK(min != NULL || max != NULL, "torch.clamp: At least one of 'min' or 'max' must not be None");
  static const Scalar one = {ScalarTag_Long, {.i = 1}};
  Tensor* operands[3] = {(Tensor*)self, (Tensor*)(min != NULL ? min : max), (Tensor*)max};
  size_t n = min != NULL && max != NULL ? 3 : 2;
  ScalarType common = result_type_list((TensorList){operands, n});
  TORCH_CHECK(n == 2 || common != ScalarType_Half, "\"clamp_cpu\" not implemented for 'Half'");
  Tensor* r = min != NULL ? binary_op(NULL, self, min, BinaryOp_Maximum, one) : Tensor_retain(self);
  if (r == NULL || max == NULL) return r;
  Tensor* s = binary_op(NULL, r, max, BinaryOp_Minimum, one);
  Tensor_release(r);
  if (s == NULL || s->dtype == common) return s;
  r = at_to_dtype(s, common, false, false, kNoMemoryFormat);
  Tensor_release(s);
  return r;
fail:
  return NULL;
}

/* The clamped result cast into out (in place, or out= resized). */
static Tensor* clamp_Tensor_into(Tensor* out, const Tensor* self, const Tensor* min, const Tensor* max, bool resize) {
  Tensor* r = at_native_clamp_Tensor(self, min, max);
  if (r == NULL) return NULL;
  if (!canCast(r->dtype, out->dtype)) {
    Error_set(ErrorType_RuntimeError, "result type %s can't be cast to the desired output type %s",
              ScalarType_name(r->dtype), ScalarType_name(out->dtype));
    Tensor_release(r);
    return NULL;
  }
  if (resize) return resize_and_copy_out(out, r);
  int rc = copy_into(out, r);
  Tensor_release(r);
  return rc < 0 ? NULL : Tensor_retain(out);
}

/* PyTorch 1.13: TensorCompare.cpp clamp_ (Tensor; structured, in place) */
Tensor* at_native_clamp__Tensor(Tensor* self, const Tensor* min, const Tensor* max) {
  return clamp_Tensor_into(self, self, min, max, false);
}

/* PyTorch 1.13: TensorCompare.cpp TORCH_IMPL_FUNC(clamp_Tensor_out) (out=) */
Tensor* at_native_clamp_Tensor_out(const Tensor* self, const Tensor* min, const Tensor* max, Tensor* out) {
  if (assert_no_internal_overlap(out) < 0 || assert_no_partial_overlap(out, self) < 0) return NULL;
  if (min != NULL && assert_no_partial_overlap(out, min) < 0) return NULL;
  if (max != NULL && assert_no_partial_overlap(out, max) < 0) return NULL;
  return clamp_Tensor_into(out, self, min, max, true);
}

/* ---- clamp_min, clamp_max ----------------------------------------------------
 * One bound each: clamp_min(x, m) is clamp(x, min=m) and clamp_max(x, m)
 * clamp(x, max=m), with clamp's result dtype, NaN propagation and refusals
 * (their meta functions repeat clamp's).  They are operators of their own,
 * with their own nodes (ClampMinBackward0/1, ClampMaxBackward0/1), and the
 * Lazy backend lowers clamp_min in all three forms but not clamp_max. */

static const OptionalScalar kNoBound = {false, {ScalarTag_Long, {.i = 0}}};
static OptionalScalar bound(Scalar s) { return (OptionalScalar){true, s}; }

/* PyTorch 1.13: TensorCompare.cpp TORCH_META_FUNC(clamp_min), TORCH_IMPL_FUNC(clamp_min_out) */
Tensor* at_native_clamp_min(const Tensor* self, Scalar min) { return clamp_values(self, bound(min), kNoBound, true); }
/* PyTorch 1.13: TensorCompare.cpp clamp_min_ (structured, in place) */
Tensor* at_native_clamp_min_(Tensor* self, Scalar min) { return clamp_into(self, self, bound(min), kNoBound, false, true); }
/* PyTorch 1.13: TensorCompare.cpp TORCH_IMPL_FUNC(clamp_min_out) (out=) */
Tensor* at_native_clamp_min_out(const Tensor* self, Scalar min, Tensor* out) {
  if (assert_no_internal_overlap(out) < 0 || assert_no_partial_overlap(out, self) < 0) return NULL;
  return clamp_into(out, self, bound(min), kNoBound, true, true);
}
/* PyTorch 1.13: TensorCompare.cpp TORCH_META_FUNC(clamp_max), TORCH_IMPL_FUNC(clamp_max_out) */
Tensor* at_native_clamp_max(const Tensor* self, Scalar max) { return clamp_values(self, kNoBound, bound(max), true); }
/* PyTorch 1.13: TensorCompare.cpp clamp_max_ (structured, in place) */
Tensor* at_native_clamp_max_(Tensor* self, Scalar max) { return clamp_into(self, self, kNoBound, bound(max), false, true); }
/* PyTorch 1.13: TensorCompare.cpp TORCH_IMPL_FUNC(clamp_max_out) (out=) */
Tensor* at_native_clamp_max_out(const Tensor* self, Scalar max, Tensor* out) {
  if (assert_no_internal_overlap(out) < 0 || assert_no_partial_overlap(out, self) < 0) return NULL;
  return clamp_into(out, self, kNoBound, bound(max), true, true);
}

/* PyTorch 1.13: TensorCompare.cpp TORCH_META_FUNC2(clamp_min, Tensor), TORCH_IMPL_FUNC(clamp_min_Tensor_out) */
Tensor* at_native_clamp_min_Tensor(const Tensor* self, const Tensor* min) { return at_native_clamp_Tensor(self, min, NULL); }
/* PyTorch 1.13: TensorCompare.cpp clamp_min_ (Tensor; structured, in place) */
Tensor* at_native_clamp_min__Tensor(Tensor* self, const Tensor* min) { return clamp_Tensor_into(self, self, min, NULL, false); }
/* PyTorch 1.13: TensorCompare.cpp TORCH_IMPL_FUNC(clamp_min_Tensor_out) (out=) */
Tensor* at_native_clamp_min_Tensor_out(const Tensor* self, const Tensor* min, Tensor* out) {
  return at_native_clamp_Tensor_out(self, min, NULL, out);
}
/* PyTorch 1.13: TensorCompare.cpp TORCH_META_FUNC2(clamp_max, Tensor), TORCH_IMPL_FUNC(clamp_max_Tensor_out) */
Tensor* at_native_clamp_max_Tensor(const Tensor* self, const Tensor* max) { return at_native_clamp_Tensor(self, NULL, max); }
/* PyTorch 1.13: TensorCompare.cpp clamp_max_ (Tensor; structured, in place) */
Tensor* at_native_clamp_max__Tensor(Tensor* self, const Tensor* max) { return clamp_Tensor_into(self, self, NULL, max, false); }
/* PyTorch 1.13: TensorCompare.cpp TORCH_IMPL_FUNC(clamp_max_Tensor_out) (out=) */
Tensor* at_native_clamp_max_Tensor_out(const Tensor* self, const Tensor* max, Tensor* out) {
  return at_native_clamp_Tensor_out(self, NULL, max, out);
}

/* ---- where ---------------------------------------------------------------- */

/* The dtypes of where's loop: its result's, self's and other's. */
typedef struct WhereLoop {
  ScalarType dtype, a_type, b_type;
} WhereLoop;

/* where's loop over one tile: data = {result, condition, self, other}, the
 * chosen element converted to the result's dtype.
 * PyTorch 1.13: native/cpu/TensorCompareKernel.cpp where_kernel_impl (cpu_kernel_vec) */
static void where_loop2d(void* ctx, char** data, const int64_t* strides, int64_t size0, int64_t size1) {
  const WhereLoop* L = ctx;
  for (int64_t j = 0; j < size1; j++) {
    char* po = data[0] + j * strides[4];
    const char *pc = data[1] + j * strides[5], *pa = data[2] + j * strides[6], *pb = data[3] + j * strides[7];
    for (int64_t i = 0; i < size0; i++, po += strides[0], pc += strides[1], pa += strides[2], pb += strides[3]) {
      bool take_a = *(const uint8_t*)pc != 0;
      ScalarType src_type = take_a ? L->a_type : L->b_type;
      const char* ps = take_a ? pa : pb;
      if (ScalarType_isComplex(L->dtype))
        convert_element(L->dtype, po, src_type, ps);
      else if (ScalarType_isFloating(src_type))
        store_from_double(L->dtype, po, load_double(src_type, ps));
      else
        store_scalar(L->dtype, po, Scalar_fromLong(load_int(src_type, ps)));
    }
  }
}

/* where's kernel on its iterator (output, condition, self, other): float
 * operands and result, all contiguous, none broadcast, run the vector loop
 * of the capability in use (where_float_stub), which copies the chosen
 * float's bits as 1.13's where_kernel does; anything else where_loop2d.
 * PyTorch 1.13: native/cpu/TensorCompareKernel.cpp where_kernel_impl */
static void where_kernel(TensorIteratorBase* iter, const Tensor* condition, const Tensor* a, const Tensor* b) {
  const Tensor* result = iter->tensors[0];
  ScalarType dtype = result->dtype;
  IntArrayRef shape = Tensor_sizes(result);
  if (result->numel == 0) return;
  if (dtype == ScalarType_Float && a->dtype == ScalarType_Float && b->dtype == ScalarType_Float &&
      a->is_contiguous && b->is_contiguous && condition->is_contiguous && result->is_contiguous &&
      Tensor_hasSizes(a, shape) && Tensor_hasSizes(b, shape) && Tensor_hasSizes(condition, shape)) {
    where_float_fn where_float = (where_float_fn)DispatchStub_get(&where_float_stub);
    where_float((float*)Tensor_data(result), (const uint8_t*)Tensor_data(condition), (const float*)Tensor_data(a),
                (const float*)Tensor_data(b), result->numel);
    return;
  }
  WhereLoop L = {dtype, a->dtype, b->dtype};
  cpu_kernel(iter, where_loop2d, &L);
}

/* where(condition, self, other): condition, self and other broadcast to one
 * shape, the dtype result_type(self, other), the output laid out like the
 * three operands (as TensorIterator lays it out).  The element loop is
 * where's own, so it skips itself in MetaMode.
 * PyTorch 1.13: TensorCompare.cpp where_self_out, native/cpu/TensorCompareKernel.cpp where_kernel_impl */
Tensor* at_native_where(const Tensor* condition, const Tensor* a, const Tensor* b) {
  TORCH_CHECK(condition->dtype == ScalarType_Bool || condition->dtype == ScalarType_Byte,
              "where expected condition to be a boolean tensor, but got a tensor with dtype %s",
              ScalarType_name(condition->dtype));
  TensorIteratorConfig config;
  TensorIteratorConfig_init(&config);
  config.check_all_same_dtype = false;
  config.static_dtype = result_type(a, b);
  config.complex_kernels = true; /* where_loop2d converts any element */
  TensorIteratorConfig_add_output(&config, NULL);
  TensorIteratorConfig_add_input(&config, condition);
  TensorIteratorConfig_add_input(&config, a);
  TensorIteratorConfig_add_input(&config, b);
  TensorIteratorBase iter;
  TRY(TensorIterator_build(&iter, &config) == 0);
  if (!MetaMode_isEnabled()) where_kernel(&iter, condition, a, b);
  Tensor* result = TensorIterator_output(&iter, 0);
  TensorIterator_release(&iter);
  return result;
fail:
  return NULL;
}

/* ---- where with Python numbers --------------------------------------------------
 * CompositeImplicitAutograd: the numbers become scalar_tensor()s and the tensor
 * is converted (to()) to the result type of the two, then where.self runs;
 * a trace shows scalar_tensor, _to_copy when a conversion copies, and
 * where.self.  PyTorch 1.13: TensorCompare.cpp at::native::where (Scalar overloads) */

/* result_type of a tensor and a number, or of two numbers (wrapped numbers:
 * a float one means the default dtype). */
static ScalarType result_type_with_scalar(const Tensor* t, Scalar s) {
  Tensor* w = wrapped_scalar_tensor(s);
  if (w == NULL) return ScalarType_Undefined;
  ScalarType r = result_type(t, w);
  Tensor_release(w);
  return r;
}

/* at::scalar_tensor(s, like.options().dtype(dtype)): like's layout and
 * device passed on too, as a TensorOptions unpacks. */
static Tensor* scalar_tensor_of(Scalar s, ScalarType dtype, const Tensor* like) {
  OptionalScalarType dt = {true, dtype};
  OptionalLayout layout = {true, Layout_Strided};
  OptionalDevice device = {true, like->device};
  return at_scalar_tensor(s, dt, layout, device, kNoPinMemory);
}

static Tensor* to_dtype(const Tensor* t, ScalarType dtype) {
  return at_to_dtype(t, dtype, false, false, kNoMemoryFormat);
}

/* The where of a number and a tensor, in either order. */
static Tensor* where_scalar_tensor(const Tensor* condition, Scalar s, const Tensor* t, bool scalar_first) {
  Tensor *st = NULL, *tc = NULL, *r = NULL;
  ScalarType dtype = result_type_with_scalar(t, s);
  if (dtype == ScalarType_Undefined) return NULL;
  st = scalar_tensor_of(s, dtype, t);
  if (st == NULL) return NULL;
  tc = to_dtype(t, dtype);
  if (tc != NULL) r = scalar_first ? at_where_self(condition, st, tc) : at_where_self(condition, tc, st);
  Tensor_release(st);
  Tensor_release(tc);
  return r;
}

/* PyTorch 1.13: TensorCompare.cpp at::native::where (Tensor, Scalar, Tensor) */
Tensor* at_native_where_ScalarSelf(const Tensor* condition, Scalar self, const Tensor* other) {
  return where_scalar_tensor(condition, self, other, true);
}

/* PyTorch 1.13: TensorCompare.cpp at::native::where (Tensor, Tensor, Scalar) */
Tensor* at_native_where_ScalarOther(const Tensor* condition, const Tensor* self, Scalar other) {
  return where_scalar_tensor(condition, other, self, false);
}

/* PyTorch 1.13: TensorCompare.cpp at::native::where (Tensor, Scalar, Scalar) */
Tensor* at_native_where_Scalar(const Tensor* condition, Scalar self, Scalar other) {
  Tensor* ws = wrapped_scalar_tensor(self);
  if (ws == NULL) return NULL;
  ScalarType dtype = result_type_with_scalar(ws, other);
  Tensor_release(ws);
  if (dtype == ScalarType_Undefined) return NULL;
  Tensor* ot = scalar_tensor_of(other, dtype, condition);
  if (ot == NULL) return NULL;
  Tensor* st = scalar_tensor_of(self, dtype, condition);
  Tensor* r = st ? at_where_self(condition, st, ot) : NULL;
  Tensor_release(st);
  Tensor_release(ot);
  return r;
}

/* isnan: x != x, element by element (a bool tensor; never true for integers).
 * PyTorch 1.13: TensorCompare.cpp at::native::isnan */
Tensor* at_native_isnan(const Tensor* self) { return at_ne_Tensor(self, self); }

/* PyTorch 1.13: TensorCompare.cpp DEFINE_DISPATCH(where_kernel) */
DEFINE_DISPATCH(where_float_stub);

/* ---- clip: clamp under another name ------------------------------------------- */

/* PyTorch 1.13: TensorCompare.cpp clip (Scalar bounds): at::clamp */
Tensor* at_native_clip(const Tensor* self, OptionalScalar min, OptionalScalar max) {
  return at_clamp(self, min, max);
}

/* PyTorch 1.13: TensorCompare.cpp clip (Tensor bounds): at::clamp */
Tensor* at_native_clip_Tensor(const Tensor* self, const Tensor* min, const Tensor* max) {
  return at_clamp_Tensor(self, min, max);
}

/* PyTorch 1.13: TensorCompare.cpp clip_ (Scalar bounds): at::clamp_ */
Tensor* at_native_clip_(Tensor* self, OptionalScalar min, OptionalScalar max) { return at_clamp_(self, min, max); }

/* PyTorch 1.13: TensorCompare.cpp clip_ (Tensor bounds): at::clamp_ */
Tensor* at_native_clip__Tensor(Tensor* self, const Tensor* min, const Tensor* max) {
  return at_clamp__Tensor(self, min, max);
}

/* PyTorch 1.13: TensorCompare.cpp clip_out (Scalar bounds): at::clamp_outf */
Tensor* at_native_clip_out(const Tensor* self, OptionalScalar min, OptionalScalar max, Tensor* out) {
  return at_clamp_out(self, min, max, out);
}

/* PyTorch 1.13: TensorCompare.cpp clip_out (Tensor bounds): at::clamp_outf */
Tensor* at_native_clip_Tensor_out(const Tensor* self, const Tensor* min, const Tensor* max, Tensor* out) {
  return at_clamp_Tensor_out(self, min, max, out);
}
