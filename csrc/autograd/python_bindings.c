/*
 * python_bindings.c - see python_bindings.h.
 *
 * Which operators have a binding: an aten operator whose YAML entry gives
 * it a Python binding (OperatorEntry.python_binding) and the variant
 * (function, method), except those 1.13 leaves out (has_python_binding).
 * Each binding is a THPBinding object: as torch.NAME the `self` of a
 * builtin (a PyCFunction with METH_FASTCALL | METH_KEYWORDS), as
 * Tensor.NAME itself a method descriptor (Py_TPFLAGS_METHOD_DESCRIPTOR, so
 * that `x.reshape(6, 4)` calls it with x first, without a bound method
 * object, as CPython calls a method_descriptor).
 *
 * PyTorch 1.13: tools/autograd/gen_python_functions.py,
 * torch/csrc/autograd/generated/python_torch_functions.cpp,
 * python_variable_methods.cpp, torch/csrc/utils/python_arg_parser.cpp
 * (PythonArgParser::raw_parse, print_error), invalid_arguments.cpp
 */
#include "csrc/autograd/python_bindings.h"

#include <stdlib.h>
#include <string.h>

#include "autograd/variable.h"
#include "csrc/Exceptions.h"
#include "csrc/autograd/python_variable.h"
#include "csrc/autograd/sort_overloads.h"
#include "csrc/autograd/utils/wrap_outputs.h"
#include "csrc/utils/invalid_arguments.h"
#include "dispatch/Dispatcher.h"
#include "runtime/Exception.h"
#include "runtime/LocalDispatchKeySet.h"

enum { kMaxReturns = 8 };

/* ---- which operators are bound ------------------------------------------------ */

static bool in_table(const char* name, const char* const* table, size_t n) {
  for (size_t i = 0; i < n; i++)
    if (strcmp(name, table[i]) == 0) return true;
  return false;
}
#define IN_TABLE(name, table) in_table(name, table, sizeof table / sizeof table[0])

/*
 * Operators that PyTorch 1.13 registers but does not bind as torch.NAME or
 * Tensor.NAME; torch.ops.aten.NAME still reaches them.  Where the fact
 * comes from in 1.13: tools/autograd/gen_python_functions.py, whose
 * _SKIP_PYTHON_BINDINGS patterns leave these out of the generated
 * python_torch_functions.cpp / python_variable_methods.cpp (the script is not
 * in Debian's packages); each entry was checked with hasattr(torch, NAME)
 * and hasattr(torch.Tensor, NAME), both False, on Debian's 1.13.
 */
static const char* const kNoPythonBinding[] = {
    "alias", "_unsafe_view", "index", "slice", "_local_scalar_dense", "_to_copy", "_reshape_alias",
    "lift", "lift_fresh", "lift_fresh_copy", "copy", "numpy_T",
    "mT", "mH", "matrix_H" /* properties: x.mT, x.mH, x.H (python_variable.cpp THPVariable_get_mT, ...) */};
/* ... and those bound as methods only: hasattr(torch.Tensor, NAME) but not
 * hasattr(torch, NAME) on Debian's 1.13.  1.13 writes item, to, size,
 * stride, contiguous, set_, copy_, data, ... by hand in
 * torch/csrc/autograd/python_variable_methods.cpp (its `variable_methods`
 * table); the dunder operators (__and__, __iand__, ...) are methods
 * only there too. */
static const char* const kNoFunctionBinding[] = {
    "item", "to", "copy_", "set_", "data", "contiguous", "size", "stride", "expand_as", "view", "reshape_as",
    "resize_", "__and__", "__or__", "__xor__", "__lshift__", "__rshift__", "__iand__", "__ior__", "__ixor__",
    "__ilshift__", "__irshift__"};

bool has_python_binding(const OperatorEntry* op, bool method) {
  if (op->schema_text == NULL || strcmp(op->schema.ns, "aten") != 0) return false;
  const char* name = op->schema.name;
  if (IN_TABLE(name, kNoPythonBinding)) return false;
  if (!method && IN_TABLE(name, kNoFunctionBinding)) return false;
  return op->python_binding && (method ? op->has_method_variant : op->has_function_variant);
}

/* Operators whose Tensor parameters also take Python numbers, wrapped into
 * 0-dim "wrapped number" tensors (`torch.add(a, 1)`).  PyTorch 1.13:
 * torch/csrc/utils/python_arg_parser.cpp should_allow_numbers_as_tensors,
 * its static set `allowed` (which also lists the NAME_out spellings, never
 * a schema name in minaten: out= forms are overloads of NAME). */
