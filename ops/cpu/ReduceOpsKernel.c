/*
 * ReduceOpsKernel.c - prod of Float and Double tensors, and the 2-norm of
 * contiguous Float rows, in PyTorch's order of operations, so that the
 * results carry the same bits.
 *
 * Note [Vectorized reduction order]
 * 1.13 multiplies a float32 tensor in float32 and a float64 one in float64
 * (binary_kernel_reduce_vec has no wider accumulator), and the order of the
 * multiplications follows its vector loop, whose lanes are AVX2's
 * Vectorized: 8 floats or 4 doubles (also the default build's width).  The
 * output starts at 1 (output.fill_(1)); then each two-dimensional tile of
 * the reduction's TensorIterator (reduction_serial_for_each, one thread)
 * takes one of three routes:
 *
 *   - reduced along a contiguous dimension 0 (vectorized_inner_reduction):
 *     the row is cut into blocks of 4 vectors (32 floats, 16 doubles).  Four
 *     vector accumulators start as the first block's four vectors and are
 *     multiplied, lane by lane, by each later block's; then
 *     (acc0 * acc1) * (acc2 * acc3) leaves one vector, whose lanes are
 *     multiplied together left to right, lane 0 first; that product
 *     multiplies the output.  The elements after the last whole block
 *     multiply the output one at a time, in order.
 *   - the output and the input contiguous along dimension 1, reduced along
 *     dimension 0 (vectorized_outer_reduction): 4 vectors of neighbouring
 *     outputs at a time, each lane multiplied down the reduced dimension
 *     from the first row's value, then into the output; the outputs left
 *     over (fewer than 4 vectors) one at a time down the dimension.
 *   - otherwise, element by element: output *= input along dimension 0.
 *
 * So the product of 37 floats is (((lanes of the block's 4 vectors folded
 * pairwise, then lane 0 * lane 1 * ... * lane 7) * x32) * x33 ...) * x36,
 * not x0 * x1 * ... * x36: the bits differ.  The vector form computes each
 * lane exactly as 1.13's does (one rounded multiplication per step, no
 * fused operations: the project builds with -ffp-contract=off).
 *
 * NB(minaten): 1.13 built for AVX-512 would use 16-float vectors and
 * another order; minaten fixes AVX2's, the capability 1.13 runs here.
 *
 * PyTorch 1.13: aten/src/ATen/native/cpu/ReduceOpsKernel.cpp
 * (prod_kernel_impl), native/cpu/Reduce.h (binary_kernel_reduce_vec,
 * vectorized_inner_reduction, vectorized_outer_reduction,
 * vectorized_reduction)
 */
#include "ops/cpu/ReduceOpsKernel.h"

#include <math.h>
#include <string.h>

#include "ops/DispatchStub.h"
#include "ops/Fill.h"
#include "ops/MetaMode.h"
#include "ops/TensorIterator.h"

#if defined(__FMA__)
#include <immintrin.h> /* the FMA variant of the 2-norm only */
#endif

/* Half of one AVX2 Vectorized of each dtype: one SSE register. */
typedef float float_half_t __attribute__((vector_size(16)));
typedef double double_half_t __attribute__((vector_size(16)));

/* The loops of binary_kernel_reduce_vec, once per dtype (ProdLoop.h is
 * written in terms of scalar_t, half_t and PROD_NAME, as 1.13's template is
 * in terms of scalar_t): prod_loop_float and prod_loop_double. */
#define scalar_t float
#define half_t float_half_t
#define PROD_NAME(name) name##_float
#include "ops/cpu/ProdLoop.h"
#undef scalar_t
#undef half_t
#undef PROD_NAME

#define scalar_t double
#define half_t double_half_t
#define PROD_NAME(name) name##_double
#include "ops/cpu/ProdLoop.h"
#undef scalar_t
#undef half_t
#undef PROD_NAME

/* PyTorch 1.13: ReduceOpsKernel.cpp prod_kernel_impl */
static void prod_kernel_impl(const Tensor* self, Tensor* result, const bool* mask, bool keepdim) {
  if (MetaMode_isEnabled()) return;
  fill_kernel(result, Scalar_fromLong(1)); /* iter.output_base().fill_(1) */
  reduction_parallel_reduce(self, result, mask, keepdim,
                            result->dtype == ScalarType_Float ? prod_loop_float : prod_loop_double, NULL);
}

