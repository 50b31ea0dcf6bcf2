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
#include "csrc/Device.h"
#include "csrc/Dtype.h"
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

static bool ends_with(const char* name, const char* suffix) {
  size_t n = strlen(name), k = strlen(suffix);
  return n > k && strcmp(name + n - k, suffix) == 0;
}

/*
 * Which names 1.13 binds, as torch.NAME (a builtin of
 * torch._C._VariableFunctions) and as Tensor.NAME (a method), is listed for
 * every aten operator name minaten registers in python_signatures_113.c,
 * taken from 1.13 itself by tools/oracle/python_signatures.py: 1.13's
 * generator leaves out names by patterns (_SKIP_PYTHON_BINDINGS in
 * gen_python_functions.py: the *_backward operators, _local_scalar_dense,
 * _reshape_alias, ...), binds some as methods only (the dunder operators;
 * item, to, size, ... which python_variable_methods.cpp writes by hand),
 * and its YAML's variants are not always minaten's.  A name the table does
 * not know (an operator added since it was written, or defined from a YAML
 * file at run time) falls back to these rules, which 1.13's gen_python_functions.py
 * would apply:
 */
static const char* const kNoPythonBinding[] = {
    "alias", "_unsafe_view", "index", "slice", "_local_scalar_dense", "_to_copy", "_reshape_alias",
    "lift", "lift_fresh", "lift_fresh_copy", "copy", "numpy_T",
    "mT", "mH", "matrix_H" /* properties: x.mT, x.mH, x.H (python_variable.cpp THPVariable_get_mT, ...) */};
static const char* const kNoFunctionBinding[] = {
    "item", "to", "copy_", "set_", "data", "contiguous", "size", "stride", "expand_as", "view", "reshape_as",
    "resize_", "__and__", "__or__", "__xor__", "__lshift__", "__rshift__", "__iand__", "__ior__", "__ixor__",
    "__ilshift__", "__irshift__"};

static int compare_binding_113(const void* key, const void* entry) {
  return strcmp((const char*)key, ((const PythonBinding113*)entry)->name);
}

bool has_python_binding(const OperatorEntry* op, bool method) {
  if (op->schema_text == NULL || strcmp(op->schema.ns, "aten") != 0) return false;
  if (!op->python_binding || !(method ? op->has_method_variant : op->has_function_variant)) return false;
  /* an out= form made by `autogen:` is not bound: 1.13's
   * `bitwise_and(Number self, Tensor other)` takes no out= */
  if (op->autogen_functional != NULL) return false;
  if (op->python_module_nn) return false; /* torch._C._nn.NAME only: has_nn_binding */
  const char* name = op->schema.name;
  static size_t count;
  while (kPythonBindings113[count].name != NULL) count++;
  const PythonBinding113* known =
      bsearch(name, kPythonBindings113, count, sizeof kPythonBindings113[0], compare_binding_113);
  if (known != NULL) return method ? known->method : known->function;
  if (ends_with(name, "_backward") || ends_with(name, "_forward")) return false;
  if (IN_TABLE(name, kNoPythonBinding)) return false;
  return method || !IN_TABLE(name, kNoFunctionBinding);
}

/* Whether 1.13 binds the operator as torch._C._nn.NAME: `python_module: nn`
 * in its YAML, and not one of the *_backward and *_forward operators its
 * generator skips (nll_loss_forward, _slow_conv2d_forward).
 * PyTorch 1.13: gen_python_functions.py (python_nn_functions.cpp, SKIP_PYTHON_BINDINGS) */
