// bench_libtorch.h - what the libtorch sides of the benchmarks share (C++17).
#ifndef MINATEN_TOOLS_BENCH_BENCH_LIBTORCH_H
#define MINATEN_TOOLS_BENCH_BENCH_LIBTORCH_H

#include <ATen/Version.h>

#include <cctype>
#include <string>

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
