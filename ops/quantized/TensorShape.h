/*
 * TensorShape.h (quantized) - the pieces of PyTorch's quantized branch of
 * select and slice, for the view kernels in ops/TensorShapeViews.c.
 * PyTorch 1.13: aten/src/ATen/native/TensorShape.cpp
 */
#ifndef MINATEN_OPS_QUANTIZED_TENSORSHAPE_H
#define MINATEN_OPS_QUANTIZED_TENSORSHAPE_H

#include <stdbool.h>

#include "runtime/TensorImpl.h"

/*
 * The quantizer of self.select(dim, start) (is_select) or
 * self.slice(dim, start, end, step): self's own for per-tensor; for
 * per-channel, the kept channels' scales when dim is the axis, per-tensor
 * when one channel is left, and select lowers the axis by one (PyTorch's,
 * whatever dim).  New reference, or NULL + "a Tensor with 0 elements cannot
 * be converted to Scalar" when no channel is left.
 * PyTorch 1.13: aten/src/ATen/native/TensorShape.cpp create_subtensor_quantizer
 */
Quantizer* create_subtensor_quantizer(const Tensor* self, bool is_select, int64_t start, int64_t end,
                                      int64_t dim, int64_t step);

/*
 * as_strided with a given quantizer (as_strided_tensorimpl's checks), not a
 * dispatched operator, as in PyTorch.  New reference or NULL.
 * PyTorch 1.13: aten/src/ATen/native/TensorShape.cpp as_strided_qtensorimpl (with quantizer)
 */
Tensor* as_strided_qtensorimpl_with_quantizer(const Tensor* self, IntArrayRef size, IntArrayRef stride,
                                              int64_t storage_offset, Quantizer* quantizer);

#endif
