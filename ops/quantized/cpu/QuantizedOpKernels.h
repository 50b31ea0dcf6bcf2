/*
 * QuantizedOpKernels.h - the stubs of the 8-bit per-tensor quantize and
 * dequantize loops; see QuantizedOpKernels.c.
 * PyTorch 1.13: aten/src/ATen/native/quantized/AffineQuantizer.h
 * (quantize_tensor_per_tensor_affine_stub, dequantize_tensor_per_tensor_affine_stub)
 */
#ifndef MINATEN_OPS_QUANTIZED_CPU_QUANTIZEDOPKERNELS_H
#define MINATEN_OPS_QUANTIZED_CPU_QUANTIZEDOPKERNELS_H

#include <stdbool.h>
#include <stdint.h>

#include "ops/DispatchStub.h"
#include "ops/TensorIterator.h"
#include "runtime/ScalarType.h"

/* Per-tensor quantization of n contiguous floats into quint8 (is_signed
 * false) or qint8 bytes at o: quantize_val_inv of
 * ops/quantized/AffineQuantizer.h on each (zero_point + rint(x * inv_scale),
 * clamped; NaN and values beyond int64 give the minimum). */
typedef void (*quantize_8bit_fn)(void* o, bool is_signed, const float* a, float inv_scale, int64_t zero_point,
                                 int64_t n);
/* The inverse: (float)(int32)(q - zero_point) * scale, the subtraction
 * wrapping in 32 bits (zero_point: the low 32 bits of the zero point). */
typedef void (*dequantize_8bit_fn)(float* o, const void* q, bool is_signed, uint32_t zero_point, float scale,
                                   int64_t n);
DECLARE_DISPATCH(quantize_8bit_fn, quantize_8bit_stub);
DECLARE_DISPATCH(dequantize_8bit_fn, dequantize_8bit_stub);

/* What qgelu's loop needs: the dtype, the input's (= the output's) scale and
 * zero point, and the form (approximate='tanh' or not). */
typedef struct QGeluLoop {
  ScalarType dtype;
  float scale;
  int64_t zero_point;
  bool tanh;
} QGeluLoop;
/* qy = gelu(qx) over the iterator (qy, qx) of one per-tensor quantized dtype.
 * PyTorch 1.13: native/quantized/cpu/QuantizedOps.h qgelu_fn */
typedef void (*qgelu_fn)(TensorIteratorBase* iter, const QGeluLoop* L);
DECLARE_DISPATCH(qgelu_fn, qgelu_stub);

#endif
