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
 * NB(minaten): PyTorch's PerChannelAffineQuantizer keeps its scales and zero
 * points as tensors (float64 and int64); minaten keeps plain arrays of the
 * same types, so the runtime needs no tensor code.  The per-channel scheme
 * with floating zero points (per_channel_affine_float_qparams) is not modelled.
 *
 * PyTorch 1.13: c10/core/QScheme.h, aten/src/ATen/quantized/Quantizer.h
 */
#ifndef MINATEN_RUNTIME_QUANTIZER_H
#define MINATEN_RUNTIME_QUANTIZER_H

#include <stdint.h>

#include "runtime/ScalarType.h"

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
  /* per-channel affine: num_channels entries each */
  int64_t axis;
  int64_t num_channels;
  double* scales;
  int64_t* zero_points;
} Quantizer;

/* A new per-tensor affine quantizer, refcount 1; NULL + RuntimeError on OOM.
 * PyTorch 1.13: aten/src/ATen/quantized/Quantizer.cpp make_per_tensor_affine_quantizer */
Quantizer* Quantizer_newPerTensorAffine(double scale, int64_t zero_point, ScalarType scalar_type);
/* A new per-channel affine quantizer holding copies of the n scales and zero
 * points, refcount 1; NULL + RuntimeError on OOM.
 * PyTorch 1.13: aten/src/ATen/quantized/Quantizer.cpp make_per_channel_affine_quantizer */
Quantizer* Quantizer_newPerChannelAffine(const double* scales, const int64_t* zero_points, int64_t n,
                                         int64_t axis, ScalarType scalar_type);

/* A new unknown quantizer, refcount 1; NULL + RuntimeError on OOM.
 * PyTorch 1.13: aten/src/ATen/quantized/Quantizer.cpp make_unknown_quantizer */
Quantizer* Quantizer_newUnknown(ScalarType scalar_type);

/* 0 if q is not an unknown quantizer; else -1 with 1.13's RuntimeError for
 * asking it `what` ("qscheme", which every parameter and scheme question
 * asks first, or "dequantize").
 * PyTorch 1.13: aten/src/ATen/quantized/Quantizer.cpp UnknownQuantizer */
int Quantizer_checkKnown(const Quantizer* q, const char* what);

/* Returns q with one more reference (NULL is allowed). */
Quantizer* Quantizer_retain(Quantizer* q);
/* Drops a reference (NULL is allowed); frees at zero. */
void Quantizer_release(Quantizer* q);

/* "per_tensor_affine" / "per_channel_affine", as torch.qscheme prints without "torch.". */
const char* QScheme_name(QScheme s);

#endif
