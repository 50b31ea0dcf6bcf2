/*
 * abstract.h - the object protocol: what code outside the interpreter may
 * ask of any value (its truth, its items, its attributes, calling it)
 * without seeing the syntax tree.  The bindings' files that also include
 * autograd's headers include this rather than interp.h: the syntax tree's
 * struct Node (ast.h) and autograd's (autograd/Node.h) share a name.
 *
 * Python 3.11: Include/abstract.h (PyObject_IsTrue, PySequence_Tuple,
 * PyObject_GetAttrString, PyObject_Call)
 */
#ifndef MINATEN_INTERP_ABSTRACT_H
#define MINATEN_INTERP_ABSTRACT_H

#include <stdbool.h>
#include <stdint.h>

#include "tools/minaten/interpreter/value.h"

/* builtins.c */
Value* global_builtin(const char* name);            /* print, len, ..., the dialect's helpers, or NULL (no error) */
Value* get_attribute(Value* obj, const char* name); /* obj.NAME */
Value* call_value(Value* callee, Value* self, Value** args, int nargs, char** kwnames, Value** kwargs, int nkw);
/* pyops.c */
int python_truth(const Value* v, bool* out); /* bool(v) */
/* iterobject.c: the items of an iterable as a tuple (a new reference), or NULL. */
Value* sequence_of(Value* value);
/* rangeobject.c: a range's length (up to 2**64 - 1) and its i-th number (0 <= i < length) */
uint64_t range_length(const Value* r);
int64_t range_at(const Value* r, int64_t i);

#endif
