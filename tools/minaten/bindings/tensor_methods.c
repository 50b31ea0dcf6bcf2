/*
 * tensor_methods.c - the tensor methods and attributes that are not
 * operators in PyTorch either: size, stride, dim, numel, storage_offset,
 * is_contiguous, tolist, item, to, cpu, float, double, ..., and the
 * attributes shape, dtype, device, ndim, is_quantized, T.  Every other
 * `t.NAME` is an operator's method variant (resolve.c).
 *
 * PyTorch writes these by hand in C++ and parses their arguments with the
 * same PythonArgParser as the generated bindings; here too: each method
 * lists PyTorch's Python signatures (as schema strings) and binds with
 * PythonArgParser_parse.  The conversions (`to`, `float()`, `cpu()`) call
 * the registered operators boxed, so the trace is PyTorch's: `_to_copy`, or
 * nothing when the tensor already fits.  `item()` runs
 * aten::_local_scalar_dense; `tolist()` reads the data directly (untraced,
 * as in PyTorch).
 *
 * PyTorch 1.13: torch/csrc/autograd/python_variable_methods.cpp (THPVariable_size,
 * THPVariable_to, THPVariable_item, THPVariable_tolist, dispatch_to),
 * torch/csrc/autograd/python_variable.cpp (THPVariable_properties),
 * aten/src/ATen/native/TensorShape.cpp (numpy_T)
 */
#include <stdlib.h>
#include <string.h>

#include <uthash.h>

#include "dispatch/Dispatcher.h"
#include "dispatch/TraceMode.h"
#include "runtime/Exception.h"
#include "tools/minaten/bindings/bindings.h"
#include "tools/minaten/interpreter/interp.h"

#define NELEMS(a) ((int)(sizeof(a) / sizeof((a)[0])))
#define PARSE(name, sigs, out) \
  PythonArgParser_parse(name, sigs, NELEMS(sigs), self, args, nargs, kwnames, kwargs, nkw, out)

/* METH_NOARGS methods: "_TensorBase.dim() takes no arguments (1 given)". */
static int no_arguments(const char* name, int nargs, int nkw) {
  if (nargs + nkw == 0) return 0;
  Error_set(ErrorType_TypeError, "_TensorBase.%s() takes no arguments (%d given)", name, nargs + nkw);
  return -1;
}

/* ---- size / stride --------------------------------------------------------- */

/* The `Dimname dim` overload: minaten's tensors have no names.
 * PyTorch 1.13: aten/src/ATen/NamedTensorUtils.cpp dimname_to_position */
static void dimname_error(const Tensor* t, const Value* name) {
  if (name->kind == Value_None) {
    Error_set(ErrorType_RuntimeError, "Please look up dimensions by name, got: name = None.");
    return;
  }
  char names[512] = "";
  size_t n = 0;
  for (int64_t i = 0; i < t->dim && n < sizeof names; i++)
    n += (size_t)snprintf(names + n, sizeof names - n, "%sNone", i ? ", " : "");
  Error_set(ErrorType_RuntimeError, "Name '%s' not found in Tensor[%s].", name->u.s, names);
}

/* size(int64_t dim) / size() / size(Dimname dim), and the same for stride. */
static Value* size_or_stride(const char* name, bool sizes, Value* self, Value** args, int nargs, char** kwnames,
                             Value** kwargs, int nkw) {
  const char* sigs[] = {sizes ? "size(Tensor self, int dim) -> int" : "stride(Tensor self, int dim) -> int",
                        sizes ? "size(Tensor self) -> int" : "stride(Tensor self) -> int",
                        sizes ? "size(Tensor self, str? dim) -> int" : "stride(Tensor self, str? dim) -> int"};
  ParsedArgs p;
  int which = PARSE(name, sigs, &p);
  if (which < 0) return NULL;
  const Tensor* t = self->u.tensor;
  IntArrayRef values = sizes ? Tensor_sizes(t) : Tensor_strides(t);
  Value* r = NULL;
  if (which == 0) {
    IValue dim;
    Argument a = {.name = "dim", .type = {.base = SchemaBaseType_int, .list_size = -1}};
    if (PythonArgs_toIValue(name, &a, p.slots[1], false, &dim) == 0) {
      int64_t d = maybe_wrap_dim(dim.u.i, t->dim, false);
      if (d >= 0) r = Value_int(values.data[d]);
    }
  } else if (which == 1) {
    r = sizes ? Value_sizeFrom(values) : Value_tupleFrom(values);
  } else {
    dimname_error(t, args[0]);
  }
  ParsedArgs_release(&p);
  return r;
}

