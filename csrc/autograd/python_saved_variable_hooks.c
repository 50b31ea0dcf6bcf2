/*
 * python_saved_variable_hooks.c - saved tensors hooks from Python (Note
 * [Saved tensors hooks], autograd/SavedVariable.h) and the module
 * torch._C._autograd that holds them:
 *
 *   _push_saved_tensors_default_hooks(pack, unpack), _pop_...
 *       the stack torch.autograd.graph.saved_tensors_hooks pushes on entry
 *       and pops on exit; every SavedVariable saved while it is not empty
 *       is packed with its top pair (SavedVariable_getDefaultHooks);
 *   _saved_tensors_hooks_disable(msg), _enable, _is_enabled,
 *   _get_disabled_error_message
 *       disable_saved_tensors_hooks: pushing then raises RuntimeError(msg);
 *   SavedTensor
 *       what grad_fn._raw_saved_<name> gives: one saved variable of a node,
 *       with register_hooks(pack, unpack).  It holds the node's Python
 *       object, so the node (1.13's pybind11 object only points at the
 *       SavedVariable).
 *
 * PySavedVariableHooks calls pack(tensor) at once and keeps what it
 * returned; unpack(packed) must give a tensor ("Output of saved tensor
 * unpack_hook expected to be a Tensor but got result of type int").  An
 * exception either raises becomes a RuntimeError "ValueError: <message>"
 * (1.13 calls them through pybind11, whose error_already_set carries that
 * text as a C++ exception; a tensor hook's exception, by contrast, reaches
 * the caller unchanged).
 *
 * NB(minaten): one stack for the process (1.13's is thread-local, part
 * of the autograd TLS state); minaten's Python runs on one thread.
 *
 * PyTorch 1.13: torch/csrc/autograd/python_saved_variable_hooks.cpp
 * (PySavedVariableHooks, PyDefaultSavedVariableHooks),
 * aten/src/ATen/SavedTensorHooks.cpp (SavedTensorDefaultHooks),
 * torch/csrc/autograd/init.cpp (the SavedTensor class, the functions)
 */
#include "csrc/autograd/python_saved_variable_hooks.h"

#include <stdlib.h>

#include "autograd/SavedVariable.h"
#include "csrc/Exceptions.h"
#include "csrc/autograd/python_variable.h"
#include "runtime/Exception.h"

/* The pending Python exception as pybind11's error_already_set::what()
 * words it, "KeyError: 'gone'", in a RuntimeError; -1.
 * PyTorch 1.13: pybind11 detail::error_string */
static int error_already_set(void) {
  PyObject *type, *value, *traceback;
  PyErr_Fetch(&type, &value, &traceback);
  PyErr_NormalizeException(&type, &value, &traceback);
  PyObject* name = type != NULL ? PyObject_GetAttrString(type, "__name__") : NULL;
  PyObject* text = value != NULL ? PyObject_Str(value) : NULL;
  const char* n = name != NULL ? PyUnicode_AsUTF8(name) : NULL;
  const char* t = text != NULL ? PyUnicode_AsUTF8(text) : NULL;
  PyErr_Clear();
  Error_set(ErrorType_RuntimeError, "%s: %s", n != NULL ? n : "Exception", t != NULL ? t : "");
  Py_XDECREF(name);
  Py_XDECREF(text);
  Py_XDECREF(type);
  Py_XDECREF(value);
  Py_XDECREF(traceback);
  return -1;
}

/* ---- PySavedVariableHooks ------------------------------------------------------- */

/* PyTorch 1.13: python_saved_variable_hooks.h PySavedVariableHooks */
typedef struct PySavedVariableHooks {
  SavedVariableHooks base;
  PyObject* pack_hook;   /* owned */
  PyObject* unpack_hook; /* owned */
  PyObject* data;        /* what pack returned, owned; NULL before */
} PySavedVariableHooks;

