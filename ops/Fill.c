/*
 * Fill.c - fill_ and zero_: write one value to every element, in place;
 * and fill, the same into a new tensor.
 *
 * The value is converted once, with Scalar::to<T>'s overflow check
 * (`torch.zeros(2, dtype=torch.uint8).fill_(300)` is "value cannot be
 * converted to type uint8_t without overflow"), then its bytes are stored
 * into every element.  Writing the same value several times is harmless, so
 * unlike copy_ a fill accepts an expanded tensor (PyTorch builds its
 * TensorIterator with set_check_mem_overlap(false): "Fill is idempotent").
 *
 * PyTorch 1.13: aten/src/ATen/native/Fill.cpp, native/cpu/FillKernel.cpp
 */
#include <string.h>

#include "Functions.h"
#include "NativeFunctions.h"
#include "ops/AutogenFunctional.h"
#include "ops/EmptyTensor.h"
#include "ops/Fill.h"
#include "ops/MetaMode.h"
#include "ops/TensorIterator.h"
#include "ops/TensorIteratorConfig.h"
#include "ops/cpu/Loops.h"
#include "ops/quantized/AffineQuantizer.h"
#include "ops/TensorUtils.h"
#include "runtime/Exception.h"
#include "runtime/Parallel.h"
#include "runtime/TypeCast.h"

/* The bytes of the value, as a tile's loop reads them. */
typedef struct FillValue {
  char bytes[MINATEN_MAX_ELEMENT_SIZE];
  size_t size;
} FillValue;

/* Stores the `size` bytes at `value` n times from p, `stride` bytes apart. */
static void fill_row(char* p, int64_t stride, int64_t n, const char* value, size_t size) {
  switch (size) {
    case 1: for (int64_t i = 0; i < n; i++, p += stride) *p = value[0]; break;
    case 2: for (int64_t i = 0; i < n; i++, p += stride) memcpy(p, value, 2); break;
    case 4: for (int64_t i = 0; i < n; i++, p += stride) memcpy(p, value, 4); break;
    case 8: for (int64_t i = 0; i < n; i++, p += stride) memcpy(p, value, 8); break;
    default: for (int64_t i = 0; i < n; i++, p += stride) memcpy(p, value, 16); break; /* complex128 */
  }
}

/* fill's loop over one tile of self (TensorIterator's, one operand): the
 * value's bytes (ctx) stored into each element; a unit-stride row of bytes
 * is one memset.
 * PyTorch 1.13: native/cpu/FillKernel.cpp fill_kernel (cpu_kernel_vec's loop) */
static void fill_loop2d(void* ctx, char** data, const int64_t* strides, int64_t size0, int64_t size1) {
  const FillValue* v = ctx;
  char* p = data[0];
  for (int64_t j = 0; j < size1; j++, p += strides[1]) {
    if (v->size == 1 && strides[0] == 1)
      memset(p, v->bytes[0], (size_t)size0);
    else
      fill_row(p, strides[0], size0, v->bytes, v->size);
  }
}

/* Every element of self gets the bytes in `value`: TensorIterator's walk
 * over self (a dense tensor, whatever the order of its strides, coalesces
 * to one row) on the intra-op threads above the grain, as fill_kernel's
 * cpu_kernel_vec runs; skipped in a shape run (ops/MetaMode.h).
 * PyTorch 1.13: Fill.cpp fill_out (its TensorIterator), native/cpu/FillKernel.cpp */
static void fill_bytes(Tensor* self, const char* value) {
  if (self->numel == 0 || MetaMode_isEnabled()) return;
  FillValue v;
  v.size = Tensor_itemsize(self);
  memcpy(v.bytes, value, v.size);
  TensorIteratorConfig config;
  TensorIteratorConfig_init(&config);
  config.check_mem_overlap = false; /* "Fill is idempotent, so overlap is okay" */
  config.complex_kernels = true;
  config.check_all_same_dtype = false;
  config.resize_outputs = false;
  TensorIteratorConfig_add_output(&config, self);
  TensorIteratorBase iter;
  int built = TensorIterator_build(&iter, &config); /* one output, no input: nothing to refuse */
  TORCH_INTERNAL_ASSERT(built == 0);
  cpu_kernel_vec(&iter, fill_loop2d, &v);
  TensorIterator_release(&iter);
}

/* See Fill.h.  PyTorch 1.13: native/cpu/FillKernel.cpp fill_kernel */
void fill_kernel(Tensor* self, Scalar value) {
  char bytes[MINATEN_MAX_ELEMENT_SIZE];
  store_scalar(self->dtype, bytes, value);
  fill_bytes(self, bytes);
}

