/*
 * TensorShape.c - reshape and its family: view, _reshape_alias,
 * _unsafe_view, view_as, reshape_as, flatten, unflatten (and more views
 * built on the strided ones: movedim, swapaxes, expand_as, broadcast_to and
 * broadcast_tensors, diagonal, ...; the aliases swapdims, swapaxes_, swapdims_, moveaxis).
 * The strided views themselves (as_strided, transpose, permute, expand,
 * slice, select, squeeze, unsqueeze) are in TensorShapeViews.c.
 *
 * Every kernel here returns a view: a new tensor header over the same storage
 * (alias_with_sizes_and_strides), except reshape when no view is possible.
 * reshape has three routes, exactly as at::native::reshape_symint in
 * PyTorch 1.13:
 *
 *   1. computeStride finds view strides and the tensor is not lazy:
 *        _reshape_alias(self, shape, strides)   trace: aten::_reshape_alias
 *   2. view strides exist and the tensor is lazy (its strides are fake):
 *        view(self, shape)                      trace: aten::view
 *   3. no view strides: copy, then view the copy without checks:
 *        _unsafe_view(clone(self, contiguous), shape)
 *                                               trace: aten::clone, aten::_unsafe_view
 *
 * reshape itself is CompositeImplicitAutograd: it runs at the autograd key,
 * above the trace key, so a trace never shows `aten::reshape`, only the route.
 * The same holds for the other composite kernels here (flatten, unflatten,
 * view_as, reshape_as), which call operators through the dispatcher (at_*)
 * so that the trace shows what they decompose into: `a.flatten()` traces as
 * aten::_reshape_alias, `a.view_as(b)` as aten::view.
 *
 * Whether a view is possible is computeStride's answer (TensorUtils.c, Note
 * [computeStride: viewing a strided tensor with a new shape]); the requested
 * shape's -1 is resolved first by infer_size (InferSize.c).
 *
 * PyTorch 1.13: aten/src/ATen/native/TensorShape.cpp
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "Functions.h"
#include "NativeFunctions.h"
#include "ops/ExpandUtils.h"
#include "ops/InferSize.h"
#include "ops/EmptyTensor.h"
#include "ops/TensorShape.h"
#include "ops/TensorUtils.h"
#include "runtime/Exception.h"
#include "runtime/safe_numerics.h"

#define FMT_INTS(a) IntArrayRef_format((a), (char[1536]){0}, 1536)

/* PyTorch 1.13: aten/src/ATen/native/TensorShape.cpp alias_with_sizes_and_strides */
Tensor* alias_with_sizes_and_strides(const Tensor* self, IntArrayRef sizes, IntArrayRef strides) {
  if (self->quantizer != NULL && get_qtensorimpl_quantizer(self) == NULL) return NULL;
  return Tensor_makeView(self, sizes, strides, self->storage_offset);
}

/* PyTorch 1.13: aten/src/ATen/native/TensorShape.cpp at::native::reshape_symint
 * (NB(minaten): no SymInt, so no _symint suffix) */
Tensor* at_native_reshape(const Tensor* self, IntArrayRef proposed_shape) {
  int64_t shape[MINATEN_MAX_DIM];
  int64_t stride[MINATEN_MAX_DIM];
  Tensor* copy = NULL;
  TRY(check_max_dims((int64_t)proposed_shape.size) == 0);
  TRY(infer_size_symint(proposed_shape, self->numel, shape) == 0);
  IntArrayRef shape_ref = IntArrayRef_make(shape, proposed_shape.size);
  /* `computeStride` returns the proper strides to use if this reshape can be
   * just a view. */
  int viewable = computeStride_symint(Tensor_sizes(self), Tensor_strides(self), shape_ref, stride);
  TRY(viewable >= 0);
  if (viewable) {
    /* NB: PyTorch does not call `as_strided` here because its backward is
     * less efficient than that of `view`, nor `view`, which would redo
     * infer_size and computeStride: `_reshape_alias` takes the strides just
     * found.  Lazy tensors (like XLA's) have no real strides and no
     * _reshape_alias kernel, so they take `view`, which only needs the shape. */
    if (self->device.type != DeviceType_Lazy)
      return at__reshape_alias(self, shape_ref, IntArrayRef_make(stride, shape_ref.size));
    return at_view(self, shape_ref);
  }
  /* No view: copy into a fresh contiguous tensor, which nothing else
   * aliases, and view that (NOTE [ Unsafe View ]). */
  OptionalMemoryFormat contiguous = {true, MemoryFormat_Contiguous};
  copy = at_clone(self, contiguous);
  TRY(copy != NULL);
  Tensor* result = at__unsafe_view(copy, shape_ref);
  Tensor_release(copy);
  return result;
fail:
  return NULL;
}

