/*
 * python_hook.c - see python_hook.h.
 *
 * Note [Extend Hook Lifetime] (1.13's): the callables are taken from the
 * dict as a list (PyDict_Values) before the first is called, so a hook
 * that removes itself or another (handle.remove()) while running neither
 * frees what is being called nor changes this round's list.
 *
 * PyTorch 1.13: torch/csrc/autograd/python_hook.cpp,
 * torch/csrc/autograd/custom_function.cpp check_variable_result
 */
#include "csrc/autograd/python_hook.h"

#include <stdio.h>
#include <stdlib.h>

#include "csrc/Exceptions.h"
#include "csrc/autograd/python_variable.h"
#include "ops/TensorUtils.h"
#include "runtime/Exception.h"

/* ---- checking what a hook returned -------------------------------------------- */

/* hook.__name__ if it is a string, else "<unknown>" (a new reference, or
 * NULL with an exception).  PyTorch 1.13: python_hook.cpp hook_name */
static PyObject* hook_name(PyObject* hook) {
  if (PyObject_HasAttrString(hook, "__name__")) {
    PyObject* name = PyObject_GetAttrString(hook, "__name__");
    if (name == NULL || PyUnicode_Check(name)) return name;
    Py_DECREF(name);
  }
  return PyUnicode_FromString("<unknown>");
}

/* The type as Tensor::toString names it (a lazy tensor: "LazyFloatType"). */
static const char* type_string(const Tensor* t, char* buf, size_t size) {
  if (t->device.type != DeviceType_Lazy) return Tensor_typeString(t);
  snprintf(buf, size, "Lazy%sType", ScalarType_name(t->dtype));
  return buf;
}

/* A RuntimeError "hook 'NAME' <what>"; -1. */
static int hook_error(PyObject* hook, const char* what) {
  PyObject* name = hook_name(hook);
  if (name == NULL) return -1;
  PyErr_Format(PyExc_RuntimeError, "hook '%U' %s", name, what);
  Py_DECREF(name);
  return -1;
}

/* A gradient a hook returned in place of `original`: the same type (dtype,
 * device type) and sizes.  0, or -1 with 1.13's RuntimeError.
 * PyTorch 1.13: torch/csrc/autograd/custom_function.cpp check_variable_result */
static int check_variable_result(const Tensor* original, const Tensor* result, PyObject* hook) {
  if (original->dtype != result->dtype || original->device.type != result->device.type) {
    char a[64], b[64], what[256];
    snprintf(what, sizeof what, "has changed the type of value (was %s got %s)", type_string(original, a, sizeof a),
             type_string(result, b, sizeof b));
    return hook_error(hook, what);
  }
  if (!Tensor_hasSizes(result, Tensor_sizes(original))) return hook_error(hook, "has changed the size of value");
  return 0;
}

/* PyTorch 1.13: python_hook.cpp check_single_result */
static int check_single_result(PyObject* original, PyObject* result, PyObject* hook) {
  if (result == Py_None) return 0;
  if (original == Py_None) {
    PyErr_SetString(PyExc_RuntimeError, "can't replace a None gradient with a non-None value");
    return -1;
  }
  if (!PyObject_IsInstance(result, THPVariableClass != NULL ? THPVariableClass : (PyObject*)&THPVariableType)) {
    PyErr_Format(PyExc_TypeError, "expected Variable, but hook returned '%s'", Py_TYPE(result)->tp_name);
    return -1;
  }
  return check_variable_result(THPVariable_Unpack(original), THPVariable_Unpack(result), hook);
}

/* A tuple a hook returned in place of the tuple `prev`.
 * PyTorch 1.13: python_hook.cpp check_result */
static int check_result(PyObject* prev, PyObject* result, PyObject* hook) {
  if (!PyTuple_Check(result)) {
    PyErr_Format(PyExc_TypeError, "expected tuple, but hook returned '%s'", Py_TYPE(result)->tp_name);
    return -1;
  }
  Py_ssize_t prev_size = PyTuple_GET_SIZE(prev), result_size = PyTuple_GET_SIZE(result);
  if (prev_size != result_size) {
    char what[160];
    snprintf(what, sizeof what, "has returned an incorrect number of values (got %zd, but expected %zd)",
             result_size, prev_size);
    return hook_error(hook, what);
  }
  for (Py_ssize_t i = 0; i < prev_size; i++)
    if (check_single_result(PyTuple_GET_ITEM(prev, i), PyTuple_GET_ITEM(result, i), hook) < 0) return -1;
  return 0;
}

