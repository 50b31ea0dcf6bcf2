/*
 * QTensor.c - what a quantized tensor says about its quantizer (q_scale,
 * q_zero_point, q_per_channel_scales / _zero_points / _axis) and clone.
 *
 * The accessors refuse the other scheme with PyTorch's TORCH_CHECK wording
 * ("Expected quantizer->qscheme() == kPerTensorAffine to be true, ...").
 * NB(minaten): `qscheme()` returns a QScheme, a type minaten's code
 * generator and interpreter do not have; it is not registered.
 *
 * equal of two quantized tensors (QuantizedCPU: equal_quantized_cpu) asks
 * self's quantizer whether other's is the same (equalTo: the scheme, the
 * dtype, the scale and zero point, or the channels' and the axis), then
 * compares sizes and the integers' bytes.
 *
 * clone of a quantized tensor (QuantizedCPU: quantized_clone) makes a new
 * contiguous quantized tensor that shares the source's quantizer (PyTorch's
 * copy_ sets the destination's quantizer to the source's) and copies the
 * integers; reshape's copy route (clone + _unsafe_view) goes through it.
 *
 * PyTorch 1.13: aten/src/ATen/native/quantized/QTensor.cpp
 */
#include <string.h>

#include "Functions.h"
#include "NativeFunctions.h"
#include "ops/Copy.h"
#include "ops/EmptyTensor.h"
#include "ops/TensorShape.h"
#include "ops/TensorUtils.h"
#include "ops/quantized/AffineQuantizer.h"
#include "runtime/Exception.h"

/* 0 if self is quantized with `qscheme`, else -1 with the RuntimeError of
 * the TORCH_CHECK in PyTorch's accessors of that scheme's parameters. */
static int check_qscheme(const Tensor* self, QScheme qscheme) {
  static const char* const kExpected[] = {
      [QScheme_PerTensorAffine] = "quantizer->qscheme() == kPerTensorAffine",
      [QScheme_PerChannelAffine] = "quantizer->qscheme() == kPerChannelAffine || quantizer->qscheme() == "
                                   "kPerChannelAffineFloatQParams",
  };
  TRY(get_qtensorimpl_quantizer(self) != NULL);
  TRY(Quantizer_checkKnown(self->quantizer, "qscheme") == 0);
  TORCH_CHECK(self->quantizer->qscheme == qscheme,
              "Expected %s to be true, but got false.  (Could this error message be improved?  If so, "
              "please report an enhancement request to PyTorch.)",
              kExpected[qscheme]);
  return 0;
fail:
  return -1;
}

/* PyTorch 1.13: aten/src/ATen/native/quantized/QTensor.cpp at::native::q_scale_quant.
 * NB(minaten): the error indicator is the only failure signal for a double
 * result; the caller checks Error_occurred(). */
double at_native_q_scale_quant(const Tensor* self) {
  return check_qscheme(self, QScheme_PerTensorAffine) == 0 ? self->quantizer->scale : -1;
}

/* PyTorch 1.13: aten/src/ATen/native/quantized/QTensor.cpp at::native::q_zero_point_quant */
int64_t at_native_q_zero_point_quant(const Tensor* self) {
  return check_qscheme(self, QScheme_PerTensorAffine) == 0 ? self->quantizer->zero_point : -1;
}

/* The quantizer's own scales (float64), not a copy: a view of the scales
 * the tensor was made from, sliced with it along its axis.
 * PyTorch 1.13: aten/src/ATen/native/quantized/QTensor.cpp at::native::q_per_channel_scales */
Tensor* at_native_q_per_channel_scales(const Tensor* self) {
  if (check_qscheme(self, QScheme_PerChannelAffine) < 0) return NULL;
  return Tensor_retain(self->quantizer->scales);
}

/* The quantizer's own zero points (int64), as for the scales.
 * PyTorch 1.13: aten/src/ATen/native/quantized/QTensor.cpp at::native::q_per_channel_zero_points */
Tensor* at_native_q_per_channel_zero_points(const Tensor* self) {
  if (check_qscheme(self, QScheme_PerChannelAffine) < 0) return NULL;
  return Tensor_retain(self->quantizer->zero_points);
}

/* PyTorch 1.13: aten/src/ATen/native/quantized/QTensor.cpp at::native::q_per_channel_axis */
int64_t at_native_q_per_channel_axis(const Tensor* self) {
  return check_qscheme(self, QScheme_PerChannelAffine) == 0 ? self->quantizer->axis : -1;
}

/* PyTorch 1.13: aten/src/ATen/native/quantized/QTensor.cpp at::native::qscheme_quant */
QScheme at_native_qscheme_quant(const Tensor* self) {
  if (get_qtensorimpl_quantizer(self) == NULL) return QScheme_Unknown;
  if (Quantizer_checkKnown(self->quantizer, "qscheme") < 0) return QScheme_Unknown;
  return self->quantizer->qscheme;
}

/* A copy in the format (preserve: self's suggested one; no strided
 * quantized allocation keeps self's own strides), with self's quantizer.
 * PyTorch 1.13: aten/src/ATen/native/quantized/QTensor.cpp at::native::quantized_clone
 * (its at::native::copy_ call: copy_impl's quantized branch, then the copy) */
