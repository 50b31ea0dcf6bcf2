// wideops.cpp - tests/library/wideops.c for PyTorch 1.13, built by tools/oracle/record.py only.
#include <ATen/ATen.h>
#include <torch/library.h>

static at::Tensor sum17_cpu(const at::Tensor& a0, const at::Tensor& a1, const at::Tensor& a2,
                            const at::Tensor& a3, const at::Tensor& a4, const at::Tensor& a5,
                            const at::Tensor& a6, const at::Tensor& a7, const at::Tensor& a8,
                            const at::Tensor& a9, const at::Tensor& a10, const at::Tensor& a11,
                            const at::Tensor& a12, const at::Tensor& a13, const at::Tensor& a14,
                            const at::Tensor& a15, const at::Tensor& a16) {
  const at::Tensor* terms[] = {&a0, &a1, &a2, &a3, &a4, &a5, &a6, &a7, &a8,
                               &a9, &a10, &a11, &a12, &a13, &a14, &a15, &a16};
  for (size_t i = 0; i < 17; i++)
    TORCH_CHECK(terms[i]->device().is_cpu(), "sum17: argument a", i, " is not on the CPU");
  at::Tensor sum = a0;
  for (size_t i = 1; i < 17; i++) sum = at::add(sum, *terms[i]);
  return sum;
}

TORCH_LIBRARY(wideops, m) {
  m.def("sum17(Tensor a0, Tensor a1, Tensor a2, Tensor a3, Tensor a4, Tensor a5, Tensor a6, "
        "Tensor a7, Tensor a8, Tensor a9, Tensor a10, Tensor a11, Tensor a12, Tensor a13, "
        "Tensor a14, Tensor a15, Tensor a16) -> Tensor");
}

TORCH_LIBRARY_IMPL(wideops, CPU, m) {
  m.impl("sum17", sum17_cpu);
}