/* reshape calls this with the strides computeStride found, which lie
 * inside self's storage; a caller of torch.ops.aten._reshape_alias may pass
 * any.  A negative stride is replaced as set_sizes_and_strides replaces it
 * (runtime/TensorImpl.c).
 * NB(minaten): PyTorch checks nothing more ("This is only used by `reshape`
 * in cases where it would otherwise have dispatched to `view`"), so
 * `_reshape_alias(t, [2, 3], [2, 3])` makes a view reaching past the
 * storage's end, whose printing reads memory that is not the tensor's.
 * minaten checks the view against the storage as as_strided does
 * (checkInBoundsForStorage), with its messages; the check costs nothing
 * measurable next to making the header.  A lazy tensor's shape run checks
 * the same geometry against its dummy, as big as the tensor.
 * PyTorch 1.13: aten/src/ATen/native/TensorShape.cpp at::native::_reshape_alias */
Tensor* at_native__reshape_alias(const Tensor* self, IntArrayRef size, IntArrayRef stride) {
  Tensor* view = alias_with_sizes_and_strides(self, size, stride);
  if (view == NULL || view->storage == NULL) return view;
  if (checkInBoundsForStorage(Tensor_sizes(view), Tensor_strides(view), view->storage_offset, Tensor_itemsize(view),
                              view->storage) < 0) {
    Tensor_release(view);
    return NULL;
  }
  return view;
}

/* PyTorch 1.13: aten/src/ATen/native/TensorShape.cpp view_impl */
static Tensor* view_impl(const Tensor* self, IntArrayRef size) {
  int64_t inferred[MINATEN_MAX_DIM];
  int64_t stride[MINATEN_MAX_DIM];
  TRY(check_max_dims((int64_t)size.size) == 0);
  TRY(infer_size(size, self->numel, inferred) == 0);
  IntArrayRef inferred_ref = IntArrayRef_make(inferred, size.size);
  TORCH_CHECK(computeStride(Tensor_sizes(self), Tensor_strides(self), inferred_ref, stride),
              "view size is not compatible with input tensor's size and stride (at least one "
              "dimension spans across two contiguous subspaces). Use .reshape(...) instead.");
  return alias_with_sizes_and_strides(self, inferred_ref, IntArrayRef_make(stride, size.size));
fail:
  return NULL;
}

/* PyTorch 1.13: aten/src/ATen/native/TensorShape.cpp at::native::view */
Tensor* at_native_view(const Tensor* self, IntArrayRef size) { return view_impl(self, size); }

/* NOTE [ Unsafe View ]: _unsafe_view is view without the autograd view
 * tracking, for results (like reshape's copy) that nothing else aliases.
 * It is no view operator for gen_inplace_or_view_type.py (its schema has no
 * alias annotation), so it has no ADInplaceOrView kernel: its result is not
 * `_is_view()` and has a version counter of its own, and an in-place write
 * to it is not seen by autograd through its input.  That is only safe when
 * the input is a temporary nobody else holds.
 * PyTorch 1.13: aten/src/ATen/native/TensorShape.cpp at::native::_unsafe_view */
