/*
 * python_arg_parser.h - PyTorch's Python argument parser on CPython's
 * vectorcall convention: does a call's arguments fit a signature, and what
 * IValues do they become?
 *
 * A FunctionSignature is an operator's schema as Python sees it
 * (FunctionSignature_init): for a method, `self` is bound already; for a
 * function, the first parameter is `self` and its keyword is `input`;
 * several trailing out= tensors are one parameter `out` (a tuple); a
 * factory (an operator with TensorOptions) also takes `requires_grad=`.
 * Binding happens in two steps, as in 1.13:
 *
 *   1. matching (FunctionSignature_parse): positional arguments fill the
 *      parameters that are not keyword-only, keywords fill parameters by
 *      name, and each value's Python type is checked against the parameter
 *      (FunctionParameter::check).  A mismatch means "try the next
 *      overload"; with raise_exception it is 1.13's TypeError instead.  A
 *      lone int-list parameter also takes its ints as varargs
 *      (`x.view(2, 3)`), without building a tuple;
 *   2. converting (PythonArgs_toIValue, 1.13's PythonArgs accessors) the
 *      values of the chosen signature, which can still fail: an int list is
 *      checked on its first element only when matching, so `x.view((2,
 *      3.5))` fails here.
 *
 * Hand-written methods (Tensor.to, size, ...) declare their Python
 * signatures as schema strings in a PythonArgParser, parsed once.
 *
 * Conventions: CPython's (int: 0 / -1 with a Python exception set).
 *
 * PyTorch 1.13: torch/csrc/utils/python_arg_parser.h (FunctionParameter,
 * FunctionSignature, PythonArgs, PythonArgParser)
 */
#ifndef MINATEN_CSRC_UTILS_PYTHON_ARG_PARSER_H
#define MINATEN_CSRC_UTILS_PYTHON_ARG_PARSER_H

#include "csrc/python_headers.h"

#include <stdbool.h>

#include "csrc/utils/handle_torch_function.h"
#include "dispatch/FunctionSchema.h"
#include "runtime/IValue.h"

/* The most schema arguments a signature may have.  PyTorch 1.13: ParsedArgs<N> */
enum { THP_MAX_ARGS = 32 };
/* Room for the ints of int-list arguments converted without allocating. */
enum { THP_MAX_LIST_INTS = 256 };

/* One Python parameter.  PyTorch 1.13: python_arg_parser.h FunctionParameter */
typedef struct FunctionParameter {
  const Argument* argument; /* its schema argument (the first out= tensor for `out`); NULL: requires_grad */
  int slot;                 /* PythonArgs.args index: the schema argument's index */
  const char* name;         /* "input" for a function's self, "out" for several out= tensors */
  PyObject* python_name;    /* the same, an interned str (keywords are matched by identity first) */
  bool optional;            /* may be left out: it has a default (or is a grouped out=) */
  bool allow_none;          /* None passes: `T?`, a default of None */
  bool keyword_only;
  bool several_out;         /* `out`: a tuple of num_out tensors */
} FunctionParameter;

/* PyTorch 1.13: python_arg_parser.h FunctionSignature */
typedef struct FunctionSignature {
  const FunctionSchema* schema;
  const char* name; /* the schema's name: "add" */
  FunctionParameter* params;
  int num_params;
  int min_args, max_args, max_pos_args;
  bool method;      /* self is bound: schema argument self_index */
  int self_index;   /* a method's bound argument, the one named `self` (where.self's is
                       argument 1: Tensor.where(condition, other)); 0 for a function */
  bool allow_varargs_intlist;
  bool numbers_as_tensors;
  bool grouped_out; /* an out= overload standing for its group: its out is optional */
  int out_start, num_out; /* the trailing keyword-only out= tensors */
  int requires_grad;      /* the params index of `requires_grad` (factories), or -1 */
} FunctionSignature;

