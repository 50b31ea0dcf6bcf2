/*
 * ReLU.c - relu and relu_ of a per-tensor quantized tensor: max(q, zero_point)
 * on the integers (the zero point stands for 0.0), the quantizer kept.
 * The zero point is converted to the dtype's integer first, as
 * scalar_t(zero_point) does (a quint8 zero point of 300 acts as 44).
 *
 * PyTorch 1.13: aten/src/ATen/native/quantized/cpu/qrelu.cpp,
 * cpu/QuantizedOpKernels.cpp qrelu_kernel
 */
#include "Functions.h"
#include "NativeFunctions.h"
#include "ops/quantized/AffineQuantizer.h"
#include "runtime/Exception.h"

/* zero_point as the dtype's underlying integer (C++'s narrowing conversion). */
static int64_t underlying_zero_point(ScalarType t, int64_t zero_point) {
  switch (t) {
    case ScalarType_QUInt8: return (uint8_t)zero_point;
    case ScalarType_QInt8: return (int8_t)(uint8_t)zero_point;
    default: return (int32_t)(uint32_t)zero_point;
  }
}

/* max(q, zero point) of every element of src, stored row-major into dst. */
static void relu_into(const Tensor* src, Tensor* dst, int64_t zero_point, bool in_place) {
  int64_t zp = underlying_zero_point(src->dtype, zero_point);
  const char* in = (const char*)src->storage->data;
  char* out = in_place ? (char*)dst->storage->data : Tensor_data(dst);
  for (int64_t i = 0; i < src->numel; i++) {
    int64_t off = qtensor_element_offset(src, i);
    int64_t q = qint_load(src->dtype, in, off);
    qint_store(src->dtype, out, in_place ? off : i, q > zp ? q : zp);
  }
}

/* PyTorch 1.13: aten/src/ATen/native/quantized/cpu/qrelu.cpp relu_quantized_cpu */
Tensor* at_native_relu_quantized_cpu(const Tensor* self) {
  int64_t zero_point = at_q_zero_point(self);
  if (Error_occurred()) return NULL;
  Tensor* r = new_qtensor(Tensor_sizes(self), self->quantizer);
  if (r == NULL) return NULL;
  relu_into(self, r, zero_point, false);
  return r;
}

/* PyTorch 1.13: aten/src/ATen/native/quantized/cpu/qrelu.cpp relu_quantized_cpu_ */
Tensor* at_native_relu_quantized_cpu_(Tensor* self) {
  int64_t zero_point = at_q_zero_point(self);
  if (Error_occurred()) return NULL;
  relu_into(self, self, zero_point, true);
  return Tensor_retain(self);
}
