/*
 * value.c - constructors, reference counting and Python's str() of values.
 */
#include "tools/minaten/bindings/torch.h"
#include "tools/minaten/interpreter/value.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "dispatch/FunctionSchema.h"
#include "runtime/Exception.h"
#include "tools/minaten/interpreter/array.h"
#include "tools/minaten/interpreter/ast.h"

/* NB: malloc and memset rather than calloc: glibc's calloc never takes a
 * block from its per-thread cache (tcache), malloc does, and a line of a
 * script makes and drops a dozen values and nodes (parser.c does the same). */
Value* Value_alloc(ValueKind kind) {
  Value* v = malloc(sizeof *v);
  TORCH_INTERNAL_ASSERT(v != NULL);
  memset(v, 0, sizeof *v);
  v->refcount = 1;
  v->kind = kind;
  return v;
}

Value* Value_none(void) { return Value_alloc(Value_None); }
Value* Value_bool(bool b) {
  Value* v = Value_alloc(Value_Bool);
  v->u.b = b;
  return v;
}
Value* Value_int(int64_t i) {
  Value* v = Value_alloc(Value_Int);
  v->u.i = i;
  return v;
}
Value* Value_float(double f) {
  Value* v = Value_alloc(Value_Float);
  v->u.f = f;
  return v;
}
Value* Value_strn(const char* s, size_t n) {
  Value* v = Value_alloc(Value_Str);
  v->u.s = strndup(s, n);
  TORCH_INTERNAL_ASSERT(v->u.s != NULL);
  v->has_nul = memchr(s, '\0', n) != NULL;
  return v;
}
Value* Value_str(const char* s) { return Value_strn(s, strlen(s)); }
Value* Value_seq(ValueKind kind, int n) {
  Value* v = Value_alloc(kind);
  v->u.seq.n = n;
  v->u.seq.items = calloc(n > 0 ? (size_t)array_capacity(n) : 1, sizeof(Value*)); /* a list may grow (array.h) */
  TORCH_INTERNAL_ASSERT(v->u.seq.items != NULL);
  return v;
}
Value* Value_namedField(const Value* tuple, const char* name) {
  if (tuple->kind != Value_Tuple || tuple->u.seq.named == NULL) return NULL;
  for (int i = 0; i < tuple->u.seq.n && i < (int)tuple->u.seq.named->num_returns; i++) {
    const char* field = tuple->u.seq.named->returns[i].name;
    if (field != NULL && strcmp(field, name) == 0) return Value_retain(tuple->u.seq.items[i]);
  }
  return NULL;
}
Value* Value_tensor(Tensor* t) {
  Value* v = Value_alloc(Value_Tensor);
  v->u.tensor = t;
  return v;
}
Value* Value_dtype(ScalarType t) {
  Value* v = Value_alloc(Value_Dtype);
  v->u.dtype = t;
  return v;
}
Value* Value_memoryFormat(MemoryFormat m) {
  Value* v = Value_alloc(Value_MemoryFormat);
  v->u.memory_format = m;
  return v;
}
Value* Value_qscheme(QScheme q) {
  Value* v = Value_alloc(Value_QScheme);
  v->u.qscheme = q;
  return v;
}
Value* Value_device(Device d) {
  Value* v = Value_alloc(Value_Device);
  v->u.device = d;
  return v;
}
Value* Value_ellipsis(void) { return Value_alloc(Value_Ellipsis); }
Value* Value_module(const char* name) {
  Value* v = Value_alloc(Value_Module);
  v->u.s = strdup(name);
  return v;
}
Value* Value_ops(const char* ns, const char* name, const char* overload, bool method, bool all) {
  Value* v = Value_alloc(Value_Ops);
  v->u.ops.ns = strdup(ns);
  v->u.ops.name = strdup(name);
  v->u.ops.overload = overload ? strdup(overload) : NULL;
  v->u.ops.method = method;
  v->u.ops.all = all;
  return v;
}
Value* Value_builtin(const char* name, BuiltinFn fn) {
  Value* v = Value_alloc(Value_Builtin);
  v->u.builtin.name = name;
  v->u.builtin.fn = fn;
  return v;
}
Value* Value_method(Value* self, Value* callee) {
  Value* v = Value_alloc(Value_Method);
  v->u.method.self = Value_retain(self);
  v->u.method.callee = Value_retain(callee);
  return v;
}
Value* Value_type(const TypeObject* type) {
  Value* v = Value_alloc(Value_Type);
  v->u.type = type;
  return v;
}

