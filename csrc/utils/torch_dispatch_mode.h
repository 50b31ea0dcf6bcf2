/*
 * torch_dispatch_mode.h - TorchDispatchMode's C side: torch._C's mode stack
 * functions, and the Python key's call into the top mode (see
 * torch_dispatch_mode.c, Note [The Python key] in
 * dispatch/PythonFallbackKernel.h).
 */
#ifndef MINATEN_CSRC_UTILS_TORCH_DISPATCH_MODE_H
#define MINATEN_CSRC_UTILS_TORCH_DISPATCH_MODE_H

#include "csrc/python_headers.h"

#include "dispatch/OperatorEntry.h"

/* Adds _push_on_torch_dispatch_stack, _pop_torch_dispatch_stack,
 * _get_dispatch_stack_at and _len_torch_dispatch_stack to torch._C and
 * sets the Python key's interpreter: 0 or -1. */
int THPTorchDispatchMode_init(PyObject* module);

/* torch._C._disabled_torch_dispatch_impl (borrowed): Tensor's own
 * __torch_dispatch__, which a subclass with one of its own replaces. */
PyObject* THPUtils_disabledTorchDispatchImpl(void);

/* Whether obj, a tensor, is of a class with a __torch_dispatch__ of its own.
 * PyTorch 1.13: python_variable.cpp check_has_torch_dispatch */
bool THPUtils_checkHasTorchDispatch(PyObject* obj);

/* An operator's boxed arguments as Python's args (a tuple) and kwargs (a
 * dict), as __torch_dispatch__ and a Python kernel receive them: args up to
 * the first keyword-only argument less the trailing ones equal to their
 * defaults, keyword-only ones not equal to their defaults in kwargs, a
 * wrapped number as a Python number, a dtype/layout/memory format as its
 * torch object.  0, or -1 with a Python exception set.
 * PyTorch 1.13: python_variable.cpp concrete_dispatch_fn (later PyTorch's
 * parseIValuesToPyArgsKwargs) */
int parseIValuesToPyArgsKwargs(const OperatorEntry* op, const IValue* args, PyObject** py_args, PyObject** py_kwargs);

/* What Python returned for op (msg names who: "__torch_dispatch__", "python
 * kernel") as op's returns rets (owned).  0, or -1 with minaten's error set.
 * PyTorch 1.13: python_variable.cpp concrete_dispatch_fn (later PyTorch's
 * pushPyOutToStack) */
int pushPyOutToStack(const OperatorEntry* op, PyObject* out, IValue* rets, const char* msg);

#endif
