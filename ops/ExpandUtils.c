/*
 * ExpandUtils.c - broadcast_shape, and sum_to for gradients; see ExpandUtils.h.
 * PyTorch 1.13: aten/src/ATen/ExpandUtils.cpp, ExpandUtils.h
 */
#include "ops/ExpandUtils.h"

#include "Functions.h"
#include "runtime/Exception.h"

/* PyTorch 1.13: aten/src/ATen/ExpandUtils.cpp infer_size (shape_ so far vs the next operand) */
int broadcast_shape(IntArrayRef a, IntArrayRef b, int64_t* out, size_t* ndim) {
  size_t n = a.size > b.size ? a.size : b.size;
  /* from the last dimension back, so the first mismatch named is the rightmost */
  for (size_t i = n; i-- > 0;) {
    ptrdiff_t da = (ptrdiff_t)a.size - 1 - (ptrdiff_t)(n - 1 - i);
    ptrdiff_t db = (ptrdiff_t)b.size - 1 - (ptrdiff_t)(n - 1 - i);
    int64_t sa = da >= 0 ? a.data[da] : 1, sb = db >= 0 ? b.data[db] : 1;
    if (sa != sb && sa != 1 && sb != 1) {
      Error_set(ErrorType_RuntimeError,
                "The size of tensor a (%lld) must match the size of tensor b (%lld) at non-singleton dimension %zu",
                (long long)sa, (long long)sb, i);
      return -1;
    }
    out[i] = sa == 1 ? sb : sa;
  }
  *ndim = n;
  return 0;
}

/* PyTorch 1.13: aten/src/ATen/ExpandUtils.h is_expandable_to */
bool is_expandable_to(IntArrayRef shape, IntArrayRef desired) {
  size_t ndim = shape.size;
  size_t target_dim = desired.size;
  if (ndim > target_dim) return false;
  for (size_t i = 0; i < ndim; i++) {
    int64_t size = shape.data[ndim - i - 1];
    int64_t target = desired.data[target_dim - i - 1];
    if (size != target && size != 1) return false;
  }
  return true;
}

/* PyTorch 1.13: aten/src/ATen/ExpandUtils.h sum_to */
Tensor* sum_to(const Tensor* tensor, IntArrayRef shape) {
  if (shape.size == 0) return at_sum(tensor, kNoDtype);
  int64_t reduce_dims[MINATEN_MAX_DIM];
  size_t num_reduce = 0;
  const int64_t leading_dims = tensor->dim - (int64_t)shape.size;
  for (int64_t i = 0; i < leading_dims; i++) reduce_dims[num_reduce++] = i;
  for (int64_t i = leading_dims; i < tensor->dim; i++)
    if (shape.data[i - leading_dims] == 1 && tensor->sizes[i] != 1) reduce_dims[num_reduce++] = i;
  Tensor* result = Tensor_retain(tensor);
  if (num_reduce > 0) {
    OptionalIntArrayRef dims = {true, IntArrayRef_make(reduce_dims, num_reduce)};
    Tensor* summed = at_sum_dim_IntList(result, dims, /*keepdim=*/true, kNoDtype);
    Tensor_release(result);
    if ((result = summed) == NULL) return NULL;
  }
  if (leading_dims > 0) {
    Tensor* viewed = at_view(result, shape);
    Tensor_release(result);
    result = viewed;
  }
  return result;
}
