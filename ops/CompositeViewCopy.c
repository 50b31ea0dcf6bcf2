/*
 * CompositeViewCopy.c - the `*_copy` operators (view_copy,
 * transpose_copy.int, split_copy.Tensor, ...): each view operator's result
 * as a fresh tensor that shares nothing with its input.
 *
 * 1.13 generates these kernels (CompositeExplicitAutogradNonFunctional) from
 * the view each copies: the view, called through the dispatcher, then
 * `clone()` with its default memory format, preserve.  So a copy keeps the
 * view's strides when the view is dense and non-overlapping
 * (`transpose_copy(x, 0, 1).stride()` is (1, 3) for a 2x3 x), and is
 * contiguous otherwise (expand_copy, a stepped slice_copy).  A list-returning
 * view (split, split_with_sizes, unbind) clones each piece.  view_copy alone
 * is written by hand: when no view of that shape exists it is
 * `self.reshape(size)` instead of an error (see Note [view_copy reshapes]).
 *
 * The out= forms, which 1.13 declares and writes by hand
 * (CompositeExplicitAutograd), call the view and `out.copy_(view)`: out is
 * never resized (the view must broadcast to it) and may have another dtype.
 * The list forms check the number of outs first, then copy piece by piece,
 * and return nothing.
 *
 * Every kernel calls the view through its entry point; the trace shows only
 * the copy operator, as 1.13's TorchDispatchMode does (the kernel runs under
 * it).  Their derivatives are the views' formulas, in nodes named after the
 * view's with `_copy` appended (tools/codegen/gen_autograd.c).
 *
 * (The file is named after 1.13's generated CompositeViewCopyKernels.cpp
 * without `Kernels`, which names the CPU kernel files of ops/.)
 *
 * PyTorch 1.13: torchgen/gen_functionalization_type.py
 * gen_composite_view_copy_kernel (build/aten/src/ATen/CompositeViewCopyKernels.cpp),
 * aten/src/ATen/native/TensorShape.cpp (the *_copy_out kernels)
 */
#include <stdlib.h>

#include "Functions.h"
#include "NativeFunctions.h"
#include "ops/InferSize.h"
#include "ops/TensorUtils.h"
#include "runtime/Exception.h"

static const TensorList kNoList = {NULL, 0};

/* view.clone(): takes the reference to view (NULL passes through).
 * Returns a new reference, or NULL with the error indicator set. */
static Tensor* clone_view(Tensor* view) {
  if (view == NULL) return NULL;
  OptionalMemoryFormat preserve = {false, MemoryFormat_Preserve};
  Tensor* r = at_clone(view, preserve);
  Tensor_release(view);
  return r;
}

/* out.copy_(view): takes the reference to view (NULL passes through).
 * Returns a new reference to out, or NULL with the error indicator set. */
static Tensor* copy_view_into(Tensor* out, Tensor* view) {
  if (view == NULL) return NULL;
  Tensor* r = at_copy_(out, view, false);
  Tensor_release(view);
  return r;
}

/* Each piece of views cloned: takes the list (released whatever happens).
 * Returns the new list, or {NULL, 0} with the error indicator set. */
static TensorList clone_views(TensorList views) {
  if (views.data == NULL) return kNoList;
  Tensor** items = calloc(views.size > 0 ? views.size : 1, sizeof(Tensor*));
  TORCH_CHECK(items != NULL, "std::bad_alloc");
  for (size_t i = 0; i < views.size; i++) {
    OptionalMemoryFormat preserve = {false, MemoryFormat_Preserve};
    items[i] = at_clone(views.data[i], preserve);
    if (items[i] == NULL) {
      for (size_t j = 0; j < i; j++) Tensor_release(items[j]);
      free(items);
      goto fail;
    }
  }
  TensorList_releaseAll(views);
  return (TensorList){items, views.size};
fail:
  TensorList_releaseAll(views);
  return kNoList;
}

/* out[i].copy_(views[i]) after checking that there are as many outs as
 * pieces (`NAME() expected an out= argument of size N, got size M`): takes
 * the list.  Returns 0, or -1 with the error indicator set. */
static int copy_views_into(TensorList out, TensorList views, const char* name) {
  if (views.data == NULL) return -1;
  TORCH_CHECK(out.size == views.size, "%s() expected an out= argument of size %zu, got size %zu", name, views.size,
              out.size);
  for (size_t i = 0; i < out.size; i++) {
    Tensor* r = at_copy_(out.data[i], views.data[i], false);
    TRY(r != NULL);
    Tensor_release(r);
  }
  TensorList_releaseAll(views);
  return 0;
fail:
  TensorList_releaseAll(views);
  return -1;
}