/* A quantized dtype on a tensor that is not quantized (scalar_tensor's
 * empty with dtype=torch.quint8, the output cumsum(dtype=torch.quint8)
 * allocates) is refused by the dtype switch, before the value is converted:
 * scalar_fill's, named "fill_out", for one element, fill_kernel's, named
 * "fill_cpu", for any other number (none included).
 * PyTorch 1.13: aten/src/ATen/native/Fill.cpp fill_out (with at::detail::scalar_fill
 * for one element, fill_kernel otherwise: both convert with Scalar::to<T>) */
static Tensor* fill_out(Tensor* self, Scalar value) {
  char bytes[MINATEN_MAX_ELEMENT_SIZE];
  TORCH_CHECK(!ScalarType_isQuantized(self->dtype), "\"%s\" not implemented for '%s'",
              self->numel == 1 ? "fill_out" : "fill_cpu", ScalarType_name(self->dtype));
  TRY(store_scalar_checked(self->dtype, bytes, value) == 0);
  fill_bytes(self, bytes);
  return Tensor_retain(self);
fail:
  return NULL;
}

/* PyTorch 1.13: aten/src/ATen/native/Fill.cpp at::native::fill_ (Scalar) */
Tensor* at_native_fill_(Tensor* self, Scalar value) { return fill_out(self, value); }

/* fill_ of a quantized tensor: a float tensor of self's shape holding the
 * value (ones * value: the value as a float, out-of-range doubles becoming
 * +-inf), copied into self by copy_, which quantizes it with self's
 * quantizer (per tensor or per channel) and refuses a non-contiguous self
 * ("Quantized copy only works with contiguous and NHWC Tensors").
 * PyTorch 1.13: aten/src/ATen/native/Fill.cpp fill_out_quantized */
static Tensor* fill_out_quantized(Tensor* self, Scalar value) {
  Tensor* out = empty_cpu(Tensor_sizes(self), ScalarType_Float);
  if (out == NULL) return NULL;
  float v = double_to_float(Scalar_toDouble(value));
  fill_bytes(out, (const char*)&v);
  Tensor* r = at_copy_(self, out, false);
  Tensor_release(out);
  return r;
}

/* PyTorch 1.13: aten/src/ATen/native/Fill.cpp at::native::fill_quantized_ (Scalar) */
Tensor* at_native_fill_quantized_(Tensor* self, Scalar value) { return fill_out_quantized(self, value); }

/* The value of a one-element tensor as a Scalar: double for floating
 * dtypes, int64 for integers, bool for bool, both parts for complex, and for a quantized tensor its
 * dequantized value as a double (1.13's item() dequantizes first).
 * PyTorch 1.13: Tensor::item (aten/src/ATen/native/Scalar.cpp at::native::item,
 * _local_scalar_dense_cpu).
 * NB(minaten): PyTorch's item() dispatches aten::item -> _local_scalar_dense;
 * minaten reads the element directly (there is no Scalar-returning operator). */
Scalar item_scalar(const Tensor* t) {
  const char* p = Tensor_data(t);
  if (Tensor_isQuantized(t)) return Scalar_fromDouble((double)dequantize_qint(t->quantizer, qint_load(t->dtype, p, 0), 0));
  if (ScalarType_isFloating(t->dtype)) return Scalar_fromDouble(load_double(t->dtype, p));
  if (t->dtype == ScalarType_Bool) return Scalar_fromBool(load_int(t->dtype, p) != 0);
  if (t->dtype == ScalarType_ComplexFloat) {
    ComplexFloat z;
    memcpy(&z, p, sizeof z);
    return Scalar_fromComplex(z.real, z.imag);
  }
  if (t->dtype == ScalarType_ComplexDouble) {
    ComplexDouble z;
    memcpy(&z, p, sizeof z);
    return Scalar_fromComplex(z.real, z.imag);
  }
  return Scalar_fromLong(load_int(t->dtype, p));
}

/* PyTorch 1.13: aten/src/ATen/native/Fill.cpp at::native::fill_ (Tensor)
 * (NB(minaten): kernel named fill__Tensor, C has no overloading).
 * The value is read first (item()), so `a.fill_(a[1])` is well defined. */
Tensor* at_native_fill__Tensor(Tensor* self, const Tensor* value) {
  TORCH_CHECK(value->dim == 0,
              "fill_ only supports 0-dimension value tensor but got tensor with %lld dimensions.",
              (long long)value->dim);
  return fill_out(self, item_scalar(value));
fail:
  return NULL;
}

