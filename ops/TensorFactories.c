/*
 * TensorFactories.c - empty, zeros, ones, full, arange, empty_like, clone.
 *
 * Factories are CompositeExplicitAutograd (or CPU) kernels reached through
 * BackendSelect, which picks the backend from the dtype and device
 * arguments.  They build on `empty` + an in-place fill, calling through the
 * dispatcher as PyTorch does; the trace shows only the factory itself,
 * because the trace mode is off while a traced operator's kernel runs.
 *
 * PyTorch 1.13: aten/src/ATen/native/TensorFactories.cpp, RangeFactories.cpp
 */
#include <math.h>
#include <string.h>

#include "Functions.h"
#include "NativeFunctions.h"
#include "ops/Copy.h"
#include "ops/EmptyTensor.h"
#include "ops/TensorUtils.h"
#include "runtime/Exception.h"

static const OptionalLayout kNoLayout = {false, Layout_Strided};
static const OptionalBool kNoPin = {false, false};
static const OptionalMemoryFormat kNoMemoryFormat = {false, MemoryFormat_Contiguous};

/* The default dtype (torch.get_default_dtype()). */
static ScalarType dtype_or_default(OptionalScalarType dtype) {
  return dtype.has_value ? dtype.value : ScalarType_Float;
}

static OptionalScalarType some_dtype(ScalarType t) {
  OptionalScalarType o = {true, t};
  return o;
}

/* PyTorch 1.13: TensorFactories.cpp at::native::empty_cpu */
Tensor* at_native_empty_cpu(IntArrayRef size, OptionalScalarType dtype, OptionalLayout layout,
                            OptionalDevice device, OptionalBool pin_memory,
                            OptionalMemoryFormat memory_format) {
  (void)layout;
  (void)device;
  (void)pin_memory;
  TORCH_CHECK(!memory_format.has_value || memory_format.value != MemoryFormat_Preserve,
              "preserve memory format is unsupported by the contiguous operator");
  return empty_cpu(size, dtype_or_default(dtype));
fail:
  return NULL;
}

/* PyTorch 1.13: TensorFactories.cpp at::native::empty_strided_cpu */
Tensor* at_native_empty_strided_cpu(IntArrayRef size, IntArrayRef stride, OptionalScalarType dtype,
                                    OptionalLayout layout, OptionalDevice device,
                                    OptionalBool pin_memory) {
  (void)layout;
  (void)device;
  (void)pin_memory;
  TORCH_CHECK(size.size == stride.size, "mismatch in length of strides and shape");
  return empty_strided_cpu(size, stride, dtype_or_default(dtype));
fail:
  return NULL;
}

/* PyTorch 1.13: TensorFactories.cpp at::native::empty_like */
Tensor* at_native_empty_like(const Tensor* self, OptionalScalarType dtype, OptionalLayout layout,
                             OptionalDevice device, OptionalBool pin_memory,
                             OptionalMemoryFormat memory_format) {
  OptionalScalarType dt = some_dtype(dtype.has_value ? dtype.value : self->dtype);
  OptionalDevice dev = device;
  if (!dev.has_value) {
    dev.has_value = true;
    dev.value = self->device;
  }
  MemoryFormat format = memory_format.has_value ? memory_format.value : MemoryFormat_Preserve;
  if (format == MemoryFormat_Preserve && Tensor_isNonOverlappingAndDense(self))
    return at_empty_strided(Tensor_sizes(self), Tensor_strides(self), dt, layout, dev, pin_memory);
  /* Preserve of an overlapping or non-dense tensor: its suggested format,
   * which for the formats minaten has is contiguous. */
  return at_empty_memory_format(Tensor_sizes(self), dt, layout, dev, pin_memory, kNoMemoryFormat);
}

/* Shared by zeros, ones, full: empty, then fill_. */
static Tensor* filled(IntArrayRef size, Scalar value, OptionalScalarType dtype, OptionalLayout layout,
                      OptionalDevice device, OptionalBool pin_memory) {
  Tensor* t = at_empty_memory_format(size, dtype, layout, device, pin_memory, kNoMemoryFormat);
  if (t == NULL) return NULL;
  Tensor* r = at_fill__Scalar(t, value);
  Tensor_release(t);
  return r;
}

