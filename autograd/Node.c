/*
 * Node.c - backward graph nodes; see Node.h.
 *
 * Note [Deleting a deep graph]
 * ~~~~~~~~~~~~~~~~~~~~~~~~~~~~
 * A chain of a million operators is a chain of a million nodes, each holding
 * the next through its next_edges.  Releasing the first recursively would
 * recurse a million frames deep.  As 1.13's deleteNode does, the last
 * release of a node moves the next edges it holds the only reference to onto
 * an explicit stack and frees them in a loop.
 *
 * PyTorch 1.13: torch/csrc/autograd/function.cpp, function.h,
 * input_metadata.h, aten/src/ATen/SequenceNumber.cpp
 */
#include "autograd/Node.h"

#include <stdlib.h>
#include <string.h>

#include "Functions.h"
#include "autograd/anomaly_mode.h"
#include "runtime/Exception.h"

/* PyTorch 1.13: aten/src/ATen/SequenceNumber.cpp sequence_nr_ (thread_local) */
static _Thread_local uint64_t sequence_nr_ = 0;

uint64_t sequence_number_get_and_increment(void) { return sequence_nr_++; }

uint64_t sequence_number_peek(void) { return sequence_nr_; }

Node* Node_newWithSequenceNr(const NodeType* type, size_t size, uint64_t sequence_nr) {
  TORCH_INTERNAL_ASSERT(size >= sizeof(Node));
  Node* node = calloc(1, size);
  TORCH_CHECK_ALLOC(node != NULL);
  node->type = type;
  node->refcount = 1;
  node->sequence_nr = sequence_nr;
  if (AnomalyMode_is_enabled()) AnomalyMetadata_store_stack(node);
  return node;
fail:
  return NULL;
}

Node* Node_new(const NodeType* type, size_t size) {
  /* NB: the counter advances even if the allocation fails, as 1.13's
   * delegating constructor reads it before the object exists. */
  return Node_newWithSequenceNr(type, size, sequence_number_get_and_increment());
}

/* The node's own memory, once nothing refers to it: its type's fields, its
 * input metadata, its edge array (whose references were moved out). */
void (*Node_releaseMetadata)(Node* node) = NULL;

static void Node_free(Node* node) {
  if (node->metadata != NULL) Node_releaseMetadata(node);
  if (node->type->destroy != NULL) node->type->destroy(node);
  for (uint32_t i = 0; i < node->num_inputs; i++) free(node->input_metadata[i].sizes);
  free(node->input_metadata);
  free(node->retains_grad);
  for (uint32_t i = 0; i < node->num_pre_hooks; i++) FunctionPreHook_destroy(node->pre_hooks[i]);
  free(node->pre_hooks);
  for (uint32_t i = 0; i < node->num_post_hooks; i++) FunctionPostHook_destroy(node->post_hooks[i]);
  free(node->post_hooks);
  free(node->next_edges);
  free(node);
}

/* Moves the next edges of `node` that hold the last reference onto the
 * stack; drops the others.  Returns the stack's new size, or SIZE_MAX when
 * the stack could not grow (the caller then releases recursively).
 * PyTorch 1.13: torch/csrc/autograd/function.cpp gatherFunctions */
static size_t gatherFunctions(Node* node, Node*** stack, size_t size, size_t* capacity) {
  if (node->type->release_variables != NULL) node->type->release_variables(node);
  for (uint32_t i = 0; i < node->num_next_edges; i++) {
    Node* next = node->next_edges[i].function;
    node->next_edges[i].function = NULL;
    if (next == NULL) continue;
    if (next->refcount > 1) {
      next->refcount--;
      continue;
    }
    if (size == *capacity) {
      size_t grown = *capacity ? 2 * *capacity : 16;
      Node** bigger = realloc(*stack, grown * sizeof **stack);
      if (bigger == NULL) { /* out of memory: recurse for this one */
        Node_release(next);
        continue;
      }
      *stack = bigger;
      *capacity = grown;
    }
    (*stack)[size++] = next;
  }
  return size;
}

