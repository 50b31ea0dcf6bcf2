/*
 * arg_parser.c - PyTorch's Python argument parser: does a call's Python
 * arguments fit a signature, and what do they become?
 *
 * `torch.NAME(...)` and `t.NAME(...)` go through PythonArgParser, one
 * signature per overload.  A signature is the operator's schema as Python
 * sees it: for a method `self` is already bound; for a function it is the
 * first parameter and its keyword is `input`.  Binding happens in two steps,
 * as in PyTorch:
 *
 *   1. matching (FunctionSignature::parse): positional arguments fill the
 *      non-keyword-only parameters, keywords fill parameters by name, and
 *      each value's Python type is checked against the parameter type
 *      (FunctionParameter::check).  It never raises: a mismatch means "try
 *      the next overload".  A lone int-list parameter also takes its ints as
 *      varargs (`a.view(2, 3)`, `torch.zeros(2, 3)`);
 *   2. converting (the PythonArgs accessors) the values of the chosen
 *      signature to IValues, which can fail: an int list is checked on its
 *      first element only when matching, so `a.view((2, 3.5))` fails here
 *      with a TypeError, and a device string is parsed here.
 *
 * A 0-dim tensor passed for an int, float or Scalar (one that does not
 * require grad) is read with
 * `__index__` / `__float__` / `item()`, which run aten::_local_scalar_dense
 * (it shows in the trace, as in PyTorch).
 *
 * The builtins that PyTorch parses with the same parser (Tensor.to, size,
 * float, ...) declare their Python signatures as schema strings and use
 * PythonArgParser_parse.
 *
 * PyTorch 1.13: torch/csrc/utils/python_arg_parser.cpp (FunctionParameter::check,
 * FunctionSignature::parse, PythonArgs::intlist / scalar_slow / tensor_slow),
 * torch/csrc/autograd/python_variable.cpp (THPVariable_index_scalar, THPVariable_float_scalar)
 */
#include <stdlib.h>
#include <string.h>

#include <uthash.h>

#include "autograd/variable.h"
#include "dispatch/Dispatcher.h"
#include "ops/lazy/LazyBindings.h"
#include "runtime/ScalarOps.h"
#include "runtime/Exception.h"
#include "tools/minaten/bindings/bindings.h"
#include "tools/minaten/interpreter/abstract.h"

/* ---- tensors read as Python numbers -------------------------------------- */

/* Tensor.item() without its numel check: aten::_local_scalar_dense (so the
 * trace shows it, as PyTorch's does), after dequantize for a quantized
 * tensor.  PyTorch 1.13: aten/src/ATen/native/Scalar.cpp item */
Value* tensor_item(const Tensor* t) {
  if (t->device.type == DeviceType_Lazy) {
    /* The lazy tensor's data: the graph runs (PyTorch: _local_scalar_dense
     * falls back to the CPU after a sync). */
    Tensor* cpu = LazyBindings_toCpu((Tensor*)t);
    if (cpu == NULL) return NULL;
    Value* v = tensor_item(cpu);
    Tensor_release(cpu);
    return v;
  }
  if (ScalarType_isQuantized(t->dtype)) {
    IValue args[1] = {IValue_borrowTensor(t)};
    Value* d = call_op_boxed("aten::dequantize.self", args);
    if (d == NULL) return NULL;
    Value* v = tensor_item(d->u.tensor);
    Value_release(d);
    return v;
  }
  IValue args[1] = {IValue_borrowTensor(t)};
  return call_op_boxed("aten::_local_scalar_dense", args);
}

/* t's one element as a Python number (a new reference), or NULL with the
 * error (type, message) when `ok` is false or with item()'s error. */
static Value* checked_item(const Tensor* t, bool ok, ErrorType type, const char* message) {
  if (!ok) {
    Error_set(type, "%s", message);
    return NULL;
  }
  return tensor_item(t);
}

/* PyTorch 1.13: python_variable.cpp THPVariable_index_scalar (__index__) */
int tensor_to_index(const Tensor* t, int64_t* out) {
  Value* v = checked_item(t, ScalarType_isIntegral(t->dtype, true) && t->numel == 1, ErrorType_TypeError,
                          "only integer tensors of a single element can be converted to an index");
  if (v == NULL) return -1;
  *out = v->kind == Value_Bool ? v->u.b : v->kind == Value_Int ? v->u.i : (int64_t)v->u.f;
  Value_release(v);
  return 0;
}

