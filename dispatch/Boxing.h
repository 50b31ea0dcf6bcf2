/*
 * Boxing.h - C value <-> IValue, one pair of functions per C kind of CType.h.
 *
 * box_X turns a kernel argument of C kind X into a *borrowed* IValue (no
 * allocation: lists and tensors point at the caller's memory).  unbox_X
 * reads an argument IValue back as C kind X (borrowed).  The generated entry
 * points use box_X to call boxed kernels; the libffi bridge uses unbox_X to
 * call unboxed kernels from a boxed stack, and take_X / return_X for results.
 *
 * PyTorch 1.13: ATen/core/boxing/impl/boxing.h, make_boxed_from_unboxed_functor.h
 */
#ifndef MINATEN_DISPATCH_BOXING_H
#define MINATEN_DISPATCH_BOXING_H

#include "runtime/ArrayRef.h"
#include "runtime/IValue.h"
#include "runtime/Scalar.h"

/* Arguments: C -> borrowed IValue. */
static inline IValue box_ConstTensor(const Tensor* t) { return IValue_borrowTensor(t); }
static inline IValue box_MutTensor(Tensor* t) { return IValue_borrowTensor(t); }
static inline IValue box_TensorList(TensorList l) { return IValue_borrowTensorList(l); }
static inline IValue box_Int(int64_t i) { return IValue_fromInt(i); }
static inline IValue box_OptionalInt(OptionalInt o) {
  return o.has_value ? IValue_fromInt(o.value) : IValue_none();
}
static inline IValue box_IntArrayRef(IntArrayRef l) { return IValue_borrowIntList(l); }
static inline IValue box_OptionalIntArrayRef(OptionalIntArrayRef o) {
  return o.has_value ? IValue_borrowIntList(o.value) : IValue_none();
}
static inline IValue box_Double(double d) { return IValue_fromDouble(d); }
static inline IValue box_OptionalDouble(OptionalDouble o) {
  return o.has_value ? IValue_fromDouble(o.value) : IValue_none();
}
static inline IValue box_Bool(bool b) { return IValue_fromBool(b); }
static inline IValue box_OptionalBool(OptionalBool o) {
  return o.has_value ? IValue_fromBool(o.value) : IValue_none();
}
static inline IValue box_String(const char* s) {
  return s ? IValue_borrowString(s) : IValue_none();
}
static inline IValue box_Scalar(Scalar s) { return IValue_fromScalar(s); }
static inline IValue box_OptionalScalar(OptionalScalar o) {
  return o.has_value ? IValue_fromScalar(o.value) : IValue_none();
}
static inline IValue box_ScalarType(ScalarType t) { return IValue_fromScalarType(t); }
static inline IValue box_OptionalScalarType(OptionalScalarType o) {
  return o.has_value ? IValue_fromScalarType(o.value) : IValue_none();
}
static inline IValue box_Layout(Layout l) { return IValue_fromLayout(l); }
static inline IValue box_OptionalLayout(OptionalLayout o) {
  return o.has_value ? IValue_fromLayout(o.value) : IValue_none();
}
static inline IValue box_Device(Device d) { return IValue_fromDevice(d); }
static inline IValue box_OptionalDevice(OptionalDevice o) {
  return o.has_value ? IValue_fromDevice(o.value) : IValue_none();
}
static inline IValue box_MemoryFormat(MemoryFormat m) { return IValue_fromMemoryFormat(m); }
static inline IValue box_OptionalMemoryFormat(OptionalMemoryFormat o) {
  return o.has_value ? IValue_fromMemoryFormat(o.value) : IValue_none();
}
static inline IValue box_OptionalDimnameList(OptionalDimnameList o) {
  (void)o; /* names are never given (no named tensors) */
  return IValue_none();
}
/* c10::IValue holds a QScheme as an int (ivalue.h: IValue(c10::QScheme)) */
static inline IValue box_QScheme(QScheme q) { return IValue_fromInt((int64_t)q); }

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
static inline OptionalInt unbox_OptionalInt(const IValue* v) {
  OptionalInt o = {v->tag != IValueTag_None, v->tag != IValueTag_None ? unbox_Int(v) : 0};
  return o;
}
static inline IntArrayRef unbox_IntArrayRef(const IValue* v) { return IValue_toIntList(v); }
static inline OptionalIntArrayRef unbox_OptionalIntArrayRef(const IValue* v) {
  OptionalIntArrayRef o = {v->tag != IValueTag_None, {NULL, 0}};
  if (o.has_value) o.value = IValue_toIntList(v);
  return o;
}
static inline double unbox_Double(const IValue* v) {
  return v->tag == IValueTag_Double ? v->u.d : (double)v->u.i;
}
static inline OptionalDouble unbox_OptionalDouble(const IValue* v) {
  OptionalDouble o = {v->tag != IValueTag_None, v->tag != IValueTag_None ? unbox_Double(v) : 0};
  return o;
}
static inline bool unbox_Bool(const IValue* v) { return v->u.b; }
static inline OptionalBool unbox_OptionalBool(const IValue* v) {
  OptionalBool o = {v->tag != IValueTag_None, v->tag != IValueTag_None && v->u.b};
  return o;
}
static inline const char* unbox_String(const IValue* v) {
  return v->tag == IValueTag_String ? v->u.s : NULL;
}
static inline Scalar unbox_Scalar(const IValue* v) { return IValue_toScalar(v); }
static inline OptionalScalar unbox_OptionalScalar(const IValue* v) {
  OptionalScalar o;
  o.has_value = v->tag != IValueTag_None;
  o.value = o.has_value ? IValue_toScalar(v) : Scalar_fromLong(0);
  return o;
}
static inline ScalarType unbox_ScalarType(const IValue* v) { return v->u.scalar_type; }
static inline OptionalScalarType unbox_OptionalScalarType(const IValue* v) {
  OptionalScalarType o = {v->tag != IValueTag_None,
                          v->tag != IValueTag_None ? v->u.scalar_type : ScalarType_Undefined};
  return o;
}
static inline Layout unbox_Layout(const IValue* v) { return v->u.layout; }
static inline OptionalLayout unbox_OptionalLayout(const IValue* v) {
  OptionalLayout o = {v->tag != IValueTag_None,
                      v->tag != IValueTag_None ? v->u.layout : Layout_Strided};
  return o;
}
static inline Device unbox_Device(const IValue* v) { return v->u.device; }
static inline OptionalDevice unbox_OptionalDevice(const IValue* v) {
  OptionalDevice o = {v->tag != IValueTag_None,
                      v->tag != IValueTag_None ? v->u.device : Device_cpu()};
  return o;
}
static inline MemoryFormat unbox_MemoryFormat(const IValue* v) { return v->u.memory_format; }
static inline QScheme unbox_QScheme(const IValue* v) { return (QScheme)v->u.i; }
static inline OptionalDimnameList unbox_OptionalDimnameList(const IValue* v) {
  OptionalDimnameList o = {v->tag != IValueTag_None};
  return o;
}
static inline OptionalMemoryFormat unbox_OptionalMemoryFormat(const IValue* v) {
  OptionalMemoryFormat o = {v->tag != IValueTag_None,
                            v->tag != IValueTag_None ? v->u.memory_format
                                                     : MemoryFormat_Contiguous};
  return o;
}

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

/* Returns: C value -> owned IValue. */
static inline IValue return_ReturnTensor(Tensor* t) { return IValue_takeTensor(t); }
static inline IValue return_TensorList(TensorList l) {
  IValue v = IValue_borrowTensorList(l);
  v.owned = true;
  return v;
}

#endif
