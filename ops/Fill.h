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
 * Every element of self set to value, converted to self's dtype without
 * fill_'s overflow check (the caller's value fits: a reduction's identity);
 * nothing in a shape run (ops/MetaMode.h).  For kernels that start their
 * output from a value, as 1.13's call output.fill_(ident) below the
 * dispatcher (no trace of its own).
 * PyTorch 1.13: aten/src/ATen/native/cpu/FillKernel.cpp fill_kernel
 */
void fill_kernel(Tensor* self, Scalar value);

/*
 * value.item() of a one-element tensor: a double for floating dtypes, an
 * int64 for integers, a bool for bool, and the dequantized value (a double)
 * for a quantized tensor.  No checks: the caller checked value.dim() == 0.
 * PyTorch 1.13: aten/src/ATen/native/Scalar.cpp at::native::item
 */
Scalar item_scalar(const Tensor* t);

#endif
