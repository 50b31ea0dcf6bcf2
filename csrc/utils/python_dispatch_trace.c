/*
 * python_dispatch_trace.c - torch._C._set_dispatch_trace(enabled): minaten's
 * trace mode on or off for this thread (python_dispatch_trace.h).
 *
 * Under PyTorch 1.13 the dialect's trace_on() enters a TorchDispatchMode
 * whose __torch_dispatch__ prints each operator; entering a mode pushes it
 * with torch._C._set_torch_dispatch_mode, which includes the Python
 * dispatch key in the thread's key set.  minaten's mode is the same key
 * with a C fallback that prints (dispatch/TraceMode.h): this switch
 * includes or excludes it.  Its lines go to sys.stdout
 * (utils/python_stdout.h), in order with print(), as the mode's print()
 * would.
 *
 * PyTorch 1.13: torch/csrc/autograd/init.cpp (_set_torch_dispatch_mode,
 * _get_torch_dispatch_mode), aten/src/ATen/core/PythonFallbackKernel.cpp
 */
#include "csrc/utils/python_dispatch_trace.h"

#include "csrc/utils/python_stdout.h"
#include "dispatch/TraceMode.h"

/* NB(minaten): no 1.13 function of this name; see the file's comment.
 * PyTorch 1.13: torch/csrc/autograd/init.cpp _set_torch_dispatch_mode */
static PyObject* THPModule_setDispatchTrace(PyObject* module, PyObject* arg) {
  (void)module;
  if (!PyBool_Check(arg)) {
    PyErr_Format(PyExc_TypeError, "_set_dispatch_trace(): argument 'enabled' must be bool, not %s",
                 Py_TYPE(arg)->tp_name);
    return NULL;
  }
  if (arg == Py_True) {
    FILE* out = THPUtils_pythonStdout();
    TraceMode_setOutput(out != NULL ? out : stdout);
  }
  TraceMode_setEnabled(arg == Py_True);
  Py_RETURN_NONE;
}

/* PyTorch 1.13: torch/csrc/autograd/init.cpp _get_torch_dispatch_mode */
static PyObject* THPModule_isDispatchTraceEnabled(PyObject* module, PyObject* noargs) {
  (void)module, (void)noargs;
  return PyBool_FromLong(TraceMode_isEnabled());
}

static PyMethodDef methods[] = {
    {"_set_dispatch_trace", THPModule_setDispatchTrace, METH_O,
     "_set_dispatch_trace(enabled): print every operator that reaches the backend level (trace_on())"},
    {"_is_dispatch_trace_enabled", THPModule_isDispatchTraceEnabled, METH_NOARGS, NULL},
    {NULL, NULL, 0, NULL},
};

int THPDispatchTrace_init(PyObject* module) { return PyModule_AddFunctions(module, methods); }
