/*
 * ReduceAllOps.c - max() and min() of every element, one 0-dim result.
 *
 * A Float or Double input is made contiguous and reduced by max_all_stub
 * (min_all_stub), in 1.13's order on its threads (Note [max() in 1.13's
 * order] in ops/cpu/ReduceAllOpsKernel.c), which is not amax's: the sign
 * of a zero result can differ.  Integers and Bool take amax's kernel
 * (max_values_stub), whose order cannot change their result.
 *
 * PyTorch 1.13: aten/src/ATen/native/ReduceAllOps.cpp
 */
#include "NativeFunctions.h"
#include "ops/Copy.h"
#include "ops/EmptyTensor.h"
#include "ops/ReduceAllOps.h"
#include "ops/cpu/ReduceOpsKernel.h"
#include "runtime/Exception.h"

/* PyTorch 1.13: ReduceAllOps.cpp max, min */
static Tensor* extreme_all(const Tensor* self, bool max) {
  TORCH_CHECK(self->numel > 0,
              "%s(): Expected reduction dim to be specified for input.numel() == 0. Specify the reduction dim with "
              "the 'dim' argument.",
              max ? "max" : "min");
  TORCH_CHECK(self->device.type == DeviceType_CPU && !ScalarType_isQuantized(self->dtype),
              "minaten: reductions run on non-quantized CPU tensors only");
  TORCH_CHECK(!ScalarType_isComplex(self->dtype), "\"%s\" not implemented for '%s'", max ? "max_all" : "min_all",
              ScalarType_name(self->dtype));
  Tensor* result = empty_cpu(IntArrayRef_make(NULL, 0), self->dtype);
  if (result == NULL) return NULL;
  if (self->dtype != ScalarType_Float && self->dtype != ScalarType_Double) {
    bool mask[MINATEN_MAX_DIM];
    for (int64_t d = 0; d < self->dim; d++) mask[d] = true;
    ((extreme_values_fn)DispatchStub_get(max ? &max_values_stub : &min_values_stub))(self, result, mask, false);
    return result;
  }
  Tensor* contiguous = NULL; /* self.contiguous() */
  if (!self->is_contiguous) {
    contiguous = empty_cpu(Tensor_sizes(self), self->dtype);
    if (contiguous == NULL || copy_into(contiguous, self) < 0) {
      Tensor_release(contiguous);
      Tensor_release(result);
      return NULL;
    }
  }
  ((reduce_all_fn)DispatchStub_get(max ? &max_all_stub : &min_all_stub))(result, contiguous ? contiguous : self);
  Tensor_release(contiguous);
  return result;
fail:
  return NULL;
}

/* PyTorch 1.13: aten/src/ATen/native/ReduceAllOps.cpp at::native::max */
Tensor* at_native_max(const Tensor* self) { return extreme_all(self, true); }
/* PyTorch 1.13: aten/src/ATen/native/ReduceAllOps.cpp at::native::min */
Tensor* at_native_min(const Tensor* self) { return extreme_all(self, false); }

/* PyTorch 1.13: ReduceAllOps.cpp DEFINE_DISPATCH(max_all_stub), DEFINE_DISPATCH(min_all_stub) */
DEFINE_DISPATCH(max_all_stub);
DEFINE_DISPATCH(min_all_stub);
