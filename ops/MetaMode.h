/*
 * MetaMode.h - running kernels for the shapes of their outputs only.
 *
 * While the mode is on (on this thread), kernels check their arguments and
 * make their outputs, with the sizes, strides and dtypes they would have,
 * but skip the loops over elements, leaving the outputs' contents
 * undefined.  The Lazy backend builds each IR node by running the CPU
 * kernel on dummy inputs in this mode, so that a shape error is the CPU
 * kernel's own error and recording a node costs no computation; and the
 * structured default kernel (ops/StructuredDefault.c) shapes a quantized
 * operator's outputs so.  Both use the operator's Meta kernel instead when
 * it has one (a structured operator's meta function, Note [Structured
 * kernels] in ops/Structured.h): this mode is for the operators not yet
 * structured in minaten, and goes when they all are.
 *
 * The contract: the loops skip themselves.  Each shared loop over elements
 * returns at once in the mode, after the checks and the output it makes:
 *   - binary_op and binary_op_scalar's loop (run_loop, ops/cpu/BinaryOpsKernel.c),
 *   - unary_op and unary_kernel_op's loops (ops/cpu/UnaryOpsKernel.c),
 *   - copy_into (ops/Copy.h: copy_, clone, _to_copy, contiguous, cat, ...),
 *   - fill_'s and zero_'s (ops/Fill.c),
 *   - the reduction loop (reduce_loop, ops/ReduceOps.c: sum, mean, prod,
 *     amax, amin, argmax, argmin, max, min, any, all),
 *   - the matrix product (matmul_fresh, ops/LinearAlgebra.c: mm, bmm, mv, dot),
 * so a kernel built on them needs no check of its own.  A kernel with a
 * loop of its own (arange, cumsum, flip, where, masked_fill_) checks
 * MetaMode_isEnabled() once, right after making its output, and returns
 * it; so does a kernel that would otherwise call other operators only to
 * fill its output (repeat), so that a trace of the shape run stays empty.
 * A kernel that can run in a shape run (one listed in
 * yaml/ts_native_functions.yaml, or one such a kernel calls) and loops
 * without either crashes there: the shape run's dummies of more than one
 * element have no data (ops/lazy/LazyIrBuilder.c), and the test
 * lazy.meta_mode runs every listed operator so that the suite finds it.
 *
 * A kernel may skip only loops whose results nothing checks: errors that
 * depend on the data (integer division by zero) are not raised in the mode,
 * so operators whose output shape depends on the data (index with a mask)
 * must not be shaped this way.
 *
 * PyTorch 1.13: the Meta dispatch key (meta tensors: structured kernels' meta
 * functions without the impl), which the lazy backend uses for its shape
 * inference (torch/csrc/lazy/core/shape_inference.cpp, compute_shape_*)
 */
#ifndef MINATEN_OPS_METAMODE_H
#define MINATEN_OPS_METAMODE_H

#include <stdbool.h>

extern _Thread_local bool meta_mode_enabled;

static inline bool MetaMode_isEnabled(void) { return meta_mode_enabled; }

/* Turns the mode on; returns the previous state for MetaMode_restore. */
static inline bool MetaMode_enter(void) {
  bool was = meta_mode_enabled;
  meta_mode_enabled = true;
  return was;
}
static inline void MetaMode_restore(bool was) { meta_mode_enabled = was; }

#endif
