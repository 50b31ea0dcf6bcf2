/*
 * Boxing.h - C value <-> IValue, one pair of functions per C kind of CType.h.
 *
 * box_X turns a kernel argument of C kind X into a *borrowed* IValue (no
 * allocation: lists and tensors point at the caller's memory).  unbox_X
 * reads an argument IValue back as C kind X (borrowed).  The generated entry
 * points use box_X to call boxed kernels, and take_X to read their results.
 * Calling an unboxed kernel from a boxed stack (the generated
 * at_<op>_boxed_from_unboxed, and the libffi bridge) reads each argument with
 * unbox_X and stores the kernel's result with push_X.
 *
 * PyTorch 1.13: ATen/core/boxing/impl/boxing.h, make_boxed_from_unboxed_functor.h
 */
#ifndef MINATEN_DISPATCH_BOXING_H
#define MINATEN_DISPATCH_BOXING_H

#include "runtime/ArrayRef.h"
#include "runtime/Exception.h"
#include "runtime/IValue.h"
#include "runtime/Scalar.h"

/* Arguments: C -> borrowed IValue. */
static inline IValue box_ConstTensor(const Tensor* t) { return IValue_borrowTensor(t); }
static inline IValue box_MutTensor(Tensor* t) { return IValue_borrowTensor(t); }
static inline IValue box_TensorList(TensorList l) { return IValue_borrowTensorList(l); }
static inline IValue box_Int(int64_t i) { return IValue_fromInt(i); }
static inline IValue box_IntArrayRef(IntArrayRef l) { return IValue_borrowIntList(l); }
static inline IValue box_Double(double d) { return IValue_fromDouble(d); }
static inline IValue box_Bool(bool b) { return IValue_fromBool(b); }
static inline IValue box_String(const char* s) {
  return s ? IValue_borrowString(s) : IValue_none();
}
static inline IValue box_Scalar(Scalar s) { return IValue_fromScalar(s); }
static inline IValue box_ScalarType(ScalarType t) { return IValue_fromScalarType(t); }
static inline IValue box_Layout(Layout l) { return IValue_fromLayout(l); }
static inline IValue box_Device(Device d) { return IValue_fromDevice(d); }
static inline IValue box_MemoryFormat(MemoryFormat m) { return IValue_fromMemoryFormat(m); }
/* c10::IValue holds a QScheme as an int (ivalue.h: IValue(c10::QScheme)) */
static inline IValue box_QScheme(QScheme q) { return IValue_fromInt((int64_t)q); }
static inline IValue box_OptionalGenerator(Generator* g) { return IValue_borrowGenerator(g); }
static inline IValue box_Storage(Storage* s) { return IValue_borrowStorage(s); }
/* bool[3]: the caller's three bools, borrowed as a list */
static inline IValue box_BoolArray3(const bool* b) {
  return (IValue){.tag = IValueTag_BoolList, .u.list = {b, 3}};
}
static inline IValue box_OptionalDimnameList(OptionalDimnameList o) {
  (void)o; /* names are never given (no named tensors) */
  return IValue_none();
}

/* Arguments: IValue -> C (borrowed).  The interpreter has already checked
 * that each IValue fits its schema type. */
static inline const Tensor* unbox_ConstTensor(const IValue* v) {
  return v->tag == IValueTag_Tensor ? v->u.tensor : NULL;
}
static inline Tensor* unbox_MutTensor(const IValue* v) {
  return v->tag == IValueTag_Tensor ? v->u.tensor : NULL;
}
static inline TensorList unbox_TensorList(const IValue* v) { return IValue_toTensorList(v); }
static inline int64_t unbox_Int(const IValue* v) {
  return v->tag == IValueTag_Double ? (int64_t)v->u.d : v->u.i;
}
static inline IntArrayRef unbox_IntArrayRef(const IValue* v) { return IValue_toIntList(v); }
static inline double unbox_Double(const IValue* v) {
  return v->tag == IValueTag_Double ? v->u.d : (double)v->u.i;
}
static inline bool unbox_Bool(const IValue* v) { return v->u.b; }
static inline const char* unbox_String(const IValue* v) {
  return v->tag == IValueTag_String ? v->u.s : NULL;
}
static inline Scalar unbox_Scalar(const IValue* v) { return IValue_toScalar(v); }
static inline ScalarType unbox_ScalarType(const IValue* v) { return v->u.scalar_type; }
static inline Layout unbox_Layout(const IValue* v) { return v->u.layout; }
static inline Device unbox_Device(const IValue* v) { return v->u.device; }
static inline MemoryFormat unbox_MemoryFormat(const IValue* v) { return v->u.memory_format; }
static inline QScheme unbox_QScheme(const IValue* v) { return (QScheme)v->u.i; }
static inline Generator* unbox_OptionalGenerator(const IValue* v) {
  return v->tag == IValueTag_Generator ? v->u.generator : NULL;
}
static inline Storage* unbox_Storage(const IValue* v) {
  return v->tag == IValueTag_Storage ? v->u.storage : NULL;
}
/* bool[3]: the argument parser has checked that the list has three bools */
static inline const bool* unbox_BoolArray3(const IValue* v) { return (const bool*)v->u.list.data; }
static inline OptionalDimnameList unbox_OptionalDimnameList(const IValue* v) {
  OptionalDimnameList o = {v->tag != IValueTag_None};
  return o;
}

/*
 * The optional kinds, one list: _(optional kind, kind of its value, the
 * value an empty one holds).  Each has the same pair of functions, made
 * from the list: box_OptionalInt boxes an empty optional as None and any
 * other as box_Int would; unbox_OptionalInt reads None as empty and
 * anything else with unbox_Int.  (CType.h's list holds every kind; this
 * one only says which kind each optional wraps.)
 */
