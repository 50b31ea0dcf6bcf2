/*
 * SoftMaxKernel.c - softmax's and log_softmax's loops, forward and
 * backward, compiled once per CPU capability (Note [CPU capability
 * dispatch] in ops/DispatchStub.h) and registered into the eight stubs of
 * ops/SoftMax.h.  ops/SoftMax.c hands them contiguous tensors of one dtype.
 *
 * Float and Double only (1.13's AT_DISPATCH_FLOATING_TYPES_AND(BFloat16)
 * names the loop: "softmax_lastdim_kernel_impl" not implemented for
 * 'Long'; the forward loop of another dimension is "softmax_kernel_impl"
 * for log_softmax too).  The loops themselves are in SoftMaxKernelLoops.h,
 * once per type.
 *
 * Note [Softmax's order of operations]
 * The values are 1.13's bit for bit because the operations are its, in its
 * order, on its lanes: a Vectorized<float> of 8 lanes (4 doubles), as at
 * AVX2, which 1.13 runs here; reductions over a row end with
 * VecReduceAllSIMD's shuffles for float at AVX2 and lane by lane otherwise;
 * exp and log of a Vec are Sleef's (Sleef_expf8_u10, Sleef_logd4_u10, ...)
 * in the AVX copies and libm's at DEFAULT, while the scalar tails of the
 * loops over another dimension call libm's (std::exp) at every
 * capability.  The AVX512 copy keeps AVX2's width and functions.
 * NB(minaten): 1.13 at AVX512 would use 16 lanes; it does not run
 * AVX512 kernels on this machine (torch.__config__.show(): "CPU capability
 * usage: AVX2").
 *
 * Note [FMA in the softmax backward]
 * 1.13's AVX2 build contracts a multiply followed by an add into one FMA
 * where its inlined lambdas allow: the sum of grad * output
 * (map2_reduce_all: acc + x * y), grad - exp(output) * sum, and the
 * per-column sums and differences of the other-dimension backward loops.
 * The forward loops have no such pair.  minaten's copies (-ffp-contract=off)
 * write those FMAs out where __FMA__ is defined (FUSED).  Measured: 124
 * cases (float and double; 13 shapes from [7] to [2, 3, 4, 10]; every
 * dimension; softmax and log_softmax; forward and backward) equal to 1.13
 * bit for bit; without the FMAs 93 of the backward results differed.
 *
 * PyTorch 1.13: aten/src/ATen/native/cpu/SoftMaxKernel.cpp
 * (softmax_lastdim_kernel_impl, log_softmax_lastdim_kernel_impl,
 * softmax_backward_lastdim_kernel_impl, log_softmax_backward_lastdim_kernel_impl,
 * softmax_kernel_impl, log_softmax_kernel_impl, softmax_backward_kernel_impl,
 * log_softmax_backward_kernel_impl)
 */
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "ops/DispatchStub.h"
#include "ops/SoftMax.h"
#include "runtime/Exception.h"
#include "runtime/Parallel.h"

#if defined(__AVX2__)
#include <immintrin.h>
#include <sleef.h>
#endif

#if defined(__FMA__)
#define FUSED 1
#else
#define FUSED 0
#endif

/* vec::maximum on one lane: at AVX2 _mm256_max_ps(a, b) (b unless a > b)
 * with an all-ones NaN where either is a NaN; at DEFAULT (a > b) ? a : b,
 * then a where a is a NaN.
 * PyTorch 1.13: vec256_float.h, vec256_double.h, vec_base.h maximum */
static inline float vec_max_lane_float(float a, float b) {
#if defined(__AVX2__)
  if (isnan(a) || isnan(b)) {
    uint32_t ones = 0xFFFFFFFFu;
    float r;
    memcpy(&r, &ones, sizeof r);
    return r;
  }
  return a > b ? a : b;
#else
  return isnan(a) ? a : (a > b ? a : b);
#endif
}
static inline double vec_max_lane_double(double a, double b) {
#if defined(__AVX2__)
  if (isnan(a) || isnan(b)) {
    uint64_t ones = ~(uint64_t)0;
    double r;
    memcpy(&r, &ones, sizeof r);
    return r;
  }
  return a > b ? a : b;
#else
  return isnan(a) ? a : (a > b ? a : b);
#endif
}

