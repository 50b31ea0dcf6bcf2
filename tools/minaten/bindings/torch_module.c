/*
 * torch_module.c - the names of the torch module that are not operators
 * (dtypes, memory formats, qschemes, torch.ops and its namespaces, torch.tensor,
 * torch.Size, torch.device, torch.Tensor), the attributes of torch.ops
 * packets, and the dialect's helpers that scripts call as globals (show,
 * same_storage, lazy_ir, trace_on, trace_off: docs/dialect.md "Helpers").
 * Every other torch.NAME resolves to registered operators (resolve.c).
 *
 * The helpers never show in the trace: show() of a lazy tensor materialises
 * it with the trace paused, as the reference helper does.
 *
 * PyTorch 1.13: torch/__init__.py (the names), torch/csrc/utils/tensor_dtypes.cpp,
 * torch/_ops.py (_OpNamespace, OpOverloadPacket.__getattr__)
 */
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "dispatch/Dispatcher.h"
#include "dispatch/OperatorLibrary.h"
#include "dispatch/TraceMode.h"
#include "Functions.h"
#include "ops/lazy/LazyBindings.h"
#include "runtime/Exception.h"
#include "runtime/TypeCast.h"
#include "tools/minaten/bindings/bindings.h"
#include "tools/minaten/interpreter/interp.h"

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

/* The dequantized value of element `linear` of a quantized tensor:
 * (q - zero_point) * scale, computed in float as PyTorch's dequantize does.
 * PyTorch 1.13: aten/src/ATen/native/quantized/AffineQuantizerBase.cpp dequantize_val */
static double dequantized_element(const Tensor* t, int64_t linear, const char* p) {
  int64_t q = t->dtype == ScalarType_QUInt8 ? *(const uint8_t*)p
              : t->dtype == ScalarType_QInt8 ? *(const int8_t*)p
                                             : *(const int32_t*)p;
  const Quantizer* z = t->quantizer;
  if (z == NULL) return (double)q;
  double scale = z->scale;
  int64_t zero_point = z->zero_point;
  if (z->qscheme == QScheme_PerChannelAffine) {
    int64_t inner = 1;
    for (int64_t d = t->dim - 1; d > z->axis; d--) inner *= t->sizes[d];
    int64_t c = z->axis < t->dim ? (linear / inner) % t->sizes[z->axis] : 0;
    scale = Quantizer_scaleAt(z, c);
    zero_point = Quantizer_zeroPointAt(z, c);
  }
  return (double)((float)(q - zero_point) * (float)scale);
}

Value* tensor_element(const Tensor* t, int64_t i) {
  const char* p = element_address(t, i);
  if (ScalarType_isQuantized(t->dtype)) return Value_float(dequantized_element(t, i, p));
  if (ScalarType_isFloating(t->dtype)) return Value_float(load_double(t->dtype, p));
  if (t->dtype == ScalarType_Bool) return Value_bool(load_int(t->dtype, p) != 0);
  return Value_int(load_int(t->dtype, p));
}

/* ---- the dialect's helpers --------------------------------------------- */

static int expect_tensor(const char* name, Value* v) {
  if (v->kind == Value_Tensor) return 0;
  Error_set(ErrorType_TypeError, "%s(): argument must be Tensor, not %s", name, Value_typeName(v));
  return -1;
}

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
    case ScalarType_Bool: fputs(*(const uint8_t*)p != 0 ? "True" : "False", out); break;
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

