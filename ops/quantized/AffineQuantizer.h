/*
 * AffineQuantizer.h - what the quantized kernels (the .c files of ops/quantized/) share:
 * making quantized tensors, and the element formulas of PyTorch 1.13 as
 * Debian builds it (no FBGEMM: the scalar quantize_val / dequantize_val
 * paths, with the AVX2 per-tensor dequantize loop).
 *
 * PyTorch 1.13: aten/src/ATen/native/quantized/AffineQuantizer.h,
 * AffineQuantizerBase.cpp, aten/src/ATen/quantized/Quantizer.cpp (new_qtensor),
 * aten/src/ATen/quantized/QTensorImpl.h
 */
#ifndef MINATEN_OPS_QUANTIZED_AFFINEQUANTIZER_H
#define MINATEN_OPS_QUANTIZED_AFFINEQUANTIZER_H

#include <math.h>
#include <stdbool.h>
#include <stdint.h>

#include "runtime/TensorImpl.h"

/* PyTorch's Tensor::is_quantized: the tensor carries the QuantizedCPU key. */
static inline bool Tensor_isQuantized(const Tensor* t) {
  return DispatchKeySet_has(t->key_set, DispatchKey_QuantizedCPU);
}

/*
 * A new contiguous quantized tensor of `sizes` with fresh (uninitialised)
 * storage of q->scalar_type, holding one new reference to q.  NULL + error
 * for a negative size or OOM.
 * PyTorch 1.13: aten/src/ATen/quantized/Quantizer.cpp new_qtensor
 */
Tensor* new_qtensor(IntArrayRef sizes, Quantizer* q);

/*
 * A view of self's storage with the given geometry and quantizer (one new
 * reference), the key set and dtype of self.  No checks: the caller computed
 * a valid geometry.  PyTorch 1.13: aten/src/ATen/native/TensorShape.cpp make_qtensor
 */
Tensor* make_qtensor(const Tensor* self, IntArrayRef size, IntArrayRef stride, int64_t storage_offset,
                     Quantizer* q);

/* The integer range of a quantized dtype (quint8: [0, 255]). */
void qint_range(ScalarType t, int64_t* qmin, int64_t* qmax);

/*
 * checkZeroPoint: "FN zero_point Z is above upper bound." / "... is below
 * lower bound." for a zero point outside the dtype's range.  0 or -1.
 * PyTorch 1.13: aten/src/ATen/native/quantized/AffineQuantizer.cpp checkZeroPoint
 */
int checkZeroPoint(const char* fn_name, ScalarType t, int64_t zero_point);

/*
 * One real value to its integer, as PyTorch's quantize_val (non-FBGEMM):
 *   inv_scale = 1.0f / (float)scale
 *   q = (int64_t)((float)zero_point + nearbyintf(value * inv_scale))
 *   clamp q to the dtype's range
 * all in float.  NB(minaten): C++ leaves 1/0 and an out-of-range float to
 * int64 conversion undefined; x86-64 gives +-inf and INT64_MIN, and minaten
 * computes those without undefined behaviour (so a scale of 0 quantizes
 * everything to the lower end, as PyTorch does on this machine).
 * PyTorch 1.13: aten/src/ATen/native/quantized/AffineQuantizerBase.cpp quantize_val
 */
static inline int64_t quantize_val(double scale, int64_t zero_point, float value, int64_t qmin, int64_t qmax);

/* (float)d without undefined behaviour: out of float's range gives +-inf,
 * as the hardware conversion does. */
float double_to_float(double d);

/* 1.0f / (float)scale, with 1/0 as IEEE's +-inf (undefined in C). */
static inline float quantize_inv_scale(double scale) {
  float scale_f = double_to_float(scale);
  return scale_f == 0.0f ? copysignf(INFINITY, scale_f) : 1.0f / scale_f;
}

/* quantize_val with the inverse scale computed once (the loops' form).
 * rintf rounds as nearbyint does (ties to even), without its
 * floating-point environment save and restore. */
static inline int64_t quantize_val_inv(float inv_scale, int64_t zero_point, float value, int64_t qmin,
                                       int64_t qmax) {
  /* C++'s `zero_point + Round(value * inv_scale)`: int64_t + float is float. */
  float transformed = (float)zero_point + rintf(value * inv_scale);
  /* static_cast<int64_t>: cvttss2si gives INT64_MIN for NaN and out of range. */
  int64_t q = (transformed >= -0x1p63f && transformed < 0x1p63f) ? (int64_t)transformed : INT64_MIN;
  return q < qmin ? qmin : q > qmax ? qmax : q;
}

static inline int64_t quantize_val(double scale, int64_t zero_point, float value, int64_t qmin, int64_t qmax) {
  return quantize_val_inv(quantize_inv_scale(scale), zero_point, value, qmin, qmax);
}

/* Reads / writes element i (a flat index into the storage, in elements) of
 * a quantized dtype's integer representation. */
int64_t qint_load(ScalarType t, const char* base, int64_t i);
void qint_store(ScalarType t, char* base, int64_t i, int64_t v);

/*
 * The real value of the integer v of a tensor quantized with q, in channel
 * `channel` of q's axis (ignored per tensor), as dequantize computes it
 * (per-tensor: the float arithmetic of the AVX2 loop; per-channel:
 * dequantize_val with the double scale).  The caller has checked that a
 * per-channel axis and channel are valid (see Quantize.c).
 * PyTorch 1.13: cpu/QuantizedOpKernels.cpp dequantize_tensor_per_tensor_affine_cpu
 * (Vectorized<T>::dequantize), AffineQuantizerBase.cpp dequantize_val
 */
float dequantize_qint(const Quantizer* q, int64_t v, int64_t channel);

/*
 * The per-channel quantizer of (scales, zero_points, axis), refcount 1, with
 * PyTorch's checks of the two parameter tensors; NULL + RuntimeError.
 * PyTorch 1.13: aten/src/ATen/quantized/Quantizer.cpp make_per_channel_affine_quantizer
 */
Quantizer* make_per_channel_affine_quantizer(const Tensor* scales, const Tensor* zero_points, int64_t axis,
                                             ScalarType dtype);

/*
 * The checks 1.13's quantize_tensor_per_{tensor,channel}_affine (or, with
 * `dequantize`, dequantize_tensor_per_*_affine) make before their loop, for
 * the tensor t and its quantizer qz of dtype: each zero point within
 * dtype's range; per channel, qz's axis within t's dimensions and one scale
 * per channel of that axis.  0, or -1 with PyTorch's RuntimeError.
 * PyTorch 1.13: aten/src/ATen/native/quantized/AffineQuantizer.cpp
 * (checkZeroPoints, checkPerChannelParamsSize)
 */
int check_affine_quantizer(const Quantizer* qz, ScalarType dtype, const Tensor* t, bool dequantize);

/* Quantizes the Float tensor self (any strides: a strided one is first
 * copied to a contiguous one, as 1.13's quantizers do) into q, contiguous
 * and of the same shape, with q's quantizer; no checks.  0, or -1 when that
 * copy cannot be allocated.  The loop of quantize_tensor_per_tensor_affine
 * / quantize_tensor_per_channel_affine.
 * PyTorch 1.13: aten/src/ATen/native/quantized/cpu/QuantizedOpKernels.cpp */
int quantize_into(const Tensor* self, Tensor* q);

#endif
