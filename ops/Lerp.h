/*
 * Lerp.h - the stubs of lerp's two loops, which ops/Lerp.c calls on its
 * TensorIterator (out, self, end[, weight]) and each copy of
 * ops/cpu/LerpKernel.c fills (Note [CPU capability dispatch] in
 * ops/DispatchStub.h).
 *
 * PyTorch 1.13: aten/src/ATen/native/Lerp.h (lerp_fn_scalar, lerp_fn_tensor,
 * lerp_kernel_scalar_weight, lerp_kernel_tensor_weight)
 */
#ifndef MINATEN_OPS_LERP_H
#define MINATEN_OPS_LERP_H

#include "ops/DispatchStub.h"
#include "ops/TensorIterator.h"
#include "runtime/Scalar.h"

/* The iterator's common dtype is Float or Double, and weight converts to it
 * without overflow (ops/Lerp.c checks both first).
 * PyTorch 1.13: native/Lerp.h lerp_fn_scalar, lerp_fn_tensor */
typedef void (*lerp_fn_scalar)(TensorIteratorBase* iter, Scalar weight);
typedef void (*lerp_fn_tensor)(TensorIteratorBase* iter);
DECLARE_DISPATCH(lerp_fn_scalar, lerp_kernel_scalar_weight);
DECLARE_DISPATCH(lerp_fn_tensor, lerp_kernel_tensor_weight);

#endif
