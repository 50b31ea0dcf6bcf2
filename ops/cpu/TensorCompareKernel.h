/*
 * TensorCompareKernel.h - the stub of where's vector loop; see
 * TensorCompareKernel.c.
 * PyTorch 1.13: aten/src/ATen/native/TensorCompare.h (where_kernel)
 */
#ifndef MINATEN_OPS_CPU_TENSORCOMPAREKERNEL_H
#define MINATEN_OPS_CPU_TENSORCOMPAREKERNEL_H

#include <stdint.h>

#include "ops/DispatchStub.h"

/* o[i] = cond[i] ? a[i] : b[i] for i < n contiguous floats (cond: bools, or
 * uint8 where any nonzero byte is true), the floats' bits copied. */
typedef void (*where_float_fn)(float* o, const uint8_t* cond, const float* a, const float* b, int64_t n);
DECLARE_DISPATCH(where_float_fn, where_float_stub); /* defined in ops/TensorCompare.c */

#endif
