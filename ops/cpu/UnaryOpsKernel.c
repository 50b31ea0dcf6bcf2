/*
 * UnaryOpsKernel.c - the CPU kernels of the unary elementwise operators:
 * one named kernel per stub of ops/UnaryOps.h (abs_kernel, exp_kernel,
 * ...), each running TensorIterator's tiles through its loop2d.
 *
 * This file is compiled once per CPU capability (Note [CPU capability
 * dispatch] in ops/DispatchStub.h); everything in it is static but the
 * registrations at the end.  A kernel's loop2d (unary_tile with the
 * operation a constant) takes each row of its tile:
 *  - exp, log, sin, cos, tanh and sigmoid of floats or doubles at AVX2 and
 *    AVX512 go through Sleef as 1.13's kernels do (Note [Sleef's unary
 *    functions], Note [The inner loops of a Sleef operator]); at DEFAULT
 *    they are libm's scalar functions, as 1.13's DEFAULT build computes;
 *  - abs, neg, relu, sign, sqrt and the roundings of floats of unit stride
 *    go through the vector loop (unary_loop: unary_float's operations on
 *    whole vectors, the same bits);
 *  - anything else element by element (op_element), computed in float,
 *    double or int64 with float's own functions for float.
 *
 * Note [Sleef's unary functions]
 * 1.13's Vectorized<float>::exp() is Sleef_expf8_u10 in AVX2 (vec256_float.h;
 * log, sin, cos, tanh likewise, and Vectorized<double>'s Sleef_expd4_u10, ...),
 * Sleef_expf16_u10 in AVX512; the DEFAULT Vectorized maps std::exp (libm's
 * expf) over its lanes.  Sleef's results are within 1 ulp, not always libm's
 * (exp of the 501 floats of tests/conformance/elementwise/exp_sin_bits.py:
 * 42 differ in the last bit).  To print what PyTorch prints, minaten calls
 * the same functions of the same library (Debian's libsleef, which Debian's
 * libtorch links), where 1.13 does, on the same vectors:
 *  - exp, log, sin, cos, tanh are 1.13's "vml" kernels (UnaryOpsKernel.cpp
 *    IMPLEMENT_*_KERNEL): vml::vexp maps the vector function over each inner
 *    loop, vectors from its first element, the tail as a zero-padded vector
 *    (vec::map); a strided operand is copied through a buffer first.  So at
 *    AVX2 every element goes through Sleef, whatever the layout.  Which
 *    elements share a vector matters: Sleef's sin and cos choose their
 *    argument reduction for the whole vector (the cheap one only when all
 *    lanes are small), so a large neighbour changes a small lane's last bit.
 *  - sigmoid is a cpu_kernel_vec kernel: Loops.h's vectorized_loop runs its
 *    vector lambda (1 / (1 + exp(0 - x)), with Sleef's exp) two vectors at a
 *    time, and the last n % (2 * lanes) elements of each inner loop through
 *    the scalar lambda (libm's expf); an inner loop whose operands are not
 *    stride-1 is scalar throughout.
 * The AVX512 kernels: 1.13 registers exp, log, tanh and sigmoid for AVX512
 * (Sleef's 16-lane functions, sigmoid's tail being n % 32), but sin and cos
 * "without AVX512": that capability runs their AVX2 kernel, and so does the
 * AVX512 copy here.
 *
 * PyTorch 1.13: aten/src/ATen/native/cpu/UnaryOpsKernel.cpp,
 * native/cpu/Loops.h (cpu_kernel_vec, vectorized_loop, basic_loop),
 * native/cpu/vml.h, ATen/cpu/vec/functional_base.h (map),
 * ATen/cpu/vec/vec256/vec256_float.h, vec256_double.h
 */
#include <math.h>
#include <string.h>

#include "ops/DispatchStub.h"
#include "ops/TensorIterator.h"
#include "ops/cpu/Loops.h"
#include "ops/UnaryOps.h"
#include "ops/cpu/vec.h"
#include "ops/cpu/UnaryOpsComplexLoops.h"
#include "runtime/Parallel.h"
#include "runtime/ScalarOps.h"
#include "runtime/TypeCast.h"

/* ---- the arithmetic of one element ---------------------------------------- */

/* erfinv: a rational first guess (central range |y| <= 0.7, else a tail
 * formula in sqrt(-log((1 - |y|) / 2))), then two Newton steps on erf, in
 * the element's own type with libm's erf and exp.  Every capability computes
 * it so: 1.13's Vectorized<T>::erfinv maps this scalar function over its lanes,
 * and bfloat16 calls the float one.  The coefficients are 1.13's, written as
 * T(double literal), i.e. rounded from the double.
 * Note [erfinv's contracted FMAs]: 1.13 compiles Math.h's calc_erfinv into
 * each capability's kernel file with GCC's default -ffp-contract=fast, so
 * where the capability has FMA (AVX2, AVX512) the Horner steps a * z + b
 * of its rational approximation are fused; the last bits follow (erfinv of
 * -0.99 in float: -1.8213869 unfused, at DEFAULT, -1.8213867 fused, as 1.13
 * at AVX2).  This file is compiled with -ffp-contract=off, so the fused steps
 * are written out (ERFINV_MADD: fma where the capability has it).
 * PyTorch 1.13: aten/src/ATen/native/Math.h calc_erfinv */
