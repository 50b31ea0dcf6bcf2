/*
 * python_stdout.c - C's stdio writing into Python's sys.stdout (python_stdout.h).
 *
 * A glibc custom stream (fopencookie): its write function decodes the
 * bytes C wrote (UTF-8; a bad byte becomes U+FFFD) and calls
 * sys.stdout.write with them.  sys.stdout is looked up at each write, so a
 * script that replaces it (contextlib.redirect_stdout) captures the trace
 * too, as it would capture a TorchDispatchMode's print().
 */
#include "csrc/utils/python_stdout.h"

#include "csrc/python_headers.h"

/* fopencookie's write: `size` bytes; returns size (the bytes are Python's
 * now, even when sys.stdout is gone or refuses them: C has no better place
 * for them) or 0 for nothing written. */
static ssize_t python_stdout_write(void* cookie, const char* buf, size_t size) {
  (void)cookie;
  if (size == 0) return 0;
  PyGILState_STATE gil = PyGILState_Ensure();
  PyObject *type, *value, *traceback;
  PyErr_Fetch(&type, &value, &traceback);
  PyObject* out = PySys_GetObject("stdout"); /* borrowed */
  PyObject* text = PyUnicode_DecodeUTF8(buf, (Py_ssize_t)size, "replace");
  if (out != NULL && out != Py_None && text != NULL && PyFile_WriteObject(text, out, Py_PRINT_RAW) < 0)
    PyErr_Clear(); /* a full disk: sys.stdout keeps its own record, reported at its flush */
  Py_XDECREF(text);
  PyErr_Clear();
  PyErr_Restore(type, value, traceback);
  PyGILState_Release(gil);
  return (ssize_t)size;
}

FILE* THPUtils_pythonStdout(void) {
  static FILE* stream;
  if (stream == NULL) {
    cookie_io_functions_t io = {.read = NULL, .write = python_stdout_write, .seek = NULL, .close = NULL};
    stream = fopencookie(NULL, "w", io);
    if (stream != NULL) setvbuf(stream, NULL, _IONBF, 0);
  }
  return stream;
}