bool should_allow_numbers_as_tensors(const char* name) {
  static const char* const allowed[] = {"add", "add_", "div", "div_", "divide", "divide_", "mul", "mul_",
                                        "multiply", "multiply_", "sub", "sub_", "subtract", "subtract_",
                                        "true_divide", "true_divide_", "to", "_to_copy", "copy_",
                                        "floor_divide", "floor_divide_"};
  return IN_TABLE(name, allowed);
}

/* Whether the schema has TensorOptions (dtype, layout, device, pin_memory). */
static bool has_tensor_options(const FunctionSchema* s) {
  for (size_t i = 0; i < s->num_arguments; i++)
    if (strcmp(s->arguments[i].name, "pin_memory") == 0) return true;
  return false;
}

/* Whether `torch.NAME` calls 1.13's torch:: variable factory (torch::ones,
 * torch::zeros_like, ...) instead of at::NAME: a function with
 * TensorOptions, or a *_like.  That wrapper runs the operator under
 * at::AutoDispatchBelowADInplaceOrView, so the in-place writes that build the
 * result (ones: empty, then fill_) do not bump its version: torch.ones(3) is
 * at version 0.
 * PyTorch 1.13: tools/autograd/gen_variable_factories.py is_factory_function,
 * torch/csrc/autograd/generated/variable_factories.h */
static bool is_factory_function(const FunctionSchema* s, bool method) {
  size_t n = strlen(s->name);
  return !method && (has_tensor_options(s) || (n >= 5 && strcmp(s->name + n - 5, "_like") == 0));
}

/* ---- Python signatures and their errors ------------------------------------------ */

/*
 * Note [Python signatures and their errors]
 *
 * torch.NAME and t.NAME have one Python signature per overload, except that
 * torchgen groups an out= overload with the functional overload of the same
 * other arguments (`neg(Tensor input, *, Tensor out=None)` is aten::neg and
 * aten::neg.out): the group is the out= overload with its out optional (and
 * the functional overload's TensorOptions after it).  Calls parse each
 * overload on its own; the grouped signatures decide the error of a call
 * that no overload accepts, chosen as 1.13's PythonArgParser chooses it:
 *
 *   - one signature (hidden ones counted): parse it again raising, for its
 *     precise TypeError (`reshape() missing 1 required positional arguments:
 *     "shape"`, `add(): argument 'other' (position 1) must be Tensor, not
 *     str`, `neg() got an unexpected keyword argument 'foo'`);
 *   - a method whose one signature takes no argument is CPython's METH_NOARGS
 *     method: `_TensorBase.neg() takes no arguments (1 given)`, `... takes no
 *     keyword arguments`;
 *   - several: print_error, which raises the same way with the one signature
 *     whose argument counts fit the call ("plausible"), if only one does;
 *   - else format_invalid_args: "X() received an invalid combination of
 *     arguments - got (ARGS), but expected one of:" (its first line; with
 *     one visible signature "..., but expected (Tensor other, *, Number
 *     alpha)", the arguments it refuses marked `!int!`).
 *
 * NB(minaten): the deprecated signatures 1.13 keeps hidden (add(Tensor
 * self, Scalar alpha, Tensor other), copy_'s `async`) are not bound; they
 * are counted for the choice above (kHiddenSignatures).  Overloads 1.13 has
 * and minaten does not (the Dimname ones: transpose.Dimname) are not
 * counted, so for those names a single signature here may be several there
 * (kIncompleteFunctions, kIncompleteMethods).  The lines 1.13's message has
 * after "expected one of:" (each signature and why it did not match) are
 * not made.
 *
 * PyTorch 1.13: torch/csrc/utils/python_arg_parser.cpp PythonArgParser::raw_parse,
 * print_error; torch/csrc/utils/invalid_arguments.cpp format_invalid_args;
 * tools/autograd/gen_python_functions.py group_overloads, is_noarg
 */

/* The names whose 1.13 bindings also have a hidden (deprecated) signature
 * (tools/autograd/deprecated.yaml; copy_'s in python_variable_methods.cpp). */
static const char* const kHiddenSignatures[] = {"add", "add_", "sub", "sub_", "copy_"};

/* The names (as functions, as methods) for which 1.13 has Python
 * signatures minaten does not bind: the named-tensor ones (`name dim`:
 * transpose.Dimname, sum.dim_DimnameList, ...) and a few overloads minaten
 * lacks (round.decimals, narrow.Tensor, dequantize.tensors,
 * quantize_per_tensor.tensor_qparams, frobenius_norm's, nonzero's
 * as_tuple; the factories' `names=` forms: ones.names, ...).  Each name's
 * 1.13 signatures were listed on Debian's 1.13 by
 * `torch.NAME(*[object()] * 40)` (format_invalid_args lists them) and
 * compared with minaten's.  For these names minaten cannot tell which error
 * 1.13 raises: the call is reported as one that no signature fits (what
 * 1.13 says when a named twin fits as well as the other). */
