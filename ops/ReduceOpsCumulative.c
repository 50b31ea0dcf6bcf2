/*
 * ReduceOpsCumulative.c - cummax, cummin (and their CPU helpers and
 * cummaxmin_backward), logcumsumexp.
 *
 * cummax(self, dim) and cummin are CompositeExplicitAutograd: they make the
 * two outputs with `empty` and call the out= operator, which checks the
 * outputs' dtypes (values: self's, indices: Long), resizes them to self's
 * shape, and then fills them: a 0-dim self is copied (index 0) without
 * looking at dim at all, an empty one is left alone, anything else goes to
 * the CPU helper `_cummax_helper` / `_cummin_helper`, with dim wrapped.
 * The helper walks each line along dim keeping the running extreme and its
 * index (Note [cummax ties and NaN]).
 *
 * logcumsumexp is CompositeExplicitAutograd over the CPU operator
 * `_logcumsumexp`, whose kernel accumulates log(exp(a) + exp(b)) along dim
 * in 1.13's accumulate type (double for Float, float for BFloat16).
 *
 * PyTorch 1.13: aten/src/ATen/native/ReduceOps.cpp,
 * aten/src/ATen/native/cpu/ReduceOpsKernel.cpp logcumsumexp_cpu_kernel
 */
#include <math.h>
#include <string.h>

#include "Functions.h"
#include "NativeFunctions.h"
#include "dispatch/TorchDispatchModeTLS.h"
#include "ops/MetaMode.h"
#include "ops/ReduceOpsUtils.h"
#include "ops/Resize.h"
#include "ops/TensorIterator.h"
#include "runtime/Exception.h"
#include "runtime/Parallel.h"
#include "runtime/TypeCast.h"

/* ---- cummax, cummin ---------------------------------------------------------------- */

/* Note [cummax ties and NaN]
 * 1.13's cummax_cummin_helper replaces the running extreme when the new
 * element is NaN, or when the running one is not NaN and the new one is
 * >= it (cummax) or <= it (cummin).  So a tie moves the index to the later
 * element, the first NaN sticks (value and index) to the end of the line,
 * and -0.0 after 0.0 is taken (they compare equal).  The value stored is the
 * chosen element itself (its bits), as 1.13 copies it.  Floating types
 * compare as double (exact for Float, Double, BFloat16), the others as
 * int64 (Bool as 0/1). */
typedef struct CumExtreme {
  bool max, floating;
  ScalarType dtype;
  size_t itemsize;
  int64_t len, self_stride, values_stride, indices_stride; /* strides in bytes */
} CumExtreme;

static bool cum_takes(const CumExtreme* C, const char* cur, const char* best) {
  if (C->floating) {
    double c = load_double(C->dtype, cur), b = load_double(C->dtype, best);
    return isnan(c) || (!isnan(b) && (C->max ? c >= b : c <= b));
  }
  int64_t c = load_int(C->dtype, cur), b = load_int(C->dtype, best);
  return C->max ? c >= b : c <= b;
}

/* One line: the running extreme into values, its index into indices.
 * PyTorch 1.13: ReduceOps.cpp cummax_cummin_helper */
static void cum_extreme_line(const CumExtreme* C, const char* s, char* v, char* ix) {
  char best[16];
  memcpy(best, s, C->itemsize);
  int64_t idx = 0;
  for (int64_t i = 0; i < C->len; i++) {
    const char* cur = s + i * C->self_stride;
    if (cum_takes(C, cur, best)) {
      memcpy(best, cur, C->itemsize);
      idx = i;
    }
    memcpy(v + i * C->values_stride, best, C->itemsize);
    memcpy(ix + i * C->indices_stride, &idx, sizeof idx);
  }
}

