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
#include "ops/Resize.h"
#include "runtime/Exception.h"

/* Zeroes, in place, the elements of t's matrices outside the kept triangle.
 * PyTorch 1.13: TriangularOps.cpp apply_triu_tril_single */
static void zero_outside(Tensor* t, int64_t k, bool upper) {
  if (t->numel == 0 || MetaMode_isEnabled()) return;
  int64_t rows = t->sizes[t->dim - 2], cols = t->sizes[t->dim - 1];
  int64_t rs = t->strides[t->dim - 2], cs = t->strides[t->dim - 1];
  int64_t batch = t->numel / (rows * cols);
  size_t size = Tensor_itemsize(t);
  int64_t idx[MINATEN_MAX_DIM] = {0};
  for (int64_t b = 0; b < batch; b++) {
    int64_t base = 0;
    for (int64_t d = 0; d < t->dim - 2; d++) base += idx[d] * t->strides[d];
    for (int64_t i = 0; i < rows; i++)
      for (int64_t j = 0; j < cols; j++)
        if (upper ? j - i < k : j - i > k) memset(Tensor_data(t) + (base + i * rs + j * cs) * (int64_t)size, 0, size);
    for (int64_t d = t->dim - 3; d >= 0; d--) {
      if (++idx[d] < t->sizes[d]) break;
      idx[d] = 0;
    }
  }
}

/* The meta function's check: self.size(-2) of a tensor with fewer dims. */
static int check_matrices(const Tensor* self) { return maybe_wrap_dim(-2, self->dim, true) < 0 ? -1 : 0; }

/* A contiguous copy of self with the triangle kept. */
static Tensor* triangle(const Tensor* self, int64_t k, bool upper) {
  if (check_matrices(self) < 0) return NULL;
  Tensor* r = empty_cpu(Tensor_sizes(self), self->dtype);
  if (r == NULL) return NULL;
  if (copy_into(r, self) < 0) {
    Tensor_release(r);
    return NULL;
  }
  zero_outside(r, k, upper);
  return r;
}

/* PyTorch 1.13: TriangularOps.cpp TORCH_IMPL_FUNC(tril_cpu) */
Tensor* at_native_tril(const Tensor* self, int64_t diagonal) { return triangle(self, diagonal, false); }
/* PyTorch 1.13: TriangularOps.cpp TORCH_IMPL_FUNC(triu_cpu) */
Tensor* at_native_triu(const Tensor* self, int64_t diagonal) { return triangle(self, diagonal, true); }

/* PyTorch 1.13: TriangularOps.cpp tril_ (structured, in place) */
Tensor* at_native_tril_(Tensor* self, int64_t diagonal) {
  if (check_matrices(self) < 0) return NULL;
  zero_outside(self, diagonal, false);
  return Tensor_retain(self);
}
/* PyTorch 1.13: TriangularOps.cpp triu_ (structured, in place) */
Tensor* at_native_triu_(Tensor* self, int64_t diagonal) {
  if (check_matrices(self) < 0) return NULL;
  zero_outside(self, diagonal, true);
  return Tensor_retain(self);
}

/* PyTorch 1.13: TriangularOps.cpp TORCH_IMPL_FUNC(tril_cpu) (out=) */
Tensor* at_native_tril_out(const Tensor* self, int64_t diagonal, Tensor* out) {
  if (check_matrices(self) < 0 || check_out_dtype(out, self->dtype) < 0) return NULL;
  Tensor* r = triangle(self, diagonal, false);
  return r == NULL ? NULL : resize_and_copy_out(out, r);
}
/* PyTorch 1.13: TriangularOps.cpp TORCH_IMPL_FUNC(triu_cpu) (out=) */
Tensor* at_native_triu_out(const Tensor* self, int64_t diagonal, Tensor* out) {
  if (check_matrices(self) < 0 || check_out_dtype(out, self->dtype) < 0) return NULL;
  Tensor* r = triangle(self, diagonal, true);
  return r == NULL ? NULL : resize_and_copy_out(out, r);
}
