/*
 * UnaryOpsComplexLoops.h - abs, angle, sgn and neg of complex64 and complex128
 * elements, as the kernels of ops/cpu/UnaryOpsKernel.c run them (included
 * there, so compiled once per CPU capability).
 *
 * Note [Complex abs, angle and sgn in 1.13's loops]
 * 1.13's abs_kernel, angle_kernel and sgn_kernel are cpu_kernel_vec loops:
 * the full blocks of two vectors of a contiguous row (8 complex64 or 4
 * complex128 at AVX2; twice that at AVX512) go through
 * Vectorized<c10::complex<T>>, the rest of the row, and every element of a
 * row that is not contiguous, through the scalar lambda.  The two disagree:
 *   - abs: the vector computes sqrt(re*re + im*im), each step rounded (so
 *     |1e30 + 1e30i| is inf in complex64), the scalar std::abs, i.e.
 *     hypot (1.4142e+30);
 *   - angle: the vector is Sleef's atan2 (u10), the scalar libm's atan2;
 *   - sgn: the vector divides each part by its |z| (0 where |z| == 0),
 *     the scalar divides z by the complex number hypot(re, im) + 0i, with
 *     c10::complex's quotient ((ac + bd) + (bc - ad)i) / (c^2 + d^2), whose
 *     c^2 overflows first (sgn(1e30 + 1e30i) is nan + nanj there), its
 *     products fused where the capability has FMA (as in Note [Complex
 *     products in 1.13's loops], ops/BinaryOpsComplex.c), and 0 where z == 0;
 *   - neg: the vector subtracts from zero (_mm256_sub_ps(zero, values)), the
 *     scalar negates, so -(0+0i) is 0+0i in the blocks and -0-0i in the
 *     rest of the row (measured: -torch.zeros(9, dtype=torch.complex64) has
 *     eight +0 and one -0-0i, complex128 blocks of four).
 * At DEFAULT, Vectorized<c10::complex<T>> maps the scalar functions over
 * its lanes: every element is the scalar lambda's.  Measured against 1.13
 * at AVX2 (tests/conformance/complex/unary.py); AVX512's longer blocks are
 * modelled, not measured.
 *
 * PyTorch 1.13: native/cpu/UnaryOpsKernel.cpp (abs_kernel, angle_kernel,
 * sgn_kernel, neg_kernel), native/cpu/zmath.h (angle_impl, sgn_impl),
 * ATen/cpu/vec/vec256/vec256_complex_float.h, vec256_complex_double.h
 * (abs_, angle_, sgn, neg)
 */
#ifndef MINATEN_OPS_CPU_UNARYOPSCOMPLEXLOOPS_H
#define MINATEN_OPS_CPU_UNARYOPSCOMPLEXLOOPS_H

#include <math.h>

#include "ops/UnaryOps.h"
#include "runtime/Complex.h"
#include "runtime/TypeCast.h"

#if defined(__AVX2__)
#include <sleef.h>
/* the elements of a vectorized iteration: two vectors of complex values */
#define COMPLEX_BLOCK(elem_size) (2 * VEC_BYTES / (elem_size))
#else
#define COMPLEX_BLOCK(elem_size) 0 /* DEFAULT: the scalar lambda everywhere */
#endif

/* |z| as the vector computes it: each product and the sum rounded. */
static inline float complex_abs_vec_float(ComplexFloat z) {
  float sq = z.real * z.real + z.imag * z.imag; /* the file is compiled with -ffp-contract=off */
  return sqrtf(sq);
}
static inline double complex_abs_vec_double(ComplexDouble z) { return sqrt(z.real * z.real + z.imag * z.imag); }

/* atan2(im, re) of n <= 8 complex64 (n <= 4 complex128) values through
 * Sleef's vector atan2, lane by lane as 1.13's angle_() computes. */
static inline void complex_angle_vec_float(const ComplexFloat* z, float* out, int n) {
#if defined(__AVX2__)
  float re[8] = {0}, im[8] = {0};
  for (int i = 0; i < n; i++) re[i] = z[i].real, im[i] = z[i].imag;
  _mm256_storeu_ps(re, Sleef_atan2f8_u10(_mm256_loadu_ps(im), _mm256_loadu_ps(re)));
  for (int i = 0; i < n; i++) out[i] = re[i];
#else
  for (int i = 0; i < n; i++) out[i] = atan2f(z[i].imag, z[i].real);
#endif
}
static inline void complex_angle_vec_double(const ComplexDouble* z, double* out, int n) {
#if defined(__AVX2__)
  double re[4] = {0}, im[4] = {0};
  for (int i = 0; i < n; i++) re[i] = z[i].real, im[i] = z[i].imag;
  _mm256_storeu_pd(re, Sleef_atan2d4_u10(_mm256_loadu_pd(im), _mm256_loadu_pd(re)));
  for (int i = 0; i < n; i++) out[i] = re[i];
#else
  for (int i = 0; i < n; i++) out[i] = atan2(z[i].imag, z[i].real);
#endif
}