/* The helper's arguments: values of self's dtype and indices of Long, as
 * tensor_dim_apply3's data_ptr<T>() calls check them.  NB(minaten): past
 * that 1.13's helper trusts its caller (cummax_out): called directly with
 * a dim out of range (-1 included: it does not wrap) or with outputs of
 * another shape, it reads and writes out of bounds (`_cummin_helper(a, v,
 * i, -1)` corrupts the heap).  minaten wraps dim (IndexError past the
 * range) and refuses such outputs; a 0-dim self is one line of one
 * element.  0, or -1 with the error.
 * PyTorch 1.13: aten/src/ATen/native/TensorDimApply.h tensor_dim_apply3 */
static int cum_extreme_helper_args(const Tensor* self, const Tensor* values, const Tensor* indices, int64_t* dim,
                                   const char* name) {
  TORCH_CHECK(values->dtype == self->dtype, "expected scalar type %s but found %s", ScalarType_name(self->dtype),
              ScalarType_name(values->dtype));
  TORCH_CHECK(indices->dtype == ScalarType_Long, "expected scalar type Long but found %s",
              ScalarType_name(indices->dtype));
  TORCH_CHECK(Tensor_hasSizes(values, Tensor_sizes(self)) && Tensor_hasSizes(indices, Tensor_sizes(self)),
              "%s: expected values and indices of self's shape", name);
  *dim = maybe_wrap_dim(*dim, self->dim, true);
  return *dim < 0 ? -1 : 0;
fail:
  return -1;
}

/* The loop over a tile of lines: data = {values, indices, self} at each
 * line's first element. */
static void cum_extreme_loop2d(void* ctx, char** data, const int64_t* strides, int64_t size0, int64_t size1) {
  const CumExtreme* C = ctx;
  for (int64_t b = 0; b < size1; b++)
    for (int64_t a = 0; a < size0; a++)
      cum_extreme_line(C, data[2] + b * strides[5] + a * strides[2], data[0] + b * strides[3] + a * strides[0],
                       data[1] + b * strides[4] + a * strides[1]);
}

/* Every line of self along dim.
 * PyTorch 1.13: ReduceOps.cpp cummax_helper_cpu / cummin_helper_cpu
 * (at::native::tensor_dim_apply3) */
static void cum_extreme_helper(const Tensor* self, Tensor* values, Tensor* indices, int64_t dim, bool max) {
  const char* name = max ? "cummax_cpu" : "cummin_cpu";
  ScalarType t = self->dtype;
  TORCH_CHECK(!(ScalarType_isComplex(t) || t == ScalarType_Half || ScalarType_isQuantized(t)),
              "\"%s\" not implemented for '%s'", name, ScalarType_name(t));
  TRY(cum_extreme_helper_args(self, values, indices, &dim, name) == 0);
  if (MetaMode_isEnabled() || self->numel == 0) return;
  if (self->dim == 0) {
    CumExtreme one = {max, false, t, Tensor_itemsize(self), 1, 0, 0, 0};
    cum_extreme_line(&one, Tensor_data(self), Tensor_data(values), Tensor_data(indices));
    return;
  }
  size_t isz = Tensor_itemsize(self);
  CumExtreme C = {max, ScalarType_isFloating(t), t, isz, self->sizes[dim], self->strides[dim] * (int64_t)isz,
                  values->strides[dim] * (int64_t)isz, indices->strides[dim] * (int64_t)sizeof(int64_t)};
  /* 1.13's walk: every element of self's shape with dim squashed to 1 is one line */
  int64_t shape[MINATEN_MAX_DIM], vs[MINATEN_MAX_DIM], is[MINATEN_MAX_DIM], ss[MINATEN_MAX_DIM];
  for (int64_t k = 0; k < self->dim; k++) {
    shape[k] = k == dim ? 1 : self->sizes[k];
    vs[k] = values->strides[k] * (int64_t)isz;
    is[k] = indices->strides[k] * (int64_t)sizeof(int64_t);
    ss[k] = self->strides[k] * (int64_t)isz;
  }
  TensorIteratorBase iter;
  char* data[3] = {Tensor_data(values), Tensor_data(indices), Tensor_data(self)};
  const int64_t* strides[3] = {vs, is, ss};
  TensorIterator_initStrided(&iter, data, strides, 3, shape, self->dim);
  TensorIterator_for_each(&iter, cum_extreme_loop2d, &C, AT_GRAIN_SIZE / (C.len > 1 ? C.len : 1));
fail:
  return;
}

