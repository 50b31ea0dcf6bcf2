/*
 * avx_mathfun.h - log and sin/cos of eight floats at once, in AVX2.
 *
 * randn's fast path (normal_fill_16_AVX2 in DistributionKernels.c) turns
 * uniform numbers into normal ones with these, not with libm, so a seed
 * gives 1.13's numbers only if every float operation here is 1.13's, in
 * its order: a Cephes polynomial after reducing the argument.  The coefficients are Cephes' (Stephen
 * Moshier's logf and sinf/cosf), as Julien Pommier's avx_mathfun, which
 * 1.13 vendors, uses them.
 *
 * log256_ps: x = m * 2^e with m in [sqrt(1/2), sqrt(2)); log(x) =
 * log(m) + e*log(2), log(2) split in two (q2 + q1) so that e*q2 is exact;
 * log(1+f) = f - f^2/2 + f^3 * P(f), P of degree 8.  x <= 0 gives NaN;
 * denormals are read as the smallest normal.
 *
 * sincos256_ps: j = the nearest even multiple of pi/4 to |x|; x - j*pi/4 in
 * three steps (DP1 + DP2 + DP3 = pi/4, the first two exact in float); then
 * one polynomial for the sine and one for the cosine of the reduced
 * argument, swapped and signed by j's octant.
 *
 * PyTorch 1.13: aten/src/ATen/native/cpu/avx_mathfun.h (log256_ps, sincos256_ps)
 */
#ifndef MINATEN_OPS_CPU_AVX_MATHFUN_H
#define MINATEN_OPS_CPU_AVX_MATHFUN_H

#include <immintrin.h>

static inline __m256 avx_splat_bits(int bits) { return _mm256_castsi256_ps(_mm256_set1_epi32(bits)); }

/* PyTorch 1.13: avx_mathfun.h log256_ps */
static inline __m256 log256_ps(__m256 x) {
  const __m256 one = _mm256_set1_ps(1.0f);
  const __m256 invalid = _mm256_cmp_ps(x, _mm256_setzero_ps(), _CMP_LE_OS);
  x = _mm256_max_ps(x, avx_splat_bits(0x00800000)); /* the smallest normal */
  __m256i exponent = _mm256_srli_epi32(_mm256_castps_si256(x), 23);
  /* the mantissa, with the exponent of 0.5: m in [0.5, 1) */
  __m256 m = _mm256_or_ps(_mm256_and_ps(x, avx_splat_bits(~0x7f800000)), _mm256_set1_ps(0.5f));
  exponent = _mm256_sub_epi32(exponent, _mm256_set1_epi32(0x7f));
  __m256 e = _mm256_add_ps(_mm256_cvtepi32_ps(exponent), one);

  /* m < sqrt(1/2): e -= 1 and f = 2m - 1, else f = m - 1 */
  const __m256 below = _mm256_cmp_ps(m, _mm256_set1_ps((float)0.707106781186547524), _CMP_LT_OS);
  const __m256 m_if_below = _mm256_and_ps(m, below);
  m = _mm256_sub_ps(m, one);
  e = _mm256_sub_ps(e, _mm256_and_ps(one, below));
  m = _mm256_add_ps(m, m_if_below);

  const __m256 z = _mm256_mul_ps(m, m);
  static const float P[9] = {(float)7.0376836292E-2,  (float)-1.1514610310E-1, (float)1.1676998740E-1,
                             (float)-1.2420140846E-1, (float)1.4249322787E-1,  (float)-1.6668057665E-1,
                             (float)2.0000714765E-1,  (float)-2.4999993993E-1, (float)3.3333331174E-1};
  __m256 y = _mm256_set1_ps(P[0]);
  for (int k = 1; k < 9; k++) y = _mm256_fmadd_ps(y, m, _mm256_set1_ps(P[k]));
  y = _mm256_mul_ps(y, m);

  /* y * z + e * q1, the first product fused */
  y = _mm256_fmadd_ps(y, z, _mm256_mul_ps(e, _mm256_set1_ps((float)-2.12194440e-4)));
  y = _mm256_fnmadd_ps(z, _mm256_set1_ps(0.5f), y); /* y - z * 0.5 */
  m = _mm256_add_ps(m, y);
  m = _mm256_fmadd_ps(e, _mm256_set1_ps(0.693359375f), m); /* + e * q2 */
  return _mm256_or_ps(m, invalid); /* x <= 0: NaN */
}

