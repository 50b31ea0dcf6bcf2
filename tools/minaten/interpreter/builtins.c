/*
 * builtins.c - Python's builtins that are not types' own files: print,
 * len, str, repr, bool, int, float, abs, tuple, list, hasattr, and the
 * table of builtin names (global_builtin); obj.NAME for every value
 * (get_attribute) and calling any value (call_value).  range is in
 * rangeobject.c, type and isinstance in typeobject.c, min/max/sum in
 * bltinmodule.c, enumerate and zip in iterobject.c.  Where a value is a
 * tensor, the torch module or an operator, these go to the bindings
 * (bindings/torch.h): t.NAME, torch.NAME, the dialect's helpers (show,
 * trace_on, ...), calling an operator.
 *
 * Python 3.11: Python/bltinmodule.c, Objects/object.c (PyObject_GetAttr)
 */
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "runtime/Exception.h"
#include "tools/minaten/bindings/torch.h"
#include "tools/minaten/interpreter/interp.h"
#include "tools/minaten/interpreter/utf8.h"

/* ---- argument helpers -------------------------------------------------- */

int expect_args(const char* name, int nargs, int min, int max, int nkw) {
  if (nargs < min || nargs > max || nkw > 0) {
    Error_set(ErrorType_TypeError, "%s() takes from %d to %d positional arguments but %d were given",
              name, min, max, nargs);
    return -1;
  }
  return 0;
}

/* Python 3.11: Python/getargs.c _PyArg_NoKwnames */
static int no_keywords(const char* name, int nkw) {
  if (nkw == 0) return 0;
  Error_set(ErrorType_TypeError, "%s() takes no keyword arguments", name);
  return -1;
}

/* Python 3.11: Python/getargs.c _PyArg_NoKwnames, then _PyArg_CheckPositional */
int check_positional(const char* name, int nargs, int nkw, int min, int max) {
  if (no_keywords(name, nkw) < 0) return -1;
  if (nargs < min) {
    Error_set(ErrorType_TypeError, "%s expected %s%d argument%s, got %d", name, min == max ? "" : "at least ", min,
              min == 1 ? "" : "s", nargs);
    return -1;
  }
  if (nargs > max) {
    Error_set(ErrorType_TypeError, "%s expected %s%d argument%s, got %d", name, min == max ? "" : "at most ", max,
              max == 1 ? "" : "s", nargs);
    return -1;
  }
  return 0;
}

int expect_one_arg(const char* name, int nargs, int nkw) {
  if (no_keywords(name, nkw) < 0) return -1;
  if (nargs != 1) {
    Error_set(ErrorType_TypeError, "%s() takes exactly one argument (%d given)", name, nargs);
    return -1;
  }
  return 0;
}


/* print(*values, sep=' ', end='\n'): Python's str of each value. */
static Value* builtin_print(Value* self, Value** args, int nargs, char** kwnames, Value** kwargs, int nkw) {
  (void)self;
  const char* sep = " ";
  const char* end = "\n";
  for (int k = 0; k < nkw; k++) {
    const Value* v = kwargs[k];
    bool is_sep = strcmp(kwnames[k], "sep") == 0, is_end = strcmp(kwnames[k], "end") == 0;
    if ((is_sep || is_end) && v->kind != Value_Str && v->kind != Value_None) {
      Error_set(ErrorType_TypeError, "%s must be None or a string, not %s", kwnames[k], Value_typeName(v));
      return NULL;
    }
    if (is_sep) sep = v->kind == Value_Str ? v->u.s : " ";
    else if (is_end) end = v->kind == Value_Str ? v->u.s : "\n";
    else if (strcmp(kwnames[k], "flush") != 0) {
      Error_set(ErrorType_TypeError, "'%s' is an invalid keyword argument for print()", kwnames[k]);
      return NULL;
    }
  }
  /* Format into memory first, so an error prints nothing of the line. */
  char* buf = NULL;
  size_t len = 0;
  FILE* f = open_memstream(&buf, &len);
  TORCH_INTERNAL_ASSERT(f != NULL);
  int rc = 0;
  for (int i = 0; i < nargs && rc == 0; i++) {
    if (i) fputs(sep, f);
    rc = Value_str_write(args[i], f);
  }
  if (rc == 0) fputs(end, f);
  fclose(f);
  if (rc == 0) fwrite(buf, 1, len, stdout);
  free(buf);
  return rc == 0 ? Value_none() : NULL;
}

