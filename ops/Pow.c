/*
 * Pow.c - pow, in its three overloads (tensor ** tensor, tensor ** number,
 * number ** tensor) and their out= forms.
 *
 * pow is a binary operation of the elementwise loop (ops/BinaryOps.h) with
 * the number wrapped, so its result dtype follows result_type: an integer
 * tensor to the power 0.5 becomes float.  Integers are raised exactly (by
 * squaring, wrapping like the type), and an integer tensor to a negative
 * integer power is refused.
 *
 * PyTorch 1.13: aten/src/ATen/native/Pow.cpp
 */
#include "NativeFunctions.h"
#include "ops/BinaryOps.h"
#include "ops/MemoryOverlap.h"
#include "ops/Resize.h"
#include "ops/TypeProperties.h"
#include "runtime/Exception.h"
#include "runtime/ScalarOps.h"

static const Scalar kOne = {ScalarTag_Long, {.i = 1}};

/* PyTorch 1.13: Pow.cpp TORCH_IMPL_FUNC(pow_Tensor_Tensor_out) */
Tensor* at_native_pow_Tensor_Tensor(const Tensor* self, const Tensor* exponent) {
  return binary_op(NULL, self, exponent, BinaryOp_Pow, kOne);
}

/* PyTorch 1.13: Pow.cpp TORCH_IMPL_FUNC(pow_Tensor_Scalar_out) */
Tensor* at_native_pow_Tensor_Scalar(const Tensor* self, Scalar exponent) {
  TORCH_CHECK(!(ScalarType_isIntegral(self->dtype, true) && exponent.tag == ScalarTag_Long && exponent.v.i < 0),
              "Integers to negative integer powers are not allowed.");
  return binary_op_scalar(NULL, false, self, exponent, BinaryOp_Pow);
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

/* PyTorch 1.13: aten/src/ATen/native/Pow.cpp TORCH_IMPL_FUNC(pow_Tensor_Scalar_out) (pow_.Scalar, in place) */
Tensor* at_native_pow__Scalar(Tensor* self, Scalar exponent) {
  TORCH_CHECK(!(ScalarType_isIntegral(self->dtype, true) && exponent.tag == ScalarTag_Long && exponent.v.i < 0),
              "Integers to negative integer powers are not allowed.");
  /* 1.13's meta function makes self the output of a unary iterator over
   * self.to(result_type(self, exponent)), whose operands must share one
   * dtype: an integer self to a float power is refused by that check. */
  Tensor* w = wrapped_scalar_tensor(exponent);
  if (w == NULL) return NULL;
  ScalarType common = result_type(self, w);
  Tensor_release(w);
  TRY(check_out_same_dtype(self, common) == 0);
  return binary_op_scalar(self, false, self, exponent, BinaryOp_Pow);
fail:
  return NULL;
}

/* PyTorch 1.13: aten/src/ATen/native/Pow.cpp TORCH_IMPL_FUNC(pow_Tensor_Tensor_out) (pow_.Tensor, in place) */
Tensor* at_native_pow__Tensor(Tensor* self, const Tensor* exponent) {
  return binary_op(self, self, exponent, BinaryOp_Pow, kOne);
}

/* pow into out: out must have the result's dtype (the iterator's
 * same-dtype check), is resized to its shape, and overlaps nothing.  A
 * resized out takes the result's layout, except for pow(Scalar, Tensor),
 * whose meta function resizes out contiguous before the Tensor-Tensor
 * overload writes into it (contiguous_out).
 * NB(minaten): computed, then copied in. */
static Tensor* pow_into(Tensor* out, Tensor* result, const Tensor* input, bool contiguous_out) {
  if (result == NULL) return NULL;
  if (assert_no_internal_overlap(out) < 0 || assert_no_partial_overlap(out, input) < 0) goto fail;
  if (check_out_same_dtype(out, result->dtype) < 0) goto fail;
  if (contiguous_out && resize_output(out, Tensor_sizes(result)) < 0) goto fail;
  return resize_and_copy_out(out, result);
fail:
  Tensor_release(result);
  return NULL;
}

/* PyTorch 1.13: Pow.cpp TORCH_IMPL_FUNC(pow_Tensor_Tensor_out) (out=) */
Tensor* at_native_pow_Tensor_Tensor_out(const Tensor* self, const Tensor* exponent, Tensor* out) {
  return pow_into(out, at_native_pow_Tensor_Tensor(self, exponent), self, false);
}

/* PyTorch 1.13: Pow.cpp TORCH_IMPL_FUNC(pow_Tensor_Scalar_out) (out=) */
Tensor* at_native_pow_Tensor_Scalar_out(const Tensor* self, Scalar exponent, Tensor* out) {
  return pow_into(out, at_native_pow_Tensor_Scalar(self, exponent), self, false);
}

/* PyTorch 1.13: Pow.cpp TORCH_META_FUNC2(pow, Scalar), TORCH_IMPL_FUNC(pow_Scalar_out) */
Tensor* at_native_pow_Scalar_out(Scalar self, const Tensor* exponent, Tensor* out) {
  return pow_into(out, at_native_pow_Scalar(self, exponent), exponent, true);
}
