/*
 * variable.h - the autograd side of a tensor: AutogradMeta, and the
 * functions a VariableType kernel calls to record history.
 *
 * A tensor that takes no part in autograd has no AutogradMeta
 * (`autograd_meta` NULL, runtime/TensorImpl.h): requires_grad is false and
 * it is a leaf.  The meta is made when a tensor is asked to require grad
 * (set_requires_grad) or gets a grad_fn (set_gradient_edge, via set_history)
 * and freed with the tensor's header (Tensor_releaseAutogradMeta).
 *
 * Ownership, the cycle-free part of the graph:
 *   - a tensor owns its grad and its grad_fn (strong);
 *   - a leaf's AccumulateGrad owns the leaf (strong), and the leaf points back
 *     at it weakly: `grad_accumulator` is cleared by AccumulateGrad's destroy,
 *     which runs while the leaf is still alive (it holds the leaf);
 *   - a node owns the nodes of its next_edges and the tensors it saved,
 *     except its own outputs (autograd/SavedVariable.h).
 *
 * How a generated VariableType kernel uses this file (1.13's shape, for
 * `mul.Tensor`):
 *
 *   bool any_requires_grad = compute_requires_grad((const Tensor*[]){self, other}, 2);
 *   MulBackward0* grad_fn = NULL;
 *   if (any_requires_grad) {
 *     grad_fn = (MulBackward0*)Node_new(&MulBackward0_type, sizeof *grad_fn);
 *     TRY(grad_fn != NULL);
 *     TRY(set_next_edges_from(&grad_fn->base, (const Tensor*[]){self, other}, 2) == 0);
 *     if (Node_should_compute_output(&grad_fn->base, 0)) TRY(SavedVariable_init(&grad_fn->other_, other, false) == 0);
 *     if (Node_should_compute_output(&grad_fn->base, 1)) TRY(SavedVariable_init(&grad_fn->self_, self, false) == 0);
 *   }
 *   // at::AutoDispatchBelowADInplaceOrView (AutoDispatchBelowADInplaceOrView_push)
 *   DispatchKeyGuard guard = ExcludeDispatchKeyGuard_push(
 *       DispatchKeySet_add(DispatchKeySet_autograd(), DispatchKey_ADInplaceOrView));
 *   Tensor* result = at_mul_Tensor(self, other);
 *   DispatchKeyGuard_pop(guard);
 *   TRY(result != NULL);
 *   if (grad_fn) {
 *     TRY(set_history(result, &grad_fn->base) == 0);   // an output to save: SavedVariable_init(..., true) after this
 *     Node_release(&grad_fn->base);                    // the output's grad_fn holds it now
 *   }
 *
 * PyTorch 1.13: torch/csrc/autograd/variable.h, variable.cpp,
 * VariableTypeUtils.h (set_history), function.h (collect_next_edges),
 * python_variable_methods.cpp (requires_grad_)
 */
#ifndef MINATEN_AUTOGRAD_VARIABLE_H
#define MINATEN_AUTOGRAD_VARIABLE_H

#include <stdbool.h>
#include <stdint.h>

#include "autograd/Edge.h"
#include "autograd/Node.h"
#include "runtime/TensorImpl.h"

/* How a view was made, which decides what an in-place write to it, or to
 * its base, may do (Note [View + Inplace detection], variable.c).
 * PyTorch 1.13: torch/csrc/autograd/variable.h CreationMeta */
typedef enum CreationMeta {
  CreationMeta_DEFAULT,
  CreationMeta_MULTI_OUTPUT_NODE, /* one of several views one operator returned (split, unbind) */
  CreationMeta_NO_GRAD_MODE,      /* made with grad mode off */
  CreationMeta_IN_CUSTOM_FUNCTION, /* returned by a custom autograd.Function (csrc/autograd/python_function.c) */
  CreationMeta_INFERENCE_MODE,    /* a view of a normal tensor made in inference mode (runtime/InferenceMode.h) */
} CreationMeta;

