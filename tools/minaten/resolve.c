/*
 * resolve.c - calling operators with Python arguments.
 *
 * `torch.NAME(...)`, `t.NAME(...)` and `torch.ops.NS.NAME[.OVERLOAD](...)`
 * name a set of overloads; as PyTorch's argument parser does, the first
 * overload in declaration order whose schema accepts the arguments is called:
 * positional arguments fill the non-keyword-only parameters, keywords fill
 * parameters by name, defaults fill the rest.  A single int-list parameter
 * also accepts its ints as varargs (`a.view(2, 3)`).  The bound arguments
 * become IValues and the call goes through Dispatcher_callBoxed: the same
 * boxed path as any fallback, libffi bridging to the C kernel.
 *
 * PyTorch 1.13: torch/csrc/utils/python_arg_parser.cpp (FunctionSignature::parse),
 * tools/autograd/gen_python_functions.py (which operators are bound)
 */
#include <stdlib.h>
#include <string.h>

#include "dispatch/Dispatcher.h"
#include "ops/TensorIterator.h"
#include "runtime/Exception.h"
#include "tools/minaten/interp.h"

enum { kMaxArgs = 32 };

/* Operators PyTorch 1.13 does not expose as torch.NAME / Tensor.NAME
 * (gen_python_functions.py SKIP_PYTHON_BINDINGS and internal operators);
 * torch.ops.aten.NAME still reaches them.  Checked with hasattr() on 1.13. */
static const char* const kNoPythonBinding[] = {"_reshape_alias", "_to_copy", "_unsafe_view",
                                               "slice", "lift_fresh", "alias"};

bool has_python_binding(const OperatorEntry* op, bool method) {
  for (size_t i = 0; i < sizeof kNoPythonBinding / sizeof kNoPythonBinding[0]; i++)
    if (strcmp(op->schema.name, kNoPythonBinding[i]) == 0) return false;
  return op->python_binding && (method ? op->has_method_variant : op->has_function_variant);
}

static bool op_matches(const OperatorEntry* op, const char* ns, const char* name, const char* overload) {
  if (strcmp(op->schema.ns, ns) != 0 || strcmp(op->schema.name, name) != 0) return false;
  return overload == NULL || strcmp(op->schema.overload_name, overload) == 0;
}

const OperatorEntry* find_bound_operator(const char* ns, const char* name, bool method, bool all) {
  for (size_t i = 0; i < Dispatcher_numOperators(); i++) {
    const OperatorEntry* op = Dispatcher_operator(i);
    if (op_matches(op, ns, name, NULL) && (all || has_python_binding(op, method))) return op;
  }
  return NULL;
}

static bool is_int_value(const Value* v) { return v->kind == Value_Int; }

/* The operators whose Tensor parameters also take Python numbers, wrapped
 * into 0-dim "wrapped number" tensors (`a + 1` is add.Tensor).
 * PyTorch 1.13: python_arg_parser.cpp should_allow_numbers_as_tensors */
static bool allows_numbers_as_tensors(const char* name) {
  static const char* const allowed[] = {"add", "add_", "div", "div_", "mul", "mul_", "sub", "sub_",
                                        "true_divide", "true_divide_", "to", "_to_copy", "copy_"};
  for (size_t i = 0; i < sizeof allowed / sizeof allowed[0]; i++)
    if (strcmp(name, allowed[i]) == 0) return true;
  return false;
}

static Scalar number_scalar(const Value* v) {
  return v->kind == Value_Float ? Scalar_fromDouble(v->u.f)
         : v->kind == Value_Bool ? Scalar_fromBool(v->u.b)
                                 : Scalar_fromLong(v->u.i);
}

static bool is_seq(const Value* v) {
  return v->kind == Value_Tuple || v->kind == Value_List || v->kind == Value_Size;
}

/* Converts a Python value to the IValue of a schema type.  Returns 1 (it
 * fits), 0 (it does not: try the next overload) or -1 (an error). */
