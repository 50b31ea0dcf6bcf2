/*
 * resolve.c - calling operators by name with Python arguments.
 *
 * `torch.NAME(...)`, `t.NAME(...)` and `torch.ops.NS.NAME[.OVERLOAD](...)`
 * name a set of overloads.  The first two are PyTorch's generated Python
 * bindings: only operators with a Python binding and the right variant are
 * reachable, and the first overload whose signature accepts the arguments,
 * in 1.13's order (sort_overloads.c), is called (arg_parser.c).  `torch.ops` reaches every
 * registered operator and binds arguments as TorchScript does (jit_args.c).
 * Either way the bound arguments become IValues and the call goes through
 * Dispatcher_callBoxed: the same boxed path as any fallback, the generated
 * at_<op>_boxed_from_unboxed (or libffi) bridging to the C kernel; the
 * returns come back as Values.
 *
 * PyTorch 1.13: tools/autograd/gen_python_functions.py (which operators are
 * bound, and how), torch/csrc/utils/python_arg_parser.cpp PythonArgParser::parse,
 * torch/_ops.py (OpOverloadPacket, OpOverload)
 */
#include <stdlib.h>
#include <string.h>

#include <uthash.h>

#include "autograd/variable.h"
#include "dispatch/Dispatcher.h"
#include "runtime/Exception.h"
#include "runtime/LocalDispatchKeySet.h"
#include "tools/minaten/bindings/bindings.h"

/*
 * Operators that PyTorch 1.13 registers but does not bind as torch.NAME or
 * Tensor.NAME; torch.ops.aten.NAME still reaches them.  Where the fact
 * comes from in 1.13: tools/autograd/gen_python_functions.py, whose
 * _SKIP_PYTHON_BINDINGS patterns leave these out of the generated
 * python_torch_functions.cpp / python_variable_methods.cpp (the script is not
 * in Debian's packages); each entry was checked with hasattr(torch, NAME)
 * and hasattr(torch.Tensor, NAME), both False, on Debian's 1.13.
 * `minaten ops` names every operator minaten has.
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

static bool in_table(const char* name, const char* const* table, size_t n) {
  for (size_t i = 0; i < n; i++)
    if (strcmp(name, table[i]) == 0) return true;
  return false;
}

bool has_python_binding(const OperatorEntry* op, bool method) {
  const char* name = op->schema.name;
  if (in_table(name, kNoPythonBinding, sizeof kNoPythonBinding / sizeof kNoPythonBinding[0])) return false;
  if (!method && in_table(name, kNoFunctionBinding, sizeof kNoFunctionBinding / sizeof kNoFunctionBinding[0]))
    return false;
  return op->python_binding && (method ? op->has_method_variant : op->has_function_variant);
}

/*
 * Note [Operators by name]
 * torch.NAME, t.NAME and torch.ops.NS.NAME name a set of overloads, looked
 * up on every call.  Scanning the whole registry for them (a few thousand
 * string compares, more for an operator registered late) cost most of an
 * interpreted `b = a.reshape(6, 4)`, so the registry is indexed once by
 * "ns::name": a uthash table whose entry lists that name's overloads in
 * registry order with their registry indices (sort_overloads.c keys its
 * cache by the first), which of them have a Python binding (each answer of
 * has_python_binding costs a few dozen strcmps), and whether the name takes
 * numbers for tensors.  Loading or unloading an operator library
 * (torch.ops.load_library, --load) changes the registry; the index is
 * rebuilt on the next lookup after Dispatcher_generation() moved, as
 * sort_overloads.c drops its cache.  PyTorch's counterpart is the Python
 * objects themselves: torch.NAME is built once at import, with its
 * overloads' signatures.
 */
typedef struct NamedOverloads {
  char* key; /* "ns::name" */
  size_t n, cap;
  const OperatorEntry** ops; /* in registry order */
  size_t* index;             /* ops[k] is Dispatcher_operator(index[k]) */
  /* filled on the name's first lookup, not for every operator at start-up: */
  bool known;
  unsigned char* bound;      /* kBoundFunction | kBoundMethod: has_python_binding(ops[k], ...) */
  bool numbers_as_tensors;   /* allows_numbers_as_tensors(name) */
  UT_hash_handle hh;
} NamedOverloads;

