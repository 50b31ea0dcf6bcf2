/*
 * adjoint.c - the kernel of the test-only operator in extension_ops.yaml.
 *
 * No `dispatch:` section means CompositeImplicitAutograd: the kernel is
 * written in terms of other operators (here transpose), runs above the trace
 * key, and so the trace shows `aten::transpose.int`, as PyTorch's does.
 */
#include "Functions.h"
#include "NativeFunctions.h"
#include "runtime/Exception.h"

/* PyTorch 1.13: aten/src/ATen/native/TensorShape.cpp at::native::adjoint (via _adjoint, real dtypes) */
Tensor* at_native_adjoint(const Tensor* self) {
  TORCH_CHECK(self->dim != 1,
              "tensor.adjoint() is only supported on matrices or batches of matrices. Got 1-D tensor.");
  if (self->dim == 0) return Tensor_retain(self);
  return at_transpose_int(self, -2, -1);
fail:
  return NULL;
}
