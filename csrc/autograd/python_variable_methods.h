/*
 * python_variable_methods.h - the hand-written methods of
 * torch._C._TensorBase (size, to, item, __bool__, ...): see
 * python_variable_methods.c.
 *
 * PyTorch 1.13: torch/csrc/autograd/python_variable_methods.cpp
 */
#ifndef MINATEN_CSRC_AUTOGRAD_PYTHON_VARIABLE_METHODS_H
#define MINATEN_CSRC_AUTOGRAD_PYTHON_VARIABLE_METHODS_H

#include "csrc/python_headers.h"

/* Adds them to torch._C._TensorBase (after THPBindings_init: a
 * hand-written method replaces an operator's binding of the same name, as
 * 1.13's variable_methods table lists them instead). */
int THPVariableMethods_init(PyObject* module);

#endif
