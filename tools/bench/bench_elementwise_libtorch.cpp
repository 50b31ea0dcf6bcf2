// bench_elementwise_libtorch.cpp - the libtorch 1.13 side of
// bench_elementwise.c: the same measures with at:: operators on one thread,
// timed the same way (best of REPS repetitions after a warm-up, glibc's
// heap kept: see bench_elementwise.c), printed on one line in ns:
//
//   chain add_out transpose exp sin add_half add_bfloat16 capability
//
// A benchmark comparator only (C++17, linked with -ltorch -ltorch_cpu
// -lc10); minaten itself is C11.
//
// Usage: bench_elementwise_libtorch REPS
#include <ATen/ATen.h>
#include <ATen/Parallel.h>
#include <malloc.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "bench_libtorch.h"

namespace {

// y = ((((((x + w) * w) - x) / w) + x) * x).neg().abs() (bench_lazy.c)
at::Tensor chain(const at::Tensor& x, const at::Tensor& w) {
  at::Tensor y = x.add(w);
  y = y.mul(w);
  y = y.sub(x);
  y = y.div(w);
  y = y.add(x);
  y = y.mul(x);
  y = y.neg();
  return y.abs();
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2 || std::atoi(argv[1]) < 1) {
    std::fprintf(stderr, "usage: bench_elementwise_libtorch REPS\n");
    return 2;
  }
  int reps = std::atoi(argv[1]);
  mallopt(M_MMAP_THRESHOLD, 256 << 20);  // as bench_elementwise.c: no page faults in the timed loops
  mallopt(M_TRIM_THRESHOLD, 1 << 30);
  at::set_num_threads(bench_threads());  // as the minaten side (bench.h)
  at::Tensor x = at::full({1 << 20}, 1.5, at::kFloat), w = at::full({1 << 20}, 0.75, at::kFloat);
  double chain_ns = best_ns(reps, [&] { chain(x, w); });
  at::Tensor a = at::full({16 << 20}, 1.5, at::kFloat), b = at::full({16 << 20}, 0.75, at::kFloat);
  at::Tensor out = at::empty({16 << 20}, at::kFloat);
  double add_ns = best_ns(reps, [&] { at::add_out(out, a, b); });
  at::Tensor m = at::rand({2048, 2048}, at::kFloat);
  double transpose_ns = best_ns(reps, [&] { m.t().contiguous(); });
  double exp_ns = best_ns(reps, [&] { x.exp(); });
  double sin_ns = best_ns(reps, [&] { x.sin(); });
  at::Tensor xh = at::full({1 << 20}, 1.5, at::kHalf), wh = at::full({1 << 20}, 0.75, at::kHalf);
  double add_half_ns = best_ns(reps, [&] { xh.add(wh); });
  at::Tensor xb = at::full({1 << 20}, 1.5, at::kBFloat16), wb = at::full({1 << 20}, 0.75, at::kBFloat16);
  double add_bfloat16_ns = best_ns(reps, [&] { xb.add(wb); });
  std::printf("%.1f %.1f %.1f %.1f %.1f %.1f %.1f %s\n", chain_ns, add_ns, transpose_ns, exp_ns, sin_ns, add_half_ns,
              add_bfloat16_ns, libtorch_cpu_capability().c_str());
  return 0;
}
