/*
 * basic_ops.h - the engine's own node types.
 *
 * GraphRoot starts a backward from several roots (`torch.autograd.backward
 * ([y, z])`): its next edges are the roots' gradient edges and its apply
 * passes the root gradients on.  A backward from one root skips it and starts
 * at that root's node (1.13's skip_dummy_node).
 *
 * Identity stands for a differentiated input of torch.autograd.grad that has
 * neither a grad_fn nor a live AccumulateGrad: no path of the graph reaches
 * it, so its gradient stays undefined (the allow_unused case).
 *
 * NotImplemented is the grad_fn of an operator that has no derivative
 * formula (not in yaml/derivatives.yaml, not exempt): the forward records
 * it, so the output requires grad, and a backward reaching it raises
 * "derivative for X is not implemented", X the name its maker gave: the
 * boxed fallback the operator's name, `aten::floor_divide`, a generated
 * kernel the C++ name, `dequantize` (tools/codegen/gen_autograd.c
 * no_formula_kernel says which operator gets which).
 *
 * All take a sequence number, as in 1.13 (Node's default constructor).
 *
 * PyTorch 1.13: torch/csrc/autograd/functions/basic_ops.h
 */
#ifndef MINATEN_AUTOGRAD_FUNCTIONS_BASIC_OPS_H
#define MINATEN_AUTOGRAD_FUNCTIONS_BASIC_OPS_H

#include "autograd/Node.h"

/* PyTorch 1.13: torch/csrc/autograd/functions/basic_ops.h GraphRoot */
typedef struct GraphRoot {
  Node base;
  Tensor** outputs; /* owned, num_next_edges entries (NULL allowed) */
} GraphRoot;

extern const NodeType GraphRoot_type;
extern const NodeType Identity_type;
extern const NodeType NotImplemented_type;
extern const NodeType ErrorNode_type;

/* PyTorch 1.13: torch/csrc/autograd/functions/basic_ops.h NotImplemented */
typedef struct NotImplemented {
  Node base;
  char* forward_fn; /* "aten::floor_divide", "dequantize" (owned) */
} NotImplemented;

/* A GraphRoot whose next edges are `functions` (taken over, n entries) and
 * whose outputs are `inputs` (retained).  NULL with the error set (the
 * edges' references then released).
 * PyTorch 1.13: basic_ops.h GraphRoot::GraphRoot */
Node* GraphRoot_new(Edge* functions, Tensor* const* inputs, uint32_t n);

/* PyTorch 1.13: basic_ops.h Identity (std::make_shared<Identity>()) */
Node* Identity_new(void);

/* A NotImplemented node for the forward function named forward_fn (copied),
 * NULL with the error set.
 * PyTorch 1.13: basic_ops.h NotImplemented::NotImplemented */
Node* NotImplemented_new(const char* forward_fn);

/* PyTorch 1.13: torch/csrc/autograd/functions/basic_ops.h Error.
 * NB(minaten): named ErrorNode here, as Error_* is the error indicator
 * (runtime/Exception.h); the node still prints as torch::autograd::Error. */
typedef struct ErrorNode {
  Node base;
  char* msg; /* owned */
} ErrorNode;

/* An Error node raising a RuntimeError with msg (copied) when the engine
 * runs it (what @once_differentiable's outputs get as grad_fn); NULL with
 * the error set.  PyTorch 1.13: basic_ops.h Error::Error */
Node* ErrorNode_new(const char* msg);

#endif
