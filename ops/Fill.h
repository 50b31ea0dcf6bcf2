/*
 * Fill.h - what fill_ shares with the other kernels that take a 0-dim value
 * tensor (masked_fill_'s Tensor forms).
 *
 * PyTorch 1.13: aten/src/ATen/native/Fill.cpp
 */
#ifndef MINATEN_OPS_FILL_H
#define MINATEN_OPS_FILL_H

#include "runtime/Scalar.h"
#include "runtime/TensorImpl.h"

/*
 * value.item() of a one-element tensor: a double for floating dtypes, an
 * int64 for integers, a bool for bool, and the dequantized value (a double)
 * for a quantized tensor.  No checks: the caller checked value.dim() == 0.
 * PyTorch 1.13: aten/src/ATen/native/Scalar.cpp at::native::item
 */
Scalar item_scalar(const Tensor* t);

#endif
