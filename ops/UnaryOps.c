/*
 * UnaryOps.c - neg and reciprocal.
 *
 * NB(minaten): until the unary loops of the operator-breadth work exist,
 * these reuse the binary loop with a wrapped number (neg: x * -1,
 * reciprocal: 1 / x), which gives PyTorch's result dtypes (integers stay
 * integers for neg and become float for reciprocal) and values.
 *
 * PyTorch 1.13: aten/src/ATen/native/UnaryOps.cpp
 */
#include "NativeFunctions.h"
#include "ops/TensorIterator.h"
#include "runtime/Exception.h"

/* PyTorch 1.13: UnaryOps.cpp TORCH_IMPL_FUNC(neg_out) */
Tensor* at_native_neg(const Tensor* self) {
  TORCH_CHECK(self->dtype != ScalarType_Bool,
              "Negation, the `-` operator, on a bool tensor is not supported. If you are trying to "
              "invert a mask, use the `~` or `logical_not()` operator instead.");
  Tensor* minus_one = wrapped_scalar_tensor(Scalar_fromLong(-1));
  if (minus_one == NULL) return NULL;
  Tensor* r = binary_op(NULL, self, minus_one, BinaryOp_Mul, Scalar_fromLong(1));
  Tensor_release(minus_one);
  return r;
fail:
  return NULL;
}

/* PyTorch 1.13: UnaryOps.cpp TORCH_IMPL_FUNC(reciprocal_out) */
Tensor* at_native_reciprocal(const Tensor* self) {
  Tensor* one = wrapped_scalar_tensor(Scalar_fromLong(1));
  if (one == NULL) return NULL;
  Tensor* r = binary_op(NULL, one, self, BinaryOp_Div, Scalar_fromLong(1));
  Tensor_release(one);
  return r;
}
