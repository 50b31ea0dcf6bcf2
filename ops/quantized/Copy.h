/*
 * Copy.h (quantized) - copy_'s quantized branches, for ops/Copy.c.
 * PyTorch 1.13: aten/src/ATen/native/Copy.cpp copy_impl, native/quantized/Copy.cpp
 */
#ifndef MINATEN_OPS_QUANTIZED_COPY_H
#define MINATEN_OPS_QUANTIZED_COPY_H

#include "runtime/TensorImpl.h"

/*
 * self.copy_(src) when self or src is quantized: returns 1 when done (self
 * written, and for a quantized src self now shares src's quantizer), 0 when
 * neither is quantized (the caller copies), -1 with PyTorch's RuntimeError.
 * To be called by at_native_copy_ after its early exits (self is src, same
 * data), as copy_impl does.
 */
int quantized_copy_(Tensor* self, const Tensor* src);

#endif
