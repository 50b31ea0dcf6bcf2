/*
 * BackendSelect.h - the kernel that picks a backend for factory functions.
 *
 * `torch.zeros(2, 3)` has no tensor argument, so its key set holds only the
 * thread-local keys; BackendSelect is among them.  Operators with tensor
 * options (a `Device? device` argument) register this boxed kernel at
 * BackendSelect: it computes the backend key from the `dtype` and `device`
 * arguments (cpu -> CPU, quantized dtype on cpu -> QuantizedCPU, lazy -> Lazy)
 * and redispatches with that key, together with the keys of any tensor
 * arguments the factory also takes (`empty_quantized(size, qtensor)`), the
 * thread-local included/excluded keys applied, and only the keys after
 * BackendSelect kept.  Every other operator passes BackendSelect by
 * fallthrough.
 *
 * NB(minaten): PyTorch generates one typed BackendSelect kernel per factory
 * (RegisterBackendSelect.cpp); minaten has one boxed kernel, driven by the
 * schema, which is registered once per factory by the generated
 * RegisterBackendSelect.c.
 *
 * PyTorch 1.13: torchgen/gen_backend_select.py, c10/core/TensorOptions.h computeDispatchKey
 */
#ifndef MINATEN_DISPATCH_BACKENDSELECT_H
#define MINATEN_DISPATCH_BACKENDSELECT_H

#include "dispatch/KernelFunction.h"

int BackendSelect_boxedKernel(const KernelFunction* kernel, const OperatorEntry* op,
                              DispatchKeySet ks, IValue* args, IValue* rets);

#endif
