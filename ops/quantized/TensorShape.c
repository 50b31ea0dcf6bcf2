/*
 * TensorShape.c (quantized) - the view kernels of quantized tensors, and
 * where each keeps, rebuilds or refuses the quantizer.
 *
 *   _reshape_alias, view, _unsafe_view   the CPU kernels (QuantizedCPU shares
 *         them in the YAML): alias_with_sizes_and_strides -> Tensor_makeView,
 *         which shares the quantizer unchanged, axis included, even when the
 *         new shape no longer has the channel dimension where the axis says
 *         (dequantize then fails "length of scales must equal to channel").
 *   select, slice (and narrow, which is slice)   PyTorch's quantized branch,
 *         in ops/TensorShapeViews.c: the view is made directly, not through
 *         the dispatched as_strided, by as_strided_qtensorimpl_with_quantizer
 *         below, with the quantizer create_subtensor_quantizer below computes.
 *         Per-tensor: kept.  Per-channel, on the axis: the scales of the
 *         channels kept, per-tensor when one is left ("a Tensor with 0
 *         elements cannot be converted to Scalar" when none is); on another
 *         dimension: all the scales.  select lowers the axis by one whatever
 *         the dimension removed, as 1.13 does, so selecting in a dimension
 *         after the axis leaves an axis naming the wrong dimension (dequantize
 *         then fails as above).
 *   as_strided (as_strided_qtensorimpl)  per-tensor only: "Setting strides is
 *         possible only on uniformly quantized tensor".  The other view
 *         kernels, which call as_strided (transpose, t, permute, movedim,
 *         expand, diagonal, ...), therefore work on per-tensor tensors and
 *         refuse per-channel ones, whichever dimensions they move
 *         (transpose(d, d) is alias, and keeps the quantizer).
 *   squeeze, squeeze.dim, unsqueeze      their own QuantizedCPU kernels: the
 *         per-channel axis moves with the dimensions removed or inserted
 *         before it; squeezing the axis itself is refused.
 *
 * unfold has no QuantizedCPU kernel in minaten (NotImplementedError); 1.13
 * registers its CPU kernel for QuantizedCPU too, which calls as_strided, so
 * it works on per-tensor tensors and refuses per-channel ones.
 *
 * PyTorch 1.13: aten/src/ATen/native/TensorShape.cpp (as_strided_qtensorimpl,
 * make_qtensor, squeeze_qtensor, unsqueeze_quantized, create_subtensor_quantizer)
 */

#include "Functions.h"
#include "NativeFunctions.h"
#include "ops/TensorShape.h"
#include "ops/quantized/AffineQuantizer.h"
#include "ops/quantized/TensorShape.h"
#include "runtime/Exception.h"
#include "runtime/TypeCast.h"

/* PyTorch 1.13: aten/src/ATen/native/TensorShape.cpp at::native::as_strided_qtensorimpl
 * (then as_strided_tensorimpl's setStrided checks, and a view sharing the quantizer) */
Tensor* at_native_as_strided_qtensorimpl(const Tensor* self, IntArrayRef size, IntArrayRef stride,
                                         OptionalInt storage_offset) {
  TRY(get_qtensorimpl_quantizer(self) != NULL);
  /* quantizer->qscheme(): an unknown quantizer (torch.empty(2, dtype=torch.quint8)) has none */
  TRY(Quantizer_checkKnown(self->quantizer, "qscheme") == 0);
  TORCH_CHECK(self->quantizer->qscheme == QScheme_PerTensorAffine,
              "Setting strides is possible only on uniformly quantized tensor");
  return at_native_as_strided_tensorimpl(self, size, stride, storage_offset);
fail:
  return NULL;
}

Tensor* as_strided_qtensorimpl_with_quantizer(const Tensor* self, IntArrayRef size, IntArrayRef stride,
                                              int64_t storage_offset, Quantizer* quantizer) {
  TORCH_CHECK(quantizer->qscheme == QScheme_PerTensorAffine || quantizer->qscheme == QScheme_PerChannelAffine,
              "Setting strides is possible only on uniformly or per channel quantized tensors");
  OptionalInt offset = {true, storage_offset};
  Tensor* view = at_native_as_strided_tensorimpl(self, size, stride, offset);
  if (view == NULL) return NULL;
  Quantizer_release(view->quantizer);
  view->quantizer = Quantizer_retain(quantizer);
  return view;
fail:
  return NULL;
}

