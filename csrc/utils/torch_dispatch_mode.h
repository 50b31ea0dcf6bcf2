/*
 * torch_dispatch_mode.h - TorchDispatchMode's C side: torch._C's mode stack
 * functions, and the Python key's call into the top mode (see
 * torch_dispatch_mode.c, Note [The Python key] in
 * dispatch/PythonFallbackKernel.h).
 */
#ifndef MINATEN_CSRC_UTILS_TORCH_DISPATCH_MODE_H
#define MINATEN_CSRC_UTILS_TORCH_DISPATCH_MODE_H

#include "csrc/python_headers.h"

/* Adds _push_on_torch_dispatch_stack, _pop_torch_dispatch_stack,
 * _get_dispatch_stack_at and _len_torch_dispatch_stack to torch._C and
 * sets the Python key's interpreter: 0 or -1. */
int THPTorchDispatchMode_init(PyObject* module);

#endif