Value* Value_object(const ObjectType* type, void* payload) {
  Value* v = Value_alloc(Value_Object);
  v->u.object.type = type;
  v->u.object.payload = payload;
  return v;
}

Value* Value_sizeFrom(IntArrayRef sizes) {
  Value* v = Value_seq(Value_Size, (int)sizes.size);
  for (size_t i = 0; i < sizes.size; i++) v->u.seq.items[i] = Value_int(sizes.data[i]);
  return v;
}

Value* Value_tupleFrom(IntArrayRef ints) {
  Value* v = Value_sizeFrom(ints);
  v->kind = Value_Tuple;
  return v;
}

Value* Value_retain(Value* v) {
  v->refcount++;
  return v;
}

void Value_release(Value* v) {
  if (v == NULL || --v->refcount > 0) return;
  switch (v->kind) {
    case Value_Str:
    case Value_Module:
      free(v->u.s);
      break;
    case Value_Tuple:
    case Value_List:
    case Value_Size:
    case Value_Slice:
      for (int i = 0; i < v->u.seq.n; i++) Value_release(v->u.seq.items[i]);
      free(v->u.seq.items);
      break;
    case Value_Tensor:
      Tensor_release(v->u.tensor);
      break;
    case Value_Ops:
      free(v->u.ops.ns);
      free(v->u.ops.name);
      free(v->u.ops.overload);
      break;
    case Value_Method:
      Value_release(v->u.method.self);
      Value_release(v->u.method.callee);
      break;
    case Value_Iterator:
      Value_release(v->u.iter.source);
      break;
    case Value_Function:
      Code_release(v->u.function.code);
      for (int i = 0; i < v->u.function.ndefaults; i++) Value_release(v->u.function.defaults[i]);
      free(v->u.function.defaults);
      break;
    case Value_Object:
      if (v->u.object.type->dealloc != NULL) v->u.object.type->dealloc(v->u.object.payload);
      break;
    default:
      break;
  }
  free(v);
}

const char* Value_typeName(const Value* v) {
  switch (v->kind) {
    case Value_None: return "NoneType";
    case Value_Bool: return "bool";
    case Value_Int: return "int";
    case Value_Float: return "float";
    case Value_Str: return "str";
    case Value_Tuple: return v->u.seq.named ? v->u.seq.named->name : "tuple";
    case Value_List: return "list";
    case Value_Size: return "Size";
    case Value_Tensor: return "Tensor";
    case Value_Dtype: return "dtype";
    case Value_MemoryFormat: return "memory_format";
    case Value_QScheme: return "qscheme";
    case Value_Device: return "device";
    case Value_Ellipsis: return "ellipsis";
    case Value_Slice: return "slice";
    case Value_Module: return "module";
    case Value_Ops: return "OpOverloadPacket";
    case Value_Builtin: return "builtin_function_or_method";
    case Value_Method: return "method";
    case Value_Range: return "range";
    case Value_Iterator: return v->u.iter.name;
    case Value_Type: return "type";
    case Value_Function: return "function";
    case Value_Object: return v->u.object.type->type.name;
  }
  return "object";
}

bool Value_reaches(const Value* v, const Value* target) {
  if (v == target) return true;
  if (v->kind == Value_Tuple || v->kind == Value_List)
    for (int i = 0; i < v->u.seq.n; i++)
      if (Value_reaches(v->u.seq.items[i], target)) return true;
  return false;
}

bool Value_isNumber(const Value* v) {
  return v->kind == Value_Int || v->kind == Value_Float || v->kind == Value_Bool;
}

double Value_toDouble(const Value* v) {
  switch (v->kind) {
    case Value_Float: return v->u.f;
    case Value_Int: return (double)v->u.i;
    case Value_Bool: return v->u.b;
    default: return 0;
  }
}

/* Python's repr(float): the shortest digits that round-trip, in fixed
 * notation for decimal exponents -4..15, else scientific (1e-05, 1e+16). */