#if defined(__FMA__)
#define ERFINV_MADDF(a, b, c) fmaf(a, b, c)
#define ERFINV_MADD(a, b, c) fma(a, b, c)
#else
#define ERFINV_MADDF(a, b, c) ((a) * (b) + (c))
#define ERFINV_MADD(a, b, c) ((a) * (b) + (c))
#endif
static float calc_erfinv_float(float y) {
  static const float a[4] = {(float)0.886226899, (float)-1.645349621, (float)0.914624893, (float)-0.140543331};
  static const float b[4] = {(float)-2.118377725, (float)1.442710462, (float)-0.329097515, (float)0.012229801};
  static const float c[4] = {(float)-1.970840454, (float)-1.624906493, (float)3.429567803, (float)1.641345311};
  static const float d[2] = {(float)3.543889200, (float)1.637067800};
  float y_abs = fabsf(y), x, z, num, dem;
  if (y_abs > 1.0) return NAN;
  if (y_abs == 1.0) return copysignf(INFINITY, y);
  if (y_abs <= (float)0.7) {
    z = y * y;
    num = ERFINV_MADDF(ERFINV_MADDF(ERFINV_MADDF(a[3], z, a[2]), z, a[1]), z, a[0]);
    dem = ERFINV_MADDF(ERFINV_MADDF(ERFINV_MADDF(ERFINV_MADDF(b[3], z, b[2]), z, b[1]), z, b[0]), z, 1.0f);
    x = y * num / dem;
  } else {
    z = sqrtf(-logf((1.0f - y_abs) / 2.0f));
    num = ERFINV_MADDF(ERFINV_MADDF(ERFINV_MADDF(c[3], z, c[2]), z, c[1]), z, c[0]);
    dem = ERFINV_MADDF(ERFINV_MADDF(d[1], z, d[0]), z, 1.0f);
    x = copysignf(num, y) / dem;
  }
  const float two_over_sqrt_pi = 2.0f / (float)sqrt(M_PI);
  x = x - (erff(x) - y) / (two_over_sqrt_pi * expf(-x * x));
  x = x - (erff(x) - y) / (two_over_sqrt_pi * expf(-x * x));
  return x;
}

static double calc_erfinv_double(double y) {
  static const double a[4] = {0.886226899, -1.645349621, 0.914624893, -0.140543331};
  static const double b[4] = {-2.118377725, 1.442710462, -0.329097515, 0.012229801};
  static const double c[4] = {-1.970840454, -1.624906493, 3.429567803, 1.641345311};
  static const double d[2] = {3.543889200, 1.637067800};
  double y_abs = fabs(y), x, z, num, dem;
  if (y_abs > 1.0) return NAN;
  if (y_abs == 1.0) return copysign(INFINITY, y);
  if (y_abs <= 0.7) {
    z = y * y;
    num = ERFINV_MADD(ERFINV_MADD(ERFINV_MADD(a[3], z, a[2]), z, a[1]), z, a[0]);
    dem = ERFINV_MADD(ERFINV_MADD(ERFINV_MADD(ERFINV_MADD(b[3], z, b[2]), z, b[1]), z, b[0]), z, 1.0);
    x = y * num / dem;
  } else {
    z = sqrt(-log((1.0 - y_abs) / 2.0));
    num = ERFINV_MADD(ERFINV_MADD(ERFINV_MADD(c[3], z, c[2]), z, c[1]), z, c[0]);
    dem = ERFINV_MADD(ERFINV_MADD(d[1], z, d[0]), z, 1.0);
    x = copysign(num, y) / dem;
  }
  const double two_over_sqrt_pi = 2.0 / sqrt(M_PI);
  x = x - (erf(x) - y) / (two_over_sqrt_pi * exp(-x * x));
  x = x - (erf(x) - y) / (two_over_sqrt_pi * exp(-x * x));
  return x;
}

static double unary_double(UnaryOp op, double x) {
  switch (op) {
    case UnaryOp_Abs: return fabs(x);
    case UnaryOp_Relu: return x < 0 ? 0 : x; /* NaN stays NaN, as clamp_min */
    case UnaryOp_Exp: return exp(x);
    case UnaryOp_Log: return log(x);
    case UnaryOp_Sqrt: return sqrt(x);
    case UnaryOp_Sigmoid: return 1.0 / (1.0 + exp(-x));
    case UnaryOp_Sin: return sin(x);
    case UnaryOp_Cos: return cos(x);
    case UnaryOp_Floor: return floor(x);
    case UnaryOp_Ceil: return ceil(x);
    case UnaryOp_Round: return nearbyint(x);
    case UnaryOp_Trunc: return trunc(x);
    case UnaryOp_Sign: return (double)((0 < x) - (x < 0));
    case UnaryOp_Neg: return -x;
    case UnaryOp_LogicalNot: return x == 0; /* a NaN is true: its not is 0 */
    case UnaryOp_Log1p: return log1p(x);
    case UnaryOp_Expm1: return expm1(x);
    case UnaryOp_Erf: return erf(x);
    case UnaryOp_Erfc: return erfc(x);
    case UnaryOp_Erfinv: return calc_erfinv_double(x);
    case UnaryOp_Angle: return isnan(x) ? x : x < 0 ? M_PI : 0; /* zmath.h angle_impl */
    case UnaryOp_Sinh: return sinh(x);
    case UnaryOp_Cosh: return cosh(x);
    default: return tanh(x);
  }
}

static float unary_float(UnaryOp op, float x) {
  switch (op) {
    case UnaryOp_Abs: return fabsf(x);
    case UnaryOp_Relu: return x < 0 ? 0.0f : x;
    case UnaryOp_Exp: return expf(x);
    case UnaryOp_Log: return logf(x);
    case UnaryOp_Sqrt: return sqrtf(x);
    case UnaryOp_Sigmoid: return 1.0f / (1.0f + expf(-x));
    case UnaryOp_Sin: return sinf(x);
    case UnaryOp_Cos: return cosf(x);
    case UnaryOp_Floor: return floorf(x);
    case UnaryOp_Ceil: return ceilf(x);
    case UnaryOp_Round: return nearbyintf(x);
    case UnaryOp_Trunc: return truncf(x);
    case UnaryOp_Sign: return (float)((0 < x) - (x < 0));
    case UnaryOp_Neg: return -x;
    case UnaryOp_LogicalNot: return x == 0;
    case UnaryOp_Log1p: return log1pf(x);
    case UnaryOp_Expm1: return expm1f(x);
    case UnaryOp_Erf: return erff(x);
    case UnaryOp_Erfc: return erfcf(x);
    case UnaryOp_Erfinv: return calc_erfinv_float(x);
    case UnaryOp_Angle: return isnan(x) ? x : x < 0 ? (float)M_PI : 0;
    case UnaryOp_Sinh: return sinhf(x);
    case UnaryOp_Cosh: return coshf(x);
    default: return tanhf(x);
  }
}

