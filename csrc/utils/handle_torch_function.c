/*
 * handle_torch_function.c - see handle_torch_function.h.
 *
 * PyTorch 1.13: torch/csrc/utils/python_arg_parser.cpp
 */
#include "csrc/utils/handle_torch_function.h"

#include <stdio.h>

static PyObject* name_torch_function; /* "__torch_function__" */
static PyObject* name_self;           /* "__self__" */

/* PyTorch 1.13: python_arg_parser.cpp append_overloaded_arg */
int OverloadedArgs_append(OverloadedArgs* o, PyObject* obj) {
  PyTypeObject* type = Py_TYPE(obj);
  for (int i = 0; i < o->n; i++)
    if (Py_TYPE(o->args[i]) == type) return 0; /* its class's __torch_function__ is there already */
  if (o->n == THP_MAX_OVERLOADED_ARGS) {
    PyErr_Format(PyExc_RuntimeError, "minaten: more than %d classes override this call with __torch_function__",
                 THP_MAX_OVERLOADED_ARGS);
    return -1;
  }
  int at = o->n;
  for (int i = 0; i < o->n; i++) {
    int sub = PyObject_IsSubclass((PyObject*)type, (PyObject*)Py_TYPE(o->args[i]));
    if (sub < 0) return -1;
    if (sub) { /* a subclass's __torch_function__ before its base's */
      at = i;
      break;
    }
  }
  for (int i = o->n; i > at; i--) o->args[i] = o->args[i - 1];
  o->args[at] = obj;
  o->n++;
  return 0;
}

/* "no implementation found for 'torch.add' on types that implement
 * __torch_function__: [<class 'X'>]" (and " nor was it found on the
 * currently active mode <...>").  Returns NULL. */
static PyObject* not_implemented_error(PyObject* types, const char* module_name, const char* func_name,
                                       PyObject* mode) {
  PyObject* list = PySequence_List(types);
  if (list == NULL) return NULL;
  if (mode != NULL)
    PyErr_Format(PyExc_TypeError,
                 "no implementation found for '%s.%s' on types that implement __torch_function__: %R nor was it "
                 "found on the currently active mode %R",
                 module_name, func_name, list, mode);
  else
    PyErr_Format(PyExc_TypeError, "no implementation found for '%s.%s' on types that implement __torch_function__: %R",
                 module_name, func_name, list);
  Py_DECREF(list);
  return NULL;
}

/* obj.__torch_function__(func, types, args[, kwargs]): three arguments when
 * kwargs is NULL, as 1.13's PyObject_CallFunctionObjArgs ends its list at
 * the first NULL. */
static PyObject* call_torch_function(PyObject* torch_function, PyObject* func, PyObject* types, PyObject* args,
                                     PyObject* kwargs) {
  PyObject* call_args[4] = {func, types, args, kwargs};
  return PyObject_Vectorcall(torch_function, call_args, kwargs != NULL ? 4 : 3, NULL);
}

/* Whether f.__self__ is obj (f a method bound to obj, not to its class). */
static int bound_to(PyObject* f, PyObject* obj) {
  PyObject* self = PyObject_GetAttr(f, name_self);
  if (self == NULL) {
    if (!PyErr_ExceptionMatches(PyExc_AttributeError)) return -1;
    PyErr_Clear();
    return 0;
  }
  int r = self == obj;
  Py_DECREF(self);
  return r;
}

/* Step 1: the entered mode's __torch_function__, with the C mode unset
 * while it runs.  Returns its result (NotImplemented possibly), or NULL
 * with an exception; *mode_out the mode (a new reference), for the error. */
static PyObject* call_mode(PyObject* func, PyObject* types, PyObject* args, PyObject* kwargs, PyObject** mode_out) {
  PyObject* mode = StashTorchFunctionModeGuard_enter();
  *mode_out = Py_NewRef(mode);
  PyObject* ret = NULL;
  PyObject* torch_function = PyObject_GetAttr(mode, name_torch_function);
  if (torch_function != NULL) {
    int r = bound_to(torch_function, mode);
    if (r == 0) /* PyTorch 1.13: handle_torch_function_no_python_arg_parser's TORCH_CHECK */
      PyErr_SetString(PyExc_RuntimeError,
                      "Defining your mode's `__torch_function__` as a classmethod is not supported, please make it a "
                      "plain method");
    else if (r > 0)
      ret = call_torch_function(torch_function, func, types, args, kwargs);
    Py_DECREF(torch_function);
  }
  StashTorchFunctionModeGuard_exit(mode);
  return ret;
}

