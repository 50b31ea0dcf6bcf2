/*
 * tensor_new.c - torch.tensor(data, dtype=None, device=None): a new tensor
 * from nested Python data, as PyTorch's internal_new_from_data builds it.
 *
 *   1. a tensor as data is detached and copied with `to(..., copy=True)`
 *      (the trace shows detach and _to_copy);
 *   2. otherwise the shape comes from the first element of each level
 *      (compute_sizes: `[[1, 2], 3]` is 2 x 2 until storing finds the 3),
 *      the dtype, unless given, from every element (infer_scalar_type:
 *      bools < ints < floats, promoted as PyTorch promotes types, float32 for
 *      floats and for an empty list);
 *   3. a CPU tensor of that shape is filled element by element
 *      (recursive_store), each value converted as Python's store_scalar does:
 *      integer dtypes reject out-of-range values ("value cannot be converted
 *      to type uint8 without overflow"), floats to integers truncate, and a
 *      one-element tensor inside the data counts as its value;
 *   4. it is moved to `device` (untraced) and lifted: the trace shows
 *      `aten::lift_fresh`, as in 1.13.
 *
 * Nothing but step 1 and `lift_fresh` reaches the dispatcher with the trace
 * on: PyTorch builds the data with its Python dispatch key excluded.
 *
 * PyTorch 1.13: torch/csrc/utils/tensor_new.cpp (internal_new_from_data,
 * compute_sizes, infer_scalar_type, recursive_store, tensor_ctor),
 * torch/csrc/utils/python_scalars.h store_scalar, c10/util/TypeCast.h checked_convert
 */
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "dispatch/TraceMode.h"
#include "runtime/Exception.h"
#include "autograd/variable.h"
#include "tools/minaten/bindings/bindings.h"

enum { kMaxDims = 128 }; /* tensor_new.cpp MAX_DIMS */

/* Python sequences, as PySequence_Check sees them (tensors are not). */
static bool is_sequence(const Value* v) {
  return v->kind == Value_List || v->kind == Value_Tuple || v->kind == Value_Size || v->kind == Value_Str ||
         v->kind == Value_Range;
}
static int64_t seq_length(const Value* v) {
  if (v->kind == Value_Range) return range_length(v);
  return v->kind == Value_Str ? (int64_t)strlen(v->u.s) : v->u.seq.n;
}

/* Item i of a sequence, as a new reference (a str's items are 1-char strs). */
static Value* seq_item(const Value* v, int64_t i) {
  if (v->kind == Value_Str) return Value_strn(v->u.s + i, 1);
  if (v->kind == Value_Range) return Value_int(v->u.range.start + i * v->u.range.step);
  return Value_retain(v->u.seq.items[i]);
}

/* PyTorch 1.13: tensor_new.cpp compute_sizes */
static int compute_sizes(const Value* data, int64_t* sizes, int64_t* ndim) {
  Value* seq = Value_retain((Value*)data);
  *ndim = 0;
  int rc = 0;
  while (is_sequence(seq)) {
    int64_t length = seq_length(seq);
    if (*ndim == kMaxDims) {
      Error_set(ErrorType_ValueError, "too many dimensions '%s'", Value_typeName(seq));
      rc = -1;
      break;
    }
    if (*ndim == MINATEN_MAX_DIM) {
      Error_set(ErrorType_RuntimeError, "minaten: tensors have at most %d dimensions", MINATEN_MAX_DIM);
      rc = -1;
      break;
    }
    sizes[(*ndim)++] = length;
    if (length == 0) break;
    Value* next = seq_item(seq, 0);
    Value_release(seq);
    seq = next;
  }
  Value_release(seq);
  return rc;
}

static int promote(ScalarType* acc, ScalarType t) {
  if (*acc == ScalarType_Undefined || *acc == t) {
    *acc = t;
    return 0;
  }
  if (ScalarType_isQuantized(*acc) || ScalarType_isQuantized(t)) {
    /* PyTorch 1.13: c10/core/ScalarType.h promoteTypes (its quantized check) */
    Error_set(ErrorType_RuntimeError,
              "promoteTypes with quantized numbers is not handled yet; figure out what the correct rules should be, "
              "offending types: %s %s",
              ScalarType_name(*acc), ScalarType_name(t));
    return -1;
  }
  *acc = promoteTypes(*acc, t);
  return 0;
}