/* PyTorch 1.13: python_saved_variable_hooks.cpp PySavedVariableHooks::call_pack_hook */
static int PySavedVariableHooks_call_pack_hook(SavedVariableHooks* hooks, const Tensor* tensor) {
  PySavedVariableHooks* self = (PySavedVariableHooks*)hooks;
  PyGILState_STATE gil = PyGILState_Ensure();
  PyObject* obj = THPVariable_Wrap(Tensor_retain((Tensor*)tensor));
  PyObject* packed = obj != NULL ? PyObject_CallOneArg(self->pack_hook, obj) : NULL;
  Py_XDECREF(obj);
  int rc = 0;
  if (packed == NULL) rc = error_already_set();
  else Py_XSETREF(self->data, packed);
  PyGILState_Release(gil);
  return rc;
}

/* PyTorch 1.13: python_saved_variable_hooks.cpp PySavedVariableHooks::call_unpack_hook */
static Tensor* PySavedVariableHooks_call_unpack_hook(SavedVariableHooks* hooks) {
  PySavedVariableHooks* self = (PySavedVariableHooks*)hooks;
  PyGILState_STATE gil = PyGILState_Ensure();
  Tensor* result = NULL;
  PyObject* res = PyObject_CallOneArg(self->unpack_hook, self->data != NULL ? self->data : Py_None);
  if (res == NULL)
    error_already_set();
  else if (!THPVariable_Check(res))
    Error_set(ErrorType_TypeError, "Output of saved tensor unpack_hook expected to be a Tensor but got result of type %s",
              Py_TYPE(res)->tp_name);
  else
    result = Tensor_retain(THPVariable_Unpack(res));
  Py_XDECREF(res);
  PyGILState_Release(gil);
  return result;
}

/* With the GIL; leaked once Python is finalized.
 * PyTorch 1.13: ~PySavedVariableHooks */
static void PySavedVariableHooks_destroy(SavedVariableHooks* hooks) {
  PySavedVariableHooks* self = (PySavedVariableHooks*)hooks;
  if (Py_IsInitialized()) {
    PyGILState_STATE gil = PyGILState_Ensure();
    Py_XDECREF(self->pack_hook);
    Py_XDECREF(self->unpack_hook);
    Py_XDECREF(self->data);
    PyGILState_Release(gil);
  }
  free(self);
}

static const SavedVariableHooksType PySavedVariableHooks_type = {
    PySavedVariableHooks_call_pack_hook, PySavedVariableHooks_call_unpack_hook, PySavedVariableHooks_destroy};

/* A new pair, or NULL with a minaten error (out of memory). */
static SavedVariableHooks* PySavedVariableHooks_new(PyObject* pack_hook, PyObject* unpack_hook) {
  PySavedVariableHooks* hooks = malloc(sizeof *hooks);
  if (hooks == NULL) {
    Error_setBadAlloc();
    return NULL;
  }
  *hooks = (PySavedVariableHooks){{&PySavedVariableHooks_type}, Py_NewRef(pack_hook), Py_NewRef(unpack_hook), NULL};
  return &hooks->base;
}

/* ---- the default hooks' stack --------------------------------------------------- */

/* [(pack, unpack), ...], innermost last; the message of
 * disable_saved_tensors_hooks (NULL: enabled).
 * PyTorch 1.13: aten/src/ATen/SavedTensorHooks.cpp (its tls stack, disabled_error_message) */
static PyObject* default_hooks = NULL;
static PyObject* disabled_error_message = NULL;

/* PyTorch 1.13: python_saved_variable_hooks.cpp PyDefaultSavedVariableHooks::get_hooks */
static SavedVariableHooks* get_default_hooks(void) {
  if (default_hooks == NULL || PyList_GET_SIZE(default_hooks) == 0) return NULL;
  PyObject* top = PyList_GET_ITEM(default_hooks, PyList_GET_SIZE(default_hooks) - 1);
  return PySavedVariableHooks_new(PyTuple_GET_ITEM(top, 0), PyTuple_GET_ITEM(top, 1));
}

