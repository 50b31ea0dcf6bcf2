/*
 * bindings.h - the model of PyTorch's Python bindings: the interfaces
 * between its files.  What the interpreter calls is torch.h (the seam);
 * everything here is used only inside bindings/.
 *
 *   resolve.c           torch.NAME / t.NAME / torch.ops: operators by name,
 *                       which operators have a Python binding
 *   arg_parser.c        PyTorch's Python argument parser (overloads, varargs)
 *   jit_args.c          torch.ops' TorchScript argument binding
 *   tensor_methods.c    Tensor methods that are not operators (size, to, item)
 *   tensor_operators.c  torch.Tensor's Python operators, in-place operators, iteration
 *   tensor_new.c        torch.tensor
 *   indexing.c          t[...] and t[...] = v
 *   tensor_str.c        str(tensor), PyTorch's printing layout
 *   torch_module.c      the torch module's other names, torch.ops namespaces,
 *                       the dialect's helpers (show, same_storage, lazy_ir, trace_on)
 *   python_variable.c   the autograd properties and methods of a tensor
 *                       (requires_grad, grad, grad_fn, backward, ...)
 *   python_cpp_function.c  grad_fn nodes as Python objects
 *   python_autograd.c   torch.autograd.backward, torch.autograd.grad
 *   grad_mode.c         torch.no_grad, enable_grad, set_grad_enabled, is_grad_enabled
 *
 * The bindings sit on the interpreter's values (interpreter/interp.h) and
 * call operators through the dispatcher (dispatch/Dispatcher.h,
 * Dispatcher_callBoxed).  The conventions are interp.h's.
 */
#ifndef MINATEN_BINDINGS_BINDINGS_H
#define MINATEN_BINDINGS_BINDINGS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "dispatch/OperatorEntry.h"
#include "tools/minaten/bindings/torch.h"
#include "tools/minaten/interpreter/abstract.h"

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
/* FunctionSignature::parse with raise_exception: for arguments that do not
 * fit `s` (grouped_out: an out= overload standing for the signature that
 * groups it with its functional overload, its out optional), sets PyTorch's
 * TypeError ("reshape() missing 1 required positional arguments: ...",
 * "add(): argument 'other' (position 1) must be Tensor, not str") and
 * returns true; false, with no error, if they fit. */
bool FunctionSignature_raise(const FunctionSchema* s, bool grouped_out, Value* self, Value** args, int nargs,
                             char** kwnames, Value** kwargs, int nkw, bool numbers_as_tensors);
/* FunctionSignature's min_args (parameters without a default) and
 * max_args (all Python parameters) of `s` as a method or a function. */
void FunctionSignature_counts(const FunctionSchema* s, bool method, bool grouped_out, int* min_args, int* max_args);
/* FunctionParameter::type_name: "Tensor", "Number", "tuple of ints", ... */
const char* python_type_name(const Argument* a);
/* Py_TYPE(v)->tp_name: "int", "Tensor", "torch.Size", "torch.dtype". */
const char* py_typename(const Value* v);
/* A matched value (NULL: absent, the default) as the parameter's IValue. */
int PythonArgs_toIValue(const char* fname, const Argument* a, const Value* v, bool numbers_as_tensors, IValue* out);
/* Builtins' own signatures (schema strings): the index of the one that
 * matches, or -1 with a TypeError. */
int PythonArgParser_parse(const char* name, const char* const* signatures, int n, Value* self, Value** args,
                          int nargs, char** kwnames, Value** kwargs, int nkw, ParsedArgs* out);
bool python_type_dtype(const Value* v, ScalarType* out); /* float/int/bool given as a dtype */
/* "int, int, x=int" for a TypeError message (format_invalid_args's _argDesc). */
void describe_arguments(char* buf, size_t size, Value** args, int nargs, char** kwnames, Value** kwargs, int nkw);
/* "Tensor, !str!": the positional arguments, those the positional
 * parameters of `s` refuse marked (_formattedArgDesc). */
void describe_marked_arguments(char* buf, size_t size, const FunctionSchema* s, bool method, Value** args, int nargs,
                               bool numbers_as_tensors);
/* A tensor read as a Python float: __float__ (item()); tensor_item and
 * tensor_to_index are in torch.h. */
int tensor_to_double(const Tensor* t, double* out);

/* ---- jit_args.c: PyTorch 1.13 torch/csrc/jit/python/pybind_utils.h ---- */

/* createStackForSchema: 1 bound (release the stack), 0 mismatch (the JIT's
 * message in why), -1 error. */