/* PyTorch 1.13: tensor_new.cpp infer_scalar_type (the default dtype is float32) */
static int infer_scalar_type(const Value* v, ScalarType* out) {
  switch (v->kind) {
    case Value_Float: *out = ScalarType_Float; return 0;
    case Value_Int: *out = ScalarType_Long; return 0;
    case Value_Bool: *out = ScalarType_Bool; return 0;
    case Value_Tensor: *out = v->u.tensor->dtype; return 0;
    case Value_Str:
      Error_set(ErrorType_TypeError, "new(): invalid data type 'str'");
      return -1;
    case Value_Range: /* a sequence of ints */
      *out = range_length(v) == 0 ? ScalarType_Float : ScalarType_Long;
      return 0;
    case Value_List:
    case Value_Tuple:
    case Value_Size: {
      if (v->u.seq.n == 0) {
        *out = ScalarType_Float;
        return 0;
      }
      ScalarType acc = ScalarType_Undefined;
      for (int i = 0; i < v->u.seq.n; i++) {
        ScalarType item;
        if (infer_scalar_type(v->u.seq.items[i], &item) < 0 || promote(&acc, item) < 0) return -1;
      }
      *out = acc;
      return 0;
    }
    default:
      Error_set(ErrorType_RuntimeError, "Could not infer dtype of %s", Value_typeName(v));
      return -1;
  }
}

/* checked_convert's range test for an integer dtype; uint8 lets negative
 * ints wrap down to -255 (c10/util/TypeCast.h overflows). */
static bool int_overflows(ScalarType t, int64_t v) {
  switch (t) {
    case ScalarType_Byte: return v > 255 || (v < 0 && -(uint64_t)v > 255);
    case ScalarType_Char: return v < INT8_MIN || v > INT8_MAX;
    case ScalarType_Short: return v < INT16_MIN || v > INT16_MAX;
    case ScalarType_Int: return v < INT32_MIN || v > INT32_MAX;
    default: return false;
  }
}

static bool double_overflows(ScalarType t, double d) {
  double lo, hi;
  switch (t) {
    case ScalarType_Byte: lo = 0, hi = 255; break;
    case ScalarType_Char: lo = INT8_MIN, hi = INT8_MAX; break;
    case ScalarType_Short: lo = INT16_MIN, hi = INT16_MAX; break;
    case ScalarType_Int: lo = INT32_MIN, hi = INT32_MAX; break;
    default: lo = -9223372036854775808.0, hi = 9223372036854775808.0; break;
  }
  return isnan(d) || d < lo || d > hi;
}

static void store_int(ScalarType t, char* p, int64_t v) {
  switch (t) {
    case ScalarType_Byte: *(uint8_t*)p = (uint8_t)v; break;
    case ScalarType_Char: *(int8_t*)p = (int8_t)v; break;
    case ScalarType_Short: *(int16_t*)p = (int16_t)v; break;
    case ScalarType_Int: *(int32_t*)p = (int32_t)v; break;
    default: *(int64_t*)p = v; break;
  }
}

/* A double as float, overflowing to infinity as the hardware conversion does
 * (C leaves an out-of-range conversion undefined). */
static float to_float(double d) {
  const double half_ulp_above_max = 3.4028235677973366e38; /* FLT_MAX + ulp/2: rounds to infinity */
  if (fabs(d) > FLT_MAX) return fabs(d) < half_ulp_above_max ? copysignf(FLT_MAX, (float)(d > 0 ? 1 : -1)) : (d > 0 ? INFINITY : -INFINITY);
  return (float)d;
}