static const char* const kIncompleteFunctions[] = {
    "all", "any", "cat", "cumprod", "cumsum", "dequantize", "diagonal", "empty", "flatten", "frobenius_norm", "full",
    "gather", "index_add", "index_select", "logsumexp", "max", "mean", "median", "min", "narrow", "ones", "prod",
    "quantize_per_tensor", "round", "round_", "scatter", "scatter_add", "select", "squeeze", "std", "std_mean", "sum",
    "transpose", "unbind", "unflatten", "var", "var_mean", "where", "zeros"};
static const char* const kIncompleteMethods[] = {
    "all", "any", "cumprod", "cumsum", "diagonal", "flatten", "gather", "index_add", "index_select", "logsumexp",
    "max", "mean", "median", "min", "narrow", "nonzero", "prod", "round", "round_", "scatter", "scatter_add",
    "select", "squeeze", "squeeze_", "std", "sum", "transpose", "unbind", "var"};

/* The overloads 1.13 does not bind in Python although their names are
 * (gen_python_functions.py SKIP_PYTHON_BINDINGS_SIGNATURES): the Tensor
 * overload takes a number for `other` anyway. */
static bool skipped_python_signature(const FunctionSchema* s) {
  static const char* const kNames[] = {"add", "add_", "sub", "sub_", "mul", "mul_", "div", "div_"};
  return strcmp(s->overload_name, "Scalar") == 0 && IN_TABLE(s->name, kNames);
}

static bool is_tensor_option(const Argument* a) {
  static const char* const kOptions[] = {"dtype", "layout", "device", "pin_memory"};
  return a->kwarg_only && IN_TABLE(a->name, kOptions);
}

/* The number of trailing keyword-only out= tensors of s. */
static size_t num_out_arguments(const FunctionSchema* s, size_t* out_start) {
  size_t i = s->num_arguments;
  while (i > 0) {
    const Argument* a = &s->arguments[i - 1];
    if (!(a->kwarg_only && SchemaType_isTensor(&a->type) && a->alias_info.present && a->alias_info.is_write)) break;
    i--;
  }
  *out_start = i;
  return s->num_arguments - i;
}

/* Whether `o` is out= overload `f` with its out tensors: the same arguments
 * before them, by name and type (a factory's tensor options aside:
 * arange(Scalar end, *, ScalarType? dtype=None, ...) groups with
 * arange.out(Scalar end, *, Tensor(a!) out)). */
static bool is_out_of(const FunctionSchema* o, size_t out_start, const FunctionSchema* f) {
  bool options = has_tensor_options(f);
  size_t i = 0;
  for (size_t j = 0; j < f->num_arguments; j++) {
    const Argument* y = &f->arguments[j];
    if (options && is_tensor_option(y)) continue;
    if (i == out_start) return false;
    const Argument* x = &o->arguments[i++];
    if (strcmp(x->name, y->name) != 0 || x->type.base != y->type.base || x->type.is_list != y->type.is_list ||
        x->type.is_optional != y->type.is_optional || x->type.elem_optional != y->type.elem_optional ||
        x->kwarg_only != y->kwarg_only)
      return false;
  }
  return i == out_start;
}

/* The Python signatures of the (sorted) overloads, grouped as torchgen
 * groups them, into b->error_sigs.  0, or -1 with an exception. */
static int build_error_signatures(THPBinding* b) {
  size_t n = b->num_overloads;
  bool grouped[kMaxPythonOverloads] = {false};
  b->error_sigs = calloc(n + 1, sizeof *b->error_sigs);
  if (b->error_sigs == NULL) return PyErr_NoMemory(), -1;
  b->num_signatures = 0;
  for (size_t i = 0; i < n; i++) grouped[i] = skipped_python_signature(&b->ops[i]->schema); /* not counted */
  for (size_t i = 0; i < n; i++) {
    const FunctionSchema* o = &b->ops[i]->schema;
    size_t out_start;
    if (num_out_arguments(o, &out_start) == 0) continue;
    for (size_t j = 0; j < n; j++) {
      const FunctionSchema* f = &b->ops[j]->schema;
      size_t ignored;
      if (j == i || grouped[j] || num_out_arguments(f, &ignored) != 0 || !is_out_of(o, out_start, f)) continue;
      grouped[j] = grouped[i] = true;
      if (FunctionSignature_init(&b->error_sigs[b->num_signatures], o, b->method, true,
                                 has_tensor_options(f) ? f : NULL, should_allow_numbers_as_tensors(o->name)) < 0)
        return -1;
      b->num_signatures++;
      break;
    }
  }
  for (size_t i = 0; i < n; i++) {
    if (grouped[i]) continue;
    const FunctionSchema* s = &b->ops[i]->schema;
    if (FunctionSignature_init(&b->error_sigs[b->num_signatures], s, b->method, false, NULL,
                               should_allow_numbers_as_tensors(s->name)) < 0)
      return -1;
    b->num_signatures++;
  }
  return 0;
}

