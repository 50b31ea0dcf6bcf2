/*
 * jit_args.c - binding Python arguments to a schema the way `torch.ops`
 * does: `torch.ops.aten.view(a, [2, 3])`, `torch.ops.aten.add.Tensor(a, 1)`.
 *
 * torch.ops does not use the Python argument parser (arg_parser.c) but the
 * TorchScript one: every schema argument is converted with toIValue, in
 * order: positional arguments first (never into a keyword-only one), then
 * keywords by their schema names (`self`, not `input`), then defaults.  There
 * are no varargs int lists.  A packet (`torch.ops.aten.add`) tries its
 * overloads in order and takes the first whose conversion succeeds.  A
 * mismatch is a RuntimeError worded by the JIT ("aten::reshape() is missing
 * value for argument 'shape'. Declaration: ..."); a packet with several
 * overloads reports only that none matched.
 *
 * Type rules (toIValue): int takes ints and bools; float and Scalar take
 * numbers (a bool becomes an int for Scalar); a Tensor takes a tensor, or a
 * number (a wrapped-number tensor) for the operators of
 * allows_numbers_as_tensors; lists take lists or tuples whose every
 * element converts; `int[N]` also takes one int; None fits only optionals.
 *
 * NB(minaten): None for a non-optional tensor is an undefined tensor in
 * PyTorch, which each kernel then rejects in its own words; minaten raises
 * the most common of those messages at binding time.
 *
 * PyTorch 1.13: torch/csrc/jit/python/pybind_utils.h (createStackForSchema,
 * argumentToIValue, toIValue, getOpWithStack), aten/src/ATen/core/function_schema.h
 * (formatTypeMismatchMsg, findErrorInKwargs)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runtime/ScalarOps.h"
#include "runtime/Exception.h"
#include "tools/minaten/bindings/bindings.h"
#include "tools/minaten/interpreter/interp.h"

/* The JIT's repr_str of an argument's type: 'List[int]', 'Optional[Tensor]',
 * 'number'.  ScalarType, Layout and MemoryFormat are ints in TorchScript. */
static void type_repr(const SchemaType* t, char* buf, size_t size) {
  const char* base;
  switch (t->base) {
    case SchemaBaseType_SymInt:
    case SchemaBaseType_int:
    case SchemaBaseType_ScalarType:
    case SchemaBaseType_Layout:
    case SchemaBaseType_MemoryFormat: base = "int"; break;
    case SchemaBaseType_Scalar: base = "number"; break;
    default: base = SchemaBaseType_name(t->base); break;
  }
  char elem[64];
  snprintf(elem, sizeof elem, t->elem_optional ? "Optional[%s]" : "%s", base);
  char list[80];
  snprintf(list, sizeof list, t->is_list ? "List[%s]" : "%s", elem);
  snprintf(buf, size, t->is_optional ? "Optional[%s]" : "%s", list);
}

static bool is_seq(const Value* v) {
  return v->kind == Value_Tuple || v->kind == Value_List || v->kind == Value_Size;
}

static int element_int(const Value* v, int64_t* out) {
  if (v->kind == Value_Int) *out = v->u.i;
  else if (v->kind == Value_Bool) *out = v->u.b;
  else if (v->kind == Value_Tensor) return tensor_to_index(v->u.tensor, out) < 0 ? -1 : 0;
  else return 1;
  return 0;
}

/* The conversions below return 0 (converted into *out), 1 (type mismatch)
 * or -1 (error set), as to_ivalue. */

/* None: an optional's value; for a Tensor, the message of the kernel that
 * would reject the undefined tensor (NB(minaten) at the top). */
static int none_to_ivalue(const Argument* a, size_t index, IValue* out) {
  if (a->type.is_optional) {
    *out = IValue_none();
    return 0;
  }
  if (SchemaType_isTensor(&a->type)) {
    Error_set(ErrorType_RuntimeError,
              "Expected a proper Tensor but got None (or an undefined Tensor in C++) for argument #%zu '%s'",
              index, a->name);
    return -1;
  }
  return 1;
}

/* int[N] / SymInt[N] / ScalarType[]...: a sequence of ints (bools and
 * integer tensors through __index__), or one int for a sized list. */
