/*
 * tensor.c - CopySlices (see tensor.h).
 * PyTorch 1.13: torch/csrc/autograd/functions/tensor.cpp
 */
#include "autograd/functions/tensor.h"

#include <stdlib.h>

#include "Functions.h"
#include "autograd/SavedVariable.h"
#include "autograd/ViewFunc.h"
#include "autograd/variable.h"
#include "runtime/Exception.h"

/* PyTorch 1.13: torch/csrc/autograd/functions/tensor.cpp CopySlices::apply */
static int CopySlices_apply(Node* node, Tensor* const* grads, Tensor** grad_inputs) {
  CopySlices* self = (CopySlices*)node;
  const Tensor* grad = grads[0];
  Tensor* result = NULL;
  Tensor* grad_slice = NULL;
  Tensor* slice_clone = NULL;
  Tensor** res = NULL;
  uint32_t n = 0;
  if (grad == NULL) return 0;
  TORCH_CHECK(self->fn != NULL, "%s", ERR_BACKWARD_TWICE);
  IntArrayRef base_sizes = IntArrayRef_make(self->base.sizes, (size_t)self->base.dim);
  IntArrayRef base_strides = IntArrayRef_make(self->base.strides, (size_t)self->base.dim);
  TRY((result = at_new_empty_strided(grad, base_sizes, base_strides, kNoDtype, kNoLayout, kNoDevice,
                                     kNoPinMemory)) != NULL);
  TRY(at_copy_(result, grad, false) != NULL);
  Tensor_release(result); /* at_copy_ returned a new reference to result */
  if (self->view_fn != NULL) {
    TRY((grad_slice = ViewFunc_apply(self->view_fn, result)) != NULL);
  } else {
    OptionalInt offset = {true, self->view.storage_offset - self->base.storage_offset};
    TRY((grad_slice = at_as_strided(result, IntArrayRef_make(self->view.sizes, (size_t)self->view.dim),
                                    IntArrayRef_make(self->view.strides, (size_t)self->view.dim), offset)) != NULL);
  }
  TRY((slice_clone = at_clone(grad_slice, (OptionalMemoryFormat){true, MemoryFormat_Contiguous})) != NULL);
  n = self->fn->num_next_edges;
  res = calloc(n ? n : 1, sizeof *res);
  TORCH_CHECK_ALLOC(res != NULL);
  TRY(self->fn->type->apply(self->fn, (Tensor* const[]){slice_clone}, res) == 0);
  for (uint32_t i = 0; i < n && i < node->num_next_edges; i++) {
    if (!Node_should_compute_output(node, i)) continue;
    TORCH_INTERNAL_ASSERT(res[i] != NULL);
    if (i == 0) {
      Tensor* copied;
      TRY((copied = at_copy_(grad_slice, res[0], false)) != NULL);
      Tensor_release(copied);
      grad_inputs[0] = result;
      result = NULL;
    } else {
      grad_inputs[i] = res[i];
      res[i] = NULL;
    }
  }
  for (uint32_t i = 0; i < n; i++) Tensor_release(res[i]);
  free(res);
  Tensor_release(slice_clone);
  Tensor_release(grad_slice);
  Tensor_release(result);
  return 0;
fail:
  for (uint32_t i = 0; res != NULL && i < n; i++) Tensor_release(res[i]);
  free(res);
  Tensor_release(slice_clone);
  Tensor_release(grad_slice);
  Tensor_release(result);
  return -1;
}

/* PyTorch 1.13: CopySlices::release_variables */
static void CopySlices_release_variables(Node* node) {
  CopySlices* self = (CopySlices*)node;
  Node_release(self->fn);
  self->fn = NULL;
}

static void CopySlices_destroy(Node* node) {
  CopySlices* self = (CopySlices*)node;
  CopySlices_release_variables(node);
  ViewFunc_release(self->view_fn);
  TensorGeometry_free(&self->base);
  TensorGeometry_free(&self->view);
}

const NodeType CopySlices_type = {"torch::autograd::CopySlices", CopySlices_apply, CopySlices_release_variables,
                                  CopySlices_destroy, NULL, 0};

Node* CopySlices_new(const Tensor* base_var, const Tensor* view, const ViewFunc* view_fn, Node* fn) {
  CopySlices* self = (CopySlices*)Node_new(&CopySlices_type, sizeof *self);
  Edge* edges = NULL;
  if (self == NULL) return NULL;
  self->fn = Node_retain(fn);
  self->view_fn = ViewFunc_retain(view_fn);
  TRY(TensorGeometry_init(&self->base, base_var) == 0);
  TRY(TensorGeometry_init(&self->view, view) == 0);
  TRY(Node_add_input_metadata(&self->base_node, base_var) >= 0);
  /* fn's next edges, but the first goes to the base instead of the view */
  uint32_t n = fn->num_next_edges;
  edges = calloc(n ? n : 1, sizeof *edges);
  TORCH_CHECK_ALLOC(edges != NULL);
  edges[0] = gradient_edge(base_var);
  TRY(Edge_is_valid(edges[0]) || !Error_occurred());
  for (uint32_t i = 1; i < n; i++) edges[i] = (Edge){Node_retain(fn->next_edges[i].function), fn->next_edges[i].input_nr};
  TRY(Node_set_next_edges(&self->base_node, edges, n) == 0);
  free(edges);
  return &self->base_node;
fail:
  free(edges);
  Node_release(&self->base_node);
  return NULL;
}

/* PyTorch 1.13: torch/csrc/autograd/functions/tensor.cpp CopyBackwards::apply */
static int CopyBackwards_apply(Node* node, Tensor* const* grads, Tensor** grad_inputs) {
  CopyBackwards* self = (CopyBackwards*)node;
  const Tensor* grad = grads[0];
  if (grad == NULL) return 0;
  if (Node_should_compute_output(node, 0)) {
    TRY((grad_inputs[0] = at_zeros_like(grad, kNoDtype, kNoLayout, kNoDevice, kNoPinMemory,
                                        (OptionalMemoryFormat){true, MemoryFormat_Contiguous})) != NULL);
  }
  if (Node_should_compute_output(node, 1)) {
    TRY((grad_inputs[1] = at_to_dtype_layout(grad, (OptionalScalarType){true, self->src_dtype}, kNoLayout,
                                             (OptionalDevice){true, self->src_device}, kNoPinMemory, false, false,
                                             kNoMemoryFormat)) != NULL);
  }
  return 0;
fail:
  return -1;
}

const NodeType CopyBackwards_type = {"torch::autograd::CopyBackwards", CopyBackwards_apply, NULL, NULL, NULL, 0};
