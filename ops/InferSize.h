/*
 * InferSize.h - resolving the `-1` of a requested shape.
 * PyTorch 1.13: aten/src/ATen/InferSize.h
 */
#ifndef MINATEN_OPS_INFERSIZE_H
#define MINATEN_OPS_INFERSIZE_H

#include "runtime/ArrayRef.h"

/*
 * Copies `shape` into out (at least shape.size entries) with at most one -1
 * replaced so that the product is numel.  Returns 0, or -1 with PyTorch's
 * RuntimeError ("only one dimension can be inferred", "invalid shape
 * dimension -2", "shape '[4]' is invalid for input of size 6", or the
 * ambiguity of -1 with zero elements).
 * PyTorch 1.13: aten/src/ATen/InferSize.h infer_size_impl
 */
int infer_size(IntArrayRef shape, int64_t numel, int64_t* out);

/* The same for a SymInt shape (reshape's): a partial product of the sizes
 * that is not a valid SymInt fails "Expected !is_symbolic() to be true, but
 * got false. ..." (reshape(2**62, 2, -1)), where the int version lets it wrap.
 * PyTorch 1.13: aten/src/ATen/InferSize.h infer_size_dv (SymIntArrayRef) */
int infer_size_symint(IntArrayRef shape, int64_t numel, int64_t* out);

#endif