/* Vectorized<float> (8 lanes) and Vectorized<double> (4 lanes): GCC vectors
 * of 32 bytes, one AVX register (two SSE registers at DEFAULT). */
typedef float VecF8 __attribute__((vector_size(32)));
typedef int32_t MaskF8 __attribute__((vector_size(32)));
typedef double VecD4 __attribute__((vector_size(32)));
typedef int64_t MaskD4 __attribute__((vector_size(32)));

/* Vec::loadu(p, n) (n lanes from p, the others 0), Vec::store(p, n) and
 * Vec::set(a, b, n) (b's first n lanes, a's others), 0 <= n <= the lanes:
 * masked loads, stores and blends in the AVX copies (no round trip through
 * memory, which costs a row of 10 floats more than its arithmetic), memcpy
 * at DEFAULT.
 * PyTorch 1.13: vec256_float.h, vec256_double.h loadu, store, set */
static inline MaskF8 lanes_below_f8(int64_t n) {
  MaskF8 iota = {0, 1, 2, 3, 4, 5, 6, 7};
  return iota < (int32_t)n;
}
static inline MaskD4 lanes_below_d4(int64_t n) {
  MaskD4 iota = {0, 1, 2, 3};
  return iota < n;
}
#if defined(__AVX2__)
static inline VecF8 vec_loadu_n_f8(const float* p, int64_t n) { return _mm256_maskload_ps(p, (__m256i)lanes_below_f8(n)); }
static inline void vec_storeu_n_f8(float* p, VecF8 v, int64_t n) { _mm256_maskstore_ps(p, (__m256i)lanes_below_f8(n), v); }
static inline VecD4 vec_loadu_n_d4(const double* p, int64_t n) {
  return _mm256_maskload_pd(p, (__m256i)lanes_below_d4(n));
}
static inline void vec_storeu_n_d4(double* p, VecD4 v, int64_t n) {
  _mm256_maskstore_pd(p, (__m256i)lanes_below_d4(n), v);
}
#else
static inline VecF8 vec_loadu_n_f8(const float* p, int64_t n) {
  VecF8 v = {0};
  memcpy(&v, p, (size_t)n * sizeof(float));
  return v;
}
static inline void vec_storeu_n_f8(float* p, VecF8 v, int64_t n) { memcpy(p, &v, (size_t)n * sizeof(float)); }
static inline VecD4 vec_loadu_n_d4(const double* p, int64_t n) {
  VecD4 v = {0};
  memcpy(&v, p, (size_t)n * sizeof(double));
  return v;
}
static inline void vec_storeu_n_d4(double* p, VecD4 v, int64_t n) { memcpy(p, &v, (size_t)n * sizeof(double)); }
#endif
static inline VecF8 vec_set_f8(VecF8 a, VecF8 b, int64_t n) {
  MaskF8 m = lanes_below_f8(n);
  return (VecF8)((m & (MaskF8)b) | (~m & (MaskF8)a));
}
static inline VecD4 vec_set_d4(VecD4 a, VecD4 b, int64_t n) {
  MaskD4 m = lanes_below_d4(n);
  return (VecD4)((m & (MaskD4)b) | (~m & (MaskD4)a));
}

/* Vectorized<float>::exp and ::log: Sleef's 8-lane functions in the AVX
 * copies, libm's lane by lane at DEFAULT.
 * PyTorch 1.13: vec256_float.h exp, log; vec_base.h map(std::exp) */
static inline VecF8 vec_exp_f8(VecF8 x) {
#if defined(__AVX2__)
  return Sleef_expf8_u10(x);
#else
  for (int i = 0; i < 8; i++) x[i] = expf(x[i]);
  return x;
#endif
}
static inline VecF8 vec_log_f8(VecF8 x) {
#if defined(__AVX2__)
  return Sleef_logf8_u10(x);
#else
  for (int i = 0; i < 8; i++) x[i] = logf(x[i]);
  return x;
#endif
}
static inline VecD4 vec_exp_d4(VecD4 x) {
#if defined(__AVX2__)
  return Sleef_expd4_u10(x);
#else
  for (int i = 0; i < 4; i++) x[i] = exp(x[i]);
  return x;
#endif
}
static inline VecD4 vec_log_d4(VecD4 x) {
#if defined(__AVX2__)
  return Sleef_logd4_u10(x);
#else
  for (int i = 0; i < 4; i++) x[i] = log(x[i]);
  return x;
#endif
}

