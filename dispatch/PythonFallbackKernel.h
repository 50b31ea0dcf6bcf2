/*
 * PythonFallbackKernel.h - the Python key's fallback: where an operator call
 * leaves C for a TorchDispatchMode written in Python.
 *
 * Note [The Python key]
 * The Python key sits below the autograd keys and above the backends.  It
 * is in a call's key set when the thread has entered a TorchDispatchMode
 * (dispatch/TorchDispatchModeTLS.h) or minaten's trace mode (trace_on(),
 * dispatch/TraceMode.h).  Its fallback, pythonFallback, serves every
 * operator:
 *   - with modes entered, it hands the call to the Python interpreter
 *     (PyInterpreter_dispatch, set by the CPython module at import), which
 *     calls the top mode's __torch_dispatch__(func, types, args, kwargs)
 *     with that mode popped and the keys above Python (autograd,
 *     ADInplaceOrView) excluded, and converts what it returns back into the
 *     operator's returns;
 *   - else, when a tensor argument has the Python key (a __torch_dispatch__
 *     subclass), it hands the call to the interpreter, which calls the
 *     subclasses' __torch_dispatch__ (the trace mode, if on, prints the
 *     call first and is off while it runs);
 *   - else, with the trace mode on, it prints the call and runs it below
 *     the Python key (TraceMode_pythonFallback).
 * When the mode's handler calls func(*args), the call starts again from
 * the top: the keys above Python are excluded, so it comes back to the
 * Python key, and to the next mode down, or, with none left, past it to
 * the kernels.
 * NB(minaten): the trace mode is the bottom of the stack, not a mode of
 * its own: a Python mode entered with the trace on sees each call first.
 *
 * PyTorch 1.13: aten/src/ATen/core/PythonFallbackKernel.cpp (pythonFallback:
 * the mode first, else "a PyInterpreter on a Tensor"),
 * c10/core/impl/PyInterpreter.h (PyInterpreterVTable::dispatch)
 */
#ifndef MINATEN_DISPATCH_PYTHONFALLBACKKERNEL_H
#define MINATEN_DISPATCH_PYTHONFALLBACKKERNEL_H

#include "dispatch/KernelFunction.h"

/* The interpreter's side: runs op (args borrowed, rets the caller's) through
 * the top mode, or with none through its subclass arguments'
 * __torch_dispatch__.  0, or -1 with the error set.
 * PyTorch 1.13: c10/core/impl/PyInterpreter.h PyInterpreterVTable::dispatch */
typedef int (*PyInterpreter_dispatch_fn)(const OperatorEntry* op, IValue* args, IValue* rets);
void PyInterpreter_setDispatch(PyInterpreter_dispatch_fn dispatch);

/* The fallback registered for DispatchKey_Python (Note [The Python key]).
 * PyTorch 1.13: PythonFallbackKernel.cpp pythonFallback */
int pythonFallback(const KernelFunction* kernel, const OperatorEntry* op, DispatchKeySet ks, IValue* args,
                   IValue* rets);

/*
 * The fallback of PythonTLSSnapshot, the highest key, in the key set with
 * Python (a mode's include set, a subclass's tensor): in 1.13 it keeps the
 * thread's key sets as they were when the call entered the dispatcher, for
 * the Python key to restore around the Python code.  NB(minaten): the
 * Python key's fallback excludes the keys above Python itself
 * (csrc/utils/torch_dispatch_mode.c), so this one only runs the call below
 * its key.
 * PyTorch 1.13: PythonFallbackKernel.cpp pythonTLSSnapshotFallback
 */
int pythonTLSSnapshotFallback(const KernelFunction* kernel, const OperatorEntry* op, DispatchKeySet ks, IValue* args,
                              IValue* rets);

#endif
