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
#include "ops/cpu/CopyKernel.h"
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
 * overlapping tensors] in Copy.c).  Pure: it runs on any thread, its
 * context made by CopyLoop_make on the calling thread.
 * PyTorch 1.13: native/cpu/CopyKernel.cpp direct_copy_kernel, copy_kernel */
typedef struct CopyLoop {
  ScalarType dst_type, src_type;
  int ntensors;
  bool may_overlap;
  transpose_4_fn transpose_4; /* the capability's transposed copy (transpose_4_stub), chosen before the walk */
  /* the math bits of source and destination differ: each copied element
   * is conjugated (complex only) and/or negated after its conversion */
  bool conj, neg;
} CopyLoop;
CopyLoop CopyLoop_make(ScalarType dst_type, ScalarType src_type, int ntensors, bool may_overlap);
void copy_loop2d(void* ctx, char** data, const int64_t* strides, int64_t size0, int64_t size1);

/* copy_ of one view into another of one dtype, given as data pointers and
 * byte strides over shape (ndim dims): the views 1.13 makes with narrow,
 * unfold or as_strided and copies into (repeat's unfolded result, roll's
 * narrowed pieces, which its cat copies).  The destination must not
 * overlap itself or the source.  copy_'s TensorIterator over the two
 * (ops/TensorIterator.h initStrided) and copy_loop2d, on the intra-op
 * threads above the grain.
 * PyTorch 1.13: native/Copy.cpp copy_impl, native/cpu/CopyKernel.cpp direct_copy_kernel */
void copy_as_strided(char* dst, const int64_t* dst_strides, const char* src, const int64_t* src_strides,
                     const int64_t* shape, int64_t ndim, ScalarType dtype);

#endif