static Value* method_size(Value* self, Value** args, int nargs, char** kwnames, Value** kwargs, int nkw) {
  return size_or_stride("size", true, self, args, nargs, kwnames, kwargs, nkw);
}
static Value* method_stride(Value* self, Value** args, int nargs, char** kwnames, Value** kwargs, int nkw) {
  return size_or_stride("stride", false, self, args, nargs, kwnames, kwargs, nkw);
}

/* ---- simple queries ------------------------------------------------------- */

#define NOARGS_METHOD(fname, pyname, expr)                                                          \
  static Value* fname(Value* self, Value** args, int nargs, char** kwnames, Value** kwargs, int nkw) { \
    (void)args, (void)kwnames, (void)kwargs;                                                        \
    if (no_arguments(pyname, nargs, nkw) < 0) return NULL;                                          \
    const Tensor* t = self->u.tensor;                                                               \
    return expr;                                                                                    \
  }
NOARGS_METHOD(method_dim, "dim", Value_int(t->dim))
NOARGS_METHOD(method_numel, "numel", Value_int(t->numel))
NOARGS_METHOD(method_element_size, "element_size", Value_int((int64_t)ScalarType_elementSize(t->dtype)))
NOARGS_METHOD(method_storage_offset, "storage_offset", Value_int(t->storage_offset))

/* is_contiguous(*, MemoryFormat memory_format=contiguous_format) */
static Value* method_is_contiguous(Value* self, Value** args, int nargs, char** kwnames, Value** kwargs, int nkw) {
  static const char* const sigs[] = {
      "is_contiguous(Tensor self, *, MemoryFormat memory_format=contiguous_format) -> bool"};
  ParsedArgs p;
  if (PARSE("is_contiguous", sigs, &p) < 0) return NULL;
  ParsedArgs_release(&p);
  return Value_bool(self->u.tensor->is_contiguous);
}

/* A CPU tensor with the same data (lazy tensors are materialised), for
 * reading elements.  `traced`: whether the copy may show in the trace. */
static Value* cpu_data(Value* self, bool traced) {
  if (self->u.tensor->device.type == DeviceType_CPU) return Value_retain(self);
  bool was = TraceMode_isEnabled();
  if (!traced) TraceMode_setEnabled(false);
  IValue args[8] = {IValue_borrowTensor(self->u.tensor), IValue_none(), IValue_none(),
                    IValue_fromDevice(Device_cpu()), IValue_none(), IValue_fromBool(false),
                    IValue_fromBool(false), IValue_none()};
  Value* r = call_op_boxed("aten::to.dtype_layout", args);
  TraceMode_setEnabled(was);
  return r;
}
Value* tensor_cpu_data(Value* self) { return cpu_data(self, false); }

/* PyTorch 1.13: torch/_tensor_str.py calls self.dequantize(),
 * self.q_per_channel_scales(), ... to print a quantized tensor: operators,
 * called here through their entry points.  NB(minaten): with both traces
 * paused (trace_on()'s and --trace=dispatch's), since printing is never
 * traced (docs/dialect.md), where TorchDispatchMode sees these calls (and
 * many more) in PyTorch. */
TracePause traces_pause(void) {
  TracePause saved = {TraceMode_isEnabled(), Dispatcher_verbose};
  TraceMode_setEnabled(false);
  Dispatcher_verbose = false;
  return saved;
}

void traces_resume(TracePause saved) {
  Dispatcher_verbose = saved.verbose;
  TraceMode_setEnabled(saved.trace);
}

