/*
 * SavedVariable.h - a tensor a node keeps for its backward formula (`self`
 * and `other` of MulBackward0, `result` of ExpBackward0).
 *
 * Note [Saved output and cycles]
 * ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
 * A node that saves one of its forward *inputs* (or a leaf) keeps the tensor
 * itself, strongly: the input's grad_fn is an earlier node, so no cycle.  A
 * node that saves one of its own *outputs* must not: the output's grad_fn is
 * the node itself, so output -> node -> output would be a cycle no
 * refcount ever frees.  So, as 1.13's SavedVariable does (its comment: "If
 * the variable is a leaf or is not an output, we can safely save the
 * original variable without running the risk of reference cycles"), an
 * output is saved as a new header over the same data with no history
 * (tensor_data; under the trace mode this shows as aten::detach), plus its
 * output_nr; unpacking it makes yet another header whose grad_fn is the node
 * being run (`saved_for`), again an aten::detach in the trace.
 *
 * After a backward without retain_graph the engine calls the node's
 * release_variables, which resets its saved variables (SavedVariable_reset);
 * unpacking one then raises 1.13's ERR_BACKWARD_TWICE, word for word.
 *
 * How a generated node uses it: MulBackward0 has `SavedVariable self_,
 * other_;` (zeroed by Node_new: "default constructed", unpacks to NULL); the
 * VariableType kernel fills them with SavedVariable_init(&node->self_, self,
 * false) (true for an output, after set_history gave it its grad_fn); apply
 * reads them with SavedVariable_unpack(&node->self_, self_node) (a new
 * reference); release_variables calls SavedVariable_reset on each and
 * destroy does too.
 *
 * PyTorch 1.13: torch/csrc/autograd/saved_variable.h, saved_variable.cpp
 */
#ifndef MINATEN_AUTOGRAD_SAVEDVARIABLE_H
#define MINATEN_AUTOGRAD_SAVEDVARIABLE_H

#include <stdbool.h>
#include <stdint.h>

#include "autograd/Node.h"
#include "runtime/TensorImpl.h"

/*
 * Note [Saved tensors hooks]
 * A pair of Python functions may stand between a node and what it saves
 * (torch.autograd.graph.saved_tensors_hooks, or a SavedTensor's
 * register_hooks): pack(tensor) is called when the tensor is saved, its
 * result kept instead of the tensor; unpack(packed) when the node (or
 * grad_fn._saved_<name>) needs it, and must return a tensor.  The saved
 * variable then holds no tensor (data NULL), only the hooks and what it
 * needs to give the unpacked tensor its history: the input's grad_fn
 * (grad_fn, owned), an output's output_nr (its node is the one being run),
 * a leaf's requires_grad.  Versions are not checked (the hooks may have
 * copied the data).  release_variables drops the hooks with the rest.
 * NB(minaten): the tensor unpacked for a saved leaf has no grad
 * accumulator (1.13 gives it the leaf's): a double backward through it
 * does not reach the leaf; nor does it share the saved tensor's version
 * counter.
 * PyTorch 1.13: torch/csrc/autograd/saved_variable_hooks.h,
 * saved_variable.cpp (set_hooks_and_pack_data, register_hooks, unpack)
 */
struct SavedVariableHooks;

/* PyTorch 1.13: torch/csrc/autograd/saved_variable_hooks.h SavedVariableHooks */
typedef struct SavedVariableHooksType {
  /* Packs `tensor` (borrowed) and keeps the result.  0, or -1 with the error set. */
  int (*call_pack_hook)(struct SavedVariableHooks* self, const Tensor* tensor);
  /* unpack(packed): a new reference, or NULL with the error set. */
  Tensor* (*call_unpack_hook)(struct SavedVariableHooks* self);
  void (*destroy)(struct SavedVariableHooks* self);
} SavedVariableHooksType;

typedef struct SavedVariableHooks {
  const SavedVariableHooksType* type;
} SavedVariableHooks;

/* The hooks of the innermost saved_tensors_hooks, a new object, or NULL
 * (none: no error).  NULL outside Python; the extension sets it.
 * PyTorch 1.13: saved_variable.cpp get_default_hooks (Engine::get_default_saved_variable_hooks) */
extern SavedVariableHooks* (*SavedVariable_getDefaultHooks)(void);

