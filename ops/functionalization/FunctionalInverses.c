/*
 * FunctionalInverses.c - writing a view's new value back into its base;
 * see FunctionalInverses.h.  Views that select part of their base (select,
 * slice, diagonal, as_strided) scatter into it; views that only rearrange
 * it (t, transpose, permute, view) are undone by their inverse view.
 * PyTorch 1.13: aten/src/ATen/FunctionalInverses.cpp
 */
#include "ops/functionalization/FunctionalInverses.h"

#include "Functions.h"
#include "ops/ExpandUtils.h"
#include "runtime/Exception.h"

/* PyTorch 1.13: FunctionalInverses.cpp _conj_copy_inverse */
Tensor* FunctionalInverses__conj_copy_inverse(const Tensor* base, const Tensor* mutated_view, bool reapply_views) {
  (void)base;
  return reapply_views ? at__conj(mutated_view) : at__conj_copy(mutated_view);
}

/* PyTorch 1.13: FunctionalInverses.cpp _neg_view_copy_inverse */
Tensor* FunctionalInverses__neg_view_copy_inverse(const Tensor* base, const Tensor* mutated_view, bool reapply_views) {
  (void)base;
  return reapply_views ? at__neg_view(mutated_view) : at__neg_view_copy(mutated_view);
}

/* The base's own sizes and strides, whatever the view's were.
 * PyTorch 1.13: FunctionalInverses.cpp _reshape_alias_copy_inverse */
Tensor* FunctionalInverses__reshape_alias_copy_inverse(const Tensor* base, const Tensor* mutated_view,
                                                      bool reapply_views, IntArrayRef size, IntArrayRef stride) {
  (void)size;
  (void)stride;
  return reapply_views ? at__reshape_alias(mutated_view, Tensor_sizes(base), Tensor_strides(base))
                       : at__reshape_alias_copy(mutated_view, Tensor_sizes(base), Tensor_strides(base));
}

/* PyTorch 1.13: FunctionalInverses.cpp alias_copy_inverse */
Tensor* FunctionalInverses_alias_copy_inverse(const Tensor* base, const Tensor* mutated_view, bool reapply_views) {
  (void)base;
  return reapply_views ? at_alias(mutated_view) : at_alias_copy(mutated_view);
}

/* No view can undo an as_strided: always a scatter.
 * PyTorch 1.13: FunctionalInverses.cpp as_strided_copy_inverse */
Tensor* FunctionalInverses_as_strided_copy_inverse(const Tensor* base, const Tensor* mutated_view, bool reapply_views,
                                                   IntArrayRef size, IntArrayRef stride, OptionalInt storage_offset) {
  (void)reapply_views;
  return at_as_strided_scatter(base, mutated_view, size, stride, storage_offset);
}

/* detach is the identity to functionalization (it only drops autograd
 * history).  PyTorch 1.13: FunctionalInverses.cpp detach_copy_inverse */
Tensor* FunctionalInverses_detach_copy_inverse(const Tensor* base, const Tensor* mutated_view, bool reapply_views) {
  (void)base;
  (void)reapply_views;
  return Tensor_retain(mutated_view);
}

/* PyTorch 1.13: FunctionalInverses.cpp diagonal_copy_inverse */
Tensor* FunctionalInverses_diagonal_copy_inverse(const Tensor* base, const Tensor* mutated_view, bool reapply_views,
                                                 int64_t offset, int64_t dim1, int64_t dim2) {
  (void)reapply_views;
  return at_diagonal_scatter(base, mutated_view, offset, dim1, dim2);
}

/* Each element of the base was read by every expanded copy of it: the new
 * value sums them back (sum_to), a copy even when nothing was expanded
 * unless views are reapplied.
 * PyTorch 1.13: FunctionalInverses.cpp expand_copy_inverse (sum_to with
 * always_return_non_view) */
Tensor* FunctionalInverses_expand_copy_inverse(const Tensor* base, const Tensor* mutated_view, bool reapply_views,
                                               IntArrayRef size, bool implicit) {
  (void)size;
  (void)implicit;
  Tensor* summed = sum_to(mutated_view, Tensor_sizes(base));
  if (summed == NULL || reapply_views || summed != mutated_view) return summed;
  Tensor* copy = at_clone(summed, kNoMemoryFormat);
  Tensor_release(summed);
  return copy;
}