Tensor* untraced(Tensor* (*op)(const Tensor*), const Tensor* t) {
  TracePause saved = traces_pause();
  Tensor* r = op(t);
  traces_resume(saved);
  return r;
}

static Value* tolist_rec(const Tensor* t, int64_t d, int64_t* index) {
  if (d == t->dim) return tensor_element(t, (*index)++);
  Value* l = Value_seq(Value_List, (int)t->sizes[d]);
  for (int64_t i = 0; i < t->sizes[d]; i++) l->u.seq.items[i] = tolist_rec(t, d + 1, index);
  return l;
}

/* PyTorch 1.13: torch/csrc/utils/tensor_list.cpp tensor_to_list */
static Value* method_tolist(Value* self, Value** args, int nargs, char** kwnames, Value** kwargs, int nkw) {
  (void)args, (void)kwnames, (void)kwargs;
  if (no_arguments("tolist", nargs, nkw) < 0) return NULL;
  if (ScalarType_isQuantized(self->u.tensor->dtype)) {
    Error_set(ErrorType_RuntimeError, "invalid type"); /* python_scalars.h load_scalar */
    return NULL;
  }
  Value* data = cpu_data(self, true);
  if (data == NULL) return NULL;
  int64_t index = 0;
  Value* r = tolist_rec(data->u.tensor, 0, &index);
  Value_release(data);
  return r;
}

/* PyTorch 1.13: python_variable_methods.cpp THPVariable_item + dispatch_to<T> */
static Value* method_item(Value* self, Value** args, int nargs, char** kwnames, Value** kwargs, int nkw) {
  (void)args, (void)kwnames, (void)kwargs;
  if (no_arguments("item", nargs, nkw) < 0) return NULL;
  const Tensor* t = self->u.tensor;
  if (t->numel != 1) {
    Error_set(ErrorType_ValueError, "only one element tensors can be converted to Python scalars");
    return NULL;
  }
  Value* v = tensor_item(t);
  if (v == NULL) return NULL;
  Value* r = NULL;
  if (ScalarType_isFloating(t->dtype)) r = Value_float(Value_toDouble(v));
  else if (t->dtype == ScalarType_Bool) r = Value_bool(Value_toDouble(v) != 0);
  else r = Value_int(v->kind == Value_Float ? (int64_t)v->u.f : v->kind == Value_Bool ? v->u.b : v->u.i);
  Value_release(v);
  return r;
}

/* ---- conversions ------------------------------------------------------------ */

/* self.to(...) as dispatch_to does, through aten::to.dtype_layout: NULL
 * dtype/device keep self's.  PyTorch 1.13: python_variable_methods.cpp dispatch_to */
static Value* dispatch_to(Value* self, const ScalarType* dtype, const Device* device, bool non_blocking, bool copy,
                          const MemoryFormat* memory_format) {
  IValue args[8] = {IValue_borrowTensor(self->u.tensor),
                    dtype ? IValue_fromScalarType(*dtype) : IValue_none(),
                    IValue_none(),
                    device ? IValue_fromDevice(*device) : IValue_none(),
                    IValue_none(),
                    IValue_fromBool(non_blocking),
                    IValue_fromBool(copy),
                    memory_format ? IValue_fromMemoryFormat(*memory_format) : IValue_none()};
  return call_op_boxed("aten::to.dtype_layout", args);
}

static int slot_device(const Value* v, Device* out, bool* present) {
  *present = v != NULL && v->kind != Value_None;
  if (!*present) return 0;
  if (v->kind == Value_Device) {
    *out = v->u.device;
    return 0;
  }
  return Device_parse(v->u.s, out);
}

