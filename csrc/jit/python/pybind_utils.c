/*
 * pybind_utils.c - see pybind_utils.h.
 */
#include "csrc/jit/python/pybind_utils.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "csrc/Device.h"
#include "csrc/Dtype.h"
#include "csrc/Generator.h"
#include "csrc/Storage.h"
#include "csrc/Exceptions.h"
#include "csrc/Layout.h"
#include "csrc/MemoryFormat.h"
#include "csrc/QScheme.h"
#include "csrc/autograd/python_bindings.h"
#include "csrc/autograd/python_variable.h"
#include "csrc/utils/python_numbers.h"
#include "runtime/Exception.h"
#include "runtime/ScalarOps.h"

/* ---- how 1.13 prints a schema ---------------------------------------------------- */

/* An argument's type as c10's FunctionSchema prints it: as written, but a
 * Dimname is a str, and the alias annotation after the base type. */
static size_t format_type(const Argument* a, char* buf, size_t size) {
  char type[96];
  SchemaType t = a->type;
  bool dimname = t.base == SchemaBaseType_Dimname;
  if (dimname) t.base = SchemaBaseType_str;
  SchemaType_format(&t, type, sizeof type);
  if (!a->alias_info.present) return (size_t)snprintf(buf, size, "%s", type);
  /* "Tensor(a!)", "Tensor(a)[]", "Tensor(a -> *)" */
  const char* base = SchemaBaseType_name(t.base);
  size_t base_len = strlen(base);
  char alias[48];
  snprintf(alias, sizeof alias, "(%s%s%s)", a->alias_info.set, a->alias_info.is_write ? "!" : "",
           a->alias_info.to_wildcard ? " -> *" : "");
  return (size_t)snprintf(buf, size, "%.*s%s%s", (int)base_len, type, alias, type + base_len);
}

/* A default as c10 prints its IValue: enums as ints, doubles with 17
 * significant digits and a "." when integral. */
static size_t format_default(const Argument* a, char* buf, size_t size) {
  const IValue* v = &a->default_value;
  switch (v->tag) {
    case IValueTag_MemoryFormat: return (size_t)snprintf(buf, size, "%d", (int)v->u.memory_format);
    case IValueTag_ScalarType: return (size_t)snprintf(buf, size, "%d", ScalarType_toC10Index(v->u.scalar_type));
    case IValueTag_Layout: return (size_t)snprintf(buf, size, "%d", (int)v->u.layout);
    /* an int spelled by name (`int reduction=Mean`) prints as its value: 1 */
    case IValueTag_Int: return (size_t)snprintf(buf, size, "%lld", (long long)v->u.i);
    case IValueTag_Double: {
      size_t n = (size_t)snprintf(buf, size, "%.17g", v->u.d);
      if (n < size && strpbrk(buf, ".eEni") == NULL) n += (size_t)snprintf(buf + n, size - n, ".");
      return n;
    }
    /* a string in double quotes (c10::printQuotedString): approximate="none" */
    case IValueTag_String: {
      size_t n = (size_t)snprintf(buf, size, "\"");
      for (const char* c = v->u.s; *c != '\0' && n < size; c++)
        n += (size_t)snprintf(buf + n, size - n, *c == '"' || *c == '\\' ? "\\%c" : "%c", *c);
      if (n < size) n += (size_t)snprintf(buf + n, size - n, "\"");
      return n;
    }
    case IValueTag_IntList:
      if (a->default_text[0] == '[') { /* printed as an IValue list: "[0, 1]" however the YAML spaced it */
        size_t n = (size_t)snprintf(buf, size, "[");
        for (size_t i = 0; i < v->u.list.size && n < size; i++)
          n += (size_t)snprintf(buf + n, size - n, "%s%lld", i > 0 ? ", " : "", (long long)((const int64_t*)v->u.list.data)[i]);
        if (n < size) n += (size_t)snprintf(buf + n, size - n, "]");
        return n;
      }
      return (size_t)snprintf(buf, size, "%s", a->default_text);
    default: return (size_t)snprintf(buf, size, "%s", a->default_text);
  }
}

