/*
 * SavedVariable.c - see SavedVariable.h, Note [Saved output and cycles].
 * PyTorch 1.13: torch/csrc/autograd/saved_variable.cpp
 */
#include "autograd/SavedVariable.h"

#include <stdio.h>

#include "autograd/anomaly_mode.h"
#include "autograd/variable.h"
#include "ops/TensorUtils.h"
#include "runtime/Exception.h"

const char ERR_BACKWARD_TWICE[] =
    "Trying to backward through the graph a second time (or directly access saved tensors after they have "
    "already been freed). Saved intermediate values of the graph are freed when you call .backward() or "
    "autograd.grad(). Specify retain_graph=True if you need to backward through the graph a second time or "
    "if you need to access saved tensors after calling backward.";

int SavedVariable_init(SavedVariable* self, const Tensor* variable, bool is_output) {
  SavedVariable_reset(self);
  self->was_saved = false;
  self->gone_grad_fn_name = NULL;
  if (variable == NULL) return 0;
  self->was_saved = true;
  self->is_output = is_output;
  self->is_leaf = is_leaf(variable);
  self->output_nr = output_nr(variable);
  self->saved_version = Tensor_version(variable);
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
  self->requires_grad = requires_grad(variable);
  self->data = tensor_data(variable);
  return self->data != NULL ? 0 : -1;
}

/* The type as 1.13's message names it: Tensor::toString, which Python's
 * error translation turns into the legacy name where there is one
 * ("torch.FloatTensor"); a lazy tensor keeps "LazyFloatType".
 * PyTorch 1.13: aten/src/ATen/core/Tensor.cpp TensorBase::toString,
 * torch/csrc/Exceptions.cpp processErrorMsg */
static const char* type_string(const Tensor* t, char* buf, size_t size) {
  if (t->lazy == NULL) return Tensor_typeString(t);
  snprintf(buf, size, "Lazy%sType", ScalarType_name(t->dtype));
  return buf;
}

Tensor* SavedVariable_unpack(const SavedVariable* self, Node* saved_for) {
  if (!self->was_saved) return NULL;
  TORCH_CHECK(self->data != NULL, "%s", ERR_BACKWARD_TWICE);
  /* the original, held or (Note [In-place on an input it saved]) not */
  const Tensor* original = self->saved_original ? self->data : self->weak_original;
  /* We want grad_fn here to provide the most helpful debug message to the
   * user if versions don't match. */
  Node* fn = original != NULL ? grad_fn(original) : NULL;
  if (fn == NULL && Error_occurred()) return NULL; /* a view's grad_fn refused (handle_view_on_rebase) */
  if (!self->is_leaf && fn == NULL) {
    /* the original's grad_fn was cleared by detach_(), or an output */
    TORCH_CHECK(saved_for != NULL,
                "Trying to use a saved tensor that has been detached in-place, i.e. with .detach_().This is not "
                "supported, please use out-of-place `.detach()` instead");
    fn = saved_for;
  }
  uint32_t current_version = Tensor_version(self->data);
  if (self->saved_version != current_version) {
    char type[64], sizes[1536], which[256] = "";
    const char* fn_name = self->gone_grad_fn_name != NULL ? self->gone_grad_fn_name
                          : fn != NULL                    ? Node_name(fn)
                                                          : NULL;
    if (fn_name != NULL) snprintf(which, sizeof which, ", which is output %u of %s,", self->output_nr, fn_name);
    /* the hint depends on anomaly mode (autograd/anomaly_mode.h) */
    const char* hint = AnomalyMode_is_enabled()
                           ? "Hint: the backtrace further above shows the operation that failed to compute its "
                             "gradient. The variable in question was changed in there or anywhere later. Good luck!"
                           : "Hint: enable anomaly detection to find the operation that failed to compute its "
                             "gradient, with torch.autograd.set_detect_anomaly(True).";
    TORCH_CHECK(false,
                "one of the variables needed for gradient computation has been modified by an inplace operation: "
                "[%s %s]%s is at version %u; expected version %u instead. %s",
                type_string(self->data, type, sizeof type),
                IntArrayRef_format(Tensor_sizes(self->data), sizes, sizeof sizes), which, current_version,
                self->saved_version, hint);
  }
  /* If we have the original variable, we simply return it. */
  if (original != NULL) return Tensor_retain(original);
  /* An output: its history is the node being run. */
  Edge edge = {Node_retain(fn), self->output_nr};
  /* NB: saved views are unpacked as normal Variables (not views) even though
   * they still share the same storage (1.13's words); make_variable's new
   * header shares the version counter (1.13: impl::set_version_counter). */
  return make_variable(Tensor_retain(self->data), edge, false);
fail:
  return NULL;
}

/* Takes self out of its original's list of weak holders. */
static void unlink_weak(SavedVariable* self) {
  if (self->weak_original == NULL) return;
  SavedVariable** link = &self->weak_original->autograd_meta->weak_saved;
  while (*link != self) link = &(*link)->weak_next;
  *link = self->weak_next;
  self->weak_original = NULL;
  self->weak_next = NULL;
}

void SavedVariable_reset(SavedVariable* self) {
  unlink_weak(self);
  Tensor_release(self->data);
  self->data = NULL;
}

/* The tensor whose history a write to t rewrites: its base if t is a view. */
static const Tensor* root_of(const Tensor* t) {
  const AutogradMeta* m = t->autograd_meta;
  return m != NULL && m->is_view && m->base != NULL ? m->base : t;
}

int SavedVariable_breakCycle(SavedVariable* self, const Tensor* written) {
  if (!self->saved_original || root_of(self->data) != root_of(written)) return 0;
  written = self->data; /* the original: written itself, its base or a view of the same base */
  Tensor* header = tensor_data_untraced(written);
  if (header == NULL) return -1;
  AutogradMeta* m = written->autograd_meta; /* written has a grad_fn now */
  self->saved_original = false;
  self->weak_original = written;
  self->weak_next = m->weak_saved;
  m->weak_saved = self;
  self->data = header;
  Tensor_release((Tensor*)written); /* the reference the original held */
  return 0;
}

void SavedVariable_forgetOriginal(SavedVariable* list, const char* grad_fn_name) {
  while (list != NULL) {
    SavedVariable* next = list->weak_next;
    list->gone_grad_fn_name = grad_fn_name;
    list->weak_original = NULL;
    list->weak_next = NULL;
    list = next;
  }
}