/* Sets the TypeError of a call no overload accepted (Note [Python signatures
 * and their errors]). */
static void python_signature_error(THPBinding* b, PyObject* self, PyObject* const* args, Py_ssize_t nargs,
                                   PyObject* kwnames) {
  const char* name = b->op_name;
  size_t m = b->num_signatures;
  size_t hidden = IN_TABLE(name, kHiddenSignatures);
  bool incomplete = b->method ? IN_TABLE(name, kIncompleteMethods) : IN_TABLE(name, kIncompleteFunctions);
  Py_ssize_t nkw = kwnames != NULL ? PyTuple_GET_SIZE(kwnames) : 0;
  PythonArgs scratch;
  const FunctionSignature* raising = m + hidden == 1 && !incomplete ? &b->error_sigs[0] : NULL;
  if (raising == NULL && !incomplete) { /* print_error: the one plausible signature */
    Py_ssize_t num_args = nargs + nkw;
    int plausible = 0;
    for (size_t k = 0; k < m; k++) {
      const FunctionSignature* sig = &b->error_sigs[k];
      if (num_args >= sig->min_args && num_args <= sig->max_args) {
        plausible++;
        raising = sig;
      }
    }
    if (plausible != 1) raising = NULL;
  }
  if (raising != NULL && FunctionSignature_parse(raising, self, args, nargs, kwnames, &scratch, true) <= 0 &&
      PyErr_Occurred())
    return;
  PyErr_Clear(); /* NB: a grouped signature may fit where no overload did (out= with dtype=) */
  char got[512];
  if (m == 1 && nkw == 0 && !incomplete) {
    /* format_invalid_args with one option: the arguments it refuses marked,
     * when there is at most one more than its parameters (so 1.13 prints
     * add(t, "x", 1, 2, 3), and leaves a sixth argument's call unmarked) */
    char expected[512];
    describe_signature(expected, sizeof expected, &b->error_sigs[0]);
    if (nargs <= b->error_sigs[0].max_args + 1)
      describe_marked_arguments(got, sizeof got, &b->error_sigs[0], args, nargs);
    else
      describe_arguments(got, sizeof got, args, nargs, NULL);
    PyErr_Format(PyExc_TypeError, "%s() received an invalid combination of arguments - got (%s), but expected %s",
                 name, got, expected);
    return;
  }
  describe_arguments(got, sizeof got, args, nargs, kwnames);
  PyErr_Format(PyExc_TypeError, "%s() received an invalid combination of arguments - got (%s), but expected one of:",
               name, got);
}

/* ---- building a binding ---------------------------------------------------------- */

static void free_signatures(FunctionSignature* sigs, size_t n) {
  for (size_t k = 0; sigs != NULL && k < n; k++) FunctionSignature_free(&sigs[k]);
  free(sigs);
}

static void binding_clear(THPBinding* b) {
  free_signatures(b->sigs, b->num_overloads);
  free_signatures(b->error_sigs, b->num_signatures);
  free(b->ops);
  b->sigs = b->error_sigs = NULL;
  b->ops = NULL;
  b->num_overloads = b->num_signatures = 0;
}

/* The overloads named b->op_name with a binding of b's variant, in the
 * registry's order, into ops (at most kMaxPythonOverloads): how many. */
static size_t find_overloads(const THPBinding* b, const OperatorEntry** ops) {
  size_t n = 0;
  for (size_t i = 0; i < Dispatcher_numOperators() && n < kMaxPythonOverloads; i++) {
    const OperatorEntry* op = Dispatcher_operator(i);
    if (op->schema_text == NULL || strcmp(op->schema.name, b->op_name) != 0 || !has_python_binding(op, b->method))
      continue;
    if (op->schema.num_returns > kMaxReturns || op->schema.num_arguments + 5 > THP_MAX_ARGS) continue;
    ops[n++] = op;
  }
  return n;
}

/* (Re)builds b's overloads and signatures from the registry: 0, or -1 with
 * an exception. */