static int int_list_to_ivalue(const Value* v, const SchemaType* t, IValue* out) {
  int64_t ints[MINATEN_MAX_DIM];
  if (t->list_size > 0 && v->kind == Value_Int) {
    for (int64_t i = 0; i < t->list_size && i < MINATEN_MAX_DIM; i++) ints[i] = v->u.i;
    *out = IValue_copyIntList(IntArrayRef_make(ints, (size_t)t->list_size));
    return 0;
  }
  if (!is_seq(v) || v->u.seq.n > MINATEN_MAX_DIM) return 1;
  int n = v->u.seq.n;
  for (int i = 0; i < n; i++) {
    int r = element_int(v->u.seq.items[i], &ints[i]);
    if (r != 0) return r;
  }
  *out = IValue_copyIntList(IntArrayRef_make(ints, (size_t)n));
  return 0;
}

/* Tensor[] / Tensor?[]: a sequence of tensors (and None for Tensor?[]). */
static int tensor_list_to_ivalue(const Value* v, const SchemaType* t, IValue* out) {
  int n = v->u.seq.n;
  Tensor** items = calloc((size_t)n + 1, sizeof *items);
  TORCH_INTERNAL_ASSERT(items != NULL);
  for (int i = 0; i < n; i++) {
    const Value* item = v->u.seq.items[i];
    if (item->kind == Value_Tensor) items[i] = item->u.tensor;
    else if (!(item->kind == Value_None && t->elem_optional)) {
      free(items);
      return 1;
    }
  }
  TensorList l = {items, (size_t)n};
  *out = IValue_copyTensorList(l);
  free(items);
  return 0;
}

/* float[] (numbers) / bool[] (bools only). */
static int number_list_to_ivalue(const Value* v, const SchemaType* t, IValue* out) {
  int n = v->u.seq.n;
  double* d = calloc((size_t)n + 1, sizeof *d);
  bool* b = calloc((size_t)n + 1, sizeof *b);
  TORCH_INTERNAL_ASSERT(d != NULL && b != NULL);
  int r = 0;
  for (int i = 0; i < n && r == 0; i++) {
    const Value* item = v->u.seq.items[i];
    if (!Value_isNumber(item) || (t->base == SchemaBaseType_bool && item->kind != Value_Bool)) r = 1;
    else d[i] = Value_toDouble(item), b[i] = item->kind == Value_Bool && item->u.b;
  }
  if (r == 0) *out = t->base == SchemaBaseType_float ? IValue_copyDoubleList(d, (size_t)n) : IValue_copyBoolList(b, (size_t)n);
  free(d);
  free(b);
  return r;
}

/* A list type: by its element type, as toIValue's ListType case. */
static int list_to_ivalue(const Value* v, const SchemaType* t, IValue* out) {
  if (SchemaType_isIntLike(t->base)) return int_list_to_ivalue(v, t, out);
  if (!is_seq(v)) return 1;
  if (t->base == SchemaBaseType_Tensor) return tensor_list_to_ivalue(v, t, out);
  if (t->base == SchemaBaseType_float || t->base == SchemaBaseType_bool) return number_list_to_ivalue(v, t, out);
  return 1;
}

/* Tensor: a tensor, or a number (a wrapped-number tensor) when the
 * operator allows numbers as tensors. */
static int tensor_to_ivalue(const Value* v, bool numbers_as_tensors, IValue* out) {
  if (v->kind == Value_Tensor) {
    *out = IValue_borrowTensor(v->u.tensor);
    return 0;
  }
  if (!numbers_as_tensors || !Value_isNumber(v)) return 1;
  Scalar s = v->kind == Value_Float ? Scalar_fromDouble(v->u.f)
             : v->kind == Value_Bool ? Scalar_fromBool(v->u.b)
                                     : Scalar_fromLong(v->u.i);
  Tensor* w = wrapped_scalar_tensor(s);
  if (w == NULL) return -1;
  *out = IValue_takeTensor(w);
  return 0;
}

/* ScalarType: a dtype, or an int in c10::ScalarType's numbering (a dtype is
 * an int in TorchScript). */
