/*
 * PointwiseOps.h - the stubs of the ternary pointwise operators addcmul and
 * addcdiv, which ops/PointwiseOps.c calls on a ternary TensorIterator
 * (out, self, tensor1, tensor2) and each copy of
 * ops/cpu/PointwiseOpsKernel.c fills (Note [CPU capability dispatch] in
 * ops/DispatchStub.h).
 *
 * PyTorch 1.13: aten/src/ATen/native/PointwiseOps.h (pointwise_fn,
 * addcmul_stub, addcdiv_stub)
 */
#ifndef MINATEN_OPS_POINTWISEOPS_H
#define MINATEN_OPS_POINTWISEOPS_H

#include "ops/DispatchStub.h"
#include "ops/TensorIterator.h"
#include "runtime/Scalar.h"

/* The kernel on the iterator built by build_ternary_op: its output has the
 * common dtype, which is not Bool, and value converts to that dtype without
 * overflow (the operator checks both before).
 * PyTorch 1.13: native/PointwiseOps.h pointwise_fn */
typedef void (*pointwise_fn)(TensorIteratorBase* iter, Scalar value);
DECLARE_DISPATCH(pointwise_fn, addcmul_stub); /* out = self + value * tensor1 * tensor2 */
DECLARE_DISPATCH(pointwise_fn, addcdiv_stub); /* out = self + value * tensor1 / tensor2 */

/* mse_loss_backward's kernel on (grad_input, self, target, grad_output),
 * all of one dtype (not Bool, Half or BFloat16):
 * grad_input = norm * (self - target) * grad_output, norm converted to the
 * dtype (Scalar::to<scalar_t>).  Defined in ops/Loss.c.
 * PyTorch 1.13: native/PointwiseOps.h pointwise_fn_double, mse_backward_stub */
typedef void (*mse_backward_fn)(TensorIteratorBase* iter, Scalar norm);
DECLARE_DISPATCH(mse_backward_fn, mse_backward_stub);

#endif
