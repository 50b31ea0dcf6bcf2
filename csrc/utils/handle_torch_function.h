/*
 * handle_torch_function.h - a call handed to __torch_function__ instead of
 * its C binding (Note [Two levels of Python overrides] in
 * python_torch_function_mode.h).
 *
 * A binding that finds an overriding argument (disable_torch_function.h
 * check_has_torch_function), or a TorchFunctionMode entered, calls
 * handle_torch_function_* instead of its operator: with `func` the public
 * API function the caller called, looked up by name on torch_api
 * (torch.Tensor for a method or property, torch._C._VariableFunctions for
 * torch.NAME), `types` the classes of the overriding arguments, `args`
 * the positional arguments (self first for a method), `kwargs` the keyword
 * arguments (None when there are none: then __torch_function__ is called
 * with three arguments, as 1.13 calls it).
 *
 *   1. an entered mode first: the C mode (a _TorchFunctionStackMode) is
 *      unset while its __torch_function__ runs (StashTorchFunctionModeGuard);
 *   2. then, while the result is NotImplemented, each overriding
 *      argument's class's __torch_function__ in turn (subclasses before
 *      their bases, else left to right: append_overloaded_arg);
 *   3. all NotImplemented: 1.13's TypeError, "no implementation found for
 *      'torch.add' on types that implement __torch_function__: [...]".
 *
 * Conventions: CPython's: a new reference, or NULL with an exception.
 *
 * PyTorch 1.13: torch/csrc/utils/python_arg_parser.cpp (handle_torch_function,
 * handle_torch_function_no_python_arg_parser, handle_torch_function_getter,
 * handle_torch_function_setter, handle_torch_function_indexing,
 * append_overloaded_arg, is_tensor_and_append_overloaded); split from
 * csrc/utils/python_arg_parser.c, which parses.
 */
#ifndef MINATEN_CSRC_UTILS_HANDLE_TORCH_FUNCTION_H
#define MINATEN_CSRC_UTILS_HANDLE_TORCH_FUNCTION_H

#include "csrc/python_headers.h"

#include <stdbool.h>

#include "csrc/utils/disable_torch_function.h"

/* The arguments that override a call, at most this many distinct classes. */
enum { THP_MAX_OVERLOADED_ARGS = 16 };
typedef struct OverloadedArgs {
  int n;
  PyObject* args[THP_MAX_OVERLOADED_ARGS]; /* borrowed */
} OverloadedArgs;

/* Adds obj, which overrides, unless an argument of its class is there
 * already; before the first argument of a base class of it.  0, or -1
 * (more classes than THP_MAX_OVERLOADED_ARGS: RuntimeError).
 * PyTorch 1.13: python_arg_parser.cpp append_overloaded_arg */
int OverloadedArgs_append(OverloadedArgs* o, PyObject* obj);

/* For each argument the parser matched to a Tensor: a plain torch.Tensor
 * costs one comparison.  0, or -1.
 * PyTorch 1.13: python_arg_parser.cpp is_tensor_and_append_overloaded */
static inline int OverloadedArgs_check(OverloadedArgs* o, PyObject* obj) {
  if (THPVariable_CheckTypeExact(Py_TYPE(obj)) || !check_has_torch_function(obj, true)) return 0;
  return OverloadedArgs_append(o, obj);
}

/* The call to __torch_function__ (steps 1-3 above): args a tuple, kwargs a
 * dict or NULL.  module_name and func_name name func in the TypeError
 * ("torch.Tensor" "add").
 * PyTorch 1.13: handle_torch_function_no_python_arg_parser */
PyObject* handle_torch_function_no_python_arg_parser(const OverloadedArgs* overloaded, PyObject* args,
                                                     PyObject* kwargs, const char* func_name,
                                                     PyObject* torch_api_function, const char* module_name);

/* A binding's call, with CPython's vectorcall arguments: func is
 * torch_api.func_name, args are (self,) + args.  self may be NULL (a
 * function).  PyTorch 1.13: handle_torch_function(PythonArgs&, ...) */
PyObject* handle_torch_function_vectorcall(const OverloadedArgs* overloaded, PyObject* self, PyObject* const* args,
                                           Py_ssize_t nargs, PyObject* kwnames, PyObject* torch_api,
                                           const char* func_name, const char* module_name);

/* The same with a tuple of arguments (NULL: none) and a dict of keyword
 * arguments (NULL or empty: none), self put first when not NULL.
 * PyTorch 1.13: handle_torch_function(PythonArgs&, self, args, kwargs, ...) */
PyObject* handle_torch_function_args(const OverloadedArgs* overloaded, PyObject* self, PyObject* args,
                                     PyObject* kwargs, PyObject* torch_api, const char* func_name,
                                     const char* module_name);

/* A hand-written Tensor method that checked check_has_torch_function(self):
 * self alone overrides; func is torch.Tensor.func_name.
 * PyTorch 1.13: handle_torch_function(self, func_name, args, kwargs) */
PyObject* handle_torch_function_method(PyObject* self, const char* func_name, PyObject* const* args,
                                       Py_ssize_t nargs, PyObject* kwnames);

/* A property of a tensor: func is torch.Tensor.NAME.__get__ (with args
 * (self,)), __set__ ((self, value)) or __delete__.  The setter returns 0
 * or -1.  PyTorch 1.13: handle_torch_function_getter, handle_torch_function_setter */
PyObject* handle_torch_function_getter(PyObject* self, const char* property_name);
int handle_torch_function_setter(PyObject* self, const char* property_name, PyObject* value);

/* self[index] (val NULL) and self[index] = val: func is
 * torch.Tensor.__getitem__ / __setitem__; self, each element of an index
 * tuple, and val may override.
 * PyTorch 1.13: handle_torch_function_indexing */
PyObject* handle_torch_function_indexing(PyObject* self, PyObject* index, PyObject* val);

/* Adds nothing to torch._C yet; interns the names.  0, or -1. */
int THPHandleTorchFunction_init(void);

#endif
