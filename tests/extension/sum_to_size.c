/*
 * sum_to_size.c - the kernel of the test-only operator in extension_ops.yaml.
 *
 * No `dispatch:` section means CompositeImplicitAutograd: the kernel is
 * written in terms of other operators (sum_to calls aten::sum.dim_IntList,
 * then aten::view when leading dimensions go), runs above the trace key, and
 * so the trace shows those, as PyTorch's does.
 */
#include "Functions.h"
#include "NativeFunctions.h"
#include "ops/ExpandUtils.h"
#include "runtime/Exception.h"

#define FMT_INTS(a) IntArrayRef_format((a), (char[1536]){0}, 1536)

/* PyTorch 1.13: aten/src/ATen/native/TensorShape.cpp at::native::sum_to_size */
Tensor* at_native_sum_to_size(const Tensor* self, IntArrayRef size) {
  TORCH_CHECK(is_expandable_to(size, Tensor_sizes(self)), "size {%s} is not expandable to size {%s}.",
              FMT_INTS(size), FMT_INTS(Tensor_sizes(self)));
  return sum_to(self, size);
fail:
  return NULL;
}
