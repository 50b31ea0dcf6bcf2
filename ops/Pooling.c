/* ops/Pooling.c - max_pool2d, the CompositeImplicitAutograd entry of 2-d max
 * pooling: on a strided CPU tensor 1.13 calls max_pool2d_with_indices and
 * keeps its first output (the trace shows max_pool2d_with_indices).
 */
#include "Functions.h"
#include "NativeFunctions.h"

/* PyTorch 1.13: aten/src/ATen/native/Pooling.cpp at::native::max_pool2d */
Tensor* at_native_max_pool2d(const Tensor* self, IntArrayRef kernel_size, IntArrayRef stride, IntArrayRef padding,
                             IntArrayRef dilation, bool ceil_mode) {
  TensorTuple2 r = at_max_pool2d_with_indices(self, kernel_size, stride, padding, dilation, ceil_mode);
  Tensor_release(r.items[1]);
  return r.items[0];
}