enum { kBoundFunction = 1, kBoundMethod = 2 };

static NamedOverloads* by_name;
static unsigned long long by_name_generation;
static bool by_name_built;

static void by_name_clear(void) {
  NamedOverloads *e, *tmp;
  HASH_ITER(hh, by_name, e, tmp) {
    HASH_DEL(by_name, e);
    free(e->key);
    free(e->ops);
    free(e->index);
    free(e->bound);
    free(e);
  }
  by_name_built = false;
}

enum { kKeySize = sizeof ((OperatorEntry*)0)->qualified_name };

/* "ns::name" into key (kKeySize bytes): its length, or 0 if too long. */
static size_t name_key(char* key, const char* ns, const char* name) {
  size_t ns_len = strlen(ns), name_len = strlen(name);
  if (ns_len + name_len + 3 > kKeySize) return 0;
  memcpy(key, ns, ns_len);
  memcpy(key + ns_len, "::", 2);
  memcpy(key + ns_len + 2, name, name_len + 1);
  return ns_len + name_len + 2;
}

static void by_name_build(void) {
  by_name_clear();
  for (size_t i = 0; i < Dispatcher_numOperators(); i++) {
    const OperatorEntry* op = Dispatcher_operator(i);
    char key[kKeySize];
    size_t len = name_key(key, op->schema.ns, op->schema.name);
    if (len == 0) continue;
    NamedOverloads* e;
    HASH_FIND(hh, by_name, key, len, e);
    if (e == NULL) {
      e = calloc(1, sizeof *e);
      TORCH_INTERNAL_ASSERT(e != NULL);
      e->key = strdup(key);
      TORCH_INTERNAL_ASSERT(e->key != NULL);
      HASH_ADD_KEYPTR(hh, by_name, e->key, len, e);
    }
    if (e->n == e->cap) {
      e->cap = e->cap ? 2 * e->cap : 4;
      e->ops = realloc(e->ops, e->cap * sizeof *e->ops);
      e->index = realloc(e->index, e->cap * sizeof *e->index);
      e->bound = realloc(e->bound, e->cap * sizeof *e->bound);
      TORCH_INTERNAL_ASSERT(e->ops != NULL && e->index != NULL && e->bound != NULL);
    }
    e->ops[e->n] = op;
    e->index[e->n++] = i;
  }
  by_name_generation = Dispatcher_generation();
  by_name_built = true;
}

/* The overloads of ns::name (see Note [Operators by name]); NULL if none. */
static const NamedOverloads* named_overloads(const char* ns, const char* name) {
  if (!by_name_built || by_name_generation != Dispatcher_generation()) by_name_build();
  char key[kKeySize];
  size_t len = name_key(key, ns, name);
  NamedOverloads* e = NULL;
  if (len > 0) HASH_FIND(hh, by_name, key, len, e);
  if (e != NULL && !e->known) {
    for (size_t k = 0; k < e->n; k++)
      e->bound[k] = (unsigned char)((has_python_binding(e->ops[k], false) ? kBoundFunction : 0) |
                                    (has_python_binding(e->ops[k], true) ? kBoundMethod : 0));
    e->numbers_as_tensors = allows_numbers_as_tensors(name);
    e->known = true;
  }
  return e;
}

const OperatorEntry* find_bound_operator(const char* ns, const char* name, bool method, bool all) {
  const NamedOverloads* e = named_overloads(ns, name);
  for (size_t k = 0; e != NULL && k < e->n; k++)
    if (all || (e->bound[k] & (method ? kBoundMethod : kBoundFunction))) return e->ops[k];
  return NULL;
}

Value* value_from_ivalue(IValue* v) { return value_from_ivalue_as(v, Value_List); }

/* As value_from_ivalue, a Tensor[] becoming a `list_kind` (Value_List or
 * Value_Tuple). */
