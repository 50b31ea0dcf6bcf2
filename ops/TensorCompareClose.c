/*
 * TensorCompareClose.c - isfinite, isinf, isclose and allclose, 1.13's
 * composites over the comparison and arithmetic operators (so a trace
 * shows their pieces).
 *
 *   isfinite   integers and bools: all true (ones_like); floats:
 *              (self == self) * (self.abs() != inf)
 *   isinf      integers and bools: all false; floats: self.abs() == inf
 *   isclose    self == other, or'ed (equal_nan) with both NaN, or'ed with
 *              |self - other| finite and <= atol + |rtol * other| (bools
 *              computed in the default dtype), unless both tolerances are 0
 *   allclose   isclose(...).all() as a Python bool
 *
 * PyTorch 1.13: aten/src/ATen/native/TensorCompare.cpp (isfinite, isinf,
 * isclose, allclose)
 */
#include <math.h>

#include "Functions.h"
#include "NativeFunctions.h"
#include "ops/TensorUtils.h"
#include "runtime/DefaultDtype.h"
#include "runtime/Exception.h"

/* A tensor of self's shape and layout filled with value, of dtype Bool. */
static Tensor* bools_like(const Tensor* self, bool value) {
  OptionalScalarType b = {true, ScalarType_Bool};
  OptionalMemoryFormat preserve = {true, MemoryFormat_Preserve};
  return value ? at_ones_like(self, b, kNoLayout, kNoDevice, kNoPinMemory, preserve)
               : at_zeros_like(self, b, kNoLayout, kNoDevice, kNoPinMemory, preserve);
}

/* PyTorch 1.13: TensorCompare.cpp isfinite */
Tensor* at_native_isfinite(const Tensor* self) {
  if (ScalarType_isIntegral(self->dtype, true)) return bools_like(self, true);
  Tensor *same = NULL, *abs = NULL, *not_inf = NULL, *r = NULL;
  /* (self == self) * (self.abs() != inf): 1.13's build evaluates the right
   * operand first (GCC, arguments of the overloaded operator right to left) */
  TRY((abs = at_abs(self)) != NULL);
  TRY((not_inf = at_ne_Scalar(abs, Scalar_fromDouble(INFINITY))) != NULL);
  TRY((same = at_eq_Tensor(self, self)) != NULL);
  r = at_mul_Tensor(same, not_inf);
fail:
  Tensor_release(same);
  Tensor_release(abs);
  Tensor_release(not_inf);
  return r;
}

/* PyTorch 1.13: TensorCompare.cpp isinf */
Tensor* at_native_isinf(const Tensor* self) {
  if (ScalarType_isIntegral(self->dtype, true)) return bools_like(self, false);
  Tensor* abs = at_abs(self);
  if (abs == NULL) return NULL;
  Tensor* r = at_eq_Scalar(abs, Scalar_fromDouble(INFINITY));
  Tensor_release(abs);
  return r;
}

/* close |= (self != self) & (other != other): both NaN counts as close. */
static int or_both_nan(Tensor* close, const Tensor* self, const Tensor* other) {
  Tensor *a = NULL, *b = NULL;
  int rc = -1;
  TRY((a = at_ne_Tensor(self, self)) != NULL);
  TRY((b = at_ne_Tensor(other, other)) != NULL);
  TRY(done_in_place(at___iand___Tensor(a, b)) == 0);
  rc = done_in_place(at___ior___Tensor(close, a));
fail:
  Tensor_release(a);
  Tensor_release(b);
  return rc;
}

/* close |= isfinite(|self - other|) & (|self - other| <= atol + |rtol * other|)
 * (Note [closeness error computation] in 1.13: bools as the default dtype). */
static int or_within_tolerance(Tensor* close, const Tensor* self, const Tensor* other, double rtol, double atol) {
  Tensor *s = NULL, *o = NULL, *scaled = NULL, *scaled_abs = NULL, *allowed = NULL, *diff = NULL, *actual = NULL;
  Tensor *finite = NULL, *within = NULL;
  int rc = -1;
  ScalarType dflt = get_default_dtype_as_scalartype();
  TRY((s = self->dtype == ScalarType_Bool ? at_to_dtype(self, dflt, false, false, kNoMemoryFormat)
                                          : Tensor_retain(self)) != NULL);
  TRY((o = other->dtype == ScalarType_Bool ? at_to_dtype(other, dflt, false, false, kNoMemoryFormat)
                                           : Tensor_retain(other)) != NULL);
  TRY((scaled = at_mul_Scalar(o, Scalar_fromDouble(rtol))) != NULL);
  TRY((scaled_abs = at_abs(scaled)) != NULL);
  TRY((allowed = at_add_Scalar(scaled_abs, Scalar_fromDouble(atol), Scalar_fromLong(1))) != NULL);
  TRY((diff = at_sub_Tensor(s, o, Scalar_fromLong(1))) != NULL);
  TRY((actual = at_abs(diff)) != NULL);
  TRY((finite = at_isfinite(actual)) != NULL);
  TRY((within = at_le_Tensor(actual, allowed)) != NULL);
  TRY(done_in_place(at___iand___Tensor(finite, within)) == 0);
  rc = done_in_place(at___ior___Tensor(close, finite));
fail:
  Tensor_release(s);
  Tensor_release(o);
  Tensor_release(scaled);
  Tensor_release(scaled_abs);
  Tensor_release(allowed);
  Tensor_release(diff);
  Tensor_release(actual);
  Tensor_release(finite);
  Tensor_release(within);
  return rc;
}

/* PyTorch 1.13: TensorCompare.cpp isclose */
Tensor* at_native_isclose(const Tensor* self, const Tensor* other, double rtol, double atol, bool equal_nan) {
  Tensor* close = NULL;
  TORCH_CHECK(self->dtype == other->dtype, "%s did not match %s", ScalarType_name(self->dtype),
              ScalarType_name(other->dtype));
  TORCH_CHECK(!(ScalarType_isQuantized(self->dtype) || ScalarType_isQuantized(other->dtype)),
              "isclose is not supported for quantized inputs.");
  TORCH_CHECK(rtol >= 0, "rtol must be greater than or equal to zero, but got %g", rtol);
  TORCH_CHECK(atol >= 0, "atol must be greater than or equal to zero, but got %g", atol);
  TRY((close = at_eq_Tensor(self, other)) != NULL);
  if (equal_nan && ScalarType_isFloating(self->dtype)) TRY(or_both_nan(close, self, other) == 0);
  if (rtol == 0 && atol == 0) return close; /* closeness is equality: no error terms */
  TRY(or_within_tolerance(close, self, other, rtol, atol) == 0);
  return close;
fail:
  Tensor_release(close);
  return NULL;
}

/* PyTorch 1.13: TensorCompare.cpp allclose: isclose(...).all().item<uint8_t>() */
bool at_native_allclose(const Tensor* self, const Tensor* other, double rtol, double atol, bool equal_nan) {
  Tensor* close = at_isclose(self, other, rtol, atol, equal_nan);
  if (close == NULL) return false;
  Tensor* all = at_all(close);
  Tensor_release(close);
  if (all == NULL) return false;
  Scalar v = at__local_scalar_dense(all); /* item(): a lazy tensor is computed first */
  Tensor_release(all);
  return !Error_occurred() && Scalar_toLong(v) != 0;
}
