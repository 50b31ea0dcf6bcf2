/*
 * dispatch_trace.c - torch._C._set_dispatch_trace(on): the dialect's
 * trace_on() / trace_off() in a python3 process, printing `op aten::NAME`
 * for every call a TorchDispatchMode would see (dispatch/TraceMode.h) to
 * Python's sys.stdout, so that the lines interleave with print()'s.
 *
 * NB(minaten): no 1.13 counterpart.  1.13's trace is a Python
 * TorchDispatchMode (tools/oracle/record.py, python/minaten/_runner.py);
 * minaten's is the C fallback of its Python key, switched on here.  The
 * lines reach sys.stdout through a stdio stream whose writes call
 * sys.stdout.write (glibc's fopencookie), unbuffered.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include "csrc/python_headers.h"

#include <stdio.h>

#include "csrc/utils/dispatch_trace.h"
#include "dispatch/TraceMode.h"

/* Writes what TraceMode printed to sys.stdout (the exception pending, if
 * any, kept; a failing write is reported as unraisable). */
static ssize_t write_to_sys_stdout(void* cookie, const char* buf, size_t size) {
  (void)cookie;
  PyGILState_STATE gil = PyGILState_Ensure();
  PyObject *type, *value, *traceback;
  PyErr_Fetch(&type, &value, &traceback);
  PyObject* out = PySys_GetObject("stdout"); /* borrowed */
  if (out != NULL && out != Py_None) {
    PyObject* r = PyObject_CallMethod(out, "write", "s#", buf, (Py_ssize_t)size);
    if (r == NULL) PyErr_WriteUnraisable(out);
    Py_XDECREF(r);
  }
  PyErr_Restore(type, value, traceback);
  PyGILState_Release(gil);
  return (ssize_t)size;
}

static FILE* sys_stdout_stream(void) {
  static FILE* stream = NULL;
  if (stream == NULL) {
    cookie_io_functions_t io = {.read = NULL, .write = write_to_sys_stdout, .seek = NULL, .close = NULL};
    stream = fopencookie(NULL, "w", io);
    if (stream != NULL) setvbuf(stream, NULL, _IONBF, 0);
  }
  return stream;
}

/* torch._C._set_dispatch_trace(bool) */
static PyObject* set_dispatch_trace(PyObject* module, PyObject* arg) {
  (void)module;
  if (!PyBool_Check(arg)) {
    PyErr_Format(PyExc_TypeError, "_set_dispatch_trace(): argument must be bool, not %s", Py_TYPE(arg)->tp_name);
    return NULL;
  }
  if (arg == Py_True) {
    FILE* out = sys_stdout_stream();
    if (out == NULL) return PyErr_SetFromErrno(PyExc_OSError);
    TraceMode_setOutput(out);
  }
  TraceMode_setEnabled(arg == Py_True);
  Py_RETURN_NONE;
}

/* torch._C._is_dispatch_trace_enabled() */
static PyObject* is_dispatch_trace_enabled(PyObject* module, PyObject* unused) {
  (void)module, (void)unused;
  return PyBool_FromLong(TraceMode_isEnabled());
}

static PyMethodDef dispatch_trace_functions[] = {
    {"_set_dispatch_trace", set_dispatch_trace, METH_O, NULL},
    {"_is_dispatch_trace_enabled", is_dispatch_trace_enabled, METH_NOARGS, NULL},
    {NULL, NULL, 0, NULL}};

int THPDispatchTrace_init(PyObject* module) { return PyModule_AddFunctions(module, dispatch_trace_functions); }
