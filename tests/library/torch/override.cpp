// override.cpp - tests/library/override.c for PyTorch 1.13, built by tools/oracle/record.py only.
#include <ATen/ATen.h>
#include <torch/library.h>

static at::Tensor sub_that_adds(const at::Tensor& self, const at::Tensor& other, const at::Scalar& alpha) {
  return at::add(self, other, alpha);
}

TORCH_LIBRARY_IMPL(aten, CPU, m) {
  m.impl("sub.Tensor", sub_that_adds);
}
