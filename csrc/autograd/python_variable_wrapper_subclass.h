/*
 * python_variable_wrapper_subclass.h - torch.Tensor._make_wrapper_subclass
 * (Note [Wrapper subclasses] in python_variable_wrapper_subclass.c).
 */
#ifndef MINATEN_CSRC_AUTOGRAD_PYTHON_VARIABLE_WRAPPER_SUBCLASS_H
#define MINATEN_CSRC_AUTOGRAD_PYTHON_VARIABLE_WRAPPER_SUBCLASS_H

#include "csrc/python_headers.h"

/* Adds the static method to torch._C._TensorBase: 0 or -1. */
int THPVariableWrapperSubclass_init(void);

#endif