int jit_createStackForSchema(const OperatorEntry* op, Value** args, int nargs, char** kwnames, Value** kwargs,
                             int nkw, IValue* stack, char* why, size_t why_size);

/* ---- resolve.c: operators by name ---- */

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
/* torch.NAME(...) / t.NAME(...) through the generated binding: the first
 * overload of ops whose signature takes the arguments. */
Value* call_python(const Value* ops, Value* self, Value** args, int nargs, char** kwnames, Value** kwargs, int nkw);
/* ---- torch_functional.c: PyTorch 1.13 torch/functional.py ---- */
/* Whether torch.NAME / t.NAME is a Python function there (norm, einsum),
 * and calling it. */
bool is_torch_functional(const Value* ops, const Value* self);
Value* torch_functional(const Value* ops, Value* self, Value** args, int nargs, char** kwnames, Value** kwargs,
                        int nkw);
/* An operator's return as a Value; takes an owned IValue's payload. */
Value* value_from_ivalue(IValue* v);
Value* value_from_ivalue_as(IValue* v, ValueKind list_kind);
/* Sorts a name's overloads (all of one Python binding: methods or
 * functions; first_index is the registry index of ops[0]) into the order
 * PyTorch 1.13's argument parser tries them; returns how many (at most 64).
 * See Note [Order of Python overloads]. */
size_t sort_python_overloads(const OperatorEntry** ops, size_t n, bool method, size_t first_index);

/* ---- tensor_methods.c ---- */

/* A CPU tensor with self's data (lazy tensors materialised, untraced). */
Value* tensor_cpu_data(Value* self);
/* Both traces (trace_on()'s and --trace=dispatch's) paused until
 * traces_resume(the returned state): for work the bindings do that 1.13
 * does not show (printing, argument checks). */
typedef struct TracePause {
  bool trace;
  bool verbose;
} TracePause;
TracePause traces_pause(void);
void traces_resume(TracePause saved);
/* op(t) (an operator's entry point: at_dequantize_self) with the traces
 * paused, for printing. */
Tensor* untraced(Tensor* (*op)(const Tensor*), const Tensor* t);

/* ---- torch_module.c ---- */

Value* torch_attribute(const char* name); /* torch.NAME */
/* Element i (row-major) of a CPU tensor as a Python number (quantized:
 * the dequantized value). */
Value* tensor_element(const Tensor* t, int64_t i);

/* ---- tensor_new.c: PyTorch 1.13 torch/csrc/utils/tensor_new.cpp ---- */

Value* builtin_tensor(Value* self, Value** args, int nargs, char** kwnames, Value** kwargs, int nkw);
Value* builtin_new_tensor(Value* self, Value** args, int nargs, char** kwnames, Value** kwargs, int nkw);
Value* internal_new_from_data(const Value* data, ScalarType dtype, bool type_inference, const Device* device,
                              bool copy_variables);
Value* indexing_tensor_from_data(const Value* data);

/* ---- python_variable.c: PyTorch 1.13 torch/csrc/autograd/python_variable.cpp ---- */

/* t.NAME for the autograd properties / methods; NULL with no error set
 * when NAME is none of them. */
Value* THPVariable_property(Value* self, const char* name);
Value* THPVariable_method(Value* self, const char* name);
/* The autograd suffix of a printed tensor, "grad_fn=<MulBackward0>" or
 * "requires_grad=True", into buf; false when it has none.
 * PyTorch 1.13: torch/_tensor_str.py _str_intern */
bool THPVariable_autograd_suffix(const Tensor* t, char* buf, size_t size);

/* ---- python_cpp_function.c: PyTorch 1.13 torch/csrc/autograd/python_cpp_function.cpp ---- */

struct Node;
/* A node as a Python object (one more reference to the node). */
Value* THPFunction_wrap(struct Node* node);

/* ---- python_autograd.c: PyTorch 1.13 torch/autograd/__init__.py ---- */

/* torch.autograd.backward's arguments as Python passed them (NULL: absent):
 * None, or NULL with the error set. */
Value* python_autograd_backward(const Value* tensors, const Value* grad_tensors, const Value* retain_graph,
                                const Value* create_graph, const Value* grad_variables, const Value* inputs);
Value* autograd_module_attribute(const char* name); /* torch.autograd.NAME */

/* ---- grad_mode.c: PyTorch 1.13 torch/autograd/grad_mode.py ---- */

/* torch.no_grad, enable_grad, set_grad_enabled, is_grad_enabled; NULL
 * (no error) for another name. */
Value* grad_mode_attribute(const char* name);

#endif
