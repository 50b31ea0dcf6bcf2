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
#include "ops/TensorIterator.h"
#include "ops/TensorIteratorConfig.h"
#include "ops/cpu/Loops.h"
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

/* What qrelu's loop needs: the dtype and its zero point. */
typedef struct QReluLoop {
  ScalarType dtype;
  int64_t zero_point;
} QReluLoop;

/* qrelu's loop over a tile of {dst, src}: max(q, zero point).
 * PyTorch 1.13: cpu/QuantizedOpKernels.cpp qrelu_kernel (cpu_kernel_vec's
 * lambdas: std::max<underlying_t>(value.val_, zero_point), Vectorized::relu) */
static void qrelu_loop2d(void* ctx, char** data, const int64_t* strides, int64_t size0, int64_t size1) {
  const QReluLoop* L = ctx;
  for (int64_t j = 0; j < size1; j++)
    for (int64_t i = 0; i < size0; i++) {
      int64_t q = qint_load(L->dtype, data[1] + j * strides[3] + i * strides[1], 0);
      qint_store(L->dtype, data[0] + j * strides[2] + i * strides[0], 0, q > L->zero_point ? q : L->zero_point);
    }
}

/* dst = relu(src): TensorIterator::unary_op(dst, src) (dst may be src: in
 * place; an expanded one is refused by the overlap check), walked by
 * cpu_kernel_vec.  0, or -1 with PyTorch's error set.
 * PyTorch 1.13: cpu/QuantizedOpKernels.cpp qrelu_kernel, qrelu.cpp relu_quantized_cpu_ */
static int relu_into(const Tensor* src, Tensor* dst, int64_t zero_point) {
  QReluLoop L = {src->dtype, underlying_zero_point(src->dtype, zero_point)};
  TensorIteratorConfig config;
  TensorIteratorConfig_unary_op(&config);
  TensorIteratorConfig_add_output(&config, dst);
  TensorIteratorConfig_add_input(&config, src);
  TensorIteratorBase iter;
  if (TensorIterator_build(&iter, &config) < 0) return -1;
  cpu_kernel_vec(&iter, qrelu_loop2d, &L);
  TensorIterator_release(&iter);
  return 0;
}

/* PyTorch 1.13: aten/src/ATen/native/quantized/cpu/qrelu.cpp relu_quantized_cpu */
Tensor* at_native_relu_quantized_cpu(const Tensor* self) {
  int64_t zero_point = at_q_zero_point(self);
  if (Error_occurred()) return NULL;
  Tensor* r = new_qtensor(Tensor_sizes(self), self->quantizer);
  if (r == NULL) return NULL;
  if (relu_into(self, r, zero_point) < 0) {
    Tensor_release(r);
    return NULL;
  }
  return r;
}

/* PyTorch 1.13: aten/src/ATen/native/quantized/cpu/qrelu.cpp relu_quantized_cpu_ */
Tensor* at_native_relu_quantized_cpu_(Tensor* self) {
  int64_t zero_point = at_q_zero_point(self);
  if (Error_occurred()) return NULL;
  return relu_into(self, self, zero_point) < 0 ? NULL : Tensor_retain(self);
}