bool has_nn_binding(const OperatorEntry* op) {
  if (op->schema_text == NULL || strcmp(op->schema.ns, "aten") != 0) return false;
  if (!op->python_binding || !op->python_module_nn || !op->has_function_variant || op->autogen_functional != NULL)
    return false;
  return !ends_with(op->schema.name, "_backward") && !ends_with(op->schema.name, "_forward");
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
 *   - else format_invalid_args (utils/invalid_arguments.c), the whole of
 *     1.13's message: "X() received an invalid combination of arguments -
 *     got (ARGS), but expected one of:" and each signature, with why it did
 *     not match; with one visible signature "..., but expected (Tensor
 *     other, *, Number alpha)", the arguments it refuses marked `!int!`.
 *
 * The signatures are 1.13's: minaten's overloads and, unbound, those 1.13
 * has and minaten does not (the named-tensor ones: transpose.Dimname,
 * sum.dim_DimnameList; round.decimals, narrow.Tensor, some out= forms),
 * listed from 1.13's YAML in python_signatures_113.c.  A call that fits one
 * of those raises what 1.13 would at run time for a named overload (the
 * tensor has no such name: "Name 'x' not found in Tensor[None, None].")
 * or NotImplementedError (minaten has no such operator).
 *
 * NB(minaten): the deprecated signatures 1.13 keeps hidden (add(Tensor
 * self, Scalar alpha, Tensor other), addcmul(Tensor self, Scalar value, Tensor
 * tensor1, Tensor tensor2), copy_'s `async`) are not bound; they
 * are counted for the choice above (kHiddenSignatures), as 1.13 counts
 * them, and never shown.
 *
 * PyTorch 1.13: torch/csrc/utils/python_arg_parser.cpp PythonArgParser::raw_parse,
 * print_error; torch/csrc/utils/invalid_arguments.cpp format_invalid_args;
 * tools/autograd/gen_python_functions.py group_overloads, is_noarg
 */

/* The names whose 1.13 bindings also have a hidden (deprecated) signature
 * (tools/autograd/deprecated.yaml; copy_'s in python_variable_methods.cpp). */
static const char* const kHiddenSignatures[] = {"add",      "add_", "addcdiv", "addcdiv_", "addcmul", "addcmul_",
                                                "addmm",    "addmm_", "sub",   "sub_",     "copy_"};

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

/* The number of trailing keyword-only out= arguments of s: tensors, or one
 * list of them (split_copy.Tensor_out's `Tensor(a!)[] out`). */
static size_t num_out_arguments(const FunctionSchema* s, size_t* out_start) {
  size_t i = s->num_arguments;
  while (i > 0) {
    if (!Argument_isOut(&s->arguments[i - 1])) break;
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

/* The schema of kPythonSignatures113[i], parsed on first use and kept for
 * the life of the process; NULL if minaten's parser refuses it. */
static const FunctionSchema* signature_113(size_t i) {
  static FunctionSchema** parsed;
  static size_t count;
  if (parsed == NULL) {
    while (kPythonSignatures113[count].name != NULL) count++;
    parsed = calloc(count + 1, sizeof *parsed);
    if (parsed == NULL) return NULL;
  }
  if (parsed[i] == NULL) {
    FunctionSchema* s = calloc(1, sizeof *s);
    SchemaParseError err;
    if (s == NULL || FunctionSchema_parse(kPythonSignatures113[i].schema, s, &err) < 0) {
      free(s);
      return NULL;
    }
    parsed[i] = s;
  }
  return parsed[i];
}

/* The Python signatures of the name, grouped as torchgen groups them, into
 * b->error_sigs: minaten's (sorted) overloads, and 1.13's that minaten does
 * not have (also each on its own into b->extra_sigs).  0, or -1 with an
 * exception. */
static int build_error_signatures(THPBinding* b) {
  const FunctionSchema* schemas[2 * kMaxPythonOverloads];
  size_t n = 0;
  for (size_t i = 0; i < b->num_overloads; i++) schemas[n++] = &b->ops[i]->schema;
  size_t first_extra = n;
  const char* refuses_names[2 * kMaxPythonOverloads];
  for (size_t i = 0; kPythonSignatures113[i].name != NULL && n < 2 * kMaxPythonOverloads; i++) {
    if (b->nn || kPythonSignatures113[i].method != b->method || strcmp(kPythonSignatures113[i].name, b->op_name) != 0)
      continue;
    const FunctionSchema* s = signature_113(i);
    if (s != NULL && s->num_arguments + 5 <= THP_MAX_ARGS) {
      refuses_names[n - first_extra] = kPythonSignatures113[i].refuses_names;
      schemas[n++] = s;
    }
  }
  b->error_sigs = calloc(n + 1, sizeof *b->error_sigs);
  b->extra_sigs = calloc(n - first_extra + 1, sizeof *b->extra_sigs);
  b->extra_refuse_names = calloc(n - first_extra + 1, sizeof *b->extra_refuse_names);
  if (b->error_sigs == NULL || b->extra_sigs == NULL || b->extra_refuse_names == NULL) return PyErr_NoMemory(), -1;
  memcpy(b->extra_refuse_names, refuses_names, (n - first_extra) * sizeof refuses_names[0]);
  for (size_t i = first_extra; i < n; i++) {
    if (FunctionSignature_init(&b->extra_sigs[b->num_extras], schemas[i], b->method, false, NULL,
                               should_allow_numbers_as_tensors(schemas[i]->name)) < 0)
      return -1;
    b->num_extras++;
  }
  /* torchgen's group_overloads: an out= overload and the functional one
   * with the same other arguments are one signature */
  bool grouped[2 * kMaxPythonOverloads] = {false};
  const FunctionSchema* keys[2 * kMaxPythonOverloads]; /* what each signature sorts by */
  const FunctionSchema* outs[2 * kMaxPythonOverloads]; /* its out= overload, or NULL */
  size_t m = 0;
  for (size_t i = 0; i < n; i++) grouped[i] = skipped_python_signature(schemas[i]); /* not counted */
  for (size_t i = 0; i < n; i++) {
    const FunctionSchema* o = schemas[i];
    size_t out_start;
    if (grouped[i] || num_out_arguments(o, &out_start) == 0) continue;
    for (size_t j = 0; j < n; j++) {
      const FunctionSchema* f = schemas[j];
      size_t ignored;
      if (j == i || grouped[j] || num_out_arguments(f, &ignored) != 0 || !is_out_of(o, out_start, f)) continue;
      grouped[j] = grouped[i] = true;
      keys[m] = f;
      outs[m++] = o;
      break;
    }
  }
  for (size_t i = 0; i < n; i++) {
    if (grouped[i]) continue;
    keys[m] = schemas[i];
    outs[m++] = NULL;
  }
  /* in the order 1.13 lists them (Note [Order of Python overloads]) */
  size_t order[2 * kMaxPythonOverloads];
  m = sort_python_signatures(keys, m, b->method, order);
  for (size_t k = 0; k < m; k++) {
    const FunctionSchema* f = keys[order[k]];
    const FunctionSchema* o = outs[order[k]];
    int r = o != NULL ? FunctionSignature_init(&b->error_sigs[b->num_signatures], o, b->method, true,
                                               has_tensor_options(f) ? f : NULL,
                                               should_allow_numbers_as_tensors(o->name))
                      : FunctionSignature_init(&b->error_sigs[b->num_signatures], f, b->method, false, NULL,
                                               should_allow_numbers_as_tensors(f->name));
    if (r < 0) return -1;
    b->num_signatures++;
  }
  return 0;
}

/* A call that fits one of 1.13's overloads minaten does not have: what
 * 1.13 raises when it runs a named overload on a tensor without names
 * (PyTorch 1.13: aten/src/ATen/NamedTensorUtils.cpp dimname_to_position),
 * or NotImplementedError.  Returns true with the exception set, or false
 * (no extra overload fits). */
static bool extra_signature_error(THPBinding* b, PyObject* self, PyObject* const* args, Py_ssize_t nargs,
                                  PyObject* kwnames) {
  PythonArgs parsed;
  for (size_t k = 0; k < b->num_extras; k++) {
    const FunctionSignature* sig = &b->extra_sigs[k];
    int r = FunctionSignature_parse(sig, self, args, nargs, kwnames, &parsed, false);
    if (r < 0) return true;
    if (r == 0) continue;
    const FunctionSchema* s = sig->schema;
    if (b->extra_refuse_names[k] != NULL) { /* PyTorch 1.13: aten/src/ATen/core/Dimname.cpp reportNYIDimnameOverload */
      PyErr_Format(PyExc_RuntimeError,
                   "%s: You passed a dimname (string) to this op in place of a dimension index but it does not yet "
                   "support this behavior. Please pass a dimension index to work around this.",
                   b->extra_refuse_names[k]);
      return true;
    }
    for (size_t i = 0; i < s->num_arguments; i++) {
      if (s->arguments[i].type.base != SchemaBaseType_Dimname) continue;
      PyObject* name = parsed.args[i];
      if (name != NULL && (PyList_Check(name) || PyTuple_Check(name)))
        name = PySequence_Fast_GET_SIZE(name) > 0 ? PySequence_Fast_GET_ITEM(name, 0) : NULL;
      const Tensor* t = self != NULL ? THPVariable_Unpack(self) : NULL;
      for (size_t j = 0; t == NULL && j < s->num_arguments; j++)
        if (SchemaType_isTensor(&s->arguments[j].type) && parsed.args[j] != NULL && THPVariable_Check(parsed.args[j]))
          t = THPVariable_Unpack(parsed.args[j]);
      if (name == NULL || name == Py_None || !PyUnicode_Check(name) || t == NULL) {
        PyErr_SetString(PyExc_RuntimeError, "Please look up dimensions by name, got: name = None.");
        return true;
      }
      char names[512] = "";
      size_t len = 0;
      for (int64_t d = 0; d < t->dim && len < sizeof names; d++)
        len += (size_t)snprintf(names + len, sizeof names - len, "%sNone", d ? ", " : "");
      PyErr_Format(PyExc_RuntimeError, "Name '%U' not found in Tensor[%s].", name, names);
      return true;
    }
    PyErr_Format(PyExc_NotImplementedError, "minaten has no operator aten::%s%s%s", s->name,
                 s->overload_name[0] ? "." : "", s->overload_name);
    return true;
  }
  return false;
}

/* Sets the TypeError of a call no overload accepted (Note [Python signatures
 * and their errors]). */
static void python_signature_error(THPBinding* b, PyObject* self, PyObject* const* args, Py_ssize_t nargs,
                                   PyObject* kwnames) {
  const char* name = b->op_name;
  size_t m = b->num_signatures;
  size_t hidden = IN_TABLE(name, kHiddenSignatures);
  if (extra_signature_error(b, self, args, nargs, kwnames)) return;
  PythonArgParser_signatureError(name, b->error_sigs, m, hidden, self, args, nargs, kwnames);
}

/* ---- building a binding ---------------------------------------------------------- */

static void free_signatures(FunctionSignature* sigs, size_t n) {
  for (size_t k = 0; sigs != NULL && k < n; k++) FunctionSignature_free(&sigs[k]);
  free(sigs);
}

static void binding_clear(THPBinding* b) {
  free_signatures(b->sigs, b->num_overloads);
  free_signatures(b->error_sigs, b->num_signatures);
  free_signatures(b->extra_sigs, b->num_extras);
  free(b->extra_refuse_names);
  free(b->factory);
  free(b->ops);
  b->sigs = b->error_sigs = b->extra_sigs = NULL;
  b->extra_refuse_names = NULL;
  b->factory = NULL;
  b->ops = NULL;
  b->num_overloads = b->num_signatures = b->num_extras = 0;
}

/* The overloads named b->op_name with a binding of b's variant, in the
 * registry's order, into ops (at most kMaxPythonOverloads): how many. */
static size_t find_overloads(const THPBinding* b, const OperatorEntry** ops) {
  size_t n = 0;
  for (size_t i = 0; i < Dispatcher_numOperators() && n < kMaxPythonOverloads; i++) {
    const OperatorEntry* op = Dispatcher_operator(i);
    if (op->schema_text == NULL || strcmp(op->schema.name, b->op_name) != 0 ||
        !(b->nn ? has_nn_binding(op) : has_python_binding(op, b->method)))
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
  b->factory = calloc(n + 1, sizeof *b->factory);
  if (b->ops == NULL || b->sigs == NULL || b->factory == NULL) return PyErr_NoMemory(), -1;
  for (size_t k = 0; k < n; k++) {
    b->ops[k] = ops[k];
    b->factory[k] = is_factory_function(&ops[k]->schema, b->method);
    if (FunctionSignature_init(&b->sigs[k], &ops[k]->schema, b->method, false, NULL,
                               should_allow_numbers_as_tensors(ops[k]->schema.name)) < 0)
      return -1;
    b->num_overloads++;
  }
  if (build_error_signatures(b) < 0) return -1;
  /* 1.13 makes a method METH_NOARGS when its one signature takes nothing
   * but self (gen_python_functions.py is_noarg) */
  b->noarg = b->method && b->num_signatures == 1 && b->error_sigs[0].num_params == 0 &&
             !IN_TABLE(b->op_name, kHiddenSignatures);
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
  b->ops = NULL, b->sigs = NULL, b->error_sigs = NULL, b->extra_sigs = NULL; /* leaked: see above */
  b->extra_refuse_names = NULL, b->factory = NULL;
  b->num_overloads = b->num_signatures = b->num_extras = 0;
  return binding_build(b);
}

static PyObject* THPBinding_vectorcall(PyObject* callable, PyObject* const* args, size_t nargsf, PyObject* kwnames);

/* A call's arguments as vectorcall passes them. */
typedef struct CallArguments {
  PyObject* const* args;
  Py_ssize_t nargs;
  PyObject* kwnames;
} CallArguments;

/* THPBinding_new, or with nn a binding of torch._C._nn.NAME */
static THPBinding* binding_new(const char* name, const char* op_name, bool method, bool type_error_to_not_implemented,
                               bool nn) {
  THPBinding* b = PyObject_New(THPBinding, &THPBindingType);
  if (b == NULL) return NULL;
  memset((char*)b + sizeof(PyObject), 0, sizeof *b - sizeof(PyObject));
  b->vectorcall = NULL;
  snprintf(b->name, sizeof b->name, "%s", name);
  snprintf(b->op_name, sizeof b->op_name, "%s", op_name);
  b->method = method;
  b->nn = nn;
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

THPBinding* THPBinding_new(const char* name, const char* op_name, bool method, bool type_error_to_not_implemented) {
  return binding_new(name, op_name, method, type_error_to_not_implemented, false);
}

/* ---- calling ------------------------------------------------------------------- */

/*
 * The TensorOptions 1.13's generated binding builds and the C++ API
 * unpacks into the operator's arguments: a factory's device defaults to the
 * default device (CPU) and its pin_memory to False; a *_like or new_*
 * takes the dtype, layout and device it is not given from self.  So the
 * operator, and a TorchDispatchMode, see `device=cpu, pin_memory=False`
 * where the caller wrote nothing.
 * PyTorch 1.13: tools/autograd/gen_python_functions.py (the TensorOptions
 * of dispatch_NAME: deviceWithDefault, toBool for pin_memory;
 * scalartypeWithDefault(self.scalar_type()) for *_like and new_*)
 */
static void fill_tensor_options(const FunctionSchema* s, IValue* stack) {
  size_t n = strlen(s->name);
  bool from_self = (n >= 5 && strcmp(s->name + n - 5, "_like") == 0) || strncmp(s->name, "new_", 4) == 0;
  const Tensor* self = from_self && s->num_arguments > 0 && stack[0].tag == IValueTag_Tensor ? stack[0].u.tensor : NULL;
  for (size_t i = 0; i < s->num_arguments; i++) {
    const Argument* a = &s->arguments[i];
    if (!is_tensor_option(a) || stack[i].tag != IValueTag_None) continue;
    if (strcmp(a->name, "pin_memory") == 0) stack[i] = IValue_fromBool(false);
    else if (strcmp(a->name, "device") == 0) stack[i] = IValue_fromDevice(self != NULL ? self->device : Device_cpu());
    else if (self != NULL && strcmp(a->name, "dtype") == 0) stack[i] = IValue_fromScalarType(self->dtype);
    else if (self != NULL && strcmp(a->name, "layout") == 0) stack[i] = IValue_fromLayout(Layout_Strided);
  }
}

/* Calls overload k with the parsed arguments.  PyTorch 1.13: the generated
 * dispatch_NAME lambdas (and torch::NAME for factories) */
static PyObject* dispatch_overload(THPBinding* b, size_t k, PythonArgs* parsed) {
  const OperatorEntry* op = b->ops[k];
  IValue stack[THP_MAX_ARGS];
  if (PythonArgs_toIValues(parsed, stack) < 0) return NULL;
  if (has_tensor_options(&op->schema)) fill_tensor_options(&op->schema, stack);
  IValue rets[kMaxReturns];
  int r;
  if (b->factory[k]) {
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

/* The same, its warnings raised when it returns (Note [Warnings from C,
 * through Python's warnings module], csrc/Exceptions.h).
 * PyTorch 1.13: the generated bindings' HANDLE_TH_ERRORS */
static PyObject* dispatch(THPBinding* b, size_t k, PythonArgs* parsed) {
  PyWarningHandler w;
  PyWarningHandler_enter(&w);
  return PyWarningHandler_exit(&w, dispatch_overload(b, k, parsed));
}

/* The out= form of a factory given TensorOptions too (`torch.zeros(2,
 * out=t, dtype=torch.float64)`): no overload takes both, 1.13's grouped
 * signature does, checks that they agree with the out tensor and calls the
 * out= overload.  Returns the result, or NULL with an exception, or NULL
 * without one when no grouped signature fits.
 * PyTorch 1.13: torch/csrc/utils/out_types.cpp check_out_type_matches, the
 * generated bindings of factories' out= forms */
static PyObject* dispatch_out_with_options(THPBinding* b, PyObject* self, PyObject* const* args, Py_ssize_t nargs,
                                           PyObject* kwnames) {
  PythonArgs parsed;
  for (size_t k = 0; k < b->num_signatures; k++) {
    const FunctionSignature* sig = &b->error_sigs[k];
    size_t n = sig->schema->num_arguments;
    if (!sig->grouped_out || sig->num_out != 1) continue;
    bool options = false;
    for (int p = 0; p < sig->num_params; p++) options = options || sig->params[p].slot >= (int)n;
    if (!options) continue;
    int r = FunctionSignature_parse(sig, self, args, nargs, kwnames, &parsed, false);
    if (r < 0) return NULL;
    if (r == 0 || parsed.args[sig->out_start] == NULL) continue;
    const Tensor* out = THPVariable_Unpack(parsed.args[sig->out_start]);
    for (int p = 0; p < sig->num_params; p++) {
      const FunctionParameter* param = &sig->params[p];
      PyObject* v = param->slot >= (int)n ? parsed.args[param->slot] : NULL;
      if (v == NULL) continue;
      if (strcmp(param->name, "dtype") == 0) {
        ScalarType dtype = THPDtype_Check(v) ? ((THPDtype*)v)->scalar_type : THPPythonScalarType_value(v);
        if (dtype != out->dtype) {
          PyErr_Format(PyExc_RuntimeError, "dtype %s does not match dtype of out parameter (%s)", ScalarType_name(dtype),
                       ScalarType_name(out->dtype));
          return NULL;
        }
      } else if (strcmp(param->name, "device") == 0 && THPDevice_Check(v) &&
                 ((THPDevice*)v)->device.type != out->device.type) {
        PyErr_Format(PyExc_RuntimeError, "device type %s does not match device type of out parameter (%s)",
                     DeviceType_upperName(((THPDevice*)v)->device.type), DeviceType_upperName(out->device.type));
        return NULL;
      }
    }
    for (size_t i = 0; i < b->num_overloads; i++)
      if (&b->ops[i]->schema == sig->schema) return dispatch(b, i, &parsed);
    PyErr_Format(PyExc_NotImplementedError, "minaten has no operator aten::%s.%s", sig->schema->name,
                 sig->schema->overload_name);
    return NULL;
  }
  return NULL;
}

/* Calls the first overload whose own signature takes the call (Note
 * [Python signatures and their errors]), or hands the call to
 * __torch_function__ with the caller's arguments: `original`, or the
 * arguments parsed when NULL.  Returns the result, or NULL with an
 * exception, or NULL without one when no overload takes the call. */
static PyObject* call_first_fit(THPBinding* b, PyObject* self, PyObject* const* args, Py_ssize_t nargs,
                                PyObject* kwnames, const CallArguments* original) {
  PythonArgs parsed;
  for (size_t k = 0; k < b->num_overloads; k++) {
    int r = FunctionSignature_parse(&b->sigs[k], self, args, nargs, kwnames, &parsed, false);
    if (r < 0) return NULL;
    if (r == 0) continue;
    /* the generated binding's `if (_r.has_torch_function())` (Note [Two
     * levels of Python overrides], csrc/utils/python_torch_function_mode.h) */
    if (PythonArgs_hasTorchFunction(&parsed)) {
      if (original != NULL) args = original->args, nargs = original->nargs, kwnames = original->kwnames;
      return handle_torch_function_vectorcall(&parsed.overloaded, self, args, nargs, kwnames,
                                              b->method ? THPVariableClass
                                              : b->nn   ? THPNNVariableFunctionsModule
                                                        : THPVariableFunctionsModule,
                                              b->op_name, b->method ? "torch.Tensor" : b->nn ? "torch.nn" : "torch");
    }
    return dispatch(b, k, &parsed);
  }
  return NULL;
}

/* `torch.neg(x, out=None)`, `torch.split_copy(x, 2, out=None)`: 1.13's
 * grouped signature takes out=None and calls the functional overload (the
 * generated binding's `if (_r.isNone(1)) { ... dispatch_neg(...) } else
 * { ... dispatch_neg_out(...) }`).  minaten parses each overload on its
 * own, so a call that a group's signature takes with out=None runs again
 * without it.  Returns the result, or NULL with an exception, or NULL
 * without one when no group takes the call.
 * PyTorch 1.13: the generated torch/csrc/autograd/generated/python_torch_functions_0.cpp */
static PyObject* dispatch_functional_for_none_out(THPBinding* b, PyObject* self, PyObject* const* args,
                                                  Py_ssize_t nargs, PyObject* kwnames) {
  Py_ssize_t nkw = kwnames != NULL ? PyTuple_GET_SIZE(kwnames) : 0, out = -1;
  for (Py_ssize_t k = 0; k < nkw; k++)
    if (args[nargs + k] == Py_None && PyUnicode_CompareWithASCIIString(PyTuple_GET_ITEM(kwnames, k), "out") == 0)
      out = k;
  if (out < 0 || nargs + nkw > THP_MAX_ARGS) return NULL;
  bool group_fits = false;
  PythonArgs parsed;
  for (size_t k = 0; k < b->num_signatures && !group_fits; k++) {
    if (!b->error_sigs[k].grouped_out) continue;
    int r = FunctionSignature_parse(&b->error_sigs[k], self, args, nargs, kwnames, &parsed, false);
    if (r < 0) return NULL;
    group_fits = r > 0;
  }
  if (!group_fits) return NULL;
  PyObject* without[THP_MAX_ARGS];
  PyObject* names = nkw > 1 ? PyTuple_New(nkw - 1) : NULL;
  if (nkw > 1 && names == NULL) return NULL;
  Py_ssize_t n = nargs;
  memcpy(without, args, (size_t)nargs * sizeof *args);
  for (Py_ssize_t k = 0; k < nkw; k++) {
    if (k == out) continue;
    PyObject* key = PyTuple_GET_ITEM(kwnames, k);
    Py_INCREF(key);
    PyTuple_SET_ITEM(names, n - nargs, key);
    without[n++] = args[nargs + k];
  }
  CallArguments original = {args, nargs, kwnames};
  PyObject* r = call_first_fit(b, self, without, nargs, names, &original);
  Py_XDECREF(names);
  return r;
}

/* The body of torch.NAME(...) and t.NAME(...).  owner: the class a
 * METH_NOARGS error names ("_TensorBase.neg()" called on the class's
 * method, "Tensor.neg()" on a bound one). */
static PyObject* binding_call(THPBinding* b, PyObject* self, PyObject* const* args, Py_ssize_t nargs,
                              PyObject* kwnames, const char* owner) {
  if (b->generation != Dispatcher_generation() && binding_refresh(b) < 0) return NULL;
  if (b->noarg && (nargs != 0 || (kwnames != NULL && PyTuple_GET_SIZE(kwnames) != 0))) {
    /* CPython's METH_NOARGS (Objects/descrobject.c method_vectorcall_NOARGS) */
    if (kwnames != NULL && PyTuple_GET_SIZE(kwnames) != 0)
      PyErr_Format(PyExc_TypeError, "%s.%s() takes no keyword arguments", owner, b->op_name);
    else
      PyErr_Format(PyExc_TypeError, "%s.%s() takes no arguments (%zd given)", owner, b->op_name, nargs);
    return NULL;
  }
  PyObject* r = call_first_fit(b, self, args, nargs, kwnames, NULL);
  if (r != NULL || PyErr_Occurred()) return r;
  if (b->num_overloads == 0) {
    PyErr_Format(PyExc_NotImplementedError, "minaten has no operator aten::%s", b->op_name);
    return NULL;
  }
  r = dispatch_functional_for_none_out(b, self, args, nargs, kwnames);
  if (r != NULL || PyErr_Occurred()) return r;
  r = dispatch_out_with_options(b, self, args, nargs, kwnames);
  if (r != NULL || PyErr_Occurred()) return r;
  python_signature_error(b, self, args, nargs, kwnames);
  return NULL;
}

static PyObject* binding_call_as(THPBinding* b, PyObject* self, PyObject* const* args, Py_ssize_t nargs,
                                 PyObject* kwnames, const char* owner) {
  PyObject* r = binding_call(b, self, args, nargs, kwnames, owner);
  /* PyTorch 1.13: python_variable_methods.cpp TypeError_to_NotImplemented_ */
  if (r == NULL && b->type_error_to_not_implemented && PyErr_ExceptionMatches(PyExc_TypeError)) {
    PyErr_Clear();
    Py_RETURN_NOTIMPLEMENTED;
  }
  return r;
}

PyObject* THPBinding_call(THPBinding* b, PyObject* self, PyObject* const* args, Py_ssize_t nargs,
                          PyObject* kwnames) {
  return binding_call_as(b, self, args, nargs, kwnames, "_TensorBase");
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

/* t.NAME read as an attribute (not called at once): the method bound to
 * t, as CPython binds a method_descriptor into a builtin method object
 * (whose errors name t's class: "Tensor.neg() takes no arguments").
 * Python 3.11: Objects/descrobject.c method_get, Objects/methodobject.c */
typedef struct THPBoundBinding {
  PyObject_HEAD
  vectorcallfunc vectorcall;
  THPBinding* binding;
  PyObject* self;
} THPBoundBinding;

static PyObject* THPBoundBinding_vectorcall(PyObject* callable, PyObject* const* args, size_t nargsf,
                                            PyObject* kwnames) {
  THPBoundBinding* m = (THPBoundBinding*)callable;
  PyTypeObject* type = Py_TYPE(m->self);
  const char* owner = strrchr(type->tp_name, '.');
  return binding_call_as(m->binding, m->self, args, PyVectorcall_NARGS(nargsf), kwnames,
                         owner != NULL ? owner + 1 : type->tp_name);
}

static void THPBoundBinding_dealloc(PyObject* self) {
  PyObject_GC_UnTrack(self);
  THPBoundBinding* m = (THPBoundBinding*)self;
  Py_CLEAR(m->binding);
  Py_CLEAR(m->self);
  PyObject_GC_Del(self);
}

static int THPBoundBinding_traverse(PyObject* self, visitproc visit, void* arg) {
  Py_VISIT(((THPBoundBinding*)self)->self);
  return 0;
}

static PyObject* THPBoundBinding_repr(PyObject* self) {
  THPBoundBinding* m = (THPBoundBinding*)self;
  const char* owner = strrchr(Py_TYPE(m->self)->tp_name, '.');
  return PyUnicode_FromFormat("<built-in method %s of %s object at %p>", m->binding->name,
                              owner != NULL ? owner + 1 : Py_TYPE(m->self)->tp_name, m->self);
}

static PyObject* THPBoundBinding_get_name(PyObject* self, void* unused) {
  (void)unused;
  return PyUnicode_FromString(((THPBoundBinding*)self)->binding->name);
}

static PyObject* THPBoundBinding_get_self(PyObject* self, void* unused) {
  (void)unused;
  return Py_NewRef(((THPBoundBinding*)self)->self);
}

static PyGetSetDef THPBoundBinding_properties[] = {{"__name__", THPBoundBinding_get_name, NULL, NULL, NULL},
                                                   {"__self__", THPBoundBinding_get_self, NULL, NULL, NULL},
                                                   {NULL, NULL, NULL, NULL, NULL}};

static PyTypeObject THPBoundBindingType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "torch._C._BoundOperatorBinding",
    .tp_basicsize = sizeof(THPBoundBinding),
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_VECTORCALL | Py_TPFLAGS_HAVE_GC,
    .tp_vectorcall_offset = offsetof(THPBoundBinding, vectorcall),
    .tp_call = PyVectorcall_Call,
    .tp_dealloc = THPBoundBinding_dealloc,
    .tp_traverse = THPBoundBinding_traverse,
    .tp_repr = THPBoundBinding_repr,
    .tp_getset = THPBoundBinding_properties,
};

/* Tensor.NAME read from an instance: a bound method. */
static PyObject* THPBinding_descr_get(PyObject* self, PyObject* obj, PyObject* type) {
  (void)type;
  if (obj == NULL || obj == Py_None || !((THPBinding*)self)->method) return Py_NewRef(self);
  THPBoundBinding* m = PyObject_GC_New(THPBoundBinding, &THPBoundBindingType);
  if (m == NULL) return NULL;
  m->vectorcall = THPBoundBinding_vectorcall;
  m->binding = (THPBinding*)Py_NewRef(self);
  m->self = Py_NewRef(obj);
  PyObject_GC_Track(m);
  return (PyObject*)m;
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

/* torch._C._VariableFunctions, where __torch_function__'s func is looked up
 * for torch.NAME.  PyTorch 1.13: python_torch_functions_manual.cpp THPVariableFunctionsModule */
PyObject* THPVariableFunctionsModule;

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
    /* bound to the class, as CPython binds a METH_STATIC method of a type:
     * its errors name it "torch._VariableFunctionsClass.NAME()" once
     * torch/__init__.py sets its __module__ */
    PyObject* f = PyCFunction_NewEx(m, (PyObject*)&THPVariableFunctionsType, name);
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

/* torch._C._nn (borrowed: torch._C keeps it).
 * PyTorch 1.13: python_nn_functions.cpp THPNNVariableFunctionsModule */
PyObject* THPNNVariableFunctionsModule;

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
  PyWarningHandler w; /* torch.ops (jit): 1.13's pybind11 binding has no PyWarningHandler */
  if (jit) PyWarningHandler_enterWithoutPython(&w);
  else PyWarningHandler_enter(&w);
  int r = Dispatcher_callBoxed(op, args, rets);
  for (size_t i = 0; i < op->schema.num_arguments; i++) IValue_release(&args[i]);
  if (r < 0) return PyWarningHandler_exit(&w, THPException_fromError());
  return PyWarningHandler_exit(&w, THPUtils_wrapReturns(&op->schema, rets, jit));
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

/* torch._C._nn: a module of the `python_module: nn` operators' bindings.
 * PyTorch 1.13: python_nn_functions.cpp initNNFunctions */
static int init_nn_functions(PyObject* module) {
  PyObject* nn = PyModule_New("torch._C._nn");
  if (nn == NULL) return -1;
  PyObject* dict = PyModule_GetDict(nn);
  PyObject* table = PyDict_New();
  int r = table == NULL ? -1 : 0;
  for (size_t i = 0; r == 0 && i < Dispatcher_numOperators(); i++) {
    const OperatorEntry* op = Dispatcher_operator(i);
    if (!has_nn_binding(op) || PyDict_GetItemString(table, op->schema.name) != NULL) continue;
    THPBinding* b = binding_new(op->schema.name, op->schema.name, false, false, true);
    if (b == NULL) {
      if (PyErr_Occurred()) r = -1;
      continue;
    }
    r = add_binding(dict, table, b);
    Py_DECREF(b);
  }
  Py_XDECREF(table);
  if (r == 0 && PyModule_AddObject(module, "_nn", nn) == 0) {
    THPNNVariableFunctionsModule = nn;
    return 0;
  }
  Py_DECREF(nn);
  return -1;
}

int THPBindings_init(PyObject* module) {
  if (PyType_Ready(&THPBindingType) < 0 || PyType_Ready(&THPBoundBindingType) < 0 ||
      PyType_Ready(&THPVariableFunctionsType) < 0)
    return -1;
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
  if (init_nn_functions(module) < 0) return -1;
  PyType_Modified(&THPVariableFunctionsType);
  PyType_Modified(&THPVariableType);
  PyObject* instance = PyType_GenericAlloc(&THPVariableFunctionsType, 0);
  if (instance == NULL) return -1;
  THPVariableFunctionsModule = instance; /* borrowed: the module keeps it */
  int r = PyModule_AddObjectRef(module, "_VariableFunctionsClass", (PyObject*)&THPVariableFunctionsType) < 0 ||
                  PyModule_AddObject(module, "_VariableFunctions", instance) < 0
              ? -1
              : 0;
  if (r < 0) Py_DECREF(instance);
  return r;
}