static int scalar_type_to_ivalue(const Value* v, IValue* out) {
  if (v->kind == Value_Int) {
    static const int kFromC10[] = {ScalarType_Byte, ScalarType_Char, ScalarType_Short, ScalarType_Int,
                                   ScalarType_Long, -1, ScalarType_Float, ScalarType_Double, -1, -1, -1,
                                   ScalarType_Bool, ScalarType_QInt8, ScalarType_QUInt8, ScalarType_QInt32};
    int k = v->u.i >= 0 && v->u.i < 15 ? kFromC10[v->u.i] : -1;
    if (k < 0) {
      Error_set(ErrorType_NotImplementedError, "minaten has no dtype numbered %lld", (long long)v->u.i);
      return -1;
    }
    *out = IValue_fromScalarType((ScalarType)k);
    return 0;
  }
  if (v->kind != Value_Dtype) return 1;
  *out = IValue_fromScalarType(v->u.dtype);
  return 0;
}

/* float: a number, or a tensor through __float__. */
static int float_to_ivalue(const Value* v, IValue* out) {
  if (v->kind == Value_Tensor) {
    double d;
    if (tensor_to_double(v->u.tensor, &d) < 0) return -1;
    *out = IValue_fromDouble(d);
    return 0;
  }
  if (!Value_isNumber(v)) return 1;
  *out = IValue_fromDouble(Value_toDouble(v));
  return 0;
}

/* Device: a device, or its string ("cpu", "lazy:0"). */
static int device_to_ivalue(const Value* v, IValue* out) {
  Device d;
  if (v->kind == Value_Device) d = v->u.device;
  else if (v->kind != Value_Str) return 1;
  else if (Device_parse(v->u.s, &d) < 0) return -1;
  *out = IValue_fromDevice(d);
  return 0;
}

/* toIValue for one argument: 0 converted, 1 type mismatch, -1 error set.
 * One case per schema base type, as toIValue's switch on the type kind. */
static int to_ivalue(const Value* v, const Argument* a, size_t index, bool numbers_as_tensors, IValue* out) {
  const SchemaType* t = &a->type;
  if (v->kind == Value_None) return none_to_ivalue(a, index, out);
  if (t->is_list) return list_to_ivalue(v, t, out);
  switch (t->base) {
    case SchemaBaseType_Tensor: return tensor_to_ivalue(v, numbers_as_tensors, out);
    case SchemaBaseType_int:
    case SchemaBaseType_SymInt: {
      int64_t i;
      int r = element_int(v, &i);
      if (r == 0) *out = IValue_fromInt(i);
      return r;
    }
    case SchemaBaseType_float: return float_to_ivalue(v, out);
    case SchemaBaseType_Scalar:
      if (v->kind == Value_Float) *out = IValue_fromDouble(v->u.f);
      else if (v->kind == Value_Int) *out = IValue_fromInt(v->u.i);
      else if (v->kind == Value_Bool) *out = IValue_fromInt(v->u.b); /* isinstance(True, int) */
      else return 1;
      return 0;
    case SchemaBaseType_bool:
      if (v->kind != Value_Bool && v->kind != Value_Int) return 1;
      *out = IValue_fromBool(v->kind == Value_Bool ? v->u.b : v->u.i != 0);
      return 0;
    case SchemaBaseType_str:
      if (v->kind != Value_Str) return 1;
      *out = IValue_borrowString(v->u.s);
      return 0;
    case SchemaBaseType_ScalarType: return scalar_type_to_ivalue(v, out);
    case SchemaBaseType_MemoryFormat:
      if (v->kind != Value_MemoryFormat) return 1;
      *out = IValue_fromMemoryFormat(v->u.memory_format);
      return 0;
    case SchemaBaseType_Device: return device_to_ivalue(v, out);
    default: return 1;
  }
}

/* "aten::reshape" (the schema's name, without the overload). */
static void op_name(const FunctionSchema* s, char* buf, size_t size) { snprintf(buf, size, "%s::%s", s->ns, s->name); }

static void declaration(const OperatorEntry* op, char* buf, size_t size) {
  const char* text = op->schema_text;
  snprintf(buf, size, "%s%s%s", strstr(text, "::") ? "" : op->schema.ns, strstr(text, "::") ? "" : "::", text);
}

/* Converts v for argument a (number index) into *out: 1 bound, 0 a type
 * mismatch (the JIT's message in why), -1 another error (set). */
