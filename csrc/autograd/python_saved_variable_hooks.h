/*
 * python_saved_variable_hooks.h - torch._C._autograd: saved tensors hooks
 * and the SavedTensor class; see python_saved_variable_hooks.c.
 *
 * Conventions: CPython's.
 *
 * PyTorch 1.13: torch/csrc/autograd/python_saved_variable_hooks.h
 */
#ifndef MINATEN_CSRC_AUTOGRAD_PYTHON_SAVED_VARIABLE_HOOKS_H
#define MINATEN_CSRC_AUTOGRAD_PYTHON_SAVED_VARIABLE_HOOKS_H

#include "csrc/python_headers.h"

#include "autograd/Node.h"
#include "autograd/SavedVariable.h"

/* torch._C._autograd.SavedTensor */
extern PyTypeObject THPSavedTensorType;

/* A SavedTensor for `variable`, a field of the node whose Python object
 * is fn (kept alive). */
PyObject* THPSavedTensor_make(PyObject* fn, SavedVariable* variable);

/* Adds the module _autograd to module and installs the default hooks'
 * getter (SavedVariable_getDefaultHooks).  0, or -1 with an exception. */
int THPSavedVariableHooks_init(PyObject* module);

#endif
