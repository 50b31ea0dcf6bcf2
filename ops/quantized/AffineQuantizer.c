/*
 * AffineQuantizer.c - quantized tensor construction and the element
 * formulas; see AffineQuantizer.h.
 *
 * PyTorch 1.13: aten/src/ATen/native/quantized/AffineQuantizer.cpp (checks),
 * AffineQuantizerBase.cpp (quantize_val, dequantize_val),
 * aten/src/ATen/quantized/Quantizer.cpp (new_qtensor)
 */
#include "ops/quantized/AffineQuantizer.h"

#include <math.h>
#include <string.h>

#include "ops/EmptyTensor.h"
#include "ops/TensorUtils.h"
#include "runtime/Allocator.h"
#include "runtime/Exception.h"
#include "runtime/safe_numerics.h"

/* PyTorch sizes the storage as multiply_integers(sizes) * itemsize in int64,
 * wrapping, and allocates before it checks numel: a size that wraps negative
 * reaches the allocator's own check, one whose element count overflows but
 * whose byte count wraps to a valid size fails on numel.
 * NB(minaten): where only the byte count overflows (qint32 [2**62 + 1]),
 * PyTorch allocates the wrapped, too small size; minaten refuses with the
 * storage size error. */
Tensor* new_qtensor(IntArrayRef sizes, Quantizer* q) {
  char buf[1536];
  for (size_t i = 0; i < sizes.size; i++)
    TORCH_CHECK(sizes.data[i] >= 0, "Trying to create tensor with negative dimension %lld: %s",
                (long long)sizes.data[i], IntArrayRef_format(sizes, buf, sizeof buf));
  size_t itemsize = ScalarType_elementSize(q->scalar_type);
  int64_t size_bytes = mul_wrap(IntArrayRef_product(sizes), (int64_t)itemsize);
  if (size_bytes < 0) {
    void* refused = Allocator_allocate((size_t)size_bytes); /* NULL, with alloc_cpu's error */
    TORCH_INTERNAL_ASSERT(refused == NULL);
    return NULL;
  }
  TRY(check_numel(sizes) == 0);
  TRY(check_storage_nbytes(computeStorageNbytesContiguous(sizes, itemsize, 0), sizes) == 0);
  Tensor* storage_owner = empty_cpu(sizes, q->scalar_type);
  if (storage_owner == NULL) return NULL;
  Tensor* t = Tensor_new(storage_owner->storage, 0, sizes, Tensor_strides(storage_owner), q->scalar_type,
                         Device_cpu(), DispatchKey_QuantizedCPU);
  Tensor_release(storage_owner);
  if (t) t->quantizer = Quantizer_retain(q);
  return t;
fail:
  return NULL;
}

Tensor* make_qtensor(const Tensor* self, IntArrayRef size, IntArrayRef stride, int64_t storage_offset,
                     Quantizer* q) {
  Tensor* t = Tensor_new(self->storage, storage_offset, size, stride, self->dtype, self->device,
                         DispatchKey_QuantizedCPU);
  if (t) {
    t->key_set = self->key_set;
    t->quantizer = Quantizer_retain(q);
  }
  return t;
}

void qint_range(ScalarType t, int64_t* qmin, int64_t* qmax) {
  switch (t) {
    case ScalarType_QUInt8: *qmin = 0, *qmax = UINT8_MAX; break;
    case ScalarType_QInt8: *qmin = INT8_MIN, *qmax = INT8_MAX; break;
    case ScalarType_QInt32: *qmin = INT32_MIN, *qmax = INT32_MAX; break;
    default: TORCH_INTERNAL_ASSERT(!"qint_range: not a quantized dtype");
  }
}

int checkZeroPoint(const char* fn_name, ScalarType t, int64_t zero_point) {
  int64_t qmin, qmax;
  qint_range(t, &qmin, &qmax);
  TORCH_CHECK(zero_point <= qmax, "%s zero_point %lld is above upper bound.", fn_name, (long long)zero_point);
  TORCH_CHECK(zero_point >= qmin, "%s zero_point %lld is below lower bound.", fn_name, (long long)zero_point);
  return 0;
fail:
  return -1;
}

float double_to_float(double d) {
  /* Halfway between FLT_MAX and 2^128 rounds to 2^128 (FLT_MAX is odd), i.e. inf. */
  if (d >= 0x1.ffffffp+127) return INFINITY;
  if (d <= -0x1.ffffffp+127) return -INFINITY;
  return (float)d;
}


int64_t qint_load(ScalarType t, const char* base, int64_t i) {
  switch (t) {
    case ScalarType_QUInt8: return ((const uint8_t*)base)[i];
    case ScalarType_QInt8: return ((const int8_t*)base)[i];
    case ScalarType_QInt32: return ((const int32_t*)base)[i];
    default: TORCH_INTERNAL_ASSERT(!"qint_load: not a quantized dtype");
  }
  return 0;
}

void qint_store(ScalarType t, char* base, int64_t i, int64_t v) {
  switch (t) {
    case ScalarType_QUInt8: ((uint8_t*)base)[i] = (uint8_t)v; break;
    case ScalarType_QInt8: ((int8_t*)base)[i] = (int8_t)v; break;
    case ScalarType_QInt32: ((int32_t*)base)[i] = (int32_t)v; break;
    default: TORCH_INTERNAL_ASSERT(!"qint_store: not a quantized dtype");
  }
}

/* Per-tensor: the AVX2 loop (Vectorized<qint>::dequantize) subtracts the
 * zero point in 32-bit integers (wrapping) and multiplies in float.
 * Per-channel: dequantize_val, `(static_cast<float>(q) - zero_point) * scale`
 * with the double scale.  Both checked against PyTorch 1.13 on random values. */
float dequantize_qint(const Quantizer* q, int64_t v, int64_t channel) {
  if (q->qscheme == QScheme_PerTensorAffine) {
    int32_t diff = (int32_t)((uint32_t)(uint64_t)v - (uint32_t)(uint64_t)q->zero_point);
    return (float)diff * double_to_float(q->scale);
  }
  float diff = (float)v - (float)Quantizer_zeroPointAt(q, channel);
  return double_to_float((double)diff * Quantizer_scaleAt(q, channel));
}