/* PyTorch 1.13: ReduceOps.cpp cummax_helper_cpu */
void at_native_cummax_helper_cpu(const Tensor* self, Tensor* values, Tensor* indices, int64_t dim) {
  cum_extreme_helper(self, values, indices, dim, true);
}

/* PyTorch 1.13: ReduceOps.cpp cummin_helper_cpu */
void at_native_cummin_helper_cpu(const Tensor* self, Tensor* values, Tensor* indices, int64_t dim) {
  cum_extreme_helper(self, values, indices, dim, false);
}

/* PyTorch 1.13: ReduceOps.cpp cummax_out, cummin_out */
static TensorTuple2 cum_extreme_out(const Tensor* self, int64_t dim, Tensor* values, Tensor* indices, bool max) {
  TensorTuple2 r = {{NULL, NULL}};
  TRY(check_scalar_type_device_layout_equal(values, self, self->dtype) == 0);
  TRY(check_scalar_type_device_layout_equal(indices, self, ScalarType_Long) == 0);
  TRY(resize_output(values, Tensor_sizes(self)) >= 0);
  TRY(resize_output(indices, Tensor_sizes(self)) >= 0);
  if (self->dim == 0) {
    Tensor* f = at_fill__Tensor(values, self);
    TRY(f != NULL);
    Tensor_release(f);
    TRY((f = at_fill__Scalar(indices, Scalar_fromLong(0))) != NULL);
    Tensor_release(f);
  } else if (self->numel != 0) {
    int64_t d = maybe_wrap_dim(dim, self->dim, true);
    TRY(d >= 0);
    if (max) {
      at__cummax_helper(self, values, indices, d);
    } else {
      at__cummin_helper(self, values, indices, d);
    }
    TRY(!Error_occurred());
  }
  r.items[0] = Tensor_retain(values);
  r.items[1] = Tensor_retain(indices);
fail:
  return r;
}

/* PyTorch 1.13: ReduceOps.cpp cummax, cummin */
static TensorTuple2 cum_extreme(const Tensor* self, int64_t dim, bool max) {
  TensorTuple2 r = {{NULL, NULL}};
  OptionalDevice device = {true, self->device};
  OptionalScalarType long_dtype = {true, ScalarType_Long}, self_dtype = {true, self->dtype};
  Tensor* values = at_empty_memory_format(Tensor_sizes(self), self_dtype, kNoLayout, device, kNoPinMemory,
                                          kNoMemoryFormat);
  Tensor* indices = values == NULL ? NULL
                                   : at_empty_memory_format(Tensor_sizes(self), long_dtype, kNoLayout, device,
                                                            kNoPinMemory, kNoMemoryFormat);
  if (indices != NULL) {
    TensorTuple2 o = max ? at_cummax_out(self, dim, values, indices) : at_cummin_out(self, dim, values, indices);
    if (o.items[0] != NULL) r = (TensorTuple2){{Tensor_retain(values), Tensor_retain(indices)}};
    Tensor_release(o.items[0]);
    Tensor_release(o.items[1]);
  }
  Tensor_release(values);
  Tensor_release(indices);
  return r;
}

/* PyTorch 1.13: ReduceOps.cpp cummax_out */
TensorTuple2 at_native_cummax_out(const Tensor* self, int64_t dim, Tensor* values, Tensor* indices) {
  return cum_extreme_out(self, dim, values, indices, true);
}
/* PyTorch 1.13: ReduceOps.cpp cummin_out */
TensorTuple2 at_native_cummin_out(const Tensor* self, int64_t dim, Tensor* values, Tensor* indices) {
  return cum_extreme_out(self, dim, values, indices, false);
}
/* PyTorch 1.13: ReduceOps.cpp cummax */
TensorTuple2 at_native_cummax(const Tensor* self, int64_t dim) { return cum_extreme(self, dim, true); }
/* PyTorch 1.13: ReduceOps.cpp cummin */
TensorTuple2 at_native_cummin(const Tensor* self, int64_t dim) { return cum_extreme(self, dim, false); }