static int binding_build(THPBinding* b) {
  const OperatorEntry* ops[kMaxPythonOverloads];
  size_t n = find_overloads(b, ops);
  n = sort_python_overloads(ops, n, b->method); /* Note [Order of Python overloads] */
  binding_clear(b);
  b->generation = Dispatcher_generation();
  b->ops = calloc(n + 1, sizeof *b->ops);
  b->sigs = calloc(n + 1, sizeof *b->sigs);
  if (b->ops == NULL || b->sigs == NULL) return PyErr_NoMemory(), -1;
  for (size_t k = 0; k < n; k++) {
    b->ops[k] = ops[k];
    if (FunctionSignature_init(&b->sigs[k], &ops[k]->schema, b->method, false, NULL,
                               should_allow_numbers_as_tensors(ops[k]->schema.name)) < 0)
      return -1;
    b->num_overloads++;
  }
  if (build_error_signatures(b) < 0) return -1;
  /* 1.13 makes a method METH_NOARGS when its one signature takes nothing
   * but self (gen_python_functions.py is_noarg) */
  b->noarg = b->method && b->num_signatures == 1 && b->error_sigs[0].num_params == 0 &&
             !IN_TABLE(b->op_name, kHiddenSignatures) && !IN_TABLE(b->op_name, kIncompleteMethods);
  return 0;
}

/* Whether the registry changed b's overloads since b was built (an operator
 * library loaded or unloaded): then b is built again.  NB: the old
 * signatures are kept (leaked), a call may be using them. */
static int binding_refresh(THPBinding* b) {
  const OperatorEntry* ops[kMaxPythonOverloads];
  size_t n = find_overloads(b, ops);
  bool same = n == b->num_overloads;
  for (size_t i = 0; same && i < n; i++) {
    same = false;
    for (size_t k = 0; k < b->num_overloads; k++) same = same || b->ops[k] == ops[i];
  }
  if (same) {
    b->generation = Dispatcher_generation();
    return 0;
  }
  b->ops = NULL, b->sigs = NULL, b->error_sigs = NULL; /* leaked: see above */
  b->num_overloads = b->num_signatures = 0;
  return binding_build(b);
}

static PyObject* THPBinding_vectorcall(PyObject* callable, PyObject* const* args, size_t nargsf, PyObject* kwnames);

THPBinding* THPBinding_new(const char* name, const char* op_name, bool method, bool type_error_to_not_implemented) {
  THPBinding* b = PyObject_New(THPBinding, &THPBindingType);
  if (b == NULL) return NULL;
  memset((char*)b + sizeof(PyObject), 0, sizeof *b - sizeof(PyObject));
  b->vectorcall = NULL;
  snprintf(b->name, sizeof b->name, "%s", name);
  snprintf(b->op_name, sizeof b->op_name, "%s", op_name);
  b->method = method;
  b->type_error_to_not_implemented = type_error_to_not_implemented;
  if (binding_build(b) < 0) {
    Py_DECREF(b);
    return NULL;
  }
  if (b->num_overloads == 0 && !type_error_to_not_implemented) {
    Py_DECREF(b);
    return NULL;
  }
  b->vectorcall = THPBinding_vectorcall;
  return b;
}

/* ---- calling ------------------------------------------------------------------- */

/* Calls overload k with the parsed arguments.  PyTorch 1.13: the generated
 * dispatch_NAME lambdas (and torch::NAME for factories) */
static PyObject* dispatch(THPBinding* b, size_t k, PythonArgs* parsed) {
  const OperatorEntry* op = b->ops[k];
  IValue stack[THP_MAX_ARGS];
  if (PythonArgs_toIValues(parsed, stack) < 0) return NULL;
  IValue rets[kMaxReturns];
  int r;
  if (is_factory_function(&op->schema, b->method)) {
    DispatchKeyGuard guard =
        ExcludeDispatchKeyGuard_push(DispatchKeySet_add(DispatchKeySet_autograd(), DispatchKey_ADInplaceOrView));
    r = Dispatcher_callBoxed(op, stack, rets);
    DispatchKeyGuard_pop(guard);
  } else {
    r = Dispatcher_callBoxed(op, stack, rets);
  }
  for (size_t i = 0; i < op->schema.num_arguments; i++) IValue_release(&stack[i]);
  if (r < 0) return THPException_fromError();
  PyObject* result = THPUtils_wrapReturns(&op->schema, rets, false);
  /* the generated binding: `dispatch_ones(size, options).set_requires_grad(requires_grad)`
   * (gen_python_functions.py), whose refusal is AutogradMeta::set_requires_grad's */
  if (result != NULL && parsed->requires_grad == Py_True && THPVariable_Check(result) &&
      set_requires_grad(THPVariable_Unpack(result), true) < 0) {
    Py_DECREF(result);
    return THPException_fromError();
  }
  return result;
}

