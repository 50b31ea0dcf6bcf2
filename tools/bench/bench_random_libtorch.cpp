// bench_random_libtorch.cpp - the libtorch 1.13 side of bench_random.c: the
// same in-place fills with at:: operators on one thread, timed the same way
// (best of REPS repetitions after a warm-up), printed on one line in ns:
//
//   randn_float randn_double rand_float randint_int64 capability
//
// A benchmark comparator only (C++17, linked with -ltorch -ltorch_cpu
// -lc10); minaten itself is C11.
//
// Usage: bench_random_libtorch REPS
#include <ATen/ATen.h>
#include <ATen/Parallel.h>

#include <cstdio>
#include <cstdlib>

#include "bench_libtorch.h"

int main(int argc, char** argv) {
  if (argc != 2 || std::atoi(argv[1]) < 1) {
    std::fprintf(stderr, "usage: bench_random_libtorch REPS\n");
    return 2;
  }
  int reps = std::atoi(argv[1]);
  at::set_num_threads(1);
  at::manual_seed(0);
  at::Tensor f = at::empty({1 << 20}, at::kFloat), d = at::empty({1 << 20}, at::kDouble);
  at::Tensor l = at::empty({1 << 20}, at::kLong);
  double randn_f = best_ns(reps, [&] { f.normal_(); });
  double randn_d = best_ns(reps, [&] { d.normal_(); });
  double rand_f = best_ns(reps, [&] { f.uniform_(); });
  double randint_l = best_ns(reps, [&] { l.random_(0, 100); });
  std::printf("%.1f %.1f %.1f %.1f %s\n", randn_f, randn_d, rand_f, randint_l, libtorch_cpu_capability().c_str());
  return 0;
}