static int to_ivalue(const Value* v, const Argument* arg, bool numbers_as_tensors, IValue* out) {
  const SchemaType* t = &arg->type;
  if (v->kind == Value_None) {
    if (!t->is_optional) return 0;
    *out = IValue_none();
    return 1;
  }
  if (t->is_list) {
    if (t->base == SchemaBaseType_Tensor) {
      if (!is_seq(v)) return 0;
      Tensor* items[MINATEN_MAX_DIM];
      if (v->u.seq.n > MINATEN_MAX_DIM) return 0;
      for (int i = 0; i < v->u.seq.n; i++) {
        if (v->u.seq.items[i]->kind != Value_Tensor) return 0;
        items[i] = v->u.seq.items[i]->u.tensor;
      }
      TensorList l = {items, (size_t)v->u.seq.n};
      *out = IValue_copyTensorList(l);
      return 1;
    }
    if (!SchemaType_isIntLike(t->base)) return 0;
    int64_t ints[MINATEN_MAX_DIM];
    if (is_int_value(v) && t->list_size > 0) {
      for (int64_t i = 0; i < t->list_size && i < MINATEN_MAX_DIM; i++) ints[i] = v->u.i;
      *out = IValue_copyIntList(IntArrayRef_make(ints, (size_t)t->list_size));
      return 1;
    }
    if (!is_seq(v) || v->u.seq.n > MINATEN_MAX_DIM) return 0;
    for (int i = 0; i < v->u.seq.n; i++) {
      if (!is_int_value(v->u.seq.items[i])) return 0;
      ints[i] = v->u.seq.items[i]->u.i;
    }
    *out = IValue_copyIntList(IntArrayRef_make(ints, (size_t)v->u.seq.n));
    return 1;
  }
  switch (t->base) {
    case SchemaBaseType_Tensor:
      if (numbers_as_tensors && Value_isNumber(v)) {
        Tensor* w = wrapped_scalar_tensor(number_scalar(v));
        if (w == NULL) return -1;
        *out = IValue_takeTensor(w);
        return 1;
      }
      if (v->kind != Value_Tensor) return 0;
      *out = IValue_borrowTensor(v->u.tensor);
      return 1;
    case SchemaBaseType_int:
    case SchemaBaseType_SymInt:
      if (v->kind != Value_Int) return 0;
      *out = IValue_fromInt(v->u.i);
      return 1;
    case SchemaBaseType_float:
      if (v->kind != Value_Int && v->kind != Value_Float) return 0;
      *out = IValue_fromDouble(Value_toDouble(v));
      return 1;
    case SchemaBaseType_bool:
      if (v->kind != Value_Bool) return 0;
      *out = IValue_fromBool(v->u.b);
      return 1;
    case SchemaBaseType_Scalar:
      if (v->kind == Value_Int) *out = IValue_fromInt(v->u.i);
      else if (v->kind == Value_Float) *out = IValue_fromDouble(v->u.f);
      else if (v->kind == Value_Bool) *out = IValue_fromBool(v->u.b);
      else return 0;
      return 1;
    case SchemaBaseType_str:
      if (v->kind != Value_Str) return 0;
      *out = IValue_borrowString(v->u.s);
      return 1;
    case SchemaBaseType_ScalarType:
      if (v->kind != Value_Dtype) return 0;
      *out = IValue_fromScalarType(v->u.dtype);
      return 1;
    case SchemaBaseType_MemoryFormat:
      if (v->kind != Value_MemoryFormat) return 0;
      *out = IValue_fromMemoryFormat(v->u.memory_format);
      return 1;
    case SchemaBaseType_Device: {
      if (v->kind == Value_Device) {
        *out = IValue_fromDevice(v->u.device);
        return 1;
      }
      if (v->kind != Value_Str) return 0;
      Device d;
      if (Device_parse(v->u.s, &d) < 0) return -1;
      *out = IValue_fromDevice(d);
      return 1;
    }
    default:
      return 0;
  }
}

/*
 * Binds the call to one overload: fills args[0..num_arguments).  Returns 1
 * (bound), 0 (does not match) or -1 (error).  On 1, the caller releases args.
 * PyTorch 1.13: python_arg_parser.cpp FunctionSignature::parse
 */
static int bind(const OperatorEntry* op, Value* self, Value** pargs, int nargs, char** kwnames,
                Value** kwargs, int nkw, IValue* args) {
  const FunctionSchema* s = &op->schema;
  size_t n = s->num_arguments;
  if (n > kMaxArgs) return 0;
  const Value* slots[kMaxArgs] = {0};
  Value* packed = NULL;
  size_t first = 0;
  if (self != NULL) {
    if (n == 0 || s->arguments[0].type.base != SchemaBaseType_Tensor) return 0;
    slots[0] = self;
    first = 1;
  }
  size_t positional[kMaxArgs];
  size_t npos = 0;
  for (size_t i = first; i < n; i++)
    if (!s->arguments[i].kwarg_only) positional[npos++] = i;
  /* Varargs int lists: `a.view(2, 3)` for a lone int-list parameter. */
  bool varargs = npos == 1 && s->arguments[positional[0]].type.is_list &&
                 SchemaType_isIntLike(s->arguments[positional[0]].type.base) && nargs >= 1 &&
                 pargs[0]->kind == Value_Int;
  if (varargs) {
    packed = Value_seq(Value_Tuple, nargs);
    for (int i = 0; i < nargs; i++) packed->u.seq.items[i] = Value_retain(pargs[i]);
    slots[positional[0]] = packed;
  } else {
    if ((size_t)nargs > npos) return 0;
    for (int i = 0; i < nargs; i++) slots[positional[i]] = pargs[i];
  }
  int rc = 0;
  for (int k = 0; k < nkw; k++) {
    size_t i;
    for (i = first; i < n; i++)
      if (strcmp(s->arguments[i].name, kwnames[k]) == 0) break;
    if (i == n || slots[i] != NULL) goto done;
    slots[i] = kwargs[k];
  }
  size_t converted = 0;
  for (size_t i = 0; i < n; i++, converted++) {
    const Argument* a = &s->arguments[i];
    if (slots[i] == NULL) {
      if (!a->has_default) break;
      args[i] = a->default_value;
      args[i].owned = false; /* borrowed from the schema */
      continue;
    }
    int r = to_ivalue(slots[i], a, allows_numbers_as_tensors(s->name), &args[i]);
    if (r <= 0) {
      rc = r;
      break;
    }
  }
  if (converted == n) {
    rc = 1;
  } else {
    for (size_t i = 0; i < converted; i++) IValue_release(&args[i]);
  }
done:
  Value_release(packed);
  return rc;
}

