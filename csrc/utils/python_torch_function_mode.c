/*
 * python_torch_function_mode.c - the thread's __torch_function__ state and
 * torch._C's functions over its mode stack (see python_torch_function_mode.h,
 * Note [Two levels of Python overrides]).
 *
 *   torch._C._set_torch_function_mode(mode or None)  the C mode
 *   torch._C._push_on_torch_function_stack(mode)     `with mode:` enters ...
 *   torch._C._pop_torch_function_stack()             ... and leaves
 *   torch._C._get_function_stack_at(i), _len_torch_function_stack()
 *   torch._C._is_torch_function_mode_enabled()
 *
 * torch.overrides (python/minaten/overrides.py) builds TorchFunctionMode on
 * these, as 1.13's torch/overrides.py does.
 *
 * PyTorch 1.13: aten/src/ATen/PythonTorchFunctionTLS.cpp, torch/csrc/autograd/init.cpp
 */
#include "csrc/utils/python_torch_function_mode.h"

#include <stdlib.h>

_Thread_local PythonTorchFunctionTLS tls_torch_function __attribute__((tls_model("initial-exec")));

/* PyTorch 1.13: python_torch_function_mode.h StashTorchFunctionModeGuard */
PyObject* StashTorchFunctionModeGuard_enter(void) {
  PyObject* old = tls_torch_function.mode;
  tls_torch_function.mode = NULL;
  return old;
}

void StashTorchFunctionModeGuard_exit(PyObject* old_mode) {
  Py_XSETREF(tls_torch_function.mode, old_mode);
}

/* PyTorch 1.13: torch/csrc/autograd/init.cpp _set_torch_function_mode
 * (PythonTorchFunctionTLS::set_mode) */
static PyObject* set_torch_function_mode(PyObject* module, PyObject* mode) {
  (void)module;
  Py_XSETREF(tls_torch_function.mode, mode == Py_None ? NULL : Py_NewRef(mode));
  Py_RETURN_NONE;
}

/* PyTorch 1.13: PythonTorchFunctionTLS::push_onto_stack */
static PyObject* push_on_torch_function_stack(PyObject* module, PyObject* mode) {
  (void)module;
  PythonTorchFunctionTLS* tls = &tls_torch_function;
  if (tls->stack_len == tls->stack_cap) {
    int64_t cap = tls->stack_cap ? 2 * tls->stack_cap : 8;
    PyObject** stack = realloc(tls->stack, (size_t)cap * sizeof *stack);
    if (stack == NULL) return PyErr_NoMemory();
    tls->stack = stack;
    tls->stack_cap = cap;
  }
  tls->stack[tls->stack_len++] = Py_NewRef(mode);
  Py_RETURN_NONE;
}

/* PyTorch 1.13: PythonTorchFunctionTLS::pop_stack */
static PyObject* pop_torch_function_stack(PyObject* module, PyObject* noargs) {
  (void)module, (void)noargs;
  PythonTorchFunctionTLS* tls = &tls_torch_function;
  if (tls->stack_len == 0) {
    PyErr_SetString(PyExc_RuntimeError, "trying to pop from empty mode stack");
    return NULL;
  }
  return tls->stack[--tls->stack_len]; /* the stack's reference */
}

/* PyTorch 1.13: PythonTorchFunctionTLS::get_stack_at */
static PyObject* get_function_stack_at(PyObject* module, PyObject* arg) {
  (void)module;
  Py_ssize_t idx = PyLong_AsSsize_t(arg);
  if (idx == -1 && PyErr_Occurred()) return NULL;
  if (idx < 0 || idx >= tls_torch_function.stack_len) {
    PyErr_SetString(PyExc_RuntimeError, "Tried to get stack at idx that's too big");
    return NULL;
  }
  return Py_NewRef(tls_torch_function.stack[idx]);
}

static PyObject* len_torch_function_stack(PyObject* module, PyObject* noargs) {
  (void)module, (void)noargs;
  return PyLong_FromLongLong(tls_torch_function.stack_len);
}

static PyObject* is_torch_function_mode_enabled(PyObject* module, PyObject* noargs) {
  (void)module, (void)noargs;
  return PyBool_FromLong(torch_function_mode_enabled());
}

static PyMethodDef methods[] = {
    {"_set_torch_function_mode", set_torch_function_mode, METH_O, NULL},
    {"_push_on_torch_function_stack", push_on_torch_function_stack, METH_O, NULL},
    {"_pop_torch_function_stack", pop_torch_function_stack, METH_NOARGS, NULL},
    {"_get_function_stack_at", get_function_stack_at, METH_O, NULL},
    {"_len_torch_function_stack", len_torch_function_stack, METH_NOARGS, NULL},
    {"_is_torch_function_mode_enabled", is_torch_function_mode_enabled, METH_NOARGS, NULL},
    {NULL, NULL, 0, NULL}};

int THPTorchFunctionMode_init(PyObject* module) { return PyModule_AddFunctions(module, methods); }