/* ---- the functional forms ------------------------------------------------ */

/* PyTorch 1.13: CompositeViewCopyKernels.cpp at::native::view_as_real_copy */
Tensor* at_native_view_as_real_copy(const Tensor* self) { return clone_view(at_view_as_real(self)); }
/* PyTorch 1.13: CompositeViewCopyKernels.cpp at::native::view_as_complex_copy */
Tensor* at_native_view_as_complex_copy(const Tensor* self) { return clone_view(at_view_as_complex(self)); }
/* PyTorch 1.13: CompositeViewCopyKernels.cpp at::native::_conj_copy */
Tensor* at_native__conj_copy(const Tensor* self) { return clone_view(at__conj(self)); }
/* PyTorch 1.13: CompositeViewCopyKernels.cpp at::native::_neg_view_copy */
Tensor* at_native__neg_view_copy(const Tensor* self) { return clone_view(at__neg_view(self)); }

/* PyTorch 1.13: CompositeViewCopyKernels.cpp at::native::as_strided_copy */
Tensor* at_native_as_strided_copy(const Tensor* self, IntArrayRef size, IntArrayRef stride, OptionalInt storage_offset) {
  return clone_view(at_as_strided(self, size, stride, storage_offset));
}

/* PyTorch 1.13: CompositeViewCopyKernels.cpp at::native::diagonal_copy */
Tensor* at_native_diagonal_copy(const Tensor* self, int64_t offset, int64_t dim1, int64_t dim2) {
  return clone_view(at_diagonal(self, offset, dim1, dim2));
}

/* PyTorch 1.13: CompositeViewCopyKernels.cpp at::native::expand_copy */
Tensor* at_native_expand_copy(const Tensor* self, IntArrayRef size, bool implicit) {
  return clone_view(at_expand(self, size, implicit));
}

/* PyTorch 1.13: CompositeViewCopyKernels.cpp at::native::permute_copy */
Tensor* at_native_permute_copy(const Tensor* self, IntArrayRef dims) { return clone_view(at_permute(self, dims)); }

/* PyTorch 1.13: CompositeViewCopyKernels.cpp at::native::_reshape_alias_copy */
Tensor* at_native__reshape_alias_copy(const Tensor* self, IntArrayRef size, IntArrayRef stride) {
  return clone_view(at__reshape_alias(self, size, stride));
}

/* PyTorch 1.13: CompositeViewCopyKernels.cpp at::native::select_copy_int */
Tensor* at_native_select_copy_int(const Tensor* self, int64_t dim, int64_t index) {
  return clone_view(at_select_int(self, dim, index));
}

/* PyTorch 1.13: CompositeViewCopyKernels.cpp at::native::detach_copy */
Tensor* at_native_detach_copy(const Tensor* self) { return clone_view(at_detach(self)); }

/* PyTorch 1.13: CompositeViewCopyKernels.cpp at::native::slice_copy_Tensor */
Tensor* at_native_slice_copy_Tensor(const Tensor* self, int64_t dim, OptionalInt start, OptionalInt end, int64_t step) {
  return clone_view(at_slice_Tensor(self, dim, start, end, step));
}

/* PyTorch 1.13: CompositeViewCopyKernels.cpp at::native::split_copy_Tensor */
TensorList at_native_split_copy_Tensor(const Tensor* self, int64_t split_size, int64_t dim) {
  return clone_views(at_split_Tensor(self, split_size, dim));
}

/* PyTorch 1.13: CompositeViewCopyKernels.cpp at::native::split_with_sizes_copy */
TensorList at_native_split_with_sizes_copy(const Tensor* self, IntArrayRef split_sizes, int64_t dim) {
  return clone_views(at_split_with_sizes(self, split_sizes, dim));
}

/* PyTorch 1.13: CompositeViewCopyKernels.cpp at::native::squeeze_copy */
Tensor* at_native_squeeze_copy(const Tensor* self) { return clone_view(at_squeeze(self)); }
/* PyTorch 1.13: CompositeViewCopyKernels.cpp at::native::squeeze_copy_dim */
Tensor* at_native_squeeze_copy_dim(const Tensor* self, int64_t dim) { return clone_view(at_squeeze_dim(self, dim)); }
/* PyTorch 1.13: CompositeViewCopyKernels.cpp at::native::t_copy */
Tensor* at_native_t_copy(const Tensor* self) { return clone_view(at_t(self)); }

/* PyTorch 1.13: CompositeViewCopyKernels.cpp at::native::transpose_copy_int */
Tensor* at_native_transpose_copy_int(const Tensor* self, int64_t dim0, int64_t dim1) {
  return clone_view(at_transpose_int(self, dim0, dim1));
}