Value* value_from_ivalue_as(IValue* v, ValueKind list_kind) {
  Value* r;
  switch (v->tag) {
    case IValueTag_Tensor:
      r = Value_tensor(v->owned ? v->u.tensor : Tensor_retain(v->u.tensor));
      v->owned = false;
      return r;
    case IValueTag_TensorList: {
      TensorList l = IValue_toTensorList(v);
      r = Value_seq(list_kind, (int)l.size);
      for (size_t i = 0; i < l.size; i++) r->u.seq.items[i] = Value_tensor(Tensor_retain(l.data[i]));
      IValue_release(v);
      return r;
    }
    case IValueTag_Int: return Value_int(v->u.i);
    case IValueTag_Double: return Value_float(v->u.d);
    case IValueTag_Bool: return Value_bool(v->u.b);
    case IValueTag_ScalarType: return Value_dtype(v->u.scalar_type);
    case IValueTag_String: return Value_str(v->u.s);
    case IValueTag_Device: return Value_device(v->u.device);
    case IValueTag_MemoryFormat: return Value_memoryFormat(v->u.memory_format);
    case IValueTag_IntList:
    case IValueTag_DoubleList:
    case IValueTag_BoolList: {
      r = Value_seq(Value_List, (int)v->u.list.size);
      for (size_t i = 0; i < v->u.list.size; i++)
        r->u.seq.items[i] = v->tag == IValueTag_IntList      ? Value_int(((const int64_t*)v->u.list.data)[i])
                            : v->tag == IValueTag_DoubleList ? Value_float(((const double*)v->u.list.data)[i])
                                                             : Value_bool(((const bool*)v->u.list.data)[i]);
      IValue_release(v);
      return r;
    }
    default: return Value_none();
  }
}

/* Calls a bound operator and turns its returns into a Value.  A Tensor[]
 * return becomes a `list_kind`: a tuple from torch.NAME / t.NAME (PyTorch
 * 1.13: torch/csrc/autograd/utils/wrap_outputs.h wrap(at::TensorList) builds
 * a PyTuple), a list from torch.ops (the JIT's List[Tensor]). */
static Value* invoke_as(const OperatorEntry* op, IValue* args, ValueKind list_kind) {
  IValue rets[8];
  size_t nret = op->schema.num_returns;
  int r = Dispatcher_callBoxed(op, args, rets);
  for (size_t i = 0; i < op->schema.num_arguments; i++) IValue_release(&args[i]);
  if (r < 0) return NULL;
  if (nret == 0) return Value_none();
  if (nret == 1) {
    /* a QScheme comes back boxed as an int, as in c10::IValue */
    if (op->schema.returns[0].type.base == SchemaBaseType_QScheme && rets[0].tag == IValueTag_Int)
      return Value_qscheme((QScheme)rets[0].u.i);
    Value* v = value_from_ivalue_as(&rets[0], list_kind);
    IValue_release(&rets[0]);
    return v;
  }
  Value* t = Value_seq(Value_Tuple, (int)nret);
  bool named = true;
  for (size_t i = 0; i < nret; i++) named = named && op->schema.returns[i].name != NULL;
  if (named) t->u.seq.named = &op->schema;
  for (size_t i = 0; i < nret; i++) {
    t->u.seq.items[i] = value_from_ivalue_as(&rets[i], list_kind);
    IValue_release(&rets[i]);
  }
  return t;
}

static Value* invoke(const OperatorEntry* op, IValue* args) { return invoke_as(op, args, Value_List); }

Value* call_op_boxed(const char* qualified_name, IValue* args) {
  const OperatorEntry* op = Dispatcher_findSchema(qualified_name);
  if (op == NULL) {
    Error_set(ErrorType_NotImplementedError, "minaten has no operator %s yet", qualified_name);
    return NULL;
  }
  return invoke(op, args);
}

/* Operators whose Tensor parameters also take Python numbers, wrapped into
 * 0-dim "wrapped number" tensors (`torch.add(a, 1)`).  PyTorch 1.13:
 * torch/csrc/utils/python_arg_parser.cpp should_allow_numbers_as_tensors,
 * its static set `allowed` (which also lists the NAME_out spellings, never
 * a schema name in minaten: out= forms are overloads of NAME). */
