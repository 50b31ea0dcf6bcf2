/*
 * SavedVariable.c - see SavedVariable.h, Note [Saved output and cycles].
 * PyTorch 1.13: torch/csrc/autograd/saved_variable.cpp
 */
#include "autograd/SavedVariable.h"

#include "autograd/variable.h"
#include "runtime/Exception.h"

const char ERR_BACKWARD_TWICE[] =
    "Trying to backward through the graph a second time (or directly access saved tensors after they have "
    "already been freed). Saved intermediate values of the graph are freed when you call .backward() or "
    "autograd.grad(). Specify retain_graph=True if you need to backward through the graph a second time or "
    "if you need to access saved tensors after calling backward.";

int SavedVariable_init(SavedVariable* self, const Tensor* variable, bool is_output) {
  SavedVariable_reset(self);
  self->was_saved = false;
  if (variable == NULL) return 0;
  self->was_saved = true;
  self->is_output = is_output;
  self->is_leaf = is_leaf(variable);
  self->saved_version = 0;
  /* If the variable is a leaf or is not an output, we can safely save the
   * original variable without running the risk of reference cycles. */
  if (!is_output || self->is_leaf) {
    self->saved_original = true;
    self->data = Tensor_retain(variable);
    return 0;
  }
  /* save_metadata: an output's grad_fn is the node saving it, so only its
   * output_nr is kept (see the Note). */
  self->saved_original = false;
  self->output_nr = output_nr(variable);
  self->requires_grad = requires_grad(variable);
  self->data = tensor_data(variable);
  return self->data != NULL ? 0 : -1;
}

Tensor* SavedVariable_unpack(const SavedVariable* self, Node* saved_for) {
  if (!self->was_saved) return NULL;
  TORCH_CHECK(self->data != NULL, "%s", ERR_BACKWARD_TWICE);
  /* If we have the original variable, we simply return it. */
  if (self->saved_original) return Tensor_retain(self->data);
  /* An output: its history is the node being run.  1.13 checks saved_for
   * here ("Trying to use a saved tensor that has been detached in-place");
   * a node always unpacks its own outputs with itself. */
  TORCH_INTERNAL_ASSERT(saved_for != NULL);
  Edge edge = {Node_retain(saved_for), self->output_nr};
  /* NB: saved views are unpacked as normal Variables (not views) even though
   * they still share the same storage (1.13's words). */
  return make_variable(Tensor_retain(self->data), edge, false);
fail:
  return NULL;
}

void SavedVariable_reset(SavedVariable* self) {
  Tensor_release(self->data);
  self->data = NULL;
}
