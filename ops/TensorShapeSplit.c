/*
 * TensorShapeSplit.c - the view operators that return lists of views:
 * split, split_with_sizes, chunk, unbind, tensor_split, hsplit, vsplit,
 * dsplit.
 *
 * Each returns a TensorList (an array the caller frees, one reference per
 * view).  chunk is CompositeImplicitAutograd and decomposes into
 * split.Tensor (or split_with_sizes for zero-size chunks), which is what a
 * trace shows; the pieces of split and split_with_sizes are made with
 * narrow/slice/select inside the kernels, untraced, as in PyTorch.
 *
 * tensor_split and its hsplit/vsplit/dsplit front ends are
 * CompositeImplicitAutograd too, but make each piece with a dispatched
 * aten::slice.Tensor (at::slice in PyTorch), so a trace shows one
 * `aten::slice.Tensor` per piece, and autograd records a SliceBackward per
 * piece (no derivative of their own).  The front ends and the
 * tensor_indices_or_sections overload reach the other overloads through
 * their entry points, which, being math kernels too, run above the trace
 * key and show nothing; only reading a 0-dim sections tensor shows
 * (`aten::_local_scalar_dense`, 1.13's item()).
 *
 * PyTorch 1.13: aten/src/ATen/native/TensorShape.cpp (split, split_with_sizes,
 * chunk, unbind, tensor_split, hsplit, vsplit, dsplit)
 */
#include <stddef.h>
#include <stdlib.h>

#include "runtime/Device.h"
#include "runtime/Scalar.h"
#include "runtime/ScalarType.h"

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

/* ---- tensor_split, hsplit, vsplit, dsplit ---------------------------------- */

/* at::slice(self, dim, start, end): a dispatched aten::slice.Tensor, step 1. */
static Tensor* slice_dispatched(const Tensor* self, int64_t dim, int64_t start, int64_t end) {
  OptionalInt s = {true, start}, e = {true, end};
  return at_slice_Tensor(self, dim, s, e, 1);
}

/*
 * `sections` pieces as even as can be: the first dim_size % sections pieces
 * have one element more.  More sections than elements give empty pieces at
 * the end.
 * PyTorch 1.13: TensorShape.cpp at::native::tensor_split (int64_t sections)
 */
TensorList at_native_tensor_split_sections(const Tensor* self, int64_t sections, int64_t dim) {
  TORCH_CHECK(self->dim > 0,
              "tensor_split expected at least a 1-dimensional tensor, but got a tensor with %lld dims",
              (long long)self->dim);
  int64_t wrapped = maybe_wrap_dim(dim, self->dim, true);
  TRY(wrapped >= 0);
  TORCH_CHECK(sections > 0, "number of sections must be larger than 0, got %lld", (long long)sections);
  int64_t dim_size = self->sizes[wrapped];
  Tensor** items = new_list(sections); /* std::vector<Tensor> splits(sections) */
  TRY(items != NULL);
  int64_t min_split_size = dim_size / sections;
  int64_t num_splits_one_extra = dim_size % sections;
  int64_t start = 0;
  for (int64_t i = 0; i < sections; i++) {
    int64_t split_size = i < num_splits_one_extra ? min_split_size + 1 : min_split_size;
    items[i] = slice_dispatched(self, wrapped, start, start + split_size);
    if (items[i] == NULL) return fail_list(items, i);
    start += split_size;
  }
  TensorList r = {items, (size_t)sections};
  return r;
fail:
  return kNoList;
}

/*
 * len(indices) + 1 pieces: [0, i0), [i0, i1), ..., [ik, size), each a slice,
 * so indices wrap once if negative and clamp into the dimension, and an
 * index below the previous one gives an empty piece.
 * PyTorch 1.13: TensorShape.cpp at::native::tensor_split (IntArrayRef indices)
 */
TensorList at_native_tensor_split_indices(const Tensor* self, IntArrayRef indices, int64_t dim) {
  TORCH_CHECK(self->dim > 0,
              "tensor_split expected at least a 1-dimensional tensor, but got a tensor with %lld dims",
              (long long)self->dim);
  int64_t wrapped = maybe_wrap_dim(dim, self->dim, true);
  TRY(wrapped >= 0);
  int64_t num_indices = (int64_t)indices.size;
  Tensor** items = new_list(num_indices + 1);
  TRY(items != NULL);
  int64_t start = 0;
  for (int64_t i = 0; i < num_indices; i++) {
    int64_t end = indices.data[i];
    items[i] = slice_dispatched(self, wrapped, start, end);
    if (items[i] == NULL) return fail_list(items, i);
    start = end;
  }
  items[num_indices] = slice_dispatched(self, wrapped, start, self->sizes[wrapped]);
  if (items[num_indices] == NULL) return fail_list(items, num_indices);
  TensorList r = {items, (size_t)num_indices + 1};
  return r;
fail:
  return kNoList;
}

/*
 * A CPU int64 tensor: 0-dim, the number of sections (read with item(),
 * which the trace shows as aten::_local_scalar_dense), or 1-dim, the
 * indices (read directly, any stride).
 * PyTorch 1.13: TensorShape.cpp at::native::tensor_split (const Tensor& tensor_indices_or_sections)
 */