/* One element: read p in in_type, compute in compute (float, double, or
 * int64 for integers and bools; float for Half and BFloat16, rounded once
 * at the store), store at o in out_type. */
static inline __attribute__((always_inline)) void op_element(UnaryOp op, ScalarType compute, ScalarType in_type,
                                                             ScalarType out_type, char* o, const char* p) {
  if (compute == ScalarType_Float) {
    store_from_double(out_type, o, unary_float(op, (float)load_double(in_type, p)));
  } else if (ScalarType_isReducedFloating(compute)) { /* widened to float, the result a Half (then cast to out) */
    store_from_double(out_type, o, reduced_round(compute, unary_float(op, (float)load_double(in_type, p))));
  } else if (compute == ScalarType_Double) {
    store_from_double(out_type, o, unary_double(op, load_double(in_type, p)));
  } else {
    int64_t x = load_int(in_type, p);
    int64_t r;
    switch (op) {
      case UnaryOp_Abs: r = x < 0 ? (int64_t)(0 - (uint64_t)x) : x; break;
      case UnaryOp_Relu: r = x < 0 ? 0 : x; break;
      case UnaryOp_Sign: r = (0 < x) - (x < 0); break;
      case UnaryOp_Neg: r = (int64_t)(0u - (uint64_t)x); break; /* wraps: neg of the minimum is itself */
      case UnaryOp_BitwiseNot: r = in_type == ScalarType_Bool ? x == 0 : ~x; break; /* the store wraps ~x */
      case UnaryOp_LogicalNot: r = x == 0; break;
      default: r = x; break; /* floor, ceil, round, trunc of an integer */
    }
    store_scalar(out_type, o, Scalar_fromLong(r));
  }
}

/* ---- Sleef and the vector loops --------------------------------------------- */

#if defined(__AVX2__) /* the AVX512 copy too */

/* See Note [Sleef's unary functions] above.  SLEEF_FLOAT (ops/cpu/vec.h)
 * is, on one vector, what 1.13's Vectorized<float> (vec256_float.h,
 * vec512_float.h) computes at this capability: Sleef's 8-lane function in AVX2, its 16-lane one in
 * AVX512 for the operators 1.13 gives an AVX512 kernel (exp, log, tanh,
 * sigmoid); sin and cos have none (UnaryOpsKernel.cpp registers them
 * without AVX512), so the AVX512 copy runs AVX2's 8-lane function on each
 * half of its vector.  Each Sleef function computes lane by lane, so the
 * halves get what AVX2's kernel gives them. */

/* AVX2's 8-lane (4-lane) sin, or cos, on each 32-byte part of x.  (A
 * switch, not a function pointer: sleef.h declares const return types.) */
static inline fvec avx2_sin_cos_float(bool sine, fvec x) {
  fvec r;
  for (int h = 0; h < VEC_BYTES / 32; h++) {
    __m256 part;
    memcpy(&part, (const char*)&x + 32 * h, 32);
    part = sine ? Sleef_sinf8_u10(part) : Sleef_cosf8_u10(part);
    memcpy((char*)&r + 32 * h, &part, 32);
  }
  return r;
}
static inline dvec avx2_sin_cos_double(bool sine, dvec x) {
  dvec r;
  for (int h = 0; h < VEC_BYTES / 32; h++) {
    __m256d part;
    memcpy(&part, (const char*)&x + 32 * h, 32);
    part = sine ? Sleef_sind4_u10(part) : Sleef_cosd4_u10(part);
    memcpy((char*)&r + 32 * h, &part, 32);
  }
  return r;
}

/* PyTorch 1.13: Vectorized<float>::exp, log, tanh, sin, cos (vec256_float.h);
 * sigmoid's vector lambda in native/cpu/UnaryOpsKernel.cpp sigmoid_kernel:
 * 0 - x, exp, 1 +, reciprocal (a division: _mm256_div_ps) */
static inline __attribute__((always_inline)) fvec sleef_float(UnaryOp op, fvec x) {
  switch (op) {
    case UnaryOp_Exp: return SLEEF_FLOAT(exp, x);
    case UnaryOp_Log: return SLEEF_FLOAT(log, x);
    case UnaryOp_Tanh: return SLEEF_FLOAT(tanh, x);
    case UnaryOp_Sin: return avx2_sin_cos_float(true, x);
    case UnaryOp_Cos: return avx2_sin_cos_float(false, x);
    case UnaryOp_Log1p: return SLEEF_FLOAT(log1p, x);
    case UnaryOp_Expm1: return SLEEF_FLOAT(expm1, x);
    case UnaryOp_Erf: return SLEEF_FLOAT(erf, x);
    case UnaryOp_Erfc: return SLEEF_FLOAT_U15(erfc, x);
    case UnaryOp_Sinh: return SLEEF_FLOAT(sinh, x);
    case UnaryOp_Cosh: return SLEEF_FLOAT(cosh, x);
    default: return 1.0f / (1.0f + SLEEF_FLOAT(exp, 0.0f - x)); /* Sigmoid */
  }
}