/* PyTorch 1.13: torch/csrc/autograd/variable.h AutogradMeta */
typedef struct AutogradMeta {
  /* Owned; NULL until a backward accumulates into a leaf (or retain_grad). */
  Tensor* grad;
  /* Owned; NULL for a leaf. */
  Node* grad_fn;
  /* Weak: the leaf's AccumulateGrad while one exists, else NULL. */
  Node* grad_accumulator;
  /* Which input of grad_fn this tensor's gradient goes to. */
  uint32_t output_nr;
  /* Set for leaves only (requires_grad of a non-leaf is grad_fn != NULL). */
  bool requires_grad;
  bool retains_grad;
  /* 1.13's DifferentiableViewMeta, folded in: set by as_view on the output
   * of a (differentiable) view operator.  `base` is the tensor whose storage
   * it views at the root (owned), `creation_meta` how it was made.
   * check_inplace reads creation_meta; rebase_history and grad_fn() below
   * use base, view_fn and attr_version.  `view_fn` (owned) replays the view
   * from base where its geometry cannot (a lazy view: autograd/ViewFunc.h);
   * NULL on the CPU, where as_strided with the view's geometry does.
   * PyTorch 1.13: torch/csrc/autograd/variable.h DifferentiableViewMeta,
   * ViewInfo */
  bool is_view;
  Tensor* base;
  struct ViewFunc* view_fn;
  CreationMeta creation_meta;
  /* The version counter's value when grad_fn was made: a view whose counter
   * has moved on since (it, its base or another view was written in place)
   * gets a new grad_fn on access (grad_fn() below).
   * PyTorch 1.13: DifferentiableViewMeta::attr_version_ */
  uint32_t attr_version;
  /* The saved variables that hold this tensor weakly (SavedVariable.h,
   * SavedVariable_breakCycle), linked through their weak_next: told when the
   * tensor goes. */
  struct SavedVariable* weak_saved;
  /* The tensor's own hooks (owned): what Tensor.register_hook's dict is to
   * a leaf, whose AccumulateGrad calls them on the gradient it accumulates
   * (a non-leaf's hooks run as pre-hooks of its grad_fn instead).
   * PyTorch 1.13: AutogradMeta::hooks_ */
  struct FunctionPreHook** hooks;
  uint32_t num_hooks;
} AutogradMeta;

/* The tensor's AutogradMeta, NULL if it has none.
 * PyTorch 1.13: torch/csrc/autograd/variable.cpp impl::get_autograd_meta */
static inline AutogradMeta* get_autograd_meta(const Tensor* t) { return t->autograd_meta; }
/* The tensor's AutogradMeta, made (empty) if it has none; NULL with a
 * RuntimeError if out of memory.
 * PyTorch 1.13: torch/csrc/autograd/variable.cpp impl::materialize_autograd_meta */
AutogradMeta* materialize_autograd_meta(Tensor* t);

/* requires_grad: a leaf asked to, any tensor with a grad_fn, and a view
 * whose base requires grad (a view made in no_grad mode of one).
 * PyTorch 1.13: torch/csrc/autograd/variable.h AutogradMeta::requires_grad,
 * DifferentiableViewMeta::requires_grad */
static inline bool requires_grad(const Tensor* t) {
  const AutogradMeta* m = t->autograd_meta;
  return m != NULL && (m->requires_grad || m->grad_fn != NULL ||
                       (m->is_view && m->base != NULL && requires_grad(m->base)));
}
/* PyTorch 1.13: torch/csrc/autograd/variable.cpp VariableHooks::is_leaf */
static inline bool is_leaf(const Tensor* t) {
  return t->autograd_meta == NULL || t->autograd_meta->grad_fn == NULL;
}
/*
 * The tensor's grad_fn, borrowed; NULL for a leaf.  For a view whose version
 * counter moved on since its grad_fn was made (a write in place through it,
 * its base or another view of the base), a new one first: 1.13's
 * AsStridedBackward0 from the base, with the view's geometry, or, for a view
 * with a replay (lazy), the grad_fn of the view replayed on the base with
 * grad mode on (SelectBackward0 for `y[:, 0]`; Note [View + Inplace update
 * for view tensor]).
 * For a view made in no_grad mode or one of several views, NULL with 1.13's
 * RuntimeError instead ("... its base or another view of its base has been
 * modified inplace ...": handle_view_on_rebase, indirect).  Out of memory:
 * the old grad_fn is kept.
 * PyTorch 1.13: torch/csrc/autograd/variable.cpp VariableHooks::grad_fn
 */
Node* grad_fn(const Tensor* t);
/* PyTorch 1.13: VariableHooks::output_nr */
static inline uint32_t output_nr(const Tensor* t) {
  return t->autograd_meta != NULL ? t->autograd_meta->output_nr : 0;
}
/* Borrowed; NULL when undefined.  PyTorch 1.13: VariableHooks::grad */
static inline Tensor* Tensor_grad(const Tensor* t) {
  return t->autograd_meta != NULL ? t->autograd_meta->grad : NULL;
}