Tensor* at_native__unsafe_view(const Tensor* self, IntArrayRef size) { return view_impl(self, size); }

/* PyTorch 1.13: aten/src/ATen/native/TensorShape.cpp at::native::view_as */
Tensor* at_native_view_as(const Tensor* self, const Tensor* other) {
  return at_view(self, Tensor_sizes(other));
}

/* PyTorch 1.13: aten/src/ATen/native/TensorShape.cpp at::native::reshape_as */
Tensor* at_native_reshape_as(const Tensor* self, const Tensor* other) {
  return at_reshape(self, Tensor_sizes(other));
}

/* PyTorch 1.13: aten/src/ATen/native/TensorShape.cpp at::native::flatten (using_ints) */
Tensor* at_native_flatten(const Tensor* self, int64_t start_dim, int64_t end_dim) {
  start_dim = maybe_wrap_dim(start_dim, self->dim, true);
  TRY(start_dim >= 0);
  end_dim = maybe_wrap_dim(end_dim, self->dim, true);
  TRY(end_dim >= 0);
  TORCH_CHECK(start_dim <= end_dim, "flatten() has invalid args: start_dim cannot come after end_dim");
  if (self->dim == 0) {
    int64_t one = 1;
    return at_reshape(self, IntArrayRef_make(&one, 1)); /* self.reshape({1}) */
  }
  if (start_dim == end_dim) return Tensor_retain(self);
  /* Multiply the flattened sizes rather than passing -1 to infer_size: for
   * shape [0, 1, 3, 0] flattened from 1 to 2, [0, -1, 0] would let -1 take
   * any value, where [0, 3, 0] is meant. */
  int64_t shape[MINATEN_MAX_DIM];
  int64_t n = 0;
  int64_t slice_numel = 1;
  /* wraps past a size-0 dim, as PyTorch's (then refused as a SymInt by reshape) */
  for (int64_t i = start_dim; i <= end_dim; i++) slice_numel = mul_wrap(slice_numel, self->sizes[i]);
  TRY(SymInt_check(slice_numel) == 0); /* made a SymInt: 2**63 wrapped is refused */
  for (int64_t i = 0; i < start_dim; i++) shape[n++] = self->sizes[i];
  shape[n++] = slice_numel;
  for (int64_t i = end_dim + 1; i < self->dim; i++) shape[n++] = self->sizes[i];
  /* PyTorch calls native::reshape directly (no dispatch of reshape itself). */
  return at_native_reshape(self, IntArrayRef_make(shape, (size_t)n));
fail:
  return NULL;
}

/* PyTorch 1.13: aten/src/ATen/native/TensorShape.cpp at::native::unflatten */
Tensor* at_native_unflatten(const Tensor* self, int64_t dim, IntArrayRef sizes) {
  int64_t inferred[MINATEN_MAX_DIM];
  int64_t shape[MINATEN_MAX_DIM];
  dim = maybe_wrap_dim(dim, self->dim, true);
  TRY(dim >= 0);
  TORCH_CHECK(sizes.size > 0, "unflatten: sizes must be non-empty");
  TRY(check_max_dims((int64_t)sizes.size + self->dim) == 0);
  /* self.size(dim): a 0-dim tensor has no dimension 0 to unflatten. */
  TRY(maybe_wrap_dim(dim, self->dim, false) >= 0);
  int64_t dim_size = self->sizes[dim];
  if (infer_size(sizes, dim_size, inferred) < 0) {
    /* PyTorch 1.13: handle_unflatten_exception rewords infer_size's
     * std::runtime_error (but not its c10::Errors). */
    char what[2048];
    snprintf(what, sizeof what, "%s", Error_message());
    if (strstr(what, "is invalid for input of size"))
      Error_set(ErrorType_RuntimeError,
                "unflatten: Provided sizes %s don't multiply up to the size of dim %lld (%lld) in "
                "the input tensor",
                FMT_INTS(sizes), (long long)dim, (long long)dim_size);
    else if (strcmp(what, "only one dimension can be inferred") == 0)
      Error_set(ErrorType_RuntimeError, "unflatten got an unexpected error:\n%s", what);
    goto fail;
  }
  int64_t n = 0;
  for (int64_t i = 0; i < dim; i++) shape[n++] = self->sizes[i];
  for (size_t i = 0; i < sizes.size; i++) shape[n++] = inferred[i];
  for (int64_t i = dim + 1; i < self->dim; i++) shape[n++] = self->sizes[i];
  return at_view(self, IntArrayRef_make(shape, (size_t)n));
fail:
  return NULL;
}

