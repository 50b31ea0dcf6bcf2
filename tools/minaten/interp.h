/*
 * interp.h - the interpreter's internal interfaces, between its files.
 */
#ifndef MINATEN_INTERP_INTERP_H
#define MINATEN_INTERP_INTERP_H

#include <stdbool.h>

#include "dispatch/OperatorEntry.h"
#include "tools/minaten/ast.h"
#include "tools/minaten/value.h"

/* resolve.c: calls an operator packet (torch.reshape, a.view, torch.ops.aten.view.default)
 * with Python arguments, choosing the overload as PyTorch's argument parser.
 * PyTorch 1.13: torch/csrc/utils/python_arg_parser.cpp */
Value* call_operator(const Value* ops, Value* self, Value** args, int nargs, char** kwnames,
                     Value** kwargs, int nkw);
/* Calls an operator by qualified name with already-bound arguments (helpers). */
Value* call_op_boxed(const char* qualified_name, IValue* args);
/* Whether `torch.NAME` / `Tensor.NAME` exist in PyTorch for this operator. */
bool has_python_binding(const OperatorEntry* op, bool method);
/* Finds a registered operator named ns::name with the variant; NULL if none. */
const OperatorEntry* find_bound_operator(const char* ns, const char* name, bool method, bool all);
/* IValue <-> Value */
Value* value_from_ivalue(IValue* v);

/* builtins.c */
Value* torch_attribute(const char* name);        /* torch.NAME */
Value* tensor_attribute(Value* self, const char* name); /* t.NAME */
Value* global_builtin(const char* name);         /* show, print, ... or NULL */
Value* call_value(Value* callee, Value* self, Value** args, int nargs, char** kwnames, Value** kwargs, int nkw);
/* Element i (row-major) of a tensor as a Value (int, float or bool). */
Value* tensor_element(const Tensor* t, int64_t i);
Value* make_scalar_tensor(const Value* number); /* 0-dim tensor from a Python number (lifted) */

/* indexing.c: PyTorch 1.13 torch/csrc/autograd/python_variable_indexing.cpp */
Value* index_get(Value* obj, Value** items, int n);
int index_set(Value* obj, Value** items, int n, Value* value);

/* eval.c */
typedef struct Interp Interp;
Interp* Interp_new(void);
void Interp_free(Interp* in);
/* Where the next line comes from (for SyntaxError messages). */
void Interp_setLocation(Interp* in, const char* filename, int lineno);
/* Runs one line; returns 0, or -1 after printing `Type: message`. */
int Interp_runLine(Interp* in, const char* line);

#endif
