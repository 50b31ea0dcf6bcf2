/*
 * ReduceOpsKernel.c - prod of Float and Double tensors in PyTorch's order of
 * multiplications, so that the result carries the same bits.
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

#include <string.h>

#include "ops/MetaMode.h"
#include "ops/TensorIterator.h"

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
void prod_kernel(const Tensor* self, Tensor* result, const bool* mask, bool keepdim) {
  if (MetaMode_isEnabled()) return;
  bool is_float = result->dtype == ScalarType_Float;
  /* iter.output_base().fill_(1) */
  int64_t idx[MINATEN_MAX_DIM] = {0};
  for (int64_t n = 0; n < result->numel; n++) {
    int64_t off = 0;
    for (int64_t d = 0; d < result->dim; d++) off += idx[d] * result->strides[d];
    if (is_float)
      ((float*)Tensor_data(result))[off] = 1.0f;
    else
      ((double*)Tensor_data(result))[off] = 1.0;
    for (int64_t d = result->dim - 1; d >= 0; d--) {
      if (++idx[d] < result->sizes[d]) break;
      idx[d] = 0;
    }
  }
  reduction_serial_for_each(self, result, mask, keepdim, is_float ? prod_loop_float : prod_loop_double, NULL);
}
