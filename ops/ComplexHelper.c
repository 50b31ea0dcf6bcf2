/*
 * ComplexHelper.c - a complex tensor seen as a real one and back: views
 * over the same storage, the other dtype, with one more (one less)
 * dimension of size 2 for the real and imaginary parts.
 *
 *   complex64 (2, 3), strides (3, 1), offset 1
 *     view_as_real -> float32 (2, 3, 2), strides (6, 2, 1), offset 2
 *
 * Every stride and the offset double (halve): one complex element is two
 * real ones.  view_as_complex needs the pairs adjacent (the last dimension
 * of size 2 and stride 1) and every other stride and the offset even.
 * Neither view keeps the conjugate bit (1.13's view_tensor removes it), so
 * view_as_real refuses a conjugated tensor rather than lose its sign.
 *
 * PyTorch 1.13: aten/src/ATen/native/ComplexHelper.h (view_tensor,
 * computeStrideForViewAsReal, _view_as_real_physical, view_as_real,
 * computeStrideForViewAsComplex, view_as_complex)
 */
#include "NativeFunctions.h"
#include "ops/ComplexHelper.h"
#include "ops/TensorUtils.h"
#include "runtime/Exception.h"

/* A view of self's storage as dtype, without the conjugate bit.
 * PyTorch 1.13: ComplexHelper.h view_tensor */
static Tensor* view_tensor(const Tensor* self, ScalarType dtype, int64_t offset, IntArrayRef sizes,
                           IntArrayRef strides) {
  Tensor* t = Tensor_new(self->storage, offset, sizes, strides, dtype, self->device, Tensor_backendKey(self));
  if (t != NULL) t->key_set = DispatchKeySet_remove(self->key_set, DispatchKeySet_of(DispatchKey_Conjugate));
  return t;
}

/* PyTorch 1.13: ComplexHelper.h _view_as_real_physical */
Tensor* view_as_real_physical(const Tensor* self) {
  TORCH_CHECK(ScalarType_isComplex(self->dtype), "view_as_real is only supported for complex tensors");
  int64_t sizes[MINATEN_MAX_DIM + 1], strides[MINATEN_MAX_DIM + 1];
  TORCH_CHECK(self->dim < MINATEN_MAX_DIM, "minaten: tensors have at most %d dimensions", MINATEN_MAX_DIM);
  for (int64_t d = 0; d < self->dim; d++) {
    sizes[d] = self->sizes[d];
    strides[d] = self->strides[d] * 2;
  }
  /* the last dimension holds the real and the imaginary part */
  sizes[self->dim] = 2;
  strides[self->dim] = 1;
  return view_tensor(self, ScalarType_toReal(self->dtype), 2 * self->storage_offset,
                     IntArrayRef_make(sizes, (size_t)self->dim + 1), IntArrayRef_make(strides, (size_t)self->dim + 1));
fail:
  return NULL;
}

/* PyTorch 1.13: ComplexHelper.h view_as_real */
Tensor* at_native_view_as_real(const Tensor* self) {
  TORCH_CHECK(!Tensor_isConj(self),
              "view_as_real doesn't work on unresolved conjugated tensors.  To resolve the conjugate tensor so you "
              "can view it as real, use self.resolve_conj(); however, be warned that the resulting tensor will NOT "
              "alias the original.");
  return view_as_real_physical(self);
fail:
  return NULL;
}

/* PyTorch 1.13: ComplexHelper.h view_as_complex (computeStrideForViewAsComplex) */
Tensor* at_native_view_as_complex(const Tensor* self) {
  ScalarType t = self->dtype;
  TORCH_CHECK(t == ScalarType_Float || t == ScalarType_Double || t == ScalarType_Half,
              "view_as_complex is only supported for half, float and double tensors, but got a tensor of scalar "
              "type: %s", ScalarType_name(t));
  /* NB(minaten): no complex32 (ComplexHalf), which 1.13 makes of a half tensor */
  TORCH_CHECK(t != ScalarType_Half, "minaten: complex32 (ComplexHalf) tensors are not supported");
  TORCH_CHECK(self->dim != 0, "Input tensor must have one or more dimensions");
  TORCH_CHECK(self->sizes[self->dim - 1] == 2, "Tensor must have a last dimension of size 2");
  int64_t strides[MINATEN_MAX_DIM];
  TORCH_CHECK(self->strides[self->dim - 1] == 1, "Tensor must have a last dimension with stride 1");
  for (int64_t d = 0; d < self->dim - 1; d++) {
    TORCH_CHECK(self->strides[d] % 2 == 0, "Tensor must have a stride divisible by 2 for all but last dimension");
    strides[d] = self->strides[d] / 2;
  }
  TORCH_CHECK(self->storage_offset % 2 == 0, "Tensor must have a storage_offset divisible by 2");
  return view_tensor(self, ScalarType_toComplex(t), self->storage_offset / 2,
                     IntArrayRef_make(self->sizes, (size_t)self->dim - 1),
                     IntArrayRef_make(strides, (size_t)self->dim - 1));
fail:
  return NULL;
}
