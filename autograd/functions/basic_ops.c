/*
 * basic_ops.c - GraphRoot, Identity and NotImplemented; see basic_ops.h.
 * PyTorch 1.13: torch/csrc/autograd/functions/basic_ops.h, basic_ops.cpp
 */
#include "autograd/functions/basic_ops.h"

#include <stdlib.h>
#include <string.h>

#include "runtime/Exception.h"

/* PyTorch 1.13: basic_ops.h GraphRoot::apply (returns its outputs) */
static int GraphRoot_apply(Node* self, Tensor* const* grads, Tensor** grad_inputs) {
  (void)grads;
  GraphRoot* root = (GraphRoot*)self;
  for (uint32_t i = 0; i < self->num_next_edges; i++)
    grad_inputs[i] = root->outputs[i] != NULL ? Tensor_retain(root->outputs[i]) : NULL;
  return 0;
}

static void GraphRoot_destroy(Node* self) {
  GraphRoot* root = (GraphRoot*)self;
  if (root->outputs == NULL) return;
  for (uint32_t i = 0; i < self->num_next_edges; i++) Tensor_release(root->outputs[i]);
  free(root->outputs);
}

const NodeType GraphRoot_type = {
    .name = "torch::autograd::GraphRoot",
    .apply = GraphRoot_apply,
    .release_variables = NULL,
    .destroy = GraphRoot_destroy,
};

Node* GraphRoot_new(Edge* functions, Tensor* const* inputs, uint32_t n) {
  GraphRoot* root = (GraphRoot*)Node_new(&GraphRoot_type, sizeof *root);
  if (root == NULL) {
    for (uint32_t i = 0; i < n; i++) Node_release(functions[i].function);
    return NULL;
  }
  if (Node_set_next_edges(&root->base, functions, n) < 0) goto fail;
  root->outputs = calloc(n ? n : 1, sizeof *root->outputs);
  TORCH_CHECK_ALLOC(root->outputs != NULL);
  for (uint32_t i = 0; i < n; i++) root->outputs[i] = inputs[i] != NULL ? Tensor_retain(inputs[i]) : NULL;
  return &root->base;
fail:
  Node_release(&root->base);
  return NULL;
}

/* PyTorch 1.13: basic_ops.cpp Identity::apply (its input, unchanged) */
static int Identity_apply(Node* self, Tensor* const* grads, Tensor** grad_inputs) {
  for (uint32_t i = 0; i < self->num_next_edges && i < self->num_inputs; i++)
    grad_inputs[i] = grads[i] != NULL ? Tensor_retain(grads[i]) : NULL;
  return 0;
}

const NodeType Identity_type = {
    .name = "torch::autograd::Identity",
    .apply = Identity_apply,
    .release_variables = NULL,
    .destroy = NULL,
};

Node* Identity_new(void) { return Node_new(&Identity_type, sizeof(Node)); }

/* PyTorch 1.13: basic_ops.cpp Error::apply, with NotImplemented's message */
static int NotImplemented_apply(Node* self, Tensor* const* grads, Tensor** grad_inputs) {
  (void)grads;
  (void)grad_inputs;
  const NotImplemented* n = (const NotImplemented*)self;
  Error_set(ErrorType_RuntimeError, "derivative for %s is not implemented", n->forward_fn);
  return -1;
}

static void NotImplemented_destroy(Node* self) { free(((NotImplemented*)self)->forward_fn); }

const NodeType NotImplemented_type = {
    .name = "torch::autograd::NotImplemented",
    .apply = NotImplemented_apply,
    .release_variables = NULL,
    .destroy = NotImplemented_destroy,
};

Node* NotImplemented_new(const char* forward_fn) {
  NotImplemented* n = (NotImplemented*)Node_new(&NotImplemented_type, sizeof *n);
  if (n == NULL) return NULL;
  n->forward_fn = strdup(forward_fn);
  if (n->forward_fn == NULL) {
    Node_release(&n->base);
    Error_setBadAlloc();
    return NULL;
  }
  return &n->base;
}

/* PyTorch 1.13: basic_ops.cpp Error::apply */
static int ErrorNode_apply(Node* self, Tensor* const* grads, Tensor** grad_inputs) {
  (void)grads;
  (void)grad_inputs;
  Error_set(ErrorType_RuntimeError, "%s", ((const ErrorNode*)self)->msg);
  return -1;
}

static void ErrorNode_destroy(Node* self) { free(((ErrorNode*)self)->msg); }

const NodeType ErrorNode_type = {
    .name = "torch::autograd::Error",
    .apply = ErrorNode_apply,
    .release_variables = NULL,
    .destroy = ErrorNode_destroy,
};

Node* ErrorNode_new(const char* msg) {
  ErrorNode* n = (ErrorNode*)Node_new(&ErrorNode_type, sizeof *n);
  if (n == NULL) return NULL;
  n->msg = strdup(msg);
  if (n->msg == NULL) {
    Node_release(&n->base);
    Error_setBadAlloc();
    return NULL;
  }
  return &n->base;
}