/* PyTorch 1.13: torch/csrc/autograd/function.cpp deleteNode */
void Node_release(Node* node) {
  if (node == NULL || --node->refcount > 0) return;
  /* See Note [Deleting a deep graph]. */
  Node** stack = NULL;
  size_t size = 0, capacity = 0;
  size = gatherFunctions(node, &stack, size, &capacity);
  Node_free(node);
  while (size > 0) {
    Node* next = stack[--size]; /* its one reference, now ours */
    size = gatherFunctions(next, &stack, size, &capacity);
    Node_free(next);
  }
  free(stack);
}

int Node_set_next_edges(Node* node, Edge* edges, uint32_t n) {
  Edge* copy = NULL;
  if (n > 0) {
    copy = malloc(n * sizeof *copy);
    if (copy == NULL) {
      for (uint32_t i = 0; i < n; i++) Node_release(edges[i].function);
      TORCH_CHECK_ALLOC(false);
    }
    memcpy(copy, edges, n * sizeof *copy);
  }
  for (uint32_t i = 0; i < node->num_next_edges; i++) Node_release(node->next_edges[i].function);
  free(node->next_edges);
  node->next_edges = copy;
  node->num_next_edges = n;
  return 0;
fail:
  return -1;
}

int Node_add_pre_hook(Node* node, FunctionPreHook* hook) {
  FunctionPreHook** bigger = realloc(node->pre_hooks, (node->num_pre_hooks + 1) * sizeof *bigger);
  if (bigger == NULL) FunctionPreHook_destroy(hook);
  TORCH_CHECK_ALLOC(bigger != NULL);
  node->pre_hooks = bigger;
  node->pre_hooks[node->num_pre_hooks++] = hook;
  return 0;
fail:
  return -1;
}

int Node_add_post_hook(Node* node, FunctionPostHook* hook) {
  FunctionPostHook** bigger = realloc(node->post_hooks, (node->num_post_hooks + 1) * sizeof *bigger);
  if (bigger == NULL) FunctionPostHook_destroy(hook);
  TORCH_CHECK_ALLOC(bigger != NULL);
  node->post_hooks = bigger;
  node->post_hooks[node->num_post_hooks++] = hook;
  return 0;
fail:
  return -1;
}

int64_t Node_add_input_metadata(Node* node, const Tensor* t) {
  if (node->num_inputs == node->input_metadata_capacity) {
    uint32_t grown = node->input_metadata_capacity ? 2 * node->input_metadata_capacity : 1;
    InputMetadata* bigger = realloc(node->input_metadata, grown * sizeof *bigger);
    TORCH_CHECK_ALLOC(bigger != NULL);
    node->input_metadata = bigger;
    node->input_metadata_capacity = grown;
  }
  InputMetadata m = {0};
  if (t != NULL) {
    m.defined = true;
    m.dtype = t->dtype;
    m.device = t->device;
    m.dim = t->dim;
    if (t->dim > 0) {
      m.sizes = malloc((size_t)t->dim * sizeof(int64_t));
      TORCH_CHECK_ALLOC(m.sizes != NULL);
      memcpy(m.sizes, t->sizes, (size_t)t->dim * sizeof(int64_t));
    }
  }
  node->input_metadata[node->num_inputs] = m;
  return node->num_inputs++;
fail:
  return -1;
}

/* PyTorch 1.13: torch/csrc/autograd/input_metadata.h InputMetadata::zeros_like */
Tensor* InputMetadata_zeros_like(const InputMetadata* metadata) {
  OptionalScalarType dtype = {true, metadata->dtype};
  OptionalDevice device = {true, metadata->device};
  return at_zeros(InputMetadata_shape(metadata), dtype, kNoLayout, device, kNoPinMemory);
}