/* PyTorch 1.13: TensorShape.cpp at::native::movedim (intlist) */
Tensor* at_native_movedim_intlist(const Tensor* self, IntArrayRef src, IntArrayRef dst) {
  char b1[256], b2[256];
  int64_t nsrc[MINATEN_MAX_DIM], ndst[MINATEN_MAX_DIM];
  int64_t order[MINATEN_MAX_DIM], source_dims[MINATEN_MAX_DIM], destination_dims[MINATEN_MAX_DIM];
  int64_t n = self->dim;
  TORCH_CHECK(src.size == dst.size,
              "movedim: Invalid source or destination dims: source (%s dims) should contain the same "
              "number of dims as destination (%s dims)",
              IntArrayRef_format(src, b1, sizeof b1), IntArrayRef_format(dst, b2, sizeof b2));
  TORCH_CHECK(src.size <= MINATEN_MAX_DIM, "movedim: too many dims");
  for (size_t i = 0; i < src.size; i++) {
    nsrc[i] = maybe_wrap_dim(src.data[i], n, true);
    TRY(nsrc[i] >= 0);
    ndst[i] = maybe_wrap_dim(dst.data[i], n, true);
    TRY(ndst[i] >= 0);
  }
  for (size_t i = 0; i < src.size; i++)
    for (size_t j = i + 1; j < src.size; j++) {
      TORCH_CHECK(nsrc[i] != nsrc[j], "movedim: repeated dim in `source` (%s)", IntArrayRef_format(src, b1, sizeof b1));
    }
  for (size_t i = 0; i < dst.size; i++)
    for (size_t j = i + 1; j < dst.size; j++) {
      TORCH_CHECK(ndst[i] != ndst[j], "movedim: repeated dim in `destination` (%s)",
                  IntArrayRef_format(dst, b1, sizeof b1));
    }
  /* A 0-dim tensor is a no-op (PyTorch returns self.alias()). */
  if (n == 0) return at_alias(self);
  /* The named dims go where they are asked to; the others keep their
   * relative order in the positions left over. */
  for (int64_t i = 0; i < n; i++) source_dims[i] = destination_dims[i] = i;
  for (size_t i = 0; i < src.size; i++) {
    order[ndst[i]] = nsrc[i];
    source_dims[nsrc[i]] = -1;
    destination_dims[ndst[i]] = -1;
  }
  int64_t ns = 0, nd = 0;
  for (int64_t i = 0; i < n; i++) {
    if (source_dims[i] != -1) source_dims[ns++] = source_dims[i];
    if (destination_dims[i] != -1) destination_dims[nd++] = destination_dims[i];
  }
  for (int64_t i = 0; i < ns; i++) order[destination_dims[i]] = source_dims[i];
  return at_permute(self, IntArrayRef_make(order, (size_t)n));
fail:
  return NULL;
}

/* PyTorch 1.13: TensorShape.cpp at::native::movedim (int) */
Tensor* at_native_movedim_int(const Tensor* self, int64_t src, int64_t dst) {
  return at_native_movedim_intlist(self, IntArrayRef_make(&src, 1), IntArrayRef_make(&dst, 1));
}

/* PyTorch 1.13: TensorShape.cpp at::native::swapaxes */
Tensor* at_native_swapaxes(const Tensor* self, int64_t axis0, int64_t axis1) {
  return at_transpose_int(self, axis0, axis1);
}