/*
 * Note [The 2-norm of a contiguous row]
 * 1.13 computes norm(p=2) of Float rows that are contiguous and reduced
 * alone (is_reduce_lastdim) on a path of its own: one Vectorized<float>
 * accumulator (8 lanes) takes `acc_vec += data_vec * data_vec` for each
 * whole vector of the row; the lanes are added left to right, lane 0 first;
 * the elements after the last whole vector add their squares one by one
 * (a multiplication, then an addition); the result is the float square
 * root.  The AVX2 kernel is compiled with -mfma and GCC's default
 * contraction, which turns the vector step into one fused multiply-add (one
 * rounding), while the DEFAULT kernel multiplies, then adds (two): the two
 * capabilities give different last bits, and minaten follows the one in
 * use.  Any other norm (another p, Double, a strided or several-dimension
 * reduction) accumulates element by element in ops/ReduceOpsNorm.c.
 * NB(minaten): the AVX512 capability runs AVX2's 8 lanes here, as prod
 * keeps AVX2's order (Note [Vectorized reduction order]).
 */

/* The lanes added left to right, then the squares of x[d..n) one by one, a
 * multiplication and an addition each (never fused: a function of its own,
 * not inlined into the FMA variant), then the root. */
static __attribute__((noinline)) float norm_two_finish(const float lanes[8], const float* x, int64_t d, int64_t n) {
  float acc = lanes[0];
  for (int j = 1; j < 8; j++) acc += lanes[j];
  for (; d < n; d++) acc += x[d] * x[d];
  return sqrtf(acc);
}

#if !defined(__FMA__)
/* DEFAULT: each lane's step a multiplication, then an addition (16-byte
 * halves of the 8 lanes, as in ProdLoop.h). */
static float norm_two_row(const float* x, int64_t n) {
  float_half_t lo = {0}, hi = {0}, a, b;
  int64_t d = 0;
  for (; d < n - n % 8; d += 8) {
    memcpy(&a, x + d, sizeof a);
    memcpy(&b, x + d + 4, sizeof b);
    lo += a * a;
    hi += b * b;
  }
  float lanes[8];
  memcpy(lanes, &lo, sizeof lo);
  memcpy(lanes + 4, &hi, sizeof hi);
  return norm_two_finish(lanes, x, d, n);
}
#else
/* AVX2 (and AVX512, with AVX2's 8 lanes): each lane's step one fused
 * multiply-add. */
static float norm_two_row(const float* x, int64_t n) {
  __m256 acc = _mm256_setzero_ps();
  int64_t d = 0;
  for (; d < n - n % 8; d += 8) {
    __m256 v = _mm256_loadu_ps(x + d);
    acc = _mm256_fmadd_ps(v, v, acc);
  }
  float lanes[8];
  _mm256_storeu_ps(lanes, acc);
  return norm_two_finish(lanes, x, d, n);
}
#endif

/* One tile: dimension 0 is the row, dimension 1 the outputs side by side. */
static void norm_two_loop(void* ctx, char** data, const int64_t* strides, int64_t size0, int64_t size1) {
  (void)ctx;
  for (int64_t j = 0; j < size1; j++)
    *(float*)(data[0] + j * strides[2]) = norm_two_row((const float*)(data[1] + j * strides[3]), size0);
}

/* NB(minaten): the rows are computed on one thread; 1.13 spreads them over
 * its threads (binary_kernel_reduce_lastdim), which changes no bits.
 * PyTorch 1.13: ReduceOpsKernel.cpp norm_kernel_tensor_iterator_impl (use_fast_path, val == 2) */
static void norm_two_lastdim_kernel_impl(const Tensor* self, Tensor* result, const bool* mask, bool keepdim) {
  if (MetaMode_isEnabled()) return;
  reduction_serial_for_each(self, result, mask, keepdim, norm_two_loop, NULL);
}

REGISTER_DISPATCH(prod_fn, prod_stub, prod_kernel_impl);
REGISTER_DISPATCH(norm_two_lastdim_fn, norm_two_lastdim_stub, norm_two_lastdim_kernel_impl);