/* ---- tensors <-> Python ------------------------------------------------------- */

/* A tuple of the n gradients (None for NULL).  PyTorch 1.13: python_hook.cpp wrap_variables */
static PyObject* wrap_variables(Tensor* const* values, uint32_t n) {
  PyObject* tuple = PyTuple_New(n);
  for (uint32_t i = 0; tuple != NULL && i < n; i++) {
    PyObject* var = THPVariable_Wrap(values[i] != NULL ? Tensor_retain(values[i]) : NULL);
    if (var == NULL) Py_CLEAR(tuple);
    else PyTuple_SET_ITEM(tuple, i, var);
  }
  return tuple;
}

/* values[i] := the tuple's i-th tensor (None: undefined), for a tuple
 * check_result accepted.  PyTorch 1.13: python_hook.cpp unwrap_variables */
static void unwrap_variables(PyObject* tuple, Tensor** values, uint32_t n) {
  for (uint32_t i = 0; i < n && i < (uint32_t)PyTuple_GET_SIZE(tuple); i++) {
    PyObject* item = PyTuple_GET_ITEM(tuple, i);
    Tensor* t = item == Py_None ? NULL : Tensor_retain(THPVariable_Unpack(item));
    Tensor_release(values[i]);
    values[i] = t;
  }
}

/* Calls each callable of dict with args; *value (args[0], a new reference)
 * becomes what a callable returned, checked as a tuple (`tuple`) or a
 * single gradient.  0, or -1 with a Python exception.
 * PyTorch 1.13: the loops of the operator()s of python_hook.cpp */
static int call_hooks(PyObject* dict, PyObject** value, PyObject* second, bool tuple) {
  PyObject* hooks = PyDict_Values(dict); /* See Note [Extend Hook Lifetime] */
  if (hooks == NULL) return -1;
  for (Py_ssize_t i = 0; i < PyList_GET_SIZE(hooks); i++) {
    PyObject* hook = PyList_GET_ITEM(hooks, i);
    PyObject* res = second != NULL ? PyObject_CallFunctionObjArgs(hook, *value, second, NULL)
                                   : PyObject_CallOneArg(hook, *value);
    if (res == NULL) goto fail;
    if (res == Py_None) {
      Py_DECREF(res);
      continue;
    }
    if ((tuple ? check_result(*value, res, hook) : check_single_result(*value, res, hook)) < 0) {
      Py_DECREF(res);
      goto fail;
    }
    Py_SETREF(*value, res);
  }
  Py_DECREF(hooks);
  return 0;
fail:
  Py_DECREF(hooks);
  return -1;
}

/* ---- the three hooks ---------------------------------------------------------- */

/* PyTorch 1.13: python_hook.cpp PyFunctionTensorPreHook::operator() */
static int PyFunctionTensorPreHook_call(FunctionPreHook* hook, Tensor** values, uint32_t n) {
  PyFunctionTensorPreHook* self = (PyFunctionTensorPreHook*)hook;
  if (self->value_idx >= n) return 0;
  PyGILState_STATE gil = PyGILState_Ensure();
  Tensor* grad = values[self->value_idx];
  PyObject* value = THPVariable_Wrap(grad != NULL ? Tensor_retain(grad) : NULL);
  int rc = value != NULL ? call_hooks(self->dict, &value, NULL, false) : -1;
  if (rc == 0 && value != Py_None) {
    Tensor* replaced = Tensor_retain(THPVariable_Unpack(value));
    Tensor_release(values[self->value_idx]);
    values[self->value_idx] = replaced;
  }
  Py_XDECREF(value);
  if (rc < 0) THPException_toError();
  PyGILState_Release(gil);
  return rc;
}

/* PyTorch 1.13: python_hook.cpp PyFunctionPreHook::operator() */
static int PyFunctionPreHook_call(FunctionPreHook* hook, Tensor** values, uint32_t n) {
  PyFunctionPreHook* self = (PyFunctionPreHook*)hook;
  PyGILState_STATE gil = PyGILState_Ensure();
  PyObject* grad_outputs = wrap_variables(values, n);
  int rc = grad_outputs != NULL ? call_hooks(self->dict, &grad_outputs, NULL, true) : -1;
  if (rc == 0) unwrap_variables(grad_outputs, values, n);
  Py_XDECREF(grad_outputs);
  if (rc < 0) THPException_toError();
  PyGILState_Release(gil);
  return rc;
}

