/*
 * Pow.c - pow, in its three overloads (tensor ** tensor, tensor ** number,
 * number ** tensor) and their out= forms.
 *
 * pow is a binary operation of the elementwise loop (ops/BinaryOps.h) with
 * the number wrapped, so its result dtype follows result_type: an integer
 * tensor to the power 0.5 becomes float.  pow.Tensor_Tensor and pow.Scalar
 * are structured; pow.Scalar's impl fills 1 for a base of 1, else
 * redispatches to pow.Tensor_Tensor_out.
 * pow.Tensor_Scalar is structured too: its meta function runs a unary
 * iterator over base.to(the result type), its impl fills 1 for an
 * exponent of 0, copies base for 1, else runs 1.13's kernel for a number
 * exponent (Note [pow's special exponents]).  Integers are raised exactly
 * (by squaring, wrapping like the type), and an integer tensor to a
 * negative integer power is refused.
 *
 * PyTorch 1.13: aten/src/ATen/native/Pow.cpp
 */
#include "Functions.h"
#include "NativeFunctions.h"
#include "ops/BinaryOps.h"
#include "ops/Copy.h"
#include "ops/Structured.h"
#include "ops/TensorUtils.h"
#include "ops/TypeProperties.h"
#include "ops/UnaryOps.h"
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
 * 1.13's kernel for a number exponent (pow_tensor_scalar_kernel) computes
 * some exponents by other operators' loops, each step rounded to the
 * dtype, so the result is not the correctly rounded power:
 *   - on Float, Double, BFloat16 (and complex) bases, 0.5 as sqrt, -0.5 as
 *     rsqrt (1 / sqrt(x)), -1 as reciprocal: (-0.) ** 0.5 is -0. and
 *     (-inf) ** 0.5 nan, as sqrt gives them;
 *   - on Float and Double bases, 2 as x * x, 3 as x * x * x and -2 as
 *     1 / (x * x) (pow_tensor_scalar_optimized_kernel).
 * minaten runs the same loops.  NB(minaten): not modelled yet: BFloat16's
 * products, complex bases (refused), and the vector pow (Sleef) of the
 * other exponents on contiguous Float and Double blocks: those go to
 * pow's binary loop (measured on linspace(0.1, 7.3, 2000) floats:
 * x ** 2.5 differs from the double-rounded power in 29 elements in 1.13,
 * 3 here).
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

/* base (the meta's base.to(common), of a Float or Double dtype) raised to
 * exponent by Note [pow's special exponents]; a new tensor, or NULL with
 * the error set. */
static Tensor* pow_by_products(const Tensor* base, int exponent) {
  Tensor* square = binary_op(NULL, base, base, BinaryOp_Mul, kOne);
  if (square == NULL || exponent == 2) return square;
  Tensor* r = NULL;
  if (exponent == 3) {
    r = binary_op(NULL, square, base, BinaryOp_Mul, kOne);
  } else {
    Tensor* one = wrapped_scalar_tensor(Scalar_fromDouble(1.0));
    if (one != NULL) r = binary_op(NULL, one, square, BinaryOp_Div, kOne);
    Tensor_release(one);
  }
  Tensor_release(square);
  return r;
}

/* A unary iterator over base converted to result_type(base, exponent),
 * whose operands must all have that dtype: an integer self to a float
 * power in place is refused ("Found dtype Long but expected Float"), as is
 * an out= of another dtype.
 * PyTorch 1.13: Pow.cpp TORCH_META_FUNC2(pow, Tensor_Scalar)
 * (build_output_borrowing_argument_owning_unary_op) */
int at_meta_pow_Tensor_Scalar(StructuredOp* op, const Tensor* self, Scalar exponent) {
  TORCH_CHECK(!(ScalarType_isIntegral(self->dtype, true) && exponent.tag == ScalarTag_Long && exponent.v.i < 0),
              "Integers to negative integer powers are not allowed.");
  ScalarType common;
  TRY(pow_common_dtype(self, exponent, &common) == 0);
  const Tensor* base = self;
  if (common != self->dtype)
    TRY((base = StructuredOp_ownInput(op, at_to_dtype(self, common, false, false, kNoMemoryFormat))) != NULL);
  TensorIteratorConfig config;
  TensorIteratorConfig_unary_op(&config);
  config.complex_kernels = true; /* the impl refuses what it has no loop for */
  TensorIteratorConfig_add_output(&config, StructuredOp_maybeGetOutput(op, 0));
  TensorIteratorConfig_add_input(&config, base);
  return StructuredOp_build(op, &config);
fail:
  return -1;
}

/* The kernel over the meta function's iterator: {out, base converted}.
 * PyTorch 1.13: native/cpu/PowKernel.cpp pow_tensor_scalar_kernel */
static int pow_tensor_scalar_kernel(StructuredOp* op, Scalar exponent) {
  Tensor* out = op->iter.tensors[0];
  const Tensor* base = op->iter.tensors[1];
  ScalarType common = op->iter.common_dtype;
  if (common == ScalarType_Float || common == ScalarType_Double || common == ScalarType_BFloat16) {
    if (Scalar_equal(exponent, 0.5)) return unary_op_run(op, UnaryOp_Sqrt);
    if (Scalar_equal(exponent, -0.5)) return at_impl_rsqrt_out(op, base, out);
    if (Scalar_equal(exponent, -1.0)) return at_impl_reciprocal_out(op, base, out);
  }
  int products = common == ScalarType_Float || common == ScalarType_Double ? special_exponent(exponent) : 0;
  if (products != 0) {
    Tensor* r = pow_by_products(base, products);
    if (r == NULL) return -1;
    int copied = copy_into(out, r);
    Tensor_release(r);
    return copied;
  }
  return done_in_place(binary_op_scalar(out, false, base, exponent, BinaryOp_Pow));
}

/* PyTorch 1.13: Pow.cpp TORCH_IMPL_FUNC(pow_Tensor_Scalar_out) */
int at_impl_pow_Tensor_Scalar_out(StructuredOp* op, const Tensor* self, Scalar exponent, Tensor* out) {
  if (Scalar_equal(exponent, 0.0)) return done_in_place(at_fill__Scalar(out, Scalar_fromLong(1)));
  if (Scalar_equal(exponent, 1.0)) return done_in_place(at_copy_(out, self, false));
  return pow_tensor_scalar_kernel(op, exponent);
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
