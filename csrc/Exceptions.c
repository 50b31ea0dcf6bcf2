/*
 * Exceptions.c - see Exceptions.h.
 * PyTorch 1.13: torch/csrc/Exceptions.cpp
 */
#include "csrc/Exceptions.h"

#include "runtime/Exception.h"

PyObject* THPException_type(int error_type) {
  switch ((ErrorType)error_type) {
    case ErrorType_IndexError: return PyExc_IndexError;
    case ErrorType_ValueError: return PyExc_ValueError;
    case ErrorType_TypeError: return PyExc_TypeError;
    case ErrorType_AttributeError: return PyExc_AttributeError;
    case ErrorType_NotImplementedError: return PyExc_NotImplementedError;
    case ErrorType_NameError: return PyExc_NameError;
    case ErrorType_SyntaxError: return PyExc_SyntaxError;
    case ErrorType_IndentationError: return PyExc_IndentationError;
    case ErrorType_TabError: return PyExc_TabError;
    case ErrorType_UnboundLocalError: return PyExc_UnboundLocalError;
    case ErrorType_RecursionError: return PyExc_RecursionError;
    case ErrorType_ZeroDivisionError: return PyExc_ZeroDivisionError;
    case ErrorType_OverflowError: return PyExc_OverflowError;
    case ErrorType_OSError: return PyExc_OSError;
    case ErrorType_RuntimeError:
    case ErrorType_None: break;
  }
  return PyExc_RuntimeError;
}

/* PyTorch 1.13: torch/csrc/Exceptions.h END_HANDLE_TH_ERRORS_RET */
PyObject* THPException_fromError(void) {
  if (!Error_occurred()) {
    PyErr_SetString(PyExc_SystemError, "minaten: an error was reported without an error set");
    return NULL;
  }
  PyErr_SetString(THPException_type(Error_type()), Error_message());
  Error_clear();
  return NULL;
}
