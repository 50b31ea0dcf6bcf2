/*
 * init.h - the autograd switches of torch._C: is_grad_enabled and
 * _set_grad_enabled, over runtime/GradMode.h (the thread's grad mode),
 * which python/minaten/autograd/grad_mode.py's context managers call.
 *
 * PyTorch 1.13: torch/csrc/autograd/init.cpp (python_functions)
 */
#ifndef MINATEN_CSRC_AUTOGRAD_INIT_H
#define MINATEN_CSRC_AUTOGRAD_INIT_H

#include "csrc/python_headers.h"

/* Adds them to module (torch._C). */
int THPAutograd_init(PyObject* module);

#endif