/* PyTorch 1.13: TensorShape.cpp at::native::swapaxes_ */
Tensor* at_native_swapaxes_(Tensor* self, int64_t axis0, int64_t axis1) {
  return at_transpose_(self, axis0, axis1);
}

/* PyTorch 1.13: TensorShape.cpp at::native::swapdims */
Tensor* at_native_swapdims(const Tensor* self, int64_t dim0, int64_t dim1) {
  return at_transpose_int(self, dim0, dim1);
}

/* PyTorch 1.13: TensorShape.cpp at::native::swapdims_ */
Tensor* at_native_swapdims_(Tensor* self, int64_t dim0, int64_t dim1) {
  return at_transpose_(self, dim0, dim1);
}

/* PyTorch 1.13: TensorShape.cpp at::native::moveaxis (int[]) */
Tensor* at_native_moveaxis_intlist(const Tensor* self, IntArrayRef src, IntArrayRef dst) {
  return at_movedim_intlist(self, src, dst);
}

/* PyTorch 1.13: TensorShape.cpp at::native::moveaxis (int) */
Tensor* at_native_moveaxis_int(const Tensor* self, int64_t src, int64_t dst) {
  return at_movedim_int(self, src, dst);
}

/* PyTorch 1.13: TensorShape.cpp at::native::expand_as */
Tensor* at_native_expand_as(const Tensor* self, const Tensor* other) {
  return at_expand(self, Tensor_sizes(other), false);
}

/* ---- broadcast_to, broadcast_tensors -------------------------------------------
 * Both CompositeImplicitAutograd, so a trace shows the aten::expand each
 * makes (none for a tensor that already has the broadcast shape: it is
 * returned itself, not a view of it), and the grad_fn is ExpandBackward0. */

/* self.expand(size): the int list converted to SymInts first, as
 * Tensor::expand(IntArrayRef) does.
 * PyTorch 1.13: TensorShape.cpp at::native::broadcast_to */
Tensor* at_native_broadcast_to(const Tensor* self, IntArrayRef size) {
  if (SymInt_checkArrayRef(size) != 0) return NULL;
  return at_expand(self, size, false);
}

/* The shape every tensor broadcasts to (infer_size over the list, from the
 * first), then each tensor itself when it has that shape, else its expand.
 * A new list, one reference per tensor; {NULL, 0} with the error set.
 * PyTorch 1.13: TensorShape.cpp at::native::broadcast_tensors, ExpandUtils.h
 * expand_outplace(TensorList) */
TensorList at_native_broadcast_tensors(TensorList tensors) {
  static const TensorList kNoList = {NULL, 0};
  int64_t shape[MINATEN_MAX_DIM];
  size_t ndim = 0;
  for (size_t i = 0; i < tensors.size; i++) {
    IntArrayRef sizes = Tensor_sizes(tensors.data[i]);
    if (i == 0) {
      memcpy(shape, sizes.data, sizes.size * sizeof(int64_t));
      ndim = sizes.size;
    } else if (broadcast_shape(IntArrayRef_make(shape, ndim), sizes, shape, &ndim) != 0) {
      return kNoList;
    }
  }
  Tensor** items = calloc(tensors.size > 0 ? tensors.size : 1, sizeof(Tensor*));
  if (items == NULL) {
    Error_set(ErrorType_RuntimeError, "std::bad_alloc");
    return kNoList;
  }
  IntArrayRef target = IntArrayRef_make(shape, ndim);
  for (size_t i = 0; i < tensors.size; i++) {
    const Tensor* t = tensors.data[i];
    bool same = (size_t)t->dim == ndim && memcmp(t->sizes, shape, ndim * sizeof(int64_t)) == 0;
    items[i] = same ? Tensor_retain(t) : at_expand(t, target, false);
    if (items[i] == NULL) {
      TensorList_releaseAll((TensorList){items, i});
      return kNoList;
    }
  }
  TensorList r = {items, tensors.size};
  return r;
}