Quantizer* create_subtensor_quantizer(const Tensor* self, bool is_select, int64_t start, int64_t end,
                                      int64_t dim, int64_t step) {
  Quantizer* prev = get_qtensorimpl_quantizer(self);
  if (prev == NULL || Quantizer_checkKnown(prev, "qscheme") < 0) return NULL;
  if (prev->qscheme == QScheme_PerTensorAffine) return Quantizer_retain(prev);
  Tensor* scales = Tensor_retain(prev->scales);
  Tensor* zero_points = Tensor_retain(prev->zero_points);
  Quantizer* result = NULL;
  if (dim == prev->axis) {
    /* the sub-tensor's scales and zero points: views of prev's */
    Tensor *s, *z;
    if (is_select) {
      s = at_select_int(scales, 0, start);
      z = at_select_int(zero_points, 0, start);
    } else {
      s = at_slice_Tensor(scales, 0, (OptionalInt){true, start}, (OptionalInt){true, end}, step);
      z = at_slice_Tensor(zero_points, 0, (OptionalInt){true, start}, (OptionalInt){true, end}, step);
    }
    Tensor_release(scales);
    Tensor_release(zero_points);
    scales = s, zero_points = z;
    TRY(scales != NULL && zero_points != NULL);
  }
  if (scales->numel > 1) {
    /* Axis only needs to be adjusted if the calling function is select(), since
     * select() reduces the number of dimensions of the tensor by 1. */
    result = make_per_channel_affine_quantizer(scales, zero_points, is_select ? prev->axis - 1 : prev->axis,
                                               prev->scalar_type);
  } else {
    TORCH_CHECK(scales->numel == 1, "a Tensor with 0 elements cannot be converted to Scalar");
    result = Quantizer_newPerTensorAffine(load_double(ScalarType_Double, Tensor_data(scales)),
                                          load_int(ScalarType_Long, Tensor_data(zero_points)), prev->scalar_type);
  }
fail:
  Tensor_release(scales);
  Tensor_release(zero_points);
  return result;
}

/* A per-channel quantizer like q's with another axis (q itself if unchanged). */
static Quantizer* with_axis(Quantizer* q, int64_t axis) {
  if (q->qscheme != QScheme_PerChannelAffine || q->axis == axis) return Quantizer_retain(q);
  return Quantizer_newPerChannelAffine(q->scales, q->zero_points, axis, q->scalar_type);
}

/* The view of self with these sizes and strides whose per-channel axis is
 * `axis` (squeeze_qtensor's and unsqueeze_quantized's make_qtensor). */
static Tensor* view_with_axis(const Tensor* self, IntArrayRef sizes, IntArrayRef strides, int64_t axis) {
  Quantizer* q = with_axis(self->quantizer, axis);
  if (q == NULL) return NULL;
  Tensor* r = make_qtensor(self, sizes, strides, self->storage_offset, q);
  Quantizer_release(q);
  return r;
}

static const char kSqueezeAxis[] =
    "Squeeze is only possible on non-axis dimension for Per-Channel Quantized Tensors.";

/* PyTorch 1.13: aten/src/ATen/native/TensorShape.cpp squeeze_qtensor(self) (squeeze_quantized) */
Tensor* at_native_squeeze_quantized(const Tensor* self) {
  if (get_qtensorimpl_quantizer(self) == NULL) return NULL;
  int64_t sizes[MINATEN_MAX_DIM], strides[MINATEN_MAX_DIM];
  int64_t n = 0;
  int64_t axis = self->quantizer->axis;
  int64_t shift = 0;
  for (int64_t d = 0; d < self->dim; d++) {
    if (self->sizes[d] != 1) {
      sizes[n] = self->sizes[d];
      strides[n++] = self->strides[d];
    } else if (self->quantizer->qscheme == QScheme_PerChannelAffine) {
      TORCH_CHECK(axis != d, "%s", kSqueezeAxis);
      if (d < axis) shift++;
    }
  }
  return view_with_axis(self, IntArrayRef_make(sizes, (size_t)n), IntArrayRef_make(strides, (size_t)n), axis - shift);
fail:
  return NULL;
}

/* PyTorch 1.13: aten/src/ATen/native/TensorShape.cpp squeeze_qtensor(self, dim)
 * (squeeze_quantized for squeeze.dim; NB(minaten): C needs its own name) */
Tensor* at_native_squeeze_quantized_dim(const Tensor* self, int64_t dim) {
  if (get_qtensorimpl_quantizer(self) == NULL) return NULL;
  int64_t sizes[MINATEN_MAX_DIM], strides[MINATEN_MAX_DIM];
  int64_t n = 0;
  dim = maybe_wrap_dim(dim, self->dim, true);
  TRY(dim >= 0);
  int64_t axis = self->quantizer->axis;
  bool squeezed = self->dim > 0 && self->sizes[dim] == 1;
  if (self->quantizer->qscheme == QScheme_PerChannelAffine && squeezed) {
    TORCH_CHECK(axis != dim, "%s", kSqueezeAxis);
    if (dim < axis) axis--;
  }
  for (int64_t d = 0; d < self->dim; d++) {
    if (squeezed && d == dim) continue;
    sizes[n] = self->sizes[d];
    strides[n++] = self->strides[d];
  }
  return view_with_axis(self, IntArrayRef_make(sizes, (size_t)n), IntArrayRef_make(strides, (size_t)n), axis);
fail:
  return NULL;
}

/* PyTorch 1.13: aten/src/ATen/native/TensorShape.cpp at::native::unsqueeze_quantized
 * (with inferUnsqueezeGeometry) */
Tensor* at_native_unsqueeze_quantized(const Tensor* self, int64_t dim) {
  if (get_qtensorimpl_quantizer(self) == NULL) return NULL;
  dim = maybe_wrap_dim(dim, self->dim + 1, true);
  TRY(dim >= 0);
  TRY(check_max_dims(self->dim + 1) == 0);
  InferUnsqueezeGeometryResult g = inferUnsqueezeGeometry(self, dim);
  int64_t axis = self->quantizer->axis;
  if (self->quantizer->qscheme == QScheme_PerChannelAffine && axis >= dim) axis++;
  return view_with_axis(self, IntArrayRef_make(g.sizes, g.dim), IntArrayRef_make(g.strides, g.dim), axis);
fail:
  return NULL;
}
