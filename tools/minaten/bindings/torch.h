/*
 * torch.h - the one seam between the interpreter and the bindings: what
 * interpreter/ calls when a value is a tensor, the torch module or an
 * operator packet.  Python reaches the same code through the slots of
 * torch.Tensor's type object and the torch module's attributes; here they
 * are plain functions, each named after what it models.
 *
 *   interpreter/builtins.c      torch.NAME, torch.ops.NS.NAME (module_attribute),
 *                               t.NAME (tensor_attribute), calling a packet
 *                               (call_operator), the dialect's helpers
 *                               (dialect_helper), abs(t) (tensor_unary)
 *   interpreter/pyops.c         a OP b, -a, ~a, bool(t), operator.index(t)
 *   interpreter/exec.c          a OP= b (tensor_inplace_binary)
 *   interpreter/eval.c          t[i], t[i] = v (tensor_getitem, tensor_setitem),
 *                               t.NAME = v, del t.NAME (tensor_setattr)
 *   interpreter/iterobject.c    iter(t) (tensor_iter)
 *   interpreter/sequence.c      an integer tensor as a sequence index
 *   interpreter/typeobject.c    torch.Size(...), torch.device(...)
 *   interpreter/value.c         str(t) (tensor_str_write)
 *
 * The conventions are interp.h's: Value* returns a new reference or NULL
 * with the error set; int returns 0 or -1 with the error set.
 */
#ifndef MINATEN_BINDINGS_TORCH_H
#define MINATEN_BINDINGS_TORCH_H

#include <stdint.h>
#include <stdio.h>

#include "tools/minaten/interpreter/value.h"

/* ---- resolve.c ---- */

/* Calls an operator packet (torch.reshape, a.view, torch.ops.aten.view.default). */
Value* call_operator(const Value* ops, Value* self, Value** args, int nargs, char** kwnames,
                     Value** kwargs, int nkw);

/* ---- torch_module.c ---- */

/* torch.NAME, torch.ops.NS, torch.ops.NS.NAME (obj a Module), and the
 * overloads of a torch.ops packet (obj an Ops value). */
Value* module_attribute(Value* obj, const char* name);
/* show, same_storage, lazy_ir, trace_on, trace_off; NULL (no error) for
 * another name. */
Value* dialect_helper(const char* name);
/* torch.Size(sizes), torch.device(...): the types' constructors. */
Value* builtin_size(Value* self, Value** args, int nargs, char** kwnames, Value** kwargs, int nkw);
Value* builtin_device(Value* self, Value** args, int nargs, char** kwnames, Value** kwargs, int nkw);

/* ---- tensor_methods.c ---- */

Value* tensor_attribute(Value* self, const char* name); /* t.NAME */

/* ---- python_variable.c: torch/csrc/autograd/python_variable.cpp ---- */

/* t.NAME = value (value NULL: del t.NAME): the writable properties
 * (requires_grad, grad), else 1.13's AttributeError. */
int tensor_setattr(Value* self, const char* name, Value* value);

/* ---- tensor_operators.c: torch/_tensor.py, python_variable_methods.cpp ---- */

/* a OP b with a tensor on either side; op as interp.h's python_binary. */
Value* tensor_binary(char op, Value* a, Value* b);
/* -a, +a, ~a, abs(a) ('a') of a tensor a. */
Value* tensor_unary(char op, Value* a);
/* a OP= b for a tensor a: its in-place method; NULL with no error set when
 * OP has none. */
Value* tensor_inplace_binary(char op, Value* a, Value* b);
/* iter(t): over t.unbind(0). */
Value* tensor_iter(Value* t);

/* ---- arg_parser.c ---- */

/* Tensors read as Python numbers: item() (aten::_local_scalar_dense),
 * __index__. */
Value* tensor_item(const Tensor* t);
int tensor_to_index(const Tensor* t, int64_t* out);

/* ---- indexing.c: python_variable_indexing.cpp ---- */

/* t[index], t[index] = value; `index` as Python passes it (a tuple for `t[0, 1]`). */
Value* tensor_getitem(Value* t, Value* index);
int tensor_setitem(Value* t, Value* index, Value* value);

/* ---- tensor_str.c: torch/_tensor_str.py ---- */

/* str(t), written to out. */
int tensor_str_write(const Tensor* t, FILE* out);

#endif
