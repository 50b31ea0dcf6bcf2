/*
 * TypeProperties.c - result_type; see TypeProperties.h; type_as; is_conj, is_inference,
 * is_floating_point, is_complex, is_signed
 * and is_neg.  promoteTypes and canCast, which result_type builds on, are in
 * runtime/ScalarType.c.
 * PyTorch 1.13: aten/src/ATen/native/TypeProperties.cpp
 */
#include "ops/TypeProperties.h"

#include "Functions.h"
#include "NativeFunctions.h"
#include "runtime/DefaultDtype.h"
#include "runtime/Exception.h"
#include "runtime/ScalarOps.h"

typedef struct ResultTypeState {
  ScalarType dimResult, zeroResult, wrappedResult;
} ResultTypeState;

/* PyTorch 1.13: TypeProperties.cpp update_result_type_state */
static void update_result_type_state(ResultTypeState* s, const Tensor* t) {
  ScalarType current = t->dtype;
  if (t->is_wrapped_number) {
    /* A Python float counts as the default dtype, not as double; a Python
     * complex as the default dtype's complex counterpart. */
    if (ScalarType_isFloating(current)) current = get_default_dtype_as_scalartype();
    if (ScalarType_isComplex(current))
      current = get_default_dtype_as_scalartype() == ScalarType_Double ? ScalarType_ComplexDouble
                                                                       : ScalarType_ComplexFloat;
    s->wrappedResult = promoteTypes(s->wrappedResult, current);
  } else if (t->dim == 0) {
    s->zeroResult = promoteTypes(s->zeroResult, current);
  } else {
    s->dimResult = promoteTypes(s->dimResult, current);
  }
}

/* PyTorch 1.13: TypeProperties.cpp combine_categories */
static ScalarType combine_categories(ScalarType higher, ScalarType lower) {
  if (ScalarType_isComplex(higher)) return higher;
  if (ScalarType_isComplex(lower)) {
    /* a floating higher keeps its precision: float64 with a complex64 number is complex128.
     * NB(minaten): float16's complex32 does not exist here; complex64 stands for it */
    ScalarType c = ScalarType_isFloating(higher) ? ScalarType_toComplex(higher) : ScalarType_Undefined;
    return c != ScalarType_Undefined ? c : lower;
  }
  if (higher != ScalarType_Undefined && ScalarType_isFloating(higher)) return higher;
  if (higher == ScalarType_Bool || (lower != ScalarType_Undefined && ScalarType_isFloating(lower)))
    return promoteTypes(higher, lower);
  return higher != ScalarType_Undefined ? higher : lower;
}

ScalarType result_type(const Tensor* a, const Tensor* b) {
  ResultTypeState s = {ScalarType_Undefined, ScalarType_Undefined, ScalarType_Undefined};
  update_result_type_state(&s, a);
  update_result_type_state(&s, b);
  return combine_categories(s.dimResult, combine_categories(s.zeroResult, s.wrappedResult));
}

ScalarType result_type_list(TensorList tensors) {
  ResultTypeState s = {ScalarType_Undefined, ScalarType_Undefined, ScalarType_Undefined};
  for (size_t i = 0; i < tensors.size; i++) update_result_type_state(&s, tensors.data[i]);
  return combine_categories(s.dimResult, combine_categories(s.zeroResult, s.wrappedResult));
}

/* self converted to other's dtype (and device): `to`, which returns self
 * itself when nothing changes, else a _to_copy in self's memory layout.
 * PyTorch 1.13: aten/src/ATen/native/TypeProperties.cpp at::native::type_as */
Tensor* at_native_type_as(const Tensor* self, const Tensor* other) {
  OptionalScalarType dtype = {true, other->dtype};
  OptionalLayout layout = {true, Layout_Strided};
  OptionalDevice device = {true, other->device};
  OptionalMemoryFormat none = {false, MemoryFormat_Preserve};
  return at_to_dtype_layout(self, dtype, layout, device, kNoPinMemory, false, false, none);
}

/* ---- result_type, can_cast, promote_types (torch.result_type & co) ------------ */