/* One element: PyTorch 1.13 python_scalars.h store_scalar. */
static int store_scalar(char* p, ScalarType t, const Value* v) {
  bool floating = t == ScalarType_Float || t == ScalarType_Double;
  if (ScalarType_isQuantized(t)) {
    Error_set(ErrorType_RuntimeError, "invalid type");
    return -1;
  }
  if (floating) { /* THPUtils_unpackDouble: numbers, or __float__ */
    double d;
    if (v->kind == Value_Tensor) {
      if (tensor_to_double(v->u.tensor, &d) < 0) return -1;
    } else if (Value_isNumber(v)) {
      d = Value_toDouble(v);
    } else {
      Error_set(ErrorType_TypeError, "must be real number, not %s", Value_typeName(v));
      return -1;
    }
    if (t == ScalarType_Float) *(float*)p = to_float(d);
    else *(double*)p = d;
    return 0;
  }
  /* integers and bool: a float converts (checked), else __index__ */
  if (v->kind == Value_Float) {
    if (t == ScalarType_Bool) {
      *(bool*)p = v->u.f != 0;
      return 0;
    }
    if (double_overflows(t, v->u.f)) goto overflow;
    if (t == ScalarType_Long) *(int64_t*)p = v->u.f >= 9223372036854775807.0 ? INT64_MIN : (int64_t)v->u.f;
    else store_int(t, p, (int64_t)v->u.f);
    return 0;
  }
  int64_t i;
  if (v->kind == Value_Int) i = v->u.i;
  else if (v->kind == Value_Bool) i = v->u.b;
  else if (v->kind == Value_Tensor) {
    if (tensor_to_index(v->u.tensor, &i) < 0) return -1;
  } else {
    Error_set(ErrorType_TypeError, "'%s' object cannot be interpreted as an integer", Value_typeName(v));
    return -1;
  }
  if (t == ScalarType_Bool) {
    *(bool*)p = i != 0;
    return 0;
  }
  if (int_overflows(t, i)) goto overflow;
  store_int(t, p, i);
  return 0;
overflow:
  Error_set(ErrorType_RuntimeError, "value cannot be converted to type %s without overflow", ScalarType_pyName(t));
  return -1;
}

/* The items of a value stored as a sequence (PySequence_Fast: any iterable;
 * a tensor iterates over its first dimension).  *n and *items (new
 * references) on success. */
static int sequence_items(const Value* v, int64_t* n, Value*** items) {
  if (v->kind == Value_Tensor) {
    const Tensor* t = v->u.tensor;
    if (t->dim == 0) {
      Error_set(ErrorType_TypeError, "iteration over a 0-d tensor");
      return -1;
    }
    *n = t->sizes[0];
    *items = calloc((size_t)*n + 1, sizeof(Value*));
    TORCH_INTERNAL_ASSERT(*items != NULL);
    for (int64_t i = 0; i < *n; i++) {
      /* unbind(0), read without the dispatcher as PyTorch's is untraced here */
      Tensor* sub = Tensor_makeView(t, IntArrayRef_make(t->sizes + 1, (size_t)(t->dim - 1)),
                                    IntArrayRef_make(t->strides + 1, (size_t)(t->dim - 1)),
                                    t->storage_offset + i * t->strides[0]);
      TORCH_INTERNAL_ASSERT(sub != NULL);
      (*items)[i] = Value_tensor(sub);
    }
    return 0;
  }
  if (!is_sequence(v)) {
    Error_set(ErrorType_TypeError, "not a sequence");
    return -1;
  }
  *n = seq_length(v);
  *items = calloc((size_t)*n + 1, sizeof(Value*));
  TORCH_INTERNAL_ASSERT(*items != NULL);
  for (int64_t i = 0; i < *n; i++) (*items)[i] = seq_item(v, i);
  return 0;
}

/* PyTorch 1.13: tensor_new.cpp recursive_store */
static int recursive_store(char* data, const int64_t* sizes, const int64_t* strides, int64_t dim, int64_t ndim,
                           ScalarType t, size_t elem_size, const Value* obj) {
  if (dim == ndim) return store_scalar(data, t, obj);
  int64_t n = sizes[dim], len;
  Value** items;
  if (sequence_items(obj, &len, &items) < 0) return -1;
  int rc = 0;
  if (len != n) {
    Error_set(ErrorType_ValueError, "expected sequence of length %lld at dim %lld (got %lld)", (long long)n,
              (long long)dim, (long long)len);
    rc = -1;
  }
  for (int64_t i = 0; i < n && rc == 0; i++) {
    rc = recursive_store(data, sizes, strides, dim + 1, ndim, t, elem_size, items[i]);
    data += strides[dim] * (int64_t)elem_size;
  }
  for (int64_t i = 0; i < len; i++) Value_release(items[i]);
  free(items);
  return rc;
}

