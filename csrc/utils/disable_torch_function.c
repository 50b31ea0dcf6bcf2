/*
 * disable_torch_function.c - see disable_torch_function.h.
 *
 * PyTorch 1.13: torch/csrc/utils/disable_torch_function.cpp
 */
#include "csrc/utils/disable_torch_function.h"

static PyObject* disabled_impl; /* torch._C._disabled_torch_function_impl */
static PyObject* torch_function_name; /* "__torch_function__", interned */

PyObject* disabled_torch_function_impl(void) { return disabled_impl; }

/* PyTorch 1.13: python_arg_parser.h has_torch_function_attr (PyObject_FastGetAttrString) */
bool has_torch_function_attr(PyObject* obj) {
  PyObject* attr = PyObject_GetAttr(obj, torch_function_name);
  if (attr == NULL) {
    PyErr_Clear();
    return false;
  }
  bool has = attr != disabled_impl;
  Py_DECREF(attr);
  return has;
}

/* ---- torch._C.DisableTorchFunction ---------------------------------------------- */

/* One saved state per object: entering the same object twice keeps the
 * second state only, as in 1.13.  PyTorch 1.13: DisableTorchFunction */
typedef struct DisableTorchFunction {
  PyObject_HEAD
  bool old_state;
} DisableTorchFunction;

static PyObject* DisableTorchFunction__enter(PyObject* self, PyObject* unused) {
  (void)unused;
  ((DisableTorchFunction*)self)->old_state = tls_torch_function.disabled;
  tls_torch_function.disabled = true;
  Py_RETURN_NONE;
}

static PyObject* DisableTorchFunction__exit(PyObject* self, PyObject* unused) {
  (void)unused;
  tls_torch_function.disabled = ((DisableTorchFunction*)self)->old_state;
  Py_RETURN_NONE;
}

static PyMethodDef DisableTorchFunction_methods[] = {
    {"__enter__", DisableTorchFunction__enter, METH_NOARGS, NULL},
    {"__exit__", DisableTorchFunction__exit, METH_VARARGS, NULL},
    {NULL, NULL, 0, NULL}};

static PyTypeObject DisableTorchFunctionType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "torch._C.DisableTorchFunction",
    .tp_basicsize = sizeof(DisableTorchFunction),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_methods = DisableTorchFunction_methods,
    .tp_new = PyType_GenericNew,
};

/* ---- the functions ------------------------------------------------------------ */

/* _disabled_torch_function_impl(func, types, args=(), kwargs=None):
 * func(*args, **kwargs) with __torch_function__ disabled.
 * PyTorch 1.13: disable_torch_function.cpp THPModule_disable_torch_function */
static PyObject* disable_torch_function(PyObject* module, PyObject* a) {
  (void)module;
  PyObject *func = NULL, *types = NULL, *args = NULL, *kwargs = NULL;
  if (!PyArg_ParseTuple(a, "OO|OO", &func, &types, &args, &kwargs)) return NULL;
  PyObject* py_args;
  if (args == NULL) {
    py_args = PyTuple_New(0);
  } else if (PyList_Check(args)) {
    py_args = PyList_AsTuple(args);
  } else if (PyTuple_Check(args)) {
    py_args = Py_NewRef(args);
  } else {
    PyErr_Format(PyExc_TypeError, "expected List or Tuple (got %s)", Py_TYPE(args)->tp_name);
    return NULL;
  }
  if (py_args == NULL) return NULL;
  bool old_value = tls_torch_function.disabled;
  tls_torch_function.disabled = true;
  PyObject* result = PyObject_Call(func, py_args, kwargs == Py_None ? NULL : kwargs);
  tls_torch_function.disabled = old_value;
  Py_DECREF(py_args);
  return result;
}

static PyObject* is_torch_function_enabled(PyObject* module, PyObject* noargs) {
  (void)module, (void)noargs;
  return PyBool_FromLong(torch_function_enabled());
}

/* PyTorch 1.13: disable_torch_function.cpp sequence_has_torch_function */
static bool sequence_has_torch_function(PyObject* seq) {
  Py_ssize_t n = PySequence_Fast_GET_SIZE(seq);
  for (Py_ssize_t i = 0; i < n; i++)
    if (check_has_torch_function(PySequence_Fast_GET_ITEM(seq, i), false)) return true;
  return false;
}

/* PyTorch 1.13: THPModule_has_torch_function */
static PyObject* has_torch_function(PyObject* module, PyObject* arg) {
  (void)module;
  bool result;
  if (PyTuple_CheckExact(arg) || PyList_CheckExact(arg)) {
    result = sequence_has_torch_function(arg);
  } else {
    PyObject* seq = PySequence_Fast(arg, "expected a sequence");
    if (seq == NULL) return NULL;
    result = sequence_has_torch_function(seq);
    Py_DECREF(seq);
  }
  return PyBool_FromLong(result);
}

/* PyTorch 1.13: THPModule_has_torch_function_unary */
static PyObject* has_torch_function_unary(PyObject* module, PyObject* obj) {
  (void)module;
  return PyBool_FromLong(check_has_torch_function(obj, false));
}

/* PyTorch 1.13: THPModule_has_torch_function_variadic */
static PyObject* has_torch_function_variadic(PyObject* module, PyObject* const* args, Py_ssize_t nargs) {
  (void)module;
  for (Py_ssize_t i = 0; i < nargs; i++)
    if (check_has_torch_function(args[i], false)) Py_RETURN_TRUE;
  Py_RETURN_FALSE;
}

static PyMethodDef methods[] = {
    {"_disabled_torch_function_impl", disable_torch_function, METH_VARARGS, NULL},
    {"_is_torch_function_enabled", is_torch_function_enabled, METH_NOARGS, NULL},
    {"_has_torch_function", has_torch_function, METH_O, NULL},
    {"_has_torch_function_unary", has_torch_function_unary, METH_O, NULL},
    {"_has_torch_function_variadic", (PyCFunction)(void (*)(void))has_torch_function_variadic, METH_FASTCALL, NULL},
    {NULL, NULL, 0, NULL}};

int THPDisableTorchFunction_init(PyObject* module) {
  torch_function_name = PyUnicode_InternFromString("__torch_function__");
  if (torch_function_name == NULL || PyType_Ready(&DisableTorchFunctionType) < 0 ||
      PyModule_AddObjectRef(module, "DisableTorchFunction", (PyObject*)&DisableTorchFunctionType) < 0 ||
      PyModule_AddFunctions(module, methods) < 0)
    return -1;
  disabled_impl = PyObject_GetAttrString(module, "_disabled_torch_function_impl"); /* kept */
  return disabled_impl == NULL ? -1 : 0;
}
