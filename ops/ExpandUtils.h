/*
 * ExpandUtils.h - broadcasting: the common shape of two operands.
 *
 * Shapes are aligned at their last dimension; each pair of sizes must be
 * equal or one of them 1, and the result takes the larger.  A mismatch is
 * PyTorch's error, naming the rightmost dimension that fails.  (expand's
 * view geometry, inferExpandGeometry, is with the view in TensorShapeViews.c.)
 *
 * PyTorch 1.13: aten/src/ATen/ExpandUtils.h, ExpandUtils.cpp
 */
#ifndef MINATEN_OPS_EXPANDUTILS_H
#define MINATEN_OPS_EXPANDUTILS_H

#include <stddef.h>
#include <stdint.h>

#include "runtime/ArrayRef.h"

/* The broadcast shape of a and b into out (ndim entries), or -1 with
 * PyTorch's "The size of tensor a (3) must match ..." error.
 * PyTorch 1.13: aten/src/ATen/ExpandUtils.cpp infer_size */
int broadcast_shape(IntArrayRef a, IntArrayRef b, int64_t* out, size_t* ndim);

#endif