/* PyTorch 1.13: python_variable.cpp THPVariable_float_scalar (__float__) */
int tensor_to_double(const Tensor* t, double* out) {
  Value* v = checked_item(t, t->numel == 1, ErrorType_ValueError,
                          "only one element tensors can be converted to Python scalars");
  if (v == NULL) return -1;
  *out = Value_toDouble(v);
  Value_release(v);
  return 0;
}

/* ---- matching ------------------------------------------------------------ */

static bool is_seq(const Value* v) {
  return v->kind == Value_Tuple || v->kind == Value_List || v->kind == Value_Size;
}

/* THPUtils_checkIndex: an int (not a bool), or anything with __index__ (a
 * one-element integer tensor; calling it is traced, as in PyTorch). */
static bool check_index(const Value* v) {
  if (v->kind == Value_Int) return true;
  if (v->kind != Value_Tensor) return false;
  int64_t ignored;
  if (tensor_to_index(v->u.tensor, &ignored) == 0) return true;
  Error_clear();
  return false;
}

/* PyTorch 1.13: python_arg_parser.cpp is_int_list (only the first element is checked) */
static bool is_int_list(const Value* v, int64_t broadcast_size) {
  if (v->kind == Value_Tuple || v->kind == Value_List || v->kind == Value_Size)
    return v->u.seq.n == 0 || check_index(v->u.seq.items[0]);
  return broadcast_size > 0 && v->kind == Value_Int;
}

static bool is_zero_dim_tensor(const Value* v) { return v->kind == Value_Tensor && v->u.tensor->dim == 0; }

/* A Python type given for a dtype: float is float64, int int64, bool bool.
 * PyTorch 1.13: torch/csrc/utils/python_arg_parser.cpp PythonArgs::scalartype */
bool python_type_dtype(const Value* v, ScalarType* out) {
  if (v->kind != Value_Type) return false;
  static const struct { const char* name; ScalarType t; } kTypes[] = {
      {"float", ScalarType_Double}, {"int", ScalarType_Long}, {"bool", ScalarType_Bool}};
  for (size_t i = 0; i < sizeof kTypes / sizeof kTypes[0]; i++) {
    if (strcmp(v->u.type->name, kTypes[i].name) == 0 && v->u.type->module == NULL) {
      if (out) *out = kTypes[i].t;
      return true;
    }
  }
  return false;
}

/* allow_none: `T?`, or a default of None. */
static bool allows_none(const Argument* a) {
  return a->type.is_optional || (a->has_default && IValue_isNone(&a->default_value));
}

/* PyTorch 1.13: python_arg_parser.cpp FunctionParameter::check */
static bool param_check(const Value* v, const Argument* a, bool numbers_as_tensors) {
  const SchemaType* t = &a->type;
  if (t->base == SchemaBaseType_Any) return true; /* PyObject* (torch.tensor's data) */
  if (t->is_list) {
    switch (t->base) {
      case SchemaBaseType_int:
      case SchemaBaseType_SymInt:
        return is_int_list(v, t->list_size);
      case SchemaBaseType_Tensor:
        if (!is_seq(v)) return false;
        for (int i = 0; i < v->u.seq.n; i++) {
          const Value* item = v->u.seq.items[i];
          if (item->kind != Value_Tensor && !(t->elem_optional && item->kind == Value_None)) return false;
        }
        return true;
      case SchemaBaseType_float:
        return is_seq(v) && (v->u.seq.n == 0 || Value_isNumber(v->u.seq.items[0]));
      case SchemaBaseType_bool:
        if (!is_seq(v)) return false;
        for (int i = 0; i < v->u.seq.n; i++)
          if (v->u.seq.items[i]->kind != Value_Bool) return false;
        return true;
      default:
        return false;
    }
  }
  switch (t->base) {
    case SchemaBaseType_Tensor: return v->kind == Value_Tensor || (numbers_as_tensors && Value_isNumber(v));
    case SchemaBaseType_Scalar:
    case SchemaBaseType_float: /* a 0-dim tensor that requires grad is not a number */
      return Value_isNumber(v) || (is_zero_dim_tensor(v) && !requires_grad(v->u.tensor));
    case SchemaBaseType_int:
    case SchemaBaseType_SymInt:
      return v->kind == Value_Int ||
             (is_zero_dim_tensor(v) && ScalarType_isIntegral(v->u.tensor->dtype, false));
    case SchemaBaseType_bool: return v->kind == Value_Bool;
    case SchemaBaseType_str: return v->kind == Value_Str;
    case SchemaBaseType_ScalarType: return v->kind == Value_Dtype || python_type_dtype(v, NULL);
    case SchemaBaseType_MemoryFormat: return v->kind == Value_MemoryFormat;
    case SchemaBaseType_Device: return v->kind == Value_Str || v->kind == Value_Device;
    default: return false;
  }
}

