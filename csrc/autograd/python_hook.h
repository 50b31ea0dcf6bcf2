/*
 * python_hook.h - the hooks Python registers on the backward graph, as the
 * engine's FunctionPreHook and FunctionPostHook (autograd/function_hook.h).
 *
 * Each holds a dict {handle id: callable} (a RemovableHandle's dict,
 * python/minaten/utils/hooks.py), called in the dict's order; one hook of a
 * kind per node or tensor, holding its dict, more callables going into the
 * same dict:
 *
 *   PyFunctionTensorPreHook(dict, value_idx)  Tensor.register_hook: on a
 *       non-leaf a pre-hook of its grad_fn (Node._register_hook_dict) for
 *       the gradient at value_idx (the tensor's output_nr), on a leaf one
 *       of its own hooks (AutogradMeta.hooks, set by `_backward_hooks =`),
 *       which its AccumulateGrad calls; each callable gets the gradient
 *       (None if undefined) and returns None or its replacement;
 *   PyFunctionPreHook(dict)   Node.register_prehook: each callable gets the
 *       tuple of the node's input gradients, returns None or a new tuple;
 *   PyFunctionPostHook(dict)  Node.register_hook: each callable gets
 *       (grad_inputs, grad_outputs), the node's output and input gradients,
 *       returns None or new grad_inputs.
 *
 * A replacement is checked against what it replaces (1.13's check_result,
 * check_single_result): a tuple of the same length, tensors (or None) of
 * the same type and size; a None gradient stays None.  An exception a
 * callable raises unwinds through the engine and reaches the caller of
 * backward() unchanged (THPException_toError).
 *
 * The hooks may be destroyed without the GIL (a graph freed from C) or
 * after the interpreter is gone: destroy takes the GIL, and leaks the dict
 * once Python is finalized, as 1.13's destructors do.
 *
 * PyTorch 1.13: torch/csrc/autograd/python_hook.h, python_hook.cpp
 */
#ifndef MINATEN_CSRC_AUTOGRAD_PYTHON_HOOK_H
#define MINATEN_CSRC_AUTOGRAD_PYTHON_HOOK_H

#include "csrc/python_headers.h"

#include "autograd/function_hook.h"

typedef struct PyFunctionTensorPreHook {
  FunctionPreHook base;
  PyObject* dict; /* owned */
  uint32_t value_idx;
} PyFunctionTensorPreHook;

typedef struct PyFunctionPreHook {
  FunctionPreHook base;
  PyObject* dict;
} PyFunctionPreHook;

typedef struct PyFunctionPostHook {
  FunctionPostHook base;
  PyObject* dict;
} PyFunctionPostHook;

extern const FunctionPreHookType PyFunctionTensorPreHook_type;
extern const FunctionPreHookType PyFunctionPreHook_type;
extern const FunctionPostHookType PyFunctionPostHook_type;

/* New hooks holding a reference to dict; NULL with a Python exception (out
 * of memory).  PyTorch 1.13: their constructors */
FunctionPreHook* PyFunctionTensorPreHook_new(PyObject* dict, uint32_t value_idx);
FunctionPreHook* PyFunctionPreHook_new(PyObject* dict);
FunctionPostHook* PyFunctionPostHook_new(PyObject* dict);

/* The dict of a Python hook, NULL for a hook of another kind. */
PyObject* FunctionPreHook_pyDict(const FunctionPreHook* hook);
PyObject* FunctionPostHook_pyDict(const FunctionPostHook* hook);

#endif
