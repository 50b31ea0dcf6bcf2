/*
 * TensorShapeSplit.c - the view operators that return lists of views:
 * split, split_with_sizes, chunk, unbind.
 *
 * Each returns a TensorList (an array the caller frees, one reference per
 * view).  chunk is CompositeImplicitAutograd and decomposes into
 * split.Tensor (or split_with_sizes for zero-size chunks), which is what a
 * trace shows; the pieces are made with narrow/slice/select inside the
 * kernels, untraced, as in PyTorch.
 *
 * PyTorch 1.13: aten/src/ATen/native/TensorShape.cpp (split, split_with_sizes,
 * chunk, unbind)
 */
#include <stddef.h>
#include <stdlib.h>

#include "Functions.h"
#include "NativeFunctions.h"
#include "ops/TensorShape.h"
#include "runtime/Exception.h"
#include "runtime/safe_numerics.h"

static const TensorList kNoList = {NULL, 0};

/* Room for n tensors, or NULL with the errors of PyTorch's std::vector<Tensor>
 * (its max_size() is PTRDIFF_MAX / sizeof(Tensor), a Tensor being one pointer). */
static Tensor** new_list(int64_t n) {
  TORCH_CHECK(n <= (int64_t)(PTRDIFF_MAX / sizeof(Tensor*)), "cannot create std::vector larger than max_size()");
  Tensor** items = calloc(n > 0 ? (size_t)n : 1, sizeof(Tensor*));
  TORCH_CHECK(items != NULL, "std::bad_alloc");
  return items;
fail:
  return NULL;
}

/* Releases the first n items and the array; returns the failure value. */
static TensorList fail_list(Tensor** items, int64_t n) {
  for (int64_t i = 0; i < n; i++) Tensor_release(items[i]);
  free(items);
  return kNoList;
}

/* PyTorch 1.13: TensorShape.cpp at::native::split (Tensor) */
TensorList at_native_split(const Tensor* self, int64_t split_size, int64_t dim) {
  TORCH_CHECK(self->dim != 0, "split expects at least a 1-dimensional tensor");
  TORCH_CHECK(split_size >= 0, "split expects split_size be non-negative, but got split_size=%lld",
              (long long)split_size);
  dim = maybe_wrap_dim(dim, self->dim, true);
  TRY(dim >= 0);
  int64_t dim_size = self->sizes[dim];
  TORCH_CHECK(split_size > 0 || dim_size == 0,
              "split_size can only be 0 if dimension size is 0, but got dimension size of %lld",
              (long long)dim_size);
  /* split_size 0 with an empty dimension is one split; a split_size larger
   * than the dimension also gives a single split. */
  int64_t num_splits = 1;
  if (split_size != 0) {
    num_splits = dim_size / split_size + (dim_size % split_size != 0);
    if (num_splits < 1) num_splits = 1;
  }
  int64_t last_split_size = dim_size - split_size * (num_splits - 1);
  Tensor** items = new_list(num_splits);
  TRY(items != NULL);
  for (int64_t i = 0; i < num_splits; i++) {
    int64_t length = i < num_splits - 1 ? split_size : last_split_size;
    items[i] = at_native_narrow(self, dim, i * split_size, length);
    if (items[i] == NULL) return fail_list(items, i);
  }
  TensorList r = {items, (size_t)num_splits};
  return r;
fail:
  return kNoList;
}

/* PyTorch 1.13: TensorShape.cpp at::native::split_with_sizes */
TensorList at_native_split_with_sizes(const Tensor* self, IntArrayRef split_sizes, int64_t dim) {
  char buf[512];
  TORCH_CHECK(self->dim != 0, "split expects at least a 1-dimensional tensor");
  dim = maybe_wrap_dim(dim, self->dim, true);
  TRY(dim >= 0);
  int64_t dim_size = self->sizes[dim];
  int64_t n = (int64_t)split_sizes.size;
  Tensor** items = new_list(n);
  TRY(items != NULL);
  int64_t start = 0;
  for (int64_t i = 0; i < n; i++) {
    int64_t length = split_sizes.data[i];
    if (length < 0) {
      Error_set(ErrorType_RuntimeError,
                "split_with_sizes expects split_sizes have only non-negative entries, but got "
                "split_sizes=%s",
                IntArrayRef_format(split_sizes, buf, sizeof buf));
      return fail_list(items, i);
    }
    /* wraps as PyTorch's: [2**63-1, 2**63-1, 5] sums to 3 */
    OptionalInt s = {true, start}, e = {true, add_wrap(start, length)};
    items[i] = slice_int(self, dim, s, e, 1);
    if (items[i] == NULL) return fail_list(items, i);
    start = add_wrap(start, length);
  }
  if (start != dim_size) {
    Error_set(ErrorType_RuntimeError,
              "split_with_sizes expects split_sizes to sum exactly to %lld (input tensor's size at "
              "dimension %lld), but got split_sizes=%s",
              (long long)dim_size, (long long)dim, IntArrayRef_format(split_sizes, buf, sizeof buf));
    return fail_list(items, n);
  }
  TensorList r = {items, (size_t)n};
  return r;
fail:
  return kNoList;
}

/* PyTorch 1.13: TensorShape.cpp at::native::chunk */
TensorList at_native_chunk(const Tensor* self, int64_t chunks, int64_t dim) {
  TORCH_CHECK(self->dim > 0, "chunk expects at least a 1-dimensional tensor");
  TORCH_CHECK(chunks > 0, "chunk expects `chunks` to be greater than 0, got: %lld", (long long)chunks);
  int64_t wrapped = maybe_wrap_dim(dim, self->dim, true);
  TRY(wrapped >= 0);
  int64_t dim_size = self->sizes[wrapped];
  /* (dim_size + chunks - 1) / chunks, wrapping as PyTorch's: chunk(2**63-1)
   * of a size-3 dimension asks for split_size -1 */
  int64_t split_size = add_wrap(dim_size, chunks - 1) / chunks;
  /* Zero-size chunks of a zero-size dimension: split would lose their
   * number, so ask for each explicitly. */
  if (split_size == 0 && dim_size == 0) {
    /* std::vector<int64_t> split_sizes(chunks, ...) */
    TORCH_CHECK(chunks <= (int64_t)(PTRDIFF_MAX / sizeof(int64_t)), "cannot create std::vector larger than max_size()");
    int64_t* sizes = calloc((size_t)chunks, sizeof(int64_t));
    TORCH_CHECK(sizes != NULL, "std::bad_alloc");
    TensorList r = at_split_with_sizes(self, IntArrayRef_make(sizes, (size_t)chunks), dim);
    free(sizes);
    return r;
  }
  return at_split_Tensor(self, split_size, dim);
fail:
  return kNoList;
}

/* PyTorch 1.13: TensorShape.cpp at::native::unbind (int) */
TensorList at_native_unbind(const Tensor* self, int64_t dim) {
  dim = maybe_wrap_dim(dim, self->dim, true);
  TRY(dim >= 0);
  TORCH_CHECK_INDEX(self->dim > 0, "Dimension specified as 0 but tensor has no dimensions");
  int64_t size = self->sizes[dim];
  Tensor** items = new_list(size);
  TRY(items != NULL);
  for (int64_t i = 0; i < size; i++) {
    items[i] = at_native_select(self, dim, i);
    if (items[i] == NULL) return fail_list(items, i);
  }
  TensorList r = {items, (size_t)size};
  return r;
fail:
  return kNoList;
}