/* PyTorch 1.13: torch/csrc/autograd/saved_variable.h SavedVariable */
typedef struct SavedVariable {
  /* Owned: the tensor itself (saved_original) or a history-free header over
   * its data (an output); NULL once reset. */
  Tensor* data;
  /* false: default constructed (zeroed) or saved from an undefined tensor;
   * unpacks to NULL.  PyTorch 1.13: !SavedVariable::was_default_constructed_ */
  bool was_saved;
  bool saved_original;
  bool is_leaf;
  bool is_output;
  bool requires_grad;
  uint32_t output_nr;
  /* The version of the tensor's data when it was saved (Note [Version
   * counters], runtime/TensorImpl.h); unpacking checks it is still the
   * current one.  `data` shares the saved tensor's counter (an output's
   * tensor_data header too).  PyTorch 1.13: SavedVariable::saved_version_ */
  uint32_t saved_version;
  /* Set by SavedVariable_breakCycle: the original, not held (data is then
   * a header over its data); NULL once the original is gone.  weak_next
   * links the saved variables holding the same original weakly
   * (AutogradMeta::weak_saved). */
  const Tensor* weak_original;
  struct SavedVariable* weak_next;
  /* The name of the original's grad_fn when it went (NULL: it had none). */
  const char* gone_grad_fn_name;
  /* Note [Saved tensors hooks]: owned, NULL without. */
  SavedVariableHooks* hooks;
  struct Node* grad_fn; /* with hooks, an input's grad_fn (owned) */
} SavedVariable;

/*
 * Saves `variable` (NULL: an undefined tensor; it unpacks as NULL).
 * `is_output`: variable is an output of the node that saves it (already
 * given its history by set_history).  Returns 0, or -1 with the error set.
 * A SavedVariable must be zeroed (as Node_new leaves it) before its first init.
 * PyTorch 1.13: torch/csrc/autograd/saved_variable.cpp SavedVariable::SavedVariable
 */
int SavedVariable_init(SavedVariable* self, const Tensor* variable, bool is_output);

/*
 * The saved tensor, a new reference, with its history: the original for an
 * input or a leaf; for an output, a new header whose grad_fn is `saved_for`
 * (the node being run).  NULL without error for a default-constructed one;
 * NULL with a RuntimeError: once reset, "Trying to backward through the
 * graph a second time (or directly access saved tensors after they have
 * already been freed). ..."; when the tensor was written in place since it
 * was saved, 1.13's "one of the variables needed for gradient computation
 * has been modified by an inplace operation: [torch.FloatTensor [3]], which
 * is output 0 of ExpBackward0, is at version 1; expected version 0 instead.
 * Hint: ..." (without the "which is output" part for a leaf).  Check
 * Error_occurred() to tell NULLs apart.
 * PyTorch 1.13: torch/csrc/autograd/saved_variable.cpp SavedVariable::unpack
 */
Tensor* SavedVariable_unpack(const SavedVariable* self, Node* saved_for);

/* Packs the saved tensor with `hooks` (taken over, destroyed on failure
 * too): a SavedTensor's register_hooks.  0, or -1 with 1.13's
 * RuntimeError: "Calling register_hooks on a saved tensor whose hooks
 * have already been set. ...", "... after it has been freed. ...", "...
 * with value None is forbidden".
 * PyTorch 1.13: torch/csrc/autograd/saved_variable.cpp SavedVariable::register_hooks */
int SavedVariable_registerHooks(SavedVariable* self, SavedVariableHooks* hooks);

/* Drops the saved data (release_variables).
 * PyTorch 1.13: torch/csrc/autograd/saved_variable.h SavedVariable::reset_data */
void SavedVariable_reset(SavedVariable* self);

/*
 * Note [In-place on an input it saved]
 * `y.mul_(y)`: MulBackward0 saves `other`, an input, so the original (y
 * itself, strongly); after the write y's grad_fn is that MulBackward0 (or,
 * through a view, a node leading to it), so y -> node -> y is a cycle no
 * refcount frees.  1.13 has this cycle (and leaks y); minaten holds such
 * an original weakly instead: `self` keeps a history-free header over the
 * data (the version check and the error's type and shape read it) and
 * points at the original without a reference, which unpack uses as 1.13
 * uses the saved original (its grad_fn names the error; its value is
 * returned) for as long as it lives.  Once the original is gone, the
 * error names the grad_fn it had then (nothing can write it any more), and
 * unpack returns the header with the node being run as its history, as for
 * a saved output.
 * The same holds for an input that is the base the write went through, or
 * another view of it (`v = z[:1]; v.mul_(z)`, `z[1:].mul_(z[1:])`): the
 * base's grad_fn is now the CopySlices that holds the node.
 * The in-place VariableType kernels call this after rebase_history for each
 * input they saved, with the tensor they wrote; it does nothing unless
 * `self` holds `written`, its base or a view of the same base.  0, or -1
 * with the error set.
 */
int SavedVariable_breakCycle(SavedVariable* self, const Tensor* written);

/* The original of each saved variable of the list (linked by weak_next) is
 * gone, its grad_fn last named `grad_fn_name` (NULL: none): they forget it.
 * Called when that tensor's AutogradMeta is freed. */
void SavedVariable_forgetOriginal(SavedVariable* list, const char* grad_fn_name);

/* 1.13's message for unpacking a freed saved variable.
 * PyTorch 1.13: torch/csrc/autograd/saved_variable.cpp ERR_BACKWARD_TWICE */
extern const char ERR_BACKWARD_TWICE[];

#endif
