/*
 * autograd.c - backward() and grad(); see autograd.h.
 * PyTorch 1.13: torch/autograd/__init__.py, torch/csrc/autograd/autograd.cpp
 */
#include "autograd/autograd.h"

#include <stdio.h>
#include <stdlib.h>

#include "Functions.h"
#include "autograd/engine.h"
#include "autograd/functions/basic_ops.h"
#include "autograd/variable.h"
#include "runtime/Exception.h"

/* `torch.Size([2, 3])` into buf. */
static const char* format_size(IntArrayRef sizes, char* buf, size_t size) {
  char inner[1536];
  snprintf(buf, size, "torch.Size(%s)", IntArrayRef_format(sizes, inner, sizeof inner));
  return buf;
}

int _make_grads(Tensor* const* outputs, Tensor* const* grads, size_t n, Tensor** new_grads) {
  char a[1600], b[1600];
  for (size_t i = 0; i < n; i++) new_grads[i] = NULL;
  for (size_t i = 0; i < n; i++) {
    const Tensor* out = outputs[i];
    const Tensor* grad = grads != NULL ? grads[i] : NULL;
    if (grad != NULL) {
      /* NB(minaten): 1.13 asks torch.is_same_size, which the trace shows
       * (aten::is_same_size); minaten does not have that operator yet. */
      TORCH_CHECK(Tensor_hasSizes(grad, Tensor_sizes(out)),
                  "Mismatch in shape: grad_output[%zu] has a shape of %s and output[%zu] has a shape of %s.", i,
                  format_size(Tensor_sizes(grad), a, sizeof a), i, format_size(Tensor_sizes(out), b, sizeof b));
      new_grads[i] = Tensor_retain(grad);
    } else if (requires_grad(out)) {
      TORCH_CHECK(out->numel == 1, "grad can be implicitly created only for scalar outputs");
      OptionalMemoryFormat preserve = {true, MemoryFormat_Preserve};
      TRY((new_grads[i] = at_ones_like(out, kNoDtype, kNoLayout, kNoDevice, kNoPinMemory, preserve)) != NULL);
    }
  }
  return 0;
fail:
  for (size_t i = 0; i < n; i++) {
    Tensor_release(new_grads[i]);
    new_grads[i] = NULL;
  }
  return -1;
}

static void release_edges(Edge* edges, size_t n) {
  for (size_t i = 0; edges != NULL && i < n; i++) Node_release(edges[i].function);
  free(edges);
}

int run_backward(Tensor* const* outputs, Tensor* const* grad_outputs, size_t n, bool keep_graph, bool create_graph,
                 Tensor* const* inputs, size_t num_inputs, bool allow_unused, bool accumulate_grad, Tensor** results) {
  Edge* roots = NULL;
  Edge* output_edges = NULL;
  Tensor** grad_inputs = NULL;
  TORCH_INTERNAL_ASSERT(n > 0);
  roots = calloc(n, sizeof *roots);
  TORCH_CHECK_ALLOC(roots != NULL);
  for (size_t i = 0; i < n; i++) {
    roots[i] = gradient_edge(outputs[i]);
    TRY(Edge_is_valid(roots[i]) || !requires_grad(outputs[i])); /* out of memory */
    TORCH_CHECK(Edge_is_valid(roots[i]), "element %zu of tensors does not require grad and does not have a grad_fn",
                i);
  }
  if (num_inputs > 0) {
    output_edges = calloc(num_inputs, sizeof *output_edges);
    TORCH_CHECK_ALLOC(output_edges != NULL);
    for (size_t i = 0; i < num_inputs; i++) {
      const Tensor* input = inputs[i];
      /* backward(inputs=...): a non-leaf input keeps its gradient in .grad */
      if (accumulate_grad) TRY(retain_grad((Tensor*)input) == 0);
      Node* fn = grad_fn(input) != NULL ? Node_retain(grad_fn(input)) : try_get_grad_accumulator(input);
      if (!requires_grad(input)) {
        Node_release(fn);
        TORCH_CHECK(false, "One of the differentiated Tensors does not require grad");
      }
      if (fn == NULL) {
        /* no path of the graph can reach it */
        TRY((fn = Identity_new()) != NULL);
        output_edges[i] = (Edge){fn, 0};
      } else {
        output_edges[i] = (Edge){fn, output_nr(input)};
      }
    }
    grad_inputs = calloc(num_inputs, sizeof *grad_inputs);
    TORCH_CHECK_ALLOC(grad_inputs != NULL);
  }
  TRY(Engine_execute(roots, grad_outputs, n, keep_graph, create_graph, accumulate_grad, output_edges, num_inputs,
                     grad_inputs) == 0);
  /* check if grad_inputs contains None or not base on the allow_unused flag */
  if (!accumulate_grad && !allow_unused) {
    for (size_t i = 0; i < num_inputs; i++)
      TORCH_CHECK(grad_inputs[i] != NULL,
                  "One of the differentiated Tensors appears to not have been used in the graph. Set "
                  "allow_unused=True if this is the desired behavior.");
  }
  for (size_t i = 0; i < num_inputs; i++) {
    if (results != NULL) results[i] = grad_inputs[i];
    else Tensor_release(grad_inputs[i]);
  }
  free(grad_inputs);
  release_edges(roots, n);
  release_edges(output_edges, num_inputs);
  return 0;
fail:
  for (size_t i = 0; grad_inputs != NULL && i < num_inputs; i++) Tensor_release(grad_inputs[i]);
  free(grad_inputs);
  release_edges(roots, n);
  release_edges(output_edges, num_inputs);
  return -1;
}

/* _make_grads, then run_backward with keep_graph defaulting to
 * create_graph (retain_graph=None), as both of torch/autograd's entry
 * points do.  0, or -1 with the error set. */
static int make_grads_and_run(Tensor* const* outputs, size_t n, Tensor* const* grad_outputs, OptionalBool retain_graph,
                              bool create_graph, Tensor* const* inputs, size_t num_inputs, bool allow_unused,
                              bool accumulate_grad, Tensor** results) {
  Tensor** grads = calloc(n ? n : 1, sizeof *grads);
  TORCH_CHECK_ALLOC(grads != NULL);
  TRY(_make_grads(outputs, grad_outputs, n, grads) == 0);
  bool keep_graph = retain_graph.has_value ? retain_graph.value : create_graph;
  int status = run_backward(outputs, grads, n, keep_graph, create_graph, inputs, num_inputs, allow_unused,
                            accumulate_grad, results);
  for (size_t i = 0; i < n; i++) Tensor_release(grads[i]);
  free(grads);
  return status;
fail:
  free(grads);
  return -1;
}

int autograd_backward(Tensor* const* tensors, size_t n, Tensor* const* grad_tensors, OptionalBool retain_graph,
                      bool create_graph, Tensor* const* inputs, size_t num_inputs) {
  /* backward(): allow_unreachable=True, accumulate_grad=True */
  return make_grads_and_run(tensors, n, grad_tensors, retain_graph, create_graph, inputs, num_inputs, true, true,
                            NULL);
}

int autograd_grad(Tensor* const* outputs, size_t n, Tensor* const* inputs, size_t num_inputs,
                  Tensor* const* grad_outputs, OptionalBool retain_graph, bool create_graph, bool allow_unused,
                  Tensor** results) {
  for (size_t i = 0; i < num_inputs; i++) results[i] = NULL;
  return make_grads_and_run(outputs, n, grad_outputs, retain_graph, create_graph, inputs, num_inputs, allow_unused,
                            false, results);
}
