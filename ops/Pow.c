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
#include "ops/Copy.h"
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

/*
 * Note [pow's special exponents]
 * 1.13's kernel for a number exponent and a Float or Double base computes
 * x ** 2 as x * x, x ** 3 as x * x * x and x ** -2 as 1 / (x * x)
 * (pow_tensor_scalar_optimized_kernel), each multiplication rounded to the
 * dtype: x ** 3 is not the correctly rounded power.  minaten does the same
 * with the binary loops.  NB(minaten): the other fast paths (0.5 as sqrt,
 * -0.5 as rsqrt, -1 as reciprocal, BFloat16's 2, 3, -2) and the vector
 * pow (Sleef) of other exponents are not modelled yet: those go to pow's
 * binary loop.
 */

/* The exponent as 2, 3 or -2, else 0. */
static int special_exponent(Scalar e) {
  return Scalar_equal(e, 2.0) ? 2 : Scalar_equal(e, 3.0) ? 3 : Scalar_equal(e, -2.0) ? -2 : 0;
}

/* The dtype pow(self, exponent) computes in: result_type with the exponent
 * as a wrapped number.  -1 with the error set. */
static int pow_common_dtype(const Tensor* self, Scalar exponent, ScalarType* common) {
  Tensor* w = wrapped_scalar_tensor(exponent);
  if (w == NULL) return -1;
  *common = result_type(self, w);
  Tensor_release(w);
  return 0;
}

/* Whether Note [pow's special exponents] computes pow(self, exponent)
 * in common: its exponent (2, 3 or -2), else 0. */
static int products_exponent(const Tensor* self, Scalar exponent, ScalarType common) {
  bool floating = common == ScalarType_Float || common == ScalarType_Double;
  return floating && self->device.type == DeviceType_CPU ? special_exponent(exponent) : 0;
}

/* self converted to common (the meta's base.to(common)) raised to exponent
 * by Note [pow's special exponents]; a new tensor, or NULL with the error
 * set. */
static Tensor* pow_by_products(const Tensor* self, ScalarType common, int exponent) {
  Tensor* base = self->dtype == common ? Tensor_retain((Tensor*)self)
                                       : at_to_dtype(self, common, false, false, kNoMemoryFormat);
  if (base == NULL) return NULL;
  Tensor* square = binary_op(NULL, base, base, BinaryOp_Mul, kOne);
  if (square == NULL || exponent == 2) {
    Tensor_release(base);
    return square;
  }
  Tensor* r = NULL;
  if (exponent == 3) {
    r = binary_op(NULL, square, base, BinaryOp_Mul, kOne);
  } else {
    Tensor* one = wrapped_scalar_tensor(Scalar_fromDouble(1.0));
    if (one != NULL) r = binary_op(NULL, one, square, BinaryOp_Div, kOne);
    Tensor_release(one);
  }
  Tensor_release(square);
  Tensor_release(base);
  return r;
}

/* PyTorch 1.13: Pow.cpp TORCH_IMPL_FUNC(pow_Tensor_Scalar_out), native/cpu/PowKernel.cpp pow_tensor_scalar_kernel */
Tensor* at_native_pow_Tensor_Scalar(const Tensor* self, Scalar exponent) {
  TORCH_CHECK(!(ScalarType_isIntegral(self->dtype, true) && exponent.tag == ScalarTag_Long && exponent.v.i < 0),
              "Integers to negative integer powers are not allowed.");
  if (special_exponent(exponent) != 0) { /* only then is the common dtype needed */
    ScalarType common;
    if (pow_common_dtype(self, exponent, &common) < 0) return NULL;
    int by_products = products_exponent(self, exponent, common);
    if (by_products != 0) return pow_by_products(self, common, by_products);
  }
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
  if (Scalar_equal(self, 1.0)) return done_in_place(at_fill__Scalar(out, Scalar_fromLong(1)));
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
  ScalarType common;
  if (pow_common_dtype(self, exponent, &common) < 0) return NULL;
  TRY(check_out_same_dtype(self, common) == 0);
  int by_products = products_exponent(self, exponent, common);
  if (by_products != 0) {
    Tensor* r = pow_by_products(self, common, by_products);
    if (r == NULL) return NULL;
    int copied = copy_into(self, r);
    Tensor_release(r);
    return copied < 0 ? NULL : Tensor_retain(self);
  }
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
