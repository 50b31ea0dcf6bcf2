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
 * Returns 1 when it resized output, 0 when output had the shape already, or
 * -1 with the error set (PyTorch's bool, and its exception).
 * PyTorch 1.13: aten/src/ATen/native/Resize.cpp resize_output
 */
int resize_output(Tensor* output, IntArrayRef shape);

/*
 * resize_output as a CompositeImplicitAutograd kernel meets it: the same
 * check and warning, the resize through the dispatcher (at_resize_), so
 * that a trace shows aten::resize_ where 1.13's does.  Returns as
 * resize_output.
 * PyTorch 1.13: aten/src/ATen/native/Resize.cpp resize_output (`output.resize_(shape)`)
 */
int resize_output_dispatched(Tensor* output, IntArrayRef shape);

/*
 * The out= tensor of a structured kernel whose meta function computed the
 * result's strides (a TensorIterator's layout that follows its inputs):
 * resize_output, and only when that resized output, output restrided to
 * strides (as many as shape), so `torch.neg(x.t(), out=torch.empty(0))`
 * leaves out laid out like x.t().  An output that had the shape already
 * keeps its own strides (they are advisory).  Returns what resize_output
 * returns.
 * PyTorch 1.13: the generated structured kernels' resize_out (RegisterCPU.cpp:
 * `if (resized) out.as_strided_(sizes, strides)`)
 */
int resize_output_restrided(Tensor* output, IntArrayRef shape, IntArrayRef strides);

/*
 * The two dtype checks of an out= tensor, each 0 or -1 with PyTorch's
 * RuntimeError:
 *   check_out_same_dtype  an iterator that wants every operand of one dtype
 *                         (neg, abs, rounding, pow, clamp):
 *                         "Found dtype Long but expected Float"
 *   check_out_dtype       a structured kernel's output (reductions, mm):
 *                         "Expected out tensor to have dtype float, but got
 *                         double instead", in caffe2::TypeMeta's names
 * PyTorch 1.13: aten/src/ATen/TensorIterator.cpp compute_types
 * (check_all_same_dtype), the generated structured set_output (resize_out)
 */
int check_out_same_dtype(const Tensor* out, ScalarType expected);
int check_out_dtype(const Tensor* out, ScalarType expected);

/*
 * The out= form of an operator minaten computes functionally: out is
 * resized to result's shape, taking result's strides when it was resized
 * (resize_output_restrided: the functional result is laid out as the
 * structured meta function lays out a resized out), and result copied into it,
 * converting to out's dtype.  Takes result (released, NULL passes the
 * error on); returns a new reference to out, or NULL with the error set.
 * NB(minaten): PyTorch's out= kernels compute into out directly; the
 * values are the same, with one copy more.
 */
Tensor* resize_and_copy_out(Tensor* out, Tensor* result);

#endif