/* The Python name of a parameter: a function's `self` is `input`. */
static const char* python_name(const Argument* a, bool is_self_of_function) {
  return is_self_of_function && strcmp(a->name, "self") == 0 ? "input" : a->name;
}

/* The trailing keyword-only tensors an out= overload writes (max.dim_max's
 * `max`, `max_values`): where they start, and how many (0 if none). */
static size_t out_arguments(const FunctionSchema* s, size_t* count) {
  size_t i = s->num_arguments;
  while (i > 0) {
    const Argument* a = &s->arguments[i - 1];
    if (!(a->kwarg_only && SchemaType_isTensor(&a->type) && a->alias_info.present && a->alias_info.is_write)) break;
    i--;
  }
  *count = s->num_arguments - i;
  return i;
}

void ParsedArgs_release(ParsedArgs* p) {
  Value_release(p->packed);
  p->packed = NULL;
}

/* Py_TYPE(obj)->tp_name, which PyTorch's messages print: Python's type name,
 * with its module for torch's own types (torch.Size, torch.dtype). */
const char* py_typename(const Value* v) {
  static char named[96];
  switch (v->kind) {
    case Value_Size: return "torch.Size";
    case Value_Dtype: return "torch.dtype";
    case Value_MemoryFormat: return "torch.memory_format";
    case Value_QScheme: return "torch.qscheme";
    case Value_Device: return "torch.device";
    case Value_Tuple:
      if (v->u.seq.named == NULL) break;
      snprintf(named, sizeof named, "torch.return_types.%s", v->u.seq.named->name);
      return named;
    default:
      break;
  }
  return Value_typeName(v);
}

/* PyTorch 1.13: python_arg_parser.cpp FunctionParameter::type_name */
const char* python_type_name(const Argument* a) {
  const SchemaType* t = &a->type;
  if (t->is_list) {
    switch (t->base) {
      case SchemaBaseType_Tensor: return "tuple of Tensors";
      case SchemaBaseType_int: return "tuple of ints";
      case SchemaBaseType_SymInt: return "tuple of SymInts";
      case SchemaBaseType_float: return "tuple of floats";
      case SchemaBaseType_Scalar: return "tuple of Scalars";
      case SchemaBaseType_Dimname: return "tuple of names";
      default: return "tuple";
    }
  }
  switch (t->base) {
    case SchemaBaseType_Scalar: return "Number";
    case SchemaBaseType_ScalarType: return "torch.dtype";
    case SchemaBaseType_Layout: return "torch.layout";
    case SchemaBaseType_Device: return "torch.device";
    case SchemaBaseType_MemoryFormat: return "torch.memory_format";
    case SchemaBaseType_QScheme: return "torch.qscheme";
    case SchemaBaseType_Generator: return "torch.Generator";
    case SchemaBaseType_Dimname: return "name";
    case SchemaBaseType_Any: return "object";
    default: return SchemaBaseType_name(t->base); /* Tensor, int, SymInt, float, bool, str */
  }
}

/*
 * A Python signature as PyTorch's parser sees it: the schema's arguments
 * after self (for a method), one Python parameter each, except that several
 * out= tensors are one parameter `out` (a tuple).  `grouped_out`: the schema
 * is an out= overload standing for the signature torchgen groups it into
 * with its functional overload (`neg(Tensor input, *, Tensor out=None)`):
 * its out tensors are then optional.
 */
typedef struct Params {
  const FunctionSchema* s;
  size_t first;              /* 1 for a method (self bound), else 0 */
  size_t out_start, num_out; /* the trailing out= tensors (num_out 0: none) */
  bool grouped_out;
  bool function;             /* torch.NAME: the first parameter's keyword is input */
} Params;

static Params params_of(const FunctionSchema* s, bool method, bool grouped_out) {
  Params p = {s, method ? 1 : 0, 0, 0, grouped_out, !method};
  p.out_start = out_arguments(s, &p.num_out);
  return p;
}

/* Whether schema argument i is optional (FunctionParameter::optional: it has
 * a default), and its Python name (`out` for several out= tensors). */
