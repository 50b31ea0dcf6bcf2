/*
 * DLConvertor.c - see DLConvertor.h.
 *
 * The trace of an export is 1.13's: `op aten::as_strided` (the alias lent
 * out), before the dtype and device checks that may refuse it.  An import
 * makes its tensor directly (1.13's at::from_blob): nothing is traced.
 *
 * NB: the deleters run wherever the borrower drops the memory.  Dropping a
 * lent alias releases a tensor with no Python object; dropping a borrowed
 * storage calls the lender's deleter, which takes what locks it needs.
 *
 * PyTorch 1.13: aten/src/ATen/DLConvertor.cpp
 */
#include "csrc/DLConvertor.h"

#include <stdlib.h>

#include "Functions.h"
#include "runtime/Exception.h"

/* PyTorch 1.13: DLConvertor.cpp getDLDataType */
static int getDLDataType(const Tensor* t, DLDataType* out) {
  out->lanes = 1;
  out->bits = (uint8_t)(Tensor_itemsize(t) * 8);
  switch (t->dtype) {
    case ScalarType_Byte: out->code = kDLUInt; return 0;
    case ScalarType_Char:
    case ScalarType_Short:
    case ScalarType_Int:
    case ScalarType_Long: out->code = kDLInt; return 0;
    case ScalarType_Half:
    case ScalarType_Float:
    case ScalarType_Double: out->code = kDLFloat; return 0;
    case ScalarType_BFloat16: out->code = kDLBfloat; return 0;
    case ScalarType_Bool:
      Error_set(ErrorType_RuntimeError, "Bool type is not supported by dlpack");
      return -1;
    case ScalarType_QInt8:
    case ScalarType_QUInt8:
    case ScalarType_QInt32:
      Error_set(ErrorType_RuntimeError, "QUInt/QInt types are not supported by dlpack");
      return -1;
    default:
      Error_set(ErrorType_RuntimeError, "Undefined is not a valid ScalarType");
      return -1;
  }
}

/* PyTorch 1.13: DLConvertor.cpp getDLDevice */
static int getDLDevice(const Tensor* t, DLDevice* out) {
  out->device_id = 0;
  if (t->device.type == DeviceType_CPU) {
    out->device_type = kDLCPU;
    return 0;
  }
  char name[32];
  Error_set(ErrorType_RuntimeError, "Cannot pack tensors on %s", Device_format(t->device, name, sizeof name));
  return -1;
}

/* What a lent DLManagedTensor carries: the alias it lends.
 * PyTorch 1.13: DLConvertor.cpp ATenDLMTensor */
typedef struct ATenDLMTensor {
  Tensor* handle;
  DLManagedTensor tensor;
} ATenDLMTensor;

/* PyTorch 1.13: DLConvertor.cpp deleter */
static void deleter(DLManagedTensor* arg) {
  ATenDLMTensor* m = arg->manager_ctx;
  Tensor_release(m->handle);
  free(m);
}

DLManagedTensor* toDLPack(const Tensor* src) {
  /* create a new tensor with possibly normalized strides (gh-83069) */
  int64_t strides[MINATEN_MAX_DIM];
  for (int64_t i = 0; i < src->dim; i++) strides[i] = src->sizes[i] < 2 ? 1 : src->strides[i];
  Tensor* view = at_as_strided(src, Tensor_sizes(src), IntArrayRef_make(strides, (size_t)src->dim),
                               (OptionalInt){true, src->storage_offset});
  if (view == NULL) return NULL;
  DLDevice device;
  DLDataType dtype;
  if (getDLDevice(src, &device) < 0 || getDLDataType(src, &dtype) < 0) {
    Tensor_release(view);
    return NULL;
  }
  ATenDLMTensor* m = malloc(sizeof *m);
  if (m == NULL) {
    Tensor_release(view);
    Error_setBadAlloc();
    return NULL;
  }
  m->handle = view;
  m->tensor.manager_ctx = m;
  m->tensor.deleter = deleter;
  m->tensor.dl_tensor.data = Tensor_data(view);
  m->tensor.dl_tensor.device = device;
  m->tensor.dl_tensor.ndim = (int)src->dim;
  m->tensor.dl_tensor.dtype = dtype;
  m->tensor.dl_tensor.shape = view->sizes;
  m->tensor.dl_tensor.strides = view->strides;
  m->tensor.dl_tensor.byte_offset = 0;
  return &m->tensor;
}

/* PyTorch 1.13: DLConvertor.cpp getATenDevice */
static int getATenDevice(DLDevice ctx, Device* out) {
  if (ctx.device_type == kDLCPU) {
    *out = Device_cpu();
    return 0;
  }
  /* NB(minaten): 1.13 also takes CUDA, ROCm and OpenCL memory; minaten has
   * only the CPU, and refuses the others with the message 1.13 gives for
   * device types it does not know. */
  Error_set(ErrorType_RuntimeError, "Unsupported device_type: %d", (int)ctx.device_type);
  return -1;
}

