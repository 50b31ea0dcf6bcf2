/*
 * tensor_str.h - str(tensor) and repr(tensor) in PyTorch 1.13's layout
 * (tensor_str.c): torch._C._tensor_str, which torch.Tensor.__repr__
 * (python/minaten/_tensor.py) calls.
 *
 * PyTorch 1.13: torch/_tensor_str.py (kept in Python there; in C here, see
 * tensor_str.c)
 */
#ifndef MINATEN_CSRC_UTILS_TENSOR_STR_H
#define MINATEN_CSRC_UTILS_TENSOR_STR_H

#include "csrc/python_headers.h"

#include <stdio.h>

#include "runtime/TensorImpl.h"

/* The text of repr(tensor) for a torch.Tensor (or a subclass) object:
 * a new str, or NULL with a Python exception (an error of an operator the
 * printing calls: a lazy graph that fails, a grad_fn that cannot be made).
 * tensor_contents: NULL, or a str printed in place of the elements.
 * PyTorch 1.13: torch/_tensor_str.py _str */
PyObject* THPUtils_tensorStr(PyObject* tensor, PyObject* tensor_contents);

/* Writes the text of repr() of tensor t to out, for a debugger:
 * `call (void)THPUtils_tensorStrWrite(self, stdout)` at a stop inside a
 * call from Python (the thread holds the GIL), then `call (int)fflush(0)`.
 * 0, or -1 with minaten's error set (nothing written).  The prefix is
 * "tensor(" whatever the Python class of t's object. */
int THPUtils_tensorStrWrite(const Tensor* t, FILE* out);

/* Adds _tensor_str to module (torch._C): 0, or -1 with an exception. */
int THPTensorStr_init(PyObject* module);

#endif