/*
 * Builds the Python signature of schema s (kept borrowed: it must outlive
 * the signature).  method: self bound; grouped_out: s is the out= overload
 * of a group (its out optional; `options`, the group's functional overload
 * with TensorOptions, lends it dtype, layout, device and pin_memory after
 * out, as 1.13's merged signature has them; NULL if none).
 * numbers_as_tensors: should_allow_numbers_as_tensors(s's name).  Returns
 * 0, or -1 with a Python exception (MemoryError; more than THP_MAX_ARGS
 * arguments: a RuntimeError).
 */
int FunctionSignature_init(FunctionSignature* sig, const FunctionSchema* s, bool method, bool grouped_out,
                           const FunctionSchema* options, bool numbers_as_tensors);
void FunctionSignature_free(FunctionSignature* sig);

/* Arguments matched to a signature: per schema argument, the Python value
 * (borrowed from the call) or NULL when absent.  PyTorch 1.13: PythonArgs */
typedef struct PythonArgs {
  const FunctionSignature* signature;
  PyObject* self;
  PyObject* args[THP_MAX_ARGS];
  /* The positional arguments taken as one int list (`x.view(2, 3)`):
   * varargs_slot is its schema index, or -1. */
  PyObject* const* varargs;
  Py_ssize_t num_varargs;
  int varargs_slot;
  PyObject* requires_grad; /* `requires_grad=` of a factory, or NULL */
  /* int lists converted without allocating borrow their ints from here */
  size_t ints_used;
  int64_t ints[THP_MAX_LIST_INTS];
  /* The arguments that override the call with __torch_function__: self,
   * the Tensor and Tensor[] arguments that are tensor subclasses or other
   * objects with a __torch_function__ (handle_torch_function.h).
   * PyTorch 1.13: FunctionSignature::overloaded_args */
  OverloadedArgs overloaded;
} PythonArgs;

/*
 * FunctionSignature::parse over CPython's vectorcall arguments: args[0..nargs)
 * positional, then one value per name of kwnames (a tuple of str, or NULL).
 * self: the bound tensor of a method, else NULL.  Returns 1 when the
 * arguments fit (*out filled), 0 when they do not (with raise_exception,
 * 1.13's TypeError is then set), -1 on another error (set): a Tensor[]
 * parameter given a list with something else than tensors raises 1.13's
 * TypeError while matching ("expected Tensor as element 1 in argument 0,
 * but got int"), and __index__ may raise.
 * PyTorch 1.13: python_arg_parser.cpp FunctionSignature::parse
 */
int FunctionSignature_parse(const FunctionSignature* sig, PyObject* self, PyObject* const* args, Py_ssize_t nargs,
                            PyObject* kwnames, PythonArgs* out, bool raise_exception);

/* Whether the call goes to __torch_function__: an argument overrides it, or
 * a TorchFunctionMode is entered.  PyTorch 1.13: PythonArgs::has_torch_function */
static inline bool PythonArgs_hasTorchFunction(const PythonArgs* a) {
  return a->overloaded.n > 0 || torch_function_mode_enabled();
}

/*
 * The IValue of schema argument i of a parsed call (absent: its default,
 * borrowed from the schema; None: None), which may borrow from the Python
 * value or from a->ints.  Returns 0, or -1 with a Python exception.
 * PyTorch 1.13: python_arg_parser.h PythonArgs::tensor, scalar, intlist,
 * toInt64, toDouble, scalartype, device, ...
 */
int PythonArgs_toIValue(PythonArgs* a, int i, IValue* out);
/* Every schema argument of the signature into stack[0..num_arguments):
 * 0, or -1 with a Python exception (and nothing left to release). */
int PythonArgs_toIValues(PythonArgs* a, IValue* stack);

/* FunctionParameter::check: whether obj fits the argument's type (no
 * exception set, except the Tensor[] one described at
 * FunctionSignature_parse: then -1).  1 / 0 / -1.  argnum: the parameter's
 * index, for that message. */
int FunctionParameter_check(const Argument* a, PyObject* obj, bool numbers_as_tensors, int argnum);
/* PyTorch 1.13: FunctionParameter::type_name: "Tensor", "Number", "tuple of ints", ... */
const char* FunctionParameter_typeName(const Argument* a);

