/*
 * invalid_arguments.h - how 1.13's TypeErrors describe a call no signature
 * fits: "add() received an invalid combination of arguments - got (Tensor,
 * !str!), but expected (Tensor input, Tensor other, *, Number alpha,
 * Tensor out)".
 *
 * PyTorch 1.13: torch/csrc/utils/invalid_arguments.h (format_invalid_args)
 */
#ifndef MINATEN_CSRC_UTILS_INVALID_ARGUMENTS_H
#define MINATEN_CSRC_UTILS_INVALID_ARGUMENTS_H

#include "csrc/python_headers.h"

#include <stddef.h>

struct FunctionSignature;

/* The message of 1.13's TypeError for a call that none of the (visible)
 * signatures sigs[0..n) fits, in their order: "NAME() received an invalid
 * combination of arguments - got (Tensor, !str!), but expected (Tensor
 * other, *, Number alpha)" for one signature; "... got (Tensor, str), but
 * expected one of:\n * (...)\n      didn't match because some of the
 * arguments have invalid types: (...)\n..." for several; "... got
 * unrecognized keyword arguments: foo" for keywords no item takes.  A new
 * str, or NULL with a Python exception.
 * PyTorch 1.13: invalid_arguments.cpp format_invalid_args */
PyObject* format_invalid_args(const char* name, const struct FunctionSignature* sigs, size_t n, PyObject* const* args,
                              Py_ssize_t nargs, PyObject* kwnames);

#endif
