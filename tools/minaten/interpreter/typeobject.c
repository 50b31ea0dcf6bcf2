/*
 * typeobject.c - types as values: `type(x)`, `isinstance(x, T)`, `T(...)`,
 * `T.__name__`.
 *
 * Each kind of value has a type object (a static TypeObject): `int`,
 * `float`, `str`, ..., `torch.Tensor`, `torch.Size`.  A type prints as
 * Python prints it (`<class 'int'>`, `<class 'torch.Tensor'>`), is the same
 * object however it is reached (`type(a) is torch.Tensor`), and knows its
 * base: bool is an int, torch.Size a tuple, which isinstance() follows.
 * Calling a type calls its constructor (`int('3')`, `torch.Size([2])`).
 * NB(minaten): the named tuples operators return (torch.return_types.max)
 * are of type tuple here.
 *
 * Python 3.11: Objects/typeobject.c (type_repr, type_call, type_new's
 * one-argument form), Objects/abstract.c (PyObject_IsInstance),
 * Python/bltinmodule.c (builtin_isinstance)
 */
#include <string.h>

#include "runtime/Exception.h"
#include "tools/minaten/bindings/torch.h"
#include "tools/minaten/interpreter/interp.h"

static const TypeObject Type_NoneType = {"NoneType", NULL, NULL, NULL};
const TypeObject Type_type = {"type", NULL, NULL, builtin_type};
const TypeObject Type_int = {"int", NULL, NULL, builtin_int};
const TypeObject Type_bool = {"bool", NULL, &Type_int, builtin_bool};
const TypeObject Type_float = {"float", NULL, NULL, builtin_float};
const TypeObject Type_str = {"str", NULL, NULL, builtin_str};
const TypeObject Type_tuple = {"tuple", NULL, NULL, builtin_tuple};
const TypeObject Type_list = {"list", NULL, NULL, builtin_list};
const TypeObject Type_range = {"range", NULL, NULL, builtin_range};
const TypeObject Type_Tensor = {"Tensor", "torch", NULL, NULL};
const TypeObject Type_Size = {"Size", "torch", &Type_tuple, builtin_size};
const TypeObject Type_dtype = {"dtype", "torch", NULL, NULL};
const TypeObject Type_device = {"device", "torch", NULL, builtin_device};
static const TypeObject Type_memory_format = {"memory_format", "torch", NULL, NULL};
static const TypeObject Type_qscheme = {"qscheme", "torch", NULL, NULL};
static const TypeObject Type_ellipsis = {"ellipsis", NULL, NULL, NULL};
static const TypeObject Type_slice = {"slice", NULL, NULL, NULL};
static const TypeObject Type_module = {"module", NULL, NULL, NULL};
static const TypeObject Type_builtin = {"builtin_function_or_method", NULL, NULL, NULL};
static const TypeObject Type_function = {"function", NULL, NULL, NULL};
static const TypeObject Type_OpOverloadPacket = {"OpOverloadPacket", "torch._ops", NULL, NULL};
static const TypeObject Type_OpOverload = {"OpOverload", "torch._ops", NULL, NULL};
const TypeObject Type_enumerate = {"enumerate", NULL, NULL, builtin_enumerate};
const TypeObject Type_zip = {"zip", NULL, NULL, builtin_zip};
static const TypeObject kIteratorTypes[] = {
    {"list_iterator", NULL, NULL, NULL},  {"tuple_iterator", NULL, NULL, NULL}, {"str_ascii_iterator", NULL, NULL, NULL},
    {"range_iterator", NULL, NULL, NULL}, {"generator", NULL, NULL, NULL}};

const TypeObject* type_of(const Value* v) {
  switch (v->kind) {
    case Value_None: return &Type_NoneType;
    case Value_Bool: return &Type_bool;
    case Value_Int: return &Type_int;
    case Value_Float: return &Type_float;
    case Value_Str: return &Type_str;
    case Value_Tuple: return &Type_tuple;
    case Value_List: return &Type_list;
    case Value_Size: return &Type_Size;
    case Value_Tensor: return &Type_Tensor;
    case Value_Dtype: return &Type_dtype;
    case Value_MemoryFormat: return &Type_memory_format;
    case Value_QScheme: return &Type_qscheme;
    case Value_Device: return &Type_device;
    case Value_Ellipsis: return &Type_ellipsis;
    case Value_Slice: return &Type_slice;
    case Value_Module: return &Type_module;
    case Value_Ops:
      if (!v->u.ops.all) return &Type_builtin; /* torch.reshape */
      return v->u.ops.overload ? &Type_OpOverload : &Type_OpOverloadPacket;
    case Value_Builtin:
    case Value_Method: return &Type_builtin;
    case Value_Range: return &Type_range;
    case Value_Iterator:
      if (v->u.iter.kind == Iter_Enumerate) return &Type_enumerate;
      if (v->u.iter.kind == Iter_Zip) return &Type_zip;
      for (size_t i = 0; i < sizeof kIteratorTypes / sizeof kIteratorTypes[0]; i++)
        if (strcmp(kIteratorTypes[i].name, v->u.iter.name) == 0) return &kIteratorTypes[i];
      return &kIteratorTypes[0];
    case Value_Type: return &Type_type;
    case Value_Function: return &Type_function;
    case Value_Object: return &v->u.object.type->type;
  }
  return &Type_NoneType;
}

/* type(x): its type.  NB(minaten): no three-argument form (making classes). */
Value* builtin_type(Value* self, Value** args, int nargs, char** kwnames, Value** kwargs, int nkw) {
  (void)self, (void)kwnames, (void)kwargs;
  if (nargs != 1 || nkw > 0) {
    Error_set(nargs == 3 ? ErrorType_NotImplementedError : ErrorType_TypeError,
              nargs == 3 ? "minaten: type() does not make classes" : "type() takes 1 or 3 arguments");
    return NULL;
  }
  return Value_type(type_of(args[0]));
}

static bool is_subtype(const TypeObject* t, const TypeObject* base) {
  for (; t != NULL; t = t->base)
    if (t == base) return true;
  return false;
}

/* PyObject_IsInstance: cls is a type or a tuple of them (nested tuples too);
 * 1, 0, or -1 with the TypeError. */
static int is_instance(const Value* obj, const Value* cls) {
  if (cls->kind == Value_Type) return is_subtype(type_of(obj), cls->u.type);
  if (cls->kind == Value_Tuple) {
    for (int i = 0; i < cls->u.seq.n; i++) {
      int r = is_instance(obj, cls->u.seq.items[i]);
      if (r != 0) return r;
    }
    return 0;
  }
  Error_set(ErrorType_TypeError, "isinstance() arg 2 must be a type, a tuple of types, or a union");
  return -1;
}

Value* builtin_isinstance(Value* self, Value** args, int nargs, char** kwnames, Value** kwargs, int nkw) {
  (void)self, (void)kwnames, (void)kwargs;
  if (check_positional("isinstance", nargs, nkw, 2, 2) < 0) return NULL;
  int r = is_instance(args[0], args[1]);
  return r < 0 ? NULL : Value_bool(r == 1);
}

Value* type_attribute(Value* type, const char* name) {
  const TypeObject* t = type->u.type;
  if (strcmp(name, "__name__") == 0 || strcmp(name, "__qualname__") == 0) return Value_str(t->name);
  if (strcmp(name, "__module__") == 0) return Value_str(t->module ? t->module : "builtins");
  Error_set(ErrorType_AttributeError, "type object '%s' has no attribute '%s'", t->name, name);
  return NULL;
}
