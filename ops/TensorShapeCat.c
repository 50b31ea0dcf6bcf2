/*
 * TensorShapeCat.c - joining tensors: cat and stack, and the composites
 * over cat (hstack, vstack, dstack, column_stack).
 *
 * cat is structured (Note [Structured kernels] in ops/Structured.h): its
 * meta function checks the inputs and says what the result is (the sizes,
 * the inputs' promoted dtype, the memory format they share); its impl
 * copies each input into its slice of the result.  As PyTorch still does
 * for compatibility, 1-D empty tensors (shape [0]) are skipped whatever
 * their dimension count.  stack is
 * cat of the inputs each unsqueezed at `dim` (made inside the kernel: the
 * trace shows only aten::stack).
 *
 * PyTorch 1.13: aten/src/ATen/native/TensorShape.cpp (cat, stack,
 * check_cat_shape_except_dim, get_stack_inputs, hstack, vstack, dstack,
 * column_stack)
 */
#include <stdlib.h>
#include <string.h>

#include "Functions.h"
#include "NativeFunctions.h"
#include "ops/Copy.h"
#include "ops/EmptyTensor.h"
#include "ops/MemoryOverlap.h"
#include "ops/MetaMode.h"
#include "ops/Resize.h"
#include "ops/Structured.h"
#include "ops/TensorUtils.h"
#include "ops/TypeProperties.h"
#include "runtime/Exception.h"
#include "runtime/safe_numerics.h"

/* PyTorch 1.13: TensorShape.cpp cat_should_skip_tensor */
static bool should_skip(const Tensor* t) { return t->numel == 0 && t->dim == 1; }

/* The format of cat's output: the format every input suggests, if they
 * agree and it is not contiguous; else contiguous.
 * PyTorch 1.13: TensorShape.cpp cat_compute_output_memory_format */
static MemoryFormat cat_compute_output_memory_format(TensorList inputs) {
  bool have = false;
  MemoryFormat format = MemoryFormat_Contiguous;
  for (size_t i = 0; i < inputs.size; i++) {
    MemoryFormat f = Tensor_suggestMemoryFormat(inputs.data[i]);
    if (f == MemoryFormat_Contiguous || (have && f != format)) return MemoryFormat_Contiguous;
    format = f;
    have = true;
  }
  return format;
}

/* The first input that is not skipped, or tensors.size if all are. */
static size_t first_valid(TensorList tensors) {
  for (size_t i = 0; i < tensors.size; i++)
    if (!should_skip(tensors.data[i])) return i;
  return tensors.size;
}

/*
 * cat's meta function: the inputs checked (none 0-dim, the same number of
 * dimensions, the same sizes but along dim), and the output: the first
 * valid input's sizes with the inputs' sizes along dim added up (the
 * inputs' shape [0] when every one is skipped), in their promoted dtype
 * (out='s own, which they must cast to), in the memory format they share.
 * An out= tensor is then checked for overlaps with itself and the inputs.
 * NB(minaten): 1.13's meta function also hands the impl what it computed
 * (`precomputed:` dim, valid, all_contiguous, ...: the impl's fast
 * paths); minaten's impl finds dim and the inputs to skip again.
 * PyTorch 1.13: TensorShape.cpp TORCH_PRECOMPUTE_META_FUNC(cat)
 */
