/*
 * python_tensor.h - the legacy tensor types torch.FloatTensor,
 * torch.LongTensor, ...; see python_tensor.c.
 * PyTorch 1.13: torch/csrc/tensor/python_tensor.h
 */
#ifndef MINATEN_CSRC_TENSOR_PYTHON_TENSOR_H
#define MINATEN_CSRC_TENSOR_PYTHON_TENSOR_H

#include "csrc/python_headers.h"

/* Readies the metaclass torch.tensortype and one type per dtype, and sets
 * them on module (torch.FloatTensor, ...).  0, or -1 with a Python error.
 * PyTorch 1.13: python_tensor.cpp initialize_python_bindings */
int THPTensorTypes_init(PyObject* module);

#endif
