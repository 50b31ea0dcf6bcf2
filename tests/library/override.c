/*
 * override.c - a library that replaces one of minaten's own kernels for one
 * key, as TORCH_LIBRARY_IMPL(aten, CPU, m) does in PyTorch: aten::sub.Tensor
 * on CPU adds instead (so a script sees the difference).  Loading it warns
 * "Overriding a previously registered kernel"; unloading it would bring the
 * built-in kernel back.  torch/override.cpp is the same for PyTorch 1.13.
 */
#include "Functions.h"
#include "dispatch/Library.h"

/* aten::sub.Tensor, CPU: self + alpha * other */
static Tensor* sub_that_adds(const Tensor* self, const Tensor* other, Scalar alpha) {
  return at_add_Tensor(self, other, alpha);
}

MINATEN_LIBRARY_IMPL(aten, CPU, m) {
  Library_impl(m, "sub.Tensor", MINATEN_KERNEL(sub_that_adds));
}