int at_meta_cat(StructuredOp* op, TensorList tensors, int64_t dim) {
  TORCH_CHECK(tensors.size > 0, "torch.cat(): expected a non-empty list of Tensors");
  size_t valid = first_valid(tensors);
  MemoryFormat memory_format = cat_compute_output_memory_format(tensors);
  const Tensor* out = StructuredOp_maybeGetOutput(op, 0);
  ScalarType dtype = result_type_list(tensors);
  if (out != NULL) {
    TORCH_CHECK(canCast(dtype, out->dtype), "torch.cat(): input types can't be cast to the desired output type %s",
                ScalarType_name(out->dtype));
    dtype = out->dtype;
  }
  int64_t sizes[MINATEN_MAX_DIM] = {0};
  IntArrayRef shape = IntArrayRef_make(sizes, 1); /* [0]: every input skipped */
  if (valid < tensors.size) {
    const Tensor* ref = tensors.data[valid];
    dim = maybe_wrap_dim(dim, ref->dim, true);
    TRY(dim >= 0);
    TORCH_CHECK(ref->dim > 0, "zero-dimensional tensor (at position %zu) cannot be concatenated", valid);
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
      sizes[dim] = add_wrap(sizes[dim], t->sizes[dim]); /* wraps as PyTorch's does */
    }
    shape = IntArrayRef_make(sizes, (size_t)ref->dim);
  }
  TRY(StructuredOp_setOutputMemoryFormat(op, 0, shape, dtype, memory_format) == 0);
  if (out != NULL && valid < tensors.size) {
    TRY(assert_no_internal_overlap(out) == 0);
    for (size_t i = 0; i < tensors.size; i++) TRY(assert_no_overlap(out, tensors.data[i]) == 0);
  }
  return 0;
fail:
  return -1;
}

/* cat's impl: each input that is not skipped copied into its slice of
 * result along dim, cast to result's dtype.
 * PyTorch 1.13: TensorShape.cpp TORCH_IMPL_FUNC(cat_out_cpu) */
int at_impl_cat_out_cpu(StructuredOp* op, TensorList tensors, int64_t dim, Tensor* result) {
  (void)op;
  if (result->numel == 0 || MetaMode_isEnabled()) return 0;
  dim = maybe_wrap_dim(dim, tensors.data[first_valid(tensors)]->dim, true);
  int64_t offset = 0;
  for (size_t i = 0; i < tensors.size; i++) {
    const Tensor* t = tensors.data[i];
    if (should_skip(t)) continue;
    Tensor* slot = at_native_narrow(result, dim, offset, t->sizes[dim]);
    int rc = slot ? copy_into(slot, t) : -1;
    Tensor_release(slot);
    TRY(rc == 0);
    offset = add_wrap(offset, t->sizes[dim]);
  }
  return 0;
fail:
  return -1;
}

/* "stack expects each tensor to be equal size"; 0 or -1.
 * PyTorch 1.13: TensorShape.cpp check_stack_inputs */
static int check_stack_inputs(TensorList tensors) {
  char b1[256], b2[256];
  for (size_t i = 1; i < tensors.size; i++) {
    const Tensor* a = tensors.data[0];
    const Tensor* t = tensors.data[i];
    bool same = a->dim == t->dim && memcmp(a->sizes, t->sizes, (size_t)a->dim * sizeof(int64_t)) == 0;
    TORCH_CHECK(same, "stack expects each tensor to be equal size, but got %s at entry 0 and %s at entry %zu",
                IntArrayRef_format(Tensor_sizes(a), b1, sizeof b1), IntArrayRef_format(Tensor_sizes(t), b2, sizeof b2), i);
  }
  return 0;
fail:
  return -1;
}

/* Releases the first n views and the array. */
static void release_stack_inputs(Tensor** views, size_t n) {
  for (size_t i = 0; i < n; i++) Tensor_release(views[i]);
  free(views);
}

/* The inputs each unsqueezed at dim (a calloc'd array of new references,
 * tensors.size of them), or NULL with the error set.
 * PyTorch 1.13: TensorShape.cpp get_stack_inputs */
static Tensor** get_stack_inputs(TensorList tensors, int64_t dim) {
  Tensor** views = calloc(tensors.size, sizeof(Tensor*));
  TORCH_CHECK_ALLOC(views != NULL);
  for (size_t i = 0; i < tensors.size; i++) {
    views[i] = at_native_unsqueeze(tensors.data[i], dim);
    if (views[i] == NULL) {
      release_stack_inputs(views, i);
      return NULL;
    }
  }
  return views;
fail:
  return NULL;
}

/* Below the last dimension, the inputs' cat along dim viewed with the new
 * dimension (so [2**62] stacked 4 times fails in the view, on numel); at the
 * last dimension, the cat of the inputs unsqueezed there.  The cat is
 * dispatched: quantized inputs reach the QuantizedCPU cat.
 * PyTorch 1.13: TensorShape.cpp at::native::stack */
