/*
 * ExpandUtils.h - broadcasting: the common shape of two operands.
 *
 * Shapes are aligned at their last dimension; each pair of sizes must be
 * equal or one of them 1, and the result takes the larger.  A mismatch is
 * PyTorch's error, naming the rightmost dimension that fails.  (expand's
 * view geometry, inferExpandGeometry, is with the view in TensorShapeViews.c.)
 *
 * The way back, for gradients: a gradient of a broadcast operator has the
 * broadcast shape, and the autograd engine (validate_outputs) and the
 * backward formulas reduce it to the shape of the input it is for with
 * sum_to.  The trace shows what 1.13's does: one aten::sum.dim_IntList with
 * keepdim over the broadcast dimensions, then aten::view if leading
 * dimensions were added.
 *
 * PyTorch 1.13: aten/src/ATen/ExpandUtils.h, ExpandUtils.cpp
 */
#ifndef MINATEN_OPS_EXPANDUTILS_H
#define MINATEN_OPS_EXPANDUTILS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "runtime/ArrayRef.h"
#include "runtime/TensorImpl.h"

/* The broadcast shape of a and b into out (ndim entries), or -1 with
 * PyTorch's "The size of tensor a (3) must match ..." error.
 * PyTorch 1.13: aten/src/ATen/ExpandUtils.cpp infer_size */
int broadcast_shape(IntArrayRef a, IntArrayRef b, int64_t* out, size_t* ndim);

/* Whether a tensor of sizes `shape` broadcasts to `desired`.
 * PyTorch 1.13: aten/src/ATen/ExpandUtils.h is_expandable_to */
bool is_expandable_to(IntArrayRef shape, IntArrayRef desired);

/* `tensor` summed to `shape` (which it must be expandable from: the caller
 * checked is_expandable_to(shape, tensor's sizes)); a new reference (tensor
 * itself, retained, when there is nothing to sum), or NULL with the error set.
 * PyTorch 1.13: aten/src/ATen/ExpandUtils.h sum_to */
Tensor* sum_to(const Tensor* tensor, IntArrayRef shape);

#endif
