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
#include "Functions.h"
#include "NativeFunctions.h"
#include "ops/Copy.h"
#include "ops/MemoryOverlap.h"
#include "ops/Resize.h"
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

/* pow into out: out must have the result's dtype (the iterator's
 * same-dtype check), is resized to its shape, and overlaps nothing.
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

/* PyTorch 1.13: Pow.cpp TORCH_IMPL_FUNC(pow_Tensor_Tensor_out) (out=) */
Tensor* at_native_pow_Tensor_Tensor_out(const Tensor* self, const Tensor* exponent, Tensor* out) {
  return pow_into(out, at_native_pow_Tensor_Tensor(self, exponent), self);
}

/* PyTorch 1.13: Pow.cpp TORCH_IMPL_FUNC(pow_Tensor_Scalar_out) (out=) */
Tensor* at_native_pow_Tensor_Scalar_out(const Tensor* self, Scalar exponent, Tensor* out) {
  return pow_into(out, at_native_pow_Tensor_Scalar(self, exponent), self);
}

/* PyTorch 1.13: Pow.cpp at::native::pow_out (Scalar, Tensor) */
Tensor* at_native_pow_Scalar_out(Scalar self, const Tensor* exponent, Tensor* out) {
  return pow_into(out, at_native_pow_Scalar(self, exponent), exponent);
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

/* clamp into a tensor given by the caller, which must have the clamped
 * result's dtype: in place, clamp's meta function refuses another ("... the
 * desired output type long int", a TypeMeta name); out=, the iterator's
 * same-dtype check ("Found dtype Long but expected Float").
 * NB(minaten): computed, then copied in.
 * PyTorch 1.13: TensorCompare.cpp TORCH_META_FUNC(clamp), TensorIterator.cpp compute_types */
static Tensor* clamp_into(Tensor* out, const Tensor* self, OptionalScalar min, OptionalScalar max, bool resize) {
  Tensor* r = at_native_clamp(self, min, max);
  if (r == NULL) return NULL;
  if (resize ? check_out_same_dtype(out, r->dtype) < 0 : r->dtype != out->dtype) {
    if (!resize)
      Error_set(ErrorType_RuntimeError, "result type %s can't be cast to the desired output type %s",
                ScalarType_name(r->dtype), ScalarType_typeMetaName(out->dtype));
    Tensor_release(r);
    return NULL;
  }
  if (resize) return resize_and_copy_out(out, r);
  int rc = copy_into(out, r);
  Tensor_release(r);
  return rc < 0 ? NULL : Tensor_retain(out);
}

/* PyTorch 1.13: TensorCompare.cpp clamp_ (structured, in place) */
Tensor* at_native_clamp_(Tensor* self, OptionalScalar min, OptionalScalar max) {
  return clamp_into(self, self, min, max, false);
}

/* PyTorch 1.13: TensorCompare.cpp TORCH_IMPL_FUNC(clamp_out) (out=) */
Tensor* at_native_clamp_out(const Tensor* self, OptionalScalar min, OptionalScalar max, Tensor* out) {
  if (assert_no_internal_overlap(out) < 0 || assert_no_partial_overlap(out, self) < 0) return NULL;
  return clamp_into(out, self, min, max, true);
}

/* PyTorch 1.13: TensorCompare.cpp where (self) */
Tensor* at_native_where(const Tensor* condition, const Tensor* self, const Tensor* other) {
  return where_op(condition, self, other);
}

/* ---- where with Python numbers --------------------------------------------------
 * CompositeImplicitAutograd: the numbers become scalar_tensor()s and the tensor
 * is converted (to()) to the result type of the two, then where.self runs;
 * a trace shows scalar_tensor, _to_copy when a conversion copies, and
 * where.self.  PyTorch 1.13: TensorCompare.cpp at::native::where (Scalar overloads) */

/* result_type of a tensor and a number, or of two numbers (wrapped numbers:
 * a float one means the default dtype). */
static ScalarType result_type_with_scalar(const Tensor* t, Scalar s) {
  Tensor* w = wrapped_scalar_tensor(s);
  if (w == NULL) return ScalarType_Undefined;
  ScalarType r = result_type(t, w);
  Tensor_release(w);
  return r;
}

static Tensor* scalar_tensor_of(Scalar s, ScalarType dtype) {
  OptionalScalarType dt = {true, dtype};
  return at_scalar_tensor(s, dt, kNoLayout, kNoDevice, kNoPinMemory);
}

static Tensor* to_dtype(const Tensor* t, ScalarType dtype) {
  return at_to_dtype(t, dtype, false, false, kNoMemoryFormat);
}

/* The where of a number and a tensor, in either order. */
static Tensor* where_scalar_tensor(const Tensor* condition, Scalar s, const Tensor* t, bool scalar_first) {
  Tensor *st = NULL, *tc = NULL, *r = NULL;
  ScalarType dtype = result_type_with_scalar(t, s);
  if (dtype == ScalarType_Undefined) return NULL;
  st = scalar_tensor_of(s, dtype);
  if (st == NULL) return NULL;
  tc = to_dtype(t, dtype);
  if (tc != NULL) r = scalar_first ? at_where_self(condition, st, tc) : at_where_self(condition, tc, st);
  Tensor_release(st);
  Tensor_release(tc);
  return r;
}

/* PyTorch 1.13: TensorCompare.cpp at::native::where (Tensor, Scalar, Tensor) */
Tensor* at_native_where_ScalarSelf(const Tensor* condition, Scalar self, const Tensor* other) {
  return where_scalar_tensor(condition, self, other, true);
}

/* PyTorch 1.13: TensorCompare.cpp at::native::where (Tensor, Tensor, Scalar) */
Tensor* at_native_where_ScalarOther(const Tensor* condition, const Tensor* self, Scalar other) {
  return where_scalar_tensor(condition, other, self, false);
}

/* PyTorch 1.13: TensorCompare.cpp at::native::where (Tensor, Scalar, Scalar) */
Tensor* at_native_where_Scalar(const Tensor* condition, Scalar self, Scalar other) {
  Tensor* ws = wrapped_scalar_tensor(self);
  if (ws == NULL) return NULL;
  ScalarType dtype = result_type_with_scalar(ws, other);
  Tensor_release(ws);
  if (dtype == ScalarType_Undefined) return NULL;
  Tensor* ot = scalar_tensor_of(other, dtype);
  if (ot == NULL) return NULL;
  Tensor* st = scalar_tensor_of(self, dtype);
  Tensor* r = st ? at_where_self(condition, st, ot) : NULL;
  Tensor_release(st);
  Tensor_release(ot);
  return r;
}