/* The gradient of cummax/cummin: grad summed into the positions the
 * indices name (an empty input is its own gradient).  While a mode is on,
 * the out-of-place scatter_add (1.13's path for tensor-subclass-like
 * arguments; see Note [Subclass-like paths under the trace] in
 * autograd/FunctionsManual.c).
 * PyTorch 1.13: ReduceOps.cpp cummaxmin_backward */
Tensor* at_native_cummaxmin_backward(const Tensor* grad, const Tensor* input, const Tensor* indices, int64_t dim) {
  if (input->numel == 0) return Tensor_retain(input);
  OptionalScalarType dtype = {true, input->dtype};
  OptionalDevice device = {true, input->device};
  Tensor* result = at_zeros(Tensor_sizes(input), dtype, kNoLayout, device, kNoPinMemory);
  if (result == NULL) return NULL;
  Tensor* r = dispatch_mode_enabled() ? at_scatter_add(result, dim, indices, grad)
                                      : at_scatter_add_(result, dim, indices, grad);
  Tensor_release(result);
  return r;
}

/* ---- logcumsumexp ------------------------------------------------------------------ */

/* log(exp(x) + exp(y)) with y the running value: NaN in y propagates, two
 * equal infinities give x (-inf stays -inf, inf stays inf); std::min and
 * std::max return their first argument when the comparison fails.
 * PyTorch 1.13: cpu/ReduceOpsKernel.cpp logcumsumexp_cpu_kernel (log_add_exp) */
static double log_add_exp(double x, double y) {
  double lo = isnan(y) ? y : (y < x ? y : x);
  double hi = isnan(y) ? y : (x < y ? y : x);
  if (lo != hi || isfinite(lo)) return log1p(exp(lo - hi)) + hi;
  return x;
}

/* The same in float, BFloat16's accumulate type. */
static float log_add_expf(float x, float y) {
  float lo = isnan(y) ? y : (y < x ? y : x);
  float hi = isnan(y) ? y : (x < y ? y : x);
  if (lo != hi || isfinite(lo)) return log1pf(expf(lo - hi)) + hi;
  return x;
}

/* One line along dim, from -inf, each running value stored in result's
 * dtype.  PyTorch 1.13: cpu/ReduceOpsKernel.cpp logcumsumexp_cpu_kernel */
static void logcumsumexp_line(ScalarType t, ScalarType out_t, const char* s, int64_t ss, char* o, int64_t os,
                              int64_t len) {
  double acc = -INFINITY;
  float accf = -INFINITY;
  for (int64_t i = 0; i < len; i++) {
    double x = load_double(t, s + i * ss);
    if (t == ScalarType_BFloat16) {
      accf = log_add_expf((float)x, accf);
      acc = accf;
    } else {
      acc = log_add_exp(x, acc);
    }
    store_from_double(out_t, o + i * os, acc);
  }
}

/* A line's parameters for the loop below. */
typedef struct CumLogLoop {
  ScalarType in_type, out_type;
  int64_t len, in_stride, out_stride;
} CumLogLoop;

/* The loop over a tile of lines: data = {result, self} at each line's
 * first element.  PyTorch 1.13: cpu/ReduceOpsKernel.cpp cpu_cum_base_kernel (its loop) */
static void logcumsumexp_loop2d(void* ctx, char** data, const int64_t* strides, int64_t size0, int64_t size1) {
  const CumLogLoop* L = ctx;
  for (int64_t b = 0; b < size1; b++)
    for (int64_t a = 0; a < size0; a++)
      logcumsumexp_line(L->in_type, L->out_type, data[1] + b * strides[3] + a * strides[1], L->in_stride,
                        data[0] + b * strides[2] + a * strides[0], L->out_stride, L->len);
}

