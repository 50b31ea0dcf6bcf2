/*
 * TensorShapeCat.c (quantized) - cat of per-tensor quantized tensors, the
 * QuantizedCPU kernels of aten::cat and aten::cat.out.
 *
 * PyTorch concatenates quantized tensors through floats: each input is
 * dequantized with its own scale and zero point, the floats are
 * concatenated by the float cat, and the result is quantized once with the
 * first input's parameters (cat) or out's (cat.out), so inputs with other
 * parameters are requantized, not refused.  What it refuses, in its order:
 *   - a first input (or an out) that is not quantized: its qscheme() has no
 *     CPU kernel, so the error is the dispatcher's NotImplementedError;
 *   - a first input (or out) quantized per channel: "Only per-tensor
 *     quantization is supported in 'cat'!";
 *   - a later input that is not quantized (qscheme() again) or is quantized
 *     per channel (its q_scale() is refused): all_inputs_sharing_qparams
 *     reads every input's parameters, although it never refuses a mismatch
 *     (it ORs its tests into a flag that starts true);
 *   - a zero-dimensional input, a bad dim (cat's checks, with the legacy
 *     skip of 1-D empty inputs when wrapping dim);
 *   - inputs of different quantized dtypes: "All dtypes must be the same.";
 *   - then the float cat's shape checks.
 * cat.out copies the quantized result into out with copy_, which neither
 * resizes out nor converts between quantized dtypes.
 * stack of quantized tensors arrives here through aten::cat.
 *
 * NB(minaten): PyTorch's channels-last fast path (4-D inputs contiguous in
 * channels-last, dim 1: qcat_nhwc_stub) is not modelled; minaten has only
 * the contiguous memory format, and a contiguous tensor is also channels-last
 * contiguous only when its dims 1..3 are mostly of size 1.
 *
 * PyTorch 1.13: aten/src/ATen/native/quantized/cpu/TensorShape.cpp
 * (cat_quantized_cpu, cat_out_quantized_cpu, quantized_cat_impl,
 * is_valid_quantization_scheme, all_inputs_sharing_qparams)
 */
#include <stdlib.h>

#include "Functions.h"
#include "NativeFunctions.h"
#include "ops/TensorUtils.h"
#include "runtime/Exception.h"

/* 1: per-tensor, 0: not, -1: error set (self not quantized).
 * PyTorch 1.13: quantized/cpu/TensorShape.cpp is_valid_quantization_scheme */
static int is_valid_quantization_scheme(const Tensor* t) {
  QScheme qtype = at_qscheme(t);
  if (Error_occurred()) return -1;
  return qtype == QScheme_PerTensorAffine; /* or per-tensor symmetric, which minaten has not */
}

/* Reads each later input's qscheme, scale and zero point, as PyTorch does
 * (whose test never fails: see above); 0, or -1 with the error of a reading.
 * PyTorch 1.13: quantized/cpu/TensorShape.cpp all_inputs_sharing_qparams */
static int all_inputs_sharing_qparams(TensorList qxs) {
  for (size_t i = 1; i < qxs.size; i++) {
    (void)at_qscheme(qxs.data[i]);
    TRY(!Error_occurred());
    /* qxs[0] is per-tensor affine here (checked before) */
    (void)at_q_scale(qxs.data[i]);
    TRY(!Error_occurred());
    (void)at_q_zero_point(qxs.data[i]);
    TRY(!Error_occurred());
  }
  return 0;
fail:
  return -1;
}

/* PyTorch 1.13: aten/src/ATen/native/TensorShape.cpp check_cat_no_zero_dim */
static int check_cat_no_zero_dim(TensorList tensors) {
  for (size_t i = 0; i < tensors.size; i++)
    TORCH_CHECK(tensors.data[i]->dim > 0, "zero-dimensional tensor (at position %zu) cannot be concatenated", i);
  return 0;
fail:
  return -1;
}

/* dim wrapped against the first input that is not 1-D empty (unwrapped if
 * there is none); -1 with an IndexError.
 * PyTorch 1.13: aten/src/ATen/WrapDimUtils.h legacy_cat_wrap_dim */
