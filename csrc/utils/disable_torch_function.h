/*
 * disable_torch_function.h - which objects override a call through
 * __torch_function__, and how to switch that off.
 *
 * An argument overrides a call when its class has a __torch_function__
 * that is not torch._C._disabled_torch_function_impl, and it is neither a
 * plain torch.Tensor nor a basic Python object (a number, a str, a list,
 * None, ...), and __torch_function__ is not disabled
 * (torch._C.DisableTorchFunction, which torch.Tensor.__torch_function__
 * enters around the call it makes).  With a TorchFunctionMode entered,
 * every call is overridden.  The test costs one type comparison for a
 * plain tensor: the bindings' fast path.
 *
 *   torch._C.DisableTorchFunction            a context manager
 *   torch._C._disabled_torch_function_impl   func(*args, **kwargs) with it disabled;
 *                                            a class that sets it as its
 *                                            __torch_function__ opts out
 *   torch._C._is_torch_function_enabled()
 *   torch._C._has_torch_function(seq), _has_torch_function_unary(obj),
 *   _has_torch_function_variadic(*objs)      (torch.overrides.has_torch_function)
 *
 * Conventions: CPython's.
 *
 * PyTorch 1.13: torch/csrc/utils/disable_torch_function.h, .cpp;
 * torch/csrc/utils/python_arg_parser.h (check_has_torch_function,
 * is_basic_python_type, has_torch_function_attr)
 */
#ifndef MINATEN_CSRC_UTILS_DISABLE_TORCH_FUNCTION_H
#define MINATEN_CSRC_UTILS_DISABLE_TORCH_FUNCTION_H

#include "csrc/python_headers.h"

#include <stdbool.h>

#include "csrc/autograd/python_variable.h"
#include "csrc/utils/python_torch_function_mode.h"

/* torch._C._disabled_torch_function_impl (borrowed).
 * PyTorch 1.13: torch::disabled_torch_function_impl */
PyObject* disabled_torch_function_impl(void);

/* The types no __torch_function__ is looked for on.  NB: 1.13's list
 * ends with PyModule_Check(tp), of the type rather than the object, never
 * true: a module is looked at, here too.
 * PyTorch 1.13: python_arg_parser.h is_basic_python_type */
static inline bool is_basic_python_type(PyTypeObject* tp) {
  return tp == &PyBool_Type || tp == &PyLong_Type || tp == &PyFloat_Type || tp == &PyComplex_Type ||
         tp == &PyList_Type || tp == &PyTuple_Type || tp == &PyDict_Type || tp == &PySet_Type ||
         tp == &PyFrozenSet_Type || tp == &PyUnicode_Type || tp == &PyBytes_Type || tp == &PySlice_Type ||
         tp == Py_TYPE(Py_None) || tp == Py_TYPE(Py_Ellipsis) || tp == Py_TYPE(Py_NotImplemented);
}

/* Whether obj has a __torch_function__ attribute other than the disabled
 * one (no exception left).  PyTorch 1.13: python_arg_parser.h has_torch_function_attr */
bool has_torch_function_attr(PyObject* obj);

/* torch.Tensor itself (not a subclass).  PyTorch 1.13: THPVariable_CheckTypeExact
 * (which counts nn.Parameter too; minaten has none) */
static inline bool THPVariable_CheckTypeExact(PyTypeObject* tp) { return tp == (PyTypeObject*)THPVariableClass; }

/*
 * Whether obj overrides the call (see above); with a mode entered always,
 * unless ignore_mode (collecting the arguments that override: a mode makes
 * no argument one).
 * PyTorch 1.13: python_arg_parser.h check_has_torch_function
 */
static inline bool check_has_torch_function(PyObject* obj, bool ignore_mode) {
  if (!ignore_mode && torch_function_mode_enabled()) return true;
  PyTypeObject* tp = Py_TYPE(obj);
  return !THPVariable_CheckTypeExact(tp) && !is_basic_python_type(tp) && torch_function_enabled() &&
         has_torch_function_attr(obj);
}

/* Adds DisableTorchFunction, _disabled_torch_function_impl,
 * _is_torch_function_enabled and _has_torch_function* to torch._C: 0, or -1. */
int THPDisableTorchFunction_init(PyObject* module);

#endif