/* The same for Vectorized<double> (vec256_double.h: Sleef_expd4_u10, ...). */
static inline __attribute__((always_inline)) dvec sleef_double(UnaryOp op, dvec x) {
  switch (op) {
    case UnaryOp_Exp: return SLEEF_DOUBLE(exp, x);
    case UnaryOp_Log: return SLEEF_DOUBLE(log, x);
    case UnaryOp_Tanh: return SLEEF_DOUBLE(tanh, x);
    case UnaryOp_Sin: return avx2_sin_cos_double(true, x);
    case UnaryOp_Cos: return avx2_sin_cos_double(false, x);
    case UnaryOp_Log1p: return SLEEF_DOUBLE(log1p, x);
    case UnaryOp_Expm1: return SLEEF_DOUBLE(expm1, x);
    case UnaryOp_Erf: return SLEEF_DOUBLE(erf, x);
    case UnaryOp_Erfc: return SLEEF_DOUBLE_U15(erfc, x);
    case UnaryOp_Sinh: return SLEEF_DOUBLE(sinh, x);
    case UnaryOp_Cosh: return SLEEF_DOUBLE(cosh, x);
    default: return 1.0 / (1.0 + SLEEF_DOUBLE(exp, 0.0 - x)); /* Sigmoid */
  }
}

/* The loop of vml::vexp and the like (1.13's vec::map, ATen/cpu/vec/functional_base.h):
 * whole vectors from the loop's first element, then the tail through the
 * same vector function, zero-padded (Vectorized::loadu(p, count)).  Every
 * element goes through Sleef, and with the same neighbours as in 1.13: that
 * matters, because Sleef's sin and cos pick their argument reduction for the
 * whole vector (the cheap one only when every lane is small), so a lane's
 * last bit depends on the other lanes.  Hence no streaming stores here
 * (Note [Streaming stores] would start the vectors at an aligned element). */
static inline __attribute__((always_inline)) void vml_loop_float(UnaryOp op, float* o, const float* a, int64_t n) {
  int64_t i = 0;
  for (; i + kLanes <= n; i += kLanes) store(o + i, sleef_float(op, load(a + i)));
  if (i < n) store_partial(o + i, sleef_float(op, load_partial(a + i, n - i)), n - i);
}

static inline __attribute__((always_inline)) void vml_loop_double(UnaryOp op, double* o, const double* a, int64_t n) {
  int64_t i = 0;
  dvec x;
  for (; i + kDoubleLanes <= n; i += kDoubleLanes) {
    memcpy(&x, a + i, sizeof x);
    x = sleef_double(op, x);
    memcpy(o + i, &x, sizeof x);
  }
  if (i < n) {
    x = (dvec){0};
    memcpy(&x, a + i, (size_t)(n - i) * sizeof(double));
    x = sleef_double(op, x);
    memcpy(o + i, &x, (size_t)(n - i) * sizeof(double));
  }
}

/* 1.13's vectorized_loop (native/cpu/Loops.h), which runs the cpu_kernel_vec
 * of sigmoid, sinh and cosh on stride-1 operands: two vectors at a time while
 * 2 * kLanes elements remain, then the rest one by one through the scalar
 * lambda: libm's functions (sigmoid's 1 / (1 + std::exp(-x)), std::sinh,
 * std::cosh), as unary_float computes them.
 * NB: both loads before the stores (o may be a). */
static inline __attribute__((always_inline)) void vectorized_loop_float(UnaryOp op, float* o, const float* a,
                                                                        int64_t n) {
  int64_t i = 0;
  for (; i + 2 * kLanes <= n; i += 2 * kLanes) {
    fvec x0 = load(a + i), x1 = load(a + i + kLanes);
    store(o + i, sleef_float(op, x0));
    store(o + i + kLanes, sleef_float(op, x1));
  }
  for (; i < n; i++) o[i] = unary_float(op, a[i]);
}

static inline __attribute__((always_inline)) void vectorized_loop_double(UnaryOp op, double* o, const double* a,
                                                                         int64_t n) {
  int64_t i = 0;
  for (; i + 2 * kDoubleLanes <= n; i += 2 * kDoubleLanes) {
    dvec x0, x1;
    memcpy(&x0, a + i, sizeof x0);
    memcpy(&x1, a + i + kDoubleLanes, sizeof x1);
    x0 = sleef_double(op, x0);
    x1 = sleef_double(op, x1);
    memcpy(o + i, &x0, sizeof x0);
    memcpy(o + i + kDoubleLanes, &x1, sizeof x1);
  }
  for (; i < n; i++) o[i] = unary_double(op, a[i]);
}
#endif /* __AVX2__ */

/* unary_float on vectors (the ops has_unary_vec names).  sqrt and the roundings are
 * written lane by lane with the scalar functions: the compiler makes them
 * one instruction per vector where the capability has one (sqrtps;
 * roundps from SSE4.1, so AVX2 and AVX512), with the same, exactly
 * rounded, results (this file is compiled with -fno-math-errno: no errno
 * to set, see CMakeLists.txt). */
static inline __attribute__((always_inline)) fvec unary_vec(UnaryOp op, fvec x) {
  fvec r;
  switch (op) {
    case UnaryOp_Abs: return (fvec)((uvec)x & 0x7fffffffu); /* fabsf: the sign bit cleared, NaNs too */
    case UnaryOp_Neg: return -x;
    case UnaryOp_Relu: return where(x < 0, splat(0.0f), x);
    case UnaryOp_Sign: return __builtin_convertvector((x < 0) - (0 < x), fvec); /* lanes are -1 for true */
    case UnaryOp_Sqrt: for (int l = 0; l < kLanes; l++) r[l] = sqrtf(x[l]); return r;
    case UnaryOp_Floor: for (int l = 0; l < kLanes; l++) r[l] = floorf(x[l]); return r;
    case UnaryOp_Ceil: for (int l = 0; l < kLanes; l++) r[l] = ceilf(x[l]); return r;
    case UnaryOp_Trunc: for (int l = 0; l < kLanes; l++) r[l] = truncf(x[l]); return r;
    default: for (int l = 0; l < kLanes; l++) r[l] = nearbyintf(x[l]); return r; /* Round */
  }
}

