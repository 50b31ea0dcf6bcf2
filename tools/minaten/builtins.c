/*
 * builtins.c - what the interpreter provides itself rather than through the
 * operator registry: the dialect's helpers (show, same_storage, trace_on,
 * trace_off, print), torch.tensor, dtype and memory-format names, and the
 * tensor methods and attributes that are not operators in PyTorch either
 * (size, stride, to, item, shape, dtype, ...).  Everything else a script
 * names resolves to registered operators (resolve.c).
 *
 * PyTorch 1.13: torch/csrc/autograd/python_variable.cpp (attributes),
 * torch/csrc/autograd/generated/python_variable_methods.cpp (size, to, item...),
 * torch/csrc/utils/tensor_new.cpp (torch.tensor)
 */
#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "dispatch/Dispatcher.h"
#include "dispatch/TraceMode.h"
#include "ops/Copy.h"
#include "runtime/Exception.h"
#include "tools/minaten/interp.h"

/* ---- reading elements --------------------------------------------------- */

static const char* element_address(const Tensor* t, int64_t linear) {
  int64_t offset = 0;
  for (int64_t d = t->dim - 1; d >= 0; d--) {
    int64_t size = t->sizes[d];
    offset += (linear % size) * t->strides[d];
    linear /= size;
  }
  return Tensor_data(t) + offset * (int64_t)Tensor_itemsize(t);
}

Value* tensor_element(const Tensor* t, int64_t i) {
  const char* p = element_address(t, i);
  switch (t->dtype) {
    case ScalarType_Float: return Value_float(*(const float*)p);
    case ScalarType_Double: return Value_float(*(const double*)p);
    case ScalarType_Bool: return Value_bool(*(const bool*)p);
    case ScalarType_Byte: return Value_int(*(const uint8_t*)p);
    case ScalarType_Char: return Value_int(*(const int8_t*)p);
    case ScalarType_Short: return Value_int(*(const int16_t*)p);
    case ScalarType_Int: return Value_int(*(const int32_t*)p);
    case ScalarType_Long: return Value_int(*(const int64_t*)p);
    default: return Value_int(0);
  }
}

/* ---- argument helpers -------------------------------------------------- */

static int expect_args(const char* name, int nargs, int min, int max, int nkw) {
  if (nargs < min || nargs > max || nkw > 0) {
    Error_set(ErrorType_TypeError, "%s() takes from %d to %d positional arguments but %d were given",
              name, min, max, nargs);
    return -1;
  }
  return 0;
}

static int expect_tensor(const char* name, Value* v) {
  if (v->kind == Value_Tensor) return 0;
  Error_set(ErrorType_TypeError, "%s(): argument must be Tensor, not %s", name, Value_typeName(v));
  return -1;
}

/* ---- the dialect's helpers --------------------------------------------- */

/* Python's "%.6g": NaN has no sign there (C would print "-nan"). */
static void print_g6(FILE* out, double v) {
  if (isnan(v))
    fputs("nan", out);
  else
    fprintf(out, "%.6g", v);
}

static void print_element(FILE* out, const Tensor* t, int64_t i) {
  const char* p = element_address(t, i);
  switch (t->dtype) {
    case ScalarType_Float: print_g6(out, (double)*(const float*)p); break;
    case ScalarType_Double: print_g6(out, *(const double*)p); break;
    case ScalarType_Bool: fputs(*(const bool*)p ? "True" : "False", out); break;
    default: {
      Value* v = tensor_element(t, i);
      fprintf(out, "%" PRId64, v->u.i);
      Value_release(v);
    }
  }
}

static void print_ints(FILE* out, IntArrayRef a) {
  fputc('[', out);
  for (size_t i = 0; i < a.size; i++) fprintf(out, "%s%" PRId64, i ? ", " : "", a.data[i]);
  fputc(']', out);
}

