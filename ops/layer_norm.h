/*
 * layer_norm.h - the stubs of layer_norm's loops, forward and backward,
 * which ops/layer_norm.c calls on contiguous Float or Double tensors of one
 * dtype and each copy of ops/cpu/layer_norm_kernel.c fills (Note [CPU
 * capability dispatch] in ops/DispatchStub.h).
 *
 * X (and Y, dY, dX) hold M rows of N elements; gamma and beta (NULL when
 * absent) and dgamma, dbeta hold N; mean and rstd hold M.  NULL outputs are
 * not computed.  The loops neither fail nor allocate tensors.
 *
 * PyTorch 1.13: aten/src/ATen/native/layer_norm.h (forward_fn, backward_fn,
 * LayerNormKernel, LayerNormBackwardKernel)
 */
#ifndef MINATEN_OPS_LAYER_NORM_H
#define MINATEN_OPS_LAYER_NORM_H

#include "ops/DispatchStub.h"
#include "runtime/TensorImpl.h"

typedef void (*layer_norm_forward_fn)(const Tensor* X, const Tensor* gamma, const Tensor* beta, int64_t M, int64_t N,
                                      double eps, Tensor* Y, Tensor* mean, Tensor* rstd);
typedef void (*layer_norm_backward_fn)(const Tensor* dY, const Tensor* X, const Tensor* mean, const Tensor* rstd,
                                       const Tensor* gamma, int64_t M, int64_t N, Tensor* dX, Tensor* dgamma,
                                       Tensor* dbeta);
DECLARE_DISPATCH(layer_norm_forward_fn, LayerNormKernel);
DECLARE_DISPATCH(layer_norm_backward_fn, LayerNormBackwardKernel);

#endif
