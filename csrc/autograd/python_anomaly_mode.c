/*
 * python_anomaly_mode.c - see python_anomaly_mode.h.
 *
 * A node made while the mode is on gets, in its metadata dict (the dict
 * `fn.metadata` shows):
 *   "traceback_"  traceback.format_stack() where it was made: a list of
 *                 '  File "x.py", line 3, in f\n    code\n' strings;
 *   "parent_"     the node the engine was running when it was made (a
 *                 double backward's nodes: the node whose backward made
 *                 them), as its Python object.
 * When a node fails in the engine, print_stack warns, once for the node
 * and once per parent, with 1.13's texts (each a UserWarning at the
 * Python line that called the engine):
 *   "Error detected in SqrtBackward0. Traceback of forward call that caused
 *    the error:\n<the traceback>"
 *   "\n\nPrevious calculation was induced by FBackward. Traceback of forward
 *    call that induced the previous calculation:\n<its traceback>"
 *   "Error detected in FBackward. No forward pass information available.
 *    Enable detect anomaly during forward pass for more information."
 * NB(minaten): 1.13 gets the traceback from torch.fx.traceback.format_stack,
 * so its last entry is that function's own frame; minaten calls
 * traceback.format_stack from C, and the list ends at the caller's line.
 *
 * PyTorch 1.13: torch/csrc/autograd/python_anomaly_mode.cpp
 * (PyAnomalyMetadata::store_stack, assign_parent, print_stack, _print_stack)
 */
#include "csrc/autograd/python_anomaly_mode.h"

#include "autograd/anomaly_mode.h"
#include "csrc/autograd/python_cpp_function.h"
#include "runtime/Exception.h"

/* PyTorch 1.13: python_anomaly_mode.h ANOMALY_TRACE_KEY, ANOMALY_PARENT_KEY */
#define ANOMALY_TRACE_KEY "traceback_"
#define ANOMALY_PARENT_KEY "parent_"

/* The node's dict, made if need be (borrowed), or NULL with an exception. */
static PyObject* metadata_dict(Node* node) {
  if (node->metadata == NULL) node->metadata = PyDict_New();
  return node->metadata;
}

/* PyTorch 1.13: python_anomaly_mode.cpp PyAnomalyMetadata::store_stack, assign_parent.
 * NB(minaten): a failure (out of memory) records nothing, where 1.13 throws
 * from the node's constructor. */
static void store_stack(Node* node, Node* parent) {
  PyGILState_STATE gil = PyGILState_Ensure();
  PyObject *type, *value, *traceback;
  PyErr_Fetch(&type, &value, &traceback);
  PyObject* dict = metadata_dict(node);
  PyObject* module = dict != NULL ? PyImport_ImportModule("traceback") : NULL;
  PyObject* list = module != NULL ? PyObject_CallMethod(module, "format_stack", NULL) : NULL;
  if (list != NULL) PyDict_SetItemString(dict, ANOMALY_TRACE_KEY, list);
  /* If anomaly mode is enabled and graph is constructed, then assign the
   * currently evaluating node as the parent of this node. */
  if (list != NULL && parent != NULL) {
    PyObject* pyparent = functionToPyObject(parent);
    if (pyparent != NULL) PyDict_SetItemString(dict, ANOMALY_PARENT_KEY, pyparent);
    Py_XDECREF(pyparent);
  }
  Py_XDECREF(list);
  Py_XDECREF(module);
  PyErr_Clear();
  PyErr_Restore(type, value, traceback);
  PyGILState_Release(gil);
}

/* One warning, of the node itself or (is_parent) of a parent.
 * PyTorch 1.13: python_anomaly_mode.cpp _print_stack */
static void print_one(PyObject* stack, const char* current_node_name, bool is_parent) {
  if (stack == NULL) {
    Warning_warn("Error detected in %s. No forward pass information available. Enable detect anomaly during forward "
                 "pass for more information. (Triggered internally at  "
                 "./torch/csrc/autograd/python_anomaly_mode.cpp:92.)",
                 current_node_name);
    return;
  }
  /* stack is a list of Python strings ending with newlines. Use join to
   * convert to a single string. */
  PyObject* empty = PyUnicode_FromString("");
  PyObject* msg = empty != NULL ? PyUnicode_Join(empty, stack) : NULL;
  const char* text = msg != NULL ? PyUnicode_AsUTF8(msg) : NULL;
  if (text == NULL) PyErr_Clear();
  else if (!is_parent)
    Warning_warn("Error detected in %s. Traceback of forward call that caused the error:\n%s (Triggered internally "
                 "at  ./torch/csrc/autograd/python_anomaly_mode.cpp:114.)",
                 current_node_name, text);
  else
    Warning_warn("\n\nPrevious calculation was induced by %s. Traceback of forward call that induced the previous "
                 "calculation:\n%s (Triggered internally at  ./torch/csrc/autograd/python_anomaly_mode.cpp:121.)",
                 current_node_name, text);
  Py_XDECREF(msg);
  Py_XDECREF(empty);
}

