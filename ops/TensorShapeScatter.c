/*
 * TensorShapeScatter.c - select_scatter, slice_scatter, diagonal_scatter and
 * as_strided_scatter: a copy of self in which src is written through one of
 * self's views (select, slice, diagonal, as_strided).  They are the views'
 * functional inverses: 1.13's functionalization replaces a write into a
 * view by the view's *_scatter on its base.
 *
 * Each kernel is the same three steps, as in 1.13:
 *   1. output = self.clone(), with clone's default memory format, preserve:
 *      the output keeps self's strides when self is dense and
 *      non-overlapping (a transposed or channels-last self), and is
 *      contiguous otherwise (a sliced or expanded self), with an offset of 0
 *      and a storage of its own numel;
 *   2. the view of output (select, slice, diagonal, as_strided, called
 *      through their entry points, so their own errors come first: a dim or
 *      index out of range, a slice step that is not positive);
 *   3. src's sizes must be the view's, exactly (no broadcasting: "expected
 *      src to have a size equal to the slice of self. src size = [1], slice
 *      size = [2]"), then view.copy_(src), which casts src to self's dtype.
 * The view is dropped and output returned.  as_strided_scatter first refuses
 * a self that requires grad and is not contiguous, with 1.13's internal
 * assert, which Python shows as a RuntimeError: its backward
 * (as_strided_scatter_backward, autograd/FunctionsManual.c) assumes a
 * contiguous self.
 *
 * The operators are CompositeExplicitAutograd, so a trace shows the scatter
 * alone, as 1.13's TorchDispatchMode does; their out= forms are `autogen:`
 * (ops/AutogenOut.c).  The derivatives are in yaml/derivatives.yaml.
 *
 * (1.13 keeps these kernels in TensorShape.cpp; the file is one of
 * TensorShape.c's seams, as TensorShapeDiag.c is.)
 *
 * PyTorch 1.13: aten/src/ATen/native/TensorShape.cpp (slice_scatter,
 * select_scatter, diagonal_scatter, as_strided_scatter_symint)
 */
#include <stdbool.h>

#include "Functions.h"
#include "NativeFunctions.h"
#include "runtime/Exception.h"

#define FMT_INTS(a) IntArrayRef_format((a), (char[1536]){0}, 1536)

/* a.sizes() == b.sizes() */
static bool same_sizes(const Tensor* a, const Tensor* b) {
  if (a->dim != b->dim) return false;
  for (int64_t i = 0; i < a->dim; i++)
    if (a->sizes[i] != b->sizes[i]) return false;
  return true;
}

/* Steps 3 and the return: checks src against slice, copies it in, releases
 * slice (NULL: the view failed) and returns output, or releases both and
 * returns NULL with the error indicator set. */
static Tensor* scatter_into(Tensor* output, Tensor* slice, const Tensor* src) {
  Tensor* copied = NULL;
  TRY(slice != NULL);
  TORCH_CHECK(same_sizes(slice, src),
              "expected src to have a size equal to the slice of self. src size = %s, slice size = %s",
              FMT_INTS(Tensor_sizes(src)), FMT_INTS(Tensor_sizes(slice)));
  TRY((copied = at_copy_(slice, src, false)) != NULL);
  Tensor_release(copied);
  Tensor_release(slice);
  return output;
fail:
  Tensor_release(slice);
  Tensor_release(output);
  return NULL;
}

/* Step 1: self.clone() (memory format preserve). */
static Tensor* clone_self(const Tensor* self) {
  return at_clone(self, (OptionalMemoryFormat){false, MemoryFormat_Preserve});
}

/* PyTorch 1.13: aten/src/ATen/native/TensorShape.cpp slice_scatter */
Tensor* at_native_slice_scatter(const Tensor* self, const Tensor* src, int64_t dim, OptionalInt start, OptionalInt end,
                                int64_t step) {
  Tensor* output = clone_self(self);
  if (output == NULL) return NULL;
  return scatter_into(output, at_slice_Tensor(output, dim, start, end, step), src);
}

/* PyTorch 1.13: aten/src/ATen/native/TensorShape.cpp select_scatter */
Tensor* at_native_select_scatter(const Tensor* self, const Tensor* src, int64_t dim, int64_t index) {
  Tensor* output = clone_self(self);
  if (output == NULL) return NULL;
  return scatter_into(output, at_select_int(output, dim, index), src);
}

/* PyTorch 1.13: aten/src/ATen/native/TensorShape.cpp diagonal_scatter */
Tensor* at_native_diagonal_scatter(const Tensor* self, const Tensor* src, int64_t offset, int64_t dim1, int64_t dim2) {
  Tensor* output = clone_self(self);
  if (output == NULL) return NULL;
  return scatter_into(output, at_diagonal(output, offset, dim1, dim2), src);
}

/* PyTorch 1.13: aten/src/ATen/native/TensorShape.cpp as_strided_scatter_symint */
Tensor* at_native_as_strided_scatter(const Tensor* self, const Tensor* src, IntArrayRef size, IntArrayRef stride,
                                     OptionalInt storage_offset) {
  /* See Note [as_strided_scatter backward support]: 1.13's
   * TORCH_INTERNAL_ASSERT, a RuntimeError in Python */
  TORCH_CHECK(!Tensor_requiresGrad(self) || self->is_contiguous,
              "!self.requires_grad() || self.is_contiguous() INTERNAL ASSERT FAILED at "
              "\"./aten/src/ATen/native/TensorShape.cpp\":3619, please report a bug to PyTorch. "
              "as_strided_scatter is currently only supported for contiguous inputs");
  Tensor* output = clone_self(self);
  if (output == NULL) return NULL;
  return scatter_into(output, at_as_strided(output, size, stride, storage_offset), src);
fail:
  return NULL;
}
