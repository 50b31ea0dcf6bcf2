/*
 * IndexFill.c - index_fill: every element of self whose coordinate along
 * `dim` is one of index's entries set to a value (an index may repeat, and
 * may count from the end: -1 is the last slice).
 *
 * The in-place form is 1.13's walk: self is restrided to take index.numel()
 * steps of stride 0 along dim (it does not advance there), index is
 * restrided to advance along dim only, and a TensorIterator over the two
 * (no overlap check, no dtype check, no resize) hands the loop rows of
 * {self, index}; the loop writes self[idx * stride(dim)] for each index it
 * reads, checking the index as it goes ("index 4 is out of bounds for
 * dimension 1 with size 4": the slices before a bad index are filled).  A
 * 0-dim self is seen as one element along dim 0.  The value is converted to
 * self's dtype (Scalar::to's overflow check) once the checks pass, before
 * the walk.  A value tensor must be 0-dim; its item() is the value.  The
 * functional forms fill a clone (preserving self's layout).
 *
 * PyTorch 1.13: aten/src/ATen/native/TensorAdvancedIndexing.cpp
 * (index_fill_, index_fill), native/cpu/IndexKernel.cpp index_fill_kernel
 * (index_fill_stub)
 */
#include <stdalign.h>
#include <string.h>

#include "Functions.h"
#include "NativeFunctions.h"
#include "ops/Fill.h"
#include "ops/MemoryOverlap.h"
#include "ops/TensorIterator.h"
#include "ops/TensorIteratorConfig.h"
#include "runtime/Exception.h"
#include "runtime/TypeCast.h"

/* What the loop needs besides the rows. */
typedef struct IndexFillLoop {
  int64_t dim, self_dim_size;
  int64_t self_dim_stride; /* in bytes */
  const void* value;       /* the value stored as self's dtype */
  size_t size;
  bool failed; /* the index error is set: the rest of the walk does nothing */
} IndexFillLoop;

/* One index, checked and wrapped; false with the IndexError set. */
static bool wrap_index(IndexFillLoop* L, int64_t* idx) {
  if (!(*idx >= -L->self_dim_size && *idx < L->self_dim_size)) {
    Error_set(ErrorType_IndexError, "index %lld is out of bounds for dimension %lld with size %lld", (long long)*idx,
              (long long)L->dim, (long long)L->self_dim_size);
    L->failed = true;
    return false;
  }
  if (*idx < 0) *idx += L->self_dim_size;
  return true;
}

/* A tile of {self (stride 0 along dim), index}: data[0] and data[1].
 * PyTorch 1.13: native/cpu/IndexKernel.cpp index_fill_kernel (handle_nonzero_idx_stride,
 * handle_zero_idx_stride) */
static void index_fill_loop2d(void* ctx, char** data, const int64_t* strides, int64_t size0, int64_t size1) {
  IndexFillLoop* L = ctx;
  for (int64_t j = 0; j < size1 && !L->failed; j++) {
    char* self_bytes = data[0] + j * strides[2];
    const char* index_bytes = data[1] + j * strides[3];
    if (strides[1] != 0) {
      for (int64_t i = 0; i < size0; i++, self_bytes += strides[0], index_bytes += strides[1]) {
        int64_t idx;
        memcpy(&idx, index_bytes, sizeof idx);
        if (!wrap_index(L, &idx)) return;
        memcpy(self_bytes + idx * L->self_dim_stride, L->value, L->size);
      }
    } else if (size0 > 0) {
      int64_t idx;
      memcpy(&idx, index_bytes, sizeof idx);
      if (!wrap_index(L, &idx)) return;
      for (int64_t i = 0; i < size0; i++, self_bytes += strides[0])
        memcpy(self_bytes + idx * L->self_dim_stride, L->value, L->size);
    }
  }
}

/* Walks iter with the loop: 0, or -1 with the index error set. */
static int index_fill_walk(const TensorIteratorBase* iter, IndexFillLoop* L) {
  TensorIterator_serial_for_each(iter, index_fill_loop2d, L, 0, iter->numel);
  return L->failed ? -1 : 0;
}

