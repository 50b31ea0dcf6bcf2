/*
 * TensorConversions.c - to, _to_copy and contiguous.
 *
 * `to` and `contiguous` are CompositeImplicitAutograd: when nothing would
 * change they return self itself (a new reference to the same tensor, so
 * `a.to(a.dtype) is a`), and a trace shows nothing; otherwise they call the
 * one operator that copies, `_to_copy` (for `to`) or `clone` (for
 * `contiguous`), which is what a trace shows.
 *
 * "Nothing would change" is to_will_alias: every given option equals
 * self's, copy=False, and the memory format is preserve or the one self's
 * strides suggest.  NB: devices compare with their index, so `a.to("cpu:0")`
 * copies (cpu:0 is not cpu), and the suggested format of a transposed 2-D
 * tensor is contiguous_format, so `a.t().to(memory_format=
 * torch.contiguous_format)` returns a.t() itself, non-contiguous.
 *
 * PyTorch 1.13: aten/src/ATen/native/TensorConversions.cpp,
 * TensorProperties.cpp (contiguous)
 */
#include <inttypes.h>
#include <string.h>

#include "Functions.h"
#include "NativeFunctions.h"
#include "ops/TensorUtils.h"
#include "runtime/Exception.h"

/* PyTorch 1.13: c10/core/Device.h Device::supports_as_strided */
static bool supports_as_strided(Device d) { return d.type != DeviceType_Lazy; }

/*
 * A copy of self with the given options, every option defaulting to self's.
 * With preserve_format (the default) the copy keeps self's strides if self
 * is dense, else takes dense strides in self's dimension order; a device
 * without strides (lazy) gets contiguous ones.
 * PyTorch 1.13: aten/src/ATen/native/TensorConversions.cpp at::native::_to_copy
 */
Tensor* at_native__to_copy(const Tensor* self, OptionalScalarType dtype, OptionalLayout layout,
                           OptionalDevice device, OptionalBool pin_memory, bool non_blocking,
                           OptionalMemoryFormat memory_format) {
  (void)pin_memory; /* pin_out only for CUDA sources */
  int64_t strides[MINATEN_MAX_DIM];
  /* Layouts: minaten has only torch.strided, so the layout check of
   * PyTorch ("to(options) doesn't support converting to a different
   * layout") never fires. */
  OptionalScalarType dt = {true, dtype.has_value ? dtype.value : self->dtype};
  OptionalLayout lay = {true, layout.has_value ? layout.value : Layout_Strided};
  /* ensure_has_index: a lazy device without index means lazy:0. */
  OptionalDevice dev = {true, device.has_value ? device.value : self->device};
  if (dev.value.type == DeviceType_Lazy && dev.value.index < 0) dev.value.index = 0;
  MemoryFormat format = memory_format.has_value ? memory_format.value : MemoryFormat_Preserve;
  Tensor* r;
  bool quantized = self->quantizer != NULL;
  if (quantized && format == MemoryFormat_Preserve && supports_as_strided(dev.value) &&
      Tensor_isNonOverlappingAndDense(self)) {
    /* A quantized copy keeps the quantizer empty_quantized gave it, whatever
     * copy_ sets (so `q.to(torch.quint8, copy=True)` keeps q's parameters). */
    r = at_empty_quantized(Tensor_sizes(self), self, dt, lay, dev, kNoPinMemory, kNoMemoryFormat);
    if (r == NULL) return NULL;
    Quantizer* kept = Quantizer_retain(r->quantizer);
    Tensor* out = at_copy_(r, self, non_blocking);
    Tensor_release(r);
    if (out != NULL) {
      Quantizer_release(out->quantizer);
      out->quantizer = kept;
    } else {
      Quantizer_release(kept);
    }
    return out;
  }
  if (quantized) {
    /* NB: PyTorch 1.13 makes any other copy of a quantized tensor with
     * empty_like(self, memory_format), which ignores the requested dtype:
     * q[::2].float() is a quint8 tensor. */
    OptionalMemoryFormat f = {true, format};
    r = at_empty_like(self, kNoDtype, kNoLayout, kNoDevice, kNoPinMemory, f);
  } else if (format == MemoryFormat_Preserve && supports_as_strided(dev.value)) {
    if (Tensor_isNonOverlappingAndDense(self)) {
      r = at_empty_strided(Tensor_sizes(self), Tensor_strides(self), dt, lay, dev, kNoPinMemory);
    } else {
      infer_dense_strides(Tensor_sizes(self), Tensor_strides(self), strides);
      r = at_empty_strided(Tensor_sizes(self), IntArrayRef_make(strides, (size_t)self->dim), dt,
                           lay, dev, kNoPinMemory);
    }
  } else {
    /* preserve on a device without strides: self's suggested format */
    OptionalMemoryFormat f = {true, format == MemoryFormat_Preserve ? Tensor_suggestMemoryFormat(self) : format};
    r = at_empty_memory_format(Tensor_sizes(self), dt, lay, dev, kNoPinMemory, f);
  }
  if (r == NULL) return NULL;
  Tensor* out = at_copy_(r, self, non_blocking);
  Tensor_release(r);
  return out;
}

