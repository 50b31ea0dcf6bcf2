/*
 * ReduceAllOps.h - the stubs of max() and min() over every element; see
 * ops/ReduceAllOps.c and Note [max() in 1.13's order] in
 * ops/cpu/ReduceAllOpsKernel.c.
 * PyTorch 1.13: aten/src/ATen/native/ReduceAllOps.h
 */
#ifndef MINATEN_OPS_REDUCEALLOPS_H
#define MINATEN_OPS_REDUCEALLOPS_H

#include "ops/DispatchStub.h"
#include "runtime/TensorImpl.h"

/* The extreme of the numel >= 1 elements of input (contiguous, Float or
 * Double) into the 0-dim result of its dtype.  Nothing happens in a shape
 * run.  Cannot fail.
 * PyTorch 1.13: ReduceAllOps.h (max_all_stub, min_all_stub) */
typedef void (*reduce_all_fn)(Tensor* result, const Tensor* input);
DECLARE_DISPATCH(reduce_all_fn, max_all_stub);
DECLARE_DISPATCH(reduce_all_fn, min_all_stub);

#endif