Tensor* at_native_stack(TensorList tensors, int64_t dim) {
  TORCH_CHECK(tensors.size > 0, "stack expects a non-empty TensorList");
  const Tensor* first = tensors.data[0];
  int64_t wrapped_dim = maybe_wrap_dim(dim, first->dim + 1, true);
  TRY(wrapped_dim >= 0);
  TRY(check_stack_inputs(tensors) == 0);
  if (wrapped_dim < first->dim) {
    int64_t result_sizes[MINATEN_MAX_DIM];
    TRY(check_max_dims(first->dim + 1) == 0);
    for (int64_t d = 0, k = 0; d <= first->dim; d++)
      result_sizes[d] = d == wrapped_dim ? (int64_t)tensors.size : first->sizes[k++];
    Tensor* out = at_cat(tensors, wrapped_dim);
    TRY(out != NULL);
    Tensor* result = at_view(out, IntArrayRef_make(result_sizes, (size_t)first->dim + 1));
    Tensor_release(out);
    return result;
  }
  Tensor** views = get_stack_inputs(tensors, wrapped_dim);
  TRY(views != NULL);
  TensorList l = {views, tensors.size};
  Tensor* result = at_cat(l, wrapped_dim);
  release_stack_inputs(views, tensors.size);
  return result;
fail:
  return NULL;
}

/* stack into out: below its last dimension, out takes the stacked shape
 * first (resize_output) and a view of it as the inputs' cat receives their
 * cat (so a refused out has been resized, as in 1.13); at the last
 * dimension, the cat of the unsqueezed inputs goes into out.
 * PyTorch 1.13: aten/src/ATen/native/TensorShape.cpp at::native::stack_out */
Tensor* at_native_stack_out(TensorList tensors, int64_t dim, Tensor* out) {
  TORCH_CHECK(tensors.size > 0, "stack expects a non-empty TensorList");
  const Tensor* first = tensors.data[0];
  int64_t wrapped_dim = maybe_wrap_dim(dim, first->dim + 1, true);
  TRY(wrapped_dim >= 0);
  TRY(check_stack_inputs(tensors) == 0);
  Tensor* r = NULL;
  bool fast = false;
  if (wrapped_dim < first->dim) {
    int64_t result_sizes[MINATEN_MAX_DIM], cat_sizes[MINATEN_MAX_DIM], cat_strides[MINATEN_MAX_DIM];
    TRY(check_max_dims(first->dim + 1) == 0);
    for (int64_t d = 0, k = 0; d <= first->dim; d++)
      result_sizes[d] = d == wrapped_dim ? (int64_t)tensors.size : first->sizes[k++];
    TRY(resize_output(out, IntArrayRef_make(result_sizes, (size_t)first->dim + 1)) >= 0);
    /* NB: read after the resize, as 1.13 does: when the first input is out
     * itself it has the stacked shape now, no view fits, and the cat of
     * the unsqueezed inputs below refuses the overlap. */
    memcpy(cat_sizes, first->sizes, (size_t)first->dim * sizeof(int64_t));
    cat_sizes[wrapped_dim] = mul_wrap(cat_sizes[wrapped_dim], (int64_t)tensors.size);
    IntArrayRef cat_shape = IntArrayRef_make(cat_sizes, (size_t)first->dim);
    fast = computeStride(Tensor_sizes(out), Tensor_strides(out), cat_shape, cat_strides);
    if (fast) {
      Tensor* result_view = at_view(out, cat_shape);
      TRY(result_view != NULL);
      r = at_cat_out(tensors, wrapped_dim, result_view);
      Tensor_release(result_view);
    }
  }
  if (!fast) {
    Tensor** views = get_stack_inputs(tensors, wrapped_dim);
    TRY(views != NULL);
    TensorList l = {views, tensors.size};
    r = at_cat_out(l, dim, out);
    release_stack_inputs(views, tensors.size);
  }
  TRY(r != NULL);
  Tensor_release(r);
  return Tensor_retain(out);
fail:
  return NULL;
}

/* ============== hstack, vstack, dstack, column_stack ================== */

/* The inputs made at least n-dimensional (atleast_1d/2d/3d: the trace shows
 * the list operator), then their cat along dim, or along dim1 when the first
 * has one dimension (hstack's two cases); into out when given.
 * PyTorch 1.13: TensorShape.cpp hstack, vstack, dstack (and their _out) */
