/*
 * Gelu.c - gelu of a per-tensor quantized tensor: dequantize, gelu,
 * quantize with the input's own scale and zero point (so the output's
 * quantizer equals the input's), into a new contiguous tensor.  The loop is
 * qgelu_kernel's (Note [qgelu's two lambdas] in
 * ops/quantized/cpu/QuantizedOpKernels.c).  A per-channel input fails at
 * q_zero_point ("Expected quantizer->qscheme() == kPerTensorAffine ...");
 * gelu_ and gelu.out have no QuantizedCPU kernel (aten::gelu.out's
 * NotImplementedError), as in 1.13.
 *
 * PyTorch 1.13: aten/src/ATen/native/quantized/cpu/qgelu.cpp gelu_quantized_cpu,
 * cpu/kernels/QuantizedOpKernels.cpp qgelu_kernel
 */
#include "Functions.h"
#include "NativeFunctions.h"
#include "ops/Activation.h"
#include "ops/TensorIterator.h"
#include "ops/TensorIteratorConfig.h"
#include "ops/quantized/AffineQuantizer.h"
#include "ops/quantized/cpu/QuantizedOpKernels.h"
#include "runtime/Exception.h"
#include "runtime/Quantizer.h"

/* PyTorch 1.13: qgelu.cpp DEFINE_DISPATCH(qgelu_stub) */
DEFINE_DISPATCH(qgelu_stub);

/* PyTorch 1.13: aten/src/ATen/native/quantized/cpu/qgelu.cpp gelu_quantized_cpu */
Tensor* at_native_gelu_quantized_cpu(const Tensor* self, const char* approximate) {
  GeluType type;
  if (get_gelutype_enum(approximate, &type) < 0) return NULL;
  int64_t zero_point = at_q_zero_point(self);
  if (Error_occurred()) return NULL;
  float scale = (float)at_q_scale(self);
  if (Error_occurred()) return NULL;
  /* at::_empty_affine_quantized(qx.sizes(), dtype, output_scale, output_zero_point) */
  Quantizer* q = Quantizer_newPerTensorAffine((double)scale, zero_point, self->dtype);
  if (q == NULL) return NULL;
  Tensor* qy = new_qtensor(Tensor_sizes(self), q);
  Quantizer_release(q);
  if (qy == NULL) return NULL;
  QGeluLoop L = {self->dtype, scale, zero_point, type == GeluType_Tanh};
  TensorIteratorConfig config;
  TensorIteratorConfig_unary_op(&config);
  TensorIteratorConfig_add_output(&config, qy);
  TensorIteratorConfig_add_input(&config, self);
  TensorIteratorBase iter;
  if (TensorIterator_build(&iter, &config) < 0) {
    Tensor_release(qy);
    return NULL;
  }
  if (self->numel > 0) ((qgelu_fn)DispatchStub_get(&qgelu_stub))(&iter, &L);
  TensorIterator_release(&iter);
  return qy;
}