bool allows_numbers_as_tensors(const char* name) {
  static const char* const allowed[] = {"add", "add_", "div", "div_", "divide", "divide_", "mul", "mul_",
                                        "multiply", "multiply_", "sub", "sub_", "subtract", "subtract_",
                                        "true_divide", "true_divide_", "to", "_to_copy", "copy_",
                                        "floor_divide", "floor_divide_"};
  for (size_t i = 0; i < sizeof allowed / sizeof allowed[0]; i++)
    if (strcmp(name, allowed[i]) == 0) return true;
  return false;
}

/* Whether the schema has TensorOptions (dtype, layout, device, pin_memory):
 * its Python signature then also takes `requires_grad`
 * (tools/autograd/gen_python_functions.py). */
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
static bool is_factory_function(const FunctionSchema* s, const Value* self) {
  size_t n = strlen(s->name);
  return self == NULL && (has_tensor_options(s) || (n >= 5 && strcmp(s->name + n - 5, "_like") == 0));
}

/* Tries one overload with Python's argument parser.  Returns the result, or
 * NULL with *matched telling a mismatch (false, no error) from an error.
 * numbers: allows_numbers_as_tensors(op's name). */
static Value* try_python_overload(const OperatorEntry* op, bool numbers, Value* self, Value** args, int nargs,
                                  char** kwnames, Value** kwargs, int nkw, bool* matched) {
  const FunctionSchema* s = &op->schema;
  char* names[kMaxArgs];
  Value* values[kMaxArgs];
  int n = 0;
  const Value* requires_grad = NULL;
  for (int k = 0; k < nkw && k < kMaxArgs; k++) {
    if (strcmp(kwnames[k], "requires_grad") == 0 && has_tensor_options(s)) {
      requires_grad = kwargs[k];
      continue;
    }
    names[n] = kwnames[k];
    values[n++] = kwargs[k];
  }
  *matched = false;
  /* `bool requires_grad=False`: None is the default */
  if (requires_grad != NULL && requires_grad->kind != Value_Bool && requires_grad->kind != Value_None) return NULL;
  ParsedArgs parsed;
  if (!FunctionSignature_parse(s, self, args, nargs, names, values, n, numbers, &parsed)) return NULL;
  *matched = true;
  IValue stack[kMaxArgs];
  size_t i;
  for (i = 0; i < s->num_arguments; i++)
    if (PythonArgs_toIValue(s->name, &s->arguments[i], parsed.slots[i], numbers, &stack[i]) < 0) break;
  ParsedArgs_release(&parsed);
  if (i < s->num_arguments) {
    while (i > 0) IValue_release(&stack[--i]);
    return NULL;
  }
  Value* r;
  if (is_factory_function(s, self)) {
    DispatchKeyGuard guard =
        ExcludeDispatchKeyGuard_push(DispatchKeySet_add(DispatchKeySet_autograd(), DispatchKey_ADInplaceOrView));
    r = invoke_as(op, stack, Value_Tuple);
    DispatchKeyGuard_pop(guard);
  } else {
    r = invoke_as(op, stack, Value_Tuple);
  }
  /* the generated binding: `dispatch_ones(size, options).set_requires_grad(requires_grad)`
   * (gen_python_functions.py), whose refusal is AutogradMeta::set_requires_grad's */
  if (r != NULL && requires_grad != NULL && requires_grad->kind == Value_Bool && r->kind == Value_Tensor &&
      set_requires_grad(r->u.tensor, requires_grad->u.b) < 0) {
    Value_release(r);
    return NULL;
  }
  return r;
}

/*
 * Note [Python signatures and their errors]
 *
 * torch.NAME and t.NAME have one Python signature per overload, except that
 * torchgen groups an out= overload with the functional overload of the same
 * other arguments (`neg(Tensor input, *, Tensor out=None)` is aten::neg and
 * aten::neg.out): the group is parsed here as the out= overload with its out
 * optional.  When no overload accepts the arguments, the error is chosen as
 * 1.13's PythonArgParser chooses it:
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
 * counted, so for those names a single signature here may be several there.
 *
 * PyTorch 1.13: torch/csrc/utils/python_arg_parser.cpp PythonArgParser::raw_parse,
 * print_error; torch/csrc/utils/invalid_arguments.cpp format_invalid_args;
 * tools/autograd/gen_python_functions.py group_overloads, is_noarg
 */
