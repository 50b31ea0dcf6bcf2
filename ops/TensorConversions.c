/*
 * TensorConversions.c - to, _to_copy and contiguous.
 *
 * `to` is CompositeImplicitAutograd: it returns self itself when nothing
 * would change (so `a.to(a.dtype)` traces nothing) and otherwise calls
 * `_to_copy`, the one conversion the trace shows.
 *
 * PyTorch 1.13: aten/src/ATen/native/TensorConversions.cpp
 */
#include "Functions.h"
#include "NativeFunctions.h"
#include "ops/TensorUtils.h"
#include "runtime/Exception.h"

static const OptionalLayout kNoLayout = {false, Layout_Strided};
static const OptionalBool kNoPin = {false, false};

/* PyTorch 1.13: TensorConversions.cpp at::native::_to_copy */
Tensor* at_native__to_copy(const Tensor* self, OptionalScalarType dtype, OptionalLayout layout,
                           OptionalDevice device, OptionalBool pin_memory, bool non_blocking,
                           OptionalMemoryFormat memory_format) {
  (void)layout;
  (void)pin_memory;
  OptionalScalarType dt = {true, dtype.has_value ? dtype.value : self->dtype};
  OptionalDevice dev = {true, device.has_value ? device.value : self->device};
  MemoryFormat format = memory_format.has_value ? memory_format.value : MemoryFormat_Preserve;
  Tensor* r;
  if (format == MemoryFormat_Preserve && Tensor_isNonOverlappingAndDense(self)) {
    r = at_empty_strided(Tensor_sizes(self), Tensor_strides(self), dt, kNoLayout, dev, kNoPin);
  } else {
    OptionalMemoryFormat contiguous = {true, MemoryFormat_Contiguous};
    r = at_empty_memory_format(Tensor_sizes(self), dt, kNoLayout, dev, kNoPin,
                               format == MemoryFormat_Preserve ? contiguous : memory_format);
  }
  if (r == NULL) return NULL;
  Tensor* out = at_copy_(r, self, non_blocking);
  Tensor_release(r);
  return out;
}

static bool same_device(Device a, Device b) {
  return a.type == b.type && (a.index < 0 ? 0 : a.index) == (b.index < 0 ? 0 : b.index);
}

/* PyTorch 1.13: TensorConversions.cpp to_will_alias + to_impl */
static Tensor* to_impl(const Tensor* self, OptionalScalarType dtype, OptionalLayout layout,
                       OptionalDevice device, OptionalBool pin_memory, bool non_blocking, bool copy,
                       OptionalMemoryFormat memory_format) {
  MemoryFormat format = memory_format.has_value ? memory_format.value : MemoryFormat_Preserve;
  bool will_alias = (!dtype.has_value || dtype.value == self->dtype) &&
                    (!device.has_value || same_device(device.value, self->device)) && !copy &&
                    (format == MemoryFormat_Preserve || self->is_contiguous);
  if (will_alias) return Tensor_retain(self);
  return at__to_copy(self, dtype, layout, device, pin_memory, non_blocking, memory_format);
}

/* PyTorch 1.13: TensorConversions.cpp at::native::to (dtype_layout) */
Tensor* at_native_to(const Tensor* self, OptionalScalarType dtype, OptionalLayout layout,
                     OptionalDevice device, OptionalBool pin_memory, bool non_blocking, bool copy,
                     OptionalMemoryFormat memory_format) {
  return to_impl(self, dtype, layout, device, pin_memory, non_blocking, copy, memory_format);
}

/* PyTorch 1.13: TensorConversions.cpp at::native::to (dtype)
 * (NB(minaten): kernel named to_dtype, C has no overloading) */
Tensor* at_native_to_dtype(const Tensor* self, ScalarType dtype, bool non_blocking, bool copy,
                           OptionalMemoryFormat memory_format) {
  OptionalScalarType dt = {true, dtype};
  OptionalDevice no_device = {false, {DeviceType_CPU, -1}};
  return to_impl(self, dt, kNoLayout, no_device, kNoPin, non_blocking, copy, memory_format);
}

/* PyTorch 1.13: aten/src/ATen/native/TensorProperties.cpp at::native::contiguous */
Tensor* at_native_contiguous(const Tensor* self, MemoryFormat memory_format) {
  if (self->is_contiguous) return Tensor_retain(self);
  TORCH_CHECK(memory_format != MemoryFormat_Preserve,
              "preserve memory format is unsupported by the contiguous operator");
  OptionalMemoryFormat f = {true, memory_format};
  return at_clone(self, f);
fail:
  return NULL;
}
