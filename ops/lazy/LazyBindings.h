/*
 * LazyBindings.h - the Lazy backend's public face for the Python bindings
 * (csrc/utils/tensor_str.c, csrc/lazy/): the two things a script reaches besides
 * operators, without the backend's internals (LazyTensor.h, LazyIr.h).
 *
 *   printing a lazy tensor   torch/_tensor_str.py _str_intern does
 *                            `self.to("cpu")`: the graph runs and the data
 *                            comes back (LazyTensor::ToTensor);
 *   lazy_ir(t)               torch._C._lazy._get_tensors_text([t]), the IR
 *                            of the tensor's value as text.
 *
 * Neither appears in the trace: PyTorch runs them below the Python key.
 * PyTorch 1.13: torch/csrc/lazy/python/init.cpp (initLazyBindings),
 * torch/csrc/lazy/core/tensor.h (LazyTensor::ToTensor)
 */
#ifndef MINATEN_OPS_LAZY_LAZYBINDINGS_H
#define MINATEN_OPS_LAZY_LAZYBINDINGS_H

#include <stdio.h>

#include "runtime/TensorImpl.h"

/* Runs the graph of lazy tensor t and returns its value as a CPU tensor (a
 * new reference; never write to it).  NULL + error if a kernel failed. */
Tensor* LazyBindings_toCpu(Tensor* t);
/* Writes the IR of lazy tensor t's value to out (_get_tensors_text,
 * without the NodeType= suffixes).  0, or -1 + error if rebuilding the
 * value failed. */
int LazyBindings_getTensorsText(FILE* out, Tensor* t);

#endif