/* PyTorch 1.13: CompositeViewCopyKernels.cpp at::native::unsqueeze_copy */
Tensor* at_native_unsqueeze_copy(const Tensor* self, int64_t dim) { return clone_view(at_unsqueeze(self, dim)); }

/* PyTorch 1.13: CompositeViewCopyKernels.cpp at::native::unbind_copy_int */
TensorList at_native_unbind_copy_int(const Tensor* self, int64_t dim) { return clone_views(at_unbind_int(self, dim)); }

/*
 * Note [view_copy reshapes]
 * view_copy is the one copy 1.13 writes by hand in its generator: a shape
 * that no view of self can take (`view_copy(x.t(), [6])`, which `view`
 * refuses) is `self.reshape(size)`, a contiguous copy, so functionalized
 * programs never fail where the original view would have.  A viewable shape
 * is `view` then `clone`, as for the others.  The shape's -1 is inferred
 * first, with infer_size's errors ("shape '[4]' is invalid for input of
 * size 6").
 * PyTorch 1.13: torchgen/gen_functionalization_type.py
 * gen_composite_view_copy_kernel (view_copy_symint)
 */
Tensor* at_native_view_copy(const Tensor* self, IntArrayRef size) {
  int64_t shape[MINATEN_MAX_DIM], stride[MINATEN_MAX_DIM];
  TORCH_CHECK(size.size <= MINATEN_MAX_DIM, "view_copy: at most %d dimensions", MINATEN_MAX_DIM);
  TRY(infer_size_symint(size, self->numel, shape) == 0);
  IntArrayRef shape_ref = {shape, size.size};
  int viewable = computeStride_symint(Tensor_sizes(self), Tensor_strides(self), shape_ref, stride);
  TRY(viewable >= 0);
  if (!viewable) return at_reshape(self, size);
  return clone_view(at_view(self, size));
fail:
  return NULL;
}

/* PyTorch 1.13: CompositeViewCopyKernels.cpp at::native::view_copy_dtype */
Tensor* at_native_view_copy_dtype(const Tensor* self, ScalarType dtype) { return clone_view(at_view_dtype(self, dtype)); }

/* PyTorch 1.13: CompositeViewCopyKernels.cpp at::native::unfold_copy */
Tensor* at_native_unfold_copy(const Tensor* self, int64_t dimension, int64_t size, int64_t step) {
  return clone_view(at_unfold(self, dimension, size, step));
}

/* PyTorch 1.13: CompositeViewCopyKernels.cpp at::native::alias_copy */
Tensor* at_native_alias_copy(const Tensor* self) { return clone_view(at_alias(self)); }

/* ---- the out= forms ------------------------------------------------------- */

/* PyTorch 1.13: TensorShape.cpp at::native::view_as_real_copy_out */
Tensor* at_native_view_as_real_copy_out(const Tensor* self, Tensor* out) {
  return copy_view_into(out, at_view_as_real(self));
}

/* PyTorch 1.13: TensorShape.cpp at::native::view_as_complex_copy_out */
Tensor* at_native_view_as_complex_copy_out(const Tensor* self, Tensor* out) {
  return copy_view_into(out, at_view_as_complex(self));
}

/* PyTorch 1.13: TensorShape.cpp at::native::_conj_copy_out */
Tensor* at_native__conj_copy_out(const Tensor* self, Tensor* out) { return copy_view_into(out, at__conj(self)); }
/* PyTorch 1.13: TensorShape.cpp at::native::_neg_view_copy_out */
Tensor* at_native__neg_view_copy_out(const Tensor* self, Tensor* out) { return copy_view_into(out, at__neg_view(self)); }

/* PyTorch 1.13: TensorShape.cpp at::native::as_strided_copy_out_symint */
Tensor* at_native_as_strided_copy_out(const Tensor* self, IntArrayRef size, IntArrayRef stride,
                                      OptionalInt storage_offset, Tensor* out) {
  return copy_view_into(out, at_as_strided(self, size, stride, storage_offset));
}

/* PyTorch 1.13: TensorShape.cpp at::native::diagonal_copy_out */
Tensor* at_native_diagonal_copy_out(const Tensor* self, int64_t offset, int64_t dim1, int64_t dim2, Tensor* out) {
  return copy_view_into(out, at_diagonal(self, offset, dim1, dim2));
}

/* PyTorch 1.13: TensorShape.cpp at::native::expand_copy_out_symint */
Tensor* at_native_expand_copy_out(const Tensor* self, IntArrayRef size, bool implicit, Tensor* out) {
  return copy_view_into(out, at_expand(self, size, implicit));
}