static bool param_optional(const Params* p, size_t i) {
  return p->s->arguments[i].has_default || (p->grouped_out && p->num_out > 0 && i >= p->out_start);
}
static const char* param_name(const Params* p, size_t i) {
  if (p->num_out >= 2 && i >= p->out_start) return "out";
  return python_name(&p->s->arguments[i], p->function && i == 0);
}
/* The schema arguments that are Python parameters: the first of several
 * out= tensors stands for all of them. */
static bool is_param(const Params* p, size_t i) {
  return i >= p->first && !(p->num_out >= 2 && i > p->out_start);
}

/* FunctionSignature's min_args, max_args and max_pos_args. */
static void count_params(const Params* p, int* min_args, int* max_args, int* max_pos_args) {
  *min_args = *max_args = *max_pos_args = 0;
  for (size_t i = 0; i < p->s->num_arguments; i++) {
    if (!is_param(p, i)) continue;
    (*max_args)++;
    if (!param_optional(p, i)) (*min_args)++;
    if (!p->s->arguments[i].kwarg_only) (*max_pos_args)++;
  }
}

/* PyTorch 1.13: python_arg_parser.cpp extra_args */
static void extra_args(const Params* p, int nargs) {
  int min_args, max_args, max_pos_args;
  count_params(p, &min_args, &max_args, &max_pos_args);
  if (min_args != max_pos_args)
    Error_set(ErrorType_TypeError, "%s() takes from %d to %d positional arguments but %d were given", p->s->name,
              min_args, max_pos_args, nargs);
  else
    Error_set(ErrorType_TypeError, "%s() takes %d positional argument%s but %d %s given", p->s->name, max_pos_args,
              max_pos_args == 1 ? "" : "s", nargs, nargs == 1 ? "was" : "were");
}

/* PyTorch 1.13: python_arg_parser.cpp missing_args (its plural is "s" for
 * one argument, "" for several: `missing 1 required positional arguments`) */
static void missing_args(const Params* p, size_t from) {
  char names[256] = "";
  size_t len = 0;
  int num_missing = 0;
  for (size_t i = from; i < p->s->num_arguments && len < sizeof names; i++) {
    if (!is_param(p, i) || param_optional(p, i)) continue;
    len += (size_t)snprintf(names + len, sizeof names - len, "%s\"%s\"", num_missing > 0 ? ", " : "",
                            param_name(p, i));
    num_missing++;
  }
  Error_set(ErrorType_TypeError, "%s() missing %d required positional argument%s: %s", p->s->name, num_missing,
            num_missing == 1 ? "s" : "", names);
}

/* PyTorch 1.13: python_arg_parser.cpp extra_kwargs: the first keyword that
 * names no parameter, or one given by position too. */
static void extra_kwargs(const Params* p, char** kwnames, int nkw, int num_pos_args) {
  for (int k = 0; k < nkw; k++) {
    int index = -1, param = 0;
    for (size_t i = 0; i < p->s->num_arguments && index < 0; i++) {
      if (!is_param(p, i)) continue;
      if (strcmp(param_name(p, i), kwnames[k]) == 0) index = param;
      param++;
    }
    if (index < 0) {
      Error_set(ErrorType_TypeError, "%s() got an unexpected keyword argument '%s'", p->s->name, kwnames[k]);
      return;
    }
    if (index < num_pos_args) {
      Error_set(ErrorType_TypeError, "%s() got multiple values for argument '%s'", p->s->name, kwnames[k]);
      return;
    }
  }
  Error_set(ErrorType_TypeError, "invalid keyword arguments");
}

/* The parameter's refusal of `obj`: "foo(): argument 'other' (position 2)
 * must be str, not int" (without the position for a keyword). */
static void wrong_type(const Params* p, size_t i, const Value* obj, bool is_kwd, int arg_pos) {
  if (is_kwd)
    Error_set(ErrorType_TypeError, "%s(): argument '%s' must be %s, not %s", p->s->name, param_name(p, i),
              python_type_name(&p->s->arguments[i]), py_typename(obj));
  else
    Error_set(ErrorType_TypeError, "%s(): argument '%s' (position %d) must be %s, not %s", p->s->name,
              param_name(p, i), arg_pos + 1, python_type_name(&p->s->arguments[i]), py_typename(obj));
}

/* FunctionSignature::parse: true when the arguments fit (out filled); else
 * false, after setting the TypeError PyTorch raises when raise_exception. */
