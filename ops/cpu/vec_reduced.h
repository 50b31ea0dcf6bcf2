/*
 * vec_reduced.h - Half and BFloat16 lanes widened to float vectors and
 * narrowed back: the conversions of the vector loops that compute these
 * dtypes in float (ops/cpu/BinaryOpsKernel.c's add, ops/cpu/SumKernel.c).
 * Included by the ops/cpu/ kernel files after vec.h, so it follows their
 * copy's capability: an hvec holds kLanes 16-bit elements, one fvec's worth.
 *
 * Note [Half and BFloat16 lanes]
 *  - Half -> float is exact (every Half is a float).  The AVX2 and AVX512
 *    copies use F16C's vcvtph2ps (CMakeLists.txt gives them -mf16c), the
 *    DEFAULT copy c10's branchless conversion (fp16_ieee_to_fp32_value:
 *    the exponent rebiased by one float multiplication, subnormals through
 *    a magic subtraction), written on whole vectors.  Both quiet a
 *    signalling NaN; its sign is kept, which is all a Half result keeps.
 *  - float -> Half rounds to nearest even, overflows to infinity, and gives
 *    0x7e00 with the float's sign for every NaN: c10's
 *    fp16_ieee_from_fp32_value, what Half_fromFloat (runtime/Half.h) does
 *    one element at a time.  F16C's vcvtps2ph rounds the same but keeps a
 *    NaN's payload, so NaN lanes are replaced afterwards.
 *  - BFloat16 -> float is a 16-bit shift.  float -> BFloat16 rounds to
 *    nearest even by adding 0x7fff plus the lowest kept bit and shifting
 *    (c10::detail::round_to_nearest_even); a NaN becomes 0x7fc0 in c10's
 *    scalar conversion, but 0xffff in 1.13's AVX2 and AVX512
 *    Vectorized<BFloat16> (cvtfp32_bf16 blends in `nan = 0xffff`), so the
 *    caller says which (kBFloat16VectorNaN: 1.13's vector loops in the
 *    AVX2 and AVX512 copies; its DEFAULT build's Vectorized<BFloat16> is
 *    the generic one, element by element through c10::BFloat16).
 * Every copy gives the same bits for the same call; they differ in speed.
 *
 * PyTorch 1.13: c10/util/Half.h (fp16_ieee_to_fp32_value,
 * fp16_ieee_from_fp32_value), c10/util/BFloat16.h (round_to_nearest_even),
 * ATen/cpu/vec/vec256/vec256_bfloat16.h (cvtbf16_fp32, cvtfp32_bf16)
 */
#ifndef MINATEN_OPS_CPU_VEC_REDUCED_H
#define MINATEN_OPS_CPU_VEC_REDUCED_H

#include <stdint.h>
#include <string.h>

#include "ops/cpu/vec.h"

typedef uint16_t hvec __attribute__((vector_size(VEC_BYTES / 2))); /* kLanes Half or BFloat16 bit patterns */

/* 1.13's vector loops narrow a BFloat16 NaN to 0xffff in its AVX2 and
 * AVX512 builds, to c10's 0x7fc0 in DEFAULT (Note [Half and BFloat16 lanes]). */
#if defined(CPU_CAPABILITY_DEFAULT)
#define kBFloat16VectorNaN ((uint16_t)0x7fc0)
#else
#define kBFloat16VectorNaN ((uint16_t)0xffff)
#endif

static inline __attribute__((always_inline)) hvec hload(const uint16_t* p) {
  hvec v;
  memcpy(&v, p, sizeof v);
  return v;
}
static inline void hstore(uint16_t* p, hvec v) { memcpy(p, &v, sizeof v); }
/* The first m (< kLanes) elements at p, the other lanes 0. */
static inline __attribute__((always_inline)) hvec hload_partial(const uint16_t* p, int64_t m) {
  hvec v = {0};
  memcpy(&v, p, (size_t)m * 2);
  return v;
}
static inline void hstore_partial(uint16_t* p, hvec v, int64_t m) { memcpy(p, &v, (size_t)m * 2); }
/* x's bits in every lane. */
/* 16-bit lanes zero-extended to 32 bits, and 32-bit lanes (each <= 0xffff)
 * cut to 16: one instruction each at AVX2 (two for the cut) and AVX512;
 * GCC's __builtin_convertvector elsewhere. */