/* PyTorch 1.13: DLConvertor.cpp toScalarType */
static int toScalarType(DLDataType dtype, ScalarType* out) {
  if (dtype.lanes != 1) {
    Error_set(ErrorType_RuntimeError, "ATen does not support lanes != 1");
    return -1;
  }
  int bits = dtype.bits;
  switch (dtype.code) {
    case kDLUInt:
      if (bits == 8) {
        *out = ScalarType_Byte;
        return 0;
      }
      Error_set(ErrorType_RuntimeError, "Unsupported kUInt bits %d", bits);
      return -1;
    case kDLInt:
      switch (bits) {
        case 8: *out = ScalarType_Char; return 0;
        case 16: *out = ScalarType_Short; return 0;
        case 32: *out = ScalarType_Int; return 0;
        case 64: *out = ScalarType_Long; return 0;
        default: Error_set(ErrorType_RuntimeError, "Unsupported kInt bits %d", bits); return -1;
      }
    case kDLFloat:
      switch (bits) {
        case 16: *out = ScalarType_Half; return 0;
        case 32: *out = ScalarType_Float; return 0;
        case 64: *out = ScalarType_Double; return 0;
        default: break;
      }
      Error_set(ErrorType_RuntimeError, "Unsupported kFloat bits %d", bits);
      return -1;
    case kDLBfloat:
      if (bits == 16) {
        *out = ScalarType_BFloat16;
        return 0;
      }
      Error_set(ErrorType_RuntimeError, "Unsupported kBFloat bits %d", bits);
      return -1;
    case kDLComplex:
      /* NB(minaten): 1.13 takes complex; minaten has no complex dtype */
      Error_set(ErrorType_RuntimeError, "Unsupported kFloat bits %d", bits);
      return -1;
    default: Error_set(ErrorType_RuntimeError, "Unsupported code %d", (int)dtype.code); return -1;
  }
}

/* The storage's deleter: hands the memory back to its lender.
 * PyTorch 1.13: DLConvertor.cpp fromDLPack's deleter lambda */
static void call_dlpack_deleter(void* ctx) {
  DLManagedTensor* src = ctx;
  if (src->deleter != NULL) src->deleter(src);
}

Tensor* fromDLPack(DLManagedTensor* src) {
  const DLTensor* dl = &src->dl_tensor;
  Device device;
  ScalarType stype;
  if (getATenDevice(dl->device, &device) < 0 || toScalarType(dl->dtype, &stype) < 0) return NULL;
  if (check_max_dims(dl->ndim) < 0) return NULL;
  if (dl->ndim < 0 || (dl->ndim > 0 && dl->shape == NULL)) {
    Error_set(ErrorType_RuntimeError, "minaten: a DLPack tensor with a bad shape");
    return NULL;
  }
  int64_t strides[MINATEN_MAX_DIM];
  IntArrayRef sizes = IntArrayRef_make(dl->shape, (size_t)dl->ndim);
  if (dl->strides != NULL) {
    for (int i = 0; i < dl->ndim; i++) strides[i] = dl->strides[i];
  } else {
    computeContiguousStrides(sizes, strides);
  }
  /* The storage spans the elements the strides reach from data.  A
   * negative stride (NumPy's a[::-1]) cannot be a tensor's: 1.13's from_blob
   * computes the storage size and throws "Storage size calculation
   * overflowed" out of a noexcept function, which aborts; NB(minaten): the
   * same message as a RuntimeError, and src left to its owner.
   * NB: as in 1.13, dl->byte_offset is not added to data (producers pass 0). */
  size_t itemsize = ScalarType_elementSize(stype);
  int64_t high = 0;
  bool empty = false;
  for (int i = 0; i < dl->ndim; i++) {
    if (sizes.data[i] < 0) {
      Error_set(ErrorType_RuntimeError, "minaten: a DLPack tensor with a negative size");
      return NULL;
    }
    if (sizes.data[i] == 0) empty = true;
  }
  for (int i = 0; i < dl->ndim && !empty; i++) {
    if (strides[i] < 0) {
      char s[256], t[256];
      IntArrayRef_format(sizes, s, sizeof s);
      IntArrayRef_format(IntArrayRef_make(strides, (size_t)dl->ndim), t, sizeof t);
      Error_set(ErrorType_RuntimeError, "Storage size calculation overflowed with sizes=%s and strides=%s", s, t);
      return NULL;
    }
    int64_t reach;
    if (__builtin_mul_overflow(sizes.data[i] - 1, strides[i], &reach) || __builtin_add_overflow(high, reach, &high)) {
      Error_set(ErrorType_RuntimeError, "minaten: a DLPack tensor whose strides overflow");
      return NULL;
    }
  }
  size_t nbytes = empty ? 0 : (size_t)(high + 1) * itemsize;
  Storage* storage = Storage_newFromBlob(dl->data, nbytes, call_dlpack_deleter, src);
  if (storage == NULL) return NULL;
  Tensor* t = Tensor_new(storage, 0, sizes, IntArrayRef_make(strides, (size_t)dl->ndim), stype, device, DispatchKey_CPU);
  if (t == NULL) {
    /* hand src back to the caller untouched: the storage must not call its deleter */
    storage->deleter = NULL;
    storage->data = NULL;
    storage->nbytes = 0;
  }
  Storage_release(storage);
  return t;
}