/* Runs a to() with the trace off (PyTorch excludes its Python key there). */
static Value* untraced_to(Tensor* t, Device device, ScalarType dtype) {
  bool was = TraceMode_isEnabled();
  TraceMode_setEnabled(false);
  IValue args[8] = {IValue_borrowTensor(t), IValue_fromScalarType(dtype), IValue_none(), IValue_fromDevice(device),
                    IValue_none(), IValue_fromBool(false), IValue_fromBool(false), IValue_none()};
  Value* r = call_op_boxed("aten::to.dtype_layout", args);
  TraceMode_setEnabled(was);
  return r;
}

/*
 * PyTorch 1.13: tensor_new.cpp internal_new_from_data.  `dtype` is used as
 * given unless type_inference; device NULL means the data's (or CPU).
 * Returns a new tensor value, or NULL with the error set.
 */
Value* internal_new_from_data(const Value* data, ScalarType dtype, bool type_inference, const Device* device,
                              bool copy_variables) {
  if (data->kind == Value_Str) {
    Error_set(ErrorType_TypeError, "new(): invalid data type 'str'");
    return NULL;
  }
  if (data->kind == Value_Tensor) {
    Tensor* var = data->u.tensor;
    Value* detached = NULL;
    if (copy_variables) {
      IValue args[1] = {IValue_borrowTensor(var)};
      detached = call_op_boxed("aten::detach", args);
      if (detached == NULL) return NULL;
      var = detached->u.tensor;
    }
    IValue args[8] = {IValue_borrowTensor(var),
                      IValue_fromScalarType(type_inference ? var->dtype : dtype),
                      IValue_none(),
                      IValue_fromDevice(device ? *device : var->device),
                      IValue_none(),
                      IValue_fromBool(false),
                      IValue_fromBool(copy_variables),
                      IValue_none()};
    Value* r = call_op_boxed("aten::to.dtype_layout", args);
    Value_release(detached);
    return r;
  }
  int64_t sizes[MINATEN_MAX_DIM], strides[MINATEN_MAX_DIM], ndim;
  if (compute_sizes(data, sizes, &ndim) < 0) return NULL;
  ScalarType inferred = dtype;
  if (type_inference && infer_scalar_type(data, &inferred) < 0) return NULL;
  IntArrayRef size_ref = IntArrayRef_make(sizes, (size_t)ndim);
  computeContiguousStrides(size_ref, strides);
  int64_t numel = 1;
  for (int64_t d = 0; d < ndim; d++) {
    if (__builtin_mul_overflow(numel, sizes[d], &numel)) {
      Error_set(ErrorType_RuntimeError, "minaten: too many elements");
      return NULL;
    }
  }
  if (ScalarType_isQuantized(inferred) && numel == 0) {
    /* NB(minaten): PyTorch makes a plain CPU tensor of a quantized dtype here */
    Error_set(ErrorType_NotImplementedError, "minaten: torch.tensor of a quantized dtype is not supported");
    return NULL;
  }
  size_t elem_size = ScalarType_elementSize(inferred);
  Storage* storage = Storage_new((size_t)numel * elem_size);
  if (storage == NULL) return NULL;
  Tensor* t = Tensor_new(storage, 0, size_ref, IntArrayRef_make(strides, (size_t)ndim), inferred, Device_cpu(),
                         DispatchKey_CPU);
  Storage_release(storage);
  if (t == NULL) return NULL;
  if (numel != 0 && recursive_store(Tensor_data(t), sizes, strides, 0, ndim, inferred, elem_size, data) < 0) {
    Tensor_release(t);
    return NULL;
  }
  Value* moved = NULL;
  if (device != NULL && device->type != DeviceType_CPU) {
    moved = untraced_to(t, *device, inferred);
    Tensor_release(t);
    if (moved == NULL) return NULL;
    t = Tensor_retain(moved->u.tensor);
    Value_release(moved);
  }
  IValue args[1] = {IValue_borrowTensor(t)};
  Value* lifted = call_op_boxed("aten::lift_fresh", args);
  Tensor_release(t);
  return lifted;
}