/* PyTorch 1.13: python_arg_parser.cpp handle_torch_function_no_python_arg_parser */
PyObject* handle_torch_function_no_python_arg_parser(const OverloadedArgs* overloaded, PyObject* args,
                                                     PyObject* kwargs, const char* func_name,
                                                     PyObject* torch_api_function, const char* module_name) {
  PyObject* types = PyTuple_New(overloaded->n);
  if (types == NULL) return NULL;
  for (int i = 0; i < overloaded->n; i++) PyTuple_SET_ITEM(types, i, Py_NewRef((PyObject*)Py_TYPE(overloaded->args[i])));
  PyObject* ret = NULL;
  PyObject* mode = NULL;
  if (torch_function_mode_enabled()) {
    ret = call_mode(torch_api_function, types, args, kwargs, &mode);
    if (ret == NULL) goto done;
  }
  for (int i = 0; (ret == NULL || ret == Py_NotImplemented) && i < overloaded->n; i++) {
    PyObject* arg = overloaded->args[i];
    PyObject* torch_function = PyObject_GetAttr(arg, name_torch_function);
    if (torch_function == NULL) goto done;
    int r = bound_to(torch_function, arg);
    /* See https://github.com/pytorch/pytorch/issues/63767 */
    if (r > 0 && torch_function != disabled_torch_function_impl())
      r = PyErr_WarnEx(PyExc_UserWarning,
                       "Defining your `__torch_function__` as a plain method is deprecated and will be an error in "
                       "future, please define it as a classmethod.",
                       1);
    Py_CLEAR(ret);
    if (r >= 0) ret = call_torch_function(torch_function, torch_api_function, types, args, kwargs);
    Py_DECREF(torch_function);
    if (ret == NULL) goto done;
  }
  if (ret == NULL || ret == Py_NotImplemented) {
    /* every __torch_function__ returned NotImplemented */
    Py_CLEAR(ret);
    not_implemented_error(types, module_name, func_name, mode);
  }
done:
  Py_XDECREF(mode);
  Py_DECREF(types);
  return ret;
}

/* (self,) + args[0..nargs), and kwargs as a dict (NULL if none). */
static int pack_args(PyObject* self, PyObject* const* args, Py_ssize_t nargs, PyObject* kwnames, PyObject** py_args,
                     PyObject** py_kwargs) {
  Py_ssize_t first = self != NULL ? 1 : 0;
  *py_kwargs = NULL;
  *py_args = PyTuple_New(first + nargs);
  if (*py_args == NULL) return -1;
  if (self != NULL) PyTuple_SET_ITEM(*py_args, 0, Py_NewRef(self));
  for (Py_ssize_t i = 0; i < nargs; i++) PyTuple_SET_ITEM(*py_args, first + i, Py_NewRef(args[i]));
  Py_ssize_t nkw = kwnames != NULL ? PyTuple_GET_SIZE(kwnames) : 0;
  if (nkw == 0) return 0;
  *py_kwargs = PyDict_New();
  if (*py_kwargs == NULL) goto fail;
  for (Py_ssize_t i = 0; i < nkw; i++)
    if (PyDict_SetItem(*py_kwargs, PyTuple_GET_ITEM(kwnames, i), args[nargs + i]) < 0) goto fail;
  return 0;
fail:
  Py_CLEAR(*py_args);
  Py_CLEAR(*py_kwargs);
  return -1;
}

/* PyTorch 1.13: python_arg_parser.cpp handle_torch_function(PythonArgs& r, self, args, kwargs, torch_api, module_name) */
PyObject* handle_torch_function_vectorcall(const OverloadedArgs* overloaded, PyObject* self, PyObject* const* args,
                                           Py_ssize_t nargs, PyObject* kwnames, PyObject* torch_api,
                                           const char* func_name, const char* module_name) {
  PyObject* func = PyObject_GetAttrString(torch_api, func_name);
  if (func == NULL) return NULL;
  PyObject *py_args, *py_kwargs;
  PyObject* ret = NULL;
  if (pack_args(self, args, nargs, kwnames, &py_args, &py_kwargs) == 0) {
    ret = handle_torch_function_no_python_arg_parser(overloaded, py_args, py_kwargs, func_name, func, module_name);
    Py_DECREF(py_args);
    Py_XDECREF(py_kwargs);
  }
  Py_DECREF(func);
  return ret;
}