/* PyTorch 1.13: TensorFactories.cpp at::native::zeros_symint (NB(minaten): no _symint) */
Tensor* at_native_zeros(IntArrayRef size, OptionalScalarType dtype, OptionalLayout layout,
                        OptionalDevice device, OptionalBool pin_memory) {
  Tensor* t = at_empty_memory_format(size, dtype, layout, device, pin_memory, kNoMemoryFormat);
  if (t == NULL) return NULL;
  Tensor* r = at_zero_(t);
  Tensor_release(t);
  return r;
}

/* PyTorch 1.13: TensorFactories.cpp at::native::ones */
Tensor* at_native_ones(IntArrayRef size, OptionalScalarType dtype, OptionalLayout layout,
                       OptionalDevice device, OptionalBool pin_memory) {
  return filled(size, Scalar_fromLong(1), dtype, layout, device, pin_memory);
}

/* PyTorch 1.13: TensorFactories.cpp at::native::full (dtype inferred from the
 * fill value when not given: infer_full_options) */
Tensor* at_native_full(IntArrayRef size, Scalar fill_value, OptionalScalarType dtype,
                       OptionalLayout layout, OptionalDevice device, OptionalBool pin_memory) {
  if (!dtype.has_value) {
    dtype = some_dtype(fill_value.tag == ScalarTag_Bool   ? ScalarType_Bool
                       : fill_value.tag == ScalarTag_Long ? ScalarType_Long
                                                          : ScalarType_Float);
  }
  return filled(size, fill_value, dtype, layout, device, pin_memory);
}

/* PyTorch 1.13: RangeFactories.cpp at::native::arange_out */
Tensor* at_native_arange_out(Scalar start, Scalar end, Scalar step, Tensor* out) {
  ScalarType t = out->dtype;
  TORCH_CHECK(t != ScalarType_Bool && !ScalarType_isQuantized(t),
              "\"arange_cpu\" not implemented for '%s'", ScalarType_name(t));
  bool integral = ScalarType_isIntegral(t, false);
  /* The accumulate type: int64 for integral results (Scalar::to<int64_t>,
   * with its overflow check), double otherwise. */
  int64_t istart = 0, iend = 0, istep = 0;
  if (integral) {
    TRY(store_scalar_checked(ScalarType_Long, (char*)&istart, start) == 0);
    TRY(store_scalar_checked(ScalarType_Long, (char*)&iend, end) == 0);
    TRY(store_scalar_checked(ScalarType_Long, (char*)&istep, step) == 0);
  }
  double xstart = integral ? (double)istart : Scalar_toDouble(start);
  double xend = integral ? (double)iend : Scalar_toDouble(end);
  double xstep = integral ? (double)istep : Scalar_toDouble(step);
  double size_d = t == ScalarType_Long ? ceil((xend - xstart) / xstep)
                                       : ceil((Scalar_toDouble(end) - Scalar_toDouble(start)) / Scalar_toDouble(step));
  TORCH_CHECK(xstep > 0 || xstep < 0, "step must be nonzero");
  TORCH_CHECK(isfinite(xstart) && isfinite(xend), "unsupported range: %g -> %g", xstart, xend);
  TORCH_CHECK((xstep > 0 && xend >= xstart) || (xstep < 0 && xend <= xstart),
              "upper bound and larger bound inconsistent with step sign");
  /* NB: 2^63 itself does not fit int64 (PyTorch's `<= max` rounds it in). */
  TORCH_CHECK(size_d >= 0 && size_d < 9223372036854775808.0, "invalid size, possible overflow?");
  int64_t size = (int64_t)size_d;
  int64_t nbytes_checked;
  TORCH_CHECK(!__builtin_mul_overflow(size, (int64_t)Tensor_itemsize(out), &nbytes_checked),
              "Storage size calculation overflowed with sizes=[%lld]", (long long)size);
  /* NB(minaten): PyTorch resizes `out` to [size]; minaten resizes only 1-D outputs. */
  TORCH_CHECK(out->dim == 1, "minaten: arange's out= tensor must be 1-D");
  size_t nbytes = (size_t)nbytes_checked;
  if (out->numel != size) {
    if (out->storage->nbytes < nbytes + (size_t)out->storage_offset * Tensor_itemsize(out)) {
      Storage* s = Storage_new(nbytes);
      TRY(s);
      Storage_release(out->storage);
      out->storage = s;
      out->storage_offset = 0;
    }
    out->sizes[0] = size;
    out->strides[0] = 1;
    Tensor_refreshContiguous(out);
  }
  char* p = Tensor_data(out);
  int64_t stride_bytes = out->strides[0] * (int64_t)Tensor_itemsize(out);
  for (int64_t i = 0; i < size; i++, p += stride_bytes) {
    if (integral)
      store_scalar(t, p, Scalar_fromLong(istart + istep * i));
    else
      store_from_double(t, p, xstart + xstep * (double)i);
  }
  return Tensor_retain(out);
fail:
  return NULL;
}