static inline __attribute__((always_inline)) void unary_loop(UnaryOp op, float* o, const float* a, int64_t n) {
  int64_t i = 0, start = stream_start(o, n); /* Note [Streaming stores] */
  if (start < n) {
    if (start > 0) store_partial(o, unary_vec(op, load_partial(a, start)), start);
    for (i = start; i + kLanes <= n; i += kLanes) store_stream(o + i, unary_vec(op, load(a + i)));
    stream_fence();
  }
  for (; i + kLanes <= n; i += kLanes) store(o + i, unary_vec(op, load(a + i)));
  if (i < n) store_partial(o + i, unary_vec(op, load_partial(a + i, n - i)), n - i);
}

/*
 * Note [The inner loops of a Sleef operator]
 * At AVX2 and AVX512, exp, log, sin, cos, tanh and sigmoid compute as 1.13's
 * kernels do (Note [Sleef's unary functions] above), and
 * their last bits depend on where the elements are cut into inner loops:
 * sigmoid's last n % 16 of each (n % 32 in AVX512) take libm's expf, the
 * others Sleef's; sin's and cos's vectors of 8 start at each loop's first
 * element.  The loops are TensorIterator's rows (Note [TensorIterator's
 * walk] in ops/TensorIterator.h): the dimensions reordered by stride and
 * coalesced, so two dense operands laid out alike are one row; each thread
 * of a parallel for_each (above 2048 elements for the vml kernels, above
 * 32768 for sigmoid's cpu_kernel_vec) starts its chunk with a new row.  A
 * row is vectorized when both operands have unit stride (sigmoid's is
 * scalar otherwise: make_vectorized_loop2d).
 * sleef_loop2d runs each row through the table's loop: in place when both
 * operands are floats (doubles) of unit stride, else through a buffer,
 * kSleefChunk elements at a time (a multiple of 2 * lanes, so that the cut
 * inside a row falls where 1.13's does), as 1.13's vml kernels copy strided
 * operands through a buffer.
 */
enum { kSleefChunk = 1024 };

/* log1p, expm1, erf and erfc, 1.13's IMPLEMENT_FLOAT_KERNEL operators whose
 * Vectorized function is Sleef's: their bfloat16 goes through the same Sleef
 * float function (Vectorized<BFloat16>::erf is map(Sleef_erff8_u10), each half
 * widened to float, vec256_bfloat16.h), rounded once at the store.  erfinv is
 * calc_erfinv on each lane at every capability, so the scalar loop.
 * NB(minaten): the older Sleef operators (exp, log, ...) still compute their
 * bfloat16 element by element with libm. */
static inline bool is_sleef_float_op(UnaryOp op) {
  return op == UnaryOp_Log1p || op == UnaryOp_Expm1 || op == UnaryOp_Erf || op == UnaryOp_Erfc;
}


/* sigmoid, sinh and cosh: 1.13's cpu_kernel_vec kernels whose vector lambda
 * is Sleef's (vectorized_loop_float above; scalar on strided rows). */
static inline bool is_kernel_vec_op(UnaryOp op) {
  return op == UnaryOp_Sigmoid || op == UnaryOp_Sinh || op == UnaryOp_Cosh;
}

static inline bool is_sleef_op(UnaryOp op) {
  return op == UnaryOp_Exp || op == UnaryOp_Log || op == UnaryOp_Sin || op == UnaryOp_Cos || op == UnaryOp_Tanh ||
         is_kernel_vec_op(op) || is_sleef_float_op(op);
}

#if defined(VEC_HAVE_SLEEF)
/* n contiguous floats (doubles) at a through the capability's Sleef loop. */
static inline __attribute__((always_inline)) void sleef_float_loop(UnaryOp op, float* o, const float* a, int64_t n) {
  if (is_kernel_vec_op(op)) vectorized_loop_float(op, o, a, n);
  else vml_loop_float(op, o, a, n);
}
static inline __attribute__((always_inline)) void sleef_double_loop(UnaryOp op, double* o, const double* a,
                                                                    int64_t n) {
  if (is_kernel_vec_op(op)) vectorized_loop_double(op, o, a, n);
  else vml_loop_double(op, o, a, n);
}

/* One inner loop of n elements at x (in_type, byte stride sx) into o
 * (out_type, so), computed in compute (float or double): in place when
 * both operands are of the computation type and unit stride, else through
 * a buffer, kSleefChunk elements at a time. */
static inline __attribute__((always_inline)) void sleef_inner_loop(UnaryOp op, ScalarType compute, char* o,
                                                                   int64_t so, ScalarType out_type, const char* x,
                                                                   int64_t sx, ScalarType in_type, int64_t n) {
  if (compute == ScalarType_Float) {
    if (in_type == ScalarType_Float && out_type == ScalarType_Float && sx == 4 && so == 4) {
      sleef_float_loop(op, (float*)o, (const float*)x, n);
      return;
    }
    float buf[kSleefChunk];
    for (int64_t i = 0; i < n; i += kSleefChunk) {
      int64_t m = n - i < kSleefChunk ? n - i : kSleefChunk;
      for (int64_t j = 0; j < m; j++) buf[j] = (float)load_double(in_type, x + (i + j) * sx);
      sleef_float_loop(op, buf, buf, m);
      for (int64_t j = 0; j < m; j++) store_from_double(out_type, o + (i + j) * so, buf[j]);
    }
  } else {
    if (in_type == ScalarType_Double && out_type == ScalarType_Double && sx == 8 && so == 8) {
      sleef_double_loop(op, (double*)o, (const double*)x, n);
      return;
    }
    double buf[kSleefChunk];
    for (int64_t i = 0; i < n; i += kSleefChunk) {
      int64_t m = n - i < kSleefChunk ? n - i : kSleefChunk;
      for (int64_t j = 0; j < m; j++) buf[j] = load_double(in_type, x + (i + j) * sx);
      sleef_double_loop(op, buf, buf, m);
      for (int64_t j = 0; j < m; j++) store_from_double(out_type, o + (i + j) * so, buf[j]);
    }
  }
}
#endif

/* ---- the loops ------------------------------------------------------------- */