static inline __attribute__((always_inline)) uvec widen16(hvec h) {
#if defined(__AVX512F__)
  __m256i x;
  memcpy(&x, &h, sizeof x);
  return (uvec)_mm512_cvtepu16_epi32(x);
#elif defined(__AVX2__)
  __m128i x;
  memcpy(&x, &h, sizeof x);
  return (uvec)_mm256_cvtepu16_epi32(x);
#else
  return __builtin_convertvector(h, uvec);
#endif
}
static inline __attribute__((always_inline)) hvec narrow16(uvec w) {
  hvec h;
#if defined(__AVX512F__)
  __m256i x = _mm512_cvtepi32_epi16((__m512i)w);
  memcpy(&h, &x, sizeof h);
#elif defined(__AVX2__)
  __m256i x = (__m256i)w;
  __m128i packed = _mm_packus_epi32(_mm256_castsi256_si128(x), _mm256_extracti128_si256(x, 1));
  memcpy(&h, &packed, sizeof h);
#else
  h = __builtin_convertvector(w, hvec);
#endif
  return h;
}

/* Whether some lane of f is a NaN. */
static inline __attribute__((always_inline)) bool any_nan(fvec f) {
#if defined(__AVX512F__)
  return _mm512_cmp_ps_mask((__m512)f, (__m512)f, _CMP_UNORD_Q) != 0;
#elif defined(__AVX__)
  return _mm256_movemask_ps(_mm256_cmp_ps((__m256)f, (__m256)f, _CMP_UNORD_Q)) != 0;
#else
  ivec nan = f != f;
  int any = 0;
  for (int i = 0; i < kLanes; i++) any |= nan[i];
  return any != 0;
#endif
}

static inline __attribute__((always_inline)) fvec bfloat16_to_float_vec(hvec h) {
  return (fvec)(widen16(h) << 16);
}

/* Rounded to nearest even; NaN lanes become nan_bits (0x7fc0 or 0xffff). */
static inline __attribute__((always_inline)) hvec float_to_bfloat16_vec(fvec f, uint16_t nan_bits) {
  uvec w = (uvec)f;
  uvec r = (w + 0x7fffu + ((w >> 16) & 1u)) >> 16;
  uvec nan = (uvec)(f != f);
  return narrow16((nan & nan_bits) | (~nan & r));
}

/* 2 * kLanes BFloat16 at p as two float vectors, their lanes in an order of
 * their own (the 16-bit interleave within each 128-bit lane: no shifts, no
 * crossing of lanes), which bfloat16_pair_narrow undoes: for elementwise
 * arithmetic whose operands are all loaded so (or splatted), as 1.13's
 * cvtbf16_fp32 / cvtfp32_bf16 pair does with its own order. */
static inline __attribute__((always_inline)) void bfloat16_pair_widen(const uint16_t* p, fvec* lo, fvec* hi) {
#if defined(__AVX512F__)
  __m512i v = _mm512_loadu_si512(p), zero = _mm512_setzero_si512();
  *lo = (fvec)_mm512_unpacklo_epi16(zero, v);
  *hi = (fvec)_mm512_unpackhi_epi16(zero, v);
#elif defined(__AVX2__)
  __m256i v = _mm256_loadu_si256((const __m256i*)p), zero = _mm256_setzero_si256();
  *lo = (fvec)_mm256_unpacklo_epi16(zero, v);
  *hi = (fvec)_mm256_unpackhi_epi16(zero, v);
#else
  *lo = bfloat16_to_float_vec(hload(p));
  *hi = bfloat16_to_float_vec(hload(p + kLanes));
#endif
}

/* Rounded to nearest even, NaN lanes nan_bits, stored as 2 * kLanes
 * BFloat16 at p in bfloat16_pair_widen's order. */
static inline __attribute__((always_inline)) void bfloat16_pair_narrow(uint16_t* p, fvec lo, fvec hi,
                                                                      uint16_t nan_bits) {
#if defined(__AVX512F__) || defined(__AVX2__)
  uvec half[2] = {(uvec)lo, (uvec)hi};
  for (int k = 0; k < 2; k++) {
    uvec w = half[k];
    uvec r = (w + 0x7fffu + ((w >> 16) & 1u)) >> 16;
#if defined(__AVX512F__)
    __mmask16 ordered = _mm512_cmp_ps_mask((__m512)w, (__m512)w, _CMP_ORD_Q);
    half[k] = (uvec)_mm512_mask_blend_epi32(ordered, _mm512_set1_epi32(nan_bits), (__m512i)r);
#else
    __m256 ordered = _mm256_cmp_ps((__m256)w, (__m256)w, _CMP_ORD_Q);
    half[k] = (uvec)_mm256_blendv_epi8(_mm256_set1_epi32(nan_bits), (__m256i)r, (__m256i)ordered);
#endif
  }
#if defined(__AVX512F__)
  _mm512_storeu_si512(p, _mm512_packus_epi32((__m512i)half[0], (__m512i)half[1]));
#else
  _mm256_storeu_si256((__m256i*)p, _mm256_packus_epi32((__m256i)half[0], (__m256i)half[1]));
#endif
#else
  hstore(p, float_to_bfloat16_vec(lo, nan_bits));
  hstore(p + kLanes, float_to_bfloat16_vec(hi, nan_bits));
#endif
}