static size_t format_argument(const Argument* a, bool with_name, char* buf, size_t size) {
  size_t n = format_type(a, buf, size);
  if (with_name && a->name != NULL && n < size) n += (size_t)snprintf(buf + n, size - n, " %s", a->name);
  if (a->has_default && n < size) {
    n += (size_t)snprintf(buf + n, size - n, "=");
    if (n < size) n += format_default(a, buf + n, size - n);
  }
  return n;
}

/* PyTorch 1.13: aten/src/ATen/core/function_schema_inl.h operator<<(FunctionSchema) */
const char* schema_declaration(const OperatorEntry* op, char* buf, size_t size) {
  const FunctionSchema* s = &op->schema;
  size_t n = (size_t)snprintf(buf, size, "%s::%s%s%s(", s->ns, s->name, s->overload_name[0] ? "." : "",
                              s->overload_name);
  bool star = false;
  for (size_t i = 0; i < s->num_arguments && n < size; i++) {
    const Argument* a = &s->arguments[i];
    if (i > 0) n += (size_t)snprintf(buf + n, size - n, ", ");
    if (a->kwarg_only && !star && n < size) {
      n += (size_t)snprintf(buf + n, size - n, "*, ");
      star = true;
    }
    if (n < size) n += format_argument(a, true, buf + n, size - n);
  }
  if (n < size) n += (size_t)snprintf(buf + n, size - n, ") -> ");
  bool tuple = s->num_returns != 1 || s->returns[0].name != NULL;
  if (tuple && n < size) n += (size_t)snprintf(buf + n, size - n, "(");
  for (size_t i = 0; i < s->num_returns && n < size; i++) {
    if (i > 0) n += (size_t)snprintf(buf + n, size - n, ", ");
    if (n < size) n += format_argument(&s->returns[i], true, buf + n, size - n);
  }
  if (tuple && n < size) snprintf(buf + n, size - n, ")");
  return buf;
}

/* ---- toIValue ------------------------------------------------------------------ */

/* The JIT's repr_str of an argument's type: 'List[int]', 'Optional[Tensor]',
 * 'number'.  ScalarType, Layout and MemoryFormat are ints in TorchScript. */
static void type_repr(const SchemaType* t, char* buf, size_t size) {
  const char* base;
  switch (t->base) {
    case SchemaBaseType_SymInt:
    case SchemaBaseType_int:
    case SchemaBaseType_ScalarType:
    case SchemaBaseType_Layout:
    case SchemaBaseType_MemoryFormat:
    case SchemaBaseType_QScheme: base = "int"; break;
    case SchemaBaseType_Scalar: base = "number"; break;
    case SchemaBaseType_Dimname: base = "str"; break;
    default: base = SchemaBaseType_name(t->base); break;
  }
  char elem[64];
  snprintf(elem, sizeof elem, t->elem_optional ? "Optional[%s]" : "%s", base);
  char list[80];
  snprintf(list, sizeof list, t->is_list ? "List[%s]" : "%s", elem);
  snprintf(buf, size, t->is_optional ? "Optional[%s]" : "%s", list);
}

static bool is_seq(PyObject* v) { return PyList_Check(v) || PyTuple_Check(v); }

/* The conversions return 0 (converted into *out), 1 (type mismatch) or -1
 * (error set), as to_ivalue. */

/* An int: an int, a bool (isinstance(True, int)), or an object with
 * __index__ (a one-element integer tensor).  Python's own errors from
 * __index__ are a mismatch; an int outside int64 is 1.13's overflow error. */
static int element_int(PyObject* v, int64_t* out) {
  if (PyLong_Check(v)) return THPUtils_unpackLong(v, out) < 0 ? -1 : 0;
  if (PyFloat_Check(v) || PyUnicode_Check(v) || v == Py_None) return 1;
  PyObject* index = PyNumber_Index(v);
  if (index == NULL) {
    if (!PyErr_ExceptionMatches(PyExc_TypeError)) return -1; /* the tensor's own error */
    PyErr_Clear();
    return 1;
  }
  int r = THPUtils_unpackLong(index, out) < 0 ? -1 : 0;
  Py_DECREF(index);
  return r;
}

