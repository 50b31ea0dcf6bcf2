/*
 * Resize.c - see Resize.h.
 * PyTorch 1.13: aten/src/ATen/native/Resize.cpp
 */
#include "ops/AutogenFunctional.h"
#include "ops/Resize.h"

#include "Functions.h"
#include "NativeFunctions.h"
#include "ops/Copy.h"
#include "ops/TensorUtils.h"
#include "runtime/Exception.h"

/* 1.13's warning that an output holding elements is resized. */
static void warn_resized(const Tensor* output, IntArrayRef shape) {
  char had[256], want[256];
  Warning_warn("An output with one or more elements was resized since it had shape %s, which does "
               "not match the required output shape %s. This behavior is deprecated, and in a future "
               "PyTorch release outputs will not be resized unless they have zero elements. You can "
               "explicitly reuse an out tensor t by resizing it, inplace, to zero elements with "
               "t.resize_(0). (Triggered internally at  ./aten/src/ATen/native/Resize.cpp:17.)",
               IntArrayRef_format(Tensor_sizes(output), had, sizeof had),
               IntArrayRef_format(shape, want, sizeof want));
}

int resize_output(Tensor* output, IntArrayRef shape) {
  if (Tensor_hasSizes(output, shape)) return 0;
  if (output->numel != 0) warn_resized(output, shape);
  return Tensor_resizeContiguous(output, shape) < 0 ? -1 : 1;
}

int resize_output_dispatched(Tensor* output, IntArrayRef shape) {
  if (Tensor_hasSizes(output, shape)) return 0;
  if (output->numel != 0) warn_resized(output, shape);
  Tensor* r = at_resize_(output, shape, kNoMemoryFormat);
  if (r == NULL) return -1;
  Tensor_release(r);
  return 1;
}

int resize_output_restrided(Tensor* output, IntArrayRef shape, IntArrayRef strides) {
  int resized = resize_output(output, shape);
  if (resized == 1 && Tensor_setSizesAndStrides(output, shape, strides) < 0) return -1;
  return resized;
}

int check_out_same_dtype(const Tensor* out, ScalarType expected) {
  TORCH_CHECK(out->dtype == expected, "Found dtype %s but expected %s", ScalarType_name(out->dtype),
              ScalarType_name(expected));
  return 0;
fail:
  return -1;
}

int check_out_dtype(const Tensor* out, ScalarType expected) {
  TORCH_CHECK(out->dtype == expected, "Expected out tensor to have dtype %s, but got %s instead",
              ScalarType_typeMetaName(expected), ScalarType_typeMetaName(out->dtype));
  return 0;
fail:
  return -1;
}

Tensor* resize_and_copy_out(Tensor* out, Tensor* result) {
  if (result == NULL) return NULL;
  TRY(resize_output_restrided(out, Tensor_sizes(result), Tensor_strides(result)) >= 0);
  TRY(copy_into(out, result) == 0);
  Tensor_release(result);
  return Tensor_retain(out);
fail:
  Tensor_release(result);
  return NULL;
}

/* self with the given sizes: unchanged when it has them already (strides
 * too), else contiguous, its storage grown in place when it is too small;
 * then, with a memory_format, restrided to it.
 * PyTorch 1.13: aten/src/ATen/native/Resize.cpp at::native::resize_ (resize_impl_cpu_) */
/* PyTorch 1.13: aten/src/ATen/native/Resize.cpp _resize_output_ (Meta) */
Tensor* at_native__resize_output_(Tensor* self, IntArrayRef size, Device device) {
  TORCH_CHECK(Device_equal(self->device, device), "out Tensor doesn't have the correct device set");
  TRY(resize_output_dispatched(self, size) >= 0);
  return Tensor_retain(self);
fail:
  return NULL;
}

Tensor* at_native_resize_(Tensor* self, IntArrayRef size, OptionalMemoryFormat memory_format) {
  TORCH_CHECK(!memory_format.has_value || memory_format.value != MemoryFormat_Preserve,
              "Unsupported memory formatPreserve"); /* sic */
  TRY(check_numel(size) == 0);
  if (!Tensor_hasSizes(self, size)) TRY(Tensor_resizeContiguous(self, size) == 0);
  if (memory_format.has_value) TRY(Tensor_emptyTensorRestride(self, memory_format.value) == 0);
  return Tensor_retain(self);
fail:
  return NULL;
}

/* self.resize_(the_template's sizes), through the dispatcher (the trace
 * shows aten::resize_ under aten::resize_as_); with a memory_format, self
 * is then restrided to it (preserve_format: the template's suggested
 * format).
 * PyTorch 1.13: aten/src/ATen/native/Resize.cpp at::native::resize_as_ */
Tensor* at_native_resize_as_(Tensor* self, const Tensor* the_template, OptionalMemoryFormat memory_format) {
  Tensor* result = at_resize_(self, Tensor_sizes(the_template), (OptionalMemoryFormat){false, MemoryFormat_Contiguous});
  if (result == NULL || !memory_format.has_value) return result;
  MemoryFormat format = memory_format.value == MemoryFormat_Preserve ? Tensor_suggestMemoryFormat(the_template)
                                                                     : memory_format.value;
  if (Tensor_emptyTensorRestride(result, format) < 0) {
    Tensor_release(result);
    return NULL;
  }
  return result;
}

/* The functional resize_as: a clone (self's strides kept), resized as the
 * template.
 * PyTorch 1.13: build/aten/src/ATen/RegisterCompositeExplicitAutograd.cpp
 * resize_as (generated from resize_as_ by `autogen: resize_as`) */
Tensor* at_native_resize_as_functional(const Tensor* self, const Tensor* the_template, OptionalMemoryFormat memory_format) {
  Tensor* out = at_clone(self, kNoMemoryFormat);
  return out == NULL ? NULL : AutogenFunctional_result(out, at_resize_as_(out, the_template, memory_format));
}

/* The functional _resize_output_: a clone (self's strides kept), resized.
 * PyTorch 1.13: build/aten/src/ATen/RegisterCompositeExplicitAutograd.cpp
 * _resize_output (generated from _resize_output_ by `autogen: _resize_output`) */
Tensor* at_native__resize_output_functional(const Tensor* self, IntArrayRef size, Device device) {
  Tensor* out = at_clone(self, kNoMemoryFormat);
  return out == NULL ? NULL : AutogenFunctional_result(out, at__resize_output_(out, size, device));
}

/* The functional resize: a clone (self's strides kept), resized.
 * PyTorch 1.13: build/aten/src/ATen/RegisterCompositeExplicitAutograd.cpp
 * resize (generated from resize_ by `autogen: resize`) */
Tensor* at_native_resize_functional(const Tensor* self, IntArrayRef size, OptionalMemoryFormat memory_format) {
  Tensor* out = at_clone(self, kNoMemoryFormat);
  return out == NULL ? NULL : AutogenFunctional_result(out, at_resize_(out, size, memory_format));
}