/* len(x): Python's, and Tensor.__len__ (the first dimension). */
static Value* builtin_len(Value* self, Value** args, int nargs, char** kwnames, Value** kwargs, int nkw) {
  (void)self, (void)kwnames, (void)kwargs;
  if (expect_one_arg("len", nargs, nkw) < 0) return NULL;
  Value* v = args[0];
  switch (v->kind) {
    case Value_Range:
      if (range_length(v) > INT64_MAX) { /* range(-2**63, 2**63 - 1) */
        Error_set(ErrorType_OverflowError, "Python int too large to convert to C ssize_t");
        return NULL;
      }
      return Value_int((int64_t)range_length(v));
    case Value_Tuple:
    case Value_List:
    case Value_Size:
      return Value_int(v->u.seq.n);
    case Value_Str:
      return Value_int(utf8_length(v->u.s)); /* code points */
    case Value_Tensor:
      if (v->u.tensor->dim == 0) {
        Error_set(ErrorType_TypeError, "len() of a 0-d tensor");
        return NULL;
      }
      return Value_int(v->u.tensor->sizes[0]);
    default:
      Error_set(ErrorType_TypeError, "object of type '%s' has no len()", Value_typeName(v));
      return NULL;
  }
}

/* ---- Python builtins ------------------------------------------------------ */

/* torch.Size.numel(): the product of the sizes. */
static Value* size_numel(Value* self, Value** args, int nargs, char** kwnames, Value** kwargs, int nkw) {
  (void)args, (void)kwnames, (void)kwargs;
  if (expect_args("numel", nargs, 0, 0, nkw) < 0) return NULL;
  int64_t n = 1;
  for (int i = 0; i < self->u.seq.n; i++) {
    if (__builtin_mul_overflow(n, self->u.seq.items[i]->u.i, &n)) {
      Error_set(ErrorType_RuntimeError, "minaten: ints are 64-bit; the product overflows");
      return NULL;
    }
  }
  return Value_int(n);
}

static Value* string_of(Value* v, int (*write)(const Value*, FILE*)) {
  char* buf = NULL;
  size_t len = 0;
  FILE* f = open_memstream(&buf, &len);
  TORCH_INTERNAL_ASSERT(f != NULL);
  int rc = write(v, f);
  fclose(f);
  Value* r = rc == 0 ? Value_strn(buf, len) : NULL;
  free(buf);
  return r;
}

Value* builtin_str(Value* self, Value** args, int nargs, char** kwnames, Value** kwargs, int nkw) {
  (void)self, (void)kwnames, (void)kwargs;
  if (expect_args("str", nargs, 0, 1, nkw) < 0) return NULL;
  return nargs == 0 ? Value_str("") : string_of(args[0], Value_str_write);
}

static Value* builtin_repr(Value* self, Value** args, int nargs, char** kwnames, Value** kwargs, int nkw) {
  (void)self, (void)kwnames, (void)kwargs;
  if (expect_args("repr", nargs, 1, 1, nkw) < 0) return NULL;
  return string_of(args[0], Value_repr_write);
}

Value* builtin_bool(Value* self, Value** args, int nargs, char** kwnames, Value** kwargs, int nkw) {
  (void)self, (void)kwnames, (void)kwargs;
  if (expect_args("bool", nargs, 0, 1, nkw) < 0) return NULL;
  bool truth = false;
  if (nargs == 1 && python_truth(args[0], &truth) < 0) return NULL;
  return Value_bool(truth);
}

/* int(x) and float(x): numbers, numeric strings, one-element tensors
 * (Tensor.__int__ / __float__ read the value with item()). */