Value* value_from_ivalue(IValue* v) {
  Value* r;
  switch (v->tag) {
    case IValueTag_Tensor:
      r = Value_tensor(v->owned ? v->u.tensor : Tensor_retain(v->u.tensor));
      v->owned = false;
      return r;
    case IValueTag_TensorList: {
      TensorList l = IValue_toTensorList(v);
      r = Value_seq(Value_List, (int)l.size);
      for (size_t i = 0; i < l.size; i++) r->u.seq.items[i] = Value_tensor(Tensor_retain(l.data[i]));
      IValue_release(v);
      return r;
    }
    case IValueTag_Int: return Value_int(v->u.i);
    case IValueTag_Double: return Value_float(v->u.d);
    case IValueTag_Bool: return Value_bool(v->u.b);
    case IValueTag_ScalarType: return Value_dtype(v->u.scalar_type);
    case IValueTag_String: return Value_str(v->u.s);
    default: return Value_none();
  }
}

/* Calls a bound operator and turns its returns into a Value. */
static Value* invoke(const OperatorEntry* op, IValue* args) {
  IValue rets[8];
  size_t nret = op->schema.num_returns;
  int r = Dispatcher_callBoxed(op, args, rets);
  for (size_t i = 0; i < op->schema.num_arguments; i++) IValue_release(&args[i]);
  if (r < 0) return NULL;
  if (nret == 0) return Value_none();
  if (nret == 1) {
    Value* v = value_from_ivalue(&rets[0]);
    IValue_release(&rets[0]);
    return v;
  }
  Value* t = Value_seq(Value_Tuple, (int)nret);
  for (size_t i = 0; i < nret; i++) {
    t->u.seq.items[i] = value_from_ivalue(&rets[i]);
    IValue_release(&rets[i]);
  }
  return t;
}

Value* call_op_boxed(const char* qualified_name, IValue* args) {
  const OperatorEntry* op = Dispatcher_findSchema(qualified_name);
  if (op == NULL) {
    Error_set(ErrorType_NotImplementedError, "minaten has no operator %s yet", qualified_name);
    return NULL;
  }
  return invoke(op, args);
}

static void describe_arguments(char* buf, size_t size, Value** args, int nargs, char** kwnames,
                               Value** kwargs, int nkw) {
  size_t n = 0;
  buf[0] = '\0';
  for (int i = 0; i < nargs && n < size; i++)
    n += (size_t)snprintf(buf + n, size - n, "%s%s", i ? ", " : "", Value_typeName(args[i]));
  for (int i = 0; i < nkw && n < size; i++)
    n += (size_t)snprintf(buf + n, size - n, "%s%s=%s", n ? ", " : "", kwnames[i], Value_typeName(kwargs[i]));
}

Value* call_operator(const Value* ops, Value* self, Value** pargs, int nargs, char** kwnames,
                     Value** kwargs, int nkw) {
  IValue args[kMaxArgs];
  bool any = false;
  for (size_t i = 0; i < Dispatcher_numOperators(); i++) {
    const OperatorEntry* op = Dispatcher_operator(i);
    if (!op_matches(op, ops->u.ops.ns, ops->u.ops.name, ops->u.ops.overload)) continue;
    if (!ops->u.ops.all && !has_python_binding(op, ops->u.ops.method)) continue;
    any = true;
    int r = bind(op, self, pargs, nargs, kwnames, kwargs, nkw, args);
    if (r < 0) return NULL;
    if (r == 1) return invoke(op, args);
  }
  /* torch/_tensor.py Tensor.split (and torch.split): a list of sizes goes to
   * split_with_sizes, the Python-level half of PyTorch's split. */
  if (any && strcmp(ops->u.ops.name, "split") == 0 && ops->u.ops.overload == NULL) {
    Value* sizes = Value_ops(ops->u.ops.ns, "split_with_sizes", NULL, ops->u.ops.method, ops->u.ops.all);
    Value* r = call_operator(sizes, self, pargs, nargs, kwnames, kwargs, nkw);
    Value_release(sizes);
    if (r != NULL || Error_type() != ErrorType_TypeError) return r;
    Error_clear();
  }
  char got[256];
  describe_arguments(got, sizeof got, pargs, nargs, kwnames, kwargs, nkw);
  if (!any)
    Error_set(ErrorType_NotImplementedError, "minaten has no operator %s::%s", ops->u.ops.ns, ops->u.ops.name);
  else
    Error_set(ErrorType_TypeError,
              "%s() received an invalid combination of arguments - got (%s), but expected one of:",
              ops->u.ops.name, got);
  return NULL;
}
