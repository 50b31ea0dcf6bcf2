/*
 * wrap_outputs.c - see wrap_outputs.h.
 */
#include "csrc/autograd/utils/wrap_outputs.h"

#include <stdio.h>
#include <string.h>

#include <structmember.h>

#include "csrc/Device.h"
#include "csrc/Dtype.h"
#include "csrc/Generator.h"
#include "csrc/Storage.h"
#include "csrc/Layout.h"
#include "csrc/MemoryFormat.h"
#include "csrc/QScheme.h"
#include "csrc/autograd/python_variable.h"
#include "dispatch/Dispatcher.h"

/* The torch._C._return_types module: its dict holds the named-tuple types by name. */
static PyObject* return_types_module;

/* A list IValue as a tuple or list of n objects made by item(i). */
static PyObject* wrap_list(IValue* v, bool as_list) {
  size_t n = v->u.list.size;
  PyObject* r = as_list ? PyList_New((Py_ssize_t)n) : PyTuple_New((Py_ssize_t)n);
  for (size_t i = 0; r != NULL && i < n; i++) {
    PyObject* item;
    switch (v->tag) {
      case IValueTag_IntList: item = PyLong_FromLongLong(((const int64_t*)v->u.list.data)[i]); break;
      case IValueTag_DoubleList: item = PyFloat_FromDouble(((const double*)v->u.list.data)[i]); break;
      case IValueTag_BoolList: item = PyBool_FromLong(((const bool*)v->u.list.data)[i]); break;
      default: { /* a Tensor?[] (index's indices) holds NULL for None */
        Tensor* t = ((Tensor* const*)v->u.list.data)[i];
        item = t != NULL ? THPVariable_Wrap(Tensor_retain(t)) : Py_NewRef(Py_None);
        break;
      }
    }
    if (item == NULL) {
      Py_CLEAR(r);
      break;
    }
    if (as_list) PyList_SET_ITEM(r, (Py_ssize_t)i, item);
    else PyTuple_SET_ITEM(r, (Py_ssize_t)i, item);
  }
  IValue_release(v);
  return r;
}

/* PyTorch 1.13: wrap_outputs.h wrap(...), pybind_utils.h toPyObject */
PyObject* THPUtils_wrapIValue(IValue* v, bool jit) {
  IValue x = *v;
  *v = IValue_none();
  switch (x.tag) {
    case IValueTag_None: Py_RETURN_NONE;
    case IValueTag_Tensor: return THPVariable_Wrap(x.owned ? x.u.tensor : Tensor_retain(x.u.tensor));
    case IValueTag_Double: return PyFloat_FromDouble(x.u.d);
    case IValueTag_ComplexDouble: return PyComplex_FromDoubles(x.u.z.real, x.u.z.imag);
    case IValueTag_Int: return PyLong_FromLongLong(x.u.i);
    case IValueTag_Bool: return PyBool_FromLong(x.u.b);
    case IValueTag_String: {
      PyObject* s = PyUnicode_FromString(x.u.s);
      IValue_release(&x);
      return s;
    }
    case IValueTag_IntList:
    case IValueTag_DoubleList:
    case IValueTag_BoolList:
    case IValueTag_TensorList: return wrap_list(&x, jit);
    case IValueTag_ScalarType:
      return jit ? PyLong_FromLong(ScalarType_toC10Index(x.u.scalar_type)) : Py_NewRef(THPDtype_get(x.u.scalar_type));
    case IValueTag_Layout: return jit ? PyLong_FromLong(x.u.layout) : Py_NewRef(THPLayout_get(x.u.layout));
    case IValueTag_MemoryFormat:
      return jit ? PyLong_FromLong(x.u.memory_format) : Py_NewRef(THPMemoryFormat_get(x.u.memory_format));
    case IValueTag_Device: return THPDevice_New(x.u.device);
    case IValueTag_Generator: {
      PyObject* g = THPGenerator_Wrap(x.u.generator);
      IValue_release(&x);
      return g;
    }
    case IValueTag_Storage: { /* a torch.UntypedStorage, as 1.13's toPyObject makes */
      PyObject* s = THPStorage_Wrap(x.u.storage);
      IValue_release(&x);
      return s;
    }
  }
  IValue_release(&x);
  PyErr_SetString(PyExc_SystemError, "minaten: a return of unknown kind");
  return NULL;
}

/* Whether s is an out= overload (trailing keyword-only written tensors). */
static bool is_out_overload(const FunctionSchema* s) {
  if (s->num_arguments == 0) return false;
  const Argument* a = &s->arguments[s->num_arguments - 1];
  return a->kwarg_only && SchemaType_isTensor(&a->type) && a->alias_info.present && a->alias_info.is_write;
}

/* PyTorch 1.13: torch/csrc/utils/structseq.cpp returned_structseq_repr */
static PyObject* returned_structseq_repr(PyObject* self) {
  PyTypeObject* type = Py_TYPE(self);
  PyObject* parts = PyList_New(0);
  if (parts == NULL) return NULL;
  PyObject* r = NULL;
  Py_ssize_t n = PyTuple_GET_SIZE(self);
  for (Py_ssize_t i = 0; i < n; i++) {
    PyObject* item = PyUnicode_FromFormat("%s=%R", type->tp_members[i].name, PyTuple_GET_ITEM(self, i));
    if (item == NULL || PyList_Append(parts, item) < 0) {
      Py_XDECREF(item);
      goto done;
    }
    Py_DECREF(item);
  }
  PyObject* sep = PyUnicode_FromString(",\n");
  PyObject* body = sep != NULL ? PyUnicode_Join(sep, parts) : NULL;
  Py_XDECREF(sep);
  if (body != NULL) r = PyUnicode_FromFormat("%s(\n%U)", type->tp_name, body);
  Py_XDECREF(body);
done:
  Py_DECREF(parts);
  return r;
}

