/*
 * python_engine.c - torch._C._EngineBase (also torch._C._ImperativeEngine),
 * whose run_backward is where torch.autograd.backward and
 * torch.autograd.grad (python/minaten/autograd/__init__.py) enter C:
 *
 *   Variable._execution_engine.run_backward(tensors, grad_tensors, keep_graph, create_graph,
 *                                           inputs, allow_unreachable, accumulate_grad)
 *
 * with tuples made by the Python side (_make_grads has made the implicit
 * gradients: ones_like for a one-element output).  It checks them in 1.13's
 * order, each root then its gradient, then each input, so that a bad call
 * shows 1.13's first error:
 *
 *   "tensors argument is expected to be a tuple, but got list"
 *   "got 2 tensors and 1 gradients"
 *   "element 0 of tensors tuple is not a Tensor"
 *   "element 0 of tensors does not require grad and does not have a grad_fn"
 *   "element 0 of gradients tuple is not a Tensor or None"
 *   "all inputs have to be Tensors, but got int"
 *   (backward(inputs=...): the input retains its grad, which a tensor
 *   that requires nothing refuses: "can't retain_grad on Tensor that has
 *   requires_grad=False")
 *   "One of the differentiated Tensors does not require grad"
 *   "grad requires non-empty inputs." (ValueError)
 *
 * then runs the engine through the core's run_backward
 * (autograd/autograd.h), which repeats the checks (they pass) and makes the
 * edges.  grad() returns a tuple of the inputs' gradients (None for an
 * input no path reaches, allow_unreachable), backward() None.  The
 * engine's warnings (backward(create_graph=True)'s) are raised when it
 * returns, at the Python line that called run_backward.
 *
 * NB(minaten): the core's engine wants at least one root; with none
 * (`torch.autograd.grad((), x, allow_unused=True)`), nothing runs and every
 * input is unreached, as in 1.13's engine.  1.13's message for a None
 * gradient of a tensor that requires grad prints an uninitialised number
 * ("element 204 of gradients tuple is None, ..."); minaten prints the
 * index.  (_make_grads never passes one.)
 *
 * PyTorch 1.13: torch/csrc/autograd/python_engine.cpp (THPEngine_run_backward,
 * THPEngineType, THPEngine_initModule), torch/csrc/autograd/engine.cpp
 * Engine::execute ("grad requires non-empty inputs.")
 */
#include "csrc/python_headers.h"

#include <stdbool.h>
#include <stdlib.h>

#include "autograd/autograd.h"
#include "autograd/variable.h"
#include "csrc/Exceptions.h"
#include "csrc/autograd/python_engine.h"
#include "csrc/autograd/python_variable.h"
#include "runtime/Exception.h"

/* The borrowed tensors of a tuple's items [0, n), checked by the caller. */
static Tensor** tensor_array(Py_ssize_t n) {
  Tensor** a = calloc(n > 0 ? (size_t)n : 1, sizeof *a);
  if (a == NULL) PyErr_NoMemory();
  return a;
}

/* The checks of one root and its gradient, in 1.13's order; 0 or -1. */
static int check_root(PyObject* tensors, PyObject* grad_tensors, Py_ssize_t i, Tensor** root, Tensor** grad) {
  PyObject* item = PyTuple_GET_ITEM(tensors, i);
  if (!THPVariable_Check(item)) {
    PyErr_Format(PyExc_RuntimeError, "element %zd of tensors tuple is not a Tensor", i);
    return -1;
  }
  *root = THPVariable_Unpack(item);
  /* gradient_edge(variable) has a function exactly when it requires grad */
  if (!requires_grad(*root)) {
    PyErr_Format(PyExc_RuntimeError, "element %zd of tensors does not require grad and does not have a grad_fn", i);
    return -1;
  }
  PyObject* g = PyTuple_GET_ITEM(grad_tensors, i);
  if (THPVariable_Check(g)) {
    *grad = THPVariable_Unpack(g);
  } else if (g != Py_None) {
    PyErr_Format(PyExc_RuntimeError, "element %zd of gradients tuple is not a Tensor or None", i);
    return -1;
  } else {
    PyErr_Format(PyExc_RuntimeError, "element %zd of gradients tuple is None, but the corresponding Tensor requires grad",
                 i);
    return -1;
  }
  return 0;
}

/* The checks of one differentiated input; 0 or -1. */
static int check_input(PyObject* inputs, Py_ssize_t i, bool accumulate_grad, Tensor** input) {
  PyObject* item = PyTuple_GET_ITEM(inputs, i);
  if (!THPVariable_Check(item)) {
    PyErr_Format(PyExc_RuntimeError, "all inputs have to be Tensors, but got %s", Py_TYPE(item)->tp_name);
    return -1;
  }
  *input = THPVariable_Unpack(item);
  if (accumulate_grad && retain_grad(*input) < 0) { /* tensor.retain_grad() */
    THPException_fromError();
    return -1;
  }
  if (!requires_grad(*input)) {
    PyErr_SetString(PyExc_RuntimeError, "One of the differentiated Tensors does not require grad");
    return -1;
  }
  return 0;
}

/* The inputs' gradients (results: new references, NULL for undefined) as
 * grad() returns them; each NULL refused unless allow_unreachable. */