/* PyTorch 1.13: PyDefaultSavedVariableHooks::push_hooks, SavedTensorDefaultHooks::push_hooks */
static PyObject* push_saved_tensors_default_hooks(PyObject* unused, PyObject* args) {
  (void)unused;
  PyObject *pack_hook, *unpack_hook;
  if (!PyArg_ParseTuple(args, "OO:_push_saved_tensors_default_hooks", &pack_hook, &unpack_hook)) return NULL;
  if (disabled_error_message != NULL) {
    PyErr_SetObject(PyExc_RuntimeError, disabled_error_message);
    return NULL;
  }
  PyObject* pair = PyTuple_Pack(2, pack_hook, unpack_hook);
  if (pair == NULL) return NULL;
  int rc = PyList_Append(default_hooks, pair);
  Py_DECREF(pair);
  if (rc < 0) return NULL;
  Py_RETURN_NONE;
}

/* PyTorch 1.13: PyDefaultSavedVariableHooks::pop_hooks */
static PyObject* pop_saved_tensors_default_hooks(PyObject* unused, PyObject* noargs) {
  (void)unused, (void)noargs;
  Py_ssize_t n = PyList_GET_SIZE(default_hooks);
  if (n > 0 && PyList_SetSlice(default_hooks, n - 1, n, NULL) < 0) return NULL;
  Py_RETURN_NONE;
}

/* PyTorch 1.13: SavedTensorDefaultHooks::disable */
static PyObject* saved_tensors_hooks_disable(PyObject* unused, PyObject* message) {
  (void)unused;
  if (!PyUnicode_Check(message)) {
    PyErr_Format(PyExc_TypeError, "_saved_tensors_hooks_disable(): expected a str, got %s", Py_TYPE(message)->tp_name);
    return NULL;
  }
  Py_XSETREF(disabled_error_message, Py_NewRef(message));
  Py_RETURN_NONE;
}

/* PyTorch 1.13: SavedTensorDefaultHooks::enable */
static PyObject* saved_tensors_hooks_enable(PyObject* unused, PyObject* noargs) {
  (void)unused, (void)noargs;
  Py_CLEAR(disabled_error_message);
  Py_RETURN_NONE;
}

/* PyTorch 1.13: SavedTensorDefaultHooks::is_enabled */
static PyObject* saved_tensors_hooks_is_enabled(PyObject* unused, PyObject* noargs) {
  (void)unused, (void)noargs;
  return PyBool_FromLong(disabled_error_message == NULL);
}

/* PyTorch 1.13: SavedTensorDefaultHooks::get_disabled_error_message */
static PyObject* saved_tensors_hooks_get_disabled_error_message(PyObject* unused, PyObject* noargs) {
  (void)unused, (void)noargs;
  return Py_NewRef(disabled_error_message != NULL ? disabled_error_message : Py_None);
}

/* ---- SavedTensor ---------------------------------------------------------------- */

typedef struct THPSavedTensor {
  PyObject_HEAD
  PyObject* fn;            /* owned: the Python object of the node whose field this is */
  SavedVariable* variable; /* inside that node */
  PyObject* weakreflist;
} THPSavedTensor;

static void THPSavedTensor_dealloc(PyObject* self) {
  THPSavedTensor* t = (THPSavedTensor*)self;
  if (t->weakreflist != NULL) PyObject_ClearWeakRefs(self);
  Py_XDECREF(t->fn);
  Py_TYPE(self)->tp_free(self);
}

/* PyTorch 1.13: torch/csrc/autograd/init.cpp (SavedTensor's py::init, which refuses) */
static PyObject* THPSavedTensor_new(PyTypeObject* type, PyObject* args, PyObject* kwargs) {
  (void)type, (void)args, (void)kwargs;
  PyErr_SetString(PyExc_RuntimeError, "Trying to create a SavedTensor object from Python is forbidden.");
  return NULL;
}

