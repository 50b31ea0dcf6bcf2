/*
 * Copy.h - copy_'s loop, for the operators that end in a copy.
 * (Element conversion is runtime/TypeCast.h.)
 * PyTorch 1.13: aten/src/ATen/native/Copy.cpp
 */
#ifndef MINATEN_OPS_COPY_H
#define MINATEN_OPS_COPY_H

#include <stdbool.h>
#include <stdint.h>

#include "runtime/Scalar.h"
#include "runtime/TensorImpl.h"

/* copy_'s work after its early exits and quantized branches: the overlap
 * checks, broadcasting src to self's shape, conversion and the loop, for
 * tensors of one device (CPU).  Returns 0 or -1 with PyTorch's error set.
 * PyTorch 1.13: aten/src/ATen/native/Copy.cpp copy_impl (from the TensorIterator on) */
int copy_into(Tensor* self, const Tensor* src);

/* copy_'s loop over one tile of a TensorIterator walk (a loop2d_t,
 * ops/TensorIterator.h): operand 1's elements, of src_type, into operand
 * 0's, of dst_type (converted with PyTorch's casts), for an iterator of
 * ntensors operands (those after the first two are not read: flip's dummy
 * input).  may_overlap: the two may share memory (see Note [copy_ of
 * overlapping tensors] in Copy.c).  Pure: it runs on any thread.
 * PyTorch 1.13: native/cpu/CopyKernel.cpp direct_copy_kernel, copy_kernel */
typedef struct CopyLoop {
  ScalarType dst_type, src_type;
  int ntensors;
  bool may_overlap;
} CopyLoop;
void copy_loop2d(void* ctx, char** data, const int64_t* strides, int64_t size0, int64_t size1);

#endif
