/*
 * ReduceOpsKernel.h - the CPU loops of prod over Float and Double tensors,
 * and of the 2-norm of contiguous Float rows, in PyTorch's order of
 * operations; see ReduceOpsKernel.c.
 * PyTorch 1.13: aten/src/ATen/native/ReduceOps.h (prod_stub),
 * native/cpu/ReduceOpsKernel.cpp
 */
#ifndef MINATEN_OPS_CPU_REDUCEOPSKERNEL_H
#define MINATEN_OPS_CPU_REDUCEOPSKERNEL_H

#include <stdbool.h>
#include <stdint.h>

#include "ops/DispatchStub.h"
#include "runtime/TensorImpl.h"

/* The stubs each copy of ops/cpu/ReduceOpsKernel.c registers into; defined
 * in ops/ReduceOps.c.  prod_kernel and norm_two_lastdim_kernel below call
 * them.  PyTorch 1.13: native/ReduceOps.h (prod_stub, norm_stub) */
typedef void (*prod_fn)(const Tensor* self, Tensor* result, const bool* mask, bool keepdim);
typedef void (*norm_two_lastdim_fn)(const Tensor* self, Tensor* result, const bool* mask, bool keepdim);
DECLARE_DISPATCH(prod_fn, prod_stub);
DECLARE_DISPATCH(norm_two_lastdim_fn, norm_two_lastdim_stub);

/* amax (max_values_stub) and amin of self over the dimensions marked in
 * mask into result of self's dtype (any but the quantized ones), in 1.13's
 * order on 1.13's threads (Note [amax in 1.13's order] in
 * ReduceOpsKernel.c).  Nothing happens in a shape run.  Cannot fail.
 * PyTorch 1.13: native/ReduceOps.h (max_values_stub, min_values_stub) */
typedef void (*extreme_values_fn)(const Tensor* self, Tensor* result, const bool* mask, bool keepdim);
DECLARE_DISPATCH(extreme_values_fn, max_values_stub);
DECLARE_DISPATCH(extreme_values_fn, min_values_stub);

/* argmax's (argmin's) index over n >= 1 contiguous floats (Note
 * [Extremes in two passes] in ReduceOpsKernel.c): that of the first NaN,
 * else of the first element equal to the greatest (least) value.
 * PyTorch 1.13: native/ReduceOps.h (argmax_stub, argmin_stub) */
typedef int64_t (*arg_extreme_float_fn)(const float* a, int64_t n, bool max);
/* any/all: whether one of n contiguous elements (n >= 0) is zero (zero
 * true) or nonzero (false), for floats (NaN is nonzero, -0.0 zero) and for
 * 1-byte elements (bool, uint8, int8).  any is has(..., false), all
 * !has(..., true).  PyTorch 1.13: native/ReduceOps.h (and_stub, or_stub) */
typedef bool (*has_float_fn)(const float* a, int64_t n, bool zero);
typedef bool (*has_byte_fn)(const uint8_t* a, int64_t n, bool zero);
DECLARE_DISPATCH(arg_extreme_float_fn, arg_extreme_float_stub);
DECLARE_DISPATCH(has_float_fn, has_float_stub);
DECLARE_DISPATCH(has_byte_fn, has_byte_stub);

/*
 * Multiplies self (Float or Double, result's dtype) over the dimensions
 * marked in mask (one flag per dimension of self) into result, which has
 * self's shape with those dimensions removed (or kept as size 1 when
 * keepdim).  result is filled with 1 first, then multiplied in self's own
 * dtype in the order 1.13's binary_kernel_reduce_vec multiplies, so the bits
 * are PyTorch's.  Nothing happens in a shape run (MetaMode).  Cannot fail.
 * PyTorch 1.13: native/cpu/ReduceOpsKernel.cpp prod_kernel_impl
 */
void prod_kernel(const Tensor* self, Tensor* result, const bool* mask, bool keepdim);

/*
 * The 2-norm of each row of a Float self into the Float result, for a
 * reduction whose iterator reduces its innermost dimension alone, where
 * self is contiguous (reduction_is_lastdim of ops/TensorIterator.h): the
 * squares summed in 8 float lanes, the lanes added left to right, then the
 * elements after the last whole 8, then sqrtf, as 1.13's fast path does
 * (Note [The 2-norm of a contiguous row] in ReduceOpsKernel.c).  Nothing
 * happens in a shape run (MetaMode).  Cannot fail.
 * PyTorch 1.13: native/cpu/ReduceOpsKernel.cpp norm_kernel_tensor_iterator_impl (use_fast_path)
 */
void norm_two_lastdim_kernel(const Tensor* self, Tensor* result, const bool* mask, bool keepdim);

#endif
