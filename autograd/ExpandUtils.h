/*
 * ExpandUtils.h - summing a broadcast gradient back to an input's shape.
 *
 * A gradient of a broadcast operator has the broadcast shape; the engine
 * (validate_outputs) and the backward formulas reduce it to the shape of the
 * input it is for.  The trace shows what 1.13's does: one aten::sum.dim_IntList
 * with keepdim over the broadcast dimensions, then aten::view if leading
 * dimensions were added.
 *
 * NB(minaten): ATen keeps these beside expand (aten/src/ATen/ExpandUtils.h);
 * here they sit with their only callers, autograd/, until ops/ needs them.
 *
 * PyTorch 1.13: aten/src/ATen/ExpandUtils.h sum_to, is_expandable_to
 */
#ifndef MINATEN_AUTOGRAD_EXPANDUTILS_H
#define MINATEN_AUTOGRAD_EXPANDUTILS_H

#include <stdbool.h>

#include "runtime/TensorImpl.h"

/* Whether a tensor of sizes `shape` broadcasts to `desired`.
 * PyTorch 1.13: aten/src/ATen/ExpandUtils.h is_expandable_to */
bool is_expandable_to(IntArrayRef shape, IntArrayRef desired);

/* `tensor` summed to `shape` (which it must be expandable from: the caller
 * checked is_expandable_to(shape, tensor's sizes)); a new reference (tensor
 * itself, retained, when there is nothing to sum), or NULL with the error set.
 * PyTorch 1.13: aten/src/ATen/ExpandUtils.h sum_to */
Tensor* sum_to(const Tensor* tensor, IntArrayRef shape);

#endif