/*
 * Sets requires_grad of a leaf (the core check of 1.13's
 * AutogradMeta::set_requires_grad).  Returns 0, or -1 with the RuntimeError
 * "Only Tensors of floating point and complex dtype can require gradients"
 * for any other dtype (integers, bool, quantized).
 * NB: this capitalised message is what a factory's `requires_grad=True`
 * shows in 1.13; `t.requires_grad_()` has its own (requires_grad_ below),
 * and the attribute `t.requires_grad = True` a third ("only Tensors of
 * floating point and complex dtype can require gradients",
 * python_variable.cpp THPVariable_set_requires_grad), for the front end.
 * PyTorch 1.13: torch/csrc/autograd/variable.h AutogradMeta::set_requires_grad,
 * c10/core/TensorImpl.cpp TensorImpl::set_requires_grad
 */
int set_requires_grad(Tensor* t, bool requires_grad);

/*
 * `t.requires_grad_(requires_grad)`: 0, or -1 with 1.13's RuntimeErrors:
 * on a non-leaf asked for False, "you can only change requires_grad flags of
 * leaf variables. If you want to use a computed variable in a subgraph that
 * doesn't require differentiation use var_no_grad = var.detach().", and for
 * a dtype that cannot require grad, "only Tensors of floating point dtype can
 * require gradients".
 * PyTorch 1.13: torch/csrc/autograd/python_variable_methods.cpp
 * THPVariable_requires_grad_, torch/csrc/autograd/utils/error_messages.h
 * requires_grad_leaf_error
 */
int requires_grad_(Tensor* t, bool requires_grad);

/*
 * `t.retain_grad()`: a non-leaf keeps the gradient that reaches it in its
 * .grad (a no-op for a leaf, which does anyway).  The engine, before it runs
 * t's grad_fn, stores `grad.clone()` the first time and `t.grad + grad`
 * after (1.13's retain_grad hook; the trace shows aten::clone, then
 * aten::add.Tensor).  Returns 0, or -1 with the RuntimeError "can't
 * retain_grad on Tensor that has requires_grad=False".
 * PyTorch 1.13: torch/csrc/autograd/variable.cpp VariableHooks::retain_grad
 */
int retain_grad(Tensor* t);
/* PyTorch 1.13: VariableHooks::retains_grad */
static inline bool retains_grad(const Tensor* t) {
  return t->autograd_meta != NULL && t->autograd_meta->retains_grad;
}

/* Appends a hook to t's own hooks (taken over: destroyed on failure too).
 * 0, or -1 with a RuntimeError (out of memory).
 * PyTorch 1.13: torch/csrc/autograd/variable.cpp impl::add_hook */
int add_hook(Tensor* t, struct FunctionPreHook* hook);
/* Destroys t's own hooks.  PyTorch 1.13: impl::clear_hooks */
void clear_hooks(Tensor* t);

/* Replaces t's grad by `grad` (retained; NULL: `t.grad = None`).
 * Returns 0, or -1 with a RuntimeError (out of memory).
 * PyTorch 1.13: VariableHooks::mutable_grad (assignment) */
int set_grad(Tensor* t, const Tensor* grad);

/*
 * The edge t's gradient flows along: (grad_fn, output_nr) for a tensor with
 * history, (the leaf's AccumulateGrad, 0) for a leaf that requires grad (made
 * on first use), and the invalid edge for a tensor that requires nothing.
 * The edge owns one reference to its function.  On out of memory: the
 * invalid edge for a tensor that requires grad, with a RuntimeError set.
 * PyTorch 1.13: torch/csrc/autograd/variable.cpp impl::gradient_edge
 */
Edge gradient_edge(const Tensor* t);

/*
 * A leaf's AccumulateGrad, one more reference: the existing one if the leaf
 * has one alive, else a new one (the leaf then points at it weakly); NULL
 * for a tensor that does not require grad (or with the error set, out of
 * memory).  PyTorch 1.13: torch/csrc/autograd/variable.cpp impl::grad_accumulator
 */
Node* grad_accumulator(const Tensor* t);
/* The leaf's AccumulateGrad if one is alive (one more reference), else NULL.
 * PyTorch 1.13: impl::try_get_grad_accumulator */