#define MINATEN_FORALL_OPTIONAL_CTYPES(_)                        \
  _(OptionalInt, Int, 0)                                         \
  _(OptionalIntArrayRef, IntArrayRef, IntArrayRef_make(NULL, 0)) \
  _(OptionalDouble, Double, 0)                                   \
  _(OptionalBool, Bool, false)                                   \
  _(OptionalScalar, Scalar, Scalar_fromLong(0))                  \
  _(OptionalScalarType, ScalarType, ScalarType_Undefined)        \
  _(OptionalLayout, Layout, Layout_Strided)                      \
  _(OptionalDevice, Device, Device_cpu())                        \
  _(OptionalMemoryFormat, MemoryFormat, MemoryFormat_Contiguous)

#define DEFINE_BOX_OPTIONAL(Optional, Kind, empty)                    \
  static inline IValue box_##Optional(Optional o) {                   \
    return o.has_value ? box_##Kind(o.value) : IValue_none();         \
  }                                                                   \
  static inline Optional unbox_##Optional(const IValue* v) {          \
    Optional o = {v->tag != IValueTag_None, empty};                   \
    if (o.has_value) o.value = unbox_##Kind(v);                       \
    return o;                                                         \
  }
MINATEN_FORALL_OPTIONAL_CTYPES(DEFINE_BOX_OPTIONAL)
#undef DEFINE_BOX_OPTIONAL

/* Returns: owned IValue -> C value (the reference/array moves to the caller). */
static inline Tensor* take_ReturnTensor(IValue* v) {
  Tensor* t = v->tag == IValueTag_Tensor ? v->u.tensor : NULL;
  if (t && !v->owned) Tensor_retain(t);
  *v = IValue_none();
  return t;
}
/* A returned TensorList owns its array and a reference to each tensor. */
static inline TensorList take_TensorList(IValue* v) {
  TensorList l = IValue_toTensorList(v);
  if (!v->owned) {
    IValue c = IValue_copyTensorList(l);
    l = IValue_toTensorList(&c);
  }
  *v = IValue_none();
  return l;
}

/* Two returned tensors from rets[0] and rets[1]. */
static inline TensorTuple2 take_TensorTuple2(IValue* rets) {
  TensorTuple2 r = {{take_ReturnTensor(&rets[0]), take_ReturnTensor(&rets[1])}};
  return r;
}

/* Three returned tensors from rets[0..2]. */
static inline TensorTuple3 take_TensorTuple3(IValue* rets) {
  TensorTuple3 r = {{take_ReturnTensor(&rets[0]), take_ReturnTensor(&rets[1]), take_ReturnTensor(&rets[2])}};
  return r;
}

/* Returns: C value -> owned IValue. */
static inline IValue return_ReturnTensor(Tensor* t) { return IValue_takeTensor(t); }
static inline IValue return_TensorList(TensorList l) {
  IValue v = IValue_borrowTensorList(l);
  v.owned = true;
  return v;
}

/*
 * Results of an unboxed kernel called from a boxed stack: push_X stores the
 * kernel's C result of kind X as owned IValues in rets and returns 0, or
 * returns -1 when the result says the kernel failed (a NULL tensor, or the
 * error indicator set), storing nothing and releasing what it was given.
 * PyTorch 1.13: boxing/impl/make_boxed_from_unboxed_functor.h push_outputs
 */
static inline int push_Void(IValue* rets) {
  (void)rets;
  return Error_occurred() ? -1 : 0;
}
static inline int push_ReturnTensor(Tensor* t, IValue* rets) {
  if (t == NULL) return -1;
  rets[0] = return_ReturnTensor(t);
  return 0;
}
static inline int push_TensorList(TensorList l, IValue* rets) {
  if (l.data == NULL && Error_occurred()) return -1;
  rets[0] = return_TensorList(l);
  return 0;
}
static inline int push_TensorTuple2(TensorTuple2 r, IValue* rets) {
  if (r.items[0] == NULL || r.items[1] == NULL) {
    Tensor_release(r.items[0]);
    Tensor_release(r.items[1]);
    return -1;
  }
  rets[0] = return_ReturnTensor(r.items[0]);
  rets[1] = return_ReturnTensor(r.items[1]);
  return 0;
}
static inline int push_TensorTuple3(TensorTuple3 r, IValue* rets) {
  if (Error_occurred()) { /* a NULL item without an error is an undefined tensor: None */
    for (int i = 0; i < 3; i++) Tensor_release(r.items[i]);
    return -1;
  }
  for (int i = 0; i < 3; i++) rets[i] = return_ReturnTensor(r.items[i]);
  return 0;
}
/* The kinds returned by value: a failure shows only in the error indicator. */
#define MINATEN_FORALL_VALUE_RETURNS(_) \
  _(Int, int64_t)                       \
  _(Double, double)                     \
  _(Bool, bool)                         \
  _(Scalar, Scalar)                     \
  _(ScalarType, ScalarType)             \
  _(Layout, Layout)                     \
  _(Device, Device)                     \
  _(MemoryFormat, MemoryFormat)         \
  _(QScheme, QScheme)
#define DEFINE_PUSH_VALUE(Kind, CType)                         \
  static inline int push_##Kind(CType value, IValue* rets) {  \
    if (Error_occurred()) return -1;                           \
    rets[0] = box_##Kind(value);                               \
    return 0;                                                  \
  }
MINATEN_FORALL_VALUE_RETURNS(DEFINE_PUSH_VALUE)
#undef DEFINE_PUSH_VALUE

#endif