static inline bool has_unary_vec(UnaryOp op) {
  return op == UnaryOp_Abs || op == UnaryOp_Neg || op == UnaryOp_Relu || op == UnaryOp_Sign ||
         op == UnaryOp_Sqrt || op == UnaryOp_Floor || op == UnaryOp_Ceil || op == UnaryOp_Trunc ||
         op == UnaryOp_Round;
}

/* One row of n elements (strides: out's, a's). */
static inline __attribute__((always_inline)) void unary_row(const UnaryLoop* L, UnaryOp op, char* o, const char* x,
                                                            const int64_t* strides, int64_t n) {
#if defined(VEC_HAVE_SLEEF)
  bool scalar_sigmoid = is_kernel_vec_op(op) && (strides[0] != (int64_t)ScalarType_elementSize(L->out_type) ||
                                                  strides[1] != (int64_t)ScalarType_elementSize(L->in_type));
  if (is_sleef_op(op) && (L->compute == ScalarType_Float || L->compute == ScalarType_Double) && !scalar_sigmoid) {
    sleef_inner_loop(op, L->compute, o, strides[0], L->out_type, x, strides[1], L->in_type, n);
    return;
  }
  if (is_sleef_float_op(op) && L->compute == ScalarType_BFloat16) {
    sleef_inner_loop(op, ScalarType_Float, o, strides[0], L->out_type, x, strides[1], L->in_type, n);
    return;
  }
#endif
  if (has_unary_vec(op) && L->compute == ScalarType_Float && L->in_type == ScalarType_Float &&
      L->out_type == ScalarType_Float && strides[0] == 4 && strides[1] == 4) {
    unary_loop(op, (float*)o, (const float*)x, n);
    return;
  }
  for (int64_t i = 0; i < n; i++, o += strides[0], x += strides[1])
    op_element(op, L->compute, L->in_type, L->out_type, o, x);
}

/* A tile (data = {out, a}), row by row. */
static inline __attribute__((always_inline)) void unary_tile(void* ctx, UnaryOp op, char** data,
                                                             const int64_t* strides, int64_t size0, int64_t size1) {
  const UnaryLoop* L = ctx;
  if (ScalarType_isComplex(L->compute)) { /* Note [Complex abs, angle and sgn in 1.13's loops] */
    for (int64_t j = 0; j < size1; j++)
      complex_unary_row(op, L->compute, data[0] + j * strides[2], data[1] + j * strides[3], strides, size0);
    return;
  }
  for (int64_t j = 0; j < size1; j++) unary_row(L, op, data[0] + j * strides[2], data[1] + j * strides[3], strides, size0);
}

/* ---- the kernels: each a loop2d with its operation, handed to cpu_kernel_vec
 * (Note [cpu_kernel and cpu_kernel_vec] in ops/cpu/Loops.h) ------------------ */

/* PyTorch 1.13: UnaryOpsKernel.cpp abs_kernel */
static void abs_loop2d(void* L, char** data, const int64_t* strides, int64_t size0, int64_t size1) {
  unary_tile(L, UnaryOp_Abs, data, strides, size0, size1);
}
static void abs_kernel(TensorIteratorBase* iter, const UnaryLoop* L) {
  cpu_kernel_vec(iter, abs_loop2d, L);
}

/* NB(minaten): 1.13's relu is clamp_min(self, 0); one kernel here */
static void relu_loop2d(void* L, char** data, const int64_t* strides, int64_t size0, int64_t size1) {
  unary_tile(L, UnaryOp_Relu, data, strides, size0, size1);
}
static void relu_kernel(TensorIteratorBase* iter, const UnaryLoop* L) {
  cpu_kernel_vec(iter, relu_loop2d, L);
}

/* PyTorch 1.13: UnaryOpsKernel.cpp exp_kernel (IMPLEMENT_FLOAT_KERNEL(exp): grain 2048) */
static void exp_loop2d(void* L, char** data, const int64_t* strides, int64_t size0, int64_t size1) {
  unary_tile(L, UnaryOp_Exp, data, strides, size0, size1);
}
static void exp_kernel(TensorIteratorBase* iter, const UnaryLoop* L) {
  TensorIterator_for_each(iter, exp_loop2d, (void*)L, 2048);
}

/* PyTorch 1.13: UnaryOpsKernel.cpp log_kernel (IMPLEMENT_FLOAT_KERNEL(log): grain 2048) */
static void log_loop2d(void* L, char** data, const int64_t* strides, int64_t size0, int64_t size1) {
  unary_tile(L, UnaryOp_Log, data, strides, size0, size1);
}
static void log_kernel(TensorIteratorBase* iter, const UnaryLoop* L) {
  TensorIterator_for_each(iter, log_loop2d, (void*)L, 2048);
}

/* PyTorch 1.13: UnaryOpsKernel.cpp sqrt_kernel */
static void sqrt_loop2d(void* L, char** data, const int64_t* strides, int64_t size0, int64_t size1) {
  unary_tile(L, UnaryOp_Sqrt, data, strides, size0, size1);
}
static void sqrt_kernel(TensorIteratorBase* iter, const UnaryLoop* L) {
  cpu_kernel_vec(iter, sqrt_loop2d, L);
}

/* PyTorch 1.13: UnaryOpsKernel.cpp sigmoid_kernel */
static void sigmoid_loop2d(void* L, char** data, const int64_t* strides, int64_t size0, int64_t size1) {
  unary_tile(L, UnaryOp_Sigmoid, data, strides, size0, size1);
}
static void sigmoid_kernel(TensorIteratorBase* iter, const UnaryLoop* L) {
  cpu_kernel_vec(iter, sigmoid_loop2d, L);
}

/* PyTorch 1.13: UnaryOpsKernel.cpp tanh_kernel (IMPLEMENT_FLOAT_KERNEL(tanh): grain 2048) */
static void tanh_loop2d(void* L, char** data, const int64_t* strides, int64_t size0, int64_t size1) {
  unary_tile(L, UnaryOp_Tanh, data, strides, size0, size1);
}
static void tanh_kernel(TensorIteratorBase* iter, const UnaryLoop* L) {
  TensorIterator_for_each(iter, tanh_loop2d, (void*)L, 2048);
}

