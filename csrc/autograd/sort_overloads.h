/*
 * sort_overloads.h - the order in which torch.NAME / Tensor.NAME try their
 * overloads: Note [Order of Python overloads] in sort_overloads.c.
 *
 * PyTorch 1.13: tools/autograd/gen_python_functions.py sort_overloads
 */
#ifndef MINATEN_CSRC_AUTOGRAD_SORT_OVERLOADS_H
#define MINATEN_CSRC_AUTOGRAD_SORT_OVERLOADS_H

#include <stdbool.h>
#include <stddef.h>

#include "dispatch/OperatorEntry.h"

enum { kMaxPythonOverloads = 64 };

/* Sorts a name's overloads (all of one Python binding: methods or
 * functions; at most kMaxPythonOverloads) into the order 1.13's argument
 * parser tries them; returns how many. */
size_t sort_python_overloads(const OperatorEntry** ops, size_t n, bool method);
/* The same order for schemas (at most 2 * kMaxPythonOverloads): the
 * indices of schemas[] in sorted order into order_out; returns how many. */
size_t sort_python_signatures(const FunctionSchema* const* schemas, size_t n, bool method, size_t* order_out);

#endif