/* None: an optional's value; for a Tensor, the message of the kernel that
 * would reject the undefined tensor (NB(minaten) at the top). */
static int none_to_ivalue(const Argument* a, size_t index, IValue* out) {
  if (a->type.is_optional) {
    *out = IValue_none();
    return 0;
  }
  if (SchemaType_isTensor(&a->type)) {
    PyErr_Format(PyExc_RuntimeError,
                 "Expected a proper Tensor but got None (or an undefined Tensor in C++) for argument #%zu '%s'",
                 index, a->name != NULL ? a->name : "");
    return -1;
  }
  return 1;
}

/* int[N] / SymInt[N]: a sequence of ints, or one int for a sized list. */
static int int_list_to_ivalue(PyObject* v, const SchemaType* t, IValue* out) {
  int64_t ints[MINATEN_MAX_DIM];
  if (t->list_size > 0 && PyLong_Check(v)) {
    int64_t x;
    if (THPUtils_unpackLong(v, &x) < 0) return -1;
    for (int64_t i = 0; i < t->list_size && i < MINATEN_MAX_DIM; i++) ints[i] = x;
    *out = IValue_copyIntList(IntArrayRef_make(ints, (size_t)t->list_size));
    return 0;
  }
  if (!is_seq(v) || PySequence_Fast_GET_SIZE(v) > MINATEN_MAX_DIM) return 1;
  Py_ssize_t n = PySequence_Fast_GET_SIZE(v);
  for (Py_ssize_t i = 0; i < n; i++) {
    int r = element_int(PySequence_Fast_GET_ITEM(v, i), &ints[i]);
    if (r != 0) return r;
  }
  *out = IValue_copyIntList(IntArrayRef_make(ints, (size_t)n));
  return 0;
}

/* Tensor[] / Tensor?[]: a sequence of tensors (and None for Tensor?[]). */
static int tensor_list_to_ivalue(PyObject* v, const SchemaType* t, IValue* out) {
  Py_ssize_t n = PySequence_Fast_GET_SIZE(v);
  Tensor** items = calloc((size_t)n + 1, sizeof *items);
  if (items == NULL) return PyErr_NoMemory(), -1;
  for (Py_ssize_t i = 0; i < n; i++) {
    PyObject* item = PySequence_Fast_GET_ITEM(v, i);
    if (THPVariable_Check(item)) items[i] = THPVariable_Unpack(item);
    else if (!(item == Py_None && t->elem_optional)) {
      free(items);
      return 1;
    }
  }
  *out = IValue_copyTensorList((TensorList){items, (size_t)n});
  free(items);
  return 0;
}

/* float[] (numbers) / bool[] (bools only). */
static int number_list_to_ivalue(PyObject* v, const SchemaType* t, IValue* out) {
  Py_ssize_t n = PySequence_Fast_GET_SIZE(v);
  double* d = calloc((size_t)n + 1, sizeof *d);
  bool* b = calloc((size_t)n + 1, sizeof *b);
  if (d == NULL || b == NULL) {
    free(d);
    free(b);
    return PyErr_NoMemory(), -1;
  }
  int r = 0;
  for (Py_ssize_t i = 0; i < n && r == 0; i++) {
    PyObject* item = PySequence_Fast_GET_ITEM(v, i);
    if (t->base == SchemaBaseType_bool) {
      if (!PyBool_Check(item)) r = 1;
      else b[i] = item == Py_True;
    } else if (!PyFloat_Check(item) && !PyLong_Check(item)) {
      r = 1;
    } else if (THPUtils_unpackDouble(item, &d[i]) < 0) {
      r = -1;
    }
  }
  if (r == 0 && t->base == SchemaBaseType_bool && t->list_size > 0 && n != t->list_size) {
    /* bool[3] is a std::array<bool, 3>: c10's boxing refuses another length
     * (ivalue_to_arg<std::array<bool, N>> in make_boxed_from_unboxed_functor.h) */
    PyErr_Format(PyExc_RuntimeError, "Tried to convert a List with %zd elements to a fixed-size array of size %lld",
                 n, (long long)t->list_size);
    r = -1;
  }
  if (r == 0)
    *out = t->base == SchemaBaseType_float ? IValue_copyDoubleList(d, (size_t)n) : IValue_copyBoolList(b, (size_t)n);
  free(d);
  free(b);
  return r;
}

