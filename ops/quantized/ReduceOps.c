/*
 * ReduceOps.c - mean of a quantized tensor (QuantizedCPU: mean.dim and
 * mean.out; the full `mean()` reaches mean.dim with no dims).
 *
 * Two routes, as in 1.13:
 *   - the fast path, when self is contiguous, the reduced dims are the
 *     innermost ones (none given, or after wrapping, sorted, a run ending at
 *     the last dim) and dtype is absent or self's own: the integers of each
 *     group of N contiguous elements are summed in int64, the mean is
 *     (float)sum / N, and nearbyint of it is stored as the result's integer,
 *     with self's scale and zero point (the zero point cancels out).  A
 *     group of no elements gives NaN, which the float-to-integer conversion
 *     stores as the low bits of INT32_MIN (0 for quint8/qint8);
 *   - otherwise dequantize, the CPU mean (with its checks and errors), then
 *     quantize_per_tensor with self's scale and zero point to dtype (or
 *     self's dtype).
 * Either route asks self for q_scale(), so a per-channel tensor raises that
 * accessor's error.
 *
 * Note [Quantized mean.out does not write out]
 * 1.13's mean_out_quantized_cpu assigns the new result to its `Tensor&
 * result` parameter instead of writing into it: the tensor the caller gave
 * as out= keeps its values, shape and dtype, and the operator returns the
 * new quantized tensor.  minaten does the same.
 *
 * PyTorch 1.13: aten/src/ATen/native/quantized/cpu/ReduceOps.cpp,
 * cpu/QuantizedOpKernels.cpp qmean_inner_dim_kernel (hsum)
 */
#include <math.h>
#include <string.h>

#include "Functions.h"
#include "NativeFunctions.h"
#include "ops/MetaMode.h"
#include "ops/quantized/AffineQuantizer.h"
#include "runtime/Exception.h"

/* 1.13's is_innnermost_dim and is_mean_inner_dim_fast_path (with self's
 * contiguity): 1 for the fast path, 0 for the reference one, -1 with
 * IndexError for a dim out of range. */
static int is_mean_inner_dim_fast_path(const Tensor* self, OptionalIntArrayRef dim, OptionalScalarType dtype) {
  if (!self->is_contiguous) return 0;
  if (dtype.has_value && dtype.value != self->dtype) return 0;
  if (!dim.has_value || dim.value.size == 0) return 1;
  int64_t dims[MINATEN_MAX_DIM + 1];
  size_t n = dim.value.size;
  if (n > MINATEN_MAX_DIM + 1) return 0; /* duplicates: not a run of innermost dims */
  for (size_t i = 0; i < n; i++) {
    dims[i] = maybe_wrap_dim(dim.value.data[i], self->dim, true);
    if (dims[i] < 0) return -1;
  }
  /* sorted, largest first */
  for (size_t i = 1; i < n; i++)
    for (size_t j = i; j > 0 && dims[j] > dims[j - 1]; j--) {
      int64_t t = dims[j];
      dims[j] = dims[j - 1];
      dims[j - 1] = t;
    }
  int64_t last = self->dim > 0 ? self->dim - 1 : 0;
  if (dims[0] != last) return 0;
  for (size_t i = 1; i < n; i++)
    if (dims[i] != dims[i - 1] - 1) return 0;
  return 1;
}

/* (float)v to the dtype's integer as the x86-64 conversion does: NaN and
 * out-of-range values become INT32_MIN, then the low bits are kept. */
static int64_t float_to_qint(ScalarType t, float v) {
  int32_t i = (v >= -0x1p31f && v < 0x1p31f) ? (int32_t)v : INT32_MIN;
  switch (t) {
    case ScalarType_QUInt8: return (uint8_t)(uint32_t)i;
    case ScalarType_QInt8: return (int8_t)(uint8_t)(uint32_t)i;
    default: return i;
  }
}