/* show(t): one canonical line (docs/dialect.md, "Helpers"). */
static Value* builtin_show(Value* self, Value** args, int nargs, char** kwnames, Value** kwargs, int nkw) {
  (void)self, (void)kwnames, (void)kwargs;
  if (expect_args("show", nargs, 1, 1, nkw) < 0 || expect_tensor("show", args[0]) < 0) return NULL;
  /* The reference helper reads a lazy tensor's data through t.cpu(). */
  Value* cpu = tensor_cpu_data(args[0]);
  if (cpu == NULL) return NULL;
  const Tensor* t = args[0]->u.tensor;
  const Tensor* data = cpu->u.tensor;
  char dev[32];
  /* A quantized tensor prints its quantizer and its dequantized values; the
   * reference helper calls t.dequantize() first, so a tensor whose
   * per-channel axis a view broke fails before printing anything.  It is
   * never traced (untraced). */
  Tensor* real = NULL;
  if (t->quantizer != NULL && (real = untraced(at_dequantize_self, t)) == NULL) {
    Value_release(cpu);
    return NULL;
  }
  fputs("tensor shape=", stdout);
  print_ints(stdout, Tensor_sizes(t));
  fputs(" stride=", stdout);
  print_ints(stdout, Tensor_strides(t));
  printf(" offset=%" PRId64 " dtype=%s device=%s contiguous=%s", t->storage_offset,
         ScalarType_pyName(t->dtype), Device_format(t->device, dev, sizeof dev),
         t->is_contiguous ? "True" : "False");
  if (t->quantizer != NULL && t->quantizer->qscheme == QScheme_PerTensorAffine) {
    printf(" scale=%.6g zero_point=%" PRId64, t->quantizer->scale, t->quantizer->zero_point);
  } else if (t->quantizer != NULL) {
    const Quantizer* q = t->quantizer;
    printf(" axis=%" PRId64 " scales=[", q->axis);
    for (int64_t c = 0; c < q->num_channels; c++) printf("%s%.6g", c ? ", " : "", Quantizer_scaleAt(q, c));
    fputs("] zero_points=[", stdout);
    for (int64_t c = 0; c < q->num_channels; c++) printf("%s%" PRId64, c ? ", " : "", Quantizer_zeroPointAt(q, c));
    fputc(']', stdout);
  }
  fputs(" data=[", stdout);
  for (int64_t i = 0; i < t->numel; i++) {
    if (i) fputs(", ", stdout);
    if (real)
      print_g6(stdout, (double)((const float*)Tensor_data(real))[i]);
    else
      print_element(stdout, data, i);
  }
  fputs("]\n", stdout);
  Tensor_release(real);
  Value_release(cpu);
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
  /* a.storage() of a tensor without storage (lazy) refuses.
   * PyTorch 1.13: torch/csrc/Storage.cpp THPStorage_NewWithStorage */
  for (int i = 0; i < 2; i++) {
    if (args[i]->u.tensor->storage == NULL) {
      Error_set(ErrorType_NotImplementedError,
                "python bindings to nullptr storage (e.g., from torch.Tensor._make_wrapper_subclass) are "
                "currently unsafe and thus disabled.  See https://github.com/pytorch/pytorch/issues/61669 for "
                "more details");
      return NULL;
    }
  }
  puts(storage_data_ptr(args[0]->u.tensor) == storage_data_ptr(args[1]->u.tensor) ? "True" : "False");
  return Value_none();
}

/* lazy_ir(t): the IR of a lazy tensor's value, as
 * print(torch._C._lazy._get_tensors_text([t])) shows it (without the
 * NodeType= suffixes).  PyTorch 1.13: torch/csrc/lazy/python/init.cpp
 * _get_tensors_text -> DumpUtil::ToText */
