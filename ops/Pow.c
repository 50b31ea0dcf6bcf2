/*
 * Pow.c - pow, in its three overloads (tensor ** tensor, tensor ** number,
 * number ** tensor) and their out= forms.
 *
 * pow is a binary operation of the elementwise loop (ops/BinaryOps.h) with
 * the number wrapped, so its result dtype follows result_type: an integer
 * tensor to the power 0.5 becomes float.  pow.Tensor_Tensor and pow.Scalar
 * are structured; pow.Scalar's impl fills 1 for a base of 1, else
 * redispatches to pow.Tensor_Tensor_out.
 * NB(minaten): pow.Tensor_Scalar is not structured yet (1.13's meta runs a
 * unary iterator over base.to(common dtype), its impl fills 1 for an
 * exponent of 0 and copies for 1).  Integers are raised exactly (by
 * squaring, wrapping like the type), and an integer tensor to a negative
 * integer power is refused.
 *
 * PyTorch 1.13: aten/src/ATen/native/Pow.cpp
 */
#include "Functions.h"
#include "NativeFunctions.h"
#include "ops/BinaryOps.h"
#include "ops/MemoryOverlap.h"
#include "ops/Resize.h"
#include "ops/Structured.h"
#include "ops/TensorUtils.h"
#include "ops/TypeProperties.h"
#include "runtime/Exception.h"
#include "runtime/ScalarOps.h"

static const Scalar kOne = {ScalarTag_Long, {.i = 1}};

/* PyTorch 1.13: Pow.cpp TORCH_META_FUNC2(pow, Tensor_Tensor) (build_borrowing_binary_op) */
int at_meta_pow_Tensor_Tensor(StructuredOp* op, const Tensor* self, const Tensor* exponent) {
  return binary_op_meta(op, self, exponent, BinaryOp_Pow, kOne);
}
/* PyTorch 1.13: Pow.cpp TORCH_IMPL_FUNC(pow_Tensor_Tensor_out) */
int at_impl_pow_Tensor_Tensor_out(StructuredOp* op, const Tensor* self, const Tensor* exponent, Tensor* out) {
  (void)self, (void)exponent, (void)out;
  return binary_op_run(op, BinaryOp_Pow, kOne);
}

/* PyTorch 1.13: Pow.cpp TORCH_IMPL_FUNC(pow_Tensor_Scalar_out) */
Tensor* at_native_pow_Tensor_Scalar(const Tensor* self, Scalar exponent) {
  TORCH_CHECK(!(ScalarType_isIntegral(self->dtype, true) && exponent.tag == ScalarTag_Long && exponent.v.i < 0),
              "Integers to negative integer powers are not allowed.");
  return binary_op_scalar(NULL, false, self, exponent, BinaryOp_Pow);
fail:
  return NULL;
}

/* The output: the exponent's shape, contiguous, of out's dtype or the
 * result type of base and exponent.
 * PyTorch 1.13: Pow.cpp TORCH_META_FUNC2(pow, Scalar) */
int at_meta_pow_Scalar(StructuredOp* op, Scalar self, const Tensor* exponent) {
  const Tensor* out = StructuredOp_maybeGetOutput(op, 0);
  ScalarType dtype = ScalarType_Undefined;
  if (out != NULL) {
    dtype = out->dtype;
  } else {
    Tensor* w = wrapped_scalar_tensor(self);
    if (w == NULL) return -1;
    dtype = result_type(w, exponent);
    Tensor_release(w);
  }
  return StructuredOp_setOutputRawStrided(op, 0, Tensor_sizes(exponent), kNoStrides, dtype);
}
/* 1 ** anything is 1; otherwise the Tensor-Tensor overload, through the
 * dispatcher, into out.
 * PyTorch 1.13: Pow.cpp TORCH_IMPL_FUNC(pow_Scalar_out) */
int at_impl_pow_Scalar_out(StructuredOp* op, Scalar self, const Tensor* exponent, Tensor* out) {
  (void)op;
  bool one = self.tag == ScalarTag_Double ? self.v.d == 1.0
             : self.tag == ScalarTag_Long ? self.v.i == 1
             : self.tag == ScalarTag_ComplexDouble ? self.v.z.real == 1.0 && self.v.z.imag == 0.0
                                                   : false; /* Scalar::equal: a bool equals no number */
  if (one) return done_in_place(at_fill__Scalar(out, Scalar_fromLong(1)));
  Tensor* w = wrapped_scalar_tensor(self);
  if (w == NULL) return -1;
  int rc = done_in_place(at_pow_Tensor_Tensor_out(w, exponent, out));
  Tensor_release(w);
  return rc;
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


/* pow into out: out must have the result's dtype (the iterator's
 * same-dtype check), is resized to its shape, and overlaps nothing.  A
 * resized out takes the result's layout.
 * NB(minaten): computed, then copied in. */
static Tensor* pow_into(Tensor* out, Tensor* result, const Tensor* input) {
  if (result == NULL) return NULL;
  if (assert_no_internal_overlap(out) < 0 || assert_no_partial_overlap(out, input) < 0) goto fail;
  if (check_out_same_dtype(out, result->dtype) < 0) goto fail;
  return resize_and_copy_out(out, result);
fail:
  Tensor_release(result);
  return NULL;
}


/* PyTorch 1.13: Pow.cpp TORCH_IMPL_FUNC(pow_Tensor_Scalar_out) (out=) */
Tensor* at_native_pow_Tensor_Scalar_out(const Tensor* self, Scalar exponent, Tensor* out) {
  return pow_into(out, at_native_pow_Tensor_Scalar(self, exponent), self);
}
