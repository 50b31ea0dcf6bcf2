/*
 * Activation.c - gelu's loops (GeluKernelImpl, GeluBackwardKernelImpl),
 * compiled once per CPU capability (Note [CPU capability dispatch] in
 * ops/DispatchStub.h) and registered into GeluKernel and GeluBackwardKernel.
 * A contiguous float gelu with approximate='none' does not come here but goes
 * to oneDNN's formula (Note [gelu's three formulas] in ops/Activation.c).
 *
 * Note [gelu's loops in 1.13]
 * GeluKernelImpl is a cpu_kernel_vec kernel: on a row whose operands are
 * unit-stride (or one input a broadcast number), two Vectorized at a time
 * while 2 * lanes elements remain (8 floats, 4 doubles a Vectorized at AVX2;
 * 16, 8 at AVX512), then the rest through the scalar lambda; other rows are
 * scalar throughout.  The vector lambda takes Sleef's erf, exp, tanh at AVX2
 * and AVX512 (Sleef_erff8_u10, ...: vec256_float.h), the scalar one libm's.
 * 1.13 compiles the AVX2 and AVX512 copies with -mfma and GCC's default
 * contraction, so some a * b + c are one fused multiply-add there; which,
 * measured bit for bit against 1.13 on 80,003 values (and 4,000 rows of 15
 * floats and of 7 doubles for the scalar lambdas):
 *   gelu, none:       x * 0.5 * (1 + erf(x / sqrt 2))        nothing fused
 *   gelu, tanh:       kBeta * (x + kKappa * x^3)              fused (vector and scalar)
 *   backward, none:   dy * (cdf + x * pdf)                    fused in the vector lambda only
 *   backward, tanh:   x + kKappa x^3, 1 - t * t, 1 + 3 kKappa x^2 fused (both); the final sum not
 * At DEFAULT nothing is fused and every function is libm's (Vectorized's
 * DEFAULT erf, exp, tanh map std::erf, ...), so the vector and scalar loops
 * give the same bits: the scalar loop runs throughout.  minaten's copies are
 * compiled with -ffp-contract=off, so the fused steps are written out (MADD).
 * BFloat16 computes in float (two float vectors per Vectorized<BFloat16>:
 * 4 * lanes elements a step), rounded once at the store.
 * NB(minaten): that BFloat16 model is not bit-exact: 1.13's bfloat16 gelu
 * with approximate='tanh' or on strided tensors (this file; oneDNN's
 * contiguous path is exact) differs in the last bit for some elements, and
 * was not measured further.
 *
 * PyTorch 1.13: aten/src/ATen/native/cpu/Activation.cpp (GeluKernelImpl,
 * GeluBackwardKernelImpl), native/cpu/Loops.h (VectorizedLoop2d)
 */
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "ops/Activation.h"
#include "ops/DispatchStub.h"
#include "ops/TensorIterator.h"
#include "ops/cpu/Loops.h"
#include "ops/cpu/vec.h"
#include "runtime/Parallel.h"
#include "runtime/TypeCast.h"

#if defined(__FMA__)
#define MADDF(a, b, c) fmaf(a, b, c)
#define MADD(a, b, c) fma(a, b, c)
#else
#define MADDF(a, b, c) ((a) * (b) + (c))
#define MADD(a, b, c) ((a) * (b) + (c))
#endif

#define GELU_ALPHA 0.70710678118654752440                            /* M_SQRT1_2 */
#define GELU_BETA_NONE (1.12837916709551257390 * GELU_ALPHA * 0.5)     /* M_2_SQRTPI * M_SQRT1_2 * 0.5 */
#define GELU_BETA_TANH (1.41421356237309504880 * 1.12837916709551257390 * 0.5) /* M_SQRT2 * M_2_SQRTPI * 0.5 */
#define GELU_KAPPA 0.044715

/* ---- the scalar lambdas ------------------------------------------------------ */

/* One element in T (float or double) with libm's FN##f / FN: Note [gelu's
 * loops in 1.13] says which steps are fused. */
