/*
 * Copy.c (quantized) - copy_ when either side is quantized.
 *
 * PyTorch's copy_impl has three quantized branches before its element loop:
 *
 *   quantized <- quantized   same qscheme ("Quantized Copy only works with
 *                            same qscheme") and dtype (a TORCH_CHECK), then
 *                            self takes src's quantizer (set_quantizer_) and
 *                            the integers are copied;
 *   quantized <- float       quantized_copy_from_float_: both contiguous, same
 *                            shape, src float32; src is quantized with self's
 *                            own quantizer;
 *   float <- quantized       refused ("Copying from quantized Tensor to
 *                            non-quantized Tensor is not allowed, ...").
 *
 * NB(minaten): copy_ is CompositeExplicitAutograd (ops/Copy.c,
 * at_native_copy_); that kernel must call quantized_copy_ below first, as
 * copy_impl does, for these branches to run.
 *
 * PyTorch 1.13: aten/src/ATen/native/Copy.cpp copy_impl (quantized branches),
 * aten/src/ATen/native/quantized/Copy.cpp quantized_copy_from_float_
 */
#include "ops/quantized/Copy.h"

#include <string.h>

#include "ops/Copy.h"
#include "ops/quantized/AffineQuantizer.h"
#include "runtime/Exception.h"

/* PyTorch 1.13: aten/src/ATen/native/quantized/Copy.cpp quantized_copy_from_float_ */
static int quantized_copy_from_float_(Tensor* self, const Tensor* src) {
  const Quantizer* qz = self->quantizer;
  TORCH_CHECK(src->dtype == ScalarType_Float, "Quantized copy only works with kFloat as source Tensor");
  TORCH_CHECK(self->is_contiguous && src->is_contiguous,
              "Quantized copy only works with contiguous and NHWC Tensors");
  TORCH_CHECK(self->dim == src->dim && memcmp(self->sizes, src->sizes, (size_t)self->dim * sizeof(int64_t)) == 0,
              "Quantized copy only works with Tensors with the same shape");
  /* self.qscheme(): refused when self requires grad; an empty(dtype=torch.quint8) has none */
  TRY(get_qtensorimpl_quantizer(self) != NULL);
  TRY(Quantizer_checkKnown(qz, "qscheme") == 0);
  TRY(check_affine_quantizer(qz, self->dtype, src, false) == 0);
  TRY(quantize_into(src, self) == 0);
  return 0;
fail:
  return -1;
}

int quantized_copy_(Tensor* self, const Tensor* src) {
  bool self_q = Tensor_isQuantized(self), src_q = Tensor_isQuantized(src);
  if (!self_q && !src_q) return 0;
  if (self_q && !src_q) return quantized_copy_from_float_(self, src) == 0 ? 1 : -1;
  TORCH_CHECK(self_q, "Copying from quantized Tensor to non-quantized Tensor is not allowed, please use "
                      "dequantize to get a float Tensor from a quantized Tensor");
  TRY(get_qtensorimpl_quantizer(self) != NULL && get_qtensorimpl_quantizer(src) != NULL);
  TORCH_CHECK(self->quantizer->qscheme == src->quantizer->qscheme, "Quantized Copy only works with same qscheme");
  TORCH_CHECK(self->dtype == src->dtype,
              "Expected self.scalar_type() == src.scalar_type() to be true, but got false.  (Could this error "
              "message be improved?  If so, please report an enhancement request to PyTorch.)");
  /* set_quantizer_(self, src.quantizer()) */
  Quantizer* old = self->quantizer;
  self->quantizer = Quantizer_retain(src->quantizer);
  Quantizer_release(old);
  TRY(copy_into(self, src) == 0);
  return 1;
fail:
  return -1;
}