/* PyTorch 1.13: FunctionalInverses.cpp permute_copy_inverse (invert_permutation) */
Tensor* FunctionalInverses_permute_copy_inverse(const Tensor* base, const Tensor* mutated_view, bool reapply_views,
                                                IntArrayRef dims) {
  int64_t inverse[MINATEN_MAX_DIM];
  int64_t ndim = base->dim;
  for (size_t i = 0; i < dims.size; i++) {
    int64_t d = maybe_wrap_dim(dims.data[i], ndim, true);
    if (d < 0) return NULL;
    inverse[d] = (int64_t)i;
  }
  IntArrayRef inv = IntArrayRef_make(inverse, dims.size);
  return reapply_views ? at_permute(mutated_view, inv) : at_permute_copy(mutated_view, inv);
}

/* PyTorch 1.13: FunctionalInverses.cpp select_copy_int_inverse */
Tensor* FunctionalInverses_select_copy_int_inverse(const Tensor* base, const Tensor* mutated_view, bool reapply_views,
                                                   int64_t dim, int64_t index) {
  (void)reapply_views;
  return at_select_scatter(base, mutated_view, dim, index);
}

/* PyTorch 1.13: FunctionalInverses.cpp slice_copy_Tensor_inverse */
Tensor* FunctionalInverses_slice_copy_Tensor_inverse(const Tensor* base, const Tensor* mutated_view,
                                                     bool reapply_views, int64_t dim, OptionalInt start,
                                                     OptionalInt end, int64_t step) {
  (void)reapply_views;
  return at_slice_scatter(base, mutated_view, dim, start, end, step);
}

/* Output i of split: the slice [i * split_size, + split_size) of dim,
 * shorter at the end.  PyTorch 1.13: FunctionalInverses.cpp split_copy_Tensor_inverse */
Tensor* FunctionalInverses_split_copy_Tensor_inverse(const Tensor* base, const Tensor* mutated_view,
                                                     bool reapply_views, int64_t mutated_view_idx, int64_t split_size,
                                                     int64_t dim) {
  (void)reapply_views;
  int64_t d = maybe_wrap_dim(dim, base->dim, true);
  if (d < 0) return NULL;
  int64_t start = mutated_view_idx * split_size;
  int64_t end = start + split_size < base->sizes[d] ? start + split_size : base->sizes[d];
  return at_slice_scatter(base, mutated_view, d, (OptionalInt){true, start}, (OptionalInt){true, end}, 1);
}

/* PyTorch 1.13: FunctionalInverses.cpp split_with_sizes_copy_inverse */
Tensor* FunctionalInverses_split_with_sizes_copy_inverse(const Tensor* base, const Tensor* mutated_view,
                                                         bool reapply_views, int64_t mutated_view_idx,
                                                         IntArrayRef split_sizes, int64_t dim) {
  (void)reapply_views;
  int64_t d = maybe_wrap_dim(dim, base->dim, true);
  if (d < 0) return NULL;
  int64_t start = 0;
  for (int64_t i = 0; i < mutated_view_idx; i++) start += split_sizes.data[i];
  int64_t end = start + split_sizes.data[mutated_view_idx];
  if (end > base->sizes[d]) end = base->sizes[d];
  return at_slice_scatter(base, mutated_view, d, (OptionalInt){true, start}, (OptionalInt){true, end}, 1);
}

/* PyTorch 1.13: FunctionalInverses.cpp unbind_copy_int_inverse */
Tensor* FunctionalInverses_unbind_copy_int_inverse(const Tensor* base, const Tensor* mutated_view, bool reapply_views,
                                                   int64_t mutated_view_idx, int64_t dim) {
  (void)reapply_views;
  int64_t d = maybe_wrap_dim(dim, base->dim, true);
  if (d < 0) return NULL;
  return at_select_scatter(base, mutated_view, d, mutated_view_idx);
}

/* The view with a size-1 dimension put back wherever the base had one
 * (dims == NULL), or at `dim` alone if the base's is 1.
 * PyTorch 1.13: FunctionalInverses.cpp unsqueeze_copy_to */
static Tensor* unsqueeze_copy_to(const Tensor* view, const Tensor* base, const int64_t* dim, bool reapply_views) {
  Tensor* result = Tensor_retain(view);
  for (int64_t d = 0; d < base->dim && result != NULL; d++) {
    if (base->sizes[d] != 1 || (dim != NULL && d != *dim)) continue;
    Tensor* next = reapply_views ? at_unsqueeze(result, d) : at_unsqueeze_copy(result, d);
    Tensor_release(result);
    result = next;
  }
  return result;
}