/* register_hooks(pack, unpack).  NB(minaten): 1.13's pybind11 refuses
 * arguments that are not functions with its own TypeError; here anything
 * callable is taken.
 * PyTorch 1.13: torch/csrc/autograd/init.cpp SavedTensor.register_hooks */
static PyObject* THPSavedTensor_register_hooks(PyObject* self, PyObject* args) {
  PyObject *pack_hook, *unpack_hook;
  if (!PyArg_ParseTuple(args, "OO:register_hooks", &pack_hook, &unpack_hook)) return NULL;
  SavedVariableHooks* hooks = PySavedVariableHooks_new(pack_hook, unpack_hook);
  if (hooks == NULL || SavedVariable_registerHooks(((THPSavedTensor*)self)->variable, hooks) < 0)
    return THPException_fromError();
  Py_RETURN_NONE;
}

static PyMethodDef THPSavedTensor_methods[] = {
    {"register_hooks", THPSavedTensor_register_hooks, METH_VARARGS, NULL}, {NULL, NULL, 0, NULL}};

PyTypeObject THPSavedTensorType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "torch._C._autograd.SavedTensor",
    .tp_basicsize = sizeof(THPSavedTensor),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_dealloc = THPSavedTensor_dealloc,
    .tp_methods = THPSavedTensor_methods,
    .tp_new = THPSavedTensor_new,
    .tp_weaklistoffset = offsetof(THPSavedTensor, weakreflist),
};

PyObject* THPSavedTensor_make(PyObject* fn, SavedVariable* variable) {
  THPSavedTensor* obj = PyObject_New(THPSavedTensor, &THPSavedTensorType);
  if (obj == NULL) return NULL;
  obj->fn = Py_NewRef(fn);
  obj->variable = variable;
  obj->weakreflist = NULL;
  return (PyObject*)obj;
}

/* ---- the module ----------------------------------------------------------------- */

static PyMethodDef autograd_methods[] = {
    {"_push_saved_tensors_default_hooks", push_saved_tensors_default_hooks, METH_VARARGS, NULL},
    {"_pop_saved_tensors_default_hooks", pop_saved_tensors_default_hooks, METH_NOARGS, NULL},
    {"_saved_tensors_hooks_disable", saved_tensors_hooks_disable, METH_O, NULL},
    {"_saved_tensors_hooks_enable", saved_tensors_hooks_enable, METH_NOARGS, NULL},
    {"_saved_tensors_hooks_is_enabled", saved_tensors_hooks_is_enabled, METH_NOARGS, NULL},
    {"_saved_tensors_hooks_get_disabled_error_message", saved_tensors_hooks_get_disabled_error_message, METH_NOARGS,
     NULL},
    {NULL, NULL, 0, NULL}};

static struct PyModuleDef autograd_module_def = {
    PyModuleDef_HEAD_INIT,
    .m_name = "minaten._C._autograd",
    .m_doc = "Autograd's bindings (torch._C._autograd in PyTorch): saved tensors hooks.",
    .m_size = -1,
    .m_methods = autograd_methods,
};

int THPSavedVariableHooks_init(PyObject* module) {
  if (PyType_Ready(&THPSavedTensorType) < 0) return -1;
  if (default_hooks == NULL && (default_hooks = PyList_New(0)) == NULL) return -1;
  PyObject* autograd = PyModule_Create(&autograd_module_def);
  if (autograd == NULL) return -1;
  int rc = PyModule_AddObjectRef(autograd, "SavedTensor", (PyObject*)&THPSavedTensorType);
  if (rc == 0) rc = PyModule_AddObjectRef(module, "_autograd", autograd);
  Py_DECREF(autograd);
  SavedVariable_getDefaultHooks = get_default_hooks;
  return rc;
}