/* vec::maximum of two Vecs: at AVX2 _mm256_max_ps or'ed with the unordered
 * mask (all ones, a NaN, where either lane is a NaN); at DEFAULT lane by
 * lane as vec_max_lane_*.
 * PyTorch 1.13: vec256_float.h, vec256_double.h, vec_base.h maximum */
static inline VecF8 vec_maximum_f8(VecF8 a, VecF8 b) {
#if defined(__AVX2__)
  return _mm256_or_ps(_mm256_max_ps(a, b), _mm256_cmp_ps(a, b, _CMP_UNORD_Q));
#else
  MaskF8 gt = a > b, a_nan = a != a;
  MaskF8 r = (gt & (MaskF8)a) | (~gt & (MaskF8)b);
  return (VecF8)((a_nan & (MaskF8)a) | (~a_nan & r));
#endif
}
static inline VecD4 vec_maximum_d4(VecD4 a, VecD4 b) {
#if defined(__AVX2__)
  return _mm256_or_pd(_mm256_max_pd(a, b), _mm256_cmp_pd(a, b, _CMP_UNORD_Q));
#else
  MaskD4 gt = a > b, a_nan = a != a;
  MaskD4 r = (gt & (MaskD4)a) | (~gt & (MaskD4)b);
  return (VecD4)((a_nan & (MaskD4)a) | (~a_nan & r));
#endif
}

/* a * b + c and c - a * b, each with one rounding where __FMA__ is defined
 * (FUSED; Note [FMA in the softmax backward]); unused otherwise. */
#if defined(__FMA__)
static inline VecF8 vec_fmadd_f8(VecF8 a, VecF8 b, VecF8 c) { return _mm256_fmadd_ps(a, b, c); }
static inline VecF8 vec_fnmadd_f8(VecF8 a, VecF8 b, VecF8 c) { return _mm256_fnmadd_ps(a, b, c); }
static inline VecD4 vec_fmadd_d4(VecD4 a, VecD4 b, VecD4 c) { return _mm256_fmadd_pd(a, b, c); }
static inline VecD4 vec_fnmadd_d4(VecD4 a, VecD4 b, VecD4 c) { return _mm256_fnmadd_pd(a, b, c); }
#else
static inline VecF8 vec_fmadd_f8(VecF8 a, VecF8 b, VecF8 c) { return a * b + c; }
static inline VecF8 vec_fnmadd_f8(VecF8 a, VecF8 b, VecF8 c) { return c - a * b; }
static inline VecD4 vec_fmadd_d4(VecD4 a, VecD4 b, VecD4 c) { return a * b + c; }
static inline VecD4 vec_fnmadd_d4(VecD4 a, VecD4 b, VecD4 c) { return c - a * b; }
#endif

/* The loops, once per type (SoftMaxKernelLoops.h). */
#define scalar_t float
#define LANES 8
#define N_(name) name##_float
#define SCALAR_EXP expf
#define SCALAR_FMA fmaf
#define VEC_EXP vec_exp_f8
#define VEC_LOG vec_log_f8
#define VEC_MAXIMUM vec_maximum_f8
#define VEC_FMADD vec_fmadd_f8
#define VEC_FNMADD vec_fnmadd_f8
#define VEC_MAX_LANE vec_max_lane_float
#define VEC_LOADU_N vec_loadu_n_f8
#define VEC_STOREU_N vec_storeu_n_f8
#define VEC_SET vec_set_f8
typedef VecF8 Vec_float;
#include "ops/cpu/SoftMaxKernelLoops.h"
#undef scalar_t
#undef LANES
#undef N_
#undef SCALAR_EXP
#undef SCALAR_FMA
#undef VEC_EXP
#undef VEC_LOG
#undef VEC_MAXIMUM
#undef VEC_FMADD
#undef VEC_FNMADD
#undef VEC_MAX_LANE
#undef VEC_LOADU_N
#undef VEC_STOREU_N
#undef VEC_SET