void format_python_float(double d, char* out, size_t size) {
  if (isnan(d)) {
    snprintf(out, size, "nan");
    return;
  }
  if (isinf(d)) {
    snprintf(out, size, d < 0 ? "-inf" : "inf");
    return;
  }
  char tmp[64];
  int p;
  for (p = 1; p <= 17; p++) {
    snprintf(tmp, sizeof tmp, "%.*e", p - 1, d);
    if (strtod(tmp, NULL) == d) break;
  }
  /* tmp: [-]D[.DDD]e[+-]XX */
  char digits[32];
  int nd = 0;
  const char* c = tmp;
  bool neg = *c == '-';
  if (neg) c++;
  for (; *c && *c != 'e'; c++)
    if (*c != '.') digits[nd++] = *c;
  digits[nd] = '\0';
  int exp = atoi(c + 1);
  while (nd > 1 && digits[nd - 1] == '0') digits[--nd] = '\0';
  size_t n = 0;
  if (neg) n += (size_t)snprintf(out + n, size - n, "-");
  if (exp < -4 || exp >= 16) {
    n += (size_t)snprintf(out + n, size - n, "%c", digits[0]);
    if (nd > 1) n += (size_t)snprintf(out + n, size - n, ".%s", digits + 1);
    snprintf(out + n, size - n, "e%c%02d", exp < 0 ? '-' : '+', exp < 0 ? -exp : exp);
  } else if (exp >= 0) {
    for (int i = 0; i <= exp; i++) n += (size_t)snprintf(out + n, size - n, "%c", i < nd ? digits[i] : '0');
    n += (size_t)snprintf(out + n, size - n, ".");
    if (nd > exp + 1)
      snprintf(out + n, size - n, "%s", digits + exp + 1);
    else
      snprintf(out + n, size - n, "0");
  } else {
    n += (size_t)snprintf(out + n, size - n, "0.");
    for (int i = 0; i < -exp - 1; i++) n += (size_t)snprintf(out + n, size - n, "0");
    snprintf(out + n, size - n, "%s", digits);
  }
}


/* Python's repr(str): single quotes unless the text has ' and no ".
 * Python 3.11: Objects/unicodeobject.c unicode_repr */
static void write_string_repr(const char* s, FILE* out) {
  char quote = strchr(s, '\'') != NULL && strchr(s, '"') == NULL ? '"' : '\'';
  fputc(quote, out);
  for (const unsigned char* c = (const unsigned char*)s; *c; c++) {
    if (*c == '\\' || *c == (unsigned char)quote) fprintf(out, "\\%c", *c);
    else if (*c == '\n') fputs("\\n", out);
    else if (*c == '\t') fputs("\\t", out);
    else if (*c == '\r') fputs("\\r", out);
    else if (*c < 0x20 || *c == 0x7f) fprintf(out, "\\x%02x", *c);
    else fputc(*c, out);
  }
  fputc(quote, out);
}

/* Python's repr(v), as containers print their items: strings quoted,
 * devices as device(type='cpu'); everything else as str(v). */
int Value_repr_write(const Value* v, FILE* out) {
  char buf[64];
  switch (v->kind) {
    case Value_Str: write_string_repr(v->u.s, out); return 0;
    case Value_Device:
      /* PyTorch 1.13: torch/csrc/Device.cpp THPDevice_repr */
      fprintf(out, "device(type='%s'", Device_format((Device){v->u.device.type, -1}, buf, sizeof buf));
      if (v->u.device.index >= 0) fprintf(out, ", index=%d", (int)v->u.device.index);
      fputc(')', out);
      return 0;
    case Value_Ops: /* torch/_ops.py OpOverloadPacket.__repr__, OpOverload.__repr__ */
      if (!v->u.ops.all) break; /* torch.reshape: a builtin */
      if (v->u.ops.overload == NULL) fprintf(out, "<OpOverloadPacket(op='%s.%s')>", v->u.ops.ns, v->u.ops.name);
      else
        fprintf(out, "<OpOverload(op='%s.%s', overload='%s')>", v->u.ops.ns, v->u.ops.name,
                v->u.ops.overload[0] ? v->u.ops.overload : "default");
      return 0;
    default: break;
  }
  return Value_str_write(v, out);
}

static int write_items(const Value* v, FILE* out) {
  for (int i = 0; i < v->u.seq.n; i++) {
    if (i) fputs(", ", out);
    if (Value_repr_write(v->u.seq.items[i], out) < 0) return -1;
  }
  return 0;
}

