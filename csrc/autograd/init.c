/*
 * init.c - see init.h.
 *
 * torch._C._set_grad_enabled(mode) takes a bool only ("enabled must be a
 * bool (got int)"), and torch._C.is_grad_enabled() no argument (CPython's
 * METH_NOARGS message, "torch.is_grad_enabled() takes no arguments (1
 * given)" once python/minaten/__init__.py has named its module torch, as
 * 1.13's torch/__init__.py names every public function of torch._C).
 *
 * PyTorch 1.13: torch/csrc/autograd/init.cpp (set_grad_enabled, is_grad_enabled)
 */
#include "csrc/autograd/init.h"

#include "runtime/GradMode.h"

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

static PyMethodDef methods[] = {{"_set_grad_enabled", set_grad_enabled, METH_O, NULL},
                                {"is_grad_enabled", is_grad_enabled, METH_NOARGS, NULL},
                                {NULL, NULL, 0, NULL}};

int THPAutograd_init(PyObject* module) { return PyModule_AddFunctions(module, methods); }