static bool parse_signature(const Params* p, Value* self, Value** args, int nargs, char** kwnames, Value** kwargs,
                            int nkw, bool numbers_as_tensors, bool raise_exception, ParsedArgs* out) {
  memset(out, 0, sizeof *out);
  const FunctionSchema* s = p->s;
  size_t n = s->num_arguments;
  if (n > kMaxArgs) return false;
  if (self != NULL) {
    if (n == 0 || !SchemaType_isTensor(&s->arguments[0].type)) return false;
    out->slots[0] = self;
  }
  int min_args, max_args, max_pos_args;
  count_params(p, &min_args, &max_args, &max_pos_args);
  const SchemaType* t0 = p->first < n ? &s->arguments[p->first].type : NULL;
  bool allow_varargs_intlist = max_pos_args == 1 && t0->is_list && SchemaType_isIntLike(t0->base);
  if (nargs > max_pos_args && !allow_varargs_intlist) {
    if (raise_exception) extra_args(p, nargs);
    return false;
  }

  int arg_pos = 0, remaining_kwargs = nkw;
  for (size_t i = p->first; i < n; i++) {
    const Argument* a = &s->arguments[i];
    if (p->num_out >= 2 && i == p->out_start) {
      /* Several outputs are one Python parameter, `out=(values, indices)`. */
      const Value* tuple = NULL;
      for (int k = 0; k < nkw; k++)
        if (strcmp(kwnames[k], "out") == 0) tuple = kwargs[k];
      if (tuple == NULL && p->grouped_out) break;
      bool ok = tuple != NULL && (tuple->kind == Value_Tuple || tuple->kind == Value_List) &&
                tuple->u.seq.n == (int)p->num_out;
      for (size_t j = 0; ok && j < p->num_out; j++) ok = tuple->u.seq.items[j]->kind == Value_Tensor;
      if (!ok) {
        if (raise_exception && tuple == NULL) missing_args(p, i);
        else if (raise_exception) Error_set(ErrorType_TypeError, "%s(): argument 'out' must be tuple of Tensors, not %s",
                                            s->name, py_typename(tuple));
        goto mismatch;
      }
      for (size_t j = 0; j < p->num_out; j++) out->slots[i + j] = tuple->u.seq.items[j];
      remaining_kwargs--;
      break;
    }
    const Value* obj = NULL;
    bool is_kwd = false;
    if (arg_pos < nargs) {
      /* extra positional arguments after a single int list taken as varargs */
      if (a->kwarg_only) {
        if (raise_exception) extra_args(p, nargs);
        goto mismatch;
      }
      obj = args[arg_pos];
    } else {
      const char* name = param_name(p, i);
      for (int k = 0; k < nkw; k++)
        if (strcmp(kwnames[k], name) == 0) obj = kwargs[k];
      is_kwd = true;
    }
    if ((obj == NULL && param_optional(p, i)) || (obj != NULL && obj->kind == Value_None && allows_none(a))) {
      out->slots[i] = NULL;
    } else if (obj == NULL) {
      if (raise_exception) missing_args(p, i); /* foo() missing 1 required positional argument: "b" */
      goto mismatch;
    } else if (param_check(obj, a, numbers_as_tensors)) {
      out->slots[i] = obj;
    } else if (allow_varargs_intlist && arg_pos == 0 && !is_kwd && check_index(obj)) {
      /* permute(1, 2, 3) -> permute((1, 2, 3)) */
      out->packed = Value_seq(Value_Tuple, nargs);
      for (int k = 0; k < nargs; k++) out->packed->u.seq.items[k] = Value_retain(args[k]);
      out->slots[i] = out->packed;
      arg_pos = nargs;
      continue;
    } else {
      if (raise_exception) wrong_type(p, i, obj, is_kwd, arg_pos);
      goto mismatch;
    }
    if (!is_kwd) arg_pos++;
    else if (obj != NULL) remaining_kwargs--;
  }
  if (remaining_kwargs > 0) {
    if (raise_exception) extra_kwargs(p, kwnames, nkw, nargs); /* foo() got an unexpected keyword argument "b" */
    goto mismatch;
  }
  return true;
mismatch:
  ParsedArgs_release(out);
  return false;
}

/* PyTorch 1.13: python_arg_parser.cpp FunctionSignature::parse (raise_exception=false) */
bool FunctionSignature_parse(const FunctionSchema* s, Value* self, Value** args, int nargs, char** kwnames,
                             Value** kwargs, int nkw, bool numbers_as_tensors, ParsedArgs* out) {
  Params p = params_of(s, self != NULL, false);
  return parse_signature(&p, self, args, nargs, kwnames, kwargs, nkw, numbers_as_tensors, false, out);
}

