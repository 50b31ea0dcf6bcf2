// bench_autograd_libtorch.cpp - the libtorch 1.13 side of bench_autograd.c:
// the same chain of 100 elementwise operators, forward and backward, on a
// float leaf of NUMEL elements of 0.5, timed the same way, on one thread.
//
// A benchmark comparator only (C++17, linked with -ltorch -ltorch_cpu
// -lc10); minaten itself is C11.  bench_autograd runs it as a child and
// reads its one line of output:
//
//   forward backward total checksum
//
// medians over ITERS iterations in ns per iteration (not per node), and
// x.grad.sum() after the last.
//
// Usage: bench_autograd_libtorch NUMEL WARMUP ITERS
// torch/types.h (torch::Tensor, the factories, ATen) rather than the whole of
// torch/torch.h, which takes twice as long to compile
#include <ATen/Parallel.h>
#include <torch/types.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "bench_libtorch.h"

namespace {

constexpr int kChain = 100;

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  size_t n = v.size();
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

// Operator i is the (i % 5)-th of mul.Scalar, sin, add.Tensor, tanh, exp
// (bench_autograd.c: chain).
torch::Tensor chain(const torch::Tensor& x) {
  torch::Tensor y = x;
  for (int i = 0; i < kChain; i++) {
    switch (i % 5) {
      case 0: y = y.mul(0.5); break;
      case 1: y = y.sin(); break;
      case 2: y = y.add(x); break;
      case 3: y = y.tanh(); break;
      default: y = y.exp(); break;
    }
  }
  return y;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 4) {
    std::fprintf(stderr, "usage: bench_autograd_libtorch NUMEL WARMUP ITERS\n");
    return 2;
  }
  int64_t numel = std::atoll(argv[1]);
  int warmup = std::atoi(argv[2]), iters = std::atoi(argv[3]);
  if (numel < 1 || warmup < 0 || iters < 1) {
    std::fprintf(stderr, "bench_autograd_libtorch: bad arguments\n");
    return 2;
  }
  at::set_num_threads(1);  // minaten runs its kernels on one thread
  torch::Tensor x = torch::full({numel}, 0.5, torch::kFloat).requires_grad_(true);
  std::vector<double> fwd, bwd, tot;
  double checksum = 0;
  for (int it = -warmup; it < iters; it++) {
    double t0 = now_ns(), t1;
    {
      torch::Tensor s = chain(x).sum();
      t1 = now_ns();
      s.backward();
    }  // s dropped: the graph is freed
    double t2 = now_ns();
    if (it == iters - 1) checksum = x.grad().sum().item<double>();
    x.mutable_grad().reset();
    if (it >= 0) {
      fwd.push_back(t1 - t0);
      bwd.push_back(t2 - t1);
      tot.push_back(t2 - t0);
    }
  }
  std::printf("%.1f %.1f %.1f %.9g\n", median(fwd), median(bwd), median(tot), checksum);
  return 0;
}