/* PyTorch 1.13: python_anomaly_mode.cpp PyAnomalyMetadata::print_stack */
static void print_stack(Node* node) {
  PyGILState_STATE gil = PyGILState_Ensure();
  PyObject *type, *value, *traceback;
  PyErr_Fetch(&type, &value, &traceback);
  PyObject* dict = node->metadata;
  print_one(dict != NULL ? PyDict_GetItemString(dict, ANOMALY_TRACE_KEY) : NULL, Node_name(node), false);
  /* if there is no "parent_" in metadata, then it means this metadata's
   * node is the root and stop printing the traceback */
  PyObject* pyparent = dict != NULL ? PyDict_GetItemString(dict, ANOMALY_PARENT_KEY) : NULL;
  Py_XINCREF(pyparent);
  while (pyparent != NULL) {
    PyObject* parent_metadata = PyObject_GetAttrString(pyparent, "metadata");
    PyObject* parent_name = parent_metadata != NULL ? PyObject_CallMethod(pyparent, "name", NULL) : NULL;
    const char* name = parent_name != NULL ? PyUnicode_AsUTF8(parent_name) : NULL;
    Py_CLEAR(pyparent);
    if (name != NULL && PyDict_Check(parent_metadata)) {
      print_one(PyDict_GetItemString(parent_metadata, ANOMALY_TRACE_KEY), name, true);
      pyparent = Py_XNewRef(PyDict_GetItemString(parent_metadata, ANOMALY_PARENT_KEY));
    }
    Py_XDECREF(parent_name);
    Py_XDECREF(parent_metadata);
  }
  PyErr_Clear();
  PyErr_Restore(type, value, traceback);
  PyGILState_Release(gil);
}

/* torch.set_anomaly_enabled(enabled, check_nan=True).
 * PyTorch 1.13: torch/csrc/autograd/init.cpp set_anomaly_mode_enabled */
static PyObject* set_anomaly_mode_enabled(PyObject* unused, PyObject* args, PyObject* kwargs) {
  (void)unused;
  static char* kwlist[] = {"enabled", "check_nan", NULL};
  PyObject *enabled, *check_nan = Py_True;
  if (!PyArg_ParseTupleAndKeywords(args, kwargs, "O|O:set_anomaly_enabled", kwlist, &enabled, &check_nan))
    return NULL;
  if (!PyBool_Check(enabled) || !PyBool_Check(check_nan)) {
    PyErr_Format(PyExc_TypeError, "set_anomaly_enabled(): argument must be bool, not %s",
                 Py_TYPE(PyBool_Check(enabled) ? check_nan : enabled)->tp_name);
    return NULL;
  }
  AnomalyMode_set_enabled(enabled == Py_True, check_nan == Py_True);
  Py_RETURN_NONE;
}

/* PyTorch 1.13: torch/csrc/autograd/init.cpp is_anomaly_mode_enabled */
static PyObject* is_anomaly_mode_enabled(PyObject* unused, PyObject* noargs) {
  (void)unused, (void)noargs;
  return PyBool_FromLong(AnomalyMode_is_enabled());
}

/* PyTorch 1.13: torch/csrc/autograd/init.cpp is_anomaly_check_nan_enabled */
static PyObject* is_anomaly_check_nan_enabled(PyObject* unused, PyObject* noargs) {
  (void)unused, (void)noargs;
  return PyBool_FromLong(AnomalyMode_should_check_nan());
}

static PyMethodDef methods[] = {
    {"set_anomaly_enabled", (PyCFunction)(void (*)(void))set_anomaly_mode_enabled, METH_VARARGS | METH_KEYWORDS,
     NULL},
    {"is_anomaly_enabled", is_anomaly_mode_enabled, METH_NOARGS, NULL},
    {"is_anomaly_check_nan_enabled", is_anomaly_check_nan_enabled, METH_NOARGS, NULL},
    {NULL, NULL, 0, NULL}};

int THPAnomalyMode_init(PyObject* module) {
  AnomalyMetadata_setHooks((AnomalyMetadataHooks){store_stack, print_stack});
  return PyModule_AddFunctions(module, methods);
}