/* show(t): one canonical line (DIALECT.md "Helpers"). */
static Value* builtin_show(Value* self, Value** args, int nargs, char** kwnames, Value** kwargs, int nkw) {
  (void)self, (void)kwnames, (void)kwargs;
  if (expect_args("show", nargs, 1, 1, nkw) < 0 || expect_tensor("show", args[0]) < 0) return NULL;
  const Tensor* t = args[0]->u.tensor;
  char dev[32];
  fputs("tensor shape=", stdout);
  print_ints(stdout, Tensor_sizes(t));
  fputs(" stride=", stdout);
  print_ints(stdout, Tensor_strides(t));
  printf(" offset=%" PRId64 " dtype=%s device=%s contiguous=%s data=[", t->storage_offset,
         ScalarType_pyName(t->dtype), Device_format(t->device, dev, sizeof dev),
         t->is_contiguous ? "True" : "False");
  for (int64_t i = 0; i < t->numel; i++) {
    if (i) fputs(", ", stdout);
    print_element(stdout, t, i);
  }
  fputs("]\n", stdout);
  return Value_none();
}

/* PyTorch's storage data_ptr: a storage of 0 bytes has none (nullptr). */
static const void* storage_data_ptr(const Tensor* t) {
  return t->storage && t->storage->nbytes ? t->storage->data : NULL;
}

static Value* builtin_same_storage(Value* self, Value** args, int nargs, char** kwnames, Value** kwargs, int nkw) {
  (void)self, (void)kwnames, (void)kwargs;
  if (expect_args("same_storage", nargs, 2, 2, nkw) < 0 || expect_tensor("same_storage", args[0]) < 0 ||
      expect_tensor("same_storage", args[1]) < 0)
    return NULL;
  puts(storage_data_ptr(args[0]->u.tensor) == storage_data_ptr(args[1]->u.tensor) ? "True" : "False");
  return Value_none();
}

static Value* builtin_trace_on(Value* self, Value** args, int nargs, char** kwnames, Value** kwargs, int nkw) {
  (void)self, (void)args, (void)kwnames, (void)kwargs;
  if (expect_args("trace_on", nargs, 0, 0, nkw) < 0) return NULL;
  TraceMode_setEnabled(true);
  return Value_none();
}

static Value* builtin_trace_off(Value* self, Value** args, int nargs, char** kwnames, Value** kwargs, int nkw) {
  (void)self, (void)args, (void)kwnames, (void)kwargs;
  if (expect_args("trace_off", nargs, 0, 0, nkw) < 0) return NULL;
  TraceMode_setEnabled(false);
  return Value_none();
}

static Value* builtin_print(Value* self, Value** args, int nargs, char** kwnames, Value** kwargs, int nkw) {
  (void)self, (void)kwnames, (void)kwargs;
  if (nkw > 0) {
    Error_set(ErrorType_TypeError, "print() keyword arguments are not supported by minaten");
    return NULL;
  }
  /* Format into memory first, so an error prints nothing of the line. */
  char* buf = NULL;
  size_t len = 0;
  FILE* f = open_memstream(&buf, &len);
  int rc = 0;
  for (int i = 0; i < nargs && rc == 0; i++) {
    if (i) fputc(' ', f);
    rc = Value_str_write(args[i], f);
  }
  fclose(f);
  if (rc == 0) printf("%s\n", buf);
  free(buf);
  return rc == 0 ? Value_none() : NULL;
}

