/*
 * IValue.h - boxed values: one C type that holds any schema argument or return.
 *
 * Boxed kernels (fallbacks, the trace mode, the BackendSelect kernel) and the
 * interpreter see arguments as an array of IValues; the generated
 * at_<op>_boxed_from_unboxed, or the libffi bridge driven by the operator's
 * schema (dispatch/KernelFunction.c), turns such an array into a typed C call.
 *
 * Ownership: an IValue either owns its payload (a reference to a tensor, a
 * malloc'd list or string) or borrows it; `owned` says which, and
 * IValue_release frees only owned payloads.  Arguments on a boxed call are
 * borrowed from the caller for the duration of the call; returns are owned by
 * whoever receives them.  This is how minaten avoids copying an int list just
 * to box it, keeping the dispatch path free of allocation.
 *
 * PyTorch 1.13: ATen/core/ivalue.h
 */
#ifndef MINATEN_RUNTIME_IVALUE_H
#define MINATEN_RUNTIME_IVALUE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "runtime/ArrayRef.h"
#include "runtime/CPUGeneratorImpl.h"
#include "runtime/Device.h"
#include "runtime/MemoryFormat.h"
#include "runtime/Scalar.h"
#include "runtime/ScalarType.h"
#include "runtime/Storage.h"
#include "runtime/TensorImpl.h"

typedef enum IValueTag {
  IValueTag_None = 0,
  IValueTag_Tensor,
  IValueTag_Double,
  IValueTag_Int,
  IValueTag_Bool,
  IValueTag_String,
  IValueTag_IntList,
  IValueTag_DoubleList,
  IValueTag_BoolList,
  IValueTag_TensorList,
  IValueTag_ScalarType,
  IValueTag_Layout,
  IValueTag_MemoryFormat,
  IValueTag_Device,
  IValueTag_Generator,
  IValueTag_ComplexDouble, /* a complex Scalar: c10::IValue's Tag::ComplexDouble */
  IValueTag_Storage,       /* a Storage argument (set_.source_Storage): c10::IValue's Tag::Storage */
} IValueTag;

typedef struct IValue {
  IValueTag tag;
  bool owned; /* IValue_release frees the payload only when set */
  union {
    Tensor* tensor;
    double d;
    int64_t i;
    bool b;
    const char* s;
    struct {
      const void* data; /* int64_t*, double*, bool* or Tensor** */
      size_t size;
    } list;
    ScalarType scalar_type;
    Layout layout;
    MemoryFormat memory_format;
    Device device;
    Generator* generator;
    Storage* storage;
    struct {
      double real, imag;
    } z;
  } u;
} IValue;

/* Constructors.  *Borrow forms do not retain/copy; the owned forms do.
 * The few every boxed call makes are inline. */
static inline IValue IValue_none(void) { return (IValue){.tag = IValueTag_None}; }
IValue IValue_fromDouble(double d);
IValue IValue_fromInt(int64_t i);
IValue IValue_fromBool(bool b);
IValue IValue_fromScalar(Scalar s); /* Double, Int or Bool, as PyTorch boxes a Scalar */
IValue IValue_fromScalarType(ScalarType t);
IValue IValue_fromLayout(Layout l);
IValue IValue_fromMemoryFormat(MemoryFormat m);
IValue IValue_fromDevice(Device d);
/* NULL gives None */
static inline IValue IValue_borrowTensor(const Tensor* t) {
  return t == NULL ? IValue_none() : (IValue){.tag = IValueTag_Tensor, .u.tensor = (Tensor*)t};
}
/* Steals the reference; NULL gives None. */
static inline IValue IValue_takeTensor(Tensor* t) {
  return t == NULL ? IValue_none() : (IValue){.tag = IValueTag_Tensor, .owned = true, .u.tensor = t};
}
/* NULL gives None; owned IValues (IValue_clone) hold a reference. */
static inline IValue IValue_borrowGenerator(Generator* g) {
  return g == NULL ? IValue_none() : (IValue){.tag = IValueTag_Generator, .u.generator = g};
}
/* Never None (a Storage argument is not optional); owned IValues (IValue_clone)
 * hold a reference. */
static inline IValue IValue_borrowStorage(Storage* s) {
  return (IValue){.tag = IValueTag_Storage, .u.storage = s};
}
IValue IValue_borrowString(const char* s);
static inline IValue IValue_borrowIntList(IntArrayRef l) {
  return (IValue){.tag = IValueTag_IntList, .u.list = {l.data, l.size}};
}
IValue IValue_borrowTensorList(TensorList l);
/* Owned copies; NULL-free: on OOM they abort (tiny allocations). */
IValue IValue_copyString(const char* s);
IValue IValue_copyIntList(IntArrayRef l);
IValue IValue_copyDoubleList(const double* data, size_t size);
IValue IValue_copyBoolList(const bool* data, size_t size);
IValue IValue_copyTensorList(TensorList l); /* retains every tensor */

/* A deep, owned copy of v (retains tensors). */
IValue IValue_clone(const IValue* v);
/* Frees an owned payload and leaves None. */
void IValue_release(IValue* v);

static inline bool IValue_isNone(const IValue* v) { return v->tag == IValueTag_None; }
static inline bool IValue_isTensor(const IValue* v) { return v->tag == IValueTag_Tensor; }
static inline IntArrayRef IValue_toIntList(const IValue* v) {
  return IntArrayRef_make((const int64_t*)v->u.list.data, v->u.list.size);
}
static inline TensorList IValue_toTensorList(const IValue* v) {
  TensorList l = {(Tensor* const*)v->u.list.data, v->u.list.size};
  return l;
}
/* Scalar view of an Int/Double/Bool IValue. */
Scalar IValue_toScalar(const IValue* v);

#endif
