/*
 * layer_norm_kernel.c - layer_norm's loops, forward and backward, compiled
 * once per CPU capability (Note [CPU capability dispatch] in
 * ops/DispatchStub.h) and registered into LayerNormKernel and
 * LayerNormBackwardKernel (ops/layer_norm.h).  ops/layer_norm.c hands them
 * contiguous Float or Double tensors of one dtype; the loops themselves are
 * in layer_norm_kernel_loops.h, once per type.
 *
 * The forward runs its rows in a parallel_for of grain 1: each row's mean
 * and variance come from RowwiseMoments (Welford in each lane of a
 * Vectorized, chunks of 16 vectors merged in a cascade, then the tail and
 * the lanes), rstd = 1 / sqrt(var + eps), Y = (X * rstd + (-rstd * mean)) *
 * gamma + beta.  The backward sums dgamma and dbeta in two passes: each
 * thread of its parallel_for over rows adds its rows into a buffer of its
 * own (a buffer of {2, get_num_threads(), N}, zeroed), then each column sums
 * the threads' buffers in thread order; so, as in 1.13, those gradients
 * depend on the thread count (torch.set_num_threads).
 *
 * Note [FMA in layer_norm]
 * 1.13 compiles layer_norm_kernel.cpp's AVX2 copy with -mfma and GCC's
 * default contraction, so a multiply whose only use is an add becomes one
 * fused multiply-add: both steps of Y ((x * rstd + bias) * gamma + beta),
 * the dgamma buffer's dY * (a * x + b) + buf, the sums of products (acc +
 * x * y), b's db * mean - ds, c's -b * mean - (db * a * scale), and dX's
 * b * x added to its first product (a * dY [* gamma]), then + c.
 * RowwiseMoments fuses nothing, although it is compiled into the same copy:
 * it is a template of at::native::utils, outside the CPU_CAPABILITY
 * namespace, so every copy's instance has one mangled name and the linker
 * keeps one of them, an instance compiled without FMA (it has AVX2's
 * width: DEFAULT's Vectorized<float> has 8 lanes too).  Measured against
 * 1.13 in float and double (13 shapes, N from 1 to 40000, with and without
 * weight and bias, 624 outputs): every Y, mean, rstd, dX, dgamma and dbeta
 * equal bit for bit; with Welford's updates fused, mean and rstd differed
 * in about half the rows, and with dX's other pairing, dX in 4% of the
 * elements.  The DEFAULT copy fuses nothing.  minaten's copies
 * (-ffp-contract=off) write the FMAs out where __FMA__ is defined (FUSED).
 * The AVX512 copy keeps AVX2's width and order: 1.13 runs AVX2 here
 * (torch.__config__.show(): "CPU capability usage: AVX2").
 *
 * PyTorch 1.13: aten/src/ATen/native/cpu/layer_norm_kernel.cpp (LayerNormKernelImpl,
 * LayerNormKernelImplInternal, LayerNormBackwardKernelImpl, LayerNormBackwardKernelImplInternal),
 * aten/src/ATen/native/cpu/moments_utils.h (RowwiseMoments), aten/src/ATen/native/cpu/utils.h (CeilLog2)
 */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ops/DispatchStub.h"
#include "ops/layer_norm.h"
#include "runtime/Parallel.h"

#if defined(__FMA__)
#define FUSED 1
#else
#define FUSED 0
#endif

/* PyTorch 1.13: moments_utils.h kChunkSize */
enum { kChunkSize = 16 };

/* ceil(log2(x)), and 1 for x <= 2.  PyTorch 1.13: native/cpu/utils.h CeilLog2 */
static inline int64_t ceil_log2(int64_t x) {
  if (x <= 2) return 1;
  return 64 - __builtin_clzll((unsigned long long)(x - 1));
}

#define scalar_t float
#define LN_LANES 8
#if defined(__AVX2__)
#define LN_SIMD_SUM 1
#else
#define LN_SIMD_SUM 0
#endif
#define LN_FMA fmaf
#define LN_SQRT sqrtf
#define LN_NAME(x) x##_float
#include "ops/cpu/layer_norm_kernel_loops.h"
#undef scalar_t
#undef LN_LANES
#undef LN_SIMD_SUM
#undef LN_FMA
#undef LN_SQRT
#undef LN_NAME

#define scalar_t double
#define LN_LANES 4
#define LN_SIMD_SUM 0
#define LN_FMA fma
#define LN_SQRT sqrt
#define LN_NAME(x) x##_double
#include "ops/cpu/layer_norm_kernel_loops.h"
#undef scalar_t
#undef LN_LANES
#undef LN_SIMD_SUM
#undef LN_FMA
#undef LN_SQRT
#undef LN_NAME

/* What the forward's parallel_for body reads. */
typedef struct LayerNormForward {
  const Tensor *X, *gamma, *beta;
  int64_t N;
  double eps;
  Tensor *Y, *mean, *rstd;
} LayerNormForward;

#define LN_PTR(t, T) ((t) == NULL ? NULL : (T*)(void*)Tensor_data(t))

static void layer_norm_rows(void* ctx, int64_t begin, int64_t end) {
  const LayerNormForward* f = ctx;
  const int64_t N = f->N;
  for (int64_t i = begin; i < end; i++) {
    if (f->X->dtype == ScalarType_Float) {
      float* mean = LN_PTR(f->mean, float);
      float* rstd = LN_PTR(f->rstd, float);
      layer_norm_row_float(LN_PTR(f->X, float) + i * N, LN_PTR(f->gamma, float), LN_PTR(f->beta, float), N,
                           (float)f->eps, LN_PTR(f->Y, float) + i * N, mean ? mean + i : NULL, rstd ? rstd + i : NULL);
    } else {
      double* mean = LN_PTR(f->mean, double);
      double* rstd = LN_PTR(f->rstd, double);
      layer_norm_row_double(LN_PTR(f->X, double) + i * N, LN_PTR(f->gamma, double), LN_PTR(f->beta, double), N,
                            f->eps, LN_PTR(f->Y, double) + i * N, mean ? mean + i : NULL, rstd ? rstd + i : NULL);
    }
  }
}