/* Every line of self along dim into result (of self's shape), walked as
 * 1.13's iterator with dim squashed to size 1 walks them. */
static void logcumsumexp_lines(const Tensor* self, Tensor* result, int64_t dim) {
  int64_t isz = (int64_t)Tensor_itemsize(self), osz = (int64_t)Tensor_itemsize(result);
  CumLogLoop L = {self->dtype, result->dtype, self->sizes[dim], self->strides[dim] * isz, result->strides[dim] * osz};
  int64_t shape[MINATEN_MAX_DIM], os[MINATEN_MAX_DIM], ss[MINATEN_MAX_DIM];
  for (int64_t k = 0; k < self->dim; k++) {
    shape[k] = k == dim ? 1 : self->sizes[k];
    os[k] = result->strides[k] * osz;
    ss[k] = self->strides[k] * isz;
  }
  TensorIteratorBase iter;
  char* data[2] = {Tensor_data(result), Tensor_data(self)};
  const int64_t* strides[2] = {os, ss};
  TensorIterator_initStrided(&iter, data, strides, 2, shape, self->dim);
  TensorIterator_for_each(&iter, logcumsumexp_loop2d, &L, AT_GRAIN_SIZE / (L.len > 1 ? L.len : 1));
}

/* dim wrapped (a 0-dim self takes -1 and 0), the dtype checked, result
 * resized, then a 0-dim self copied, an empty one left, the rest computed.
 * NB(minaten): a result of another dtype (only `_logcumsumexp.out` called
 * directly can pass one) receives the values converted; 1.13 writes self's
 * element type into it as is.
 * PyTorch 1.13: ReduceOps.cpp _logcumsumexp_out_cpu, cpu/ReduceOpsKernel.cpp
 * logcumsumexp_cpu_kernel, cpu_cum_base_kernel */
Tensor* at_native__logcumsumexp_out_cpu(const Tensor* self, int64_t dim, Tensor* out) {
  int64_t d = maybe_wrap_dim(dim, self->dim, true);
  if (d < 0) return NULL;
  ScalarType t = self->dtype;
  TORCH_CHECK(t == ScalarType_Float || t == ScalarType_Double || t == ScalarType_BFloat16,
              "\"logcumsumexp_out_cpu\" not implemented for '%s'", ScalarType_name(t));
  TRY(resize_output(out, Tensor_sizes(self)) >= 0);
  if (self->numel == 0 || MetaMode_isEnabled()) return Tensor_retain(out);
  if (self->dim == 0) return at_fill__Tensor(out, self);
  logcumsumexp_lines(self, out, d);
  return Tensor_retain(out);
fail:
  return NULL;
}

/* PyTorch 1.13: ReduceOps.cpp _logcumsumexp_cpu */
Tensor* at_native__logcumsumexp_cpu(const Tensor* self, int64_t dim) {
  OptionalMemoryFormat contiguous = {true, MemoryFormat_Contiguous};
  Tensor* result = at_empty_like(self, kNoDtype, kNoLayout, kNoDevice, kNoPinMemory, contiguous);
  if (result == NULL) return NULL;
  Tensor* r = at_native__logcumsumexp_out_cpu(self, dim, result);
  Tensor_release(result);
  return r;
}

/* PyTorch 1.13: ReduceOps.cpp logcumsumexp */
Tensor* at_native_logcumsumexp(const Tensor* self, int64_t dim) { return at__logcumsumexp(self, dim); }

/* PyTorch 1.13: ReduceOps.cpp logcumsumexp_out */
Tensor* at_native_logcumsumexp_out(const Tensor* self, int64_t dim, Tensor* out) {
  if (check_scalar_type_device_layout_equal(out, self, self->dtype) < 0) return NULL;
  return at__logcumsumexp_out(self, dim, out);
}