Node* try_get_grad_accumulator(const Tensor* t);

/* Gives t the history (grad_fn, output_nr) (grad_fn retained).
 * Returns 0, or -1 with a RuntimeError (out of memory).
 * PyTorch 1.13: torch/csrc/autograd/variable.cpp impl::set_gradient_edge */
int set_gradient_edge(Tensor* t, Edge edge);

/*
 * Makes t an output of grad_fn: adds t's InputMetadata to the node (t NULL:
 * an undefined output) and sets t's gradient edge to (grad_fn, that input).
 * Returns 0, or -1 with a RuntimeError.
 * PyTorch 1.13: torch/csrc/autograd/VariableTypeUtils.h set_history
 */
int set_history(Tensor* t, Node* grad_fn);

/* Whether any of the n tensors (NULL entries allowed) requires grad, and
 * grad mode is on: whether an operator records a node.
 * PyTorch 1.13: torch/csrc/autograd/function.h compute_requires_grad */
bool compute_requires_grad(const Tensor* const* tensors, size_t n);

/*
 * The gradient edges of n tensors (NULL: the invalid edge) into a new array
 * the caller owns (free() it, or pass it to Node_set_next_edges, which copies
 * it; each edge owns a reference).  NULL with the error set on failure; n = 0
 * returns NULL without error.
 * PyTorch 1.13: torch/csrc/autograd/function.h collect_next_edges
 */
Edge* collect_next_edges(const Tensor* const* tensors, size_t n);
/* collect_next_edges and Node_set_next_edges in one step (1.13's generated
 * `grad_fn->set_next_edges(collect_next_edges(self, other))`).  0, or -1. */
int set_next_edges_from(Node* node, const Tensor* const* tensors, uint32_t n);

/*
 * A new header over t's data (same storage, sizes, strides, offset and
 * version counter) with no autograd history, or, while the trace mode is
 * active, what the mode's `aten::detach` returns, given t's version counter:
 * 1.13's shallow_copy_and_detach asks an active TorchDispatchMode to run
 * detach (Note [Non-differentiable views and the trace],
 * autograd/VariableTypeManual.c), so saving an output shows a detach in the
 * trace.  NULL with the error set on failure.
 * PyTorch 1.13: torch/csrc/autograd/variable.cpp VariableHooks::tensor_data,
 * c10/core/TensorImpl.cpp TensorImpl::shallow_copy_and_detach
 */
Tensor* tensor_data(const Tensor* t);
/* The same header, never through the trace mode (a copy no mode would see:
 * SavedVariable_breakCycle's). */
Tensor* tensor_data_untraced(const Tensor* t);

/*
 * `t.data`: a new header over t's data with no autograd history and a
 * version counter of its own, at 0 (so in-place writes through it go
 * unseen by autograd); through the trace mode as tensor_data is (1.13
 * shows aten::detach).  NULL with the error set.
 * PyTorch 1.13: torch/csrc/autograd/variable.cpp VariableHooks::variable_data
 */
Tensor* variable_data(const Tensor* t);

/*
 * `t.data = new_data`: t becomes a header over new_data's data (storage,
 * geometry, dtype), keeping its autograd meta and its version counter.  A
 * leaf's AccumulateGrad is dropped (the next backward makes one) when the
 * dtype or device changes.  Returns 0, or -1 with 1.13's RuntimeErrors:
 * "Attempted to call `variable.set_data(tensor)`, but `variable` and
 * `tensor` have incompatible tensor type." (a dense and a quantized or lazy
 * tensor), "data set to a tensor that requires gradients must be floating
 * point or complex dtype".
 * NB(minaten): a lazy tensor's data cannot be set (NotImplementedError).
 * PyTorch 1.13: torch/csrc/autograd/variable.cpp VariableHooks::set_data
 */
int set_data(Tensor* t, const Tensor* new_data);

/*
 * The tensor `data` as a variable with the history `edge` (the edge's
 * reference is taken over), or with requires_grad (edge invalid): a new
 * header (tensor_data, so sharing data's version counter) unless the caller
 * passes the only reference to `data`, which is then reused.  Consumes the
 * caller's reference to data.  NULL with the error set.
 * PyTorch 1.13: torch/csrc/autograd/variable.h make_variable (both forms)
 */
Tensor* make_variable(Tensor* data, Edge edge, bool requires_grad);

