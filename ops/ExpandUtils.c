/*
 * ExpandUtils.c - broadcast_shape; see ExpandUtils.h.
 * PyTorch 1.13: aten/src/ATen/ExpandUtils.cpp
 */
#include "ops/ExpandUtils.h"

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
