/*
 * SoftMax.h - the stubs of softmax's and log_softmax's loops, forward and
 * backward, which ops/SoftMax.c calls on contiguous tensors and each copy of
 * ops/cpu/SoftMaxKernel.c fills (Note [CPU capability dispatch] in
 * ops/DispatchStub.h).  The *_lastdim stubs serve a softmax over the last
 * dimension, the others any other dimension (dim).
 *
 * Each function returns 0, or -1 with PyTorch's error set when the dtype
 * has no loop ("softmax_lastdim_kernel_impl" not implemented for 'Long').
 *
 * PyTorch 1.13: aten/src/ATen/native/cpu/SoftmaxKernel.h
 */
#ifndef MINATEN_OPS_SOFTMAX_H
#define MINATEN_OPS_SOFTMAX_H

#include "ops/DispatchStub.h"
#include "runtime/TensorImpl.h"

/* PyTorch 1.13: SoftmaxKernel.h forward_fn, backward_fn, forward_fn_with_dim, backward_fn_with_dim */
typedef int (*softmax_forward_fn)(const Tensor* result, const Tensor* self);
typedef int (*softmax_backward_fn)(const Tensor* grad_input, const Tensor* grad, const Tensor* output);
typedef int (*softmax_forward_fn_with_dim)(const Tensor* result, const Tensor* self, int64_t dim);
typedef int (*softmax_backward_fn_with_dim)(const Tensor* grad_input, const Tensor* grad, const Tensor* output,
                                            int64_t dim);
DECLARE_DISPATCH(softmax_forward_fn, softmax_lastdim_kernel);
DECLARE_DISPATCH(softmax_forward_fn, log_softmax_lastdim_kernel);
DECLARE_DISPATCH(softmax_backward_fn, softmax_backward_lastdim_kernel);
DECLARE_DISPATCH(softmax_backward_fn, log_softmax_backward_lastdim_kernel);
DECLARE_DISPATCH(softmax_forward_fn_with_dim, softmax_kernel);
DECLARE_DISPATCH(softmax_forward_fn_with_dim, log_softmax_kernel);
DECLARE_DISPATCH(softmax_backward_fn_with_dim, softmax_backward_kernel);
DECLARE_DISPATCH(softmax_backward_fn_with_dim, log_softmax_backward_kernel);

#endif
