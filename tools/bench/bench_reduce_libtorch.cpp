// bench_reduce_libtorch.cpp - the libtorch 1.13 side of bench_reduce.c: the
// same reductions of the same data with at:: operators on one thread, timed
// the same way (best of REPS repetitions after two warm-up runs, glibc's
// heap kept), printed on one line in ns:
//
//   sum sum_dim1 sum_dim0 mean amax max_dim1 argmax min any prod norm sum_half sum_bfloat16 capability
//
// A benchmark comparator only (C++17, linked with -ltorch -ltorch_cpu
// -lc10); minaten itself is C11.
//
// Usage: bench_reduce_libtorch REPS
#include <ATen/ATen.h>
#include <ATen/Parallel.h>
#include <malloc.h>

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>

#include "bench_libtorch.h"

namespace {

// bench_reduce.c's fill: the same pseudo-random floats in [0, 1).
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
    std::fprintf(stderr, "usage: bench_reduce_libtorch REPS\n");
    return 2;
  }
  int reps = std::atoi(argv[1]);
  mallopt(M_MMAP_THRESHOLD, 256 << 20);  // as bench_reduce.c: no page faults in the timed loops
  mallopt(M_TRIM_THRESHOLD, 1 << 30);
  at::set_num_threads(bench_threads());  // as the minaten side (bench.h)
  at::Tensor x = at::empty({4 << 20}, at::kFloat), m = at::empty({2000, 2000}, at::kFloat);
  at::Tensor b = at::zeros({4 << 20}, at::kBool);
  fill(x.data_ptr<float>(), x.numel());
  fill(m.data_ptr<float>(), m.numel());
  at::Tensor near1 = x.mul(0.001).add(0.9995);  // as bench_reduce.c
  at::Tensor xh = x.slice(0, 0, 1 << 20).to(at::kHalf), xb = x.slice(0, 0, 1 << 20).to(at::kBFloat16);
  double t[13];
  t[0] = best_ns(reps, [&] { x.sum(); });
  t[1] = best_ns(reps, [&] { m.sum(1); });
  t[2] = best_ns(reps, [&] { m.sum(0); });
  t[3] = best_ns(reps, [&] { x.mean(); });
  t[4] = best_ns(reps, [&] { x.amax(); });
  t[5] = best_ns(reps, [&] { m.max(1); });
  t[6] = best_ns(reps, [&] { x.argmax(); });
  t[7] = best_ns(reps, [&] { x.min(); });
  t[8] = best_ns(reps, [&] { b.any(); });
  t[9] = best_ns(reps, [&] { near1.prod(); });
  t[10] = best_ns(reps, [&] { x.norm(); });
  t[11] = best_ns(reps, [&] { xh.sum(); });
  t[12] = best_ns(reps, [&] { xb.sum(); });
  std::printf("%.1f %.1f %.1f %.1f %.1f %.1f %.1f %.1f %.1f %.1f %.1f %.1f %.1f %s\n", t[0], t[1], t[2], t[3], t[4],
              t[5], t[6], t[7], t[8], t[9], t[10], t[11], t[12], libtorch_cpu_capability().c_str());
  return 0;
}