static Value* to_number(const char* name, bool integer, Value** args, int nargs, int nkw) {
  if (expect_args(name, nargs, 0, 1, nkw) < 0) return NULL;
  if (nargs == 0) return integer ? Value_int(0) : Value_float(0);
  Value* v = args[0];
  double d = 0;
  if (v->kind == Value_Int || v->kind == Value_Bool) {
    int64_t i = v->kind == Value_Int ? v->u.i : v->u.b;
    return integer ? Value_int(i) : Value_float((double)i);
  } else if (v->kind == Value_Float) {
    d = v->u.f;
  } else if (v->kind == Value_Str) {
    char* end = NULL;
    const char* s = v->u.s;
    if (integer) {
      errno = 0;
      long long i = strtoll(s, &end, 10);
      while (end && (*end == ' ' || *end == '\n')) end++;
      if (end != s && end && *end == '\0') {
        if (errno == ERANGE) { /* NB(minaten): ints are 64-bit (pyops.c) */
          Error_set(ErrorType_RuntimeError, "minaten: ints are 64-bit; int('%s') does not fit", s);
          return NULL;
        }
        return Value_int(i);
      }
    } else {
      d = strtod(s, &end);
      while (end && (*end == ' ' || *end == '\n')) end++;
      if (end != s && end && *end == '\0') return Value_float(d);
    }
    Error_set(ErrorType_ValueError, integer ? "invalid literal for int() with base 10: '%s'"
                                            : "could not convert string to float: '%s'", s);
    return NULL;
  } else if (v->kind == Value_Tensor) {
    if (v->u.tensor->numel != 1) {
      Error_set(ErrorType_ValueError, "only one element tensors can be converted to Python scalars");
      return NULL;
    }
    Value* item = tensor_item(v->u.tensor);
    if (item == NULL) return NULL;
    Value* r = to_number(name, integer, &item, 1, 0);
    Value_release(item);
    return r;
  } else {
    Error_set(ErrorType_TypeError, "%s() argument must be a string%s or a real number, not '%s'", name,
              integer ? ", a bytes-like object" : "", Value_typeName(v));
    return NULL;
  }
  if (!integer) return Value_float(d);
  if (isnan(d) || isinf(d)) {
    if (isnan(d)) Error_set(ErrorType_ValueError, "cannot convert float NaN to integer");
    else Error_set(ErrorType_OverflowError, "cannot convert float infinity to integer");
    return NULL;
  }
  if (d >= 9223372036854775808.0 || d < -9223372036854775808.0) {
    Error_set(ErrorType_RuntimeError, "minaten: ints are 64-bit; %g does not fit", d);
    return NULL;
  }
  return Value_int((int64_t)d);
}

Value* builtin_int(Value* self, Value** args, int nargs, char** kwnames, Value** kwargs, int nkw) {
  (void)self, (void)kwnames, (void)kwargs;
  return to_number("int", true, args, nargs, nkw);
}

Value* builtin_float(Value* self, Value** args, int nargs, char** kwnames, Value** kwargs, int nkw) {
  (void)self, (void)kwnames, (void)kwargs;
  return to_number("float", false, args, nargs, nkw);
}

static Value* builtin_abs(Value* self, Value** args, int nargs, char** kwnames, Value** kwargs, int nkw) {
  (void)self, (void)kwnames, (void)kwargs;
  if (expect_one_arg("abs", nargs, nkw) < 0) return NULL;
  Value* v = args[0];
  if (v->kind == Value_Int && v->u.i == INT64_MIN) { /* NB(minaten): ints are 64-bit (pyops.c) */
    Error_set(ErrorType_RuntimeError, "minaten: ints are 64-bit; abs(%lld) does not fit", (long long)v->u.i);
    return NULL;
  }
  if (v->kind == Value_Int) return Value_int(v->u.i < 0 ? -v->u.i : v->u.i);
  if (v->kind == Value_Bool) return Value_int(v->u.b);
  if (v->kind == Value_Float) return Value_float(fabs(v->u.f));
  if (v->kind == Value_Tensor) return tensor_unary('a', v);
  Error_set(ErrorType_TypeError, "bad operand type for abs(): '%s'", Value_typeName(v));
  return NULL;
}

/* tuple(x) / list(x): the items of an iterable, in a new sequence. */
static Value* to_sequence(ValueKind kind, const char* name, Value** args, int nargs, int nkw) {
  if (expect_args(name, nargs, 0, 1, nkw) < 0) return NULL;
  if (nargs == 0) return Value_seq(kind, 0);
  Value* items = sequence_of(args[0]);
  if (items == NULL) return NULL;
  Value* r = Value_seq(kind, items->u.seq.n);
  for (int i = 0; i < items->u.seq.n; i++) r->u.seq.items[i] = Value_retain(items->u.seq.items[i]);
  Value_release(items);
  return r;
}

Value* builtin_tuple(Value* self, Value** args, int nargs, char** kwnames, Value** kwargs, int nkw) {
  (void)self, (void)kwnames, (void)kwargs;
  return to_sequence(Value_Tuple, "tuple", args, nargs, nkw);
}

Value* builtin_list(Value* self, Value** args, int nargs, char** kwnames, Value** kwargs, int nkw) {
  (void)self, (void)kwnames, (void)kwargs;
  return to_sequence(Value_List, "list", args, nargs, nkw);
}

static Value* builtin_hasattr(Value* self, Value** args, int nargs, char** kwnames, Value** kwargs, int nkw) {
  (void)self, (void)kwnames, (void)kwargs;
  if (expect_args("hasattr", nargs, 2, 2, nkw) < 0) return NULL;
  if (args[1]->kind != Value_Str) {
    Error_set(ErrorType_TypeError, "hasattr(): attribute name must be string");
    return NULL;
  }
  Value* v = get_attribute(args[0], args[1]->u.s);
  if (v == NULL && Error_type() != ErrorType_AttributeError) return NULL;
  Error_clear();
  Value_release(v);
  return Value_bool(v != NULL);
}