TensorList at_native_tensor_split_tensor_indices_or_sections(const Tensor* self, const Tensor* tensor_indices_or_sections,
                                                             int64_t dim) {
  char buf[32];
  const Tensor* t = tensor_indices_or_sections;
  TORCH_CHECK(self->dim > 0,
              "tensor_split expected at least a 1-dimensional tensor, but got a tensor with %lld dims",
              (long long)self->dim);
  TORCH_CHECK(t->device.type == DeviceType_CPU,
              "tensor_split expected tensor_indices_or_sections to be on cpu, but it's on %s",
              Device_format(t->device, buf, sizeof buf));
  TORCH_CHECK(t->dtype == ScalarType_Long,
              "tensor_split expected tensor_indices_or_sections to have dtype of long, but got %s",
              ScalarType_name(t->dtype));
  TORCH_CHECK(t->dim == 1 || t->dim == 0,
              "tensor_split expected tensor_indices_or_sections to be a zero-dimensional or one-dimensional "
              "tensor, but got a tensor with %lld dims",
              (long long)t->dim);
  if (t->dim == 0) {
    Scalar sections = at__local_scalar_dense(t);
    TRY(!Error_occurred());
    return at_tensor_split_sections(self, Scalar_toLong(sections), dim);
  }
  int64_t numel = t->sizes[0];
  /* std::vector<int64_t> indices(numel) */
  TORCH_CHECK(numel <= (int64_t)(PTRDIFF_MAX / sizeof(int64_t)), "cannot create std::vector larger than max_size()");
  int64_t* indices = calloc(numel > 0 ? (size_t)numel : 1, sizeof(int64_t));
  TORCH_CHECK(indices != NULL, "std::bad_alloc");
  /* the indices tensor could be non-contiguous */
  const int64_t* data = (const int64_t*)Tensor_data(t);
  for (int64_t i = 0; i < numel; i++) indices[i] = data[i * t->strides[0]];
  TensorList r = at_tensor_split_indices(self, IntArrayRef_make(indices, (size_t)numel), dim);
  free(indices);
  return r;
fail:
  return kNoList;
}

/* PyTorch 1.13: TensorShape.cpp at::native::hsplit (int64_t split_size) */
TensorList at_native_hsplit_int(const Tensor* self, int64_t sections) {
  TORCH_CHECK(self->dim >= 1,
              "torch.hsplit requires a tensor with at least 1 dimension, but got a tensor with %lld dimensions!",
              (long long)self->dim);
  int64_t dim = self->dim == 1 ? 0 : 1;
  TORCH_CHECK(sections != 0 && self->sizes[dim] % sections == 0,
              "torch.hsplit attempted to split along dimension %lld, but the size of the dimension %lld is not "
              "divisible by the split_size %lld!",
              (long long)dim, (long long)self->sizes[dim], (long long)sections);
  return at_tensor_split_sections(self, sections, dim);
fail:
  return kNoList;
}

/* PyTorch 1.13: TensorShape.cpp at::native::vsplit (int64_t split_size) */
TensorList at_native_vsplit_int(const Tensor* self, int64_t sections) {
  TORCH_CHECK(self->dim >= 2,
              "torch.vsplit requires a tensor with at least 2 dimension, but got a tensor with %lld dimensions!",
              (long long)self->dim);
  TORCH_CHECK(sections != 0 && self->sizes[0] % sections == 0,
              "torch.vsplit attempted to split along dimension 0, but the size of the dimension %lld is not "
              "divisible by the split_size %lld!",
              (long long)self->sizes[0], (long long)sections);
  return at_tensor_split_sections(self, sections, 0);
fail:
  return kNoList;
}

/* PyTorch 1.13: TensorShape.cpp at::native::dsplit (int64_t split_size) */
TensorList at_native_dsplit_int(const Tensor* self, int64_t sections) {
  TORCH_CHECK(self->dim >= 3,
              "torch.dsplit requires a tensor with at least 3 dimension, but got a tensor with %lld dimensions!",
              (long long)self->dim);
  TORCH_CHECK(sections != 0 && self->sizes[2] % sections == 0,
              "torch.dsplit attempted to split along dimension 2, but the size of the dimension %lld is not "
              "divisible by the split_size %lld!",
              (long long)self->sizes[2], (long long)sections);
  return at_tensor_split_sections(self, sections, 2);
fail:
  return kNoList;
}

/* PyTorch 1.13: TensorShape.cpp at::native::hsplit (IntArrayRef split_sizes) */
TensorList at_native_hsplit_array(const Tensor* self, IntArrayRef indices) {
  TORCH_CHECK(self->dim >= 1,
              "torch.hsplit requires a tensor with at least 1 dimension, but got a tensor with %lld dimensions!",
              (long long)self->dim);
  return at_tensor_split_indices(self, indices, self->dim == 1 ? 0 : 1);
fail:
  return kNoList;
}

/* PyTorch 1.13: TensorShape.cpp at::native::vsplit (IntArrayRef split_sizes) */
TensorList at_native_vsplit_array(const Tensor* self, IntArrayRef indices) {
  TORCH_CHECK(self->dim >= 2,
              "torch.vsplit requires a tensor with at least 2 dimension, but got a tensor with %lld dimensions!",
              (long long)self->dim);
  return at_tensor_split_indices(self, indices, 0);
fail:
  return kNoList;
}

/* PyTorch 1.13: TensorShape.cpp at::native::dsplit (IntArrayRef split_sizes) */
TensorList at_native_dsplit_array(const Tensor* self, IntArrayRef indices) {
  TORCH_CHECK(self->dim >= 3,
              "torch.dsplit requires a tensor with at least 3 dimension, but got a tensor with %lld dimensions!",
              (long long)self->dim);
  return at_tensor_split_indices(self, indices, 2);
fail:
  return kNoList;
}