/* PyTorch 1.13: UnaryOpsKernel.cpp sin_kernel (IMPLEMENT_FLOAT_KERNEL(sin): grain 2048) */
static void sin_loop2d(void* L, char** data, const int64_t* strides, int64_t size0, int64_t size1) {
  unary_tile(L, UnaryOp_Sin, data, strides, size0, size1);
}
static void sin_kernel(TensorIteratorBase* iter, const UnaryLoop* L) {
  TensorIterator_for_each(iter, sin_loop2d, (void*)L, 2048);
}

/* PyTorch 1.13: UnaryOpsKernel.cpp cos_kernel (IMPLEMENT_FLOAT_KERNEL(cos): grain 2048) */
static void cos_loop2d(void* L, char** data, const int64_t* strides, int64_t size0, int64_t size1) {
  unary_tile(L, UnaryOp_Cos, data, strides, size0, size1);
}
static void cos_kernel(TensorIteratorBase* iter, const UnaryLoop* L) {
  TensorIterator_for_each(iter, cos_loop2d, (void*)L, 2048);
}

/* PyTorch 1.13: UnaryOpsKernel.cpp floor_kernel */
static void floor_loop2d(void* L, char** data, const int64_t* strides, int64_t size0, int64_t size1) {
  unary_tile(L, UnaryOp_Floor, data, strides, size0, size1);
}
static void floor_kernel(TensorIteratorBase* iter, const UnaryLoop* L) {
  cpu_kernel_vec(iter, floor_loop2d, L);
}

/* PyTorch 1.13: UnaryOpsKernel.cpp ceil_kernel */
static void ceil_loop2d(void* L, char** data, const int64_t* strides, int64_t size0, int64_t size1) {
  unary_tile(L, UnaryOp_Ceil, data, strides, size0, size1);
}
static void ceil_kernel(TensorIteratorBase* iter, const UnaryLoop* L) {
  cpu_kernel_vec(iter, ceil_loop2d, L);
}

/* PyTorch 1.13: UnaryOpsKernel.cpp round_kernel */
static void round_loop2d(void* L, char** data, const int64_t* strides, int64_t size0, int64_t size1) {
  unary_tile(L, UnaryOp_Round, data, strides, size0, size1);
}
static void round_kernel(TensorIteratorBase* iter, const UnaryLoop* L) {
  cpu_kernel_vec(iter, round_loop2d, L);
}

/* PyTorch 1.13: UnaryOpsKernel.cpp trunc_kernel */
static void trunc_loop2d(void* L, char** data, const int64_t* strides, int64_t size0, int64_t size1) {
  unary_tile(L, UnaryOp_Trunc, data, strides, size0, size1);
}
static void trunc_kernel(TensorIteratorBase* iter, const UnaryLoop* L) {
  cpu_kernel_vec(iter, trunc_loop2d, L);
}

/* PyTorch 1.13: UnaryOpsKernel.cpp sign_kernel */
static void sign_loop2d(void* L, char** data, const int64_t* strides, int64_t size0, int64_t size1) {
  unary_tile(L, UnaryOp_Sign, data, strides, size0, size1);
}
static void sign_kernel(TensorIteratorBase* iter, const UnaryLoop* L) {
  cpu_kernel_vec(iter, sign_loop2d, L);
}

/* PyTorch 1.13: UnaryOpsKernel.cpp angle_kernel */
static void angle_loop2d(void* L, char** data, const int64_t* strides, int64_t size0, int64_t size1) {
  unary_tile(L, UnaryOp_Angle, data, strides, size0, size1);
}
static void angle_kernel(TensorIteratorBase* iter, const UnaryLoop* L) {
  cpu_kernel_vec(iter, angle_loop2d, L);
}

/* PyTorch 1.13: UnaryOpsKernel.cpp sgn_kernel (complex dtypes only) */
static void sgn_loop2d(void* L, char** data, const int64_t* strides, int64_t size0, int64_t size1) {
  unary_tile(L, UnaryOp_Sgn, data, strides, size0, size1);
}
static void sgn_kernel(TensorIteratorBase* iter, const UnaryLoop* L) {
  cpu_kernel_vec(iter, sgn_loop2d, L);
}

/* PyTorch 1.13: UnaryOpsKernel.cpp neg_kernel */
static void neg_loop2d(void* L, char** data, const int64_t* strides, int64_t size0, int64_t size1) {
  unary_tile(L, UnaryOp_Neg, data, strides, size0, size1);
}
static void neg_kernel(TensorIteratorBase* iter, const UnaryLoop* L) {
  cpu_kernel_vec(iter, neg_loop2d, L);
}

/* PyTorch 1.13: UnaryOpsKernel.cpp bitwise_not_kernel (bool: !a; integers: ~a) */
static void bitwise_not_loop2d(void* L, char** data, const int64_t* strides, int64_t size0, int64_t size1) {
  unary_tile(L, UnaryOp_BitwiseNot, data, strides, size0, size1);
}
static void bitwise_not_kernel(TensorIteratorBase* iter, const UnaryLoop* L) {
  cpu_kernel_vec(iter, bitwise_not_loop2d, L);
}

/* PyTorch 1.13: UnaryOpsKernel.cpp logical_not_kernel (static_cast<out type>(!a)) */
static void logical_not_loop2d(void* L, char** data, const int64_t* strides, int64_t size0, int64_t size1) {
  unary_tile(L, UnaryOp_LogicalNot, data, strides, size0, size1);
}
static void logical_not_kernel(TensorIteratorBase* iter, const UnaryLoop* L) {
  cpu_kernel(iter, logical_not_loop2d, L);
}