/* len(x): Python's, and Tensor.__len__ (the first dimension). */
static Value* builtin_len(Value* self, Value** args, int nargs, char** kwnames, Value** kwargs, int nkw) {
  (void)self, (void)kwnames, (void)kwargs;
  if (expect_args("len", nargs, 1, 1, nkw) < 0) return NULL;
  Value* v = args[0];
  switch (v->kind) {
    case Value_Tuple:
    case Value_List:
    case Value_Size:
      return Value_int(v->u.seq.n);
    case Value_Str:
      return Value_int((int64_t)strlen(v->u.s));
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

Value* global_builtin(const char* name) {
  static const struct { const char* name; BuiltinFn fn; } table[] = {
      {"show", builtin_show},         {"same_storage", builtin_same_storage}, {"trace_on", builtin_trace_on},
      {"trace_off", builtin_trace_off}, {"print", builtin_print}, {"len", builtin_len}};
  for (size_t i = 0; i < sizeof table / sizeof table[0]; i++)
    if (strcmp(name, table[i].name) == 0) return Value_builtin(table[i].name, table[i].fn);
  if (strcmp(name, "torch") == 0) return Value_module("torch");
  return NULL;
}

/* ---- torch.tensor --------------------------------------------------------- */

typedef struct NestedShape {
  int64_t sizes[MINATEN_MAX_DIM];
  int64_t dim;
  bool any_float, any_int, all_bool;
} NestedShape;

/* PyTorch 1.13: torch/csrc/utils/tensor_new.cpp compute_sizes + infer_scalar_type */
static int walk_nested(const Value* v, int64_t depth, NestedShape* s) {
  if (v->kind == Value_List || v->kind == Value_Tuple) {
    if (depth == s->dim) {
      if (s->dim == MINATEN_MAX_DIM) {
        Error_set(ErrorType_ValueError, "too many dimensions");
        return -1;
      }
      s->sizes[s->dim++] = v->u.seq.n;
    } else if (depth > s->dim || s->sizes[depth] != v->u.seq.n) {
      Error_set(ErrorType_ValueError, "expected sequence of length %" PRId64 " at dim %" PRId64 " (got %d)",
                s->sizes[depth], depth, v->u.seq.n);
      return -1;
    }
    for (int i = 0; i < v->u.seq.n; i++)
      if (walk_nested(v->u.seq.items[i], depth + 1, s) < 0) return -1;
    return 0;
  }
  if (depth != s->dim) {
    Error_set(ErrorType_ValueError, "expected sequence of length %" PRId64 " at dim %" PRId64 " (got 0)",
              s->sizes[depth], depth);
    return -1;
  }
  if (v->kind == Value_Float) s->any_float = true;
  else if (v->kind == Value_Int) s->any_int = true;
  else if (v->kind == Value_Bool) s->any_int = s->any_int;
  else {
    Error_set(ErrorType_TypeError, "new(): invalid data type '%s'", Value_typeName(v));
    return -1;
  }
  if (v->kind != Value_Bool) s->all_bool = false;
  return 0;
}

static void fill_nested(const Value* v, Tensor* t, int64_t* index) {
  if (v->kind == Value_List || v->kind == Value_Tuple) {
    for (int i = 0; i < v->u.seq.n; i++) fill_nested(v->u.seq.items[i], t, index);
    return;
  }
  char* p = Tensor_data(t) + (*index)++ * (int64_t)Tensor_itemsize(t);
  Scalar s = v->kind == Value_Float ? Scalar_fromDouble(v->u.f)
             : v->kind == Value_Bool ? Scalar_fromBool(v->u.b)
                                     : Scalar_fromLong(v->u.i);
  store_scalar(t->dtype, p, s);
}

/* Makes a fresh CPU tensor from nested data and lifts it, as 1.13 does
 * (the trace shows aten::lift_fresh). */
static Value* tensor_from_data(const Value* data, ScalarType dtype, bool dtype_given) {
  NestedShape shape;
  memset(&shape, 0, sizeof shape);
  shape.all_bool = true;
  if (walk_nested(data, 0, &shape) < 0) return NULL;
  if (!dtype_given)
    dtype = shape.any_float ? ScalarType_Float
            : shape.any_int ? ScalarType_Long
            : (shape.all_bool && !(data->kind == Value_List && shape.sizes[0] == 0)) ? ScalarType_Bool
                                                                                   : ScalarType_Float;
  if (ScalarType_isQuantized(dtype)) {
    Error_set(ErrorType_RuntimeError, "minaten: torch.tensor of a quantized dtype is not supported");
    return NULL;
  }
  int64_t strides[MINATEN_MAX_DIM];
  IntArrayRef sizes = IntArrayRef_make(shape.sizes, (size_t)shape.dim);
  computeContiguousStrides(sizes, strides);
  int64_t numel = IntArrayRef_product(sizes);
  Storage* storage = Storage_new((size_t)numel * ScalarType_elementSize(dtype));
  if (storage == NULL) return NULL;
  Tensor* t = Tensor_new(storage, 0, sizes, IntArrayRef_make(strides, sizes.size), dtype, Device_cpu(),
                         DispatchKey_CPU);
  Storage_release(storage);
  if (t == NULL) return NULL;
  int64_t index = 0;
  fill_nested(data, t, &index);
  IValue args[1] = {IValue_borrowTensor(t)};
  Value* lifted = call_op_boxed("aten::lift_fresh", args);
  Tensor_release(t);
  return lifted;
}

Value* make_scalar_tensor(const Value* number) {
  return tensor_from_data(number, ScalarType_Float, false);
}

static Value* builtin_tensor(Value* self, Value** args, int nargs, char** kwnames, Value** kwargs, int nkw) {
  (void)self;
  ScalarType dtype = ScalarType_Float;
  bool dtype_given = false;
  for (int k = 0; k < nkw; k++) {
    if (strcmp(kwnames[k], "dtype") == 0 && kwargs[k]->kind == Value_Dtype) {
      dtype = kwargs[k]->u.dtype;
      dtype_given = true;
    } else if (!(strcmp(kwnames[k], "dtype") == 0 && kwargs[k]->kind == Value_None)) {
      Error_set(ErrorType_TypeError, "tensor() got an unexpected keyword argument '%s'", kwnames[k]);
      return NULL;
    }
  }
  if (nargs != 1) {
    Error_set(ErrorType_TypeError, "tensor() takes 1 positional argument but %d were given", nargs);
    return NULL;
  }
  return tensor_from_data(args[0], dtype, dtype_given);
}

/* ---- torch.NAME --------------------------------------------------------- */

static const struct { const char* name; ScalarType dtype; } kDtypeNames[] = {
    {"float32", ScalarType_Float}, {"float", ScalarType_Float},   {"float64", ScalarType_Double},
    {"double", ScalarType_Double}, {"int64", ScalarType_Long},    {"long", ScalarType_Long},
    {"int32", ScalarType_Int},     {"int", ScalarType_Int},       {"int16", ScalarType_Short},
    {"short", ScalarType_Short},   {"int8", ScalarType_Char},     {"uint8", ScalarType_Byte},
    {"bool", ScalarType_Bool},     {"quint8", ScalarType_QUInt8}, {"qint8", ScalarType_QInt8},
    {"qint32", ScalarType_QInt32}};

Value* torch_attribute(const char* name) {
  for (size_t i = 0; i < sizeof kDtypeNames / sizeof kDtypeNames[0]; i++)
    if (strcmp(name, kDtypeNames[i].name) == 0) return Value_dtype(kDtypeNames[i].dtype);
  if (strcmp(name, "contiguous_format") == 0) return Value_memoryFormat(MemoryFormat_Contiguous);
  if (strcmp(name, "preserve_format") == 0) return Value_memoryFormat(MemoryFormat_Preserve);
  if (strcmp(name, "ops") == 0) return Value_module("torch.ops");
  if (strcmp(name, "tensor") == 0) return Value_builtin("tensor", builtin_tensor);
  if (find_bound_operator("aten", name, false, false) != NULL) return Value_ops("aten", name, NULL, false, false);
  Error_set(ErrorType_AttributeError, "module 'torch' has no attribute '%s'", name);
  return NULL;
}

/* ---- tensor methods that are not operators -------------------------------- */

/* Reads an optional dim argument of size()/stride(). */
static int optional_dim(const char* name, Value** args, int nargs, int nkw, const Tensor* t, int64_t* dim) {
  if (expect_args(name, nargs, 0, 1, nkw) < 0) return -1;
  if (nargs == 0) return 0;
  if (args[0]->kind != Value_Int) {
    Error_set(ErrorType_TypeError, "%s(): argument 'dim' must be int, not %s", name, Value_typeName(args[0]));
    return -1;
  }
  *dim = maybe_wrap_dim(args[0]->u.i, t->dim, false);
  return *dim < 0 ? -1 : 1;
}

static Value* method_size(Value* self, Value** args, int nargs, char** kwnames, Value** kwargs, int nkw) {
  (void)kwnames, (void)kwargs;
  int64_t d;
  int r = optional_dim("size", args, nargs, nkw, self->u.tensor, &d);
  if (r < 0) return NULL;
  return r ? Value_int(self->u.tensor->sizes[d]) : Value_sizeFrom(Tensor_sizes(self->u.tensor));
}

static Value* method_stride(Value* self, Value** args, int nargs, char** kwnames, Value** kwargs, int nkw) {
  (void)kwnames, (void)kwargs;
  int64_t d;
  int r = optional_dim("stride", args, nargs, nkw, self->u.tensor, &d);
  if (r < 0) return NULL;
  if (r) return Value_int(self->u.tensor->strides[d]);
  Value* v = Value_sizeFrom(Tensor_strides(self->u.tensor));
  v->kind = Value_Tuple;
  return v;
}

#define SIMPLE_METHOD(fname, pyname, expr)                                                         \
  static Value* fname(Value* self, Value** args, int nargs, char** kwnames, Value** kwargs, int nkw) { \
    (void)args, (void)kwnames, (void)kwargs;                                                       \
    if (expect_args(pyname, nargs, 0, 0, nkw) < 0) return NULL;                                    \
    const Tensor* t = self->u.tensor;                                                              \
    return expr;                                                                                   \
  }
SIMPLE_METHOD(method_dim, "dim", Value_int(t->dim))
SIMPLE_METHOD(method_numel, "numel", Value_int(t->numel))
SIMPLE_METHOD(method_storage_offset, "storage_offset", Value_int(t->storage_offset))
SIMPLE_METHOD(method_is_contiguous, "is_contiguous", Value_bool(t->is_contiguous))

static Value* tolist_rec(const Tensor* t, int64_t d, int64_t* index) {
  if (d == t->dim) return tensor_element(t, (*index)++);
  Value* l = Value_seq(Value_List, (int)t->sizes[d]);
  for (int64_t i = 0; i < t->sizes[d]; i++) l->u.seq.items[i] = tolist_rec(t, d + 1, index);
  return l;
}

SIMPLE_METHOD(method_tolist, "tolist", tolist_rec(t, 0, &(int64_t){0}))

static Value* method_item(Value* self, Value** args, int nargs, char** kwnames, Value** kwargs, int nkw) {
  (void)args, (void)kwnames, (void)kwargs;
  if (expect_args("item", nargs, 0, 0, nkw) < 0) return NULL;
  if (self->u.tensor->numel != 1) {
    Error_set(ErrorType_ValueError, "only one element tensors can be converted to Python scalars");
    return NULL;
  }
  return tensor_element(self->u.tensor, 0);
}

/*
 * Tensor.to(...): PyTorch parses it by hand (python_variable_methods.cpp
 * THPVariable_to: to(device, dtype), to(dtype), to(tensor), keywords) and
 * calls the to.dtype_layout operator, which returns self or runs _to_copy.
 */
static Value* to_with(Value* self, const Value* dtype, const Value* device, bool copy, bool non_blocking,
                      const Value* memory_format) {
  Device dev;
  if (device != NULL && device->kind == Value_Str && Device_parse(device->u.s, &dev) < 0) return NULL;
  if (device != NULL && device->kind == Value_Device) dev = device->u.device;
  IValue args[8] = {
      IValue_borrowTensor(self->u.tensor),
      dtype ? IValue_fromScalarType(dtype->u.dtype) : IValue_none(),
      IValue_none(),
      device ? IValue_fromDevice(dev) : IValue_none(),
      IValue_none(),
      IValue_fromBool(non_blocking),
      IValue_fromBool(copy),
      memory_format ? IValue_fromMemoryFormat(memory_format->u.memory_format) : IValue_none()};
  return call_op_boxed("aten::to.dtype_layout", args);
}

static Value* method_to(Value* self, Value** args, int nargs, char** kwnames, Value** kwargs, int nkw) {
  const Value *dtype = NULL, *device = NULL, *memory_format = NULL;
  bool copy = false, non_blocking = false;
  for (int i = 0; i < nargs; i++) {
    Value* a = args[i];
    if (a->kind == Value_Dtype && dtype == NULL) dtype = a;
    else if ((a->kind == Value_Str || a->kind == Value_Device) && device == NULL && dtype == NULL) device = a;
    else if (a->kind == Value_Tensor && nargs == 1) {
      Value* dt = Value_dtype(a->u.tensor->dtype);
      Value* dv = Value_device(a->u.tensor->device);
      Value* r = to_with(self, dt, dv, false, false, NULL);
      Value_release(dt);
      Value_release(dv);
      return r;
    } else if (a->kind == Value_Bool && i >= 1) {
      if (i == nargs - 1 && nargs >= 2 && args[i - 1]->kind == Value_Bool) copy = a->u.b;
      else non_blocking = a->u.b;
    } else {
      Error_set(ErrorType_TypeError, "to() received an invalid combination of arguments - got (%s)",
                Value_typeName(a));
      return NULL;
    }
  }
  for (int k = 0; k < nkw; k++) {
    Value* v = kwargs[k];
    if (strcmp(kwnames[k], "dtype") == 0 && (v->kind == Value_Dtype || v->kind == Value_None)) dtype = v->kind == Value_None ? NULL : v;
    else if (strcmp(kwnames[k], "device") == 0 && (v->kind == Value_Str || v->kind == Value_Device || v->kind == Value_None)) device = v->kind == Value_None ? NULL : v;
    else if (strcmp(kwnames[k], "copy") == 0 && v->kind == Value_Bool) copy = v->u.b;
    else if (strcmp(kwnames[k], "non_blocking") == 0 && v->kind == Value_Bool) non_blocking = v->u.b;
    else if (strcmp(kwnames[k], "memory_format") == 0 && v->kind == Value_MemoryFormat) memory_format = v;
    else {
      Error_set(ErrorType_TypeError, "to() received an invalid combination of arguments - got (%s=%s)",
                kwnames[k], Value_typeName(v));
      return NULL;
    }
  }
  return to_with(self, dtype, device, copy, non_blocking, memory_format);
}

static Value* to_dtype_method(Value* self, int nargs, int nkw, const char* name, ScalarType t) {
  if (expect_args(name, nargs, 0, 0, nkw) < 0) return NULL;
  Value* dt = Value_dtype(t);
  Value* r = to_with(self, dt, NULL, false, false, NULL);
  Value_release(dt);
  return r;
}
#define DTYPE_METHOD(fname, pyname, dtype)                                                          \
  static Value* fname(Value* self, Value** args, int nargs, char** kwnames, Value** kwargs, int nkw) { \
    (void)args, (void)kwnames, (void)kwargs;                                                        \
    return to_dtype_method(self, nargs, nkw, pyname, dtype);                                        \
  }
DTYPE_METHOD(method_float, "float", ScalarType_Float)
DTYPE_METHOD(method_double, "double", ScalarType_Double)
DTYPE_METHOD(method_long, "long", ScalarType_Long)
DTYPE_METHOD(method_int, "int", ScalarType_Int)
DTYPE_METHOD(method_bool, "bool", ScalarType_Bool)
DTYPE_METHOD(method_short, "short", ScalarType_Short)
DTYPE_METHOD(method_byte, "byte", ScalarType_Byte)
DTYPE_METHOD(method_char, "char", ScalarType_Char)

static Value* method_cpu(Value* self, Value** args, int nargs, char** kwnames, Value** kwargs, int nkw) {
  (void)args, (void)kwnames, (void)kwargs;
  if (expect_args("cpu", nargs, 0, 0, nkw) < 0) return NULL;
  Value* dev = Value_device(Device_cpu());
  Value* r = to_with(self, NULL, dev, false, false, NULL);
  Value_release(dev);
  return r;
}

static const struct { const char* name; BuiltinFn fn; } kTensorMethods[] = {
    {"size", method_size},       {"stride", method_stride}, {"dim", method_dim},
    {"numel", method_numel},     {"storage_offset", method_storage_offset},
    {"is_contiguous", method_is_contiguous}, {"tolist", method_tolist}, {"item", method_item},
    {"to", method_to},           {"cpu", method_cpu},       {"float", method_float},
    {"double", method_double},   {"long", method_long},     {"int", method_int},
    {"bool", method_bool},       {"short", method_short},   {"byte", method_byte},
    {"char", method_char}};

Value* tensor_attribute(Value* self, const char* name) {
  const Tensor* t = self->u.tensor;
  if (strcmp(name, "shape") == 0) return Value_sizeFrom(Tensor_sizes(t));
  if (strcmp(name, "dtype") == 0) return Value_dtype(t->dtype);
  if (strcmp(name, "device") == 0) return Value_device(t->device);
  if (strcmp(name, "ndim") == 0) return Value_int(t->dim);
  if (strcmp(name, "is_quantized") == 0) return Value_bool(ScalarType_isQuantized(t->dtype));
  if (strcmp(name, "T") == 0) {
    /* PyTorch 1.13: Tensor.T is numpy_T, which permutes the dims in reverse. */
    int64_t dims[MINATEN_MAX_DIM];
    for (int64_t i = 0; i < t->dim; i++) dims[i] = t->dim - 1 - i;
    IValue args[2] = {IValue_borrowTensor(t), IValue_borrowIntList(IntArrayRef_make(dims, (size_t)t->dim))};
    return call_op_boxed("aten::permute", args);
  }
  for (size_t i = 0; i < sizeof kTensorMethods / sizeof kTensorMethods[0]; i++) {
    if (strcmp(name, kTensorMethods[i].name) == 0) {
      Value* b = Value_builtin(kTensorMethods[i].name, kTensorMethods[i].fn);
      Value* m = Value_method(self, b);
      Value_release(b);
      return m;
    }
  }
  if (find_bound_operator("aten", name, true, false) != NULL) {
    Value* ops = Value_ops("aten", name, NULL, true, false);
    Value* m = Value_method(self, ops);
    Value_release(ops);
    return m;
  }
  Error_set(ErrorType_AttributeError, "'Tensor' object has no attribute '%s'", name);
  return NULL;
}

Value* call_value(Value* callee, Value* self, Value** args, int nargs, char** kwnames, Value** kwargs, int nkw) {
  switch (callee->kind) {
    case Value_Builtin: return callee->u.builtin.fn(self, args, nargs, kwnames, kwargs, nkw);
    case Value_Method:
      return call_value(callee->u.method.callee, callee->u.method.self, args, nargs, kwnames, kwargs, nkw);
    case Value_Ops: return call_operator(callee, self, args, nargs, kwnames, kwargs, nkw);
    default:
      Error_set(ErrorType_TypeError, "'%s' object is not callable", Value_typeName(callee));
      return NULL;
  }
}