static int list_to_ivalue(PyObject* v, const SchemaType* t, IValue* out) {
  if (SchemaType_isIntLike(t->base)) return int_list_to_ivalue(v, t, out);
  if (!is_seq(v)) return 1;
  if (t->base == SchemaBaseType_Tensor) return tensor_list_to_ivalue(v, t, out);
  if (t->base == SchemaBaseType_float || t->base == SchemaBaseType_bool) return number_list_to_ivalue(v, t, out);
  return 1;
}

/* A number of Python's (bool, int, float, complex) as a Scalar: 0, 1 (not a number), -1. */
static int number_scalar(PyObject* v, Scalar* out) {
  if (PyBool_Check(v)) *out = Scalar_fromBool(v == Py_True);
  else if (PyLong_Check(v)) {
    int64_t i;
    if (THPUtils_unpackLong(v, &i) < 0) return -1;
    *out = Scalar_fromLong(i);
  } else if (PyFloat_Check(v)) *out = Scalar_fromDouble(PyFloat_AS_DOUBLE(v));
  else if (PyComplex_Check(v)) *out = Scalar_fromComplex(PyComplex_RealAsDouble(v), PyComplex_ImagAsDouble(v));
  else return 1;
  return 0;
}

/* Tensor: a tensor, or a number (a wrapped-number tensor) when the
 * operator allows numbers as tensors. */
static int tensor_to_ivalue(PyObject* v, bool numbers_as_tensors, IValue* out) {
  if (THPVariable_Check(v)) {
    *out = IValue_borrowTensor(THPVariable_Unpack(v));
    return 0;
  }
  Scalar s;
  if (!numbers_as_tensors) return 1;
  int r = number_scalar(v, &s);
  if (r != 0) return r;
  Tensor* w = wrapped_scalar_tensor(s);
  if (w == NULL) return THPException_fromError(), -1;
  *out = IValue_takeTensor(w);
  return 0;
}

/* ScalarType: a dtype, or an int in c10::ScalarType's numbering (a dtype is
 * an int in TorchScript). */
static int scalar_type_to_ivalue(PyObject* v, IValue* out) {
  if (THPDtype_Check(v)) {
    *out = IValue_fromScalarType(((THPDtype*)v)->scalar_type);
    return 0;
  }
  if (!PyLong_Check(v)) return 1;
  int64_t i;
  if (THPUtils_unpackLong(v, &i) < 0) return -1;
  ScalarType k = ScalarType_fromC10Index(i);
  if (k == ScalarType_Undefined) {
    PyErr_Format(PyExc_NotImplementedError, "minaten has no dtype numbered %lld", (long long)i);
    return -1;
  }
  *out = IValue_fromScalarType(k);
  return 0;
}

/* float: a number, or a tensor through __float__; a tensor that has no
 * float (more than one element) is a type mismatch, as pybind11's caster
 * clears its error and fails the cast. */
static int float_to_ivalue(PyObject* v, IValue* out) {
  if (!PyFloat_Check(v) && !PyLong_Check(v) && !THPVariable_Check(v)) return 1;
  double d;
  if (THPUtils_unpackDouble(v, &d) < 0) {
    if (!THPVariable_Check(v)) return -1;
    PyErr_Clear();
    return 1;
  }
  *out = IValue_fromDouble(d);
  return 0;
}

/* Device: a device, or its string ("cpu", "lazy:0"). */
static int device_to_ivalue(PyObject* v, IValue* out) {
  Device d;
  if (THPDevice_Check(v)) d = ((THPDevice*)v)->device;
  else if (!PyUnicode_Check(v)) return 1;
  else {
    const char* s = PyUnicode_AsUTF8(v);
    if (s == NULL) return -1;
    if (Device_parse(s, &d) < 0) return THPException_fromError(), -1;
  }
  *out = IValue_fromDevice(d);
  return 0;
}

