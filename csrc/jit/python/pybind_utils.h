/*
 * pybind_utils.h - binding Python arguments to a schema the way torch.ops
 * does (`torch.ops.aten.view(a, [2, 3])`, `torch.ops.aten.add.Tensor(a, 1)`):
 * TorchScript's rules, not the Python argument parser's.
 *
 * Every schema argument is converted with toIValue, in order: positional
 * arguments first (never into a keyword-only one), then keywords by their
 * schema names (`self`, not `input`), then defaults.  There are no varargs
 * int lists.  Type rules (toIValue): int takes ints and bools (and tensors
 * through __index__); float and Scalar take numbers (a bool becomes an int
 * for Scalar); a Tensor takes a tensor, or a number (a wrapped-number
 * tensor) for the aten operators of should_allow_numbers_as_tensors; lists
 * take lists or tuples whose every element converts; `int[N]` also takes
 * one int; ScalarType, Layout and MemoryFormat are ints in TorchScript
 * (their torch objects convert too); None fits only optionals.  A mismatch
 * is a RuntimeError worded by the JIT ("aten::reshape() is missing value
 * for argument 'shape'. Declaration: ...").
 *
 * NB(minaten): None for a non-optional tensor is an undefined tensor in
 * 1.13, which each kernel then rejects in its own words; minaten raises
 * the most common of those messages at binding time.
 *
 * PyTorch 1.13: torch/csrc/jit/python/pybind_utils.h (createStackForSchema,
 * argumentToIValue, toIValue), aten/src/ATen/core/function_schema.h
 * (findErrorInKwargs)
 */
#ifndef MINATEN_CSRC_JIT_PYTHON_PYBIND_UTILS_H
#define MINATEN_CSRC_JIT_PYTHON_PYBIND_UTILS_H

#include "csrc/python_headers.h"

#include <stddef.h>

#include "dispatch/OperatorEntry.h"

/*
 * Binds a call (vectorcall arguments) to op's schema into
 * stack[0..num_arguments) (owned: release them).  Returns 1 (bound), 0
 * (mismatch: the JIT's message, several lines, in why) or -1 (another
 * error, a Python exception set).
 * PyTorch 1.13: pybind_utils.h createStackForSchema
 */
int createStackForSchema(const OperatorEntry* op, PyObject* const* args, Py_ssize_t nargs, PyObject* kwnames,
                         IValue* stack, char* why, size_t why_size);

/* One Python value as the IValue of schema argument or return a (owned):
 * 1.13's toIValue(obj, type).  Returns 0, 1 (the value does not fit a's
 * type; nothing set) or -1 (a Python exception set).
 * PyTorch 1.13: pybind_utils.h toIValue */
int THPUtils_toIValue(PyObject* v, const Argument* a, IValue* out);

/* "aten::add.Tensor(Tensor self, ...) -> Tensor": how 1.13 prints a schema
 * (its namespace always shown), into buf. */
const char* schema_declaration(const OperatorEntry* op, char* buf, size_t size);

#endif