/* PyTorch 1.13: python_variable_methods.cpp THPVariable_to + parse_to_conversion */
static Value* method_to(Value* self, Value** args, int nargs, char** kwnames, Value** kwargs, int nkw) {
  static const char* const sigs[] = {
      "to(Tensor self, Device? device=None, ScalarType? dtype=None, bool non_blocking=False, bool copy=False, *, "
      "MemoryFormat? memory_format=None) -> Tensor",
      "to(Tensor self, ScalarType dtype, bool non_blocking=False, bool copy=False, *, MemoryFormat? "
      "memory_format=None) -> Tensor",
      "to(Tensor self, Tensor tensor, bool non_blocking=False, bool copy=False, *, MemoryFormat? "
      "memory_format=None) -> Tensor"};
  ParsedArgs p;
  int which = PARSE("to", sigs, &p);
  if (which < 0) return NULL;
  const Value* const* s = p.slots;
  Device device;
  ScalarType dtype;
  bool has_device = false, has_dtype = false;
  int k = which == 0 ? 3 : 2; /* index of non_blocking */
  if (which == 0) {
    if (slot_device(s[1], &device, &has_device) < 0) goto fail;
    if (s[2] != NULL && s[2]->kind == Value_Dtype) dtype = s[2]->u.dtype, has_dtype = true;
  } else if (which == 1) {
    dtype = s[1]->u.dtype, has_dtype = true;
  } else {
    device = s[1]->u.tensor->device, has_device = true;
    dtype = s[1]->u.tensor->dtype, has_dtype = true;
  }
  bool non_blocking = s[k] != NULL && s[k]->u.b;
  bool copy = s[k + 1] != NULL && s[k + 1]->u.b;
  const Value* mf = s[k + 2];
  MemoryFormat memory_format = mf != NULL && mf->kind == Value_MemoryFormat ? mf->u.memory_format : MemoryFormat_Preserve;
  ParsedArgs_release(&p);
  if (!has_device && !has_dtype && !copy && (mf == NULL || mf->kind == Value_None)) return Value_retain(self);
  return dispatch_to(self, has_dtype ? &dtype : NULL, has_device ? &device : NULL, non_blocking, copy,
                     mf != NULL && mf->kind == Value_MemoryFormat ? &memory_format : NULL);
fail:
  ParsedArgs_release(&p);
  return NULL;
}

/* float(*, MemoryFormat? memory_format=None) and friends; cpu() likewise. */
static Value* convert(const char* name, const ScalarType* dtype, const Device* device, Value* self, Value** args,
                      int nargs, char** kwnames, Value** kwargs, int nkw) {
  char sig[128];
  snprintf(sig, sizeof sig, "%s(Tensor self, *, MemoryFormat? memory_format=None) -> Tensor", name);
  const char* sigs[] = {sig};
  ParsedArgs p;
  if (PARSE(name, sigs, &p) < 0) return NULL;
  const Value* mf = p.slots[1];
  MemoryFormat memory_format = mf != NULL ? mf->u.memory_format : MemoryFormat_Preserve;
  ParsedArgs_release(&p);
  return dispatch_to(self, dtype, device, false, false, mf != NULL ? &memory_format : NULL);
}

#define DTYPE_METHOD(fname, pyname, scalar_type)                                                   \
  static Value* fname(Value* self, Value** args, int nargs, char** kwnames, Value** kwargs, int nkw) { \
    ScalarType t = scalar_type;                                                                    \
    return convert(pyname, &t, NULL, self, args, nargs, kwnames, kwargs, nkw);                     \
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
  Device cpu = Device_cpu();
  return convert("cpu", NULL, &cpu, self, args, nargs, kwnames, kwargs, nkw);
}

/* The legacy type name of a tensor ("torch.FloatTensor",
 * "torch.quantized.QUInt8Tensor", "torch.lazy.FloatTensor").
 * PyTorch 1.13: torch/csrc/utils/tensor_types.cpp type_to_string */
static void legacy_type_name(const Tensor* t, char* buf, size_t n) {
  static const char* const kNames[] = {"Byte", "Char", "Short", "Int", "Long", "Float", "Double", "Bool",
                                       "QInt8", "QUInt8", "QInt32"};
  const char* prefix = ScalarType_isQuantized(t->dtype) ? "quantized." : t->device.type == DeviceType_Lazy ? "lazy." : "";
  snprintf(buf, n, "torch.%s%sTensor", prefix, (size_t)t->dtype < NELEMS(kNames) ? kNames[t->dtype] : "Unknown");
}