/*
 * What an ADInplaceOrView kernel does with the output `tensor` of a view
 * operator of `base` (consumes the caller's reference to tensor; returns the
 * view, a new reference, or NULL with a RuntimeError, out of memory):
 *
 *   - a differentiable view (`is_bw_differentiable`) is `tensor` itself, now
 *     `_is_view()`, with `_base` the tensor whose storage it views at the
 *     root (base itself or, when base is a view, base's own base), base's
 *     version counter, and `creation_meta` (combined with base's when base
 *     is a view: 1.13's propagate_creation_meta); `view_func` (NULL, or the
 *     replay of the operator that made it from base, consumed) is chained
 *     after base's own replay (ViewFunc_chain);
 *   - a non-differentiable one (view.dtype, and detach's hand-written kernel
 *     the same way) is a new header over tensor's data with no autograd
 *     meta and base's version counter (make_variable_non_differentiable_view).
 *
 * Done whether or not anything requires grad.
 * PyTorch 1.13: torch/csrc/autograd/VariableTypeUtils.h as_view,
 * torch/csrc/autograd/variable.h make_variable_differentiable_view,
 * make_variable_non_differentiable_view, DifferentiableViewMeta's constructor
 */
Tensor* as_view(const Tensor* base, Tensor* tensor, bool is_bw_differentiable, struct ViewFunc* view_func,
                CreationMeta creation_meta);

/* A new header over data (tensor_data: while a trace mode is active, the
 * mode's aten::detach, see Note [Non-differentiable views and the trace]
 * in VariableTypeManual.c) with no autograd meta and base's version
 * counter; consumes data.  New reference, or NULL with the error set.
 * PyTorch 1.13: torch/csrc/autograd/variable.h make_variable_non_differentiable_view */
Tensor* make_variable_non_differentiable_view(const Tensor* base, Tensor* data);

/*
 * The same for each of the outputs of an operator returning several views
 * (split, unbind: differentiable, creation_meta MULTI_OUTPUT_NODE, or
 * NO_GRAD_MODE, and no replay, not even base's); the list keeps its
 * tensors.  0, or -1 with a RuntimeError.
 * PyTorch 1.13: torch/csrc/autograd/VariableTypeUtils.h as_view (std::vector<Tensor>)
 */
int as_view_list(const Tensor* base, TensorList tensors, CreationMeta creation_meta);

/*
 * One more in-place write to t: what an ADInplaceOrView kernel does to each
 * tensor an in-place or out= operator wrote, after the write (see Note
 * [Version counters], runtime/TensorImpl.h).  0, or -1 with 1.13's error
 * for an inference tensor outside inference mode (the write stays done).
 * PyTorch 1.13: torch/csrc/autograd/VariableTypeUtils.h increment_version,
 * torch/csrc/autograd/variable.cpp impl::bump_version
 */
static inline int increment_version(const Tensor* t) { return Tensor_bumpVersion(t); }

/*
 * What a VariableType kernel of an in-place operator checks before writing
 * `self` (any_requires_grad: whether an input requires grad).  Returns 0, or
 * -1 with 1.13's RuntimeErrors, word for word: a view made in no_grad mode
 * written with grad mode on, one of several views one operator returned
 * ("Output 0 of SplitBackward0 is a view and is being modified inplace. ..."),
 * a view of a leaf that requires grad, a leaf that requires grad.
 * PyTorch 1.13: torch/csrc/autograd/VariableTypeUtils.h check_inplace,
 * torch/csrc/autograd/variable.cpp handle_view_on_rebase
 */
int check_inplace(const Tensor* self, bool any_requires_grad);

/*
 * Gives `self`, just written in place, the history grad_fn (its one output).
 * Returns 0, or -1 with the error set.
 * NB(minaten): for a view, 1.13 rewrites the base's history (CopySlices);
 * minaten refuses with a NotImplementedError for now.
 * PyTorch 1.13: torch/csrc/autograd/VariableTypeUtils.h rebase_history,
 * torch/csrc/autograd/variable.cpp impl::rebase_history
 */
int rebase_history(Tensor* self, Node* grad_fn);

/* Sets 1.13's RuntimeError "<name>(): functions with out=... arguments don't
 * support automatic differentiation, but one of the arguments requires
 * grad." and returns -1.
 * PyTorch 1.13: torch/csrc/autograd/VariableTypeUtils.h throw_error_out_requires_grad */
int throw_error_out_requires_grad(const char* name);

#endif