static Value* builtin_lazy_ir(Value* self, Value** args, int nargs, char** kwnames, Value** kwargs, int nkw) {
  (void)self, (void)kwnames, (void)kwargs;
  if (expect_args("lazy_ir", nargs, 1, 1, nkw) < 0 || expect_tensor("lazy_ir", args[0]) < 0) return NULL;
  Tensor* t = args[0]->u.tensor;
  if (t->device.type != DeviceType_Lazy) {
    Error_set(ErrorType_RuntimeError, "lazy_ir() expects a lazy tensor, got one on %s",
              t->device.type == DeviceType_CPU ? "cpu" : "another device");
    return NULL;
  }
  if (LazyBindings_getTensorsText(stdout, t) < 0) return NULL;
  fputc('\n', stdout);
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

/* ---- torch.NAME --------------------------------------------------------- */

static const struct { const char* name; ScalarType dtype; } kDtypeNames[] = {
    {"float32", ScalarType_Float}, {"float", ScalarType_Float},   {"float64", ScalarType_Double},
    {"double", ScalarType_Double}, {"int64", ScalarType_Long},    {"long", ScalarType_Long},
    {"int32", ScalarType_Int},     {"int", ScalarType_Int},       {"int16", ScalarType_Short},
    {"short", ScalarType_Short},   {"int8", ScalarType_Char},     {"uint8", ScalarType_Byte},
    {"bool", ScalarType_Bool},     {"quint8", ScalarType_QUInt8}, {"qint8", ScalarType_QInt8},
    {"qint32", ScalarType_QInt32}};

/* torch.Size(sizes): a tuple of ints.  PyTorch 1.13: torch/csrc/Size.cpp THPSize_pynew */
Value* builtin_size(Value* self, Value** args, int nargs, char** kwnames, Value** kwargs, int nkw) {
  (void)self, (void)kwnames, (void)kwargs;
  if (expect_args("Size", nargs, 0, 1, nkw) < 0) return NULL;
  if (nargs == 0) return Value_seq(Value_Size, 0);
  const Value* v = args[0];
  if (v->kind != Value_Tuple && v->kind != Value_List && v->kind != Value_Size) {
    Error_set(ErrorType_TypeError, "'%s' object is not iterable", Value_typeName(v));
    return NULL;
  }
  Value* r = Value_seq(Value_Size, v->u.seq.n);
  for (int i = 0; i < v->u.seq.n; i++) {
    const Value* item = v->u.seq.items[i];
    int64_t x = 0;
    if (item->kind == Value_Int || item->kind == Value_Bool) {
      x = item->kind == Value_Int ? item->u.i : item->u.b;
    } else if (item->kind != Value_Tensor || tensor_to_index(item->u.tensor, &x) < 0) {
      if (!Error_occurred())
        Error_set(ErrorType_TypeError, "torch.Size() takes an iterable of 'int' (item %d is '%s')", i,
                  Value_typeName(item));
      Value_release(r);
      return NULL;
    }
    r->u.seq.items[i] = Value_int(x);
  }
  return r;
}

/* torch.device("cpu") / torch.device("lazy", 0).  PyTorch 1.13: torch/csrc/Device.cpp THPDevice_pynew */
Value* builtin_device(Value* self, Value** args, int nargs, char** kwnames, Value** kwargs, int nkw) {
  (void)self, (void)kwnames, (void)kwargs;
  if (expect_args("device", nargs, 1, 2, nkw) < 0) return NULL;
  if (args[0]->kind == Value_Device && nargs == 1) return Value_retain(args[0]);
  if (args[0]->kind != Value_Str || (nargs == 2 && args[1]->kind != Value_Int)) {
    Error_set(ErrorType_TypeError, "device() received an invalid combination of arguments");
    return NULL;
  }
  char text[128];
  if (nargs == 2) snprintf(text, sizeof text, "%s:%lld", args[0]->u.s, (long long)args[1]->u.i);
  else snprintf(text, sizeof text, "%s", args[0]->u.s);
  Device d;
  if (Device_parse(text, &d) < 0) return NULL;
  return Value_device(d);
}

Value* torch_attribute(const char* name) {
  for (size_t i = 0; i < sizeof kDtypeNames / sizeof kDtypeNames[0]; i++)
    if (strcmp(name, kDtypeNames[i].name) == 0) return Value_dtype(kDtypeNames[i].dtype);
  if (strcmp(name, "contiguous_format") == 0) return Value_memoryFormat(MemoryFormat_Contiguous);
  if (strcmp(name, "preserve_format") == 0) return Value_memoryFormat(MemoryFormat_Preserve);
  if (strcmp(name, "per_tensor_affine") == 0) return Value_qscheme(QScheme_PerTensorAffine);
  if (strcmp(name, "per_channel_affine") == 0) return Value_qscheme(QScheme_PerChannelAffine);
  if (strcmp(name, "ops") == 0) return Value_module("torch.ops");
  if (strcmp(name, "autograd") == 0) return Value_module("torch.autograd");
  Value* mode = grad_mode_attribute(name);
  if (mode != NULL) return mode;
  if (strcmp(name, "tensor") == 0) return Value_builtin("tensor", builtin_tensor);
  if (strcmp(name, "Size") == 0) return Value_type(&Type_Size);
  if (strcmp(name, "Tensor") == 0) return Value_type(&Type_Tensor);
  if (strcmp(name, "device") == 0) return Value_type(&Type_device);
  if (strcmp(name, "dtype") == 0) return Value_type(&Type_dtype);
  if (find_bound_operator("aten", name, false, false) != NULL) return Value_ops("aten", name, NULL, false, false);
  Error_set(ErrorType_AttributeError, "module 'torch' has no attribute '%s'", name);
  return NULL;
}


/* torch.ops.load_library(path): loads an operator library (a shared object
 * with MINATEN_LIBRARY blocks, docs/operator-libraries.md); its operators are
 * torch.ops.NS.NAME from then on.  A path loaded already: nothing happens.
 * PyTorch 1.13: torch/_ops.py _Ops.load_library */
static Value* builtin_load_library(Value* self, Value** args, int nargs, char** kwnames, Value** kwargs,
                                   int nkw) {
  (void)self, (void)kwnames, (void)kwargs;
  if (expect_args("load_library", nargs, 1, 1, nkw) < 0) return NULL;
  if (args[0]->kind != Value_Str) {
    Error_set(ErrorType_TypeError, "expected str, bytes or os.PathLike object, not %s", Value_typeName(args[0]));
    return NULL;
  }
  /* Python 3.11: Objects/unicodeobject.c PyUnicode_FSConverter (ctypes.CDLL's path) */
  if (args[0]->has_nul) {
    Error_set(ErrorType_ValueError, "embedded null byte");
    return NULL;
  }
  if (OperatorLibrary_load(args[0]->u.s) == NULL) return NULL;
  return Value_none();
}

/* torch.ops.NS, torch.ops.NS.NAME, torch.NAME (module is a Module value),
 * and the overloads of a torch.ops packet (torch.ops.aten.add.Tensor).
 * PyTorch 1.13: torch/_ops.py (_OpNamespace.__getattr__, OpOverloadPacket.__getattr__) */
Value* module_attribute(Value* obj, const char* name) {
  if (obj->kind == Value_Module) {
    if (strcmp(obj->u.s, "torch") == 0) return torch_attribute(name);
    if (strcmp(obj->u.s, "torch.autograd") == 0) return autograd_module_attribute(name);
    if (strcmp(obj->u.s, "torch.ops") == 0) {
      if (strcmp(name, "load_library") == 0) return Value_builtin("load_library", builtin_load_library);
      char buf[256];
      snprintf(buf, sizeof buf, "torch.ops.%s", name);
      return Value_module(buf);
    }
    const char* ns = obj->u.s + strlen("torch.ops.");
    if (find_bound_operator(ns, name, false, true) != NULL) return Value_ops(ns, name, NULL, false, true);
    Error_set(ErrorType_AttributeError, "'_OpNamespace' '%s' object has no attribute '%s'", ns, name);
    return NULL;
  }
  if (obj->kind == Value_Ops && obj->u.ops.overload == NULL && obj->u.ops.all) {
    const char* overload = strcmp(name, "default") == 0 ? "" : name;
    char qualified[256];
    snprintf(qualified, sizeof qualified, "%s::%s%s%s", obj->u.ops.ns, obj->u.ops.name, overload[0] ? "." : "", overload);
    if (Dispatcher_findSchema(qualified) != NULL) return Value_ops(obj->u.ops.ns, obj->u.ops.name, overload, false, true);
    Error_set(ErrorType_AttributeError, "The underlying op of '%s.%s' has no overload name '%s'", obj->u.ops.ns,
              obj->u.ops.name, name);
    return NULL;
  }
  Error_set(ErrorType_AttributeError, "'%s' object has no attribute '%s'", Value_typeName(obj), name);
  return NULL;
}

Value* dialect_helper(const char* name) {
  static const struct { const char* name; BuiltinFn fn; } table[] = {
      {"show", builtin_show},           {"same_storage", builtin_same_storage}, {"trace_on", builtin_trace_on},
      {"trace_off", builtin_trace_off}, {"lazy_ir", builtin_lazy_ir}};
  for (size_t i = 0; i < sizeof table / sizeof table[0]; i++)
    if (strcmp(name, table[i].name) == 0) return Value_builtin(table[i].name, table[i].fn);
  return NULL;
}
