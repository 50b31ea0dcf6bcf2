/*
 * TensorFactories.c - empty quantized tensors: _empty_affine_quantized,
 * _empty_per_channel_affine_quantized, empty_quantized.
 *
 * These are factories: BackendSelect computes their backend from the dtype
 * (a quantized dtype gives QuantizedCPU) and, for empty_quantized, adds the
 * keys of its `qtensor` argument.  So `_empty_affine_quantized(..,
 * dtype=torch.float)` lands on a CPU kernel whose only job is to refuse,
 * and `empty_quantized(size, q, dtype=torch.float)` runs the QuantizedCPU
 * kernel (q's key), which asks _empty_affine_quantized for a float tensor
 * and is refused the same way.  _to_copy of a quantized tensor goes through
 * empty_quantized, which is why `q.float()` fails with this message.
 *
 * empty_strided has a QuantizedCPU kernel only to refuse: `x.to(torch.quint8)`
 * of a float tensor asks it for the result (_to_copy's dense branch).
 *
 * PyTorch 1.13: aten/src/ATen/native/quantized/TensorFactories.cpp
 */
#include "Functions.h"
#include "NativeFunctions.h"
#include "ops/TensorUtils.h"
#include "ops/quantized/AffineQuantizer.h"
#include "runtime/Exception.h"

static const char kNeedsQuantizedDtype[] = "Creation of quantized tensor requires quantized dtype like torch.quint8";

/* new_qtensor's last step: the new tensor restrided to the format (1.13's
 * rank errors, and "unsupported memory format Preserve"); r is released on
 * an error.
 * PyTorch 1.13: aten/src/ATen/quantized/Quantizer.cpp new_qtensor (empty_tensor_restride) */
static Tensor* restrided_qtensor(Tensor* r, OptionalMemoryFormat memory_format) {
  if (r == NULL || !memory_format.has_value || memory_format.value == MemoryFormat_Contiguous) return r;
  if (Tensor_emptyTensorRestride(r, memory_format.value) < 0) {
    Tensor_release(r);
    return NULL;
  }
  return r;
}

/* PyTorch 1.13: aten/src/ATen/native/quantized/TensorFactories.cpp at::native::empty_affine_quantized */
Tensor* at_native_empty_affine_quantized(IntArrayRef size, OptionalScalarType dtype, OptionalLayout layout,
                                         OptionalDevice device, OptionalBool pin_memory, double scale,
                                         int64_t zero_point, OptionalMemoryFormat memory_format) {
  (void)layout, (void)device, (void)pin_memory;
  Quantizer* qz = NULL;
  Tensor* r = NULL;
  TORCH_CHECK(dtype.has_value, "Must provide data type for Tensor creation functions.");
  TORCH_CHECK(ScalarType_isQuantized(dtype.value), "ScalarType %s is not supported in new_qtensor.",
              ScalarType_name(dtype.value));
  qz = Quantizer_newPerTensorAffine(scale, zero_point, dtype.value);
  TRY(qz != NULL);
  r = restrided_qtensor(new_qtensor(size, qz), memory_format);
fail:
  Quantizer_release(qz);
  return r;
}

/* PyTorch 1.13: aten/src/ATen/native/quantized/TensorFactories.cpp
 * at::native::empty_affine_quantized_other_backends_stub */
Tensor* at_native_empty_affine_quantized_other_backends_stub(IntArrayRef size, OptionalScalarType dtype,
                                                             OptionalLayout layout, OptionalDevice device,
                                                             OptionalBool pin_memory, double scale,
                                                             int64_t zero_point, OptionalMemoryFormat memory_format) {
  (void)size, (void)dtype, (void)layout, (void)device, (void)pin_memory, (void)scale, (void)zero_point,
      (void)memory_format;
  Error_set(ErrorType_RuntimeError, "%s", kNeedsQuantizedDtype);
  return NULL;
}

/* PyTorch 1.13: aten/src/ATen/native/quantized/TensorFactories.cpp
 * at::native::empty_per_channel_affine_quantized */
Tensor* at_native_empty_per_channel_affine_quantized(IntArrayRef size, const Tensor* scales,
                                                     const Tensor* zero_points, int64_t axis,
                                                     OptionalScalarType dtype, OptionalLayout layout,
                                                     OptionalDevice device, OptionalBool pin_memory,
                                                     OptionalMemoryFormat memory_format) {
  (void)layout, (void)device, (void)pin_memory;
  Quantizer* qz = NULL;
  TORCH_CHECK(dtype.has_value, "Must provide data type for Tensor creation functions.");
  qz = make_per_channel_affine_quantizer(scales, zero_points, axis, dtype.value);
  TRY(qz != NULL);
  TORCH_CHECK(ScalarType_isQuantized(dtype.value), "ScalarType %s is not supported in new_qtensor.",
              ScalarType_name(dtype.value));
  Tensor* r = restrided_qtensor(new_qtensor(size, qz), memory_format);
  Quantizer_release(qz);
  return r;
fail:
  Quantizer_release(qz);
  return NULL;
}

