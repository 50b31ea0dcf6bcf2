/*
 * TriangularOps.c - tril and triu: a batch of matrices with the elements
 * above (tril) or below (triu) a diagonal set to zero.
 *
 * The last two dimensions are the matrices (fewer than two is refused by
 * the meta function's self.size(-2)); `diagonal` counts up from the main
 * one: tril keeps element (i, j) where j - i <= diagonal, triu where
 * j - i >= diagonal.  The functional form returns a contiguous tensor (the
 * structured kernel's output has no strides); in place, self keeps its own
 * layout; out= is resized to self's sizes.
 *
 * PyTorch 1.13: aten/src/ATen/native/TriangularOps.cpp
 */
#include <string.h>

#include "Functions.h"
#include "NativeFunctions.h"
#include "ops/Copy.h"
#include "ops/EmptyTensor.h"
#include "ops/MetaMode.h"
#include "ops/Structured.h"
#include "ops/TensorIterator.h"
#include "runtime/Exception.h"

/* One matrix's geometry and the triangle kept. */
typedef struct Triangle {
  int64_t rows, cols, row_stride, col_stride; /* strides in bytes */
  size_t size;
  int64_t k;
  bool upper;
} Triangle;

/* The loop over a tile of matrices (TensorIterator's walk over the batch
 * dimensions): each one's elements outside the kept triangle zeroed.
 * PyTorch 1.13: TriangularOps.cpp apply_triu_tril_single */
static void triangle_loop2d(void* ctx, char** data, const int64_t* strides, int64_t size0, int64_t size1) {
  const Triangle* T = ctx;
  for (int64_t b1 = 0; b1 < size1; b1++)
    for (int64_t b0 = 0; b0 < size0; b0++) {
      char* m = data[0] + b1 * strides[1] + b0 * strides[0];
      for (int64_t i = 0; i < T->rows; i++)
        for (int64_t j = 0; j < T->cols; j++)
          if (T->upper ? j - i < T->k : j - i > T->k) memset(m + i * T->row_stride + j * T->col_stride, 0, T->size);
    }
}

/* Zeroes, in place, the elements of t's matrices outside the kept
 * triangle: a TensorIterator over t's batch dimensions (one element per
 * matrix), the matrices split over the intra-op threads as 1.13's
 * parallel_for over the batch does (grain 0: any two matrices may go to
 * two threads).
 * PyTorch 1.13: TriangularOps.cpp apply_triu_tril */
static void zero_outside(Tensor* t, int64_t k, bool upper) {
  if (t->numel == 0 || MetaMode_isEnabled()) return;
  int64_t item = (int64_t)Tensor_itemsize(t);
  Triangle T = {t->sizes[t->dim - 2], t->sizes[t->dim - 1], t->strides[t->dim - 2] * item,
                t->strides[t->dim - 1] * item, (size_t)item, k, upper};
  int64_t batch_strides[MINATEN_MAX_DIM];
  for (int64_t d = 0; d < t->dim - 2; d++) batch_strides[d] = t->strides[d] * item;
  TensorIteratorBase iter;
  char* data[1] = {Tensor_data(t)};
  const int64_t* strides[1] = {batch_strides};
  TensorIterator_initStrided(&iter, data, strides, 1, t->sizes, t->dim - 2);
  TensorIterator_for_each(&iter, triangle_loop2d, &T, 0);
}

/* PyTorch 1.13: TriangularOps.cpp TORCH_META_FUNC(tril) */
int at_meta_tril(StructuredOp* op, const Tensor* self, int64_t diagonal) {
  (void)diagonal;
  return StructuredOp_setOutputRawStrided(op, 0, Tensor_sizes(self), kNoStrides, self->dtype);
}
/* PyTorch 1.13: TriangularOps.cpp TORCH_META_FUNC(triu) */
int at_meta_triu(StructuredOp* op, const Tensor* self, int64_t diagonal) {
  (void)diagonal;
  return StructuredOp_setOutputRawStrided(op, 0, Tensor_sizes(self), kNoStrides, self->dtype);
}

/* The impl of both into result (self itself in place): nothing for an
 * empty self; the matrices' dims read (self.size(-2), an IndexError for a
 * tensor of fewer than 2 dims: the meta function does not check); self
 * copied into result unless it is result; the triangle zeroed.
 * PyTorch 1.13: TriangularOps.cpp TORCH_IMPL_FUNC(tril_cpu), TORCH_IMPL_FUNC(triu_cpu) */
static int triangle_impl(const Tensor* self, int64_t k, Tensor* result, bool upper) {
  if (self->numel == 0) return 0;
  if (maybe_wrap_dim(-2, self->dim, true) < 0) return -1;
  if (MetaMode_isEnabled()) return 0;
  if (result != self && copy_into(result, self) < 0) return -1;
  zero_outside(result, k, upper);
  return 0;
}

/* PyTorch 1.13: TriangularOps.cpp TORCH_IMPL_FUNC(tril_cpu) */
int at_impl_tril_cpu(StructuredOp* op, const Tensor* self, int64_t diagonal, Tensor* out) {
  (void)op;
  return triangle_impl(self, diagonal, out, false);
}
/* PyTorch 1.13: TriangularOps.cpp TORCH_IMPL_FUNC(triu_cpu) */
int at_impl_triu_cpu(StructuredOp* op, const Tensor* self, int64_t diagonal, Tensor* out) {
  (void)op;
  return triangle_impl(self, diagonal, out, true);
}
