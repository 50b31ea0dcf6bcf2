/*
 * TensorUtils.h - geometry questions kernels ask of tensors.
 * PyTorch 1.13: aten/src/ATen/TensorUtils.h, c10/core/TensorImpl.h
 */
#ifndef MINATEN_OPS_TENSORUTILS_H
#define MINATEN_OPS_TENSORUTILS_H

#include <stdbool.h>

#include "runtime/TensorImpl.h"

/*
 * The strides that let a tensor of (oldshape, oldstride) be viewed as
 * newshape without copying, written to newstride; false if no such strides
 * exist (then reshape must copy).  See the Note in TensorUtils.c.
 * PyTorch 1.13: aten/src/ATen/TensorUtils.cpp at::detail::computeStride
 */
bool computeStride(IntArrayRef oldshape, IntArrayRef oldstride, IntArrayRef newshape,
                   int64_t* newstride);

/* PyTorch 1.13: c10/core/TensorImpl.h compute_non_overlapping_and_dense */
bool Tensor_isNonOverlappingAndDense(const Tensor* t);

/* "torch.FloatTensor", as Tensor::toString() names a CPU tensor's type.
 * PyTorch 1.13: aten/src/ATen/core/Tensor.cpp TensorBase::toString */
const char* Tensor_typeString(const Tensor* t);

#endif