/* PyTorch 1.13: TensorAdvancedIndexing.cpp index_fill_ (Scalar) */
Tensor* at_native_index_fill__int_Scalar(Tensor* self, int64_t dim, const Tensor* index, Scalar value) {
  Tensor *self_restrided = NULL, *index_restrided = NULL;
  TensorIteratorBase iter;
  bool built = false;
  TORCH_CHECK_INDEX(index->dtype == ScalarType_Long, "index_fill_(): Expected dtype int64 for index.");
  TRY(assert_no_overlap(self, index) == 0);
  if (has_internal_overlap(self))
    Warning_warn("Use of index_fill_ on expanded tensors is deprecated. Please clone() the tensor before performing "
                 "this operation. This also applies to advanced indexing e.g. tensor[mask] = scalar (Triggered "
                 "internally at  ./aten/src/ATen/native/TensorAdvancedIndexing.cpp:1278.)");
  TORCH_CHECK(ScalarType_isComplex(self->dtype) || !Scalar_isComplex(value),
              "index_fill_(): Converting complex Scalar to non-complex type is not supported");

  /* a 0-dim self is one element along dim 0 (self.unsqueeze(-1)) */
  int64_t one = 1;
  int64_t ndim = self->dim == 0 ? 1 : self->dim;
  const int64_t* sizes = self->dim == 0 ? &one : self->sizes;
  const int64_t* strides = self->dim == 0 ? &one : self->strides;
  dim = maybe_wrap_dim(dim, ndim, true);
  TRY(dim >= 0);
  TORCH_CHECK(index->dim <= 1, "Index has to be a vector/scalar");

  /* index restrided to advance along dim only, self not to advance there */
  int64_t index_sizes[MINATEN_MAX_DIM], index_strides[MINATEN_MAX_DIM];
  int64_t self_sizes[MINATEN_MAX_DIM], self_strides[MINATEN_MAX_DIM];
  for (int64_t d = 0; d < ndim; d++) {
    index_sizes[d] = 1, index_strides[d] = 0;
    self_sizes[d] = sizes[d], self_strides[d] = strides[d];
  }
  index_sizes[dim] = index->numel;
  index_strides[dim] = index->dim > 0 ? index->strides[0] : 1;
  self_sizes[dim] = index->numel;
  self_strides[dim] = 0;
  index_restrided = Tensor_makeView(index, IntArrayRef_make(index_sizes, (size_t)ndim),
                                    IntArrayRef_make(index_strides, (size_t)ndim), index->storage_offset);
  TRY(index_restrided != NULL);
  self_restrided = Tensor_makeView(self, IntArrayRef_make(self_sizes, (size_t)ndim),
                                   IntArrayRef_make(self_strides, (size_t)ndim), self->storage_offset);
  TRY(self_restrided != NULL);

  TensorIteratorConfig config;
  TensorIteratorConfig_init(&config);
  config.check_mem_overlap = false; /* self's zero stride along dim would trip it */
  config.check_all_same_dtype = false;
  config.resize_outputs = false;
  config.complex_kernels = true; /* the loop copies the value's bytes */
  TensorIteratorConfig_add_output(&config, self_restrided);
  TensorIteratorConfig_add_input(&config, index_restrided);
  TRY(TensorIterator_build(&iter, &config) == 0);
  built = true;

  /* index_fill_stub: source.to<scalar_t>(), then the walk */
  alignas(8) char bytes[16];
  TRY(store_scalar_checked(self->dtype, bytes, value) == 0);
  IndexFillLoop L = {dim, sizes[dim], strides[dim] * (int64_t)Tensor_itemsize(self), bytes, Tensor_itemsize(self),
                     false};
  /* NB(minaten): walked on one thread, the loop raising its error (1.13
   * splits the walk over its threads above the grain, which changes only
   * which slices are filled before the error). */
  TRY(index_fill_walk(&iter, &L) == 0);
  TensorIterator_release(&iter);
  Tensor_release(self_restrided);
  Tensor_release(index_restrided);
  return Tensor_retain(self);
fail:
  if (built) TensorIterator_release(&iter);
  Tensor_release(self_restrided);
  Tensor_release(index_restrided);
  return NULL;
}

/* PyTorch 1.13: TensorAdvancedIndexing.cpp index_fill_ (Tensor: source.item()) */
Tensor* at_native_index_fill__int_Tensor(Tensor* self, int64_t dim, const Tensor* index, const Tensor* value) {
  TORCH_CHECK(value->dim == 0,
              "index_fill_ only supports a 0-dimensional value tensor, but got tensor with %lld dimension(s).",
              (long long)value->dim);
  return at_index_fill__int_Scalar(self, dim, index, item_scalar(value));
fail:
  return NULL;
}

/* PyTorch 1.13: TensorAdvancedIndexing.cpp index_fill (Scalar: clone, then index_fill_) */
Tensor* at_native_index_fill_int_Scalar(const Tensor* self, int64_t dim, const Tensor* index, Scalar value) {
  OptionalMemoryFormat preserve = {true, MemoryFormat_Preserve};
  Tensor* copy = at_clone(self, preserve);
  if (copy == NULL) return NULL;
  Tensor* r = at_index_fill__int_Scalar(copy, dim, index, value);
  Tensor_release(copy);
  return r;
}

/* PyTorch 1.13: TensorAdvancedIndexing.cpp index_fill (Tensor: clone, then index_fill_) */
Tensor* at_native_index_fill_int_Tensor(const Tensor* self, int64_t dim, const Tensor* index, const Tensor* value) {
  OptionalMemoryFormat preserve = {true, MemoryFormat_Preserve};
  Tensor* copy = at_clone(self, preserve);
  if (copy == NULL) return NULL;
  Tensor* r = at_index_fill__int_Tensor(copy, dim, index, value);
  Tensor_release(copy);
  return r;
}