static int bind_argument(const Value* v, const Argument* a, size_t index, bool numbers, const char* name,
                         IValue* out, char* why, size_t why_size) {
  int r = to_ivalue(v, a, index, numbers, out);
  if (r == 0) return 1;
  char type[128];
  type_repr(&a->type, type, sizeof type);
  snprintf(why, why_size, "%s() Expected a value of type '%s' for argument '%s' but instead found type '%s'.", name,
           type, a->name, Value_typeName(v));
  return r > 0 ? 0 : -1;
}

/* The keywords createStackForSchema did not consume: 0 with the message in
 * why (an unknown name; a name also given positionally), 1 when none
 * explains it.  PyTorch 1.13: function_schema.h FunctionSchema::findErrorInKwargs */
static int find_error_in_kwargs(const FunctionSchema* s, char** kwnames, int nkw, const char* name,
                                const char* decl, char* why, size_t why_size) {
  size_t n = s->num_arguments;
  for (int k = 0; k < nkw; k++) {
    size_t i;
    for (i = 0; i < n && strcmp(s->arguments[i].name, kwnames[k]) != 0; i++) {
    }
    if (i == n) {
      snprintf(why, why_size, "Unknown keyword argument '%s' for operator '%s'. Schema: %s", kwnames[k], name, decl);
      return 0;
    }
  }
  for (size_t i = 0; i < n; i++)
    for (int k = 0; k < nkw; k++)
      if (strcmp(s->arguments[i].name, kwnames[k]) == 0) {
        snprintf(why, why_size, "Argument '%s' specified both as positional and keyword argument. Schema: %s",
                 kwnames[k], decl);
        return 0;
      }
  return 1;
}

/*
 * Binds the call to op's schema into stack[0..num_arguments).  Returns 1
 * (bound; release the stack), 0 (schema mismatch: *why holds the JIT's
 * RuntimeError message) or -1 (another error, set).
 * PyTorch 1.13: pybind_utils.h createStackForSchema
 */
int jit_createStackForSchema(const OperatorEntry* op, Value** args, int nargs, char** kwnames, Value** kwargs,
                             int nkw, IValue* stack, char* why, size_t why_size) {
  const FunctionSchema* s = &op->schema;
  size_t n = s->num_arguments;
  /* PyTorch 1.13: pybind_utils.cpp opAllowsNumbersAsTensors (aten operators
   * only: quantized::add takes no number for a tensor) */
  bool numbers = strcmp(s->ns, "aten") == 0 && allows_numbers_as_tensors(s->name);
  char name[128], decl[1024];
  op_name(s, name, sizeof name);
  declaration(op, decl, sizeof decl);
  if ((size_t)(nargs + nkw) > n) {
    snprintf(why, why_size, "%s() expected at most %zu argument(s) but received %d argument(s). Declaration: %s",
             name, n, nargs + nkw, decl);
    return 0;
  }
  size_t filled = 0;
  int rc = 1;
  for (int i = 0; i < nargs; i++, filled++) {
    const Argument* a = &s->arguments[i];
    if (a->kwarg_only) {
      snprintf(why, why_size, "%s() takes %d positional argument(s) but %d was/were given.  Declaration: %s", name,
               i, nargs, decl);
      rc = 0;
      break;
    }
    rc = bind_argument(args[i], a, (size_t)i, numbers, name, &stack[i], why, why_size);
    if (rc != 1) break;
  }
  int consumed = 0;
  for (size_t i = (size_t)nargs; i < n && rc == 1; i++, filled++) {
    const Argument* a = &s->arguments[i];
    const Value* v = NULL;
    for (int k = 0; k < nkw; k++)
      if (strcmp(kwnames[k], a->name) == 0) v = kwargs[k];
    if (v != NULL) {
      consumed++;
      rc = bind_argument(v, a, i, numbers, name, &stack[i], why, why_size);
      if (rc != 1) break;
    } else if (a->has_default) {
      stack[i] = a->default_value;
      stack[i].owned = false;
    } else {
      snprintf(why, why_size, "%s() is missing value for argument '%s'. Declaration: %s", name, a->name, decl);
      rc = 0;
      break;
    }
  }
  if (rc == 1 && consumed != nkw) rc = find_error_in_kwargs(s, kwnames, nkw, name, decl, why, why_size);
  if (rc != 1)
    for (size_t i = 0; i < filled; i++) IValue_release(&stack[i]);
  return rc;
}