/* The body of torch.NAME(...) and t.NAME(...). */
static PyObject* binding_call(THPBinding* b, PyObject* self, PyObject* const* args, Py_ssize_t nargs,
                              PyObject* kwnames) {
  if (b->generation != Dispatcher_generation() && binding_refresh(b) < 0) return NULL;
  if (b->noarg && (nargs != 0 || (kwnames != NULL && PyTuple_GET_SIZE(kwnames) != 0))) {
    /* CPython's METH_NOARGS (Objects/descrobject.c method_vectorcall_NOARGS) */
    if (nargs != 0) PyErr_Format(PyExc_TypeError, "_TensorBase.%s() takes no arguments (%zd given)", b->op_name, nargs);
    else PyErr_Format(PyExc_TypeError, "_TensorBase.%s() takes no keyword arguments", b->op_name);
    return NULL;
  }
  PythonArgs parsed;
  for (size_t k = 0; k < b->num_overloads; k++) {
    int r = FunctionSignature_parse(&b->sigs[k], self, args, nargs, kwnames, &parsed, false);
    if (r < 0) return NULL;
    if (r > 0) return dispatch(b, k, &parsed);
  }
  if (b->num_overloads == 0) {
    PyErr_Format(PyExc_NotImplementedError, "minaten has no operator aten::%s", b->op_name);
    return NULL;
  }
  python_signature_error(b, self, args, nargs, kwnames);
  return NULL;
}

PyObject* THPBinding_call(THPBinding* b, PyObject* self, PyObject* const* args, Py_ssize_t nargs,
                          PyObject* kwnames) {
  PyObject* r = binding_call(b, self, args, nargs, kwnames);
  /* PyTorch 1.13: python_variable_methods.cpp TypeError_to_NotImplemented_ */
  if (r == NULL && b->type_error_to_not_implemented && PyErr_ExceptionMatches(PyExc_TypeError)) {
    PyErr_Clear();
    Py_RETURN_NOTIMPLEMENTED;
  }
  return r;
}

/* Tensor.NAME called: args[0] is self (CPython passes it first to a method
 * descriptor).  Python 3.11: Objects/descrobject.c method_check_args */
static PyObject* THPBinding_vectorcall(PyObject* callable, PyObject* const* args, size_t nargsf, PyObject* kwnames) {
  THPBinding* b = (THPBinding*)callable;
  Py_ssize_t nargs = PyVectorcall_NARGS(nargsf);
  if (!b->method) return THPBinding_call(b, NULL, args, nargs, kwnames);
  if (nargs < 1) {
    PyErr_Format(PyExc_TypeError, "unbound method _TensorBase.%s() needs an argument", b->name);
    return NULL;
  }
  if (!THPVariable_Check(args[0])) {
    PyErr_Format(PyExc_TypeError, "descriptor '%s' for 'torch._C._TensorBase' objects doesn't apply to a '%s' object",
                 b->name, Py_TYPE(args[0])->tp_name);
    return NULL;
  }
  return THPBinding_call(b, args[0], args + 1, nargs - 1, kwnames);
}

/* torch.NAME's builtin: METH_FASTCALL | METH_KEYWORDS, self the binding. */
static PyObject* binding_function(PyObject* self, PyObject* const* args, Py_ssize_t nargs, PyObject* kwnames) {
  return THPBinding_call((THPBinding*)self, NULL, args, nargs, kwnames);
}

/* ---- the type ---------------------------------------------------------------------- */

static void THPBinding_dealloc(PyObject* self) {
  binding_clear((THPBinding*)self);
  PyObject_Free(self);
}

/* Tensor.NAME read from an instance: a bound method. */
static PyObject* THPBinding_descr_get(PyObject* self, PyObject* obj, PyObject* type) {
  (void)type;
  if (obj == NULL || obj == Py_None || !((THPBinding*)self)->method) return Py_NewRef(self);
  return PyMethod_New(self, obj);
}

static PyObject* THPBinding_repr(PyObject* self) {
  THPBinding* b = (THPBinding*)self;
  if (b->method) return PyUnicode_FromFormat("<method '%s' of 'torch._C._TensorBase' objects>", b->name);
  return PyUnicode_FromFormat("<torch binding %s>", b->name);
}

static PyObject* THPBinding_get_name(PyObject* self, void* unused) {
  (void)unused;
  return PyUnicode_FromString(((THPBinding*)self)->name);
}

static PyObject* THPBinding_get_qualname(PyObject* self, void* unused) {
  (void)unused;
  THPBinding* b = (THPBinding*)self;
  return b->method ? PyUnicode_FromFormat("_TensorBase.%s", b->name) : PyUnicode_FromString(b->name);
}