PyObject* handle_torch_function_args(const OverloadedArgs* overloaded, PyObject* self, PyObject* args,
                                     PyObject* kwargs, PyObject* torch_api, const char* func_name,
                                     const char* module_name) {
  Py_ssize_t nargs = args != NULL ? PyTuple_GET_SIZE(args) : 0;
  PyObject* py_args = PyTuple_New(nargs + (self != NULL));
  if (py_args == NULL) return NULL;
  if (self != NULL) PyTuple_SET_ITEM(py_args, 0, Py_NewRef(self));
  for (Py_ssize_t i = 0; i < nargs; i++) PyTuple_SET_ITEM(py_args, i + (self != NULL), Py_NewRef(PyTuple_GET_ITEM(args, i)));
  PyObject* func = PyObject_GetAttrString(torch_api, func_name);
  PyObject* ret = NULL;
  if (func != NULL)
    ret = handle_torch_function_no_python_arg_parser(overloaded, py_args, kwargs != NULL && PyDict_GET_SIZE(kwargs) > 0 ? kwargs : NULL,
                                                     func_name, func, module_name);
  Py_XDECREF(func);
  Py_DECREF(py_args);
  return ret;
}

/* PyTorch 1.13: python_arg_parser.cpp handle_torch_function(self, func_name, args, kwargs, torch_api, module_name) */
static PyObject* handle_torch_function_self(PyObject* self, const char* func_name, PyObject* const* args,
                                            Py_ssize_t nargs, PyObject* kwnames, PyObject* torch_api,
                                            const char* module_name) {
  OverloadedArgs o = {1, {self}}; /* self, even a plain tensor under a mode */
  return handle_torch_function_vectorcall(&o, self, args, nargs, kwnames, torch_api, func_name, module_name);
}

PyObject* handle_torch_function_method(PyObject* self, const char* func_name, PyObject* const* args,
                                       Py_ssize_t nargs, PyObject* kwnames) {
  return handle_torch_function_self(self, func_name, args, nargs, kwnames, THPVariableClass, "torch.Tensor");
}

/* PyTorch 1.13: python_arg_parser.cpp handle_torch_function_getter */
PyObject* handle_torch_function_getter(PyObject* self, const char* property_name) {
  PyObject* property = PyObject_GetAttrString(THPVariableClass, property_name);
  if (property == NULL) return NULL;
  char module_name[128];
  snprintf(module_name, sizeof module_name, "torch.Tensor.%s", property_name);
  PyObject* ret = handle_torch_function_self(self, "__get__", NULL, 0, NULL, property, module_name);
  Py_DECREF(property);
  return ret;
}

/* PyTorch 1.13: python_arg_parser.cpp handle_torch_function_setter */
int handle_torch_function_setter(PyObject* self, const char* property_name, PyObject* value) {
  PyObject* property = PyObject_GetAttrString(THPVariableClass, property_name);
  if (property == NULL) return -1;
  char module_name[128];
  snprintf(module_name, sizeof module_name, "torch.Tensor.%s", property_name);
  PyObject* ret = value != NULL ? handle_torch_function_self(self, "__set__", &value, 1, NULL, property, module_name)
                                : handle_torch_function_self(self, "__delete__", NULL, 0, NULL, property, module_name);
  Py_DECREF(property);
  if (ret == NULL) return -1;
  Py_DECREF(ret);
  return 0;
}

/* PyTorch 1.13: python_arg_parser.cpp handle_torch_function_indexing */
PyObject* handle_torch_function_indexing(PyObject* self, PyObject* index, PyObject* val) {
  const char* func_name = val == NULL ? "__getitem__" : "__setitem__";
  OverloadedArgs o = {0, {NULL}};
  if (OverloadedArgs_check(&o, self) < 0) return NULL;
  if (PyTuple_Check(index)) {
    for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(index); i++)
      if (OverloadedArgs_check(&o, PyTuple_GET_ITEM(index, i)) < 0) return NULL;
  } else if (OverloadedArgs_check(&o, index) < 0) {
    return NULL;
  }
  if (val != NULL && OverloadedArgs_check(&o, val) < 0) return NULL;
  PyObject* func = PyObject_GetAttrString(THPVariableClass, func_name);
  if (func == NULL) return NULL;
  PyObject* args = val == NULL ? PyTuple_Pack(2, self, index) : PyTuple_Pack(3, self, index, val);
  PyObject* ret = NULL;
  if (args != NULL) {
    ret = handle_torch_function_no_python_arg_parser(&o, args, NULL, func_name, func, "torch.Tensor");
    Py_DECREF(args);
  }
  Py_DECREF(func);
  return ret;
}

int THPHandleTorchFunction_init(void) {
  name_torch_function = PyUnicode_InternFromString("__torch_function__");
  name_self = PyUnicode_InternFromString("__self__");
  return name_torch_function == NULL || name_self == NULL ? -1 : 0;
}