bool FunctionSignature_raise(const FunctionSchema* s, bool grouped_out, Value* self, Value** args, int nargs,
                             char** kwnames, Value** kwargs, int nkw, bool numbers_as_tensors) {
  Params p = params_of(s, self != NULL, grouped_out);
  ParsedArgs out;
  if (!parse_signature(&p, self, args, nargs, kwnames, kwargs, nkw, numbers_as_tensors, true, &out))
    return Error_occurred();
  ParsedArgs_release(&out);
  return false;
}

void FunctionSignature_counts(const FunctionSchema* s, bool method, bool grouped_out, int* min_args, int* max_args) {
  Params p = params_of(s, method, grouped_out);
  int max_pos_args;
  count_params(&p, min_args, max_args, &max_pos_args);
}

/* ---- converting ------------------------------------------------------------ */

/* One int-list element: PyTorch 1.13 THPUtils_unpackIndex (bools and
 * one-element integer tensors go through __index__). */
static int unpack_index(const Value* v, int64_t* out) {
  if (v->kind == Value_Int) *out = v->u.i;
  else if (v->kind == Value_Bool) *out = v->u.b;
  else if (v->kind == Value_Tensor) return tensor_to_index(v->u.tensor, out);
  else return -1;
  return 0;
}

/* PyTorch 1.13: python_arg_parser.cpp PythonArgs::intlistWithDefault */
static int to_int_list(const char* fname, const Argument* a, const Value* v, IValue* out) {
  int64_t ints[MINATEN_MAX_DIM];
  if (v->kind == Value_Int) { /* `int[2] stride=1`: one int for all */
    for (int64_t i = 0; i < a->type.list_size && i < MINATEN_MAX_DIM; i++) ints[i] = v->u.i;
    *out = IValue_copyIntList(IntArrayRef_make(ints, (size_t)a->type.list_size));
    return 0;
  }
  if (v->u.seq.n > MINATEN_MAX_DIM) {
    Error_set(ErrorType_RuntimeError, "minaten: at most %d sizes are supported", MINATEN_MAX_DIM);
    return -1;
  }
  for (int i = 0; i < v->u.seq.n; i++) {
    if (unpack_index(v->u.seq.items[i], &ints[i]) < 0) {
      if (!Error_occurred())
        Error_set(ErrorType_TypeError, "%s(): argument '%s' must be tuple of %s, but found element of type %s at pos %d",
                  fname, a->name, a->type.base == SchemaBaseType_SymInt ? "SymInts" : "ints",
                  Value_typeName(v->u.seq.items[i]), i + 1);
      return -1;
    }
  }
  *out = IValue_copyIntList(IntArrayRef_make(ints, (size_t)v->u.seq.n));
  return 0;
}

static Scalar number_scalar(const Value* v) {
  return v->kind == Value_Float ? Scalar_fromDouble(v->u.f)
         : v->kind == Value_Bool ? Scalar_fromBool(v->u.b)
                                 : Scalar_fromLong(v->u.i);
}

static int list_to_ivalue(const char* fname, const Argument* a, const Value* v, IValue* out) {
  switch (a->type.base) {
    case SchemaBaseType_int:
    case SchemaBaseType_SymInt:
      return to_int_list(fname, a, v, out);
    case SchemaBaseType_Tensor: {
      Tensor** items = calloc((size_t)v->u.seq.n + 1, sizeof *items);
      TORCH_INTERNAL_ASSERT(items != NULL);
      for (int i = 0; i < v->u.seq.n; i++)
        items[i] = v->u.seq.items[i]->kind == Value_Tensor ? v->u.seq.items[i]->u.tensor : NULL;
      TensorList l = {items, (size_t)v->u.seq.n};
      *out = IValue_copyTensorList(l);
      free(items);
      return 0;
    }
    case SchemaBaseType_float: {
      double* d = calloc((size_t)v->u.seq.n + 1, sizeof *d);
      TORCH_INTERNAL_ASSERT(d != NULL);
      for (int i = 0; i < v->u.seq.n; i++) {
        if (!Value_isNumber(v->u.seq.items[i])) {
          free(d);
          Error_set(ErrorType_TypeError, "%s(): argument '%s' must be tuple of floats, but found element of type %s at pos %d",
                    fname, a->name, Value_typeName(v->u.seq.items[i]), i + 1);
          return -1;
        }
        d[i] = Value_toDouble(v->u.seq.items[i]);
      }
      *out = IValue_copyDoubleList(d, (size_t)v->u.seq.n);
      free(d);
      return 0;
    }
    default: { /* bool */
      bool* b = calloc((size_t)v->u.seq.n + 1, sizeof *b);
      TORCH_INTERNAL_ASSERT(b != NULL);
      for (int i = 0; i < v->u.seq.n; i++) b[i] = v->u.seq.items[i]->u.b;
      *out = IValue_copyBoolList(b, (size_t)v->u.seq.n);
      free(b);
      return 0;
    }
  }
}

