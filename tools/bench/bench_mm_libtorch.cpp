// bench_mm_libtorch.cpp - the libtorch 1.13 side of bench_mm.c: the same
// products (mm, bmm, mv, dot) on the same values, timed the same way (best
// of several calls, result released each time), on the benchmark's threads.
//
// A benchmark comparator only (C++17, linked with -ltorch -ltorch_cpu
// -lc10); minaten itself is C11.  bench_mm runs it as a child and reads:
//
//   capability default|avx2|avx512
//   blas PATH CORE THREADS (the libblas.so.3 that libtorch's mm loaded,
//                          OpenBLAS's core name for the CPU and its thread
//                          count, set to the benchmark's; "-" for another BLAS)
//   NS CHECKSUM            (one line per measure, in bench_mm.c's order)
//
// Usage: bench_mm_libtorch
#include <ATen/Parallel.h>
#include <ATen/Version.h>
#include <torch/types.h>

#include <dlfcn.h>

#include <algorithm>
#include <chrono>
#include <cctype>
#include <cstring>
#include <cstdio>
#include <string>
#include <vector>

#include "bench_libtorch.h"

namespace {

struct Measure {
  at::ScalarType dtype;
  int64_t batch, m, k, n;
  bool vector_a, vector_b, transpose_a;
  int reps;
};

// bench_mm.c's kMeasureList, in its order.
const Measure kMeasures[] = {
    {at::kFloat, 0, 512, 512, 512, false, false, false, 20},
    {at::kFloat, 0, 1024, 1024, 1024, false, false, false, 8},
    {at::kFloat, 0, 1024, 1024, 1024, false, false, true, 8},
    {at::kDouble, 0, 512, 512, 512, false, false, false, 5},
    {at::kFloat, 64, 128, 128, 128, false, false, false, 10},
    {at::kFloat, 0, 4096, 4096, 1, false, true, false, 20},
    {at::kFloat, 0, 1, 1 << 20, 1, true, true, false, 50},
};

// Element i is ((i * 7) % 13 - 6) / 8, as in bench_mm.c.
at::Tensor operand(at::ScalarType dtype, std::vector<int64_t> sizes) {
  at::Tensor t = at::empty(sizes, at::TensorOptions().dtype(dtype));
  for (int64_t i = 0; i < t.numel(); i++) {
    double v = static_cast<double>((i * 7) % 13 - 6) / 8;
    if (dtype == at::kFloat) t.data_ptr<float>()[i] = static_cast<float>(v);
    else t.data_ptr<double>()[i] = v;
  }
  return t;
}

at::Tensor product(const Measure& x, const at::Tensor& a, const at::Tensor& b) {
  if (x.vector_a) return at::dot(a, b);
  if (x.vector_b) return at::mv(a, b);
  if (x.batch) return at::bmm(a, b);
  return at::mm(a, b);
}

// The BLAS library mapped into this process (Debian's libtorch calls
// whatever libblas.so.3 the alternatives system points to: the reference
// BLAS, OpenBLAS, BLIS...), read from /proc/self/maps, and OpenBLAS's name
// for the kernel it picked for this CPU (OPENBLAS_CORETYPE overrides it), or
// "-" for another BLAS.
void print_blas() {
  std::string path = "-";
  if (FILE* maps = std::fopen("/proc/self/maps", "r")) {
    char line[4096];
    while (std::fgets(line, sizeof line, maps)) {
      const char* slash = std::strchr(line, '/');
      if (slash && (std::strstr(slash, "libblas") || std::strstr(slash, "libopenblas") ||
                    std::strstr(slash, "libblis") || std::strstr(slash, "libmkl"))) {
        path = slash;
        path.erase(path.find_last_not_of("\n") + 1);
        break;
      }
    }
    std::fclose(maps);
  }
  using corename_fn = char* (*)();
  using threads_fn = int (*)();
  auto corename = reinterpret_cast<corename_fn>(dlsym(RTLD_DEFAULT, "openblas_get_corename"));
  auto threads = reinterpret_cast<threads_fn>(dlsym(RTLD_DEFAULT, "openblas_get_num_threads"));
  std::printf("blas %s %s %s\n", path.c_str(), corename ? corename() : "-",
              threads ? std::to_string(threads()).c_str() : "-");
}

}  // namespace

int main() {
  at::set_num_threads(bench_threads());  // as the minaten side (bench.h)
  std::printf("capability %s\n", libtorch_cpu_capability().c_str());
  { at::Tensor warm = at::mm(at::ones({2, 2}), at::ones({2, 2})); }  // the BLAS loaded, if lazily
  // OpenBLAS keeps a thread pool of its own, which at::set_num_threads does
  // not size: give it the same count
  using set_threads_fn = void (*)(int);
  if (auto set_threads = reinterpret_cast<set_threads_fn>(dlsym(RTLD_DEFAULT, "openblas_set_num_threads")))
    set_threads(bench_threads());
  print_blas();
  for (const Measure& x : kMeasures) {
    at::Tensor a = x.vector_a ? operand(x.dtype, {x.k})
                   : x.batch  ? operand(x.dtype, {x.batch, x.m, x.k})
                              : operand(x.dtype, {x.m, x.k});
    at::Tensor b = x.vector_b ? operand(x.dtype, {x.k})
                   : x.batch  ? operand(x.dtype, {x.batch, x.k, x.n})
                              : operand(x.dtype, {x.k, x.n});
    if (x.transpose_a) a = a.t();
    double sum = product(x, a, b).to(at::kDouble).sum().item<double>();
    double best = 1e300;
    for (int r = 0; r < x.reps; r++) {
      double t0 = now_ns();
      { at::Tensor r_ = product(x, a, b); }
      best = std::min(best, now_ns() - t0);
    }
    std::printf("%.0f %.9g\n", best, sum);
  }
  return 0;
}
