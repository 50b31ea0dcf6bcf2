/*
 * Quantizer.h - how a quantized tensor maps its integers to real values.
 *
 * A quantized tensor (dtype quint8, qint8 or qint32, dispatch key
 * QuantizedCPU) stores integers q; its quantizer says what they mean:
 *
 *   per-tensor affine   real = (q - zero_point) * scale
 *   per-channel affine  real = (q - zero_points[c]) * scales[c], where c is
 *                       the element's index along dimension `axis`
 *
 * The quantizer is immutable and reference counted, as PyTorch's
 * intrusive_ptr<Quantizer>: a view shares its base's quantizer (Tensor_makeView
 * retains it), so freeing the base leaves the view's quantizer alive.  A view
 * that changes the channel dimension (select, squeeze, unsqueeze) makes a new
 * quantizer instead of editing the shared one.
 *
 * A per-channel quantizer keeps its scales and zero points as tensors
 * (float64 and int64, 1-D), as PyTorch's PerChannelAffineQuantizer does, and
 * they alias what they were made from: q_per_channel_scales() returns the
 * tensor itself, a slice along the axis slices it (narrow(1, 1, 2): a view
 * at offset 1), and a write into it moves the quantizer's values.  The
 * kernels read element c through Quantizer_scaleAt / Quantizer_zeroPointAt,
 * from the storage and geometry the tensor had when the quantizer was made
 * (a later resize_ or in-place view of the tensor cannot send them out of
 * bounds).  The per-channel scheme with floating zero points
 * (per_channel_affine_float_qparams) is not modelled.
 *
 * PyTorch 1.13: c10/core/QScheme.h, aten/src/ATen/quantized/Quantizer.h
 */
#ifndef MINATEN_RUNTIME_QUANTIZER_H
#define MINATEN_RUNTIME_QUANTIZER_H

#include <stdint.h>

#include "runtime/ScalarType.h"
#include "runtime/Storage.h"

struct Tensor;

/* PyTorch 1.13: c10/core/QScheme.h (the values minaten models) */
typedef enum QScheme {
  QScheme_PerTensorAffine = 0,
  QScheme_PerChannelAffine = 1,
  /* NB(minaten): not a QScheme of 1.13 but its UnknownQuantizer: the
   * quantizer of a quantized tensor made by empty() with a quantized dtype
   * and nothing else (empty_unknown_quantized), whose every use but the
   * integer storage is refused */
  QScheme_Unknown = 2,
} QScheme;

typedef struct Quantizer {
  int64_t refcount;
  QScheme qscheme;
  ScalarType scalar_type; /* the quantized dtype it produces */
  /* per-tensor affine */
  double scale;
  int64_t zero_point;
  /* per-channel affine: 1-D float64 and int64 tensors of num_channels
   * elements (owned references), and where element c of each lives: in
   * its storage (owned) at offset + c * stride, as when the quantizer was
   * made */
  int64_t axis;
  int64_t num_channels;
  struct Tensor* scales;
  struct Tensor* zero_points;
  Storage* scales_storage;
  int64_t scales_offset, scales_stride;
  Storage* zero_points_storage;
  int64_t zero_points_offset, zero_points_stride;
} Quantizer;

/* Channel c's scale and zero point (0 <= c < num_channels). */
static inline double Quantizer_scaleAt(const Quantizer* q, int64_t c) {
  return ((const double*)q->scales_storage->data)[q->scales_offset + c * q->scales_stride];
}
static inline int64_t Quantizer_zeroPointAt(const Quantizer* q, int64_t c) {
  return ((const int64_t*)q->zero_points_storage->data)[q->zero_points_offset + c * q->zero_points_stride];
}

/* A new per-tensor affine quantizer, refcount 1; NULL + RuntimeError on OOM.
 * PyTorch 1.13: aten/src/ATen/quantized/Quantizer.cpp make_per_tensor_affine_quantizer */
Quantizer* Quantizer_newPerTensorAffine(double scale, int64_t zero_point, ScalarType scalar_type);
/* A new per-channel affine quantizer over `scales` (float64) and
 * `zero_points` (int64), 1-D tensors of as many elements, retained, not
 * copied; refcount 1; NULL + RuntimeError on OOM.  (ops/quantized/Quantize.c
 * make_per_channel_affine_quantizer checks and converts a user's tensors.)
 * PyTorch 1.13: aten/src/ATen/quantized/Quantizer.h PerChannelAffineQuantizer::PerChannelAffineQuantizer */
Quantizer* Quantizer_newPerChannelAffine(struct Tensor* scales, struct Tensor* zero_points, int64_t axis,
                                         ScalarType scalar_type);

/* A new unknown quantizer, refcount 1; NULL + RuntimeError on OOM.
 * PyTorch 1.13: aten/src/ATen/quantized/Quantizer.cpp make_unknown_quantizer */
Quantizer* Quantizer_newUnknown(ScalarType scalar_type);

/* 0 if q is not an unknown quantizer; else -1 with 1.13's RuntimeError for
 * asking it `what` ("qscheme", which every parameter and scheme question
 * asks first, "dequantize", or "equalTo").
 * PyTorch 1.13: aten/src/ATen/quantized/Quantizer.cpp UnknownQuantizer */
int Quantizer_checkKnown(const Quantizer* q, const char* what);

/* The quantizer of the quantized tensor self, or NULL with 1.13's
 * RuntimeError "quantized tensors do not support autograd" when self
 * requires grad.  Every kernel reading a quantized input's quantizer (its
 * scale, qscheme, ...) asks through this, as 1.13's do through
 * get_qtensorimpl: a quantized tensor written in place with a value that
 * requires grad gets a grad_fn in 1.13 (rebase_history has no dtype check),
 * and every later use of its quantizer fails so.
 * PyTorch 1.13: aten/src/ATen/quantized/Quantizer.cpp get_qtensorimpl (->quantizer()) */
Quantizer* get_qtensorimpl_quantizer(const struct Tensor* self);

/* Returns q with one more reference (NULL is allowed). */
Quantizer* Quantizer_retain(Quantizer* q);
/* Drops a reference (NULL is allowed); frees at zero. */
void Quantizer_release(Quantizer* q);

/* "per_tensor_affine" / "per_channel_affine", as torch.qscheme prints without "torch.". */
const char* QScheme_name(QScheme s);

#endif