/* PyTorch 1.13: TypeProperties.cpp result_type (Tensor, Tensor) */
ScalarType at_native_result_type_Tensor(const Tensor* tensor, const Tensor* other) {
  return result_type(tensor, other);
}

/* A Scalar counts as a wrapped number (a Python number next to a tensor).
 * PyTorch 1.13: TypeProperties.cpp result_type (Tensor, Scalar) */
ScalarType at_native_result_type_Scalar(const Tensor* tensor, Scalar other) {
  Tensor* w = wrapped_scalar_tensor(other);
  if (w == NULL) return ScalarType_Undefined;
  ScalarType r = result_type(tensor, w);
  Tensor_release(w);
  return r;
}

/* PyTorch 1.13: TypeProperties.cpp result_type (Scalar, Tensor) */
ScalarType at_native_result_type_Scalar_Tensor(Scalar scalar, const Tensor* tensor) {
  Tensor* w = wrapped_scalar_tensor(scalar);
  if (w == NULL) return ScalarType_Undefined;
  ScalarType r = result_type(w, tensor);
  Tensor_release(w);
  return r;
}

/* PyTorch 1.13: TypeProperties.cpp result_type (Scalar, Scalar) */
ScalarType at_native_result_type_Scalar_Scalar(Scalar scalar1, Scalar scalar2) {
  Tensor* a = wrapped_scalar_tensor(scalar1);
  Tensor* b = a == NULL ? NULL : wrapped_scalar_tensor(scalar2);
  ScalarType r = b == NULL ? ScalarType_Undefined : result_type(a, b);
  Tensor_release(a);
  Tensor_release(b);
  return r;
}

/* PyTorch 1.13: TypeProperties.cpp can_cast */
bool at_native_can_cast(ScalarType from, ScalarType to) { return canCast(from, to); }

/* PyTorch 1.13: TypeProperties.cpp promote_types */
ScalarType at_native_promote_types(ScalarType type1, ScalarType type2) {
  /* c10's promoteTypes refuses a quantized type with another type */
  TORCH_CHECK(type1 == type2 || (!ScalarType_isQuantized(type1) && !ScalarType_isQuantized(type2)),
              "promoteTypes with quantized numbers is not handled yet; figure out what the correct rules should be, "
              "offending types: %s %s",
              ScalarType_name(type1), ScalarType_name(type2));
  ScalarType ret = promoteTypes(type1, type2);
  TORCH_CHECK(ret != ScalarType_Undefined, "Promotion from %s and %s is unsupported.", ScalarType_name(type1),
              ScalarType_name(type2));
  return ret;
fail:
  return ScalarType_Undefined;
}

/* The math bits, the keys Conjugate and Negative in self's key set
 * (runtime/TensorImpl.h).  PyTorch 1.13: TypeProperties.cpp at::native::is_conj */
bool at_native_is_conj(const Tensor* self) { return Tensor_isConj(self); }

/* Whether self was made in inference mode (runtime/InferenceMode.h).
 * PyTorch 1.13: TypeProperties.cpp at::native::is_inference */
bool at_native_is_inference(const Tensor* self) { return Tensor_isInference(self); }
/* PyTorch 1.13: TypeProperties.cpp at::native::is_neg */
bool at_native_is_neg(const Tensor* self) { return Tensor_isNeg(self); }

/* PyTorch 1.13: TypeProperties.cpp at::native::is_floating_point */
bool at_native_is_floating_point(const Tensor* self) { return ScalarType_isFloating(self->dtype); }

/* PyTorch 1.13: TypeProperties.cpp at::native::is_complex */
bool at_native_is_complex(const Tensor* self) { return ScalarType_isComplex(self->dtype); }

/* Whether the dtype holds negative values: not bool or uint8 (c10's
 * isSignedType, which refuses quantized dtypes).
 * PyTorch 1.13: TypeProperties.cpp at::native::is_signed */
bool at_native_is_signed(const Tensor* self) {
  TORCH_CHECK(!ScalarType_isQuantized(self->dtype), "isSignedType not supported for quantized types");
  return self->dtype != ScalarType_Bool && self->dtype != ScalarType_Byte;
fail:
  return false;
}
