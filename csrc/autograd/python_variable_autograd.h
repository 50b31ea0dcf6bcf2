/*
 * python_variable_autograd.h - the autograd properties and methods of
 * torch._C._TensorBase (requires_grad, grad, grad_fn, is_leaf, data,
 * requires_grad_, retain_grad, detach_, ...): see python_variable_autograd.c.
 *
 * PyTorch 1.13: torch/csrc/autograd/python_variable.cpp (THPVariable_properties),
 * python_variable_methods.cpp
 */
#ifndef MINATEN_CSRC_AUTOGRAD_PYTHON_VARIABLE_AUTOGRAD_H
#define MINATEN_CSRC_AUTOGRAD_PYTHON_VARIABLE_AUTOGRAD_H

#include "csrc/python_headers.h"

/* Adds them to torch._C._TensorBase (after THPBindings_init, so that a
 * name here wins over an operator's binding). */
int THPVariableAutograd_init(PyObject* module);

#endif