/* PyTorch 1.13: UnaryOpsKernel.cpp log1p_kernel (IMPLEMENT_FLOAT_KERNEL(log1p): grain 2048) */
static void log1p_loop2d(void* L, char** data, const int64_t* strides, int64_t size0, int64_t size1) {
  unary_tile(L, UnaryOp_Log1p, data, strides, size0, size1);
}
static void log1p_kernel(TensorIteratorBase* iter, const UnaryLoop* L) {
  TensorIterator_for_each(iter, log1p_loop2d, (void*)L, 2048);
}

/* PyTorch 1.13: UnaryOpsKernel.cpp expm1_kernel (IMPLEMENT_FLOAT_KERNEL(expm1): grain 2048) */
static void expm1_loop2d(void* L, char** data, const int64_t* strides, int64_t size0, int64_t size1) {
  unary_tile(L, UnaryOp_Expm1, data, strides, size0, size1);
}
static void expm1_kernel(TensorIteratorBase* iter, const UnaryLoop* L) {
  TensorIterator_for_each(iter, expm1_loop2d, (void*)L, 2048);
}

/* PyTorch 1.13: UnaryOpsKernel.cpp erf_kernel (IMPLEMENT_FLOAT_KERNEL(erf): grain 2048) */
static void erf_loop2d(void* L, char** data, const int64_t* strides, int64_t size0, int64_t size1) {
  unary_tile(L, UnaryOp_Erf, data, strides, size0, size1);
}
static void erf_kernel(TensorIteratorBase* iter, const UnaryLoop* L) {
  TensorIterator_for_each(iter, erf_loop2d, (void*)L, 2048);
}

/* PyTorch 1.13: UnaryOpsKernel.cpp erfc_kernel (IMPLEMENT_FLOAT_KERNEL(erfc): grain 2048) */
static void erfc_loop2d(void* L, char** data, const int64_t* strides, int64_t size0, int64_t size1) {
  unary_tile(L, UnaryOp_Erfc, data, strides, size0, size1);
}
static void erfc_kernel(TensorIteratorBase* iter, const UnaryLoop* L) {
  TensorIterator_for_each(iter, erfc_loop2d, (void*)L, 2048);
}

/* PyTorch 1.13: UnaryOpsKernel.cpp erfinv_kernel (IMPLEMENT_FLOAT_KERNEL(erfinv): grain 2048) */
static void erfinv_loop2d(void* L, char** data, const int64_t* strides, int64_t size0, int64_t size1) {
  unary_tile(L, UnaryOp_Erfinv, data, strides, size0, size1);
}
static void erfinv_kernel(TensorIteratorBase* iter, const UnaryLoop* L) {
  TensorIterator_for_each(iter, erfinv_loop2d, (void*)L, 2048);
}

/* PyTorch 1.13: UnaryOpsKernel.cpp sinh_kernel (cpu_kernel_vec: std::sinh, Vectorized::sinh) */
static void sinh_loop2d(void* L, char** data, const int64_t* strides, int64_t size0, int64_t size1) {
  unary_tile(L, UnaryOp_Sinh, data, strides, size0, size1);
}
static void sinh_kernel(TensorIteratorBase* iter, const UnaryLoop* L) {
  cpu_kernel_vec(iter, sinh_loop2d, L);
}

/* PyTorch 1.13: UnaryOpsKernel.cpp cosh_kernel (cpu_kernel_vec: std::cosh, Vectorized::cosh) */
static void cosh_loop2d(void* L, char** data, const int64_t* strides, int64_t size0, int64_t size1) {
  unary_tile(L, UnaryOp_Cosh, data, strides, size0, size1);
}
static void cosh_kernel(TensorIteratorBase* iter, const UnaryLoop* L) {
  cpu_kernel_vec(iter, cosh_loop2d, L);
}

REGISTER_DISPATCH(unary_fn, abs_stub, abs_kernel);
REGISTER_DISPATCH(unary_fn, relu_stub, relu_kernel);
REGISTER_DISPATCH(unary_fn, exp_stub, exp_kernel);
REGISTER_DISPATCH(unary_fn, log_stub, log_kernel);
REGISTER_DISPATCH(unary_fn, sqrt_stub, sqrt_kernel);
REGISTER_DISPATCH(unary_fn, sigmoid_stub, sigmoid_kernel);
REGISTER_DISPATCH(unary_fn, tanh_stub, tanh_kernel);
REGISTER_DISPATCH(unary_fn, sin_stub, sin_kernel);
REGISTER_DISPATCH(unary_fn, cos_stub, cos_kernel);
REGISTER_DISPATCH(unary_fn, floor_stub, floor_kernel);
REGISTER_DISPATCH(unary_fn, ceil_stub, ceil_kernel);
REGISTER_DISPATCH(unary_fn, round_stub, round_kernel);
REGISTER_DISPATCH(unary_fn, trunc_stub, trunc_kernel);
REGISTER_DISPATCH(unary_fn, sign_stub, sign_kernel);
REGISTER_DISPATCH(unary_fn, neg_stub, neg_kernel);
REGISTER_DISPATCH(unary_fn, bitwise_not_stub, bitwise_not_kernel);
REGISTER_DISPATCH(unary_fn, logical_not_stub, logical_not_kernel);
REGISTER_DISPATCH(unary_fn, log1p_stub, log1p_kernel);
REGISTER_DISPATCH(unary_fn, expm1_stub, expm1_kernel);
REGISTER_DISPATCH(unary_fn, erf_stub, erf_kernel);
REGISTER_DISPATCH(unary_fn, erfc_stub, erfc_kernel);
REGISTER_DISPATCH(unary_fn, erfinv_stub, erfinv_kernel);
REGISTER_DISPATCH(unary_fn, angle_stub, angle_kernel);
REGISTER_DISPATCH(unary_fn, sgn_stub, sgn_kernel);
REGISTER_DISPATCH(unary_fn, sinh_stub, sinh_kernel);
REGISTER_DISPATCH(unary_fn, cosh_stub, cosh_kernel);
