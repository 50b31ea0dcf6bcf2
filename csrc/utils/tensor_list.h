/*
 * tensor_list.h - Tensor.tolist() (tensor_list.c).
 * PyTorch 1.13: torch/csrc/utils/tensor_list.h
 */
#ifndef MINATEN_CSRC_UTILS_TENSOR_LIST_H
#define MINATEN_CSRC_UTILS_TENSOR_LIST_H

#include "csrc/python_headers.h"

#include "runtime/TensorImpl.h"

/* The elements of t as nested lists (a number for a 0-dim tensor): a new
 * reference, or NULL with an exception.
 * PyTorch 1.13: torch/csrc/utils/tensor_list.cpp tensor_to_list */
PyObject* tensor_to_list(const Tensor* t);

/* Adds Tensor.tolist to _TensorBase. */
int THPUtils_initTensorList(PyObject* module);

#endif
