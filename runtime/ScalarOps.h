/*
 * ScalarOps.h - a Python number as a 0-dim tensor.
 *
 * When an operator that takes a Tensor is given a Python number (`a + 2`,
 * `torch.add(a, 2)`), PyTorch wraps the number in a 0-dim CPU tensor marked
 * as a *wrapped number*, which type promotion ranks below every tensor
 * (result_type: dimensioned tensors > 0-dim tensors > wrapped numbers).
 * Kernels and the front end's argument parsers both make these, so it lives
 * here, below both.
 *
 * PyTorch 1.13: aten/src/ATen/ScalarOps.h (c10::scalar_to_tensor,
 * at::native::wrapped_scalar_tensor), whose CPU path allocates directly
 * (scalar_tensor_static) rather than through an operator, so nothing is
 * traced.
 */
#ifndef MINATEN_RUNTIME_SCALAROPS_H
#define MINATEN_RUNTIME_SCALAROPS_H

#include "runtime/Scalar.h"
#include "runtime/TensorImpl.h"

/* A new 0-dim CPU tensor holding s in its own dtype (int64, float64 or
 * bool), marked as a wrapped number; NULL with the error on OOM.
 * PyTorch 1.13: aten/src/ATen/ScalarOps.h wrapped_scalar_tensor */
Tensor* wrapped_scalar_tensor(Scalar s);

#endif