/* A new named-tuple type torch.return_types.NAME with the returns' names.
 * PyTorch 1.13: torch/csrc/autograd/generated/python_return_types.cpp */
static PyTypeObject* make_return_type(const FunctionSchema* s, const char* name) {
  PyStructSequence_Field fields[16];
  size_t n = s->num_returns;
  if (n >= sizeof fields / sizeof fields[0]) n = sizeof fields / sizeof fields[0] - 1;
  for (size_t i = 0; i < n; i++) fields[i] = (PyStructSequence_Field){s->returns[i].name, NULL};
  fields[n] = (PyStructSequence_Field){NULL, NULL};
  char qualified[160];
  snprintf(qualified, sizeof qualified, "torch.return_types.%s", name);
  /* PyStructSequence_NewType copies neither string: the desc lives as long as the type */
  PyStructSequence_Desc* desc = PyMem_Calloc(1, sizeof *desc + sizeof fields + sizeof qualified);
  if (desc == NULL) return (PyTypeObject*)PyErr_NoMemory();
  PyStructSequence_Field* kept = (PyStructSequence_Field*)(desc + 1);
  char* kept_name = (char*)(kept + sizeof fields / sizeof fields[0]);
  memcpy(kept, fields, sizeof fields);
  memcpy(kept_name, qualified, sizeof qualified);
  for (size_t i = 0; i < n; i++) {
    kept[i].name = PyMem_Malloc(strlen(fields[i].name) + 1);
    if (kept[i].name == NULL) return (PyTypeObject*)PyErr_NoMemory();
    strcpy((char*)kept[i].name, fields[i].name);
  }
  *desc = (PyStructSequence_Desc){kept_name, NULL, kept, (int)n};
  /* kept for the life of the process (the type points into it) */
  static PyStructSequence_Desc** descs;
  static size_t num_descs;
  PyStructSequence_Desc** grown = PyMem_Realloc(descs, (num_descs + 1) * sizeof *descs);
  if (grown == NULL) return (PyTypeObject*)PyErr_NoMemory();
  descs = grown;
  descs[num_descs++] = desc;
  PyTypeObject* type = PyStructSequence_NewType(desc);
  if (type == NULL) return NULL;
  type->tp_repr = returned_structseq_repr;
  PyType_Modified(type);
  return type;
}

PyTypeObject* THPReturnTypes_get(const FunctionSchema* s) {
  if (s->num_returns < 2) return NULL;
  for (size_t i = 0; i < s->num_returns; i++)
    if (s->returns[i].name == NULL) return NULL;
  char name[128];
  snprintf(name, sizeof name, "%s%s", s->name, is_out_overload(s) ? "_out" : "");
  PyObject* dict = PyModule_GetDict(return_types_module);
  PyObject* type = PyDict_GetItemString(dict, name);
  if (type != NULL) return (PyTypeObject*)type;
  PyTypeObject* made = make_return_type(s, name);
  if (made == NULL) return NULL;
  int r = PyDict_SetItemString(dict, name, (PyObject*)made);
  Py_DECREF(made); /* the module's dict keeps it */
  return r < 0 ? NULL : made;
}

PyObject* THPUtils_wrapReturns(const FunctionSchema* s, IValue* rets, bool jit) {
  size_t n = s->num_returns;
  if (n == 0) Py_RETURN_NONE;
  if (n == 1) {
    /* a QScheme comes back boxed as an int, as in c10::IValue */
    if (!jit && s->returns[0].type.base == SchemaBaseType_QScheme && rets[0].tag == IValueTag_Int) {
      QScheme q = (QScheme)rets[0].u.i;
      return Py_NewRef(THPQScheme_get(q));
    }
    return THPUtils_wrapIValue(&rets[0], jit);
  }
  PyTypeObject* named = jit ? NULL : THPReturnTypes_get(s);
  PyObject* r = NULL;
  if (named == NULL && PyErr_Occurred()) goto fail;
  r = named != NULL ? PyStructSequence_New(named) : PyTuple_New((Py_ssize_t)n);
  if (r == NULL) goto fail;
  for (size_t i = 0; i < n; i++) {
    PyObject* item = THPUtils_wrapIValue(&rets[i], jit);
    if (item == NULL) {
      Py_CLEAR(r);
      goto fail;
    }
    PyTuple_SET_ITEM(r, (Py_ssize_t)i, item); /* a struct sequence is a tuple */
  }
  return r;
fail:
  for (size_t i = 0; i < n; i++) IValue_release(&rets[i]);
  return NULL;
}

int THPReturnTypes_init(PyObject* module) {
  return_types_module = PyModule_New("torch._C._return_types");
  if (return_types_module == NULL) return -1;
  if (PyModule_AddObjectRef(module, "_return_types", return_types_module) < 0) return -1;
  for (size_t i = 0; i < Dispatcher_numOperators(); i++) {
    const OperatorEntry* op = Dispatcher_operator(i);
    if (op->schema_text == NULL || !op->python_binding) continue;
    if (THPReturnTypes_get(&op->schema) == NULL && PyErr_Occurred()) return -1;
  }
  return 0;
}