typedef struct PythonSignature {
  const FunctionSchema* s;
  bool grouped_out; /* s is an out= overload grouped with its functional one */
} PythonSignature;

/* The names whose 1.13 bindings also have a hidden (deprecated) signature
 * (tools/autograd/deprecated.yaml; copy_'s in python_variable_methods.cpp). */
static const char* const kHiddenSignatures[] = {"add", "add_", "sub", "sub_", "copy_"};

/* The names (as functions, as methods) for which 1.13 has Python
 * signatures minaten does not bind: the named-tensor ones (`name dim`:
 * transpose.Dimname, sum.dim_DimnameList, ...) and a few overloads minaten
 * lacks (round.decimals, narrow.Tensor, dequantize.tensors,
 * quantize_per_tensor.tensor_qparams, frobenius_norm's, nonzero's
 * as_tuple; the factories' `names=` forms: ones.names, ...).  Each name's 1.13 signatures were listed on Debian's 1.13 by
 * `torch.NAME(*[object()] * 40)` (format_invalid_args lists them) and
 * compared with minaten's.  For these names minaten cannot tell which error
 * 1.13 raises: the call is reported as one that no signature fits (what
 * 1.13 says when a named twin fits as well as the other). */
static const char* const kIncompleteFunctions[] = {
    "all", "any", "cat", "cumprod", "cumsum", "dequantize", "diagonal", "empty", "flatten", "frobenius_norm", "full", "gather",
    "index_add", "index_select", "logsumexp", "max", "mean", "median", "min", "narrow", "ones", "prod",
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
  return strcmp(s->overload_name, "Scalar") == 0 && in_table(s->name, kNames, sizeof kNames / sizeof kNames[0]);
}

/* A factory's tensor options (kwarg-only dtype, layout, device,
 * pin_memory), which its out= overload does not take. */