/* The signatures of a hand-written method or function, as schema strings
 * (methods list `Tensor self` first), parsed on first use and kept.
 * PyTorch 1.13: python_arg_parser.h PythonArgParser */
typedef struct PythonArgParser {
  const char* name;
  const char* const* signatures;
  int count;
  int hidden; /* 1.13's deprecated signatures minaten does not bind (copy_'s `async`): counted for the error */
  bool method;
  FunctionSchema* schemas;    /* built on first use */
  FunctionSignature* parsed;
} PythonArgParser;

#define PYTHON_ARG_PARSER_HIDDEN(var, fname, is_method, num_hidden, ...)                   \
  static const char* const var##_signatures[] = {__VA_ARGS__};                             \
  static PythonArgParser var = {fname, var##_signatures,                                   \
                                (int)(sizeof var##_signatures / sizeof var##_signatures[0]), \
                                num_hidden, is_method, NULL, NULL}
#define PYTHON_ARG_PARSER(var, fname, is_method, ...) PYTHON_ARG_PARSER_HIDDEN(var, fname, is_method, 0, __VA_ARGS__)

/* The index of the first signature the arguments fit (*out filled), or -1
 * with 1.13's TypeError (PythonArgParser::raw_parse, print_error).
 * PyTorch 1.13: python_arg_parser.cpp PythonArgParser::raw_parse */
int PythonArgParser_parse(PythonArgParser* p, PyObject* self, PyObject* const* args, Py_ssize_t nargs,
                          PyObject* kwnames, PythonArgs* out);

/* The same for a call made with a tuple and a dict (a tp_new, a
 * tp_call): out's objects are borrowed from args and kwargs.
 * PyTorch 1.13: python_arg_parser.h PythonArgParser::parse(args, kwargs, dst) */
int PythonArgParser_parseTupleDict(PythonArgParser* p, PyObject* self, PyObject* args, PyObject* kwargs,
                                   PythonArgs* out);

/* The TypeError of a call that none of sigs[0..n) fits, as 1.13 chooses
 * it (hidden: the deprecated signatures it also has, counted): one
 * signature's own error ("add(): argument 'other' (position 1) must be
 * Tensor, not str"), or "NAME() received an invalid combination of
 * arguments - got (...), but expected ...".  Returns -1 with the TypeError
 * set.  Note [Python signatures and their errors] in
 * csrc/autograd/python_bindings.c. */
int PythonArgParser_signatureError(const char* name, const FunctionSignature* sigs, size_t n, size_t hidden,
                                   PyObject* self, PyObject* const* args, Py_ssize_t nargs, PyObject* kwnames);

/* Whether the operator's Tensor parameters take Python numbers too (as
 * 0-dim "wrapped number" tensors: `torch.add(a, 1)`).
 * PyTorch 1.13: python_arg_parser.cpp should_allow_numbers_as_tensors */
bool should_allow_numbers_as_tensors(const char* name);

/* The types Python lets stand for a dtype: float is float64, int int64,
 * bool bool.  PyTorch 1.13: THPPythonScalarType_Check, PythonArgs::scalartype */
bool THPPythonScalarType_Check(PyObject* obj);
ScalarType THPPythonScalarType_value(PyObject* obj);
/* A dtype argument already checked: a torch.dtype or one of those types.
 * PyTorch 1.13: python_arg_parser.h PythonArgs::scalartype */
ScalarType PythonArgs_scalartype(PyObject* obj);

/* A one-element tensor read as a Python number: aten::_local_scalar_dense
 * (after dequantize for a quantized tensor; a lazy tensor's graph runs
 * first), the number in the tensor's own kind (int, float or bool).
 * Returns 0, or -1 with a Python exception.
 * PyTorch 1.13: aten/src/ATen/native/Scalar.cpp item */
int THPVariable_itemScalar(const Tensor* t, Scalar* out);

#endif
