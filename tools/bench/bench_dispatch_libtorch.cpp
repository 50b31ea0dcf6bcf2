// bench_dispatch_libtorch.cpp - the libtorch 1.13 side of bench_dispatch.c:
// at::reshape of a contiguous 2x3x4 float tensor to [6, 4], the result
// dropped each time, on one thread, in ns per call: best of 5 runs of ITERS
// calls, plain and inside c10::InferenceMode (which skips the autograd and
// ADInplaceOrView keys and version counters: the cheapest dispatch 1.13
// offers).
//
// A benchmark comparator only (C++17, linked with -ltorch -ltorch_cpu
// -lc10); minaten itself is C11.  bench_dispatch runs it as a child and
// reads its output:
//
//   reshape PLAIN_NS INFERENCE_MODE_NS
//   capability default|avx2|avx512
//
// Usage: bench_dispatch_libtorch ITERS
#include <ATen/Parallel.h>
#include <c10/core/InferenceMode.h>
#include <torch/types.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>

#include "bench_libtorch.h"

namespace {

// Best of 5 runs of `iters` reshapes, in ns per call.
double time_reshape(const at::Tensor& t, long iters) {
  double best = 1e300;
  for (int r = 0; r < 5; r++) {
    double t0 = now_ns();
    for (long i = 0; i < iters; i++) {
      at::Tensor v = at::reshape(t, {6, 4});
      (void)v;
    }
    double dt = (now_ns() - t0) / static_cast<double>(iters);
    if (dt < best) best = dt;
  }
  return best;
}

}  // namespace

int main(int argc, char** argv) {
  long iters = argc == 2 ? std::atol(argv[1]) : 0;
  if (iters < 1) {
    std::fprintf(stderr, "usage: bench_dispatch_libtorch ITERS\n");
    return 2;
  }
  at::set_num_threads(1);
  at::Tensor t = at::empty({2, 3, 4}, at::kFloat);
  double plain = time_reshape(t, iters);
  double inference;
  {
    c10::InferenceMode guard;
    at::Tensor ti = at::empty({2, 3, 4}, at::kFloat);
    inference = time_reshape(ti, iters);
  }
  std::printf("reshape %.3f %.3f\n", plain, inference);
  std::printf("capability %s\n", libtorch_cpu_capability().c_str());
  return 0;
}
