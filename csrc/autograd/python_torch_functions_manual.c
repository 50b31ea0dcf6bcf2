/*
 * python_torch_functions_manual.c - the torch functions of
 * functionalization (ops/functionalization/FunctionalTensorWrapper.h):
 *
 *   torch._to_functional_tensor(t)     a functional tensor wrapping t
 *   torch._from_functional_tensor(t)   its value (not synced first)
 *   torch._is_functional_tensor(t)
 *   torch._sync(t)                     applies the writes queued for t
 *   torch._enable_functionalization(*, reapply_views=False)
 *   torch._disable_functionalization() the Functionalize key in the
 *                                      thread's included set, or not
 *
 * PyTorch 1.13: torch/csrc/autograd/python_torch_functions_manual.cpp
 */
#include "csrc/python_headers.h"

#include "csrc/Exceptions.h"
#include "csrc/autograd/python_bindings.h"
#include "csrc/autograd/python_variable.h"
#include "csrc/utils/python_arg_parser.h"
#include "ops/functionalization/FunctionalTensorWrapper.h"

#define KW_FN(f) ((PyCFunction)(void (*)(void))(f))

/* The one tensor argument `t` of the functions below (borrowed), or NULL
 * with 1.13's TypeError. */
static Tensor* tensor_arg(PythonArgParser* parser, PyObject* args, PyObject* kwargs) {
  PythonArgs r;
  if (PythonArgParser_parseTupleDict(parser, NULL, args, kwargs, &r) < 0) return NULL;
  return THPVariable_Unpack(r.args[0]);
}

/* PyTorch 1.13: python_torch_functions_manual.cpp THPVariable__to_functional_tensor */
static PyObject* THPVariable__to_functional_tensor(PyObject* self, PyObject* args, PyObject* kwargs) {
  (void)self;
  PYTHON_ARG_PARSER(parser, "_to_functional_tensor", false, "_to_functional_tensor(Tensor t) -> ()");
  Tensor* t = tensor_arg(&parser, args, kwargs);
  if (t == NULL) return NULL;
  if (functionalization_isFunctionalTensor(t))
    return PyErr_Format(PyExc_RuntimeError, "minaten: _to_functional_tensor() of a functional tensor");
  Tensor* w = functionalization_toFunctionalTensor(t);
  return w == NULL ? THPException_fromError() : THPVariable_Wrap(w);
}

/* PyTorch 1.13: python_torch_functions_manual.cpp THPVariable__from_functional_tensor */
static PyObject* THPVariable__from_functional_tensor(PyObject* self, PyObject* args, PyObject* kwargs) {
  (void)self;
  PYTHON_ARG_PARSER(parser, "_from_functional_tensor", false, "_from_functional_tensor(Tensor t) -> ()");
  Tensor* t = tensor_arg(&parser, args, kwargs);
  if (t == NULL) return NULL;
  if (!functionalization_isFunctionalTensor(t))
    return PyErr_Format(PyExc_RuntimeError, "minaten: _from_functional_tensor() of a tensor that is not functional");
  return THPVariable_Wrap(Tensor_retain(functionalization_fromFunctionalTensor(t)));
}

/* PyTorch 1.13: python_torch_functions_manual.cpp THPVariable__is_functional_tensor */
static PyObject* THPVariable__is_functional_tensor(PyObject* self, PyObject* args, PyObject* kwargs) {
  (void)self;
  PYTHON_ARG_PARSER(parser, "_is_functional_tensor", false, "_is_functional_tensor(Tensor t) -> ()");
  Tensor* t = tensor_arg(&parser, args, kwargs);
  if (t == NULL) return NULL;
  return PyBool_FromLong(functionalization_isFunctionalTensor(t));
}

/* PyTorch 1.13: python_torch_functions_manual.cpp THPVariable__sync */
static PyObject* THPVariable__sync(PyObject* self, PyObject* args, PyObject* kwargs) {
  (void)self;
  PYTHON_ARG_PARSER(parser, "_sync", false, "_sync(Tensor t) -> ()");
  Tensor* t = tensor_arg(&parser, args, kwargs);
  if (t == NULL) return NULL;
  if (functionalization_sync(t) < 0) return THPException_fromError();
  Py_RETURN_NONE;
}

/* PyTorch 1.13: python_torch_functions_manual.cpp THPVariable__enable_functionalization */
static PyObject* THPVariable__enable_functionalization(PyObject* self, PyObject* args, PyObject* kwargs) {
  (void)self;
  PYTHON_ARG_PARSER(parser, "_enable_functionalization", false,
                    "_enable_functionalization(*, bool reapply_views=False) -> ()");
  PythonArgs r;
  if (PythonArgParser_parseTupleDict(&parser, NULL, args, kwargs, &r) < 0) return NULL;
  if (!DispatchKeySet_has(tls_local_dispatch_key_set_get().included, DispatchKey_Functionalize)) {
    tls_set_dispatch_key_included(DispatchKey_Functionalize, true);
    functionalization_setReapplyViewsTLS(r.args[0] != NULL && r.args[0] == Py_True);
  }
  Py_RETURN_NONE;
}

/* PyTorch 1.13: python_torch_functions_manual.cpp THPVariable__disable_functionalization */
static PyObject* THPVariable__disable_functionalization(PyObject* self, PyObject* unused) {
  (void)self;
  (void)unused;
  tls_set_dispatch_key_included(DispatchKey_Functionalize, false);
  functionalization_setReapplyViewsTLS(false);
  Py_RETURN_NONE;
}

static PyMethodDef functions[] = {
    {"_to_functional_tensor", KW_FN(THPVariable__to_functional_tensor), METH_VARARGS | METH_KEYWORDS, NULL},
    {"_from_functional_tensor", KW_FN(THPVariable__from_functional_tensor), METH_VARARGS | METH_KEYWORDS, NULL},
    {"_is_functional_tensor", KW_FN(THPVariable__is_functional_tensor), METH_VARARGS | METH_KEYWORDS, NULL},
    {"_sync", KW_FN(THPVariable__sync), METH_VARARGS | METH_KEYWORDS, NULL},
    {"_enable_functionalization", KW_FN(THPVariable__enable_functionalization), METH_VARARGS | METH_KEYWORDS,
     NULL},
    {"_disable_functionalization", THPVariable__disable_functionalization, METH_NOARGS, NULL},
    {NULL, NULL, 0, NULL}};

int THPFunctionalization_init(void) { return THPVariableFunctions_addFunctions(functions); }
