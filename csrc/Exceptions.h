/*
 * Exceptions.h - minaten's error indicator (runtime/Exception.h) and
 * Python's, the two ways across.
 *
 * minaten's C functions report errors as CPython's do: they set an
 * indicator (ErrorType + message, thread-local) and return NULL or -1.  At
 * the border with Python, a minaten error becomes the Python exception of
 * the same name with the same message (1.13's HANDLE_TH_ERRORS turns a
 * c10::Error into RuntimeError, an IndexError into IndexError, ...), and a
 * Python exception raised in code minaten calls back (a hook, a Python
 * kernel) becomes a minaten error that unwinds through the C frames, with
 * the Python exception kept to be raised again unchanged.
 *
 * Conventions: both return NULL, so that `return THPException_fromError();`
 * ends a PyCFunction.
 *
 * PyTorch 1.13: torch/csrc/Exceptions.h (HANDLE_TH_ERRORS, END_HANDLE_TH_ERRORS,
 * python_error)
 */
#ifndef MINATEN_CSRC_EXCEPTIONS_H
#define MINATEN_CSRC_EXCEPTIONS_H

#include "csrc/python_headers.h"

/* Raises minaten's pending error as a Python exception and clears it; with
 * no error pending (a bug), raises SystemError.  Returns NULL. */
PyObject* THPException_fromError(void);

/*
 * The pending Python exception (raised by Python code minaten called back:
 * a custom autograd.Function's backward) becomes minaten's pending error,
 * a RuntimeError with its text, and is kept: when that error reaches
 * THPException_fromError unchanged, the Python exception itself is raised
 * again (its type, value and traceback), as 1.13's python_error carries it
 * through the C++ engine.  Returns -1, for `return THPException_toError();`.
 * PyTorch 1.13: torch/csrc/Exceptions.h python_error (persist, restore)
 */
int THPException_toError(void);

/* The Python type of a minaten error type (PyExc_RuntimeError, ...). */
PyObject* THPException_type(int error_type);

/*
 * Note [Warnings from C, through Python's warnings module]
 *
 * A TORCH_WARN of minaten's runtime (Warning_warn, runtime/Exception.h)
 * becomes a Python UserWarning, raised with PyErr_WarnEx(UserWarning,
 * text, 1): stacklevel 1 names the innermost Python frame, the line that
 * called into C.  Python's warnings module then decides, as for any
 * warning: the default filter shows it once per place (module, line,
 * text), `-W error` makes it an exception, `warnings.catch_warnings`
 * records it.
 *
 * As in 1.13, the warnings of one call are held while the call runs and
 * raised when it returns, by a PyWarningHandler around the call: a
 * warnings filter may run Python code, which must not run in the middle
 * of an operator, and a warning that a filter turns into an exception
 * must fail the call, which only the call's border can do.  So:
 *
 *   PyWarningHandler w;
 *   PyWarningHandler_enter(&w);
 *   PyObject* result = ... call minaten ...;
 *   return PyWarningHandler_exit(&w, result);
 *
 * exit raises the held warnings; one that raises drops `result` and
 * returns NULL with that exception.  If the call failed (result NULL),
 * its exception is kept, the warnings are raised first, and one that
 * raises is printed (PyErr_Print), as 1.13 does.  Guards nest; each
 * raises its own.  A warning outside any guard is raised at once, and if
 * it raises, the exception is reported as unraisable.
 *
 * 1.13's pybind11 bindings have no PyWarningHandler: a warning of an
 * operator called through torch.ops.aten.NAME goes to c10's own handler,
 * which prints it on stderr (never a Python warning: no filter, no
 * catch_warnings, no exception under -W error).  Such a call opens its
 * guard with PyWarningHandler_enterWithoutPython, and its warnings are
 * printed as "Warning: <text>" on stderr.  NB(minaten): c10's glog prefix
 * (date, time, thread, file:line) is not reproduced.
 *
 * PyTorch 1.13: torch/csrc/Exceptions.h PyWarningHandler (its
 * InternalHandler buffer, ~PyWarningHandler), HANDLE_TH_ERRORS
 */
typedef struct PyWarningHandler {
  size_t begin; /* where this guard's warnings start in the buffer */
  int previous; /* the kind of guard open before this one */
} PyWarningHandler;

void PyWarningHandler_enter(PyWarningHandler* w);
/* A guard whose warnings bypass Python (torch.ops): see above. */
void PyWarningHandler_enterWithoutPython(PyWarningHandler* w);
/* Returns result (a new reference, passed through), or NULL. */
PyObject* PyWarningHandler_exit(PyWarningHandler* w, PyObject* result);
/* The same for an int status: 0, or -1 with an exception set. */
int PyWarningHandler_exitStatus(PyWarningHandler* w, int status);

/* Installs the handler that routes minaten's warnings to Python (module init). */
int THPException_init(PyObject* module);

#endif
