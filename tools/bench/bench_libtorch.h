// bench_libtorch.h - what the libtorch sides of the benchmarks share (C++17).
#ifndef MINATEN_TOOLS_BENCH_BENCH_LIBTORCH_H
#define MINATEN_TOOLS_BENCH_BENCH_LIBTORCH_H

#include <ATen/Version.h>

#include <cctype>
#include <chrono>
#include <cstdlib>
#include <string>

// bench.h's bench_threads: BENCH_THREADS (default 1), inherited from the
// minaten side, which set the same count for its own kernels.
inline int bench_threads() {
  const char* s = std::getenv("BENCH_THREADS");
  int n = s != nullptr ? std::atoi(s) : 1;
  return n > 0 ? n : 1;
}

// A monotonic clock in nanoseconds.
inline double now_ns() {
  return static_cast<double>(
      std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now().time_since_epoch())
          .count());
}

// The best time of REPS calls of f, in ns, after two warm-up calls.
template <typename F>
double best_ns(int reps, F f) {
  f();  // warm-up
  f();
  double best = 1e300;
  for (int r = 0; r < reps; r++) {
    double t0 = now_ns();
    f();
    double dt = now_ns() - t0;
    if (dt < best) best = dt;
  }
  return best;
}

// The CPU capability libtorch's kernels use, spelled as ATEN_CPU_CAPABILITY
// takes it ("default", "avx2", "avx512").  Debian's libtorch does not export
// at::native::get_cpu_capability, so this reads the line at::show_config()
// prints ("CPU capability usage: AVX2", as torch.__config__.show() shows).
inline std::string libtorch_cpu_capability() {
  const std::string config = at::show_config();
  const std::string key = "CPU capability usage: ";
  size_t at = config.find(key);
  if (at == std::string::npos) return "unknown";
  std::string name;
  for (size_t i = at + key.size(); i < config.size() && std::isalnum(static_cast<unsigned char>(config[i])); i++)
    name += static_cast<char>(std::tolower(static_cast<unsigned char>(config[i])));
  if (name == "no") return "default";  // "CPU capability usage: NO AVX"
  return name;
}

#endif
