/*
 * PowClampWhere.c - pow (three overloads), clamp and where.
 *
 * pow and clamp are binary operations of the TensorIterator loop with the
 * scalar wrapped, so their result dtypes follow result_type: an integer
 * tensor to the power 0.5, or clamped to 0.5, becomes float.  clamp applies
 * its lower bound, then its upper one (so min > max gives max everywhere).
 *
 * PyTorch 1.13: aten/src/ATen/native/Pow.cpp, TensorCompare.cpp (clamp, where)
 */
#include "NativeFunctions.h"
#include "ops/TensorIterator.h"
#include "runtime/Exception.h"

static const Scalar kOne = {ScalarTag_Long, {.i = 1}};

/* PyTorch 1.13: Pow.cpp TORCH_IMPL_FUNC(pow_Tensor_Tensor_out) */
Tensor* at_native_pow_Tensor_Tensor(const Tensor* self, const Tensor* exponent) {
  return binary_op(NULL, self, exponent, BinaryOp_Pow, kOne);
}

/* PyTorch 1.13: Pow.cpp TORCH_IMPL_FUNC(pow_Tensor_Scalar_out) */
Tensor* at_native_pow_Tensor_Scalar(const Tensor* self, Scalar exponent) {
  TORCH_CHECK(!(ScalarType_isIntegral(self->dtype, true) && exponent.tag == ScalarTag_Long && exponent.v.i < 0),
              "Integers to negative integer powers are not allowed.");
  Tensor* w = wrapped_scalar_tensor(exponent);
  if (w == NULL) return NULL;
  Tensor* r = binary_op(NULL, self, w, BinaryOp_Pow, kOne);
  Tensor_release(w);
  return r;
fail:
  return NULL;
}

/* PyTorch 1.13: Pow.cpp pow (Scalar self, Tensor exponent) */
Tensor* at_native_pow_Scalar(Scalar self, const Tensor* exponent) {
  Tensor* w = wrapped_scalar_tensor(self);
  if (w == NULL) return NULL;
  Tensor* r = binary_op(NULL, w, exponent, BinaryOp_Pow, kOne);
  Tensor_release(w);
  return r;
}

/* One bound of clamp: max(x, bound) or min(x, bound). */
static Tensor* clamp_bound(const Tensor* self, Scalar bound, BinaryOp op) {
  Tensor* w = wrapped_scalar_tensor(bound);
  if (w == NULL) return NULL;
  Tensor* r = binary_op(NULL, self, w, op, kOne);
  Tensor_release(w);
  return r;
}

/* PyTorch 1.13: TensorCompare.cpp TORCH_IMPL_FUNC(clamp_out) */
Tensor* at_native_clamp(const Tensor* self, OptionalScalar min, OptionalScalar max) {
  TORCH_CHECK(min.has_value || max.has_value, "torch.clamp: At least one of 'min' or 'max' must not be None");
  Tensor* r = min.has_value ? clamp_bound(self, min.value, BinaryOp_Max) : Tensor_retain(self);
  if (r == NULL || !max.has_value) return r;
  Tensor* s = clamp_bound(r, max.value, BinaryOp_Min);
  Tensor_release(r);
  return s;
fail:
  return NULL;
}

/* PyTorch 1.13: TensorCompare.cpp where (self) */
Tensor* at_native_where(const Tensor* condition, const Tensor* self, const Tensor* other) {
  return where_op(condition, self, other);
}
