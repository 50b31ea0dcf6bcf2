/*
 * TensorShapeDiag.c - diag: a vector to the square matrix with it on its
 * diagonal-th diagonal (zeros elsewhere), or a matrix's diagonal-th
 * diagonal as a new vector (a copy, not diagonal's view); and its backward.
 *
 * diag is the out= kernel on a fresh tensor.  The kernel checks the dims,
 * resizes out, zeroes it, and only then asks out for self's dtype
 * ("expected scalar type Long but found Float", data_ptr<scalar_t>'s
 * check), so a refused out has been resized and zeroed, as in 1.13.
 *
 * PyTorch 1.13: aten/src/ATen/native/TensorShape.cpp (apply_diag, diag,
 * diag_cpu_out, diag_backward_symint)
 */
#include <stdlib.h>
#include <string.h>

#include "Functions.h"
#include "NativeFunctions.h"
#include "ops/MetaMode.h"
#include "ops/Resize.h"
#include "runtime/Exception.h"
#include "runtime/TypeCast.h"

/* out's element type must be self's: Tensor::data_ptr<scalar_t>()'s check. */
static int check_data_ptr_type(const Tensor* out, ScalarType expected) {
  TORCH_CHECK(out->dtype == expected, "expected scalar type %s but found %s", ScalarType_name(expected),
              ScalarType_name(out->dtype));
  return 0;
fail:
  return -1;
}

/* out resized to sizes (a negative size is 1.13's numel overflow), zeroed,
 * then checked to hold self's dtype. */
static int prepare_out(Tensor* out, const Tensor* self, IntArrayRef sizes) {
  for (size_t i = 0; i < sizes.size; i++) /* safe_compute_numel reads a negative size as a huge unsigned one */
    TORCH_CHECK(sizes.data[i] >= 0, "numel: integer multiplication overflow");
  TRY(resize_output(out, sizes) >= 0);
  Tensor* z = at_zero_(out);
  TRY(z != NULL);
  Tensor_release(z);
  return check_data_ptr_type(out, self->dtype);
fail:
  return -1;
}

/* PyTorch 1.13: TensorShape.cpp diag_cpu_out (apply_diag) */
Tensor* at_native_diag_cpu_out(const Tensor* self, int64_t diagonal, Tensor* out) {
  TORCH_CHECK(self->dim == 1 || self->dim == 2, "matrix or a vector expected");
  int64_t item = (int64_t)Tensor_itemsize(self);
  const char* src = Tensor_data(self);
  if (self->dim == 1) {
    int64_t n = self->sizes[0], sz = n + llabs(diagonal), sizes[2] = {sz, sz};
    TRY(prepare_out(out, self, IntArrayRef_make(sizes, 2)) == 0);
    if (MetaMode_isEnabled()) return Tensor_retain(out);
    char* r = Tensor_data(out);
    r += (diagonal >= 0 ? diagonal * out->strides[1] : -diagonal * out->strides[0]) * item;
    for (int64_t i = 0; i < n; i++)
      memcpy(r + i * (out->strides[0] + out->strides[1]) * item, src + i * self->strides[0] * item, (size_t)item);
  } else {
    /* the diagonal's length: min(rows, cols - diagonal) or min(rows + diagonal, cols), negative past the corner */
    int64_t rows = diagonal >= 0 ? self->sizes[0] : self->sizes[0] + diagonal;
    int64_t cols = diagonal >= 0 ? self->sizes[1] - diagonal : self->sizes[1];
    int64_t sz = rows < cols ? rows : cols;
    TRY(prepare_out(out, self, IntArrayRef_make(&sz, 1)) == 0);
    if (MetaMode_isEnabled()) return Tensor_retain(out);
    char* r = Tensor_data(out);
    src += (diagonal >= 0 ? diagonal * self->strides[1] : -diagonal * self->strides[0]) * item;
    for (int64_t i = 0; i < sz; i++)
      memcpy(r + i * out->strides[0] * item, src + i * (self->strides[0] + self->strides[1]) * item, (size_t)item);
  }
  return Tensor_retain(out);
fail:
  return NULL;
}

/* PyTorch 1.13: TensorShape.cpp diag: diag_out into an empty tensor */
Tensor* at_native_diag(const Tensor* self, int64_t diagonal) {
  int64_t zero = 0;
  Tensor* result = at_empty_memory_format(IntArrayRef_make(&zero, 1), (OptionalScalarType){true, self->dtype},
                                          kNoLayout, kNoDevice, kNoPinMemory, kNoMemoryFormat);
  if (result == NULL) return NULL;
  Tensor* r = at_diag_out(self, diagonal, result);
  Tensor_release(result);
  return r;
}

/* The gradient of diag: diag of grad for a vector or a square matrix,
 * otherwise diagonal_backward (grad on the diagonal of zeros).
 * PyTorch 1.13: TensorShape.cpp diag_backward_symint */
Tensor* at_native_diag_backward(const Tensor* grad, IntArrayRef input_sizes, int64_t diagonal) {
  /* 1.13's AT_ASSERT, which torch.ops reaches */
  TORCH_CHECK(input_sizes.size == 1 || input_sizes.size == 2,
              "ndimension == 1 || ndimension == 2 INTERNAL ASSERT FAILED at "
              "\"./aten/src/ATen/native/TensorShape.cpp\":3435, please report a bug to PyTorch. ");
  if (input_sizes.size == 1 || input_sizes.data[0] == input_sizes.data[1]) return at_diag(grad, diagonal);
  return at_diagonal_backward(grad, input_sizes, diagonal, 0, 1);
fail:
  return NULL;
}
