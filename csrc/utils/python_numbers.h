/*
 * python_numbers.h - Python numbers read as C numbers, with 1.13's checks
 * and messages.  A bool is not an int here (True is not a size), as in 1.13.
 *
 * Conventions: the unpack functions return 0, or -1 with a Python exception
 * set (RuntimeError "Overflow when unpacking long" for an int outside
 * int64, as 1.13 raises it).
 *
 * PyTorch 1.13: torch/csrc/utils/python_numbers.h
 */
#ifndef MINATEN_CSRC_UTILS_PYTHON_NUMBERS_H
#define MINATEN_CSRC_UTILS_PYTHON_NUMBERS_H

#include "csrc/python_headers.h"

#include <stdbool.h>
#include <stdint.h>

/* PyTorch 1.13: THPUtils_checkLong (numpy's integer scalars count too:
 * anything with __index__ that is not a bool and not a tensor is left to
 * the caller) */
static inline bool THPUtils_checkLong(PyObject* obj) { return PyLong_Check(obj) && !PyBool_Check(obj); }

/* PyTorch 1.13: THPUtils_checkIndex: an int that is not a bool, or anything
 * with __index__ (a NumPy integer; a one-element integer tensor, whose
 * __index__ runs aten::_local_scalar_dense, as in 1.13) */
static inline bool THPUtils_checkIndex(PyObject* obj) {
  if (PyBool_Check(obj)) return false;
  if (THPUtils_checkLong(obj)) return true;
  PyObject* index = PyNumber_Index(obj);
  if (index == NULL) {
    PyErr_Clear();
    return false;
  }
  Py_DECREF(index);
  return true;
}

/* PyTorch 1.13: THPUtils_unpackLong */
static inline int THPUtils_unpackLong(PyObject* obj, int64_t* out) {
  int overflow;
  long long v = PyLong_AsLongLongAndOverflow(obj, &overflow);
  if (v == -1 && PyErr_Occurred()) return -1;
  if (overflow != 0) {
    PyErr_SetString(PyExc_RuntimeError, "Overflow when unpacking long");
    return -1;
  }
  *out = (int64_t)v;
  return 0;
}

/* PyTorch 1.13: THPUtils_checkDouble: a float or an int (bools included) */
static inline bool THPUtils_checkDouble(PyObject* obj) { return PyFloat_Check(obj) || PyLong_Check(obj); }

/* PyTorch 1.13: THPUtils_unpackDouble */
static inline int THPUtils_unpackDouble(PyObject* obj, double* out) {
  if (PyFloat_Check(obj)) {
    *out = PyFloat_AS_DOUBLE(obj);
    return 0;
  }
  double v = PyFloat_AsDouble(obj);
  if (v == -1 && PyErr_Occurred()) return -1;
  *out = v;
  return 0;
}

#endif