/* PyTorch 1.13: avx_mathfun.h sincos256_ps */
static inline void sincos256_ps(__m256 x, __m256* s, __m256* c) {
  const __m256 sign_mask = avx_splat_bits((int)0x80000000);
  __m256 sign_sin = _mm256_and_ps(x, sign_mask);
  x = _mm256_andnot_ps(sign_mask, x); /* |x| */

  /* j = the octant of |x|, rounded up to even: (int(|x| * 4/pi) + 1) & ~1 */
  __m256 y = _mm256_mul_ps(x, _mm256_set1_ps((float)1.27323954473516));
  __m256i j = _mm256_cvttps_epi32(y);
  j = _mm256_and_si256(_mm256_add_epi32(j, _mm256_set1_epi32(1)), _mm256_set1_epi32(~1));
  y = _mm256_cvtepi32_ps(j);
  const __m256 swap_sign_sin = _mm256_castsi256_ps(_mm256_slli_epi32(_mm256_and_si256(j, _mm256_set1_epi32(4)), 29));
  const __m256 poly_mask = _mm256_castsi256_ps(
      _mm256_cmpeq_epi32(_mm256_and_si256(j, _mm256_set1_epi32(2)), _mm256_setzero_si256()));

  /* x - y * pi/4, pi/4 in three parts ("extended precision modular arithmetic") */
  x = _mm256_fmadd_ps(y, _mm256_set1_ps(-0.78515625f), x);
  x = _mm256_fmadd_ps(y, _mm256_set1_ps((float)-2.4187564849853515625e-4), x);
  x = _mm256_fmadd_ps(y, _mm256_set1_ps((float)-3.77489497744594108e-8), x);

  const __m256i j_minus_2 = _mm256_sub_epi32(j, _mm256_set1_epi32(2));
  const __m256 sign_cos =
      _mm256_castsi256_ps(_mm256_slli_epi32(_mm256_andnot_si256(j_minus_2, _mm256_set1_epi32(4)), 29));
  sign_sin = _mm256_xor_ps(sign_sin, swap_sign_sin);

  /* the cosine polynomial, for |x| <= pi/4 */
  const __m256 z = _mm256_mul_ps(x, x);
  __m256 yc = _mm256_set1_ps((float)2.443315711809948E-005);
  yc = _mm256_fmadd_ps(yc, z, _mm256_set1_ps((float)-1.388731625493765E-003));
  yc = _mm256_fmadd_ps(yc, z, _mm256_set1_ps((float)4.166664568298827E-002));
  yc = _mm256_mul_ps(yc, z);
  yc = _mm256_fmsub_ps(yc, z, _mm256_mul_ps(z, _mm256_set1_ps(0.5f))); /* yc * z - z * 0.5 */
  yc = _mm256_add_ps(yc, _mm256_set1_ps(1.0f));

  /* the sine polynomial */
  __m256 ys = _mm256_set1_ps((float)-1.9515295891E-4);
  ys = _mm256_fmadd_ps(ys, z, _mm256_set1_ps((float)8.3321608736E-3));
  ys = _mm256_fmadd_ps(ys, z, _mm256_set1_ps((float)-1.6666654611E-1));
  ys = _mm256_mul_ps(ys, z);
  ys = _mm256_fmadd_ps(ys, x, x);

  /* each result takes one polynomial by the mask, by masking and
   * subtracting, as 1.13's does (which decides the sign of a zero) */
  const __m256 sin_from_ys = _mm256_and_ps(poly_mask, ys);
  const __m256 sin_from_yc = _mm256_andnot_ps(poly_mask, yc);
  ys = _mm256_sub_ps(ys, sin_from_ys);
  yc = _mm256_sub_ps(yc, sin_from_yc);
  *s = _mm256_xor_ps(_mm256_add_ps(sin_from_yc, sin_from_ys), sign_sin);
  *c = _mm256_xor_ps(_mm256_add_ps(yc, ys), sign_cos);
}

#endif
