/*
 * Copy.h - copy_'s loop, for the operators that end in a copy.
 * (Element conversion is runtime/TypeCast.h.)
 * PyTorch 1.13: aten/src/ATen/native/Copy.cpp
 */
#ifndef MINATEN_OPS_COPY_H
#define MINATEN_OPS_COPY_H

#include "runtime/Scalar.h"
#include "runtime/TensorImpl.h"

/* copy_'s work after its early exits and quantized branches: the overlap
 * checks, broadcasting src to self's shape, conversion and the loop, for
 * tensors of one device (CPU).  Returns 0 or -1 with PyTorch's error set.
 * PyTorch 1.13: aten/src/ATen/native/Copy.cpp copy_impl (from the TensorIterator on) */
int copy_into(Tensor* self, const Tensor* src);

#endif