/* PyTorch 1.13: FunctionalInverses.cpp squeeze_copy_inverse */
Tensor* FunctionalInverses_squeeze_copy_inverse(const Tensor* base, const Tensor* mutated_view, bool reapply_views) {
  return unsqueeze_copy_to(mutated_view, base, NULL, reapply_views);
}

/* PyTorch 1.13: FunctionalInverses.cpp squeeze_copy_dim_inverse */
Tensor* FunctionalInverses_squeeze_copy_dim_inverse(const Tensor* base, const Tensor* mutated_view,
                                                    bool reapply_views, int64_t dim) {
  int64_t d = maybe_wrap_dim(dim, base->dim, true);
  if (d < 0) return NULL;
  return unsqueeze_copy_to(mutated_view, base, &d, reapply_views);
}

/* PyTorch 1.13: FunctionalInverses.cpp t_copy_inverse */
Tensor* FunctionalInverses_t_copy_inverse(const Tensor* base, const Tensor* mutated_view, bool reapply_views) {
  (void)base;
  return reapply_views ? at_t(mutated_view) : at_t_copy(mutated_view);
}

/* PyTorch 1.13: FunctionalInverses.cpp transpose_copy_int_inverse */
Tensor* FunctionalInverses_transpose_copy_int_inverse(const Tensor* base, const Tensor* mutated_view,
                                                      bool reapply_views, int64_t dim0, int64_t dim1) {
  (void)base;
  return reapply_views ? at_transpose_int(mutated_view, dim0, dim1) : at_transpose_copy_int(mutated_view, dim0, dim1);
}

/* unfold_backward is no view: a copy even when views are reapplied.
 * PyTorch 1.13: FunctionalInverses.cpp unfold_copy_inverse */
Tensor* FunctionalInverses_unfold_copy_inverse(const Tensor* base, const Tensor* mutated_view, bool reapply_views,
                                               int64_t dimension, int64_t size, int64_t step) {
  (void)reapply_views;
  return at_unfold_backward(mutated_view, Tensor_sizes(base), dimension, size, step);
}

/* PyTorch 1.13: FunctionalInverses.cpp unsqueeze_copy_inverse */
Tensor* FunctionalInverses_unsqueeze_copy_inverse(const Tensor* base, const Tensor* mutated_view, bool reapply_views,
                                                  int64_t dim) {
  (void)base;
  return reapply_views ? at_squeeze_dim(mutated_view, dim) : at_squeeze_copy_dim(mutated_view, dim);
}

/* PyTorch 1.13: FunctionalInverses.cpp view_as_complex_copy_inverse */
Tensor* FunctionalInverses_view_as_complex_copy_inverse(const Tensor* base, const Tensor* mutated_view,
                                                        bool reapply_views) {
  (void)base;
  return reapply_views ? at_view_as_real(mutated_view) : at_view_as_real_copy(mutated_view);
}

/* PyTorch 1.13: FunctionalInverses.cpp view_as_real_copy_inverse */
Tensor* FunctionalInverses_view_as_real_copy_inverse(const Tensor* base, const Tensor* mutated_view,
                                                     bool reapply_views) {
  (void)base;
  return reapply_views ? at_view_as_complex(mutated_view) : at_view_as_complex_copy(mutated_view);
}

/* PyTorch 1.13: FunctionalInverses.cpp view_copy_inverse */
Tensor* FunctionalInverses_view_copy_inverse(const Tensor* base, const Tensor* mutated_view, bool reapply_views,
                                             IntArrayRef size) {
  (void)size;
  return reapply_views ? at_view(mutated_view, Tensor_sizes(base)) : at_view_copy(mutated_view, Tensor_sizes(base));
}

/* PyTorch 1.13: FunctionalInverses.cpp view_copy_dtype_inverse */
Tensor* FunctionalInverses_view_copy_dtype_inverse(const Tensor* base, const Tensor* mutated_view,
                                                   bool reapply_views, ScalarType dtype) {
  (void)dtype;
  return reapply_views ? at_view_dtype(mutated_view, base->dtype) : at_view_copy_dtype(mutated_view, base->dtype);
}
