/*
 * autograd_not_implemented_fallback.h - the Autograd kernel of an operator
 * that has no derivative formula.
 *
 * An operator with a kernel below autograd but no derivatives.yaml entry
 * (floor_divide, remainder.Scalar_Tensor) still records a node when an
 * input requires grad: a NotImplemented node whose next edges are the
 * inputs that require grad, given as history to every output of a
 * differentiable dtype.  The output requires grad, and a backward that
 * reaches the node raises "derivative for aten::floor_divide is not
 * implemented".  An integral, boolean or quantized output (lt, argmax) gets
 * no history, so it does not require grad.  An operator that writes
 * (floor_divide_ its self, floor_divide.out its out) is refused where any
 * in-place write under autograd is (check_inplace: an out that is a leaf
 * requiring grad too), and the tensor it wrote gets the node by
 * rebase_history (through a view: CopySlices on its base).  Operators whose result depends
 * only on their input's shape (ones_like) are exempt and fall through
 * (tools/codegen/gen_autograd.c decides which operators get this kernel).
 *
 * One boxed kernel serves every such operator, as in 1.13.
 *
 * PyTorch 1.13: torch/csrc/autograd/autograd_not_implemented_fallback.cpp
 * autogradNotImplementedFallbackImpl
 */
#ifndef MINATEN_AUTOGRAD_AUTOGRAD_NOT_IMPLEMENTED_FALLBACK_H
#define MINATEN_AUTOGRAD_AUTOGRAD_NOT_IMPLEMENTED_FALLBACK_H

#include "dispatch/KernelFunction.h"

int autogradNotImplementedFallback(const KernelFunction* kernel, const OperatorEntry* op, DispatchKeySet ks,
                                   IValue* args, IValue* rets);

#endif
