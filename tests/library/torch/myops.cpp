// myops.cpp - tests/library/myops.c for PyTorch 1.13 (TORCH_LIBRARY), built
// by tools/oracle/record.py only, to record what the scripts print under real PyTorch.
#include <ATen/ATen.h>
#include <torch/library.h>

static at::Tensor cube_cpu(const at::Tensor& self) { return at::mul(at::mul(self, self), self); }
static at::Tensor scale_cpu(const at::Tensor& self, const at::Scalar& factor) { return at::mul(self, factor); }
static at::Tensor softsign(const at::Tensor& self) { return at::div(self, at::add(at::abs(self), 1)); }

TORCH_LIBRARY(myops, m) {
  m.def("cube(Tensor self) -> Tensor");
  m.def("scale.Scalar(Tensor self, Scalar factor=2) -> Tensor");
  m.def("softsign(Tensor self) -> Tensor");
}

TORCH_LIBRARY_IMPL(myops, CPU, m) {
  m.impl("cube", cube_cpu);
  m.impl("scale.Scalar", scale_cpu);
  m.impl("undefined_op", cube_cpu);
}

TORCH_LIBRARY_IMPL(myops, CompositeImplicitAutograd, m) {
  m.impl("softsign", softsign);
}