/* A list used as an index: an int64 tensor, or a uint8/bool one when the
 * data is.  PyTorch 1.13: tensor_new.cpp indexing_tensor_from_data */
Value* indexing_tensor_from_data(const Value* data) {
  ScalarType inferred;
  if (infer_scalar_type(data, &inferred) < 0) return NULL;
  if (inferred != ScalarType_Byte && inferred != ScalarType_Bool) inferred = ScalarType_Long;
  return internal_new_from_data(data, inferred, false, NULL, false);
}

/* torch.tensor(data, *, dtype=None, device=None, requires_grad=False, pin_memory=False)
 * PyTorch 1.13: tensor_new.cpp tensor_ctor */
Value* builtin_tensor(Value* self, Value** args, int nargs, char** kwnames, Value** kwargs, int nkw) {
  (void)self;
  static const char* const sigs[] = {
      "tensor(Any data, *, ScalarType? dtype=None, Device? device=None, bool pin_memory=False, "
      "bool requires_grad=False, str[]? names=None) -> Tensor"};
  ParsedArgs p;
  if (PythonArgParser_parse("tensor", sigs, 1, NULL, args, nargs, kwnames, kwargs, nkw, &p) < 0) return NULL;
  const Value* const* s = p.slots;
  Device device;
  bool has_device = s[2] != NULL && s[2]->kind != Value_None;
  bool requires_grad = s[4] != NULL && s[4]->u.b;
  int rc = has_device && s[2]->kind == Value_Str ? Device_parse(s[2]->u.s, &device) : 0;
  if (has_device && s[2]->kind == Value_Device) device = s[2]->u.device;
  bool has_dtype = s[1] != NULL && s[1]->kind == Value_Dtype;
  ScalarType dtype = has_dtype ? s[1]->u.dtype : ScalarType_Float;
  Value* r = NULL;
  if (rc == 0) r = internal_new_from_data(s[0], dtype, !has_dtype, has_device ? &device : NULL, true);
  /* new_tensor.detach_() (a new tensor is a leaf already), then
   * new_tensor.set_requires_grad(args_requires_grad) */
  if (r != NULL && set_requires_grad(r->u.tensor, requires_grad) < 0) {
    Value_release(r);
    r = NULL;
  }
  ParsedArgs_release(&p);
  return r;
}

/* t.new_tensor(data, *, dtype=None, device=None, requires_grad=False): as
 * torch.tensor, but without type inference: the data takes t's dtype (and
 * device) unless given.  PyTorch 1.13: tensor_new.cpp new_tensor */
Value* builtin_new_tensor(Value* self, Value** args, int nargs, char** kwnames, Value** kwargs, int nkw) {
  static const char* const sigs[] = {
      "new_tensor(Any data, *, ScalarType? dtype=None, Device? device=None, bool requires_grad=False) -> Tensor"};
  ParsedArgs p;
  if (PythonArgParser_parse("new_tensor", sigs, 1, NULL, args, nargs, kwnames, kwargs, nkw, &p) < 0) return NULL;
  const Value* const* s = p.slots;
  const Tensor* t = self->u.tensor;
  Device device = t->device;
  int rc = 0;
  if (s[2] != NULL && s[2]->kind == Value_Str) rc = Device_parse(s[2]->u.s, &device);
  if (s[2] != NULL && s[2]->kind == Value_Device) device = s[2]->u.device;
  ScalarType dtype = s[1] != NULL && s[1]->kind == Value_Dtype ? s[1]->u.dtype : t->dtype;
  bool requires_grad = s[3] != NULL && s[3]->u.b;
  Value* r = rc == 0 ? internal_new_from_data(s[0], dtype, false, &device, true) : NULL;
  if (r != NULL && set_requires_grad(r->u.tensor, requires_grad) < 0) {
    Value_release(r);
    r = NULL;
  }
  ParsedArgs_release(&p);
  return r;
}
