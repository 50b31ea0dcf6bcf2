/*
 * AccumulateGrad.h - the node that ends every backward path at a leaf: it
 * adds the gradient it receives into the leaf's `.grad`.
 *
 * It holds its leaf strongly (weakly while the leaf has a grad_fn: Note [A
 * leaf moved into the graph interior] below); the leaf's AutogradMeta
 * points back at it weakly (`grad_accumulator`), so the pair makes no
 * cycle: the node lives as
 * long as a graph refers to it (next_edges of the nodes of the leaf's
 * consumers), and its destroy clears the leaf's pointer.  A later use of the
 * leaf then makes a new one (grad_accumulator, autograd/variable.h).
 *
 * Its sequence number is UINT64_MAX: the engine runs it as soon as it is
 * ready, before any other ready node.
 *
 * How the gradient is stored (1.13's accumulateGrad, visible in the trace):
 *   - no grad yet, grad mode off (a first-order backward), and nobody else
 *     holds the incoming gradient (refcount 1: the engine's input buffer) and
 *     it has the leaf's strides (the "gradient layout contract"): stolen, as
 *     `new_grad.detach()` (the trace shows aten::detach twice, see Note
 *     [Non-differentiable views and the trace]);
 *   - no grad yet otherwise: a copy with the leaf's strides
 *     (`new_empty_strided(...).copy_(new_grad)`);
 *   - a grad already, grad mode off: in place, `grad += new_grad` (aten::add_);
 *   - a grad already, grad mode on (create_graph=True): out of place,
 *     `grad = grad + new_grad` (aten::add), so the sum has a history.
 *
 * PyTorch 1.13: torch/csrc/autograd/functions/accumulate_grad.h,
 * accumulate_grad.cpp, torch/csrc/autograd/utils/grad_layout_contract.h
 */
#ifndef MINATEN_AUTOGRAD_FUNCTIONS_ACCUMULATEGRAD_H
#define MINATEN_AUTOGRAD_FUNCTIONS_ACCUMULATEGRAD_H

#include "autograd/Node.h"

/* PyTorch 1.13: torch/csrc/autograd/functions/accumulate_grad.h AccumulateGrad */
typedef struct AccumulateGrad {
  Node base;
  /* the leaf: owned; weak while it has a grad_fn, NULL once such a leaf is
   * gone (Note [A leaf moved into the graph interior]) */
  Tensor* variable;
  bool owns_variable;
} AccumulateGrad;

extern const NodeType AccumulateGrad_type;

/*
 * Note [A leaf moved into the graph interior]
 * An operator whose result is its input (lift_fresh, dequantize of a float
 * tensor) gives that tensor a grad_fn even when it is a leaf that requires
 * grad: 1.13 allows it (set_history does not look), and the leaf's
 * AccumulateGrad, already made for the node's next edge, then refuses
 * every gradient ("leaf variable has been moved into the graph
 * interior").  The tensor now holds its grad_fn, whose edge holds the
 * AccumulateGrad, which holds the tensor: a cycle, which 1.13 leaks.
 * NB(minaten): no leak.  While its leaf has a grad_fn, the AccumulateGrad
 * holds the leaf weakly (set_gradient_edge calls
 * AccumulateGrad_weakenVariable, and AccumulateGrad_strengthenVariable when
 * detach_() takes the grad_fn away again); the leaf's last release forgets
 * it (AccumulateGrad_forgetVariable), and a gradient reaching the node
 * after that gets the same error, as it would have from the leaked leaf.
 * The only thing 1.13 shows that minaten cannot is `variable` of such a
 * node once nobody else holds the tensor: None instead of the tensor.
 */
void AccumulateGrad_weakenVariable(Node* self);
void AccumulateGrad_strengthenVariable(Node* self);
void AccumulateGrad_forgetVariable(Node* self);

/* A new AccumulateGrad for the leaf `variable` (retained), refcount 1;
 * NULL with the error set.  The caller records it in the leaf's
 * grad_accumulator (grad_accumulator in autograd/variable.c does).
 * PyTorch 1.13: accumulate_grad.cpp AccumulateGrad::AccumulateGrad */
Node* AccumulateGrad_new(Tensor* variable);

#endif
