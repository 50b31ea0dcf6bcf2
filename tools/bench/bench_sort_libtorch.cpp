// bench_sort_libtorch.cpp - the libtorch 1.13 side of bench_sort.c: the
// same sorts and topks of the same data with at:: operators, timed the same
// way (best of REPS repetitions after two warm-up runs, glibc's heap kept),
// printed on one line in ns:
//
//   sort sort_dim1 sort_stable sort_int64 topk10 topk10_dim1 topk100_dim1
//
// A benchmark comparator only (C++17, linked with -ltorch -ltorch_cpu
// -lc10); minaten itself is C11.
//
// Usage: bench_sort_libtorch REPS
#include <ATen/ATen.h>
#include <ATen/Parallel.h>
#include <malloc.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>

#include "bench_libtorch.h"

namespace {

// bench_sort.c's fill: the same pseudo-random floats in [0, 1).
void fill(float* p, int64_t n) {
  uint32_t s = 12345;
  for (int64_t i = 0; i < n; i++) {
    s = s * 1664525u + 1013904223u;
    p[i] = static_cast<float>(s >> 8) * 0x1p-24f;
  }
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2 || std::atoi(argv[1]) < 1) {
    std::fprintf(stderr, "usage: bench_sort_libtorch REPS\n");
    return 2;
  }
  int reps = std::atoi(argv[1]);
  mallopt(M_MMAP_THRESHOLD, 256 << 20);  // as bench_sort.c
  mallopt(M_TRIM_THRESHOLD, 1 << 30);
  at::set_num_threads(bench_threads());
  at::Tensor x = at::empty({1 << 20}, at::kFloat), m = at::empty({1000, 1000}, at::kFloat);
  fill(x.data_ptr<float>(), x.numel());
  fill(m.data_ptr<float>(), m.numel());
  at::Tensor ints = x.mul(1000).to(at::kLong);  // as bench_sort.c
  double t[7];
  t[0] = best_ns(reps, [&] { x.sort(); });
  t[1] = best_ns(reps, [&] { m.sort(1); });
  t[2] = best_ns(reps, [&] { x.sort(c10::optional<bool>(true)); });
  t[3] = best_ns(reps, [&] { ints.sort(); });
  t[4] = best_ns(reps, [&] { x.topk(10); });
  t[5] = best_ns(reps, [&] { m.topk(10, 1); });
  t[6] = best_ns(reps, [&] { m.topk(100, 1); });
  std::printf("%.1f %.1f %.1f %.1f %.1f %.1f %.1f\n", t[0], t[1], t[2], t[3], t[4], t[5], t[6]);
  return 0;
}
