/*
 * Dtype.c - torch.dtype (Dtype.h).
 *
 * Each scalar type has one object, named as 1.13 names it in the torch
 * module (`torch.float32`), with its older aliases (`torch.float`,
 * `torch.long`, ...) bound to the same object.  repr() is "torch.float32".
 *
 * PyTorch 1.13: torch/csrc/Dtype.cpp, torch/csrc/utils/tensor_dtypes.cpp
 * getDtypeNames, initializeDtypes
 */
#include "csrc/Dtype.h"

#include "runtime/ScalarType.h"

static THPDtype* dtypes[ScalarType_NumOptions];

PyObject* THPDtype_get(ScalarType t) { return (PyObject*)dtypes[t]; }

/* PyTorch 1.13: torch/csrc/Dtype.cpp THPDtype_repr */
static PyObject* THPDtype_repr(PyObject* self) {
  return PyUnicode_FromFormat("torch.%s", ScalarType_pyName(((THPDtype*)self)->scalar_type));
}

/* PyTorch 1.13: torch/csrc/Dtype.cpp THPDtype_is_floating_point */
static PyObject* THPDtype_is_floating_point(PyObject* self, void* unused) {
  (void)unused;
  return PyBool_FromLong(ScalarType_isFloating(((THPDtype*)self)->scalar_type));
}

/* PyTorch 1.13: torch/csrc/Dtype.cpp THPDtype_is_complex */
static PyObject* THPDtype_is_complex(PyObject* self, void* unused) {
  (void)unused;
  return PyBool_FromLong(ScalarType_isComplex(((THPDtype*)self)->scalar_type));
}

/* PyTorch 1.13: torch/csrc/Dtype.cpp THPDtype_is_signed (c10::isSignedType) */
static PyObject* THPDtype_is_signed(PyObject* self, void* unused) {
  (void)unused;
  ScalarType t = ((THPDtype*)self)->scalar_type;
  return PyBool_FromLong(t != ScalarType_Byte && t != ScalarType_Bool && t != ScalarType_QUInt8);
}

/* PyTorch 1.13: torch/csrc/Dtype.cpp THPDtype_reduce: pickled by name */
static PyObject* THPDtype_reduce(PyObject* self, PyObject* noargs) {
  (void)noargs;
  return PyUnicode_FromString(ScalarType_pyName(((THPDtype*)self)->scalar_type));
}

static PyGetSetDef THPDtype_properties[] = {
    {"is_floating_point", THPDtype_is_floating_point, NULL, NULL, NULL},
    {"is_complex", THPDtype_is_complex, NULL, NULL, NULL},
    {"is_signed", THPDtype_is_signed, NULL, NULL, NULL},
    {NULL, NULL, NULL, NULL, NULL}};

static PyMethodDef THPDtype_methods[] = {{"__reduce__", THPDtype_reduce, METH_NOARGS, NULL},
                                         {NULL, NULL, 0, NULL}};

PyTypeObject THPDtypeType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "torch.dtype",
    .tp_basicsize = sizeof(THPDtype),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_repr = THPDtype_repr,
    .tp_methods = THPDtype_methods,
    .tp_getset = THPDtype_properties,
};

/* The names of the torch module for a scalar type: its Python name and the
 * legacy one, as 1.13's getDtypeNames ("float32", "float"). */
static const char* legacy_name(ScalarType t) {
  switch (t) {
    case ScalarType_Float: return "float";
    case ScalarType_Double: return "double";
    case ScalarType_Long: return "long";
    case ScalarType_Int: return "int";
    case ScalarType_Short: return "short";
    case ScalarType_Half: return "half";
    case ScalarType_ComplexFloat: return "cfloat";
    case ScalarType_ComplexDouble: return "cdouble";
    default: return NULL;
  }
}

int THPDtype_init(PyObject* module) {
  if (PyType_Ready(&THPDtypeType) < 0) return -1;
  for (int t = 0; t < ScalarType_NumOptions; t++) {
    THPDtype* d = PyObject_New(THPDtype, &THPDtypeType);
    if (d == NULL) return -1;
    d->scalar_type = (ScalarType)t;
    dtypes[t] = d; /* kept for the life of the process */
    if (PyModule_AddObjectRef(module, ScalarType_pyName((ScalarType)t), (PyObject*)d) < 0) return -1;
    const char* legacy = legacy_name((ScalarType)t);
    if (legacy != NULL && PyModule_AddObjectRef(module, legacy, (PyObject*)d) < 0) return -1;
  }
  return PyModule_AddObjectRef(module, "dtype", (PyObject*)&THPDtypeType);
}
