/*
 * Loops.h - how a CPU kernel hands its inner loop to TensorIterator.
 *
 * Note [cpu_kernel and cpu_kernel_vec]
 * In 1.13 a kernel gives cpu_kernel a scalar lambda, which basic_loop turns
 * into a loop2d, or gives cpu_kernel_vec a scalar and a vector lambda,
 * which VectorizedLoop2d turns into one that runs the vector lambda on rows
 * whose operands are all contiguous or one broadcast number and the scalar
 * lambda elsewhere; then iter.for_each(loop, grain_size) walks the tiles,
 * on the intra-op threads above the grain (ops/TensorIterator.h, Note
 * [TensorIterator's walk]).  C has no lambdas, so a minaten kernel writes
 * that loop2d itself, one named per operator (add_loop2d, abs_loop2d): its
 * rows choose between the vector and the scalar loop as VectorizedLoop2d
 * chooses (binary_tile in BinaryOpsKernel.c, unary_tile in
 * UnaryOpsKernel.c), and it hands the loop2d to cpu_kernel or
 * cpu_kernel_vec here, so a breakpoint on `add_loop2d` stops in the
 * operator's own loop under TensorIterator's walk.  The "vml" kernels (exp,
 * log, sin, cos, tanh) call TensorIterator_for_each themselves with a grain
 * of 2048, as 1.13's IMPLEMENT_FLOAT_KERNEL calls iter.for_each.
 * NB(minaten): the loops read each input in its own dtype and store in the
 * output's (Note [TensorIteratorConfig]), so there is no cast_outputs step.
 *
 * PyTorch 1.13: aten/src/ATen/native/cpu/Loops.h (cpu_kernel,
 * cpu_kernel_vec, basic_loop, VectorizedLoop2d)
 */
#ifndef MINATEN_OPS_CPU_LOOPS_H
#define MINATEN_OPS_CPU_LOOPS_H

#include "ops/TensorIterator.h"
#include "runtime/Parallel.h"

/* PyTorch 1.13: native/cpu/Loops.h cpu_kernel (grain_size = GRAIN_SIZE) */
static inline void cpu_kernel(TensorIteratorBase* iter, loop2d_t loop, const void* ctx) {
  TensorIterator_for_each(iter, loop, (void*)ctx, AT_GRAIN_SIZE);
}

/* PyTorch 1.13: native/cpu/Loops.h cpu_kernel_vec (grain_size = GRAIN_SIZE) */
static inline void cpu_kernel_vec(TensorIteratorBase* iter, loop2d_t loop, const void* ctx) {
  TensorIterator_for_each(iter, loop, (void*)ctx, AT_GRAIN_SIZE);
}

/* The whole walk on this thread, in TensorIterator's order: the random
 * kernels draw one number per element, so the order of the elements is the
 * order of the draws.  PyTorch 1.13: native/cpu/Loops.h cpu_serial_kernel */
static inline void cpu_serial_kernel(TensorIteratorBase* iter, loop2d_t loop, const void* ctx) {
  TensorIterator_serial_for_each(iter, loop, (void*)ctx, 0, iter->numel);
}

#endif
