/*
 * init.c - see init.h.
 *
 * torch._C._set_grad_enabled(mode) takes a bool only ("enabled must be a
 * bool (got int)"), and torch._C.is_grad_enabled() no argument (CPython's
 * METH_NOARGS message, "torch.is_grad_enabled() takes no arguments (1
 * given)" once python/minaten/__init__.py has named its module torch, as
 * 1.13's torch/__init__.py names every public function of torch._C).
 *
 * torch._C._InferenceMode(mode) is the guard of runtime/InferenceMode.h as
 * an object: made, it enters; freed, it exits.  torch.inference_mode's
 * __enter__ keeps one and its __exit__ deletes it
 * (python/minaten/autograd/grad_mode.py).
 *
 * PyTorch 1.13: torch/csrc/autograd/init.cpp (set_grad_enabled,
 * is_grad_enabled, is_inference_mode_enabled, _InferenceMode)
 */
#include "csrc/autograd/init.h"

#include "runtime/GradMode.h"
#include "runtime/InferenceMode.h"

/* PyTorch 1.13: torch/csrc/autograd/init.cpp set_grad_enabled */
static PyObject* set_grad_enabled(PyObject* unused, PyObject* arg) {
  (void)unused;
  if (!PyBool_Check(arg)) {
    PyErr_Format(PyExc_TypeError, "enabled must be a bool (got %s)", Py_TYPE(arg)->tp_name);
    return NULL;
  }
  GradMode_set_enabled(arg == Py_True);
  Py_RETURN_NONE;
}

/* PyTorch 1.13: torch/csrc/autograd/init.cpp is_grad_enabled */
static PyObject* is_grad_enabled(PyObject* unused, PyObject* noargs) {
  (void)unused, (void)noargs;
  return PyBool_FromLong(GradMode_is_enabled());
}

/* PyTorch 1.13: torch/csrc/autograd/init.cpp is_inference_mode_enabled */
static PyObject* is_inference_mode_enabled(PyObject* unused, PyObject* noargs) {
  (void)unused, (void)noargs;
  return PyBool_FromLong(InferenceMode_is_enabled());
}

/* torch._C._InferenceMode: a c10::InferenceMode held by Python. */
typedef struct THPInferenceMode {
  PyObject_HEAD
  InferenceMode guard;
} THPInferenceMode;

static PyObject* THPInferenceMode_new(PyTypeObject* type, PyObject* args, PyObject* kwargs) {
  static char* keywords[] = {"enabled", NULL};
  int enabled;
  if (!PyArg_ParseTupleAndKeywords(args, kwargs, "p:_InferenceMode", keywords, &enabled)) return NULL;
  THPInferenceMode* self = (THPInferenceMode*)type->tp_alloc(type, 0);
  if (self != NULL) self->guard = InferenceMode_enter(enabled);
  return (PyObject*)self;
}

static void THPInferenceMode_dealloc(PyObject* self) {
  InferenceMode_exit(((THPInferenceMode*)self)->guard);
  Py_TYPE(self)->tp_free(self);
}

static PyTypeObject THPInferenceModeType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "torch._C._InferenceMode",
    .tp_basicsize = sizeof(THPInferenceMode),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_new = THPInferenceMode_new,
    .tp_dealloc = THPInferenceMode_dealloc,
};

static PyMethodDef methods[] = {{"_set_grad_enabled", set_grad_enabled, METH_O, NULL},
                                {"is_grad_enabled", is_grad_enabled, METH_NOARGS, NULL},
                                {"is_inference_mode_enabled", is_inference_mode_enabled, METH_NOARGS, NULL},
                                {NULL, NULL, 0, NULL}};

int THPAutograd_init(PyObject* module) {
  if (PyModule_AddFunctions(module, methods) < 0 || PyType_Ready(&THPInferenceModeType) < 0) return -1;
  Py_INCREF(&THPInferenceModeType);
  if (PyModule_AddObject(module, "_InferenceMode", (PyObject*)&THPInferenceModeType) < 0) {
    Py_DECREF(&THPInferenceModeType);
    return -1;
  }
  return 0;
}
