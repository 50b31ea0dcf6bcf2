/*
 * init.h - torch._C._lazy: the Lazy backend's Python functions.
 * PyTorch 1.13: torch/csrc/lazy/python/init.h
 */
#ifndef MINATEN_CSRC_LAZY_PYTHON_INIT_H
#define MINATEN_CSRC_LAZY_PYTHON_INIT_H

#include "csrc/python_headers.h"

/* Adds the submodule torch._C._lazy to `module`: 0 or -1.
 * PyTorch 1.13: torch/csrc/lazy/python/init.cpp initLazyBindings */
int THPLazy_init(PyObject* module);

#endif