/* PyTorch 1.13: python_hook.cpp PyFunctionPostHook::operator() */
static int PyFunctionPostHook_call(FunctionPostHook* hook, Tensor** outputs, uint32_t num_outputs,
                                   Tensor* const* inputs, uint32_t num_inputs) {
  PyFunctionPostHook* self = (PyFunctionPostHook*)hook;
  PyGILState_STATE gil = PyGILState_Ensure();
  PyObject* grad_inputs = wrap_variables(outputs, num_outputs);
  PyObject* grad_outputs = grad_inputs != NULL ? wrap_variables(inputs, num_inputs) : NULL;
  int rc = grad_outputs != NULL ? call_hooks(self->dict, &grad_inputs, grad_outputs, true) : -1;
  if (rc == 0) unwrap_variables(grad_inputs, outputs, num_outputs);
  Py_XDECREF(grad_inputs);
  Py_XDECREF(grad_outputs);
  if (rc < 0) THPException_toError();
  PyGILState_Release(gil);
  return rc;
}

/* Drops a hook's dict, with the GIL; leaked once Python is finalized.
 * PyTorch 1.13: python_hook.cpp ~PyFunctionPreHook (its Py_IsInitialized check) */
static void release_dict(PyObject* dict) {
  if (dict == NULL || !Py_IsInitialized()) return;
  PyGILState_STATE gil = PyGILState_Ensure();
  Py_DECREF(dict);
  PyGILState_Release(gil);
}

static void PyFunctionTensorPreHook_destroy(FunctionPreHook* hook) {
  release_dict(((PyFunctionTensorPreHook*)hook)->dict);
  free(hook);
}

static void PyFunctionPreHook_destroy(FunctionPreHook* hook) {
  release_dict(((PyFunctionPreHook*)hook)->dict);
  free(hook);
}

static void PyFunctionPostHook_destroy(FunctionPostHook* hook) {
  release_dict(((PyFunctionPostHook*)hook)->dict);
  free(hook);
}

const FunctionPreHookType PyFunctionTensorPreHook_type = {"PyFunctionTensorPreHook", PyFunctionTensorPreHook_call,
                                                          PyFunctionTensorPreHook_destroy};
const FunctionPreHookType PyFunctionPreHook_type = {"PyFunctionPreHook", PyFunctionPreHook_call,
                                                    PyFunctionPreHook_destroy};
const FunctionPostHookType PyFunctionPostHook_type = {"PyFunctionPostHook", PyFunctionPostHook_call,
                                                      PyFunctionPostHook_destroy};

FunctionPreHook* PyFunctionTensorPreHook_new(PyObject* dict, uint32_t value_idx) {
  PyFunctionTensorPreHook* hook = malloc(sizeof *hook);
  if (hook == NULL) return (FunctionPreHook*)PyErr_NoMemory();
  *hook = (PyFunctionTensorPreHook){{&PyFunctionTensorPreHook_type}, Py_NewRef(dict), value_idx};
  return &hook->base;
}

FunctionPreHook* PyFunctionPreHook_new(PyObject* dict) {
  PyFunctionPreHook* hook = malloc(sizeof *hook);
  if (hook == NULL) return (FunctionPreHook*)PyErr_NoMemory();
  *hook = (PyFunctionPreHook){{&PyFunctionPreHook_type}, Py_NewRef(dict)};
  return &hook->base;
}

FunctionPostHook* PyFunctionPostHook_new(PyObject* dict) {
  PyFunctionPostHook* hook = malloc(sizeof *hook);
  if (hook == NULL) return (FunctionPostHook*)PyErr_NoMemory();
  *hook = (PyFunctionPostHook){{&PyFunctionPostHook_type}, Py_NewRef(dict)};
  return &hook->base;
}

PyObject* FunctionPreHook_pyDict(const FunctionPreHook* hook) {
  if (hook->type == &PyFunctionTensorPreHook_type) return ((const PyFunctionTensorPreHook*)hook)->dict;
  if (hook->type == &PyFunctionPreHook_type) return ((const PyFunctionPreHook*)hook)->dict;
  return NULL;
}

PyObject* FunctionPostHook_pyDict(const FunctionPostHook* hook) {
  return hook->type == &PyFunctionPostHook_type ? ((const PyFunctionPostHook*)hook)->dict : NULL;
}
