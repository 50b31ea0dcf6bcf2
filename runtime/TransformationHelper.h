/*
 * TransformationHelper.h - random bits to numbers of a distribution.
 *
 * Each function takes what the generator produced (raw bits, or a uniform
 * number in [0, 1)) and returns a number of the distribution.  The
 * arithmetic is 1.13's operation by operation, which is what makes a seed
 * give 1.13's numbers bit for bit: the file is compiled without contraction
 * of a*b+c into an FMA (see CMakeLists.txt), as 1.13's is.
 *
 * Note [FMA in the random transforms]
 * 1.13's CPU kernels are compiled once per capability (Note [CPU capability
 * dispatch] in ops/DispatchStub.h) by GCC at -O2 with contraction on
 * (-std=gnu++14), so in its AVX2 and AVX-512 copies each `a * b + c` whose
 * product has no other use became one fused multiply-add, and in its
 * DEFAULT copy (no FMA instruction) two roundings.  The two give different
 * last bits in about 1% of normal numbers (recorded).  minaten writes the
 * fused ones out, so that a Debug build (-O0, which contracts nothing)
 * draws the same numbers as a Release one: dist_madd is fma() in the copies
 * compiled for AVX2 and AVX512 (the kernel file defines CPU_CAPABILITY_*
 * before including this header) and a * b + c in DEFAULT.
 *
 * uniform_real keeps the low `digits` bits (24 for float, 53 for double) and
 * scales them into [0, 1): float uses one 32-bit draw, double one 64-bit draw.
 *
 * PyTorch 1.13: aten/src/ATen/core/TransformationHelper.h (at::transformation)
 */
#ifndef MINATEN_RUNTIME_TRANSFORMATIONHELPER_H
#define MINATEN_RUNTIME_TRANSFORMATIONHELPER_H

#include <math.h>
#include <stdint.h>

#if defined(CPU_CAPABILITY_AVX2) || defined(CPU_CAPABILITY_AVX512)
#define MINATEN_DIST_FMA 1
#else
#define MINATEN_DIST_FMA 0
#endif

/* a * b + c as 1.13's copy for this capability computes it: see Note [FMA
 * in the random transforms]. */
static inline double dist_madd(double a, double b, double c) { return MINATEN_DIST_FMA ? fma(a, b, c) : a * b + c; }
static inline float dist_maddf(float a, float b, float c) { return MINATEN_DIST_FMA ? fmaf(a, b, c) : a * b + c; }

/* PyTorch 1.13: transformation::uniform_int_from_to (the caller casts the
 * int64 to its scalar type) */
static inline int64_t transformation_uniform_int_from_to(uint64_t val, uint64_t range, int64_t base) {
  return (int64_t)((val % range) + (uint64_t)base);
}

/* PyTorch 1.13: transformation::uniform_real<float> */
static inline float transformation_uniform_real_float(uint32_t val, float from, float to) {
  const uint32_t mask = (UINT32_C(1) << 24) - 1;
  const float divisor = 1.0f / (float)(UINT32_C(1) << 24);
  float x = (float)(val & mask) * divisor;
  return dist_maddf(x, to - from, from);
}

/* PyTorch 1.13: transformation::uniform_real<double> */
static inline double transformation_uniform_real_double(uint64_t val, double from, double to) {
  const uint64_t mask = (UINT64_C(1) << 53) - 1;
  const double divisor = 1.0 / (double)(UINT64_C(1) << 53);
  double x = (double)(val & mask) * divisor;
  return dist_madd(x, to - from, from);
}

/* PyTorch 1.13: transformation::normal */
static inline double transformation_normal(double val, double mean, double std) { return dist_madd(val, std, mean); }

/* NB: on CPU 1.13 takes log(1 - u), u in [0, 1), so the log is finite.
 * PyTorch 1.13: transformation::exponential (the CPU branch) */
static inline double transformation_exponential(double val, double lambda) {
  return -1.0 / lambda * log(1.0 - val);
}

/* PyTorch 1.13: transformation::bernoulli */
static inline double transformation_bernoulli_double(double val, double p) { return val < p; }
static inline float transformation_bernoulli_float(float val, float p) { return val < p; }

#endif
