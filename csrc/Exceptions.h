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

/* The Python type of a minaten error type (PyExc_RuntimeError, ...). */
PyObject* THPException_type(int error_type);

#endif
