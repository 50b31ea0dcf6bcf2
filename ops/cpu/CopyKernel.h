/*
 * CopyKernel.h - the stub of the transposed copy of 4-byte elements; see
 * CopyKernel.c.
 * PyTorch 1.13: aten/src/ATen/native/Copy.cpp (copy_same_type_transpose_)
 */
#ifndef MINATEN_OPS_CPU_COPYKERNEL_H
#define MINATEN_OPS_CPU_COPYKERNEL_H

#include <stdint.h>

#include "ops/DispatchStub.h"

/* The transposed copy of 4-byte elements (ops/Copy.c): element (i, j) of an
 * n0 x n1 block, self's at d + i*d0 + j*4, src's at s + i*4 + j*s1 (byte
 * strides; i is src's unit-stride dimension, j self's). */
typedef void (*transpose_4_fn)(char* d, int64_t d0, const char* s, int64_t s1, int64_t n0, int64_t n1);
DECLARE_DISPATCH(transpose_4_fn, transpose_4_stub); /* defined in ops/Copy.c */

#endif