/* PyTorch 1.13: TensorShape.cpp at::native::diagonal */
Tensor* at_native_diagonal(const Tensor* self, int64_t offset, int64_t dim1_, int64_t dim2_) {
  int64_t sizes[MINATEN_MAX_DIM], strides[MINATEN_MAX_DIM];
  int64_t dim1 = maybe_wrap_dim(dim1_, self->dim, true);
  TRY(dim1 >= 0);
  int64_t dim2 = maybe_wrap_dim(dim2_, self->dim, true);
  TRY(dim2 >= 0);
  TORCH_CHECK(dim1 != dim2, "diagonal dimensions cannot be identical %lld, %lld", (long long)dim1_, (long long)dim2_);
  /* A positive offset drops the leftmost columns (along dim2), a negative
   * one the topmost rows (along dim1). */
  int64_t s1 = self->sizes[dim1], s2 = self->sizes[dim2];
  int64_t diag_size = offset >= 0 ? (s1 < sub_wrap(s2, offset) ? s1 : sub_wrap(s2, offset))
                                  : (add_wrap(s1, offset) < s2 ? add_wrap(s1, offset) : s2);
  if (diag_size < 0) diag_size = 0;
  int64_t storage_offset = self->storage_offset;
  if (diag_size > 0)
    storage_offset = add_wrap(storage_offset, offset >= 0 ? mul_wrap(offset, self->strides[dim2])
                                                          : mul_wrap(sub_wrap(0, offset), self->strides[dim1]));
  /* Drop both dims; the diagonal becomes the last dimension (NumPy's rule). */
  int64_t n = 0;
  for (int64_t d = 0; d < self->dim; d++) {
    if (d == dim1 || d == dim2) continue;
    sizes[n] = self->sizes[d];
    strides[n++] = self->strides[d];
  }
  sizes[n] = diag_size;
  strides[n++] = add_wrap(self->strides[dim1], self->strides[dim2]);
  OptionalInt diag_offset = {true, storage_offset};
  return Tensor_as_strided(self, IntArrayRef_make(sizes, (size_t)n), IntArrayRef_make(strides, (size_t)n),
                           diag_offset);
fail:
  return NULL;
}

/* PyTorch 1.13: TensorShape.cpp at::native::unfold */
Tensor* at_native_unfold(const Tensor* self, int64_t dimension, int64_t size, int64_t step) {
  int64_t sizes[MINATEN_MAX_DIM], strides[MINATEN_MAX_DIM];
  dimension = maybe_wrap_dim(dimension, self->dim, true);
  TRY(dimension >= 0);
  TORCH_CHECK(self->dim < MINATEN_MAX_DIM, "unfold: too many dimensions");
  int64_t max_size = self->dim == 0 ? 1 : self->sizes[dimension];
  TORCH_CHECK(size <= max_size, "maximum size for tensor at dimension %lld is %lld but size is %lld",
              (long long)dimension, (long long)max_size, (long long)size);
  TORCH_CHECK(step > 0, "step is %lld but must be > 0", (long long)step);
  sizes[self->dim] = size;
  strides[self->dim] = self->dim == 0 ? 1 : self->strides[dimension];
  for (int64_t d = 0; d < self->dim; d++) {
    if (d == dimension) {
      sizes[d] = sub_wrap(self->sizes[d], size) / step + 1; /* wraps as PyTorch's; as_strided refuses */
      strides[d] = mul_wrap(step, self->strides[d]);
    } else {
      sizes[d] = self->sizes[d];
      strides[d] = self->strides[d];
    }
  }
  return Tensor_as_strided(self, IntArrayRef_make(sizes, (size_t)self->dim + 1),
                           IntArrayRef_make(strides, (size_t)self->dim + 1), kNoInt);
fail:
  return NULL;
}

/* Drops, in place, the dimensions of size 1 of self: all of them, or only
 * `dim` when dim >= 0 (inferSqueezeGeometry), through as_strided_ as 1.13
 * does, so that a lazy tensor outside functionalization takes the new
 * geometry from the Lazy fallback. */