/* PyTorch 1.13: aten/src/ATen/native/quantized/TensorFactories.cpp
 * at::native::empty_per_channel_affine_quantized_other_backends_stub */
Tensor* at_native_empty_per_channel_affine_quantized_other_backends_stub(
    IntArrayRef size, const Tensor* scales, const Tensor* zero_points, int64_t axis, OptionalScalarType dtype,
    OptionalLayout layout, OptionalDevice device, OptionalBool pin_memory, OptionalMemoryFormat memory_format) {
  (void)size, (void)scales, (void)zero_points, (void)axis, (void)dtype, (void)layout, (void)device,
      (void)pin_memory, (void)memory_format;
  Error_set(ErrorType_RuntimeError, "%s", kNeedsQuantizedDtype);
  return NULL;
}

/*
 * An empty quantized tensor with qtensor's quantizer parameters; the options
 * default to qtensor's, so a dtype given here replaces its quantized one.
 * PyTorch 1.13: aten/src/ATen/native/quantized/TensorFactories.cpp at::native::empty_quantized
 */
Tensor* at_native_empty_quantized(IntArrayRef size, const Tensor* qtensor, OptionalScalarType dtype,
                                  OptionalLayout layout, OptionalDevice device, OptionalBool pin_memory,
                                  OptionalMemoryFormat memory_format) {
  OptionalScalarType dt = {true, dtype.has_value ? dtype.value : qtensor->dtype};
  OptionalLayout lay = {true, layout.has_value ? layout.value : Layout_Strided};
  OptionalDevice dev = {true, device.has_value ? device.value : qtensor->device};
  /* qtensor.qscheme(), dispatched: a qtensor that is not quantized (a
   * float one, reaching this kernel through a quantized dtype=) has no
   * kernel for it ("Could not run 'aten::qscheme' with arguments from the
   * 'CPU' backend") */
  (void)at_qscheme(qtensor);
  if (Error_occurred()) return NULL;
  const Quantizer* qz = get_qtensorimpl_quantizer(qtensor);
  if (qz == NULL) return NULL;
  if (qz->qscheme == QScheme_PerTensorAffine)
    return at__empty_affine_quantized(size, dt, lay, dev, pin_memory, qz->scale, qz->zero_point, memory_format);
  Tensor* scales = at_q_per_channel_scales(qtensor);
  Tensor* zero_points = scales ? at_q_per_channel_zero_points(qtensor) : NULL;
  Tensor* r = zero_points ? at__empty_per_channel_affine_quantized(size, scales, zero_points, qz->axis, dt, lay,
                                                                   dev, pin_memory, memory_format)
                          : NULL;
  Tensor_release(scales);
  Tensor_release(zero_points);
  return r;
}

/* A quantized tensor with an unknown quantizer: what empty() makes of a
 * quantized dtype, and so the output a structured operator's default kernel
 * allocates for a quantized input (ops/StructuredDefault.c).
 * PyTorch 1.13: aten/src/ATen/native/quantized/TensorFactories.cpp
 * at::native::empty_unknown_quantized */
Tensor* at_native_empty_unknown_quantized(IntArrayRef size, OptionalScalarType dtype, OptionalLayout layout,
                                          OptionalDevice device, OptionalBool pin_memory,
                                          OptionalMemoryFormat memory_format) {
  (void)layout, (void)device, (void)pin_memory;
  Quantizer* qz = NULL;
  TORCH_CHECK(dtype.has_value, "Must provide data type for Tensor creation functions.");
  qz = Quantizer_newUnknown(dtype.value);
  TRY(qz != NULL);
  Tensor* r = restrided_qtensor(new_qtensor(size, qz), memory_format);
  Quantizer_release(qz);
  return r;
fail:
  return NULL;
}

/* PyTorch 1.13: aten/src/ATen/native/quantized/TensorFactories.cpp
 * at::native::empty_strided_unknown_quantized */
Tensor* at_native_empty_strided_unknown_quantized(IntArrayRef size, IntArrayRef stride, OptionalScalarType dtype,
                                                  OptionalLayout layout, OptionalDevice device,
                                                  OptionalBool pin_memory) {
  (void)size, (void)stride, (void)dtype, (void)layout, (void)device, (void)pin_memory;
  Error_set(ErrorType_RuntimeError,
            "empty_strided not supported on quantized tensors yet see https://github.com/pytorch/pytorch/issues/74540");
  return NULL;
}
