/*
 * SumKernel.h - the CPU loop of sum (and so of mean) over floating tensors,
 * in PyTorch's cascade order; see SumKernel.c.
 * PyTorch 1.13: aten/src/ATen/native/ReduceOps.h (sum_stub),
 * native/cpu/SumKernel.cpp
 */
#ifndef MINATEN_OPS_CPU_SUMKERNEL_H
#define MINATEN_OPS_CPU_SUMKERNEL_H

#include <stdbool.h>

#include "ops/DispatchStub.h"
#include "runtime/CPUCapability.h"
#include "runtime/TensorImpl.h"

/* sum's stub: each copy of ops/cpu/SumKernel.c registers its
 * sum_kernel_impl; defined in ops/ReduceOps.c.
 * PyTorch 1.13: native/ReduceOps.h DECLARE_DISPATCH(reduce_fn, sum_stub) */
typedef void (*sum_fn)(const Tensor* self, Tensor* result, const bool* mask, bool keepdim);
DECLARE_DISPATCH(sum_fn, sum_stub);

/*
 * Sums self (Float or Double, result's dtype) over the dimensions marked in
 * mask (one flag per dimension of self) into result, which has self's
 * shape with those dimensions removed (or kept as size 1 when keepdim).
 * result is zeroed first, then accumulated in self's own dtype in the order
 * 1.13's cascade_sum adds, so the bits are PyTorch's.  Nothing happens in a
 * shape run (MetaMode).  Cannot fail.
 * PyTorch 1.13: native/cpu/SumKernel.cpp sum_kernel_impl (cascade_sum)
 */
void cascade_sum(const Tensor* self, Tensor* result, const bool* mask, bool keepdim);
/* The same with the loops compiled for capability (DEFAULT on a build that
 * has no other; the results are the same bits in every capability).  For
 * tests and benchmarks: a capability above CPUCapability_hardware() dies
 * of SIGILL. */
void cascade_sum_capability(CPUCapability capability, const Tensor* self, Tensor* result, const bool* mask,
                            bool keepdim);

#endif
