/*
 * python_dispatch.h - torch._C's part of torch.ops.load_library: loading
 * an operator library into a python3 process (python_dispatch.c).
 *
 * PyTorch 1.13: torch/csrc/utils/python_dispatch.h
 */
#ifndef MINATEN_CSRC_UTILS_PYTHON_DISPATCH_H
#define MINATEN_CSRC_UTILS_PYTHON_DISPATCH_H

#include "csrc/python_headers.h"

/* Adds torch._C._load_library to module: 0, or -1 with a Python exception. */
int THPDispatch_init(PyObject* module);

#endif
