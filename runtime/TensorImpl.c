/*
 * TensorImpl.c - tensor headers; see TensorImpl.h.
 * PyTorch 1.13: c10/core/TensorImpl.cpp
 */
#include "runtime/TensorImpl.h"

#include <stdlib.h>
#include <string.h>

#include "runtime/Exception.h"

Tensor* Tensor_new(Storage* storage, int64_t storage_offset, IntArrayRef sizes,
                   IntArrayRef strides, ScalarType dtype, Device device, DispatchKey backend) {
  TORCH_INTERNAL_ASSERT(sizes.size == strides.size);
  TORCH_CHECK(sizes.size <= MINATEN_MAX_DIM,
              "minaten supports tensors with at most %d dimensions, but got %zu", MINATEN_MAX_DIM,
              sizes.size);
  int64_t numel = 1;
  for (size_t i = 0; i < sizes.size; i++)
    TORCH_CHECK(!__builtin_mul_overflow(numel, sizes.data[i], &numel),
                "numel: integer multiplication overflow");
  Tensor* t = malloc(sizeof *t + 2 * sizes.size * sizeof(int64_t));
  TORCH_CHECK(t != NULL, "DefaultCPUAllocator: not enough memory");
  t->refcount = 1;
  t->is_wrapped_number = false;
  DispatchKeySet ks = DispatchKeySet_of(backend);
  ks = DispatchKeySet_add(ks, DispatchKey_ADInplaceOrView);
  t->key_set = DispatchKeySet_add(ks, DispatchKey_autogradKeyFor(backend));
  t->dtype = dtype;
  t->device = device;
  t->dim = (int64_t)sizes.size;
  t->storage_offset = storage_offset;
  t->storage = storage ? Storage_retain(storage) : NULL;
  t->quantizer = NULL;
  t->lazy = NULL;
  t->sizes = t->sizes_and_strides;
  t->strides = t->sizes_and_strides + sizes.size;
  t->dim_capacity = (int64_t)sizes.size;
  if (sizes.size) {
    memcpy(t->sizes, sizes.data, sizes.size * sizeof(int64_t));
    memcpy(t->strides, strides.data, strides.size * sizeof(int64_t));
  }
  Tensor_refreshContiguous(t);
  return t;
fail:
  return NULL;
}

Tensor* Tensor_makeView(const Tensor* self, IntArrayRef sizes, IntArrayRef strides,
                        int64_t storage_offset) {
  Tensor* t = Tensor_new(self->storage, storage_offset, sizes, strides, self->dtype, self->device,
                         Tensor_backendKey(self));
  if (t) {
    t->key_set = self->key_set;
    t->quantizer = Quantizer_retain(self->quantizer);
  }
  return t;
}

Tensor* Tensor_retain(const Tensor* t) {
  Tensor* m = (Tensor*)t; /* the refcount is intrusive and logically mutable */
  m->refcount++;
  return m;
}

void (*Tensor_releaseLazy)(struct LazyTensor* lazy) = NULL;

void Tensor_release(Tensor* t) {
  if (t == NULL || --t->refcount > 0) return;
  if (t->lazy != NULL) Tensor_releaseLazy(t->lazy);
  Storage_release(t->storage);
  Quantizer_release(t->quantizer);
  if (t->sizes != t->sizes_and_strides) free(t->sizes);
  free(t);
}

int Tensor_resizeContiguous(Tensor* t, IntArrayRef sizes) {
  TORCH_CHECK(sizes.size <= MINATEN_MAX_DIM,
              "minaten supports tensors with at most %d dimensions, but got %zu", MINATEN_MAX_DIM,
              sizes.size);
  for (size_t i = 0; i < sizes.size; i++) TORCH_INTERNAL_ASSERT(sizes.data[i] >= 0);
  int64_t numel = 1;
  for (size_t i = 0; i < sizes.size; i++)
    TORCH_CHECK(!__builtin_mul_overflow(numel, sizes.data[i], &numel),
                "numel: integer multiplication overflow");
  if (numel > 0 && t->storage != NULL) { /* a lazy tensor has no storage to grow */
    uint64_t need;
    TORCH_CHECK(!__builtin_mul_overflow((uint64_t)t->storage_offset + (uint64_t)numel,
                                        (uint64_t)Tensor_itemsize(t), &need),
                "numel: integer multiplication overflow");
    if (need > t->storage->nbytes && Storage_resize(t->storage, need) < 0) goto fail;
  }
  int64_t ndim = (int64_t)sizes.size;
  if (ndim > t->dim_capacity) {
    int64_t* heap = malloc(2 * sizes.size * sizeof(int64_t));
    TORCH_CHECK(heap != NULL, "DefaultCPUAllocator: not enough memory");
    if (t->sizes != t->sizes_and_strides) free(t->sizes);
    t->sizes = heap;
    t->dim_capacity = ndim;
  }
  t->strides = t->sizes + ndim;
  t->dim = ndim;
  if (ndim) memcpy(t->sizes, sizes.data, sizes.size * sizeof(int64_t));
  computeContiguousStrides(sizes, t->strides);
  Tensor_refreshContiguous(t);
  return 0;
fail:
  return -1;
}

DispatchKey Tensor_backendKey(const Tensor* t) {
  DispatchKeySet backends = DispatchKeySet_and(t->key_set, DispatchKeySet_backends());
  return DispatchKeySet_highestPriorityTypeId(backends);
}

void Tensor_refreshContiguous(Tensor* t) {
  int64_t numel = 1;
  for (int64_t d = 0; d < t->dim; d++) numel *= t->sizes[d];
  t->numel = numel;
  /* Note: size-1 dimensions can have any stride, and an empty tensor is
   * contiguous whatever its strides. */
  bool contiguous = true;
  if (numel != 0) {
    int64_t expected = 1;
    for (int64_t d = t->dim - 1; d >= 0; d--) {
      if (t->sizes[d] == 1) continue;
      if (t->strides[d] != expected) {
        contiguous = false;
        break;
      }
      expected *= t->sizes[d];
    }
  }
  t->is_contiguous = contiguous;
}

void computeContiguousStrides(IntArrayRef sizes, int64_t* strides_out) {
  /* Unsigned arithmetic: sizes whose product overflows are rejected by the
   * callers (storage size, numel); here they must merely not be UB. */
  uint64_t stride = 1;
  for (size_t i = sizes.size; i-- > 0;) {
    strides_out[i] = (int64_t)stride;
    stride *= sizes.data[i] > 1 ? (uint64_t)sizes.data[i] : 1;
  }
}

int64_t maybe_wrap_dim(int64_t dim, int64_t dim_post_expr, bool wrap_scalar) {
  if (dim_post_expr <= 0) {
    if (!wrap_scalar) {
      Error_set(ErrorType_IndexError,
                "Dimension specified as %lld but tensor has no dimensions", (long long)dim);
      return -1;
    }
    dim_post_expr = 1;
  }
  int64_t min = -dim_post_expr;
  int64_t max = dim_post_expr - 1;
  if (dim < min || dim > max) {
    Error_set(ErrorType_IndexError,
              "Dimension out of range (expected to be in range of [%lld, %lld], but got %lld)",
              (long long)min, (long long)max, (long long)dim);
    return -1;
  }
  return dim < 0 ? dim + dim_post_expr : dim;
}
