/*
 * SavedVariable.c - see SavedVariable.h, Note [Saved output and cycles].
 * PyTorch 1.13: torch/csrc/autograd/saved_variable.cpp
 */
#include "autograd/SavedVariable.h"

#include <stdio.h>

#include "Functions.h"
#include "autograd/anomaly_mode.h"
#include "autograd/variable.h"
#include "ops/TensorUtils.h"
#include "runtime/GradMode.h"
#include "runtime/Exception.h"

const char ERR_BACKWARD_TWICE[] =
    "Trying to backward through the graph a second time (or directly access saved tensors after they have "
    "already been freed). Saved intermediate values of the graph are freed when you call .backward() or "
    "autograd.grad(). Specify retain_graph=True if you need to backward through the graph a second time or "
    "if you need to access saved tensors after calling backward.";

SavedVariableHooks* (*SavedVariable_getDefaultHooks)(void) = NULL;

/* What unpacking needs besides the data: an input's grad_fn, a leaf's
 * requires_grad.  PyTorch 1.13: saved_variable.cpp SavedVariable::save_metadata */
static void save_metadata(SavedVariable* self, const Tensor* data) {
  self->output_nr = output_nr(data);
  if (self->is_leaf) self->requires_grad = requires_grad(data);
  else if (!self->is_output) self->grad_fn = Node_retain(grad_fn(data));
}

/* Packs data with hooks (taken over); fails if pack wrote data in place.
 * PyTorch 1.13: saved_variable.cpp SavedVariable::set_hooks_and_pack_data */
static int set_hooks_and_pack_data(SavedVariable* self, SavedVariableHooks* hooks, const Tensor* data) {
  self->hooks = hooks;
  AutoGradMode no_grad = AutoGradMode_enter(false);
  uint32_t version = Tensor_version(data);
  int rc = hooks->type->call_pack_hook(hooks, data);
  AutoGradMode_exit(no_grad);
  TRY(rc == 0);
  TORCH_CHECK(version == Tensor_version(data),
              "A saved tensor pack hook is modifying its input in place. Tensors provided as input to pack hook can "
              "not be modified by in-place operations as this can lead to unexpected side-effects. Please open an "
              "issue if you need to perform in-place operations on the input to a pack hook.");
  return 0;
fail:
  return -1;
}

int SavedVariable_init(SavedVariable* self, const Tensor* variable, bool is_output) {
  SavedVariable_reset(self);
  self->was_saved = false;
  self->gone_grad_fn_name = NULL;
  if (variable == NULL) return 0;
  /* Note [Inference tensor cannot be saved for backward]: it has no
   * version to check when backward unpacks it */
  if (Tensor_isInference(variable)) {
    Error_set(ErrorType_RuntimeError, "Inference tensors cannot be saved for backward. To work around you can make "
                                      "a clone to get a normal tensor and use it in autograd.");
    return -1;
  }
  self->was_saved = true;
  self->is_output = is_output;
  self->is_leaf = is_leaf(variable);
  self->output_nr = output_nr(variable);
  self->saved_version = Tensor_version(variable);
  SavedVariableHooks* hooks = SavedVariable_getDefaultHooks != NULL ? SavedVariable_getDefaultHooks() : NULL;
  if (hooks == NULL && Error_occurred()) return -1;
  /* NB: 1.13 packs a wrapped number too (`x * 2`'s other); later
   * versions leave it out */
  if (hooks != NULL) {
    self->saved_original = false;
    save_metadata(self, variable);
    return set_hooks_and_pack_data(self, hooks, variable);
  }
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
  if (t->device.type != DeviceType_Lazy) return Tensor_typeString(t);
  snprintf(buf, size, "Lazy%sType", ScalarType_name(t->dtype));
  return buf;
}

/* Note [Saved tensors hooks]: unpack() through the hooks. */
static Tensor* unpack_with_hooks(const SavedVariable* self, Node* saved_for) {
  Node* fn = self->grad_fn;
  if (!self->is_leaf && fn == NULL) fn = saved_for; /* an output: the node being run */
  Tensor* data = self->hooks->type->call_unpack_hook(self->hooks);
  if (data == NULL) return NULL;
  /* NB: saved views are unpacked as normal Variables (not views) */
  if (fn != NULL) return make_variable(data, (Edge){Node_retain(fn), self->output_nr}, false);
  return make_variable(data, (Edge){NULL, 0}, self->requires_grad);
}

int SavedVariable_registerHooks(SavedVariable* self, SavedVariableHooks* hooks) {
  TORCH_CHECK(self->hooks == NULL,
              "Calling register_hooks on a saved tensor whose hooks have already been set. Hint: only one pair of "
              "hooks is allowed at a time.");
  TORCH_CHECK(self->data != NULL || !self->was_saved,
              "Calling register_hooks on a saved tensor after it has been freed. Saved intermediate values of the "
              "graph are freed when you call .backward() or autograd.grad(). Specify retain_graph=True if you need "
              "to backward through the graph a second time or if you need to access saved variables after calling "
              "backward.");
  TORCH_CHECK(self->data != NULL, "Calling register_hooks on a saved tensor with value None is forbidden");
  /* If we didn't save the original variable, we already saved metadata */
  Tensor* data = self->data;
  if (self->saved_original) {
    save_metadata(self, data);
    Tensor* detached = at_detach(data);
    if (detached == NULL) goto fail;
    int rc = set_hooks_and_pack_data(self, hooks, detached);
    Tensor_release(detached);
    hooks = NULL;
    TRY(rc == 0);
  } else {
    TRY(set_hooks_and_pack_data(self, hooks, data) == 0);
    hooks = NULL;
  }
  self->data = NULL;
  Tensor_release(data);
  return 0;
fail:
  if (hooks != NULL) hooks->type->destroy(hooks);
  return -1;
}

Tensor* SavedVariable_unpack(const SavedVariable* self, Node* saved_for) {
  if (!self->was_saved) return NULL;
  if (self->hooks != NULL) return unpack_with_hooks(self, saved_for);
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
  SavedVariableHooks* hooks = self->hooks;
  self->hooks = NULL;
  if (hooks != NULL) hooks->type->destroy(hooks);
  Node_release(self->grad_fn);
  self->grad_fn = NULL;
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