#define DEFINE_GELU_SCALAR(T, SUF, ERF, EXP, TANH, FMA_)                                              \
  static inline T gelu_none_##SUF(T x) { return x * (T)0.5 * ((T)1 + ERF(x * (T)GELU_ALPHA)); }       \
  static inline T gelu_tanh_##SUF(T x) {                                                              \
    T inner = (T)GELU_BETA_TANH * FMA_((T)GELU_KAPPA, x * x * x, x);                                  \
    return (T)0.5 * x * ((T)1 + TANH(inner));                                                         \
  }                                                                                                   \
  static inline T gelu_none_bwd_##SUF(T dy, T x) {                                                    \
    T cdf = (T)0.5 * ((T)1 + ERF(x * (T)GELU_ALPHA));                                                 \
    T pdf = (T)GELU_BETA_NONE * EXP(x * x * (T)-0.5);                                                 \
    return dy * (cdf + x * pdf);                                                                      \
  }                                                                                                   \
  /* the tail of the tanh backward, from x and t = tanh(kBeta * (x + kKappa x^3)) */                   \
  static inline T gelu_tanh_bwd_rest_##SUF(T dy, T x, T t) {                                          \
    T left = (T)0.5 * x, left_derivative = (T)0.5 * ((T)1 + t);                                       \
    T tanh_derivative = FMA_(-t, t, (T)1);                                                            \
    T inner_derivative = (T)GELU_BETA_TANH * FMA_((T)3 * (T)GELU_KAPPA, x * x, (T)1);                 \
    return dy * (left_derivative + left * tanh_derivative * inner_derivative);                        \
  }                                                                                                   \
  static inline T gelu_tanh_inner_##SUF(T x) { return (T)GELU_BETA_TANH * FMA_((T)GELU_KAPPA, x * x * x, x); } \
  static inline T gelu_tanh_bwd_##SUF(T dy, T x) { return gelu_tanh_bwd_rest_##SUF(dy, x, TANH(gelu_tanh_inner_##SUF(x))); }
DEFINE_GELU_SCALAR(float, float, erff, expf, tanhf, MADDF)
DEFINE_GELU_SCALAR(double, double, erf, exp, tanh, MADD)
#undef DEFINE_GELU_SCALAR

/* One element of type t (the iterator's common dtype) at p, as float or double. */
static inline double gelu_load(ScalarType t, const char* p) { return load_double(t, p); }

/* ---- the vector lambdas (Sleef) ---------------------------------------------- */

#if defined(VEC_HAVE_SLEEF) /* AVX2 and AVX512: Sleef's functions (ops/cpu/vec.h) */

/* One Vectorized: x (and dy) lane by lane into o, the transcendental
 * functions Sleef's on the whole vector, the rest lane by lane. */
#define DEFINE_GELU_VECTOR(T, SUF, V, LANES, SLEEF, FMA_)                                               \
  static inline void gelu_vec_##SUF(GeluType type, bool bwd, T* o, const T* dy, const T* x) {          \
    V xv, arg, f, g;                                                                                    \
    memcpy(&xv, x, sizeof xv);                                                                          \
    if (type == GeluType_Tanh) {                                                                        \
      for (int i = 0; i < LANES; i++) arg[i] = gelu_tanh_inner_##SUF(xv[i]);                            \
      f = SLEEF(tanh, arg);                                                                             \
      for (int i = 0; i < LANES; i++)                                                                   \
        o[i] = bwd ? gelu_tanh_bwd_rest_##SUF(dy[i], xv[i], f[i]) : (T)0.5 * xv[i] * ((T)1 + f[i]);     \
      return;                                                                                           \
    }                                                                                                   \
    f = SLEEF(erf, xv * (T)GELU_ALPHA);                                                                 \
    if (!bwd) {                                                                                         \
      for (int i = 0; i < LANES; i++) o[i] = xv[i] * (T)0.5 * ((T)1 + f[i]);                            \
      return;                                                                                           \
    }                                                                                                   \
    g = SLEEF(exp, xv * xv * (T)-0.5);                                                                  \
    for (int i = 0; i < LANES; i++) {                                                                   \
      T cdf = (T)0.5 * ((T)1 + f[i]), pdf = (T)GELU_BETA_NONE * g[i];                                   \
      o[i] = dy[i] * FMA_(xv[i], pdf, cdf);                                                             \
    }                                                                                                   \
  }
