/*
 * Exceptions.c - see Exceptions.h.
 * PyTorch 1.13: torch/csrc/Exceptions.cpp (python_error, PyWarningHandler)
 */
#include "csrc/Exceptions.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

/* The Python exception THPException_toError kept, and the text of the
 * minaten error it became (owned; NULL when none is kept). */
static PyObject *kept_type = NULL, *kept_value = NULL, *kept_traceback = NULL;
static char* kept_message = NULL;

static void drop_kept(void) {
  Py_CLEAR(kept_type);
  Py_CLEAR(kept_value);
  Py_CLEAR(kept_traceback);
  free(kept_message);
  kept_message = NULL;
}

/* PyTorch 1.13: torch/csrc/Exceptions.h python_error::persist */
int THPException_toError(void) {
  drop_kept();
  PyErr_Fetch(&kept_type, &kept_value, &kept_traceback);
  PyErr_NormalizeException(&kept_type, &kept_value, &kept_traceback);
  PyObject* text = kept_value != NULL ? PyObject_Str(kept_value) : NULL;
  const char* utf8 = text != NULL ? PyUnicode_AsUTF8(text) : NULL;
  if (utf8 == NULL) PyErr_Clear();
  Error_set(ErrorType_RuntimeError, "%s", utf8 != NULL ? utf8 : "<python error>");
  Py_XDECREF(text);
  kept_message = strdup(Error_message());
  return -1;
}

/* PyTorch 1.13: torch/csrc/Exceptions.h END_HANDLE_TH_ERRORS_RET */
PyObject* THPException_fromError(void) {
  if (!Error_occurred()) {
    PyErr_SetString(PyExc_SystemError, "minaten: an error was reported without an error set");
    return NULL;
  }
  if (kept_type != NULL) { /* python_error::restore, if the error is still the one it became */
    bool same = kept_message != NULL && strcmp(kept_message, Error_message()) == 0;
    if (same) {
      PyErr_Restore(kept_type, kept_value, kept_traceback);
      kept_type = kept_value = kept_traceback = NULL;
      drop_kept();
      Error_clear();
      return NULL;
    }
    drop_kept();
  }
  PyErr_SetString(THPException_type(Error_type()), Error_message());
  Error_clear();
  return NULL;
}

/* ---- warnings (Note [Warnings from C, through Python's warnings module]) ---- */

/* The texts warned inside guards, not yet raised (owned), and the kind of
 * the innermost guard open. */
static char** held = NULL;
static size_t held_size = 0, held_capacity = 0;
enum { kNoGuard, kPythonGuard, kCppGuard };
static int current_guard = kNoGuard;

/* PyTorch 1.13: torch/csrc/Exceptions.cpp PyWarningHandler::InternalHandler::process,
 * c10/util/Exception.cpp base_handler (kCppGuard) */
static void python_warning_handler(const char* text) {
  if (current_guard == kCppGuard) {
    fprintf(stderr, "Warning: %s\n", text);
    return;
  }
  if (current_guard == kPythonGuard) {
    if (held_size == held_capacity) {
      size_t capacity = held_capacity ? 2 * held_capacity : 8;
      char** grown = realloc(held, capacity * sizeof *grown);
      if (grown == NULL) return; /* out of memory: the warning is lost, the call goes on */
      held = grown;
      held_capacity = capacity;
    }
    char* copy = strdup(text);
    if (copy != NULL) held[held_size++] = copy;
    return;
  }
  /* no guard: the innermost Python frame is the caller's line all the same */
  if (PyErr_WarnEx(PyExc_UserWarning, text, 1) < 0) PyErr_WriteUnraisable(NULL);
}

void PyWarningHandler_enter(PyWarningHandler* w) {
  w->begin = held_size;
  w->previous = current_guard;
  current_guard = kPythonGuard;
}

void PyWarningHandler_enterWithoutPython(PyWarningHandler* w) {
  w->begin = held_size;
  w->previous = current_guard;
  current_guard = kCppGuard;
}

/* Raises the warnings held since w's enter and forgets them.  Returns 0, or
 * -1 with the exception of the first warning that raised (the others are
 * dropped) when `in_exception` is false; with it true (an exception is
 * pending), that exception is kept, and warnings that raise are printed.
 * PyTorch 1.13: torch/csrc/Exceptions.cpp PyWarningHandler::~PyWarningHandler */
static int raise_held(PyWarningHandler* w, bool in_exception) {
  current_guard = w->previous;
  if (held_size == w->begin) return 0;
  PyObject *type = NULL, *value = NULL, *traceback = NULL;
  if (in_exception) PyErr_Fetch(&type, &value, &traceback);
  int result = 0;
  for (size_t i = w->begin; i < held_size; i++) {
    if (result == 0 && PyErr_WarnEx(PyExc_UserWarning, held[i], 1) < 0) {
      if (in_exception) PyErr_Print();
      else result = -1;
    }
    free(held[i]);
  }
  held_size = w->begin;
  if (in_exception) PyErr_Restore(type, value, traceback);
  return result;
}

PyObject* PyWarningHandler_exit(PyWarningHandler* w, PyObject* result) {
  if (raise_held(w, result == NULL) < 0) Py_CLEAR(result);
  return result;
}

int PyWarningHandler_exitStatus(PyWarningHandler* w, int status) {
  return raise_held(w, status < 0) < 0 ? -1 : status;
}

int THPException_init(PyObject* module) {
  (void)module;
  Warning_setHandler(python_warning_handler);
  return 0;
}