static PyObject* THPBinding_get_objclass(PyObject* self, void* unused) {
  (void)self, (void)unused;
  return Py_NewRef((PyObject*)&THPVariableType);
}

static PyGetSetDef THPBinding_properties[] = {{"__name__", THPBinding_get_name, NULL, NULL, NULL},
                                              {"__qualname__", THPBinding_get_qualname, NULL, NULL, NULL},
                                              {"__objclass__", THPBinding_get_objclass, NULL, NULL, NULL},
                                              {NULL, NULL, NULL, NULL, NULL}};

PyTypeObject THPBindingType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "torch._C._OperatorBinding",
    .tp_basicsize = sizeof(THPBinding),
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_VECTORCALL | Py_TPFLAGS_METHOD_DESCRIPTOR,
    .tp_vectorcall_offset = offsetof(THPBinding, vectorcall),
    .tp_call = PyVectorcall_Call,
    .tp_dealloc = THPBinding_dealloc,
    .tp_descr_get = THPBinding_descr_get,
    .tp_repr = THPBinding_repr,
    .tp_getset = THPBinding_properties,
};

/* ---- torch._C._VariableFunctions ------------------------------------------------------ */

/* PyTorch 1.13: python_torch_functions_manual.cpp THPVariableFunctions */
static PyTypeObject THPVariableFunctionsType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "torch._C._VariableFunctionsClass",
    .tp_basicsize = sizeof(PyObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
};

int THPVariableFunctions_addFunctions(PyMethodDef* functions) {
  PyObject* name = PyUnicode_FromString("torch");
  if (name == NULL) return -1;
  for (PyMethodDef* m = functions; m->ml_name != NULL; m++) {
    PyObject* f = PyCFunction_NewEx(m, NULL, name);
    if (f == NULL || PyDict_SetItemString(THPVariableFunctionsType.tp_dict, m->ml_name, f) < 0) {
      Py_XDECREF(f);
      Py_DECREF(name);
      return -1;
    }
    Py_DECREF(f);
  }
  Py_DECREF(name);
  PyType_Modified(&THPVariableFunctionsType);
  return 0;
}

/* name -> THPBinding, for torch.NAME and Tensor.NAME */
static PyObject* function_bindings;
static PyObject* method_bindings;

static PyObject* find_binding(PyObject* table, const char* name, const char* what) {
  PyObject* b = table != NULL ? PyDict_GetItemString(table, name) : NULL;
  if (b == NULL && !PyErr_Occurred())
    PyErr_Format(PyExc_AttributeError, "%s has no attribute '%s'", what, name);
  return b;
}

PyObject* THPBinding_callFunction(const char* name, PyObject* const* args, Py_ssize_t nargs, PyObject* kwnames) {
  PyObject* b = find_binding(function_bindings, name, "module 'torch'");
  return b == NULL ? NULL : THPBinding_call((THPBinding*)b, NULL, args, nargs, kwnames);
}

PyObject* THPBinding_callMethod(const char* name, PyObject* self, PyObject* const* args, Py_ssize_t nargs,
                                PyObject* kwnames) {
  PyObject* b = find_binding(method_bindings, name, "'Tensor' object");
  return b == NULL ? NULL : THPBinding_call((THPBinding*)b, self, args, nargs, kwnames);
}

PyObject* THPUtils_callOp(const OperatorEntry* op, IValue* args, bool jit) {
  IValue rets[kMaxReturns];
  if (op->schema.num_returns > kMaxReturns) {
    for (size_t i = 0; i < op->schema.num_arguments; i++) IValue_release(&args[i]);
    PyErr_Format(PyExc_NotImplementedError, "minaten: %s has more than %d returns", op->qualified_name, kMaxReturns);
    return NULL;
  }
  int r = Dispatcher_callBoxed(op, args, rets);
  for (size_t i = 0; i < op->schema.num_arguments; i++) IValue_release(&args[i]);
  if (r < 0) return THPException_fromError();
  return THPUtils_wrapReturns(&op->schema, rets, jit);
}

PyObject* THPUtils_callOpBoxed(const char* qualified_name, IValue* args, bool jit) {
  const OperatorEntry* op = Dispatcher_findSchema(qualified_name);
  if (op == NULL) {
    PyErr_Format(PyExc_NotImplementedError, "minaten has no operator %s yet", qualified_name);
    return NULL;
  }
  return THPUtils_callOp(op, args, jit);
}

/* The Python operators of torch._C._TensorBase that are operators' method
 * bindings under another name, their TypeErrors turned into NotImplemented
 * (so that `a + "x"` lets Python try str's __radd__).  The reflected forms
 * of commutative operators call the same operator with self first (`1 + a`
 * is add(a, 1)); the others are torch/_tensor.py's (python/minaten/_tensor.py).
 * PyTorch 1.13: python_variable_methods.cpp variable_methods */
