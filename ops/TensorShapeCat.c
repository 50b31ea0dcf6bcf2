/*
 * TensorShapeCat.c - joining tensors: cat and stack.
 *
 * cat copies each input into its slice of a fresh result whose dtype is the
 * inputs' promoted type; as PyTorch still does for compatibility, 1-D empty
 * tensors (shape [0]) are skipped whatever their dimension count.  stack is
 * cat of the inputs each unsqueezed at `dim` (made inside the kernel: the
 * trace shows only aten::stack).
 *
 * PyTorch 1.13: aten/src/ATen/native/TensorShape.cpp (cat, stack,
 * check_cat_shape_except_dim, get_stack_inputs)
 */
#include <stdlib.h>
#include <string.h>

#include "NativeFunctions.h"
#include "ops/Copy.h"
#include "ops/EmptyTensor.h"
#include "ops/MemoryOverlap.h"
#include "ops/Resize.h"
#include "ops/TensorIterator.h"
#include "runtime/Exception.h"

/* PyTorch 1.13: TensorShape.cpp cat_should_skip_tensor */
static bool should_skip(const Tensor* t) { return t->numel == 0 && t->dim == 1; }

/* PyTorch 1.13: TensorShape.cpp TORCH_IMPL_FUNC(cat_out_cpu) with its meta checks */
Tensor* at_native_cat(TensorList tensors, int64_t dim) {
  TORCH_CHECK(tensors.size > 0, "torch.cat(): expected a non-empty list of Tensors");
  const Tensor* ref = NULL;
  size_t ref_index = 0;
  for (size_t i = 0; i < tensors.size && ref == NULL; i++)
    if (!should_skip(tensors.data[i])) ref = tensors.data[i], ref_index = i;
  ScalarType dtype = result_type_list(tensors);
  if (ref == NULL) return empty_cpu(Tensor_sizes(tensors.data[0]), dtype);
  dim = maybe_wrap_dim(dim, ref->dim, true);
  TRY(dim >= 0);
  TORCH_CHECK(ref->dim > 0, "zero-dimensional tensor (at position %zu) cannot be concatenated", ref_index);
  int64_t sizes[MINATEN_MAX_DIM];
  memcpy(sizes, ref->sizes, (size_t)ref->dim * sizeof(int64_t));
  sizes[dim] = 0;
  for (size_t i = 0; i < tensors.size; i++) {
    const Tensor* t = tensors.data[i];
    if (should_skip(t)) continue;
    TORCH_CHECK(t->dim > 0, "zero-dimensional tensor (at position %zu) cannot be concatenated", i);
    TORCH_CHECK(t->dim == ref->dim, "Tensors must have same number of dimensions: got %lld and %lld",
                (long long)ref->dim, (long long)t->dim);
    for (int64_t d = 0; d < t->dim; d++) {
      if (d == dim) continue;
      TORCH_CHECK(t->sizes[d] == ref->sizes[d],
                  "Sizes of tensors must match except in dimension %lld. Expected size %lld but got size %lld "
                  "for tensor number %zu in the list.",
                  (long long)dim, (long long)ref->sizes[d], (long long)t->sizes[d], i);
    }
    sizes[dim] += t->sizes[dim];
  }
  Tensor* result = empty_cpu(IntArrayRef_make(sizes, (size_t)ref->dim), dtype);
  TRY(result);
  int64_t offset = 0;
  for (size_t i = 0; i < tensors.size; i++) {
    const Tensor* t = tensors.data[i];
    if (should_skip(t)) continue;
    OptionalInt s = {true, offset}, e = {true, offset + t->sizes[dim]};
    Tensor* slot = at_native_slice(result, dim, s, e, 1);
    int rc = slot ? copy_into(slot, t) : -1;
    Tensor_release(slot);
    if (rc < 0) {
      Tensor_release(result);
      return NULL;
    }
    offset += t->sizes[dim];
  }
  return result;
fail:
  return NULL;
}

/* PyTorch 1.13: TensorShape.cpp at::native::stack */
Tensor* at_native_stack(TensorList tensors, int64_t dim) {
  char b1[256], b2[256];
  TORCH_CHECK(tensors.size > 0, "stack expects a non-empty TensorList");
  dim = maybe_wrap_dim(dim, tensors.data[0]->dim + 1, true);
  TRY(dim >= 0);
  for (size_t i = 1; i < tensors.size; i++) {
    const Tensor* a = tensors.data[0];
    const Tensor* t = tensors.data[i];
    bool same = a->dim == t->dim && memcmp(a->sizes, t->sizes, (size_t)a->dim * sizeof(int64_t)) == 0;
    TORCH_CHECK(same, "stack expects each tensor to be equal size, but got %s at entry 0 and %s at entry %zu",
                IntArrayRef_format(Tensor_sizes(a), b1, sizeof b1), IntArrayRef_format(Tensor_sizes(t), b2, sizeof b2), i);
  }
  Tensor** views = calloc(tensors.size, sizeof(Tensor*));
  TORCH_INTERNAL_ASSERT(views != NULL);
  Tensor* result = NULL;
  size_t made = 0;
  for (; made < tensors.size; made++) {
    views[made] = at_native_unsqueeze(tensors.data[made], dim);
    if (views[made] == NULL) break;
  }
  if (made == tensors.size) {
    TensorList l = {views, tensors.size};
    result = at_native_cat(l, dim);
  }
  for (size_t i = 0; i < made; i++) Tensor_release(views[i]);
  free(views);
  return result;
fail:
  return NULL;
}

/* cat into out: the inputs' result type must cast to out's dtype; then out
 * takes the result's shape, and only then is it checked against the inputs
 * (assert_no_overlap: a full overlap is refused too), so a refused out has
 * been resized already, as in 1.13 (whose meta function resizes it).
 * PyTorch 1.13: aten/src/ATen/native/TensorShape.cpp TORCH_META_FUNC(cat), TORCH_IMPL_FUNC(cat_out_cpu) */
static Tensor* cat_into(Tensor* out, Tensor* result, TensorList tensors, bool check_type_first) {
  if (result == NULL) return NULL;
  if (check_type_first)
    TORCH_CHECK(canCast(result->dtype, out->dtype),
                "torch.cat(): input types can't be cast to the desired output type %s", ScalarType_name(out->dtype));
  TRY(resize_output(out, Tensor_sizes(result)) == 0);
  TRY(assert_no_internal_overlap(out) == 0);
  for (size_t i = 0; i < tensors.size; i++) TRY(assert_no_overlap(out, tensors.data[i]) == 0);
  TORCH_CHECK(canCast(result->dtype, out->dtype), "torch.cat(): input types can't be cast to the desired output type %s",
              ScalarType_name(out->dtype));
  return resize_and_copy_out(out, result);
fail:
  Tensor_release(result);
  return NULL;
}

/* PyTorch 1.13: aten/src/ATen/native/TensorShape.cpp TORCH_IMPL_FUNC(cat_out_cpu) */
Tensor* at_native_cat_out(TensorList tensors, int64_t dim, Tensor* out) {
  return cat_into(out, at_native_cat(tensors, dim), tensors, true);
}

/* stack into out: out takes the stacked shape first, then cat's out= checks
 * run (so a refused out has been resized, as in 1.13).
 * PyTorch 1.13: aten/src/ATen/native/TensorShape.cpp at::native::stack_out (cat_out of unsqueezed inputs) */
Tensor* at_native_stack_out(TensorList tensors, int64_t dim, Tensor* out) {
  return cat_into(out, at_native_stack(tensors, dim), tensors, false);
}