/* A meta tensor has no values to fill: the checks alone.
 * PyTorch 1.13: aten/src/ATen/native/Fill.cpp fill_meta_ (Scalar) */
Tensor* at_native_fill_meta_(Tensor* self, Scalar value) {
  (void)value;
  return Tensor_retain(self);
}

/* PyTorch 1.13: aten/src/ATen/native/Fill.cpp fill_meta_ (Tensor) */
Tensor* at_native_fill_meta__Tensor(Tensor* self, const Tensor* value) {
  TORCH_CHECK(value->dim == 0,
              "fill_ only supports 0-dimension value tensor but got tensor with %lld dimensions.",
              (long long)value->dim);
  return Tensor_retain(self);
fail:
  return NULL;
}

/* PyTorch 1.13: aten/src/ATen/native/Fill.cpp at::native::fill_quantized_ (Tensor)
 * (also what a float self filled from a quantized value tensor reaches) */
Tensor* at_native_fill_quantized__Tensor(Tensor* self, const Tensor* value) {
  TORCH_CHECK(value->dim == 0,
              "fill_ only supports 0-dimension value tensor but got tensor with %lld dimensions.",
              (long long)value->dim);
  return fill_out_quantized(self, item_scalar(value));
fail:
  return NULL;
}

/* PyTorch 1.13: aten/src/ATen/native/Fill.cpp at::native::fill (Scalar):
 * empty_like(self).fill_(value) */
Tensor* at_native_fill(const Tensor* self, Scalar value) {
  Tensor* r = at_empty_like(self, kNoDtype, kNoLayout, kNoDevice, kNoPinMemory, kNoMemoryFormat);
  Tensor* filled = r != NULL ? at_fill__Scalar(r, value) : NULL;
  Tensor_release(r);
  return filled;
}

/* PyTorch 1.13: aten/src/ATen/native/Fill.cpp at::native::fill (Tensor):
 * empty_like(self).fill_(value)
 * (NB(minaten): kernel named fill_Tensor, C has no overloading) */
Tensor* at_native_fill_Tensor(const Tensor* self, const Tensor* value) {
  Tensor* r = at_empty_like(self, kNoDtype, kNoLayout, kNoDevice, kNoPinMemory, kNoMemoryFormat);
  Tensor* filled = r != NULL ? at_fill__Tensor(r, value) : NULL;
  Tensor_release(r);
  return filled;
}

/* A storage of no bytes has no data in 1.13 (alloc_cpu returns nullptr
 * for 0 bytes), so zero_cpu_ of an empty tensor over one is fill_(0), whose
 * dtype switch refuses a quantized dtype ("fill_cpu" not implemented for
 * 'QUInt8': cumsum(empty, dtype=torch.quint8)).
 * PyTorch 1.13: aten/src/ATen/native/Fill.cpp zero_cpu_ */
static Tensor* zero_cpu_(Tensor* self, int64_t nelements) {
  if (self->storage->nbytes == 0 && self->storage_offset == 0) return at_fill__Scalar(self, Scalar_fromLong(0));
  if (nelements > 0 && !MetaMode_isEnabled()) memset(Tensor_data(self), 0, (size_t)nelements * Tensor_itemsize(self));
  return Tensor_retain(self);
}

/* PyTorch 1.13: aten/src/ATen/native/Fill.cpp zero_meta_ */
Tensor* at_native_zero_meta_(Tensor* self) { return Tensor_retain(self); }

/* The functional zero: a clone (self's strides kept), zeroed.
 * PyTorch 1.13: build/aten/src/ATen/RegisterCompositeExplicitAutograd.cpp
 * zero (generated from zero_ by `autogen: zero`) */
Tensor* at_native_zero_functional(const Tensor* self) {
  Tensor* out = at_clone(self, kNoMemoryFormat);
  return out == NULL ? NULL : AutogenFunctional_result(out, at_zero_(out));
}

/* PyTorch 1.13: aten/src/ATen/native/Fill.cpp at::native::zero_
 * A small dense CPU tensor is one memset; anything else is fill_(0). */
Tensor* at_native_zero_(Tensor* self) {
  enum { GRAIN_SIZE = 32768 }; /* at::internal::GRAIN_SIZE */
  if (self->device.type == DeviceType_CPU && Tensor_isNonOverlappingAndDense(self) && self->numel < GRAIN_SIZE)
    return zero_cpu_(self, self->numel);
  return at_fill__Scalar(self, Scalar_fromLong(0));
}