/* type(dtype=None, non_blocking=False): the legacy type name, or self
 * converted to a dtype given as a dtype or as a CPU type name (to(dtype):
 * self itself when it has that dtype already).
 * PyTorch 1.13: python_variable_methods.cpp THPVariable_type */
static Value* method_type(Value* self, Value** args, int nargs, char** kwnames, Value** kwargs, int nkw) {
  static const char* const sigs[] = {"type(Tensor self, Any? dtype=None, bool non_blocking=False, *, "
                                     "MemoryFormat? memory_format=None) -> Tensor"};
  static const char* const kCpuNames[] = {"torch.ByteTensor",  "torch.CharTensor",  "torch.ShortTensor",
                                          "torch.IntTensor",   "torch.LongTensor",  "torch.FloatTensor",
                                          "torch.DoubleTensor", "torch.BoolTensor"};
  ParsedArgs p;
  if (PARSE("type", sigs, &p) < 0) return NULL;
  const Value* d = p.slots[1];
  bool non_blocking = p.slots[2] != NULL && p.slots[2]->u.b;
  Value* r = NULL;
  ScalarType dtype = ScalarType_Float;
  if (d == NULL || d->kind == Value_None) {
    char name[64];
    legacy_type_name(self->u.tensor, name, sizeof name);
    r = Value_str(name);
  } else if (d->kind == Value_Str) {
    int found = -1;
    for (int i = 0; i < NELEMS(kCpuNames); i++)
      if (strcmp(d->u.s, kCpuNames[i]) == 0) found = i;
    if (found < 0) Error_set(ErrorType_ValueError, "invalid type: '%s'", d->u.s);
    else dtype = (ScalarType)found;
    if (found >= 0) {
      Device cpu = Device_cpu();
      r = self->u.tensor->dtype == dtype && self->u.tensor->device.type == DeviceType_CPU
              ? Value_retain(self)
              : dispatch_to(self, &dtype, &cpu, non_blocking, false, NULL);
    }
  } else if (d->kind == Value_Dtype) {
    dtype = d->u.dtype;
    r = self->u.tensor->dtype == dtype ? Value_retain(self) : dispatch_to(self, &dtype, NULL, non_blocking, false, NULL);
  } else {
    Error_set(ErrorType_TypeError, "dtype must be a type, str, or dtype object");
  }
  ParsedArgs_release(&p);
  return r;
}

/* ---- the table -------------------------------------------------------------- */

static const struct {
  const char* name;
  BuiltinFn fn;
} kTensorMethods[] = {
    {"size", method_size},       {"stride", method_stride},   {"dim", method_dim},
    {"numel", method_numel},     {"nelement", method_numel},  {"storage_offset", method_storage_offset},
    {"element_size", method_element_size}, {"type", method_type}, {"new_tensor", builtin_new_tensor},
    {"is_contiguous", method_is_contiguous}, {"tolist", method_tolist}, {"item", method_item},
    {"to", method_to},           {"cpu", method_cpu},         {"float", method_float},
    {"double", method_double},   {"long", method_long},       {"int", method_int},
    {"bool", method_bool},       {"short", method_short},     {"byte", method_byte},
    {"char", method_char}};

/* The names that went past every attribute and builtin method below to an
 * operator's method variant (`reshape`, `add`): whether a name does depends
 * on the name alone, so the next `t.reshape` goes straight to the operators
 * instead of comparing it with the forty names before them, as CPython's
 * type attribute cache spares `t.reshape` the walk up the type's MRO.
 * Python 3.11: Objects/typeobject.c (the method cache, _PyType_Lookup) */
typedef struct OperatorMethodName {
  char* name;
  UT_hash_handle hh;
} OperatorMethodName;
static OperatorMethodName* operator_method_names;

static bool is_operator_method_name(const char* name) {
  OperatorMethodName* e;
  HASH_FIND_STR(operator_method_names, name, e);
  return e != NULL;
}

