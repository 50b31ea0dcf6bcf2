/*
 * IValue.c - boxed values; see IValue.h.  PyTorch 1.13: ATen/core/ivalue.cpp
 */
#include "runtime/IValue.h"

#include <stdlib.h>
#include <string.h>

#include "runtime/Exception.h"

static IValue make(IValueTag tag) {
  IValue v;
  memset(&v, 0, sizeof v);
  v.tag = tag;
  return v;
}

IValue IValue_fromScalar(Scalar s) {
  switch (s.tag) {
    case ScalarTag_Double:
      return IValue_fromDouble(s.v.d);
    case ScalarTag_Bool:
      return IValue_fromBool(s.v.i != 0);
    case ScalarTag_ComplexDouble:
      return (IValue){.tag = IValueTag_ComplexDouble, .u.z = {s.v.z.real, s.v.z.imag}};
    case ScalarTag_Long:
      break;
  }
  return IValue_fromInt(s.v.i);
}

/* The IValues that hold their value in the union, one constructor each
 * (IValue_fromDouble ... IValue_fromDevice, declared one by one in
 * IValue.h): _(tag, C type, union member). */
#define FORALL_IVALUE_BY_VALUE(_)             \
  _(Double, double, d)                        \
  _(Int, int64_t, i)                          \
  _(Bool, bool, b)                            \
  _(ScalarType, ScalarType, scalar_type)      \
  _(Layout, Layout, layout)                   \
  _(MemoryFormat, MemoryFormat, memory_format) \
  _(Device, Device, device)

#define DEFINE_IVALUE_FROM(Tag, CType, member) \
  IValue IValue_from##Tag(CType value) {       \
    IValue v = make(IValueTag_##Tag);          \
    v.u.member = value;                        \
    return v;                                  \
  }
FORALL_IVALUE_BY_VALUE(DEFINE_IVALUE_FROM)
#undef DEFINE_IVALUE_FROM

IValue IValue_borrowString(const char* s) {
  IValue v = make(IValueTag_String);
  v.u.s = s;
  return v;
}
static IValue borrow_list(IValueTag tag, const void* data, size_t size) {
  IValue v = make(tag);
  v.u.list.data = data;
  v.u.list.size = size;
  return v;
}
IValue IValue_borrowTensorList(TensorList l) { return borrow_list(IValueTag_TensorList, l.data, l.size); }

static void* copy_bytes(const void* src, size_t n) {
  void* p = malloc(n ? n : 1);
  TORCH_INTERNAL_ASSERT(p != NULL);
  if (n) memcpy(p, src, n);
  return p;
}

IValue IValue_copyString(const char* s) {
  IValue v = make(IValueTag_String);
  v.u.s = copy_bytes(s, strlen(s) + 1);
  v.owned = true;
  return v;
}
static IValue copy_list(IValueTag tag, const void* data, size_t size, size_t elem) {
  IValue v = borrow_list(tag, copy_bytes(data, size * elem), size);
  v.owned = true;
  return v;
}
IValue IValue_copyIntList(IntArrayRef l) {
  return copy_list(IValueTag_IntList, l.data, l.size, sizeof(int64_t));
}
IValue IValue_copyDoubleList(const double* data, size_t size) {
  return copy_list(IValueTag_DoubleList, data, size, sizeof(double));
}
IValue IValue_copyBoolList(const bool* data, size_t size) {
  return copy_list(IValueTag_BoolList, data, size, sizeof(bool));
}
IValue IValue_copyTensorList(TensorList l) {
  IValue v = copy_list(IValueTag_TensorList, l.data, l.size, sizeof(Tensor*));
  for (size_t i = 0; i < l.size; i++)
    if (l.data[i]) Tensor_retain(l.data[i]);
  return v;
}

IValue IValue_clone(const IValue* v) {
  switch (v->tag) {
    case IValueTag_Tensor:
      return IValue_takeTensor(Tensor_retain(v->u.tensor));
    case IValueTag_String:
      return IValue_copyString(v->u.s);
    case IValueTag_IntList:
      return IValue_copyIntList(IValue_toIntList(v));
    case IValueTag_DoubleList:
      return IValue_copyDoubleList(v->u.list.data, v->u.list.size);
    case IValueTag_BoolList:
      return IValue_copyBoolList(v->u.list.data, v->u.list.size);
    case IValueTag_TensorList:
      return IValue_copyTensorList(IValue_toTensorList(v));
    case IValueTag_Generator: {
      IValue c = IValue_borrowGenerator(Generator_retain(v->u.generator));
      c.owned = true;
      return c;
    }
    case IValueTag_Storage: {
      IValue c = IValue_borrowStorage(Storage_retain(v->u.storage));
      c.owned = true;
      return c;
    }
    default: {
      IValue c = *v;
      c.owned = false;
      return c;
    }
  }
}

void IValue_release(IValue* v) {
  if (v->owned) {
    switch (v->tag) {
      case IValueTag_Tensor:
        Tensor_release(v->u.tensor);
        break;
      case IValueTag_String:
        free((void*)v->u.s);
        break;
      case IValueTag_Generator:
        Generator_release(v->u.generator);
        break;
      case IValueTag_Storage:
        Storage_release(v->u.storage);
        break;
      case IValueTag_TensorList:
        for (size_t i = 0; i < v->u.list.size; i++)
          Tensor_release(((Tensor**)v->u.list.data)[i]);
        free((void*)v->u.list.data);
        break;
      case IValueTag_IntList:
      case IValueTag_DoubleList:
      case IValueTag_BoolList:
        free((void*)v->u.list.data);
        break;
      default:
        break;
    }
  }
  *v = IValue_none();
}

Scalar IValue_toScalar(const IValue* v) {
  switch (v->tag) {
    case IValueTag_Double:
      return Scalar_fromDouble(v->u.d);
    case IValueTag_Bool:
      return Scalar_fromBool(v->u.b);
    case IValueTag_ComplexDouble:
      return Scalar_fromComplex(v->u.z.real, v->u.z.imag);
    default:
      return Scalar_fromLong(v->u.i);
  }
}
