// custom_op.cpp - ../custom_op.c written for PyTorch 1.13 (TORCH_LIBRARY): the
// same operators, registered the same way.  tools/oracle/record.py builds it
// (g++, libtorch-dev) to record ../demo.out; minaten never does.  PyTorch
// has no Lazy kernel for it (that needs a C++ lowering), so a lazy tensor
// takes the Lazy backend's eager fallback: the same values.
#include <ATen/ATen.h>
#include <torch/library.h>

static at::Tensor cube_cpu(const at::Tensor& self) { return at::mul(at::mul(self, self), self); }
static at::Tensor softsign(const at::Tensor& self) { return at::div(self, at::add(at::abs(self), 1)); }

TORCH_LIBRARY(custom, m) {
  m.def("cube(Tensor self) -> Tensor");
  m.def("softsign(Tensor self) -> Tensor");
}

TORCH_LIBRARY_IMPL(custom, CPU, m) {
  m.impl("cube", cube_cpu);
}

TORCH_LIBRARY_IMPL(custom, CompositeImplicitAutograd, m) {
  m.impl("softsign", softsign);
}