static int64_t legacy_cat_wrap_dim(int64_t dim, TensorList tensors) {
  for (size_t i = 0; i < tensors.size; i++) {
    const Tensor* t = tensors.data[i];
    if (t->dim == 1 && t->sizes[0] == 0) continue;
    return maybe_wrap_dim(dim, t->dim, true);
  }
  return dim;
}

/* Dequantize, cat the floats, quantize with (scale, zero_point) in the
 * inputs' dtype.  New reference or NULL.
 * PyTorch 1.13: quantized/cpu/TensorShape.cpp quantized_cat_impl<false> */
static Tensor* quantized_cat_impl(TensorList qxs, int64_t dim, double scale, int64_t zero_point) {
  ScalarType x_dtype = qxs.data[0]->dtype;
  Tensor** xs = calloc(qxs.size, sizeof(Tensor*));
  TORCH_CHECK_ALLOC(xs != NULL);
  Tensor* qy = NULL;
  size_t made = 0;
  for (; made < qxs.size; made++) {
    const Tensor* qx = qxs.data[made];
    if (qx->dtype != x_dtype) {
      Error_set(ErrorType_RuntimeError, "All dtypes must be the same.");
      break;
    }
    /* cat's inputs all passed all_inputs_sharing_qparams; cat.out's did
     * not, so a per-channel input after a per-tensor first one stops here. */
    if (qx->quantizer->qscheme != qxs.data[0]->quantizer->qscheme) {
      Error_set(ErrorType_RuntimeError, "Quantization schemes must be the same.");
      break;
    }
    xs[made] = at_dequantize_self(qx);
    if (xs[made] == NULL) break;
  }
  if (made == qxs.size) {
    TensorList l = {xs, qxs.size};
    Tensor* y = at_cat(l, dim);
    if (y != NULL) qy = at_quantize_per_tensor(y, scale, zero_point, x_dtype);
    Tensor_release(y);
  }
  for (size_t i = 0; i < made; i++) Tensor_release(xs[i]);
  free(xs);
  return qy;
fail:
  return NULL;
}

/* The first check of both kernels: the first input is per-tensor quantized.  0 or -1. */
static int check_first_input(TensorList tensors) {
  TORCH_CHECK(tensors.size > 0, "torch.cat(): expected a non-empty list of Tensors");
  int valid = is_valid_quantization_scheme(tensors.data[0]);
  TRY(valid >= 0);
  TORCH_CHECK(valid, "Only per-tensor quantization is supported in 'cat'!");
  return 0;
fail:
  return -1;
}

/* PyTorch 1.13: quantized/cpu/TensorShape.cpp at::native::cat_quantized_cpu */
Tensor* at_native_cat_quantized_cpu(TensorList tensors, int64_t dim) {
  TRY(check_first_input(tensors) == 0);
  TRY(all_inputs_sharing_qparams(tensors) == 0);
  TRY(check_cat_no_zero_dim(tensors) == 0);
  dim = legacy_cat_wrap_dim(dim, tensors);
  TRY(!Error_occurred());
  const Quantizer* q = tensors.data[0]->quantizer;
  return quantized_cat_impl(tensors, dim, q->scale, q->zero_point);
fail:
  return NULL;
}

/* PyTorch 1.13: quantized/cpu/TensorShape.cpp at::native::cat_out_quantized_cpu */
Tensor* at_native_cat_out_quantized_cpu(TensorList tensors, int64_t dim, Tensor* out) {
  TRY(check_first_input(tensors) == 0);
  int valid = is_valid_quantization_scheme(out);
  TRY(valid >= 0);
  TORCH_CHECK(valid, "Only per-tensor quantization is supported in 'cat'!");
  TRY(check_cat_no_zero_dim(tensors) == 0);
  dim = legacy_cat_wrap_dim(dim, tensors);
  TRY(!Error_occurred());
  Tensor* out_ = quantized_cat_impl(tensors, dim, out->quantizer->scale, out->quantizer->zero_point);
  TRY(out_ != NULL);
  Tensor* r = at_copy_(out, out_, false);
  Tensor_release(out_);
  return r;
fail:
  return NULL;
}
