/*
 * Quantizer.c - reference-counted quantizers; see Quantizer.h.
 * PyTorch 1.13: aten/src/ATen/quantized/Quantizer.cpp
 */
#include "runtime/Quantizer.h"

#include <stdlib.h>
#include <string.h>

#include "runtime/Exception.h"
#include "runtime/TensorImpl.h"

static Quantizer* quantizer_alloc(QScheme qscheme, ScalarType scalar_type) {
  Quantizer* q = calloc(1, sizeof *q);
  if (q == NULL) {
    Error_setBadAlloc();
    return NULL;
  }
  q->refcount = 1;
  q->qscheme = qscheme;
  q->scalar_type = scalar_type;
  return q;
}

Quantizer* Quantizer_newPerTensorAffine(double scale, int64_t zero_point, ScalarType scalar_type) {
  Quantizer* q = quantizer_alloc(QScheme_PerTensorAffine, scalar_type);
  if (q == NULL) return NULL;
  q->scale = scale;
  q->zero_point = zero_point;
  return q;
}

Quantizer* Quantizer_newUnknown(ScalarType scalar_type) { return quantizer_alloc(QScheme_Unknown, scalar_type); }

int Quantizer_checkKnown(const Quantizer* q, const char* what) {
  if (q == NULL || q->qscheme != QScheme_Unknown) return 0;
  /* the lines of Quantizer.cpp 1.13 reports */
  int line = strcmp(what, "dequantize") == 0 ? 437 : strcmp(what, "equalTo") == 0 ? 446 : 443;
  Error_set(ErrorType_RuntimeError,
            "false INTERNAL ASSERT FAILED at \"./aten/src/ATen/quantized/Quantizer.cpp\":%d, please report a bug to "
            "PyTorch. cannot call %s on UnknownQuantizer",
            line, what);
  return -1;
}

Quantizer* Quantizer_newPerChannelAffine(Tensor* scales, Tensor* zero_points, int64_t axis, ScalarType scalar_type) {
  TORCH_INTERNAL_ASSERT(scales->dtype == ScalarType_Double && zero_points->dtype == ScalarType_Long &&
                        scales->dim == 1 && zero_points->dim == 1 && scales->numel == zero_points->numel);
  Quantizer* q = quantizer_alloc(QScheme_PerChannelAffine, scalar_type);
  if (q == NULL) return NULL;
  q->axis = axis;
  q->num_channels = scales->numel;
  q->scales = Tensor_retain(scales);
  q->zero_points = Tensor_retain(zero_points);
  q->scales_storage = Storage_retain(scales->storage);
  q->scales_offset = scales->storage_offset;
  q->scales_stride = scales->strides[0];
  q->zero_points_storage = Storage_retain(zero_points->storage);
  q->zero_points_offset = zero_points->storage_offset;
  q->zero_points_stride = zero_points->strides[0];
  return q;
}

Quantizer* get_qtensorimpl_quantizer(const Tensor* self) {
  if (Tensor_requiresGrad(self)) {
    Error_set(ErrorType_RuntimeError, "quantized tensors do not support autograd");
    return NULL;
  }
  TORCH_INTERNAL_ASSERT(self->quantizer != NULL);
  return self->quantizer;
}

Quantizer* Quantizer_retain(Quantizer* q) {
  if (q) q->refcount++;
  return q;
}

void Quantizer_release(Quantizer* q) {
  if (q == NULL || --q->refcount > 0) return;
  Tensor_release(q->scales);
  Tensor_release(q->zero_points);
  Storage_release(q->scales_storage);
  Storage_release(q->zero_points_storage);
  free(q);
}

const char* QScheme_name(QScheme s) {
  switch (s) {
    case QScheme_PerTensorAffine: return "per_tensor_affine";
    case QScheme_PerChannelAffine: return "per_channel_affine";
    case QScheme_Unknown: return "unknown";
  }
  return "?";
}