/* c10::complex's z / (c + 0i), as the scalar lambda computes it. */
static inline ComplexFloat complex_div_real_float(ComplexFloat z, float c) {
  const float d = 0;
#if defined(__FMA__)
  float den = fmaf(c, c, d * d);
  return (ComplexFloat){fmaf(z.real, c, z.imag * d) / den, fmaf(z.imag, c, -(z.real * d)) / den};
#else
  float den = c * c + d * d;
  return (ComplexFloat){(z.real * c + z.imag * d) / den, (z.imag * c - z.real * d) / den};
#endif
}
static inline ComplexDouble complex_div_real_double(ComplexDouble z, double c) {
  const double d = 0;
#if defined(__FMA__)
  double den = fma(c, c, d * d);
  return (ComplexDouble){fma(z.real, c, z.imag * d) / den, fma(z.imag, c, -(z.real * d)) / den};
#else
  double den = c * c + d * d;
  return (ComplexDouble){(z.real * c + z.imag * d) / den, (z.imag * c - z.real * d) / den};
#endif
}

/* One complex64 element, by the vector's arithmetic or the scalar's
 * (its angle when vectorized is computed by the caller, 8 at a time). */
static inline ComplexFloat complex_unary_float(UnaryOp op, ComplexFloat z, bool vectorized) {
  switch (op) {
    case UnaryOp_Abs: return (ComplexFloat){vectorized ? complex_abs_vec_float(z) : hypotf(z.real, z.imag), 0};
    case UnaryOp_Angle: return (ComplexFloat){atan2f(z.imag, z.real), 0};
    case UnaryOp_Neg: return vectorized ? (ComplexFloat){0.0f - z.real, 0.0f - z.imag} : (ComplexFloat){-z.real, -z.imag};
    default: { /* UnaryOp_Sgn */
      if (!vectorized)
        return z.real == 0 && z.imag == 0 ? (ComplexFloat){0, 0} : complex_div_real_float(z, hypotf(z.real, z.imag));
      float a = complex_abs_vec_float(z);
      return a == 0 ? (ComplexFloat){0, 0} : (ComplexFloat){z.real / a, z.imag / a};
    }
  }
}
static inline ComplexDouble complex_unary_double(UnaryOp op, ComplexDouble z, bool vectorized) {
  switch (op) {
    case UnaryOp_Abs: return (ComplexDouble){vectorized ? complex_abs_vec_double(z) : hypot(z.real, z.imag), 0};
    case UnaryOp_Angle: return (ComplexDouble){atan2(z.imag, z.real), 0};
    case UnaryOp_Neg: return vectorized ? (ComplexDouble){0.0 - z.real, 0.0 - z.imag} : (ComplexDouble){-z.real, -z.imag};
    default: {
      if (!vectorized)
        return z.real == 0 && z.imag == 0 ? (ComplexDouble){0, 0} : complex_div_real_double(z, hypot(z.real, z.imag));
      double a = complex_abs_vec_double(z);
      return a == 0 ? (ComplexDouble){0, 0} : (ComplexDouble){z.real / a, z.imag / a};
    }
  }
}

/* n complex64 elements of a row: vectorized says which arithmetic. */
static inline void complex_float_run(UnaryOp op, char* o, int64_t so, const char* x, int64_t sx, int64_t n,
                                     bool vectorized) {
  for (int64_t i = 0; i < n; i += 8) {
    ComplexFloat z[8];
    int m = n - i < 8 ? (int)(n - i) : 8;
    for (int k = 0; k < m; k++) memcpy(&z[k], x + (i + k) * sx, sizeof z[k]);
    float angle[8];
    if (op == UnaryOp_Angle && vectorized) complex_angle_vec_float(z, angle, m);
    for (int k = 0; k < m; k++) {
      ComplexFloat r = complex_unary_float(op, z[k], vectorized);
      if (op == UnaryOp_Angle && vectorized) r.real = angle[k];
      memcpy(o + (i + k) * so, &r, sizeof r);
    }
  }
}
static inline void complex_double_run(UnaryOp op, char* o, int64_t so, const char* x, int64_t sx, int64_t n,
                                      bool vectorized) {
  for (int64_t i = 0; i < n; i += 4) {
    ComplexDouble z[4];
    int m = n - i < 4 ? (int)(n - i) : 4;
    for (int k = 0; k < m; k++) memcpy(&z[k], x + (i + k) * sx, sizeof z[k]);
    double angle[4];
    if (op == UnaryOp_Angle && vectorized) complex_angle_vec_double(z, angle, m);
    for (int k = 0; k < m; k++) {
      ComplexDouble r = complex_unary_double(op, z[k], vectorized);
      if (op == UnaryOp_Angle && vectorized) r.real = angle[k];
      memcpy(o + (i + k) * so, &r, sizeof r);
    }
  }
}

/* One row of a complex iterator (out and input of the same complex dtype:
 * abs and angle run complex -> complex, their callers keep the real parts).
 * PyTorch 1.13: native/cpu/Loops.h vectorized_loop, basic_loop */
static inline void complex_unary_row(UnaryOp op, ScalarType compute, char* o, const char* x, const int64_t* strides,
                                     int64_t n) {
  int64_t size = (int64_t)ScalarType_elementSize(compute);
  int64_t block = COMPLEX_BLOCK(size);
  bool contiguous = strides[0] == size && (strides[1] == size || strides[1] == 0);
  int64_t vectorized = block == 0 || !contiguous ? 0 : n - n % block;
  void (*run)(UnaryOp, char*, int64_t, const char*, int64_t, int64_t, bool) =
      compute == ScalarType_ComplexFloat ? complex_float_run : complex_double_run;
  run(op, o, strides[0], x, strides[1], vectorized, true);
  run(op, o + vectorized * strides[0], strides[0], x + vectorized * strides[1], strides[1], n - vectorized, false);
}

#endif