static Tensor* squeeze_inplace(Tensor* self, int64_t dim) {
  int64_t sizes[MINATEN_MAX_DIM], strides[MINATEN_MAX_DIM];
  size_t n = 0;
  for (int64_t i = 0; i < self->dim; i++) {
    if (self->sizes[i] == 1 && (dim < 0 || i == dim)) continue;
    sizes[n] = self->sizes[i];
    strides[n++] = self->strides[i];
  }
  return at_as_strided_(self, IntArrayRef_make(sizes, n), IntArrayRef_make(strides, n), kNoInt);
}

/* In place: drops every dimension of size 1.
 * PyTorch 1.13: TensorShape.cpp at::native::squeeze_ */
Tensor* at_native_squeeze_(Tensor* self) { return squeeze_inplace(self, -1); }

/* In place: drops dimension `dim` if it has size 1 (else as_strided_ with
 * self's own geometry, as 1.13's).
 * PyTorch 1.13: TensorShape.cpp at::native::squeeze_ (dim)
 * (NB(minaten): kernel named squeeze__dim, C has no overloading) */
Tensor* at_native_squeeze__dim(Tensor* self, int64_t dim) {
  dim = maybe_wrap_dim(dim, self->dim, true);
  TRY(dim >= 0);
  return squeeze_inplace(self, self->dim > 0 ? dim : MINATEN_MAX_DIM);
fail:
  return NULL;
}

/* In place: swaps dimensions dim0 and dim1 of self's own header.
 * PyTorch 1.13: aten/src/ATen/native/TensorShape.cpp at::native::transpose_ */
Tensor* at_native_transpose_(Tensor* self, int64_t dim0, int64_t dim1) {
  int64_t sizes[MINATEN_MAX_DIM], strides[MINATEN_MAX_DIM];
  int64_t ndims = self->dim;
  dim0 = maybe_wrap_dim(dim0, ndims, true);
  TRY(dim0 >= 0);
  dim1 = maybe_wrap_dim(dim1, ndims, true);
  TRY(dim1 >= 0);
  if (dim0 == dim1) return Tensor_retain(self);
  memcpy(sizes, self->sizes, (size_t)ndims * sizeof(int64_t));
  memcpy(strides, self->strides, (size_t)ndims * sizeof(int64_t));
  sizes[dim0] = self->sizes[dim1];
  sizes[dim1] = self->sizes[dim0];
  strides[dim0] = self->strides[dim1];
  strides[dim1] = self->strides[dim0];
  /* through the operator, as 1.13's: a lazy tensor outside
   * functionalization takes the new geometry from the Lazy fallback */
  return at_as_strided_(self, IntArrayRef_make(sizes, (size_t)ndims), IntArrayRef_make(strides, (size_t)ndims), kNoInt);
fail:
  return NULL;
}

/* In place: transposes a tensor of at most 2 dimensions.
 * PyTorch 1.13: aten/src/ATen/native/TensorShape.cpp at::native::t_ (check_t) */
Tensor* at_native_t_(Tensor* self) {
  TORCH_CHECK(self->dim <= 2, "t_() expects a tensor with <= 2 dimensions, but self is %lldD",
              (long long)self->dim);
  return at_transpose_(self, 0, self->dim < 2 ? 0 : 1);
fail:
  return NULL;
}

/* See TensorShape.h.
 * PyTorch 1.13: aten/src/ATen/native/TensorShape.cpp inferUnsqueezeGeometry */
