/*
 * python_dispatch.h - torch._C's dispatcher bindings (python_dispatch.c):
 * torch.library's _DispatchModule with Python kernels, the dispatch
 * dumps, and loading an operator library into a python3 process.
 *
 * PyTorch 1.13: torch/csrc/utils/python_dispatch.h
 */
#ifndef MINATEN_CSRC_UTILS_PYTHON_DISPATCH_H
#define MINATEN_CSRC_UTILS_PYTHON_DISPATCH_H

#include "csrc/python_headers.h"

/* Adds _DispatchModule, _dispatch_library, _dispatch_dump,
 * _dispatch_dump_table and _load_library to torch._C: 0, or -1 with a
 * Python exception. */
int THPDispatch_init(PyObject* module);

#endif