/* An enum that TorchScript boxes as an int (Layout, MemoryFormat, QScheme):
 * its torch object, or an int. */
static int enum_int(PyObject* v, PyTypeObject* type, int64_t* out) {
  if (Py_IS_TYPE(v, type)) {
    *out = ((THPNamedConstant*)v)->value;
    return 0;
  }
  if (!PyLong_Check(v) || PyBool_Check(v)) return 1;
  return THPUtils_unpackLong(v, out) < 0 ? -1 : 0;
}

/* toIValue for one argument: 0 converted, 1 type mismatch, -1 error set.
 * One case per schema base type, as toIValue's switch on the type kind. */
static int to_ivalue(PyObject* v, const Argument* a, size_t index, bool numbers_as_tensors, IValue* out) {
  const SchemaType* t = &a->type;
  if (v == Py_None) return none_to_ivalue(a, index, out);
  if (t->is_list) return list_to_ivalue(v, t, out);
  int64_t i;
  int r;
  switch (t->base) {
    case SchemaBaseType_Tensor: return tensor_to_ivalue(v, numbers_as_tensors, out);
    case SchemaBaseType_int:
    case SchemaBaseType_SymInt:
      if ((r = element_int(v, &i)) == 0) *out = IValue_fromInt(i);
      return r;
    case SchemaBaseType_float: return float_to_ivalue(v, out);
    case SchemaBaseType_Scalar: {
      Scalar s;
      if ((r = number_scalar(v, &s)) != 0) return r;
      *out = s.tag == ScalarTag_Bool ? IValue_fromInt(s.v.i) : IValue_fromScalar(s); /* isinstance(True, int) */
      return 0;
    }
    case SchemaBaseType_bool:
      if (!PyLong_Check(v)) return 1;
      *out = IValue_fromBool(PyObject_IsTrue(v) == 1);
      return 0;
    case SchemaBaseType_str: {
      if (!PyUnicode_Check(v)) return 1;
      const char* s = PyUnicode_AsUTF8(v);
      if (s == NULL) return -1;
      *out = IValue_borrowString(s);
      return 0;
    }
    case SchemaBaseType_ScalarType: return scalar_type_to_ivalue(v, out);
    case SchemaBaseType_MemoryFormat:
      if ((r = enum_int(v, &THPMemoryFormatType, &i)) == 0) *out = IValue_fromMemoryFormat((MemoryFormat)i);
      return r;
    case SchemaBaseType_Layout:
      if ((r = enum_int(v, &THPLayoutType, &i)) == 0) *out = IValue_fromLayout((Layout)i);
      return r;
    case SchemaBaseType_QScheme:
      if ((r = enum_int(v, &THPQSchemeType, &i)) == 0) *out = IValue_fromInt(i);
      return r;
    case SchemaBaseType_Device: return device_to_ivalue(v, out);
    case SchemaBaseType_Generator:
      if (!THPGenerator_Check(v)) return 1;
      *out = IValue_borrowGenerator(THPGenerator_Unwrap(v));
      return 0;
    case SchemaBaseType_Storage: { /* toIValue: a TypedStorage of any dtype, or an UntypedStorage */
      Storage* storage;
      ScalarType dtype;
      bool is_typed;
      if (!THPStorage_isStorage(v)) return 1;
      if (THPStorage_unpackGetType(v, &storage, &dtype, &is_typed) < 0) return -1;
      *out = IValue_borrowStorage(storage);
      return 0;
    }
    default: return 1;
  }
}

int THPUtils_toIValue(PyObject* v, const Argument* a, IValue* out) {
  int r = to_ivalue(v, a, 0, false, out);
  if (r == 0 && !out->owned) *out = IValue_clone(out); /* borrowed from v: a copy of its own */
  return r;
}