#if defined(__AVX512F__) && defined(__F16C__)
static inline __attribute__((always_inline)) fvec half_to_float_vec(hvec h) {
  __m256i x;
  memcpy(&x, &h, sizeof x);
  return (fvec)_mm512_cvtph_ps(x);
}
static inline __attribute__((always_inline)) hvec half_of_float_bits(fvec f) {
  __m256i x = _mm512_cvtps_ph((__m512)f, _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC);
  hvec h;
  memcpy(&h, &x, sizeof h);
  return h;
}
#elif defined(__F16C__) && VEC_BYTES == 32
static inline __attribute__((always_inline)) fvec half_to_float_vec(hvec h) {
  __m128i x;
  memcpy(&x, &h, sizeof x);
  return (fvec)_mm256_cvtph_ps(x);
}
static inline __attribute__((always_inline)) hvec half_of_float_bits(fvec f) {
  __m128i x = _mm256_cvtps_ph((__m256)f, _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC);
  hvec h;
  memcpy(&h, &x, sizeof h);
  return h;
}
#else
/* c10's fp16_ieee_to_fp32_value on whole vectors. */
static inline __attribute__((always_inline)) fvec half_to_float_vec(hvec h) {
  uvec w = widen16(h) << 16;
  uvec sign = w & 0x80000000u, two_w = w + w;
  fvec normalized = (fvec)((two_w >> 4) + (0xe0u << 23)) * 0x1p-112f;
  fvec denormalized = (fvec)((two_w >> 17) | (126u << 23)) - 0.5f;
  uvec small = (uvec)(two_w < (1u << 27));
  return (fvec)(sign | (small & (uvec)denormalized) | (~small & (uvec)normalized));
}
/* c10's fp16_ieee_from_fp32_value on whole vectors, NaN lanes left to the
 * caller (their bits here are not a NaN's). */
static inline __attribute__((always_inline)) hvec half_of_float_bits(fvec f) {
  uvec w = (uvec)f;
  uvec sign = w & 0x80000000u, shl1_w = w + w;
  fvec magnitude = (fvec)(w & 0x7fffffffu);
  fvec base = (magnitude * 0x1p+112f) * 0x1p-110f;
  uvec bias = shl1_w & 0xff000000u;
  uvec low = (uvec)(bias < 0x71000000u);
  bias = (low & 0x71000000u) | (~low & bias);
  base = (fvec)((bias >> 1) + 0x07800000u) + base;
  uvec bits = (uvec)base;
  uvec nonsign = ((bits >> 13) & 0x7c00u) + (bits & 0x0fffu);
  return narrow16((sign >> 16) | nonsign);
}
#endif

/* Rounded to nearest even; a NaN lane becomes 0x7e00 with its sign. */
static inline __attribute__((always_inline)) hvec float_to_half_vec(fvec f) {
  hvec h = half_of_float_bits(f);
  if (!any_nan(f)) return h;
  uvec nan = (uvec)(f != f);
  uvec canonical = (((uvec)f >> 16) & 0x8000u) | 0x7e00u;
  return narrow16((nan & canonical) | (~nan & widen16(h)));
}

/* Eight elements at p widened to eight floats, in every copy: the sums'
 * vectors are 32 bytes wide whatever the capability (Note [Cascade sum] in
 * ops/cpu/SumKernel.c). */
typedef float f8vec __attribute__((vector_size(32)));
#if defined(__F16C__)
static inline __attribute__((always_inline)) f8vec half8_to_float8(const void* p) {
  __m128i x;
  memcpy(&x, p, sizeof x);
  return (f8vec)_mm256_cvtph_ps(x);
}
#else
_Static_assert(kLanes == 8, "the copies without F16C have 8-lane vectors");
static inline __attribute__((always_inline)) f8vec half8_to_float8(const void* p) {
  return half_to_float_vec(hload(p));
}
#endif
static inline __attribute__((always_inline)) f8vec bfloat16x8_to_float8(const void* p) {
#if defined(__AVX2__)
  __m128i x;
  memcpy(&x, p, sizeof x);
  return (f8vec)_mm256_slli_epi32(_mm256_cvtepu16_epi32(x), 16);
#else
  _Static_assert(kLanes == 8, "the copies without AVX2 have 8-lane vectors");
  return bfloat16_to_float_vec(hload(p));
#endif
}

#endif