int Value_str_write(const Value* v, FILE* out) {
  char buf[64];
  switch (v->kind) {
    case Value_None: fputs("None", out); return 0;
    case Value_Bool: fputs(v->u.b ? "True" : "False", out); return 0;
    case Value_Int: fprintf(out, "%lld", (long long)v->u.i); return 0;
    case Value_Float:
      format_python_float(v->u.f, buf, sizeof buf);
      fputs(buf, out);
      return 0;
    case Value_Str: fputs(v->u.s, out); return 0;
    case Value_Tuple:
      if (v->u.seq.named != NULL) { /* torch/csrc/utils/structseq.cpp returned_structseq_repr */
        /* an out= overload's tuple is NAME_out (torch.return_types.max_out) */
        bool out_fn = false;
        for (size_t a = 0; a < v->u.seq.named->num_arguments; a++)
          out_fn = out_fn || (v->u.seq.named->arguments[a].kwarg_only &&
                              v->u.seq.named->arguments[a].alias_info.is_write);
        fprintf(out, "torch.return_types.%s%s(", v->u.seq.named->name, out_fn ? "_out" : "");
        for (int i = 0; i < v->u.seq.n; i++) {
          fprintf(out, "\n%s=", v->u.seq.named->returns[i].name);
          if (Value_repr_write(v->u.seq.items[i], out) < 0) return -1;
          if (i + 1 < v->u.seq.n) fputc(',', out);
        }
        fputc(')', out);
        return 0;
      }
      fputc('(', out);
      if (write_items(v, out) < 0) return -1;
      fputs(v->u.seq.n == 1 ? ",)" : ")", out);
      return 0;
    case Value_List:
      fputc('[', out);
      if (write_items(v, out) < 0) return -1;
      fputc(']', out);
      return 0;
    case Value_Size:
      fputs("torch.Size([", out);
      write_items(v, out);
      fputs("])", out);
      return 0;
    case Value_Tensor: return tensor_str_write(v->u.tensor, out);
    case Value_Dtype: fprintf(out, "torch.%s", ScalarType_pyName(v->u.dtype)); return 0;
    case Value_MemoryFormat:
      fputs(v->u.memory_format == MemoryFormat_Contiguous ? "torch.contiguous_format" : "torch.preserve_format", out);
      return 0;
    case Value_QScheme: fprintf(out, "torch.%s", QScheme_name(v->u.qscheme)); return 0;
    case Value_Device: fputs(Device_format(v->u.device, buf, sizeof buf), out); return 0;
    case Value_Ellipsis: fputs("Ellipsis", out); return 0;
    case Value_Slice:
      fputs("slice(", out);
      write_items(v, out);
      fputc(')', out);
      return 0;
    case Value_Module: fprintf(out, "<module '%s'>", v->u.s); return 0;
    case Value_Ops: /* torch.ops.aten.neg is `aten.neg`, its .default `aten.neg.default` (torch/_ops.py) */
      fprintf(out, "%s.%s", v->u.ops.ns, v->u.ops.name);
      if (v->u.ops.overload != NULL) fprintf(out, ".%s", v->u.ops.overload[0] ? v->u.ops.overload : "default");
      return 0;
    case Value_Builtin: fprintf(out, "<built-in method %s>", v->u.builtin.name); return 0;
    case Value_Method: fputs("<bound method>", out); return 0;
    case Value_Range: /* Python 3.11: Objects/rangeobject.c range_repr */
      fprintf(out, "range(%lld, %lld", (long long)v->u.range.start, (long long)v->u.range.stop);
      if (v->u.range.step != 1) fprintf(out, ", %lld", (long long)v->u.range.step);
      fputc(')', out);
      return 0;
    case Value_Iterator: /* the address differs from CPython's, as any two runs' do */
      if (strcmp(v->u.iter.name, "generator") == 0) fprintf(out, "<generator object <genexpr> at %p>", (void*)v);
      else fprintf(out, "<%s object at %p>", v->u.iter.name, (void*)v);
      return 0;
    case Value_Type: /* Python 3.11: Objects/typeobject.c type_repr */
      fprintf(out, "<class '%s%s%s'>", v->u.type->module ? v->u.type->module : "", v->u.type->module ? "." : "",
              v->u.type->name);
      return 0;
    case Value_Function: /* Python 3.11: Objects/funcobject.c func_repr */
      fprintf(out, "<function %s at %p>", v->u.function.code->qualname, (void*)v);
      return 0;
    case Value_Object:
      if (v->u.object.type->repr != NULL) return v->u.object.type->repr(v, out);
      fprintf(out, "<%s object>", v->u.object.type->type.name);
      return 0;
  }
  return 0;
}