/* The JIT's "Cast error details" of a value that does not convert. */
static void cast_error_details(PyObject* v, const SchemaType* t, char* buf, size_t size) {
  PyObject* str = PyObject_Str(v);
  const char* s = str != NULL ? PyUnicode_AsUTF8(str) : NULL;
  if (s == NULL) PyErr_Clear();
  if (t->is_list && t->base == SchemaBaseType_Tensor && t->elem_optional && PySequence_Check(v)) {
    /* a list of optional tensors casts element by element: the first that is neither */
    PyObject* seq = PySequence_Fast(v, "");
    PyObject* bad = NULL;
    for (Py_ssize_t i = 0; seq != NULL && bad == NULL && i < PySequence_Fast_GET_SIZE(seq); i++) {
      PyObject* e = PySequence_Fast_GET_ITEM(seq, i);
      if (e != Py_None && !THPVariable_Check(e)) bad = e;
    }
    PyObject* bad_str = bad != NULL ? PyObject_Str(bad) : NULL;
    const char* b = bad_str != NULL ? PyUnicode_AsUTF8(bad_str) : NULL;
    if (b == NULL) PyErr_Clear();
    snprintf(buf, size, "Unable to cast %s to Tensor", b ? b : "?");
    Py_XDECREF(bad_str);
    Py_XDECREF(seq);
  } else if (!t->is_list && t->base == SchemaBaseType_Tensor)
    snprintf(buf, size, "Unable to cast %s to Tensor", s ? s : "?");
  else if (!t->is_list && t->base == SchemaBaseType_Scalar)
    snprintf(buf, size, "Cannot cast %s to number", s ? s : "?");
  else
    snprintf(buf, size, "Unable to cast Python instance to C++ type (#define PYBIND11_DETAILED_ERROR_MESSAGES or "
                        "compile in debug mode for details)");
  Py_XDECREF(str);
}

/* The operator's name ("aten::add") and declaration for the messages,
 * made only when a message needs them (a call that binds makes neither). */
typedef struct MessageContext {
  const OperatorEntry* op;
  char name[160];
  char decl[1024];
} MessageContext;

static const char* ctx_name(MessageContext* c) {
  if (c->name[0] == '\0') snprintf(c->name, sizeof c->name, "%s::%s", c->op->schema.ns, c->op->schema.name);
  return c->name;
}

static const char* ctx_decl(MessageContext* c) {
  if (c->decl[0] == '\0') schema_declaration(c->op, c->decl, sizeof c->decl);
  return c->decl;
}

/* Converts v for argument a (number index) into *out: 1 bound, 0 a type
 * mismatch (the JIT's message in why), -1 another error (set).
 * PyTorch 1.13: pybind_utils.h argumentToIValue */
static int bind_argument(PyObject* v, const Argument* a, size_t index, bool numbers, MessageContext* ctx,
                         IValue* out, char* why, size_t why_size) {
  int r = to_ivalue(v, a, index, numbers, out);
  if (r == 0) return 1;
  if (r < 0) return -1;
  char type[128], details[512];
  type_repr(&a->type, type, sizeof type);
  cast_error_details(v, &a->type, details, sizeof details);
  PyObject* repr = PyObject_Repr(v);
  const char* value = repr != NULL ? PyUnicode_AsUTF8(repr) : NULL;
  if (value == NULL) PyErr_Clear();
  snprintf(why, why_size,
           "%s() Expected a value of type '%s' for argument '%s' but instead found type '%s'.\nPosition: %zu\n"
           "Value: %s\nDeclaration: %s\nCast error details: %s",
           ctx_name(ctx), type, a->name, Py_TYPE(v)->tp_name, index, value ? value : "?", ctx_decl(ctx), details);
  Py_XDECREF(repr);
  return 0;
}

/* The keywords createStackForSchema did not consume: 0 with the message in
 * why (an unknown name; a name also given positionally), 1 when none
 * explains it.  PyTorch 1.13: function_schema.h FunctionSchema::findErrorInKwargs */