static const char* const kOperatorMethods[][2] = {
    {"__add__", "add"},           {"__radd__", "add"},       {"__iadd__", "add_"},
    {"__sub__", "sub"},           {"__isub__", "sub_"},      {"__mul__", "mul"},
    {"__rmul__", "mul"},          {"__imul__", "mul_"},      {"__div__", "div"},
    {"__truediv__", "div"},       {"__idiv__", "div_"},      {"__floordiv__", "floor_divide"},
    {"__ifloordiv__", "floor_divide_"}, {"__mod__", "remainder"}, {"__imod__", "remainder_"},
    {"__eq__", "eq"},             {"__ne__", "ne"},          {"__lt__", "lt"},
    {"__le__", "le"},             {"__gt__", "gt"},          {"__ge__", "ge"},
    {"__rand__", "bitwise_and"},  {"__ror__", "bitwise_or"}, {"__rxor__", "bitwise_xor"},
    {"__matmul__", "matmul"},     {"__and__", "__and__"},    {"__iand__", "__iand__"},
    {"__or__", "__or__"},         {"__ior__", "__ior__"},    {"__xor__", "__xor__"},
    {"__ixor__", "__ixor__"},     {"__lshift__", "__lshift__"}, {"__ilshift__", "__ilshift__"},
    {"__rshift__", "__rshift__"}, {"__irshift__", "__irshift__"}};

static int add_binding(PyObject* dict, PyObject* table, THPBinding* b) {
  PyObject* value = (PyObject*)b;
  PyObject* function = NULL;
  if (!b->method) {
    b->def = (PyMethodDef){b->name, (PyCFunction)(void (*)(void))binding_function, METH_FASTCALL | METH_KEYWORDS, NULL};
    function = PyCFunction_NewEx(&b->def, (PyObject*)b, NULL);
    if (function == NULL) return -1;
    value = function;
  }
  int r = PyDict_SetItemString(dict, b->name, value) < 0 || PyDict_SetItemString(table, b->name, (PyObject*)b) < 0
              ? -1
              : 0;
  Py_XDECREF(function);
  return r;
}

int THPBindings_init(PyObject* module) {
  if (PyType_Ready(&THPBindingType) < 0 || PyType_Ready(&THPVariableFunctionsType) < 0) return -1;
  function_bindings = PyDict_New();
  method_bindings = PyDict_New();
  if (function_bindings == NULL || method_bindings == NULL) return -1;
  PyObject* functions_dict = THPVariableFunctionsType.tp_dict;
  PyObject* methods_dict = THPVariableType.tp_dict;
  for (size_t i = 0; i < Dispatcher_numOperators(); i++) {
    const OperatorEntry* op = Dispatcher_operator(i);
    for (int method = 0; method < 2; method++) {
      if (!has_python_binding(op, method)) continue;
      PyObject* table = method ? method_bindings : function_bindings;
      if (PyDict_GetItemString(table, op->schema.name) != NULL) continue;
      /* the operators named like Python's operators (__and__, ...) return
       * NotImplemented for a TypeError, as 1.13's generated ones do */
      bool dunder = strncmp(op->schema.name, "__", 2) == 0;
      THPBinding* b = THPBinding_new(op->schema.name, op->schema.name, method, dunder);
      if (b == NULL) {
        if (PyErr_Occurred()) return -1;
        continue;
      }
      int r = add_binding(method ? methods_dict : functions_dict, table, b);
      Py_DECREF(b);
      if (r < 0) return -1;
    }
  }
  for (size_t i = 0; i < sizeof kOperatorMethods / sizeof kOperatorMethods[0]; i++) {
    THPBinding* b = THPBinding_new(kOperatorMethods[i][0], kOperatorMethods[i][1], true, true);
    if (b == NULL) return -1;
    int r = PyDict_SetItemString(methods_dict, b->name, (PyObject*)b);
    Py_DECREF(b);
    if (r < 0) return -1;
  }
  PyType_Modified(&THPVariableFunctionsType);
  PyType_Modified(&THPVariableType);
  PyObject* instance = PyType_GenericAlloc(&THPVariableFunctionsType, 0);
  if (instance == NULL) return -1;
  int r = PyModule_AddObjectRef(module, "_VariableFunctionsClass", (PyObject*)&THPVariableFunctionsType) < 0 ||
                  PyModule_AddObject(module, "_VariableFunctions", instance) < 0
              ? -1
              : 0;
  if (r < 0) Py_DECREF(instance);
  return r;
}