/* c10::Device::operator==: type and index (cpu and cpu:0 differ). */
static bool device_equal(Device a, Device b) { return a.type == b.type && a.index == b.index; }

/* PyTorch 1.13: aten/src/ATen/native/TensorConversions.cpp to_will_alias */
static bool to_will_alias(const Tensor* self, OptionalScalarType dtype, OptionalLayout layout,
                          OptionalDevice device, bool copy, OptionalMemoryFormat memory_format) {
  MemoryFormat format = memory_format.has_value ? memory_format.value : MemoryFormat_Preserve;
  return (!dtype.has_value || dtype.value == self->dtype) && (!layout.has_value || layout.value == Layout_Strided) &&
         (!device.has_value || device_equal(device.value, self->device)) && !copy &&
         (format == MemoryFormat_Preserve || Tensor_suggestMemoryFormat(self) == format);
}

/* PyTorch 1.13: aten/src/ATen/native/TensorConversions.cpp to_impl */
static Tensor* to_impl(const Tensor* self, OptionalScalarType dtype, OptionalLayout layout,
                       OptionalDevice device, OptionalBool pin_memory, bool non_blocking, bool copy,
                       OptionalMemoryFormat memory_format) {
  /* fast path */
  if (to_will_alias(self, dtype, layout, device, copy, memory_format)) return Tensor_retain(self);
  return at__to_copy(self, dtype, layout, device, pin_memory, non_blocking, memory_format);
}

/* PyTorch 1.13: aten/src/ATen/native/TensorConversions.cpp at::native::to (dtype_layout) */
Tensor* at_native_to(const Tensor* self, OptionalScalarType dtype, OptionalLayout layout,
                     OptionalDevice device, OptionalBool pin_memory, bool non_blocking, bool copy,
                     OptionalMemoryFormat memory_format) {
  return to_impl(self, dtype, layout, device, pin_memory, non_blocking, copy, memory_format);
}

/* PyTorch 1.13: aten/src/ATen/native/TensorConversions.cpp at::native::to (dtype)
 * (NB(minaten): kernel named to_dtype, C has no overloading) */
Tensor* at_native_to_dtype(const Tensor* self, ScalarType dtype, bool non_blocking, bool copy,
                           OptionalMemoryFormat memory_format) {
  OptionalScalarType dt = {true, dtype};
  return to_impl(self, dt, kNoLayout, kNoDevice, kNoPinMemory, non_blocking, copy, memory_format);
}

/*
 * self if it is already contiguous in the format (with preserve_format:
 * if it is contiguous at all), else clone(memory_format).
 * PyTorch 1.13: aten/src/ATen/native/TensorProperties.cpp at::native::contiguous
 */
Tensor* at_native_contiguous(const Tensor* self, MemoryFormat memory_format) {
  if (Tensor_isContiguousMemoryFormat(self, memory_format)) return Tensor_retain(self);
  TORCH_CHECK(memory_format != MemoryFormat_Preserve,
              "preserve memory format is unsupported by the contiguous operator");
  OptionalMemoryFormat f = {true, memory_format};
  return at_clone(self, f);
fail:
  return NULL;
}