static int find_error_in_kwargs(const FunctionSchema* s, PyObject* kwnames, MessageContext* ctx, char* why,
                                size_t why_size) {
  Py_ssize_t nkw = PyTuple_GET_SIZE(kwnames);
  for (Py_ssize_t k = 0; k < nkw; k++) {
    const char* kw = PyUnicode_AsUTF8(PyTuple_GET_ITEM(kwnames, k));
    if (kw == NULL) return -1;
    size_t i;
    for (i = 0; i < s->num_arguments && strcmp(s->arguments[i].name, kw) != 0; i++) {
    }
    if (i == s->num_arguments) {
      snprintf(why, why_size, "Unknown keyword argument '%s' for operator '%s'. Schema: %s", kw, ctx_name(ctx),
               ctx_decl(ctx));
      return 0;
    }
  }
  for (size_t i = 0; i < s->num_arguments; i++) {
    for (Py_ssize_t k = 0; k < nkw; k++) {
      const char* kw = PyUnicode_AsUTF8(PyTuple_GET_ITEM(kwnames, k));
      if (kw != NULL && strcmp(s->arguments[i].name, kw) == 0) {
        snprintf(why, why_size, "Argument '%s' specified both as positional and keyword argument. Schema: %s", kw,
                 ctx_decl(ctx));
        return 0;
      }
    }
  }
  return 1;
}

/* The keyword value named `name`, or NULL. */
static PyObject* keyword(PyObject* kwnames, PyObject* const* values, const char* name) {
  Py_ssize_t nkw = kwnames != NULL ? PyTuple_GET_SIZE(kwnames) : 0;
  for (Py_ssize_t k = 0; k < nkw; k++) {
    const char* kw = PyUnicode_AsUTF8(PyTuple_GET_ITEM(kwnames, k));
    if (kw == NULL) {
      PyErr_Clear();
      continue;
    }
    if (strcmp(kw, name) == 0) return values[k];
  }
  return NULL;
}

/* PyTorch 1.13: pybind_utils.h createStackForSchema */
int createStackForSchema(const OperatorEntry* op, PyObject* const* args, Py_ssize_t nargs, PyObject* kwnames,
                         IValue* stack, char* why, size_t why_size) {
  const FunctionSchema* s = &op->schema;
  size_t n = s->num_arguments;
  Py_ssize_t nkw = kwnames != NULL ? PyTuple_GET_SIZE(kwnames) : 0;
  /* PyTorch 1.13: pybind_utils.cpp opAllowsNumbersAsTensors (aten operators
   * only: quantized::add takes no number for a tensor) */
  bool numbers = strcmp(s->ns, "aten") == 0 && should_allow_numbers_as_tensors(s->name);
  MessageContext ctx_storage = {op, "", ""};
  MessageContext* ctx = &ctx_storage;
  if ((size_t)(nargs + nkw) > n) {
    snprintf(why, why_size, "%s() expected at most %zu argument(s) but received %zd argument(s). Declaration: %s",
             ctx_name(ctx), n, nargs + nkw, ctx_decl(ctx));
    return 0;
  }
  size_t filled = 0;
  int rc = 1;
  for (Py_ssize_t i = 0; i < nargs; i++, filled++) {
    const Argument* a = &s->arguments[i];
    if (a->kwarg_only) {
      snprintf(why, why_size, "%s() takes %zd positional argument(s) but %zd was/were given.  Declaration: %s",
               ctx_name(ctx), i, nargs, ctx_decl(ctx));
      rc = 0;
      break;
    }
    rc = bind_argument(args[i], a, (size_t)i, numbers, ctx, &stack[i], why, why_size);
    if (rc != 1) break;
  }
  Py_ssize_t consumed = 0;
  for (size_t i = (size_t)nargs; i < n && rc == 1; i++, filled++) {
    const Argument* a = &s->arguments[i];
    PyObject* v = keyword(kwnames, args + nargs, a->name);
    if (v != NULL) {
      consumed++;
      rc = bind_argument(v, a, i, numbers, ctx, &stack[i], why, why_size);
      if (rc != 1) break;
    } else if (a->has_default) {
      stack[i] = a->default_value;
      stack[i].owned = false;
    } else {
      snprintf(why, why_size, "%s() is missing value for argument '%s'. Declaration: %s", ctx_name(ctx), a->name,
               ctx_decl(ctx));
      rc = 0;
      break;
    }
  }
  if (rc == 1 && consumed != nkw) rc = find_error_in_kwargs(s, kwnames, ctx, why, why_size);
  if (rc != 1)
    for (size_t i = 0; i < filled; i++) IValue_release(&stack[i]);
  return rc;
}