static Tensor* stack_along(TensorList tensors, const char* name, TensorList (*atleast)(TensorList), int64_t dim,
                           int64_t dim_if_1d, Tensor* out) {
  TORCH_CHECK(tensors.size > 0, "%s expects a non-empty TensorList", name);
  TensorList rep = atleast(tensors);
  TRY(rep.data != NULL);
  int64_t d = rep.data[0]->dim == 1 ? dim_if_1d : dim;
  Tensor* r = out != NULL ? at_cat_out(rep, d, out) : at_cat(rep, d);
  TensorList_releaseAll(rep);
  return r;
fail:
  return NULL;
}

/* PyTorch 1.13: TensorShape.cpp hstack */
Tensor* at_native_hstack(TensorList tensors) {
  return stack_along(tensors, "hstack", at_atleast_1d_Sequence, 1, 0, NULL);
}
/* PyTorch 1.13: TensorShape.cpp hstack_out */
Tensor* at_native_hstack_out(TensorList tensors, Tensor* out) {
  return stack_along(tensors, "hstack", at_atleast_1d_Sequence, 1, 0, out);
}
/* PyTorch 1.13: TensorShape.cpp vstack */
Tensor* at_native_vstack(TensorList tensors) {
  return stack_along(tensors, "vstack", at_atleast_2d_Sequence, 0, 0, NULL);
}
/* PyTorch 1.13: TensorShape.cpp vstack_out */
Tensor* at_native_vstack_out(TensorList tensors, Tensor* out) {
  return stack_along(tensors, "vstack", at_atleast_2d_Sequence, 0, 0, out);
}
/* PyTorch 1.13: TensorShape.cpp dstack */
Tensor* at_native_dstack(TensorList tensors) {
  return stack_along(tensors, "dstack", at_atleast_3d_Sequence, 2, 2, NULL);
}
/* PyTorch 1.13: TensorShape.cpp dstack_out */
Tensor* at_native_dstack_out(TensorList tensors, Tensor* out) {
  return stack_along(tensors, "dstack", at_atleast_3d_Sequence, 2, 2, out);
}

/* Each 0-d or 1-d input reshaped to a column (numel x 1), the others as
 * they are (retained): a new list, or {NULL, 0} with the error set.
 * PyTorch 1.13: TensorShape.cpp reshape_input_for_column_stack */
static TensorList reshape_input_for_column_stack(TensorList tensors) {
  Tensor** items = calloc(tensors.size, sizeof(Tensor*));
  TORCH_CHECK(items != NULL, "std::bad_alloc");
  for (size_t i = 0; i < tensors.size; i++) {
    const Tensor* t = tensors.data[i];
    int64_t column[2] = {t->numel, 1};
    items[i] = t->dim <= 1 ? at_reshape(t, IntArrayRef_make(column, 2)) : Tensor_retain(t);
    if (items[i] == NULL) {
      TensorList_releaseAll((TensorList){items, i});
      return (TensorList){NULL, 0};
    }
  }
  return (TensorList){items, tensors.size};
fail:
  return (TensorList){NULL, 0};
}

/* hstack of the inputs as columns, into out when given.
 * PyTorch 1.13: TensorShape.cpp column_stack, column_stack_out */
static Tensor* column_stack_impl(TensorList tensors, Tensor* out) {
  TORCH_CHECK(tensors.size > 0, "column_stack expects a non-empty TensorList");
  TensorList columns = reshape_input_for_column_stack(tensors);
  TRY(columns.data != NULL);
  Tensor* r = out != NULL ? at_hstack_out(columns, out) : at_hstack(columns);
  TensorList_releaseAll(columns);
  return r;
fail:
  return NULL;
}

/* PyTorch 1.13: TensorShape.cpp column_stack */
Tensor* at_native_column_stack(TensorList tensors) { return column_stack_impl(tensors, NULL); }
/* PyTorch 1.13: TensorShape.cpp column_stack_out */
Tensor* at_native_column_stack_out(TensorList tensors, Tensor* out) { return column_stack_impl(tensors, out); }