/*
 * view.dtype: self's bytes read as another dtype, a view on the same
 * storage.  With a smaller element the last dimension grows by the size
 * ratio and must have stride 1 (the other strides and the storage offset
 * scale up); with a larger one it shrinks, so the last size, the storage
 * offset and every other stride must divide by the ratio.  A 0-dim tensor
 * cannot change element size.
 *
 * NB(minaten): on a quantized tensor PyTorch 1.13 builds a header that
 * keeps the QuantizedCPU key but has no quantizer (printing it crashes);
 * minaten gives a plain CPU tensor over the same bytes.
 *
 * PyTorch 1.13: aten/src/ATen/native/TensorConversions.cpp at::native::view_dtype
 * (compute_strides_for_view_dtype_downsize/_upsize)
 */
Tensor* at_native_view_dtype(const Tensor* self, ScalarType dtype) {
  if (self->dtype == dtype) return Tensor_retain(self);
  TORCH_CHECK(!Tensor_isConj(self), "torch.Tensor.view is not supported for conjugate view tensors when converting to "
                                    "a different dtype.");
  TORCH_CHECK(!Tensor_isNeg(self), "torch.Tensor.view is not supported for tensors with negative bit set when "
                                   "converting to a different dtype.");
  const int64_t old_size = (int64_t)Tensor_itemsize(self);
  const int64_t new_size = (int64_t)ScalarType_elementSize(dtype);
  const int64_t ndim = self->dim;
  const char* from = ScalarType_name(self->dtype);
  const char* to = ScalarType_name(dtype);
  int64_t sizes[MINATEN_MAX_DIM], strides[MINATEN_MAX_DIM];
  int64_t offset = self->storage_offset;
  if (ndim) {
    memcpy(sizes, self->sizes, (size_t)ndim * sizeof(int64_t));
    memcpy(strides, self->strides, (size_t)ndim * sizeof(int64_t));
  }
  if (old_size != new_size) {
    TORCH_CHECK(ndim != 0, "self.dim() cannot be 0 to view %s as %s (different element sizes)", from, to);
    if (old_size > new_size) { /* downsize */
      const int64_t ratio = old_size / new_size;
      TORCH_CHECK(strides[ndim - 1] == 1,
                  "self.stride(-1) must be 1 to view %s as %s (different element sizes), but got %" PRId64,
                  from, to, strides[ndim - 1]);
      /* int64_t arithmetic as PyTorch's, wrapping (strides of size-0
       * dimensions are unchecked and may be huge) */
      for (int64_t d = 0; d < ndim - 1; d++) strides[d] = (int64_t)((uint64_t)strides[d] * (uint64_t)ratio);
      sizes[ndim - 1] = (int64_t)((uint64_t)sizes[ndim - 1] * (uint64_t)ratio);
      offset = (int64_t)((uint64_t)offset * (uint64_t)ratio);
    } else { /* upsize */
      const int64_t ratio = new_size / old_size;
      TORCH_CHECK(sizes[ndim - 1] % ratio == 0,
                  "self.size(-1) must be divisible by %" PRId64
                  " to view %s as %s (different element sizes), but got %" PRId64,
                  ratio, from, to, sizes[ndim - 1]);
      TORCH_CHECK(offset % ratio == 0,
                  "self.storage_offset() must be divisible by %" PRId64
                  " to view %s as %s (different element sizes), but got %" PRId64,
                  ratio, from, to, offset);
      TORCH_CHECK(strides[ndim - 1] == 1,
                  "self.stride(-1) must be 1 to view %s as %s (different element sizes), but got %" PRId64,
                  from, to, strides[ndim - 1]);
      for (int64_t d = 0; d < ndim - 1; d++) {
        TORCH_CHECK(strides[d] % ratio == 0,
                    "self.stride(%" PRId64 ") must be divisible by %" PRId64
                    " to view %s as %s (different element sizes), but got %" PRId64,
                    d, ratio, from, to, strides[d]);
        strides[d] /= ratio;
      }
      sizes[ndim - 1] /= ratio;
      offset /= ratio;
    }
  }
  DispatchKey backend = Tensor_backendKey(self);
  if (backend == DispatchKey_QuantizedCPU) backend = DispatchKey_CPU;
  return Tensor_new(self->storage, offset, IntArrayRef_make(sizes, (size_t)ndim),
                    IntArrayRef_make(strides, (size_t)ndim), dtype, self->device, backend);
fail:
  return NULL;
}