/* PyTorch 1.13: aten/src/ATen/native/quantized/cpu/kernels/QuantizedOpKernels.cpp qmean_inner_dim_kernel */
static Tensor* qmean_inner_dim(const Tensor* self, OptionalIntArrayRef dim, bool keepdim) {
  bool all_reduce = !dim.has_value || dim.value.size == 0;
  int64_t ndim = self->dim;
  int64_t squeeze = all_reduce ? ndim : (int64_t)dim.value.size;
  if (squeeze > ndim) squeeze = ndim; /* a 0-dim tensor reduced over dim 0 */
  int64_t out_sizes[MINATEN_MAX_DIM];
  int64_t out_ndim = 0, M = 1, N = 1;
  for (int64_t i = 0; i < ndim; i++) {
    if (i < ndim - squeeze) {
      M *= self->sizes[i];
      out_sizes[out_ndim++] = self->sizes[i];
    } else {
      N *= self->sizes[i];
      if (keepdim) out_sizes[out_ndim++] = 1;
    }
  }
  at_q_scale(self); /* the per-tensor check of self.q_scale() */
  if (Error_occurred()) return NULL;
  Tensor* r = new_qtensor(IntArrayRef_make(out_sizes, (size_t)out_ndim), self->quantizer);
  if (r == NULL || M == 0 || MetaMode_isEnabled()) return r;
  const char* in = Tensor_data(self);
  char* out = Tensor_data(r);
  for (int64_t i = 0; i < M; i++) {
    int64_t sum = 0;
    for (int64_t j = 0; j < N; j++) sum += qint_load(self->dtype, in, i * N + j);
    float mean = (float)sum / (float)N;
    qint_store(self->dtype, out, i, float_to_qint(self->dtype, nearbyintf(mean)));
  }
  return r;
}

/* The result of mean_out_quantized_cpu (a new tensor; see Note [Quantized mean.out does not write out]). */
static Tensor* mean_quantized(const Tensor* self, OptionalIntArrayRef dim, bool keepdim, OptionalScalarType dtype) {
  int fast = is_mean_inner_dim_fast_path(self, dim, dtype);
  if (fast < 0) return NULL;
  if (fast) return qmean_inner_dim(self, dim, keepdim);
  Tensor *self_dq = NULL, *mean_dq = NULL, *r = NULL;
  TRY((self_dq = at_dequantize_self(self)) != NULL);
  TRY((mean_dq = at_mean_dim(self_dq, dim, keepdim, dtype)) != NULL);
  /* quantize_per_tensor(mean, self.q_scale(), self.q_zero_point(), ...):
   * g++ evaluates the arguments right to left, so q_zero_point asks first */
  int64_t zero_point = at_q_zero_point(self);
  TRY(!Error_occurred());
  double scale = at_q_scale(self);
  TRY(!Error_occurred());
  r = at_quantize_per_tensor(mean_dq, scale, zero_point, dtype.has_value ? dtype.value : self->dtype);
fail:
  Tensor_release(self_dq);
  Tensor_release(mean_dq);
  return r;
}

/* PyTorch 1.13: aten/src/ATen/native/quantized/cpu/ReduceOps.cpp at::native::mean_quantized_cpu */
Tensor* at_native_mean_quantized_cpu(const Tensor* self, OptionalIntArrayRef dim, bool keepdim,
                                     OptionalScalarType dtype) {
  return mean_quantized(self, dim, keepdim, dtype);
}

/* PyTorch 1.13: aten/src/ATen/native/quantized/cpu/ReduceOps.cpp at::native::mean_out_quantized_cpu
 * (see Note [Quantized mean.out does not write out]) */
Tensor* at_native_mean_out_quantized_cpu(const Tensor* self, OptionalIntArrayRef dim, bool keepdim,
                                         OptionalScalarType dtype, Tensor* out) {
  (void)out;
  return mean_quantized(self, dim, keepdim, dtype);
}
