/*
 * tensor.h - CopySlices: the grad_fn a base gets when one of its views is
 * written in place under autograd (rebase_history, autograd/variable.c).
 *
 * `y = x * 2; v = y[0]; v.mul_(3)`: mul_'s node (MulBackward0) computes the
 * gradient of the view; y's history is now "y, with the slice v replaced by
 * MulBackward0 of the old slice".  CopySlices wraps the in-place node `fn`:
 * its input is the gradient of the whole base; it copies it into a fresh
 * tensor of the base's geometry (`result`), takes the slice of the view
 * (as_strided with the view's geometry relative to the base's, or, for a
 * view with a replay, the replay on result: a lazy one), runs fn on
 * a contiguous clone of that slice, writes fn's first gradient back into the
 * slice, and sends `result` to the base's old history (edge 0) and fn's other
 * gradients to fn's other edges.  Node::name() prints
 * "torch::autograd::CopySlices".
 *
 * PyTorch 1.13: torch/csrc/autograd/functions/tensor.h CopySlices,
 * tensor.cpp, Note [View + Inplace update for base tensor]
 */
#ifndef MINATEN_AUTOGRAD_FUNCTIONS_TENSOR_H
#define MINATEN_AUTOGRAD_FUNCTIONS_TENSOR_H

#include "autograd/FunctionsManual.h"
#include "autograd/Node.h"

typedef struct CopySlices {
  Node base_node;
  TensorGeometry base; /* the base's geometry */
  TensorGeometry view; /* the view's */
  struct ViewFunc* view_fn; /* held; NULL: the view's geometry finds the slice */
  Node* fn;            /* owned; NULL after release_variables */
} CopySlices;

extern const NodeType CopySlices_type;

/*
 * A CopySlices for the base `base_var` and the view `view` written in place
 * by `fn` (one more reference taken), replayed by view_fn (NULL, or one
 * more reference taken): its input is the base's metadata, its
 * next edges the base's gradient edge and fn's edges after the first.
 * NULL with a RuntimeError (out of memory).
 * PyTorch 1.13: torch/csrc/autograd/functions/tensor.cpp CopySlices::CopySlices
 */
Node* CopySlices_new(const Tensor* base_var, const Tensor* view, const struct ViewFunc* view_fn, Node* fn);

/*
 * CopyBackwards: the grad_fn of `self.copy_(src)` under autograd.  Edge 0
 * (self's old history) gets zeros, edge 1 (src) the gradient converted to
 * src's dtype and device.  Node::name() prints "torch::autograd::CopyBackwards".
 * PyTorch 1.13: torch/csrc/autograd/functions/tensor.h CopyBackwards
 */
typedef struct CopyBackwards {
  Node base;
  ScalarType src_dtype; /* 1.13's src_options */
  Device src_device;
} CopyBackwards;

extern const NodeType CopyBackwards_type;

#endif