#define scalar_t double
#define LANES 4
#define N_(name) name##_double
#define SCALAR_EXP exp
#define SCALAR_FMA fma
#define VEC_EXP vec_exp_d4
#define VEC_LOG vec_log_d4
#define VEC_MAXIMUM vec_maximum_d4
#define VEC_FMADD vec_fmadd_d4
#define VEC_FNMADD vec_fnmadd_d4
#define VEC_MAX_LANE vec_max_lane_double
#define VEC_LOADU_N vec_loadu_n_d4
#define VEC_STOREU_N vec_storeu_n_d4
#define VEC_SET vec_set_d4
typedef VecD4 Vec_double;
#include "ops/cpu/SoftMaxKernelLoops.h"
#undef scalar_t
#undef LANES
#undef N_
#undef SCALAR_EXP
#undef SCALAR_FMA
#undef VEC_EXP
#undef VEC_LOG
#undef VEC_MAXIMUM
#undef VEC_FMADD
#undef VEC_FNMADD
#undef VEC_MAX_LANE
#undef VEC_LOADU_N
#undef VEC_STOREU_N
#undef VEC_SET

/* ---- the stubs' functions ----------------------------------------------------- */

/* outer_size, dim_size, inner_size of self's shape around dim (a 0-dim
 * tensor: 1, 1, 1). */
static void softmax_sizes(const Tensor* t, int64_t dim, int64_t* outer, int64_t* size, int64_t* inner) {
  *outer = 1, *inner = 1;
  *size = t->dim == 0 ? 1 : t->sizes[dim];
  for (int64_t i = 0; i < dim; i++) *outer *= t->sizes[i];
  for (int64_t i = dim + 1; i < t->dim; i++) *inner *= t->sizes[i];
}

static int not_implemented(const char* name, ScalarType t) {
  Error_set(ErrorType_RuntimeError, "\"%s\" not implemented for '%s'", name, ScalarType_name(t));
  return -1;
}

/* PyTorch 1.13: SoftMaxKernel.cpp softmax_lastdim_kernel_impl, log_softmax_lastdim_kernel_impl (vec_host_softmax_lastdim) */
static int softmax_lastdim(bool log, const Tensor* result, const Tensor* self) {
  int64_t outer, size, inner;
  softmax_sizes(self, self->dim == 0 ? 0 : self->dim - 1, &outer, &size, &inner);
  const char* name = log ? "log_softmax_lastdim_kernel_impl" : "softmax_lastdim_kernel_impl";
  if (self->dtype == ScalarType_Float) {
    const float* in = (const float*)Tensor_data(self);
    float* out = (float*)Tensor_data(result);
    if (log) vec_log_softmax_lastdim_float(in, out, outer, size);
    else vec_softmax_lastdim_float(in, out, outer, size);
  } else if (self->dtype == ScalarType_Double) {
    const double* in = (const double*)Tensor_data(self);
    double* out = (double*)Tensor_data(result);
    if (log) vec_log_softmax_lastdim_double(in, out, outer, size);
    else vec_softmax_lastdim_double(in, out, outer, size);
  } else {
    return not_implemented(name, self->dtype);
  }
  return 0;
}
static int softmax_lastdim_kernel_impl(const Tensor* result, const Tensor* self) {
  return softmax_lastdim(false, result, self);
}
static int log_softmax_lastdim_kernel_impl(const Tensor* result, const Tensor* self) {
  return softmax_lastdim(true, result, self);
}

/* PyTorch 1.13: SoftMaxKernel.cpp softmax_kernel_impl, log_softmax_kernel_impl (vec_softmax) */
static int softmax_dim(bool log, const Tensor* result, const Tensor* self, int64_t dim) {
  int64_t outer, size, inner;
  softmax_sizes(self, dim, &outer, &size, &inner);
  if (self->dtype == ScalarType_Float) {
    const float* in = (const float*)Tensor_data(self);
    float* out = (float*)Tensor_data(result);
    if (log) vec_logsoftmax_float(in, out, outer, inner, size);
    else vec_softmax_float(in, out, outer, inner, size);
  } else if (self->dtype == ScalarType_Double) {
    const double* in = (const double*)Tensor_data(self);
    double* out = (double*)Tensor_data(result);
    if (log) vec_logsoftmax_double(in, out, outer, inner, size);
    else vec_softmax_double(in, out, outer, inner, size);
  } else {
    return not_implemented("softmax_kernel_impl", self->dtype);
  }
  return 0;
}
static int softmax_kernel_impl(const Tensor* result, const Tensor* self, int64_t dim) {
  return softmax_dim(false, result, self, dim);
}
static int log_softmax_kernel_impl(const Tensor* result, const Tensor* self, int64_t dim) {
  return softmax_dim(true, result, self, dim);
}