/* A Python value (already accepted by param_check) as the IValue of a
 * parameter; v NULL means absent (the default).  Returns 0, or -1 with the
 * error set.  The IValue may borrow from v or from the schema. */
int PythonArgs_toIValue(const char* fname, const Argument* a, const Value* v, bool numbers_as_tensors, IValue* out) {
  (void)numbers_as_tensors;
  if (v == NULL || v->kind == Value_None) {
    if (v == NULL && a->has_default) {
      *out = a->default_value;
      out->owned = false; /* borrowed from the schema */
    } else {
      *out = IValue_none();
    }
    return 0;
  }
  if (a->type.is_list) return list_to_ivalue(fname, a, v, out);
  switch (a->type.base) {
    case SchemaBaseType_Tensor:
      if (v->kind == Value_Tensor) {
        *out = IValue_borrowTensor(v->u.tensor);
        return 0;
      } else {
        /* PythonArgs::tensor_slow: a number becomes a wrapped-number tensor */
        Tensor* w = wrapped_scalar_tensor(number_scalar(v));
        if (w == NULL) return -1;
        *out = IValue_takeTensor(w);
        return 0;
      }
    case SchemaBaseType_Scalar:
      if (v->kind == Value_Tensor) { /* PythonArgs::scalar_slow: item() */
        Value* item = tensor_item(v->u.tensor);
        if (item == NULL) return -1;
        *out = IValue_fromScalar(number_scalar(item));
        Value_release(item);
        return 0;
      }
      *out = IValue_fromScalar(number_scalar(v));
      return 0;
    case SchemaBaseType_float: {
      double d = Value_toDouble(v);
      if (v->kind == Value_Tensor && tensor_to_double(v->u.tensor, &d) < 0) return -1;
      *out = IValue_fromDouble(d);
      return 0;
    }
    case SchemaBaseType_int:
    case SchemaBaseType_SymInt: {
      int64_t i = 0;
      if (unpack_index(v, &i) < 0) return -1;
      *out = IValue_fromInt(i);
      return 0;
    }
    case SchemaBaseType_bool: *out = IValue_fromBool(v->u.b); return 0;
    case SchemaBaseType_str: *out = IValue_borrowString(v->u.s); return 0;
    case SchemaBaseType_ScalarType: {
      ScalarType t = v->kind == Value_Dtype ? v->u.dtype : ScalarType_Float;
      if (v->kind != Value_Dtype) python_type_dtype(v, &t);
      *out = IValue_fromScalarType(t);
      return 0;
    }
    case SchemaBaseType_MemoryFormat: *out = IValue_fromMemoryFormat(v->u.memory_format); return 0;
    case SchemaBaseType_Device: {
      Device d = v->kind == Value_Device ? v->u.device : Device_cpu();
      if (v->kind == Value_Str && Device_parse(v->u.s, &d) < 0) return -1;
      *out = IValue_fromDevice(d);
      return 0;
    }
    default:
      Error_set(ErrorType_NotImplementedError, "minaten: arguments of type %s are not supported",
                SchemaBaseType_name(a->type.base));
      return -1;
  }
}

/* ---- builtins parsed like operators ----------------------------------------- */

/* Describes the argument types for a TypeError: "int, int, x=int", as
 * format_invalid_args's _argDesc does: tp_names; the keywords after the
 * positional arguments, in the reverse of their order in the call (1.13
 * keeps them in a std::unordered_map, which libstdc++ walks newest first
 * while no two share a bucket); and, with no positional argument, a ", "
 * left after the last keyword (`got (shape=list, )`), which _argDesc removes
 * only after a positional one.
 * PyTorch 1.13: torch/csrc/utils/invalid_arguments.cpp _argDesc */