/* PyTorch 1.13: TensorFactories.cpp at::native::arange (start, end, step) */
Tensor* at_native_arange_start_step(Scalar start, Scalar end, Scalar step, OptionalScalarType dtype,
                                    OptionalLayout layout, OptionalDevice device,
                                    OptionalBool pin_memory) {
  if (!dtype.has_value) {
    /* torch.arange infers int64 when every bound is integral (the Python
     * binding does this), else the default dtype. */
    bool all_integral = start.tag != ScalarTag_Double && end.tag != ScalarTag_Double &&
                        step.tag != ScalarTag_Double;
    dtype = some_dtype(all_integral ? ScalarType_Long : ScalarType_Float);
  }
  int64_t zero = 0;
  Tensor* result = at_empty_memory_format(IntArrayRef_make(&zero, 1), dtype, layout, device,
                                          pin_memory, kNoMemoryFormat);
  if (result == NULL) return NULL;
  Tensor* r = at_arange_start_out(start, end, step, result);
  Tensor_release(result);
  return r;
}

/* PyTorch 1.13: TensorFactories.cpp at::native::arange (start, end) */
Tensor* at_native_arange_start(Scalar start, Scalar end, OptionalScalarType dtype, OptionalLayout layout,
                               OptionalDevice device, OptionalBool pin_memory) {
  return at_native_arange_start_step(start, end, Scalar_fromLong(1), dtype, layout, device, pin_memory);
}

/* PyTorch 1.13: TensorFactories.cpp at::native::arange (end) */
Tensor* at_native_arange(Scalar end, OptionalScalarType dtype, OptionalLayout layout,
                         OptionalDevice device, OptionalBool pin_memory) {
  return at_native_arange_start_step(Scalar_fromLong(0), end, Scalar_fromLong(1), dtype, layout,
                                     device, pin_memory);
}

/* PyTorch 1.13: TensorFactories.cpp at::native::clone */
Tensor* at_native_clone(const Tensor* src, OptionalMemoryFormat memory_format) {
  MemoryFormat format = memory_format.has_value ? memory_format.value : MemoryFormat_Preserve;
  OptionalScalarType dtype = some_dtype(src->dtype);
  OptionalDevice device = {true, src->device};
  Tensor* self;
  if (format == MemoryFormat_Preserve && Tensor_isNonOverlappingAndDense(src)) {
    /* Copy all strides: marginally faster than calling empty_like. */
    self = at_empty_strided(Tensor_sizes(src), Tensor_strides(src), dtype, kNoLayout, device, kNoPin);
  } else {
    OptionalMemoryFormat f = {true, format};
    self = at_empty_like(src, dtype, kNoLayout, device, kNoPin, f);
  }
  if (self == NULL) return NULL;
  Tensor* r = at_copy_(self, src, false);
  Tensor_release(self);
  return r;
}
