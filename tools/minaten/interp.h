/*
 * interp.h - the interpreter's internal interfaces, between its files.
 *
 * The interpreter runs the dialect of docs/dialect.md, a
 * line-oriented subset of Python talking to a module named torch, so that
 * the same script runs under real PyTorch.  Its files follow the path of a
 * line:
 *
 *   lexer.c, parser.c   a line -> tokens -> statements (ast.h), with
 *                       Python 3.11's SyntaxError messages
 *   eval.c              names, expressions, assignments; one error per line
 *   value.c             the values (value.h): refcounted Python objects
 *   pyops.c             Python's operators (torch.Tensor's for tensors)
 *   builtins.c          show/same_storage/trace_on/trace_off/print/len...,
 *                       the torch module's names
 *   resolve.c           torch.NAME / t.NAME / torch.ops: operators by name
 *   arg_parser.c        PyTorch's Python argument parser (overloads, varargs)
 *   jit_args.c          torch.ops' TorchScript argument binding
 *   tensor_methods.c    Tensor methods that are not operators (size, to, item)
 *   tensor_new.c        torch.tensor
 *   indexing.c          subscripts and index assignment
 *   tensor_str.c        str(tensor), PyTorch's printing layout
 *   main.c              the command line
 *
 * Return conventions, everywhere: a function returning Value* returns a new
 * reference, or NULL with the error indicator set (runtime/Exception.h);
 * one returning int returns 0 (or a count), or -1 with the error set.
 * Value* arguments are borrowed.
 */
#ifndef MINATEN_INTERP_INTERP_H
#define MINATEN_INTERP_INTERP_H

#include <stdbool.h>

#include "dispatch/OperatorEntry.h"
#include "tools/minaten/ast.h"
#include "tools/minaten/value.h"

enum { kMaxArgs = 32 }; /* schema arguments an operator call may have */

/* ---- arg_parser.c: PyTorch 1.13 torch/csrc/utils/python_arg_parser.cpp ---- */

typedef struct ParsedArgs {
  const Value* slots[kMaxArgs]; /* per schema argument: the Python value, or NULL when absent */
  Value* packed;                /* owned: the varargs ints of `a.view(2, 3)`, as a tuple */
} ParsedArgs;
/* FunctionSignature::parse: whether the arguments fit the schema (no error is
 * ever set); on true, release *out with ParsedArgs_release. */
bool FunctionSignature_parse(const FunctionSchema* s, Value* self, Value** args, int nargs, char** kwnames,
                             Value** kwargs, int nkw, bool numbers_as_tensors, ParsedArgs* out);
void ParsedArgs_release(ParsedArgs* p);
/* A matched value (NULL: absent, the default) as the parameter's IValue. */
int PythonArgs_toIValue(const char* fname, const Argument* a, const Value* v, bool numbers_as_tensors, IValue* out);
/* Builtins' own signatures (schema strings): the index of the one that
 * matches, or -1 with a TypeError. */
int PythonArgParser_parse(const char* name, const char* const* signatures, int n, Value* self, Value** args,
                          int nargs, char** kwnames, Value** kwargs, int nkw, ParsedArgs* out);
bool python_type_dtype(const Value* v, ScalarType* out); /* float/int/bool given as a dtype */
/* "(int, int, x=int)" for a TypeError message. */
void describe_arguments(char* buf, size_t size, Value** args, int nargs, char** kwnames, Value** kwargs, int nkw);
/* Tensors read as Python numbers: item() (aten::_local_scalar_dense),
 * __index__, __float__. */
Value* tensor_item(const Tensor* t);
int tensor_to_index(const Tensor* t, int64_t* out);
int tensor_to_double(const Tensor* t, double* out);

/* ---- jit_args.c: PyTorch 1.13 torch/csrc/jit/python/pybind_utils.h ---- */

/* createStackForSchema: 1 bound (release the stack), 0 mismatch (the JIT's
 * message in why), -1 error. */
int jit_createStackForSchema(const OperatorEntry* op, Value** args, int nargs, char** kwnames, Value** kwargs,
                             int nkw, IValue* stack, char* why, size_t why_size);

/* ---- resolve.c: operators by name ---- */

/* Calls an operator packet (torch.reshape, a.view, torch.ops.aten.view.default). */
Value* call_operator(const Value* ops, Value* self, Value** args, int nargs, char** kwnames,
                     Value** kwargs, int nkw);
