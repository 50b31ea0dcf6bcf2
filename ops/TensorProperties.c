/*
 * TensorProperties.c - is_same_size and is_nonzero, the operators behind
 * torch.is_same_size and bool(t).
 *
 * is_same_size is CompositeExplicitAutograd, so a trace shows it (the
 * autograd engine asks it of every gradient given to backward); is_nonzero
 * is CompositeImplicitAutograd: a trace shows the item() it reads,
 * aten::_local_scalar_dense (after dequantize for a quantized tensor).
 *
 * PyTorch 1.13: aten/src/ATen/native/TensorProperties.cpp
 */
#include "Functions.h"
#include "NativeFunctions.h"
#include "ops/quantized/AffineQuantizer.h"
#include "runtime/Exception.h"

/* PyTorch 1.13: TensorProperties.cpp at::native::is_same_size */
bool at_native_is_same_size(const Tensor* self, const Tensor* other) {
  if (self->dim != other->dim) return false;
  for (int64_t d = 0; d < self->dim; d++)
    if (self->sizes[d] != other->sizes[d]) return false;
  return true;
}

/* self.item(): a quantized tensor's dequantized value (1.13's at::native::item) */
static int item(const Tensor* self, Scalar* out) {
  Tensor* d = Tensor_isQuantized(self) ? at_dequantize_self(self) : NULL;
  if (Tensor_isQuantized(self) && d == NULL) return -1;
  *out = at__local_scalar_dense(d != NULL ? d : self); /* a lazy tensor is computed first */
  Tensor_release(d);
  return Error_occurred() ? -1 : 0;
}

/* PyTorch 1.13: TensorProperties.cpp at::native::is_nonzero */
bool at_native_is_nonzero(const Tensor* self) {
  TORCH_CHECK(self->numel != 0, "Boolean value of Tensor with no values is ambiguous");
  TORCH_CHECK(self->numel < 2, "Boolean value of Tensor with more than one value is ambiguous");
  Scalar s;
  TRY(item(self, &s) == 0);
  if (Scalar_isComplex(s)) return s.v.z.real != 0 || s.v.z.imag != 0;
  if (Scalar_isFloatingPoint(s)) return s.v.d != 0;
  return s.v.i != 0;
fail:
  return false;
}
