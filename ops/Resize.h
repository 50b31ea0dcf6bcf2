/*
 * Resize.h - resizing the tensor an out= operator writes into.
 * PyTorch 1.13: aten/src/ATen/native/Resize.h
 */
#ifndef MINATEN_OPS_RESIZE_H
#define MINATEN_OPS_RESIZE_H

#include "runtime/TensorImpl.h"

/*
 * Gives output the shape an out= operator computed, unless it has it already
 * (then its strides stay, so a result can be written through a transposed
 * out).  Resizing an output that holds elements is deprecated: PyTorch warns
 * and resizes anyway, with contiguous strides and storage grown as needed.
 * Returns 0, or -1 with the error set.
 * PyTorch 1.13: aten/src/ATen/native/Resize.cpp resize_output
 */
int resize_output(Tensor* output, IntArrayRef shape);

/*
 * The out= form of an operator minaten computes functionally: out is
 * resized to result's shape (resize_output) and result copied into it,
 * converting to out's dtype.  Takes result (released, NULL passes the
 * error on); returns a new reference to out, or NULL with the error set.
 * NB(minaten): PyTorch's out= kernels compute into out directly; the
 * values are the same, with one copy more.
 */
Tensor* resize_and_copy_out(Tensor* out, Tensor* result);

#endif