InferUnsqueezeGeometryResult inferUnsqueezeGeometry(const Tensor* tensor, int64_t dim) {
  TORCH_INTERNAL_ASSERT(dim >= 0 && dim <= tensor->dim && tensor->dim < MINATEN_MAX_DIM);
  InferUnsqueezeGeometryResult result;
  int64_t new_stride = dim >= tensor->dim ? 1 : mul_wrap(tensor->sizes[dim], tensor->strides[dim]);
  size_t n = 0;
  for (int64_t d = 0; d <= tensor->dim; d++) {
    if (d == dim) {
      result.sizes[n] = 1;
      result.strides[n++] = new_stride;
    }
    if (d < tensor->dim) {
      result.sizes[n] = tensor->sizes[d];
      result.strides[n++] = tensor->strides[d];
    }
  }
  result.dim = n;
  return result;
}

/* In place: a new size-1 dimension at `dim` of self's own header, with the
 * stride unsqueeze gives it (inferUnsqueezeGeometry).
 * PyTorch 1.13: aten/src/ATen/native/TensorShape.cpp at::native::unsqueeze_ */
Tensor* at_native_unsqueeze_(Tensor* self, int64_t dim) {
  dim = maybe_wrap_dim(dim, self->dim + 1, true);
  TRY(dim >= 0);
  TRY(check_max_dims(self->dim + 1) == 0);
  InferUnsqueezeGeometryResult g = inferUnsqueezeGeometry(self, dim);
  return at_as_strided_(self, IntArrayRef_make(g.sizes, g.dim), IntArrayRef_make(g.strides, g.dim), kNoInt);
fail:
  return NULL;
}

/* ---- the backward of views: select, slice, diagonal ----------------------------
 * Each is a zero tensor of the input's sizes (in the gradient's dtype and
 * device) whose view, taken as the forward took it, receives the gradient
 * through copy_; the view's own checks give 1.13's errors (select's index,
 * slice's step), and copy_'s the shape mismatches. */

/* The zeros, then copy_ of grad into view (a new reference that this takes
 * over); NULL on error. */
static Tensor* copy_into_view(Tensor* zeros, Tensor* view, const Tensor* grad) {
  Tensor* r = NULL;
  TRY(view != NULL);
  r = at_copy_(view, grad, false);
  TRY(r != NULL);
  Tensor_release(r);
  Tensor_release(view);
  return zeros;
fail:
  Tensor_release(view);
  Tensor_release(zeros);
  return NULL;
}

static Tensor* zeros_for_grad(const Tensor* grad, IntArrayRef input_sizes) {
  OptionalScalarType dt = {true, grad->dtype};
  OptionalDevice dev = {true, grad->device};
  return at_zeros(input_sizes, dt, kNoLayout, dev, kNoPinMemory);
}

/* PyTorch 1.13: aten/src/ATen/native/TensorShape.cpp at::native::select_backward */
Tensor* at_native_select_backward(const Tensor* grad_output, IntArrayRef input_sizes, int64_t dim, int64_t index) {
  Tensor* z = zeros_for_grad(grad_output, input_sizes);
  if (z == NULL) return NULL;
  return copy_into_view(z, at_select_int(z, dim, index), grad_output);
}

/* PyTorch 1.13: aten/src/ATen/native/TensorShape.cpp at::native::slice_backward */
Tensor* at_native_slice_backward(const Tensor* grad_output, IntArrayRef input_sizes, int64_t dim, int64_t start,
                                 int64_t end, int64_t step) {
  Tensor* z = zeros_for_grad(grad_output, input_sizes);
  if (z == NULL) return NULL;
  OptionalInt s = {true, start}, e = {true, end};
  return copy_into_view(z, at_slice_Tensor(z, dim, s, e, step), grad_output);
}

/* PyTorch 1.13: aten/src/ATen/native/TensorShape.cpp at::native::diagonal_backward_symint
 * (NB(minaten): no SymInt, so no _symint suffix) */
Tensor* at_native_diagonal_backward(const Tensor* grad_output, IntArrayRef input_sizes, int64_t offset, int64_t dim1,
                                    int64_t dim2) {
  Tensor* z = zeros_for_grad(grad_output, input_sizes);
  if (z == NULL) return NULL;
  return copy_into_view(z, at_diagonal(z, offset, dim1, dim2), grad_output);
}