DEFINE_GELU_VECTOR(float, float, fvec, kLanes, SLEEF_FLOAT, fmaf)
DEFINE_GELU_VECTOR(double, double, dvec, kDoubleLanes, SLEEF_DOUBLE, fma)
#undef DEFINE_GELU_VECTOR
#endif

/* ---- the loops ---------------------------------------------------------------- */

typedef struct GeluLoop {
  GeluType type;
  bool bwd;     /* operands (grad_input, grad_output, self), else (out, self) */
  ScalarType t; /* the iterator's common dtype: Float, Double or BFloat16 */
  ScalarType in[3]; /* each operand's own dtype (NB(minaten): inputs are read in it) */
} GeluLoop;

/* Element i of the row as float (double): x and, for the backward, dy. */
#define ELEMENT(T, k, i) ((T)gelu_load(L->in[k], p[k] + (i) * s[k]))

static inline float gelu_element_float(const GeluLoop* L, char* const* p, const int64_t* s, int64_t i) {
  float x = ELEMENT(float, L->bwd ? 2 : 1, i);
  if (!L->bwd) return L->type == GeluType_Tanh ? gelu_tanh_float(x) : gelu_none_float(x);
  float dy = ELEMENT(float, 1, i);
  return L->type == GeluType_Tanh ? gelu_tanh_bwd_float(dy, x) : gelu_none_bwd_float(dy, x);
}
static inline double gelu_element_double(const GeluLoop* L, char* const* p, const int64_t* s, int64_t i) {
  double x = ELEMENT(double, L->bwd ? 2 : 1, i);
  if (!L->bwd) return L->type == GeluType_Tanh ? gelu_tanh_double(x) : gelu_none_double(x);
  double dy = ELEMENT(double, 1, i);
  return L->type == GeluType_Tanh ? gelu_tanh_bwd_double(dy, x) : gelu_none_bwd_double(dy, x);
}

/* Whether 1.13's VectorizedLoop2d vectorizes the row: every operand of the
 * common dtype, the output unit-stride, each input unit-stride or a
 * broadcast number (stride 0). */
static bool gelu_row_is_vectorized(const GeluLoop* L, const TensorIteratorBase* iter, const int64_t* s) {
  int64_t size = (int64_t)ScalarType_elementSize(L->t);
  if (s[0] != size) return false;
  for (int k = 1; k < iter->ntensors; k++)
    if (iter->tensors[k]->dtype != L->t || (s[k] != size && s[k] != 0)) return false;
  return true;
}

#if defined(VEC_HAVE_SLEEF)
/* Elements [i, i + m) of a vectorized row, m = 2 * lanes (4 * lanes of
 * BFloat16: two Vectorized<BFloat16> of two float vectors each). */
static void gelu_block_float(const GeluLoop* L, char* const* p, const int64_t* s, int64_t i, int64_t m) {
  float x[4 * kLanes], dy[4 * kLanes], o[4 * kLanes];
  for (int64_t k = 0; k < m; k++) {
    x[k] = ELEMENT(float, L->bwd ? 2 : 1, i + k);
    dy[k] = L->bwd ? ELEMENT(float, 1, i + k) : 0.0f;
  }
  for (int64_t k = 0; k < m; k += kLanes) gelu_vec_float(L->type, L->bwd, o + k, dy + k, x + k);
  for (int64_t k = 0; k < m; k++) store_from_double(L->t, p[0] + (i + k) * s[0], o[k]);
}
static void gelu_block_double(const GeluLoop* L, char* const* p, const int64_t* s, int64_t i) {
  double x[2 * kDoubleLanes], dy[2 * kDoubleLanes];
  for (int64_t k = 0; k < 2 * kDoubleLanes; k++) {
    x[k] = ELEMENT(double, L->bwd ? 2 : 1, i + k);
    dy[k] = L->bwd ? ELEMENT(double, 1, i + k) : 0.0;
  }
  double* o = (double*)(p[0] + i * s[0]);
  for (int64_t k = 0; k < 2 * kDoubleLanes; k += kDoubleLanes)
    gelu_vec_double(L->type, L->bwd, o + k, dy + k, x + k);
}
#endif

