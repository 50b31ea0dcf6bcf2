/*
 * Fill.c - fill_ and zero_: write one value to every element, in place.
 * PyTorch 1.13: aten/src/ATen/native/Fill.cpp
 */
#include <string.h>

#include "NativeFunctions.h"
#include "ops/Copy.h"
#include "runtime/Exception.h"

/* Every element of self (any strides) gets the bytes in `value`. */
static void fill_bytes(Tensor* self, const char* value) {
  size_t size = Tensor_itemsize(self);
  int64_t idx[MINATEN_MAX_DIM] = {0};
  char* base = Tensor_data(self);
  for (int64_t n = 0; n < self->numel; n++) {
    int64_t off = 0;
    for (int64_t k = 0; k < self->dim; k++) off += idx[k] * self->strides[k];
    memcpy(base + off * (int64_t)size, value, size);
    for (int64_t k = self->dim - 1; k >= 0; k--) {
      if (++idx[k] < self->sizes[k]) break;
      idx[k] = 0;
    }
  }
}

/* PyTorch 1.13: aten/src/ATen/native/Fill.cpp at::native::fill_ (Scalar) */
Tensor* at_native_fill_(Tensor* self, Scalar value) {
  char bytes[8];
  if (store_scalar_checked(self->dtype, bytes, value) < 0) return NULL;
  if (self->is_contiguous && Tensor_itemsize(self) == 1) {
    memset(Tensor_data(self), bytes[0], (size_t)self->numel);
  } else {
    fill_bytes(self, bytes);
  }
  return Tensor_retain(self);
}

/* PyTorch 1.13: aten/src/ATen/native/Fill.cpp at::native::zero_ */
Tensor* at_native_zero_(Tensor* self) { return at_native_fill_(self, Scalar_fromLong(0)); }

/* PyTorch 1.13: aten/src/ATen/native/Fill.cpp at::native::fill_ (Tensor)
 * (NB(minaten): kernel named fill__Tensor, C has no overloading) */
Tensor* at_native_fill__Tensor(Tensor* self, const Tensor* value) {
  TORCH_CHECK(value->dim == 0,
              "fill_ only supports 0-dimension value tensor but got tensor with %lld dimensions.",
              (long long)value->dim);
  char bytes[8];
  convert_element(self->dtype, bytes, value->dtype, Tensor_data(value));
  fill_bytes(self, bytes);
  return Tensor_retain(self);
fail:
  return NULL;
}
