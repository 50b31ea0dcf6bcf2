// bench_alloc_libtorch.cpp - the libtorch 1.13 side of bench_alloc.c: the
// chain of 8 elementwise operators on 1M floats, run alone in this process,
// on one thread.
//
//   y = ((((((x + w) * w) - x) / w) + x) * x).neg().abs()
//
// One untimed chain, then CHAINS timed ones; prints one line:
//
//   ns_per_chain minor_faults_per_chain checksum capability
//
// (the mean over the timed chains; the faults are getrusage's ru_minflt
// around the timed loop; the checksum is the last y summed; the capability
// libtorch's kernels use: default, avx2 or avx512).
//
// A benchmark comparator only (C++17, linked with -ltorch -ltorch_cpu
// -lc10); minaten itself is C11.  Usage: bench_alloc_libtorch CHAINS
#include <ATen/Parallel.h>
#include <ATen/Version.h>
#include <sys/resource.h>
#include <torch/types.h>

#include <cctype>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "bench_libtorch.h"

namespace {

long minor_faults() {
  struct rusage ru;
  return getrusage(RUSAGE_SELF, &ru) == 0 ? ru.ru_minflt : 0;
}

torch::Tensor chain(const torch::Tensor& x, const torch::Tensor& w) {
  return ((((((x + w) * w) - x) / w) + x) * x).neg().abs();
}

}  // namespace

int main(int argc, char** argv) {
  int chains = argc == 2 ? std::atoi(argv[1]) : 0;
  if (chains < 1) {
    std::fprintf(stderr, "usage: bench_alloc_libtorch CHAINS\n");
    return 2;
  }
  at::set_num_threads(1);  // minaten runs its kernels on one thread
  const int64_t n = 1 << 20;
  torch::Tensor x = torch::full({n}, 1.5, torch::kFloat);
  torch::Tensor w = torch::full({n}, 0.75, torch::kFloat);
  torch::Tensor y = chain(x, w);  // untimed
  long f0 = minor_faults();
  double t0 = now_ns();
  for (int i = 0; i < chains; i++) y = chain(x, w);
  double t1 = now_ns();
  long f1 = minor_faults();
  double checksum = y.sum().item<double>();
  std::printf("%.1f %.1f %.6g %s\n", (t1 - t0) / chains, static_cast<double>(f1 - f0) / chains, checksum,
              libtorch_cpu_capability().c_str());
  return 0;
}
