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

/* The types of a call's arguments, "int, int, x=int" (vectorcall
 * arguments: the keywords' values follow args[nargs - 1]).
 * PyTorch 1.13: invalid_arguments.cpp _argDesc */
void describe_arguments(char* buf, size_t size, PyObject* const* args, Py_ssize_t nargs, PyObject* kwnames);
/* The positional arguments as format_invalid_args shows them against its
 * one option: those the option's positional parameters refuse (or beyond
 * them) marked, "Tensor, !str!".
 * PyTorch 1.13: invalid_arguments.cpp _formattedArgDesc */
void describe_marked_arguments(char* buf, size_t size, const struct FunctionSignature* sig, PyObject* const* args,
                               Py_ssize_t nargs);
/* A signature's parameters as the message's "expected (...)" shows them:
 * "(Tensor other, *, Number alpha)".  PyTorch 1.13: FunctionSignature::toString */
void describe_signature(char* buf, size_t size, const struct FunctionSignature* sig);

#endif