/* obj.NAME for every kind of value (a tensor's, a module's and an operator
 * packet's through the bindings).  PyTorch 1.13: torch/csrc/Size.cpp (numel) */
Value* get_attribute(Value* obj, const char* name) {
  if (obj->kind == Value_Tensor) return tensor_attribute(obj, name);
  if (obj->kind == Value_Type) return type_attribute(obj, name);
  if (obj->kind == Value_List) return list_attribute(obj, name);
  if (obj->kind == Value_Function && (strcmp(name, "__name__") == 0 || strcmp(name, "__qualname__") == 0))
    return Value_str(name[2] == 'n' ? obj->u.function.code->name : obj->u.function.code->qualname);
  if (obj->kind == Value_Module || obj->kind == Value_Ops) return module_attribute(obj, name);
  if (obj->kind == Value_Object && obj->u.object.type->getattro != NULL) return obj->u.object.type->getattro(obj, name);
  Value* field = Value_namedField(obj, name);
  if (field != NULL) return field;
  if (obj->kind == Value_Size && strcmp(name, "numel") == 0) {
    Value* b = Value_builtin("numel", size_numel);
    Value* m = Value_method(obj, b);
    Value_release(b);
    return m;
  }
  Error_set(ErrorType_AttributeError, "'%s' object has no attribute '%s'", Value_typeName(obj), name);
  return NULL;
}

Value* global_builtin(const char* name) {
  static const struct { const char* name; BuiltinFn fn; } table[] = {
      {"print", builtin_print}, {"len", builtin_len}, {"repr", builtin_repr}, {"abs", builtin_abs},
      {"hasattr", builtin_hasattr}, {"min", builtin_min}, {"max", builtin_max}, {"sum", builtin_sum},
      {"isinstance", builtin_isinstance}};
  static const TypeObject* const types[] = {&Type_int,   &Type_float, &Type_bool,      &Type_str, &Type_tuple,
                                            &Type_list,  &Type_range, &Type_type,      &Type_enumerate,
                                            &Type_zip};
  for (size_t i = 0; i < sizeof table / sizeof table[0]; i++)
    if (strcmp(name, table[i].name) == 0) return Value_builtin(table[i].name, table[i].fn);
  for (size_t i = 0; i < sizeof types / sizeof types[0]; i++)
    if (strcmp(name, types[i]->name) == 0) return Value_type(types[i]);
  if (strcmp(name, "torch") == 0) return Value_module("torch");
  return dialect_helper(name);
}

Value* call_value(Value* callee, Value* self, Value** args, int nargs, char** kwnames, Value** kwargs, int nkw) {
  switch (callee->kind) {
    case Value_Builtin: return callee->u.builtin.fn(self, args, nargs, kwnames, kwargs, nkw);
    case Value_Method:
      return call_value(callee->u.method.callee, callee->u.method.self, args, nargs, kwnames, kwargs, nkw);
    case Value_Ops: return call_operator(callee, self, args, nargs, kwnames, kwargs, nkw);
    case Value_Function: return Interp_callFunction(callee, args, nargs, kwnames, kwargs, nkw);
    case Value_Type:
      if (callee->u.type->call != NULL) return callee->u.type->call(NULL, args, nargs, kwnames, kwargs, nkw);
      if (callee->u.type == &Type_Tensor) {
        /* NB(minaten): torch.Tensor(...) makes an uninitialised tensor in PyTorch */
        Error_set(ErrorType_NotImplementedError, "minaten: cannot create 'torch.Tensor' instances");
        return NULL;
      }
      if (strcmp(callee->u.type->name, "NoneType") == 0) { /* Python 3.11: Objects/object.c none_new */
        if (nargs == 0 && nkw == 0) return Value_none();
        Error_set(ErrorType_TypeError, "NoneType takes no arguments");
        return NULL;
      }
      /* Python 3.11: Objects/typeobject.c object_new of a type without tp_new */
      Error_set(ErrorType_TypeError, "cannot create '%s%s%s' instances",
                callee->u.type->module ? callee->u.type->module : "", callee->u.type->module ? "." : "",
                callee->u.type->name);
      return NULL;
    default:
      Error_set(ErrorType_TypeError, "'%s' object is not callable", Value_typeName(callee));
      return NULL;
  }
}