static PyObject* wrap_results(Tensor** results, Py_ssize_t num_inputs, bool allow_unreachable) {
  PyObject* tuple = PyTuple_New(num_inputs);
  for (Py_ssize_t i = 0; tuple != NULL && i < num_inputs; i++) {
    if (!allow_unreachable && results[i] == NULL) {
      PyErr_SetString(PyExc_RuntimeError,
                      "One of the differentiated Tensors appears to not have been used in the graph. Set "
                      "allow_unused=True if this is the desired behavior.");
      Py_CLEAR(tuple);
      break;
    }
    PyObject* v = THPVariable_Wrap(results[i]);
    results[i] = NULL;
    if (v == NULL) Py_CLEAR(tuple);
    else PyTuple_SET_ITEM(tuple, i, v);
  }
  for (Py_ssize_t i = 0; i < num_inputs; i++) {
    Tensor_release(results[i]);
    results[i] = NULL;
  }
  return tuple;
}

/* PyTorch 1.13: python_engine.cpp THPEngine_run_backward */
static PyObject* THPEngine_run_backward(PyObject* self, PyObject* args, PyObject* kwargs) {
  (void)self;
  PyObject *tensors = NULL, *grad_tensors = NULL, *inputs = NULL;
  unsigned char keep_graph = 0, create_graph = 0, allow_unreachable = 0, accumulate_grad = 0;
  static char* accepted_kwargs[] = {"tensors",           "grad_tensors",    "keep_graph", "create_graph", "inputs",
                                    "allow_unreachable", "accumulate_grad", NULL};
  if (!PyArg_ParseTupleAndKeywords(args, kwargs, "OObb|Obb", accepted_kwargs, &tensors, &grad_tensors, &keep_graph,
                                   &create_graph, &inputs, &allow_unreachable, &accumulate_grad))
    return NULL;
  if (!PyTuple_Check(tensors)) {
    PyErr_Format(PyExc_RuntimeError, "tensors argument is expected to be a tuple, but got %s",
                 Py_TYPE(tensors)->tp_name);
    return NULL;
  }
  if (!PyTuple_Check(grad_tensors)) {
    PyErr_Format(PyExc_RuntimeError, "grad_tensors argument is expected to be a tuple, but got %s",
                 Py_TYPE(grad_tensors)->tp_name);
    return NULL;
  }
  Py_ssize_t n = PyTuple_GET_SIZE(tensors), num_gradients = PyTuple_GET_SIZE(grad_tensors);
  if (n != num_gradients) {
    PyErr_Format(PyExc_RuntimeError, "got %zd tensors and %zd gradients", n, num_gradients);
    return NULL;
  }
  /* the user called autograd.backward (accumulate_grad) or autograd.grad */
  bool backward_api_called = accumulate_grad;
  if (inputs == Py_None) inputs = NULL;
  if (inputs != NULL && !PyTuple_Check(inputs)) {
    /* 1.13 reads it as a tuple unchecked; its Python callers pass one */
    PyErr_Format(PyExc_TypeError, "inputs argument is expected to be a tuple, but got %s", Py_TYPE(inputs)->tp_name);
    return NULL;
  }
  Py_ssize_t num_inputs = inputs != NULL ? PyTuple_GET_SIZE(inputs) : 0;
  PyObject* result = NULL;
  Tensor** roots = tensor_array(n);
  Tensor** grads = tensor_array(n);
  Tensor** input_tensors = tensor_array(num_inputs);
  Tensor** results = tensor_array(num_inputs);
  if (roots == NULL || grads == NULL || input_tensors == NULL || results == NULL) goto done;
  for (Py_ssize_t i = 0; i < n; i++)
    if (check_root(tensors, grad_tensors, i, &roots[i], &grads[i]) < 0) goto done;
  for (Py_ssize_t i = 0; i < num_inputs; i++)
    if (check_input(inputs, i, accumulate_grad, &input_tensors[i]) < 0) goto done;
  if (!accumulate_grad && num_inputs == 0) { /* Engine::execute */
    PyErr_SetString(PyExc_ValueError, "grad requires non-empty inputs.");
    goto done;
  }
  if (n > 0) {
    PyWarningHandler w;
    PyWarningHandler_enter(&w);
    int status = run_backward(roots, grads, (size_t)n, keep_graph, create_graph, input_tensors, (size_t)num_inputs,
                              /*allow_unused=*/true, accumulate_grad, accumulate_grad ? NULL : results);
    if (status < 0) THPException_fromError();
    if (PyWarningHandler_exitStatus(&w, status) < 0) goto done;
  }
  if (!backward_api_called && inputs != NULL) {
    result = wrap_results(results, num_inputs, allow_unreachable);
  } else {
    result = Py_NewRef(Py_None);
  }
done:
  if (results != NULL && result == NULL)
    for (Py_ssize_t i = 0; i < num_inputs; i++) Tensor_release(results[i]);
  free(roots);
  free(grads);
  free(input_tensors);
  free(results);
  return result;
}

static PyMethodDef THPEngine_methods[] = {
    {"run_backward", (PyCFunction)(void (*)(void))THPEngine_run_backward, METH_VARARGS | METH_KEYWORDS, NULL},
    {NULL, NULL, 0, NULL}};

/* PyTorch 1.13: python_engine.cpp THPEngineType */
static PyTypeObject THPEngineType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "torch._C._EngineBase",
    .tp_basicsize = sizeof(PyObject),
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE,
    .tp_methods = THPEngine_methods,
    .tp_new = PyType_GenericNew,
};

/* PyTorch 1.13: python_engine.cpp THPEngine_initModule */
int THPEngine_init(PyObject* module) {
  if (PyType_Ready(&THPEngineType) < 0) return -1;
  return PyModule_AddObjectRef(module, "_ImperativeEngine", (PyObject*)&THPEngineType);
}
