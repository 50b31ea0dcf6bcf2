/*
 * IndexKernel.h - the masked_fill walk that the CPU and the quantized
 * masked_fill_ share; see ops/Indexing.c.
 * PyTorch 1.13: aten/src/ATen/native/IndexKernel.h (masked_fill_stub),
 * native/cpu/IndexKernel.cpp (cpu_masked_fill_kernel)
 */
#ifndef MINATEN_OPS_INDEXKERNEL_H
#define MINATEN_OPS_INDEXKERNEL_H

#include <stddef.h>

#include "runtime/TensorImpl.h"

/* Stores the size bytes at value (the fill value as self's dtype stores
 * it) into every element of self whose mask element (mask broadcast to
 * self's shape) is set: a bool mask's nonzero byte, or the unsigned byte
 * at a non-bool mask's element, which must be 0 or 1.  0, or -1 with 1.13's
 * "Mask tensor can take 0 and 1 values only" set (the elements before the
 * bad one are filled).
 * NB(minaten): walked on one thread, the loop raising its error (1.13
 * splits the walk over its threads, which changes only which elements are
 * filled before the error).
 * PyTorch 1.13: native/cpu/IndexKernel.cpp cpu_masked_fill_kernel (mask_t bool or unsigned char) */
int cpu_masked_fill_kernel(Tensor* self, const Tensor* mask, const void* value, size_t size);

#endif