Tensor* at_native_quantized_clone(const Tensor* self, OptionalMemoryFormat memory_format) {
  MemoryFormat format = memory_format.has_value ? memory_format.value : MemoryFormat_Contiguous;
  if (format == MemoryFormat_Preserve) format = Tensor_suggestMemoryFormat(self);
  if (get_qtensorimpl_quantizer(self) == NULL) return NULL;
  if (Quantizer_checkKnown(self->quantizer, "qscheme") < 0) return NULL; /* self.qscheme() */
  Tensor* dst = new_qtensor(Tensor_sizes(self), self->quantizer);
  if (dst != NULL && format != MemoryFormat_Contiguous && Tensor_emptyTensorRestride(dst, format) < 0) {
    Tensor_release(dst);
    return NULL;
  }
  if (dst == NULL) return NULL;
  if (copy_into(dst, self) < 0) {
    Tensor_release(dst);
    return NULL;
  }
  return dst;
}

/* Quantizer::equalTo of self's quantizer a (per tensor or per channel) and
 * other's b: 1, 0, or -1 with 1.13's internal-assert RuntimeError for an
 * unknown quantizer on either side.
 * PyTorch 1.13: aten/src/ATen/quantized/Quantizer.cpp (PerTensorAffineQuantizer,
 * PerChannelAffineQuantizer and UnknownQuantizer ::equalTo) */
static int quantizer_equal_to(const Quantizer* a, const Quantizer* b) {
  if (Quantizer_checkKnown(a, "equalTo") < 0 || Quantizer_checkKnown(b, "qscheme") < 0) return -1;
  if (a->qscheme != b->qscheme || a->scalar_type != b->scalar_type) return 0;
  if (a->qscheme == QScheme_PerTensorAffine) return a->scale == b->scale && a->zero_point == b->zero_point;
  if (a->axis != b->axis || a->num_channels != b->num_channels) return 0;
  for (int64_t c = 0; c < a->num_channels; c++)
    if (Quantizer_scaleAt(a, c) != Quantizer_scaleAt(b, c) || Quantizer_zeroPointAt(a, c) != Quantizer_zeroPointAt(b, c))
      return 0;
  return 1;
}

/* PyTorch 1.13: aten/src/ATen/native/quantized/QTensor.cpp equal_quantized_cpu */
bool at_native_equal_quantized_cpu(const Tensor* self, const Tensor* other) {
  Tensor *a = NULL, *b = NULL;
  bool r = false;
  if (!ScalarType_isQuantized(other->dtype)) return false;
  TORCH_CHECK(ScalarType_isQuantized(self->dtype),
              "self.is_quantized() INTERNAL ASSERT FAILED at \"./aten/src/ATen/quantized/Quantizer.cpp\":81, please "
              "report a bug to PyTorch. get_qtensorimpl: not a quantized tensor");
  int same = quantizer_equal_to(get_qtensorimpl_quantizer(self), get_qtensorimpl_quantizer(other));
  TRY(same >= 0);
  if (!same || self->dim != other->dim || Tensor_itemsize(self) != Tensor_itemsize(other)) return false;
  for (int64_t d = 0; d < self->dim; d++)
    if (self->sizes[d] != other->sizes[d]) return false;
  TRY((a = at_contiguous(self, MemoryFormat_Contiguous)) != NULL);
  TRY((b = at_contiguous(other, MemoryFormat_Contiguous)) != NULL);
  r = memcmp(Tensor_data(a), Tensor_data(b), (size_t)self->numel * Tensor_itemsize(self)) == 0;
fail:
  Tensor_release(a);
  Tensor_release(b);
  return r;
}

/* A quantized tensor takes the storage and geometry as given, with none of
 * set_storage_cpu_'s checks (the storage is never grown; strides must be
 * given, as many as sizes: set_sizes_and_strides' "dimensionality of sizes
 * (1) must match dimensionality of strides (0)", raised after the storage
 * and offset were taken).
 * NB(minaten): 1.13 takes a negative offset, or a geometry past the end of
 * the storage, and its reads then go outside the storage; minaten refuses
 * them first, with as_strided's messages (for the sizes and strides the
 * tensor will have: the new ones, or its own when the new ones fail).
 * PyTorch 1.13: aten/src/ATen/native/quantized/QTensor.cpp set_storage_quantized_ */
Tensor* at_native_set_storage_quantized_(Tensor* self, Storage* source, int64_t storage_offset, IntArrayRef size,
                                         IntArrayRef stride) {
  bool fits = size.size == stride.size;
  TORCH_CHECK(storage_offset >= 0, "Tensor: invalid storage offset %lld", (long long)storage_offset);
  TRY(checkInBoundsForStorage(fits ? size : Tensor_sizes(self), fits ? stride : Tensor_strides(self), storage_offset,
                              Tensor_itemsize(self), source) == 0);
  if (self->storage != source) {
    Storage* old = self->storage;
    self->storage = Storage_retain(source);
    Storage_release(old);
  }
  self->storage_offset = storage_offset;
  TRY(Tensor_setSizesAndStrides(self, size, stride) == 0);
  return Tensor_retain(self);
fail:
  return NULL;
}
