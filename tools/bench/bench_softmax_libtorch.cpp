// bench_softmax_libtorch.cpp - the libtorch 1.13 side of bench_softmax.c:
// the same softmaxes of the same data with at:: operators, timed the same
// way (best of REPS repetitions after two warm-up runs, glibc's heap kept),
// printed on one line in ns:
//
//   softmax_lastdim softmax_dim0 log_softmax_lastdim softmax_small
//
// A benchmark comparator only (C++17, linked with -ltorch -ltorch_cpu
// -lc10); minaten itself is C11.
//
// Usage: bench_softmax_libtorch REPS
#include <ATen/ATen.h>
#include <ATen/Parallel.h>
#include <malloc.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>

#include "bench_libtorch.h"

namespace {

// bench_softmax.c's fill: the same pseudo-random floats in [-4, 4).
void fill(float* p, int64_t n) {
  uint32_t s = 12345;
  for (int64_t i = 0; i < n; i++) {
    s = s * 1664525u + 1013904223u;
    p[i] = static_cast<float>(s >> 8) * 0x1p-21f - 4.0f;
  }
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2 || std::atoi(argv[1]) < 1) {
    std::fprintf(stderr, "usage: bench_softmax_libtorch REPS\n");
    return 2;
  }
  int reps = std::atoi(argv[1]);
  mallopt(M_MMAP_THRESHOLD, 256 << 20);  // as bench_softmax.c
  mallopt(M_TRIM_THRESHOLD, 1 << 30);
  at::set_num_threads(bench_threads());
  at::Tensor m = at::empty({1024, 1024}, at::kFloat), logits = at::empty({64, 10}, at::kFloat);
  fill(m.data_ptr<float>(), m.numel());
  fill(logits.data_ptr<float>(), logits.numel());
  double t[4];
  t[0] = best_ns(reps, [&] { at::_softmax(m, -1, false); });
  t[1] = best_ns(reps, [&] { at::_softmax(m, 0, false); });
  t[2] = best_ns(reps, [&] { at::_log_softmax(m, -1, false); });
  t[3] = best_ns(reps, [&] { at::_softmax(logits, -1, false); });
  std::printf("%.1f %.1f %.1f %.1f\n", t[0], t[1], t[2], t[3]);
  return 0;
}
