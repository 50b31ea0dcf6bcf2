/*
 * VecMinMax.h - 1.13's Vectorized<float> and Vectorized<double> as far as
 * the extreme reductions use them: an unaligned load and store, and the
 * lane-wise `maximum` and `minimum`, with the NaN rule of the capability.
 *
 * 1.13 runs AVX2 here: a Vectorized is 32 bytes (8 floats, 4 doubles) and
 * maximum(a, b) is `_mm256_max_ps(a, b) | _mm256_cmp_ps(a, b, UNORD)`: b
 * unless a compares greater (so a tie, -0.0 against 0.0, gives b), and a
 * NaN of all ones (sign bit set) in a lane where either is a NaN.  The
 * DEFAULT capability's Vectorized is also 32 bytes, written in scalar C++
 * (vec_base.h): `(a > b) ? a : b`, then a itself where a is a NaN; b's NaN
 * comes through the compare.  The two differ in the bits of a NaN only.
 * minimum is the same with `<`.
 *
 * Here the AVX copies (AVX2, and AVX512 keeping AVX2's width, as prod does:
 * Note [Vectorized reduction order] in ReduceOpsKernel.c) use AVX's
 * instructions; DEFAULT computes on two 16-byte halves with GCC's vector
 * extensions, which every target has.  Included by the per-capability
 * kernel files only.
 *
 * PyTorch 1.13: aten/src/ATen/cpu/vec/vec256/vec256_float.h,
 * vec256_double.h (maximum, minimum), vec_base.h (maximum, minimum)
 */
#ifndef MINATEN_OPS_CPU_VECMINMAX_H
#define MINATEN_OPS_CPU_VECMINMAX_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#if defined(__AVX__)
#include <immintrin.h>
typedef __m256 vfloat_t;
typedef __m256d vdouble_t;

static inline vfloat_t vfloat_loadu(const void* p) { return _mm256_loadu_ps((const float*)p); }
static inline void vfloat_storeu(void* p, vfloat_t v) { _mm256_storeu_ps((float*)p, v); }
static inline vdouble_t vdouble_loadu(const void* p) { return _mm256_loadu_pd((const double*)p); }
static inline void vdouble_storeu(void* p, vdouble_t v) { _mm256_storeu_pd((double*)p, v); }

/* PyTorch 1.13: vec256_float.h maximum, minimum */
static inline vfloat_t vfloat_extreme(bool max, vfloat_t a, vfloat_t b) {
  vfloat_t m = max ? _mm256_max_ps(a, b) : _mm256_min_ps(a, b);
  return _mm256_or_ps(m, _mm256_cmp_ps(a, b, _CMP_UNORD_Q));
}
/* PyTorch 1.13: vec256_double.h maximum, minimum */
static inline vdouble_t vdouble_extreme(bool max, vdouble_t a, vdouble_t b) {
  vdouble_t m = max ? _mm256_max_pd(a, b) : _mm256_min_pd(a, b);
  return _mm256_or_pd(m, _mm256_cmp_pd(a, b, _CMP_UNORD_Q));
}
#else
typedef float vfloat_half_t __attribute__((vector_size(16)));
typedef double vdouble_half_t __attribute__((vector_size(16)));
typedef int32_t vfloat_mask_t __attribute__((vector_size(16)));
typedef int64_t vdouble_mask_t __attribute__((vector_size(16)));
typedef struct vfloat_t {
  vfloat_half_t h[2];
} vfloat_t;
typedef struct vdouble_t {
  vdouble_half_t h[2];
} vdouble_t;

static inline vfloat_t vfloat_loadu(const void* p) {
  vfloat_t v;
  memcpy(&v, p, sizeof v);
  return v;
}
static inline void vfloat_storeu(void* p, vfloat_t v) { memcpy(p, &v, sizeof v); }
static inline vdouble_t vdouble_loadu(const void* p) {
  vdouble_t v;
  memcpy(&v, p, sizeof v);
  return v;
}
static inline void vdouble_storeu(void* p, vdouble_t v) { memcpy(p, &v, sizeof v); }

/* PyTorch 1.13: vec_base.h maximum, minimum */
static inline vfloat_t vfloat_extreme(bool max, vfloat_t a, vfloat_t b) {
  for (int k = 0; k < 2; k++) {
    vfloat_mask_t take_a = (max ? a.h[k] > b.h[k] : a.h[k] < b.h[k]) | (a.h[k] != a.h[k]);
    a.h[k] = (vfloat_half_t)((take_a & (vfloat_mask_t)a.h[k]) | (~take_a & (vfloat_mask_t)b.h[k]));
  }
  return a;
}
static inline vdouble_t vdouble_extreme(bool max, vdouble_t a, vdouble_t b) {
  for (int k = 0; k < 2; k++) {
    vdouble_mask_t take_a = (max ? a.h[k] > b.h[k] : a.h[k] < b.h[k]) | (a.h[k] != a.h[k]);
    a.h[k] = (vdouble_half_t)((take_a & (vdouble_mask_t)a.h[k]) | (~take_a & (vdouble_mask_t)b.h[k]));
  }
  return a;
}
#endif

enum {
  kVecFloatLanes = 32 / (int)sizeof(float),   /* one Vectorized<float> */
  kVecDoubleLanes = 32 / (int)sizeof(double), /* one Vectorized<double> */
};

/* The scalar max_impl / min_impl: a NaN operand gives the quiet NaN
 * (positive), else std::max (a unless a < b) or std::min (a unless b < a).
 * PyTorch 1.13: native/cpu/zmath.h max_impl, min_impl */
static inline float float_extreme_impl(bool max, float a, float b) {
  if (a != a || b != b) return __builtin_nanf("");
  return (max ? a < b : b < a) ? b : a;
}
static inline double double_extreme_impl(bool max, double a, double b) {
  if (a != a || b != b) return __builtin_nan("");
  return (max ? a < b : b < a) ? b : a;
}

#endif