void describe_arguments(char* buf, size_t size, Value** args, int nargs, char** kwnames, Value** kwargs, int nkw) {
  size_t n = 0;
  buf[0] = '\0';
  for (int i = 0; i < nargs && n < size; i++)
    n += (size_t)snprintf(buf + n, size - n, "%s%s", i ? ", " : "", py_typename(args[i]));
  for (int i = nkw - 1; i >= 0 && n < size; i--)
    n += (size_t)snprintf(buf + n, size - n, "%s%s=%s%s", nargs > 0 ? ", " : "", kwnames[i], py_typename(kwargs[i]),
                          nargs > 0 ? "" : ", ");
}

/* The positional arguments as format_invalid_args shows them against its
 * one option: a type the option's positional parameter at that place does
 * not accept, or one past them, marked `!str!` (its colours when not on a
 * terminal).  PyTorch 1.13: invalid_arguments.cpp _formattedArgDesc */
void describe_marked_arguments(char* buf, size_t size, const FunctionSchema* s, bool method, Value** args, int nargs,
                               bool numbers_as_tensors) {
  size_t n = 0, param = method ? 1 : 0;
  buf[0] = '\0';
  for (int i = 0; i < nargs && n < size; i++) {
    while (param < s->num_arguments && s->arguments[param].kwarg_only) param++;
    bool ok = param < s->num_arguments && param_check(args[i], &s->arguments[param], numbers_as_tensors);
    n += (size_t)snprintf(buf + n, size - n, "%s%s%s%s", i ? ", " : "", ok ? "" : "!", py_typename(args[i]),
                          ok ? "" : "!");
    param++;
  }
}

/* A builtin's signature string, parsed.  PyTorch parses each signature
 * once, when the PythonArgParser (a function-local static) is built; here
 * each string is parsed on its first use and kept, keyed by its text (a
 * few are built with snprintf: `float(Tensor self, ...)`), so that calling
 * a builtin parses no schema.  The table lives as long as the process. */
typedef struct ParsedSignature {
  char* text;
  FunctionSchema schema;
  UT_hash_handle hh;
} ParsedSignature;

static const FunctionSchema* parsed_signature(const char* text) {
  static ParsedSignature* parsed;
  ParsedSignature* e;
  HASH_FIND_STR(parsed, text, e);
  if (e != NULL) return &e->schema;
  e = calloc(1, sizeof *e);
  TORCH_INTERNAL_ASSERT(e != NULL);
  SchemaParseError err;
  int rc = FunctionSchema_parse(text, &e->schema, &err);
  TORCH_INTERNAL_ASSERT(rc == 0);
  e->text = strdup(text);
  TORCH_INTERNAL_ASSERT(e->text != NULL);
  HASH_ADD_KEYPTR(hh, parsed, e->text, strlen(e->text), e);
  return &e->schema;
}

/*
 * Matches the arguments of builtin `name` against its Python signatures
 * (schema strings such as "to(Tensor self, ScalarType dtype, bool
 * non_blocking=False) -> Tensor"; methods list `Tensor self` first and pass
 * self).  Returns the index of the first signature that matches, with
 * out->slots filled (NULL: absent); or -1 with PyTorch's TypeError.
 */
int PythonArgParser_parse(const char* name, const char* const* signatures, int n, Value* self, Value** args,
                          int nargs, char** kwnames, Value** kwargs, int nkw, ParsedArgs* out) {
  for (int k = 0; k < n; k++)
    if (FunctionSignature_parse(parsed_signature(signatures[k]), self, args, nargs, kwnames, kwargs, nkw, false, out))
      return k;
  /* PythonArgParser::raw_parse and print_error: the one signature, or the
   * one whose argument counts fit, raises its own TypeError */
  int raising = n == 1 ? 0 : -1, plausible = 0;
  for (int k = 0; n > 1 && k < n; k++) {
    int min_args, max_args;
    FunctionSignature_counts(parsed_signature(signatures[k]), self != NULL, false, &min_args, &max_args);
    if (nargs + nkw >= min_args && nargs + nkw <= max_args) {
      plausible++;
      raising = k;
    }
  }
  if (n > 1 && plausible != 1) raising = -1;
  if (raising >= 0 && FunctionSignature_raise(parsed_signature(signatures[raising]), false, self, args, nargs, kwnames,
                                              kwargs, nkw, false))
    return -1;
  char got[256];
  describe_arguments(got, sizeof got, args, nargs, kwnames, kwargs, nkw);
  Error_set(ErrorType_TypeError, "%s() received an invalid combination of arguments - got (%s), but expected one of:",
            name, got);
  return -1;
}
