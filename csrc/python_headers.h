/*
 * python_headers.h - CPython's API, included first by every file of csrc/
 * (Python.h must come before any system header: it sets feature macros).
 * PY_SSIZE_T_CLEAN: the `#` formats of PyArg_Parse* take Py_ssize_t.
 *
 * PyTorch 1.13: torch/csrc/python_headers.h
 */
#ifndef MINATEN_CSRC_PYTHON_HEADERS_H
#define MINATEN_CSRC_PYTHON_HEADERS_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>

#endif