/* One row of n elements (Note [gelu's loops in 1.13]). */
static void gelu_row(const GeluLoop* L, bool vectorized, char* const* p, const int64_t* s, int64_t n) {
  int64_t i = 0;
#if defined(VEC_HAVE_SLEEF)
  if (vectorized && L->t == ScalarType_Double) {
    for (; i + 2 * kDoubleLanes <= n; i += 2 * kDoubleLanes) gelu_block_double(L, p, s, i);
  } else if (vectorized) {
    int64_t m = (L->t == ScalarType_Float ? 2 : 4) * kLanes;
    for (; i + m <= n; i += m) gelu_block_float(L, p, s, i, m);
  }
#else
  (void)vectorized;
#endif
  for (; i < n; i++) {
    if (L->t == ScalarType_Double) *(double*)(p[0] + i * s[0]) = gelu_element_double(L, p, s, i);
    else store_from_double(L->t, p[0] + i * s[0], gelu_element_float(L, p, s, i));
  }
}
#undef ELEMENT

typedef struct GeluCtx {
  GeluLoop L;
  const TensorIteratorBase* iter;
} GeluCtx;

/* PyTorch 1.13: native/cpu/Activation.cpp GeluKernelImpl, GeluBackwardKernelImpl (cpu_kernel_vec's loop) */
static void gelu_loop2d(void* ctx, char** data, const int64_t* strides, int64_t size0, int64_t size1) {
  const GeluCtx* c = ctx;
  int nt = c->iter->ntensors;
  bool vectorized = gelu_row_is_vectorized(&c->L, c->iter, strides);
  for (int64_t j = 0; j < size1; j++) {
    char* p[3];
    for (int k = 0; k < nt; k++) p[k] = data[k] + j * strides[nt + k];
    gelu_row(&c->L, vectorized, p, strides, size0);
  }
}

/* 1.13's grain: GRAIN_SIZE, or numel / threads above 16384 elements.
 * PyTorch 1.13: native/cpu/Activation.cpp GeluKernelImpl (GELU_MIN_ELEMENTS_FOR_MULTI_THREADING) */
static void gelu_kernel(TensorIteratorBase* iter, GeluType approximate) {
  GeluCtx c = {{approximate, false, iter->common_dtype, {ScalarType_Undefined}}, iter};
  for (int k = 0; k < iter->ntensors; k++) c.L.in[k] = iter->tensors[k]->dtype;
  int64_t grain = iter->numel > 16384 ? iter->numel / at_get_num_threads() : AT_GRAIN_SIZE;
  TensorIterator_for_each(iter, gelu_loop2d, &c, grain);
}

/* PyTorch 1.13: native/cpu/Activation.cpp GeluBackwardKernelImpl (cpu_kernel_vec, GRAIN_SIZE) */
static void gelu_backward_kernel(TensorIteratorBase* iter, GeluType approximate) {
  GeluCtx c = {{approximate, true, iter->common_dtype, {ScalarType_Undefined}}, iter};
  for (int k = 0; k < iter->ntensors; k++) c.L.in[k] = iter->tensors[k]->dtype;
  cpu_kernel_vec(iter, gelu_loop2d, &c);
}

REGISTER_DISPATCH(gelu_fn, GeluKernel, gelu_kernel);
REGISTER_DISPATCH(gelu_fn, GeluBackwardKernel, gelu_backward_kernel);