/* PyTorch 1.13: TensorShape.cpp at::native::permute_copy_out */
Tensor* at_native_permute_copy_out(const Tensor* self, IntArrayRef dims, Tensor* out) {
  return copy_view_into(out, at_permute(self, dims));
}

/* PyTorch 1.13: TensorShape.cpp at::native::_reshape_alias_copy_out */
Tensor* at_native__reshape_alias_copy_out(const Tensor* self, IntArrayRef size, IntArrayRef stride, Tensor* out) {
  return copy_view_into(out, at__reshape_alias(self, size, stride));
}

/* PyTorch 1.13: TensorShape.cpp at::native::select_copy_int_out */
Tensor* at_native_select_copy_int_out(const Tensor* self, int64_t dim, int64_t index, Tensor* out) {
  return copy_view_into(out, at_select_int(self, dim, index));
}

/* PyTorch 1.13: TensorShape.cpp at::native::detach_copy_out */
Tensor* at_native_detach_copy_out(const Tensor* self, Tensor* out) { return copy_view_into(out, at_detach(self)); }

/* PyTorch 1.13: TensorShape.cpp at::native::slice_copy_Tensor_out */
Tensor* at_native_slice_copy_Tensor_out(const Tensor* self, int64_t dim, OptionalInt start, OptionalInt end,
                                        int64_t step, Tensor* out) {
  return copy_view_into(out, at_slice_Tensor(self, dim, start, end, step));
}

/* PyTorch 1.13: TensorShape.cpp at::native::split_copy_Tensor_out */
void at_native_split_copy_Tensor_out(const Tensor* self, int64_t split_size, int64_t dim, TensorList out) {
  (void)copy_views_into(out, at_split_Tensor(self, split_size, dim), "split_copy_Tensor_out");
}

/* PyTorch 1.13: TensorShape.cpp at::native::split_with_sizes_copy_out */
void at_native_split_with_sizes_copy_out(const Tensor* self, IntArrayRef split_sizes, int64_t dim, TensorList out) {
  (void)copy_views_into(out, at_split_with_sizes(self, split_sizes, dim), "split_with_sizes_copy_out");
}

/* PyTorch 1.13: TensorShape.cpp at::native::squeeze_copy_out */
Tensor* at_native_squeeze_copy_out(const Tensor* self, Tensor* out) { return copy_view_into(out, at_squeeze(self)); }

/* PyTorch 1.13: TensorShape.cpp at::native::squeeze_copy_dim_out */
Tensor* at_native_squeeze_copy_dim_out(const Tensor* self, int64_t dim, Tensor* out) {
  return copy_view_into(out, at_squeeze_dim(self, dim));
}

/* PyTorch 1.13: TensorShape.cpp at::native::t_copy_out */
Tensor* at_native_t_copy_out(const Tensor* self, Tensor* out) { return copy_view_into(out, at_t(self)); }

/* PyTorch 1.13: TensorShape.cpp at::native::transpose_copy_int_out */
Tensor* at_native_transpose_copy_int_out(const Tensor* self, int64_t dim0, int64_t dim1, Tensor* out) {
  return copy_view_into(out, at_transpose_int(self, dim0, dim1));
}

/* PyTorch 1.13: TensorShape.cpp at::native::unsqueeze_copy_out */
Tensor* at_native_unsqueeze_copy_out(const Tensor* self, int64_t dim, Tensor* out) {
  return copy_view_into(out, at_unsqueeze(self, dim));
}

/* PyTorch 1.13: TensorShape.cpp at::native::unbind_copy_int_out */
void at_native_unbind_copy_int_out(const Tensor* self, int64_t dim, TensorList out) {
  (void)copy_views_into(out, at_unbind_int(self, dim), "unbind_copy_int_out");
}

/* PyTorch 1.13: TensorShape.cpp at::native::view_copy_out_symint */
Tensor* at_native_view_copy_out(const Tensor* self, IntArrayRef size, Tensor* out) {
  return copy_view_into(out, at_view(self, size));
}

/* PyTorch 1.13: TensorShape.cpp at::native::view_copy_dtype_out */
Tensor* at_native_view_copy_dtype_out(const Tensor* self, ScalarType dtype, Tensor* out) {
  return copy_view_into(out, at_view_dtype(self, dtype));
}

/* PyTorch 1.13: TensorShape.cpp at::native::unfold_copy_out */
Tensor* at_native_unfold_copy_out(const Tensor* self, int64_t dimension, int64_t size, int64_t step, Tensor* out) {
  return copy_view_into(out, at_unfold(self, dimension, size, step));
}

/* PyTorch 1.13: TensorShape.cpp at::native::alias_copy_out */
Tensor* at_native_alias_copy_out(const Tensor* self, Tensor* out) { return copy_view_into(out, at_alias(self)); }