/* PyTorch 1.13: layer_norm_kernel.cpp LayerNormKernelImpl */
static void LayerNormKernelImpl(const Tensor* X, const Tensor* gamma, const Tensor* beta, int64_t M, int64_t N,
                                double eps, Tensor* Y, Tensor* mean, Tensor* rstd) {
  LayerNormForward f = {X, gamma, beta, N, eps, Y, mean, rstd};
  at_parallel_for(0, M, 1, layer_norm_rows, &f);
}

/* What the backward's parallel_for bodies read: buffer holds dgamma's
 * per-thread rows, then dbeta's (NULL when neither is asked for). */
typedef struct LayerNormBackward {
  const Tensor *dY, *X, *mean, *rstd, *gamma;
  int64_t N;
  int num_threads;
  Tensor *dX, *dgamma, *dbeta;
  char* buffer;
} LayerNormBackward;

static void layer_norm_backward_rows(void* ctx, int64_t begin, int64_t end) {
  const LayerNormBackward* b = ctx;
  const int64_t N = b->N;
  const int tid = at_get_thread_num();
  const bool is_float = b->X->dtype == ScalarType_Float;
  const size_t elem = is_float ? sizeof(float) : sizeof(double);
  char* g_buf = b->dgamma == NULL ? NULL : b->buffer + (size_t)(tid * N) * elem;
  char* b_buf = b->dbeta == NULL ? NULL : b->buffer + (size_t)((b->num_threads + tid) * N) * elem;
  for (int64_t i = begin; i < end; i++) {
    if (is_float) {
      float* dX = LN_PTR(b->dX, float);
      layer_norm_backward_row_float(LN_PTR(b->dY, float) + i * N, LN_PTR(b->X, float) + i * N,
                                    LN_PTR(b->mean, float)[i], LN_PTR(b->rstd, float)[i], LN_PTR(b->gamma, float),
                                    N, (float*)(void*)g_buf, (float*)(void*)b_buf, dX ? dX + i * N : NULL);
    } else {
      double* dX = LN_PTR(b->dX, double);
      layer_norm_backward_row_double(LN_PTR(b->dY, double) + i * N, LN_PTR(b->X, double) + i * N,
                                     LN_PTR(b->mean, double)[i], LN_PTR(b->rstd, double)[i],
                                     LN_PTR(b->gamma, double), N, (double*)(void*)g_buf, (double*)(void*)b_buf,
                                     dX ? dX + i * N : NULL);
    }
  }
}

/* The second path: each column's sum over the threads' buffers, in thread
 * order from 0. */
static void layer_norm_backward_columns(void* ctx, int64_t begin, int64_t end) {
  const LayerNormBackward* b = ctx;
  const int64_t N = b->N, T = b->num_threads;
  for (int64_t j = begin; j < end; j++) {
    if (b->X->dtype == ScalarType_Float) {
      const float* buf = (const float*)(const void*)b->buffer;
      float g = 0, s = 0;
      for (int64_t i = 0; i < T; i++) {
        g += buf[i * N + j];
        s += buf[T * N + i * N + j];
      }
      if (b->dgamma != NULL) LN_PTR(b->dgamma, float)[j] = g;
      if (b->dbeta != NULL) LN_PTR(b->dbeta, float)[j] = s;
    } else {
      const double* buf = (const double*)(const void*)b->buffer;
      double g = 0, s = 0;
      for (int64_t i = 0; i < T; i++) {
        g += buf[i * N + j];
        s += buf[T * N + i * N + j];
      }
      if (b->dgamma != NULL) LN_PTR(b->dgamma, double)[j] = g;
      if (b->dbeta != NULL) LN_PTR(b->dbeta, double)[j] = s;
    }
  }
}

/* PyTorch 1.13: layer_norm_kernel.cpp LayerNormBackwardKernelImpl */
static void LayerNormBackwardKernelImpl(const Tensor* dY, const Tensor* X, const Tensor* mean, const Tensor* rstd,
                                        const Tensor* gamma, int64_t M, int64_t N, Tensor* dX, Tensor* dgamma,
                                        Tensor* dbeta) {
  LayerNormBackward b = {dY, X, mean, rstd, gamma, N, at_get_num_threads(), dX, dgamma, dbeta, NULL};
  const size_t elem = X->dtype == ScalarType_Float ? sizeof(float) : sizeof(double);
  if (dgamma != NULL || dbeta != NULL) {
    /* NB(minaten): calloc where 1.13 resizes and zeroes an empty tensor
     * (buffer.resize_({2, num_threads, N}).zero_()); on OOM, abort */
    b.buffer = calloc((size_t)(2 * b.num_threads * N) + 1, elem);
    if (b.buffer == NULL) abort();
  }
  at_parallel_for(0, M, 1, layer_norm_backward_rows, &b);
  if (b.buffer != NULL) at_parallel_for(0, N, 1, layer_norm_backward_columns, &b);
  free(b.buffer);
}

REGISTER_DISPATCH(layer_norm_forward_fn, LayerNormKernel, LayerNormKernelImpl);
REGISTER_DISPATCH(layer_norm_backward_fn, LayerNormBackwardKernel, LayerNormBackwardKernelImpl);