/* Calls an operator by qualified name with all its arguments bound
 * (borrowed); NotImplementedError when minaten does not have it. */
Value* call_op_boxed(const char* qualified_name, IValue* args);
/* PyTorch 1.13: python_arg_parser.cpp should_allow_numbers_as_tensors */
bool allows_numbers_as_tensors(const char* name);
/* Whether `torch.NAME` / `Tensor.NAME` exist in PyTorch for this operator. */
bool has_python_binding(const OperatorEntry* op, bool method);
/* The first registered operator ns::name with a Python binding of the
 * variant (or any, with all); NULL if none. */
const OperatorEntry* find_bound_operator(const char* ns, const char* name, bool method, bool all);
/* An operator's return as a Value; takes an owned IValue's payload. */
Value* value_from_ivalue(IValue* v);

/* ---- builtins.c ---- */

Value* torch_attribute(const char* name);           /* torch.NAME */
Value* global_builtin(const char* name);            /* show, print, len, ... or NULL (no error) */
Value* get_attribute(Value* obj, const char* name); /* obj.NAME */
Value* call_value(Value* callee, Value* self, Value** args, int nargs, char** kwnames, Value** kwargs, int nkw);
/* Element i (row-major) of a CPU tensor as a Python number (quantized:
 * the dequantized value). */
Value* tensor_element(const Tensor* t, int64_t i);

/* ---- tensor_methods.c ---- */

Value* tensor_attribute(Value* self, const char* name); /* t.NAME */
/* A CPU tensor with self's data (lazy tensors materialised, untraced). */
Value* tensor_cpu_data(Value* self);

/* ---- tensor_new.c: PyTorch 1.13 torch/csrc/utils/tensor_new.cpp ---- */

Value* builtin_tensor(Value* self, Value** args, int nargs, char** kwnames, Value** kwargs, int nkw);
Value* internal_new_from_data(const Value* data, ScalarType dtype, bool type_inference, const Device* device,
                              bool copy_variables);
Value* indexing_tensor_from_data(const Value* data);

/* ---- pyops.c: Python's operators ----
 * op: + - * / f(//) % p(**) @ & | ^ L(<<) R(>>) < > l(<=) g(>=) =(==) !(!=)
 *     i(is) I(is not) e(in) E(not in) */
Value* python_binary(char op, Value* a, Value* b);
Value* python_unary(char op, Value* a);      /* '-', '+', '~' or 'n' (not) */
int python_truth(const Value* v, bool* out); /* bool(v) */

/* ---- indexing.c: PyTorch 1.13 torch/csrc/autograd/python_variable_indexing.cpp ----
 * obj[index] and obj[index] = value; `index` is the subscript as Python
 * passes it (a tuple for `t[0, 1]`). */
Value* index_get(Value* obj, Value* index);
int index_set(Value* obj, Value* index, Value* value);

/* ---- eval.c ---- */

typedef struct Interp Interp;
Interp* Interp_new(void);
void Interp_free(Interp* in);
/* Where the next line comes from (for SyntaxError messages). */
void Interp_setLocation(Interp* in, const char* filename, int lineno);
/* Runs one line; returns 0, or -1 after reporting the error. */
int Interp_runLine(Interp* in, const char* line);
/* Runs one top-level statement: a simple line, or a compound statement with
 * its indented body and elif/else clauses, lines separated by '\n', whose
 * first line is line `lineno` of the current file.  Returns 0, or -1 after
 * reporting the error. */
int Interp_runStatement(Interp* in, const char* text, int lineno);

/* How a failing statement is reported:
 *   ErrorStyle_Line       `Type: message` (the first line of the message) on
 *                         stdout, the dialect's per-statement try/except;
 *   ErrorStyle_Traceback  Python's traceback on stderr, as `python3 x.py`
 *                         (--strict) or the interactive prompt print it. */
typedef enum ErrorStyle { ErrorStyle_Line, ErrorStyle_Traceback } ErrorStyle;
void Interp_setErrorStyle(Interp* in, ErrorStyle style);
/* Interactive: the value of an expression statement, unless None, is printed
 * as Python's prompt prints it (its repr). */
void Interp_setInteractive(Interp* in, bool interactive);

#endif