/* dim < 0: the last dimension.
 * PyTorch 1.13: SoftMaxKernel.cpp softmax_backward_lastdim_kernel_impl,
 * log_softmax_backward_lastdim_kernel_impl, softmax_backward_kernel_impl,
 * log_softmax_backward_kernel_impl (vec_host_softmax_backward_lastdim, vec_host_softmax_backward) */
static int softmax_backward(bool log, const Tensor* grad_input, const Tensor* grad, const Tensor* output,
                            int64_t dim) {
  bool last = dim < 0;
  int64_t outer, size, inner;
  softmax_sizes(grad, last ? (grad->dim == 0 ? 0 : grad->dim - 1) : dim, &outer, &size, &inner);
  const char* name = last ? (log ? "log_softmax_backward_lastdim_kernel_impl" : "softmax_backward_lastdim_kernel_impl")
                          : (log ? "log_softmax_backward_kernel_impl" : "softmax_backward_kernel_impl");
  if (grad->dtype == ScalarType_Float) {
    float* gi = (float*)Tensor_data(grad_input);
    const float *g = (const float*)Tensor_data(grad), *o = (const float*)Tensor_data(output);
    if (last) vec_softmax_backward_lastdim_float(log, gi, g, o, outer, size);
    else vec_softmax_backward_float(log, gi, g, o, outer, inner, size);
  } else if (grad->dtype == ScalarType_Double) {
    double* gi = (double*)Tensor_data(grad_input);
    const double *g = (const double*)Tensor_data(grad), *o = (const double*)Tensor_data(output);
    if (last) vec_softmax_backward_lastdim_double(log, gi, g, o, outer, size);
    else vec_softmax_backward_double(log, gi, g, o, outer, inner, size);
  } else {
    return not_implemented(name, grad->dtype);
  }
  return 0;
}
static int softmax_backward_lastdim_kernel_impl(const Tensor* gi, const Tensor* g, const Tensor* o) {
  return softmax_backward(false, gi, g, o, -1);
}
static int log_softmax_backward_lastdim_kernel_impl(const Tensor* gi, const Tensor* g, const Tensor* o) {
  return softmax_backward(true, gi, g, o, -1);
}
static int softmax_backward_kernel_impl(const Tensor* gi, const Tensor* g, const Tensor* o, int64_t dim) {
  return softmax_backward(false, gi, g, o, dim);
}
static int log_softmax_backward_kernel_impl(const Tensor* gi, const Tensor* g, const Tensor* o, int64_t dim) {
  return softmax_backward(true, gi, g, o, dim);
}

REGISTER_DISPATCH(softmax_forward_fn, softmax_lastdim_kernel, softmax_lastdim_kernel_impl);
REGISTER_DISPATCH(softmax_forward_fn, log_softmax_lastdim_kernel, log_softmax_lastdim_kernel_impl);
REGISTER_DISPATCH(softmax_backward_fn, softmax_backward_lastdim_kernel, softmax_backward_lastdim_kernel_impl);
REGISTER_DISPATCH(softmax_backward_fn, log_softmax_backward_lastdim_kernel, log_softmax_backward_lastdim_kernel_impl);
REGISTER_DISPATCH(softmax_forward_fn_with_dim, softmax_kernel, softmax_kernel_impl);
REGISTER_DISPATCH(softmax_forward_fn_with_dim, log_softmax_kernel, log_softmax_kernel_impl);
REGISTER_DISPATCH(softmax_backward_fn_with_dim, softmax_backward_kernel, softmax_backward_kernel_impl);
REGISTER_DISPATCH(softmax_backward_fn_with_dim, log_softmax_backward_kernel, log_softmax_backward_kernel_impl);