static void remember_operator_method_name(const char* name) {
  OperatorMethodName* e = calloc(1, sizeof *e);
  TORCH_INTERNAL_ASSERT(e != NULL);
  e->name = strdup(name);
  TORCH_INTERNAL_ASSERT(e->name != NULL);
  HASH_ADD_KEYPTR(hh, operator_method_names, e->name, strlen(e->name), e);
}

/* t.NAME as an operator's method variant, or NULL with the AttributeError. */
static Value* operator_method(Value* self, const char* name) {
  if (find_bound_operator("aten", name, true, false) == NULL) {
    Error_set(ErrorType_AttributeError, "'Tensor' object has no attribute '%s'", name);
    return NULL;
  }
  if (!is_operator_method_name(name)) remember_operator_method_name(name);
  Value* ops = Value_ops("aten", name, NULL, true, false);
  Value* m = Value_method(self, ops);
  Value_release(ops);
  return m;
}

/* t.NAME: an attribute, a builtin method, or an operator's method variant. */
Value* tensor_attribute(Value* self, const char* name) {
  if (is_operator_method_name(name)) return operator_method(self, name);
  const Tensor* t = self->u.tensor;
  if (strcmp(name, "shape") == 0) return Value_sizeFrom(Tensor_sizes(t));
  if (strcmp(name, "dtype") == 0) return Value_dtype(t->dtype);
  if (strcmp(name, "device") == 0) return Value_device(t->device);
  if (strcmp(name, "ndim") == 0) return Value_int(t->dim);
  if (strcmp(name, "is_quantized") == 0) return Value_bool(ScalarType_isQuantized(t->dtype));
  if (strcmp(name, "is_cuda") == 0) return Value_bool(false);
  Value* autograd = THPVariable_property(self, name);
  if (autograd == NULL && !Error_occurred()) autograd = THPVariable_method(self, name);
  if (autograd != NULL || Error_occurred()) return autograd;
  if (strcmp(name, "T") == 0) {
    /* PyTorch 1.13: TensorShape.cpp numpy_T: permute with the dims reversed,
     * deprecated (TORCH_WARN_ONCE) for anything but a matrix or a scalar */
    static bool warned = false;
    if (t->dim != 2 && t->dim != 0 && !warned) {
      warned = true;
      Warning_warn("The use of `x.T` on tensors of dimension other than 2 to reverse their shape is deprecated "
                   "and it will throw an error in a future release. Consider `x.mT` to transpose batches of "
                   "matrices or `x.permute(*torch.arange(x.ndim - 1, -1, -1))` to reverse the dimensions of a "
                   "tensor. (Triggered internally at  ./aten/src/ATen/native/TensorShape.cpp:3277.)");
    }
    int64_t dims[MINATEN_MAX_DIM];
    for (int64_t i = 0; i < t->dim; i++) dims[i] = t->dim - 1 - i;
    IValue args[2] = {IValue_borrowTensor(t), IValue_borrowIntList(IntArrayRef_make(dims, (size_t)t->dim))};
    return call_op_boxed("aten::permute", args);
  }
  /* PyTorch 1.13: python_variable.cpp THPVariable_get_mT, _get_mH, _get_H */
  static const char* const kTransposeProperties[][2] = {{"mT", "aten::mT"}, {"mH", "aten::mH"}, {"H", "aten::matrix_H"}};
  for (int i = 0; i < NELEMS(kTransposeProperties); i++) {
    if (strcmp(name, kTransposeProperties[i][0]) == 0) {
      IValue args[1] = {IValue_borrowTensor(t)};
      return call_op_boxed(kTransposeProperties[i][1], args);
    }
  }
  for (int i = 0; i < NELEMS(kTensorMethods); i++) {
    if (strcmp(name, kTensorMethods[i].name) == 0) {
      Value* b = Value_builtin(kTensorMethods[i].name, kTensorMethods[i].fn);
      Value* m = Value_method(self, b);
      Value_release(b);
      return m;
    }
  }
  return operator_method(self, name);
}