static bool is_tensor_option(const Argument* a) {
  static const char* const kOptions[] = {"dtype", "layout", "device", "pin_memory"};
  return a->kwarg_only && in_table(a->name, kOptions, sizeof kOptions / sizeof kOptions[0]);
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

/* The Python signatures of the overloads, grouped as torchgen groups them. */
static size_t python_signatures(const OperatorEntry* const* overloads, size_t n, PythonSignature* sigs) {
  bool grouped[64] = {false};
  size_t m = 0;
  for (size_t i = 0; i < n; i++) grouped[i] = skipped_python_signature(&overloads[i]->schema); /* not counted */
  for (size_t i = 0; i < n; i++) {
    size_t out_start;
    if (num_out_arguments(&overloads[i]->schema, &out_start) == 0) continue;
    for (size_t j = 0; j < n; j++) {
      size_t ignored;
      if (j == i || grouped[j] || num_out_arguments(&overloads[j]->schema, &ignored) != 0) continue;
      if (!is_out_of(&overloads[i]->schema, out_start, &overloads[j]->schema)) continue;
      grouped[j] = grouped[i] = true;
      sigs[m++] = (PythonSignature){&overloads[i]->schema, true};
      break;
    }
  }
  for (size_t i = 0; i < n; i++)
    if (!grouped[i]) sigs[m++] = (PythonSignature){&overloads[i]->schema, false};
  return m;
}

/* A signature's Python parameters, as the TypeError's "expected (...)"
 * shows them: "(Tensor other, *, Number alpha)". */
static void describe_signature(char* buf, size_t size, const PythonSignature* sig, bool method) {
  const FunctionSchema* s = sig->s;
  size_t out_start, num_out = num_out_arguments(s, &out_start);
  size_t n = (size_t)snprintf(buf, size, "(");
  bool keyword = false, first = true;
  for (size_t i = method ? 1 : 0; i < s->num_arguments && n < size; i++) {
    const Argument* a = &s->arguments[i];
    if (num_out >= 2 && i > out_start) continue;
    bool several_out = num_out >= 2 && i == out_start;
    n += (size_t)snprintf(buf + n, size - n, "%s%s%s %s", first ? "" : ", ", a->kwarg_only && !keyword ? "*, " : "",
                          several_out ? "tuple of Tensors" : python_type_name(a),
                          several_out ? "out" : !method && i == 0 && strcmp(a->name, "self") == 0 ? "input" : a->name);
    keyword |= a->kwarg_only;
    first = false;
  }
  if (n < size) snprintf(buf + n, size - n, ")");
}

/* Sets the TypeError of a call no overload accepted (Note [Python signatures
 * and their errors]). */
static void python_signature_error(const Value* ops, bool numbers, Value* self, const OperatorEntry* const* overloads,
                                   size_t n, Value** args, int nargs, char** kwnames, Value** kwargs, int nkw) {
  const char* name = ops->u.ops.name;
  bool method = self != NULL;
  PythonSignature sigs[64];
  size_t m = python_signatures(overloads, n, sigs);
  size_t hidden = in_table(name, kHiddenSignatures, sizeof kHiddenSignatures / sizeof kHiddenSignatures[0]);
  if (m == 1 && hidden == 0 && method && sigs[0].s->num_arguments == 1 &&
      !in_table(name, kIncompleteMethods, sizeof kIncompleteMethods / sizeof kIncompleteMethods[0])) {
    /* CPython's METH_NOARGS (Objects/descrobject.c method_vectorcall_NOARGS) */
    if (nkw > 0) Error_set(ErrorType_TypeError, "_TensorBase.%s() takes no keyword arguments", name);
    else Error_set(ErrorType_TypeError, "_TensorBase.%s() takes no arguments (%d given)", name, nargs);
    return;
  }
  bool incomplete = method ? in_table(name, kIncompleteMethods, sizeof kIncompleteMethods / sizeof kIncompleteMethods[0])
                            : in_table(name, kIncompleteFunctions,
                                       sizeof kIncompleteFunctions / sizeof kIncompleteFunctions[0]);
  const PythonSignature* raising = m + hidden == 1 && !incomplete ? &sigs[0] : NULL;
  if (raising == NULL && !incomplete) { /* print_error: the one plausible signature */
    int num_args = nargs + nkw, plausible = 0;
    for (size_t k = 0; k < m; k++) {
      int min_args, max_args;
      FunctionSignature_counts(sigs[k].s, method, sigs[k].grouped_out, &min_args, &max_args);
      if (has_tensor_options(sigs[k].s)) max_args++; /* requires_grad */
      if (num_args >= min_args && num_args <= max_args) {
        plausible++;
        raising = &sigs[k];
      }
    }
    if (plausible != 1) raising = NULL;
  }
  if (raising != NULL &&
      FunctionSignature_raise(raising->s, raising->grouped_out, self, args, nargs, kwnames, kwargs, nkw, numbers))
    return;
  char got[256];
  if (m == 1 && nkw == 0 && !incomplete) {
    /* format_invalid_args with one option: the arguments it refuses marked,
     * when there is at most one more than its parameters (so 1.13 prints
     * add(t, "x", 1, 2, 3), and leaves a sixth argument's call unmarked) */
    char expected[256];
    int min_args, max_args;
    describe_signature(expected, sizeof expected, &sigs[0], method);
    FunctionSignature_counts(sigs[0].s, method, sigs[0].grouped_out, &min_args, &max_args);
    if (nargs <= max_args + 1)
      describe_marked_arguments(got, sizeof got, sigs[0].s, method, args, nargs, numbers);
    else
      describe_arguments(got, sizeof got, args, nargs, NULL, NULL, 0);
    Error_set(ErrorType_TypeError, "%s() received an invalid combination of arguments - got (%s), but expected %s",
              name, got, expected);
    return;
  }
  describe_arguments(got, sizeof got, args, nargs, kwnames, kwargs, nkw);
  Error_set(ErrorType_TypeError, "%s() received an invalid combination of arguments - got (%s), but expected one of:",
            name, got);
}

/* torch.NAME(...) / t.NAME(...): PyTorch 1.13 PythonArgParser::parse over the
 * overloads in the order of Note [Order of Python overloads]. */
Value* call_python(const Value* ops, Value* self, Value** args, int nargs, char** kwnames, Value** kwargs,
                   int nkw) {
  const OperatorEntry* overloads[64];
  size_t n = 0, first_index = 0;
  const NamedOverloads* named = named_overloads(ops->u.ops.ns, ops->u.ops.name);
  for (size_t k = 0; named != NULL && k < named->n && n < 64; k++) {
    const OperatorEntry* op = named->ops[k];
    if (ops->u.ops.overload != NULL && strcmp(op->schema.overload_name, ops->u.ops.overload) != 0) continue;
    if (!(named->bound[k] & (ops->u.ops.method ? kBoundMethod : kBoundFunction))) continue;
    if (n == 0) first_index = named->index[k];
    overloads[n++] = op;
  }
  bool any = n > 0;
  n = sort_python_overloads(overloads, n, ops->u.ops.method, first_index); /* Note [Order of Python overloads] */
  for (size_t i = 0; i < n; i++) {
    bool matched;
    Value* r = try_python_overload(overloads[i], named->numbers_as_tensors, self, args, nargs, kwnames, kwargs, nkw,
                                   &matched);
    if (matched) return r;
  }
  /* torch/_tensor.py Tensor.split (and torch.split, which calls it): a list
   * of sizes goes to split_with_sizes. */
  if (any && strcmp(ops->u.ops.name, "split") == 0) {
    Value* sizes = Value_ops(ops->u.ops.ns, "split_with_sizes", NULL, ops->u.ops.method, false);
    Value* r = call_python(sizes, self, args, nargs, kwnames, kwargs, nkw);
    Value_release(sizes);
    if (r != NULL || Error_type() != ErrorType_TypeError) return r;
    Error_clear();
  }
  if (!any)
    Error_set(ErrorType_NotImplementedError, "minaten has no operator %s::%s", ops->u.ops.ns, ops->u.ops.name);
  else
    python_signature_error(ops, named->numbers_as_tensors, self, overloads, n, args, nargs, kwnames, kwargs, nkw);
  return NULL;
}

/* torch.ops.NS.NAME(...) / torch.ops.NS.NAME.OVERLOAD(...): the JIT's binding
 * (jit_args.c).  PyTorch 1.13: pybind_utils.h getOpWithStack */
static Value* call_jit(const Value* ops, Value** args, int nargs, char** kwnames, Value** kwargs, int nkw) {
  for (int k = 0; k < nkw; k++) {
    if (strcmp(kwnames[k], "self") == 0) { /* the `self` of OpOverloadPacket.__call__ */
      Error_set(ErrorType_TypeError, "%s.__call__() got multiple values for argument 'self'",
                ops->u.ops.overload ? "OpOverload" : "OpOverloadPacket");
      return NULL;
    }
  }
  const OperatorEntry* candidates[256];
  int n = 0;
  const NamedOverloads* named = named_overloads(ops->u.ops.ns, ops->u.ops.name);
  for (size_t k = 0; named != NULL && k < named->n && n < 256; k++) {
    const OperatorEntry* op = named->ops[k];
    if (ops->u.ops.overload == NULL || strcmp(op->schema.overload_name, ops->u.ops.overload) == 0)
      candidates[n++] = op;
  }
  char why[2048];
  IValue stack[kMaxArgs];
  for (int c = 0; c < n; c++) {
    if (candidates[c]->schema.num_arguments > kMaxArgs) continue;
    int r = jit_createStackForSchema(candidates[c], args, nargs, kwnames, kwargs, nkw, stack, why, sizeof why);
    if (r < 0) return NULL;
    if (r == 1) return invoke(candidates[c], stack);
  }
  if (n == 1)
    Error_set(ErrorType_RuntimeError, "%s", why);
  else
    Error_set(ErrorType_RuntimeError, "Overloaded torch operator invoked from Python failed to many any schema:");
  return NULL;
}

Value* call_operator(const Value* ops, Value* self, Value** args, int nargs, char** kwnames, Value** kwargs,
                     int nkw) {
  if (ops->u.ops.all) return call_jit(ops, args, nargs, kwnames, kwargs, nkw);
  return is_torch_functional(ops, self) ? torch_functional(ops, self, args, nargs, kwnames, kwargs, nkw)
                                        : call_python(ops, self, args, nargs, kwnames, kwargs, nkw);
}
