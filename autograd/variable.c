/*
 * variable.c - AutogradMeta and recording history; see variable.h.
 * PyTorch 1.13: torch/csrc/autograd/variable.cpp, VariableTypeUtils.h,
 * function.h (collect_next_edges, compute_requires_grad)
 */
#include "autograd/variable.h"

#include <stdio.h>
#include <stdlib.h>

#include "Functions.h"
#include "AutogradFunctions.h"
#include "autograd/SavedVariable.h"
#include "autograd/VariableTypeUtils.h"
#include "autograd/ViewFunc.h"
#include "autograd/functions/AccumulateGrad.h"
#include "autograd/functions/tensor.h"
#include "dispatch/TorchDispatchModeTLS.h"
#include "dispatch/TraceMode.h"
#include "ops/functionalization/FunctionalTensorWrapper.h"
#include "runtime/Exception.h"
#include "runtime/GradMode.h"
#include "runtime/InferenceMode.h"
#include "runtime/LocalDispatchKeySet.h"

/* The last release of a tensor that had an AutogradMeta.
 * PyTorch 1.13: torch/csrc/autograd/variable.h AutogradMeta::~AutogradMeta */
static void AutogradMeta_release(AutogradMeta* meta) {
  /* A leaf's AccumulateGrad holds the leaf, so it is gone by now; unless
   * the leaf got a grad_fn, and the node holds it weakly (Note [A leaf
   * moved into the graph interior]): the node forgets it. */
  if (meta->grad_accumulator != NULL) {
    AccumulateGrad_forgetVariable(meta->grad_accumulator);
    meta->grad_accumulator = NULL;
  }
  /* saved variables holding this tensor weakly forget it, before its
   * grad_fn (which may own them) goes */
  if (meta->weak_saved != NULL) {
    /* the name grad_fn() would give: a CPU view written since its grad_fn
     * was made gets AsStridedBackward0; a replay gives its first node again */
    const char* name = meta->grad_fn != NULL ? Node_name(meta->grad_fn) : NULL;
    if (meta->is_view && meta->view_fn == NULL && meta->grad_fn != NULL &&
        meta->attr_version != Tensor_version(meta->weak_saved->data)) /* its header shares the counter */
      name = AsStridedBackward0_type.name;
    SavedVariable_forgetOriginal(meta->weak_saved, name);
  }
  meta->weak_saved = NULL;
  /* the retain_grad hook's weak reference to this tensor expires */
  if (meta->retains_grad && meta->grad_fn != NULL && meta->grad_fn->retains_grad != NULL)
    meta->grad_fn->retains_grad[meta->output_nr] = NULL;
  for (uint32_t i = 0; i < meta->num_hooks; i++) FunctionPreHook_destroy(meta->hooks[i]);
  free(meta->hooks);
  Tensor_release(meta->grad);
  Node_release(meta->grad_fn);
  Tensor_release(meta->base);
  ViewFunc_release(meta->view_fn);
  free(meta);
}

AutogradMeta* materialize_autograd_meta(Tensor* t) {
  if (t->autograd_meta != NULL) return t->autograd_meta;
  AutogradMeta* meta = calloc(1, sizeof *meta);
  TORCH_CHECK_ALLOC(meta != NULL);
  Tensor_releaseAutogradMeta = AutogradMeta_release;
  Tensor_autogradRequiresGrad = requires_grad;
  t->autograd_meta = meta;
  return meta;
fail:
  return NULL;
}

int set_requires_grad(Tensor* t, bool requires_grad) {
  TORCH_CHECK(!(requires_grad && Tensor_isInference(t) && !InferenceMode_is_enabled()),
              "Setting requires_grad=True on inference tensor outside InferenceMode is not allowed.");
  /* TensorImpl::set_requires_grad: nothing to record for False */
  if (!requires_grad && t->autograd_meta == NULL) return 0;
  TORCH_CHECK(!requires_grad || isDifferentiableType(t->dtype),
              "Only Tensors of floating point and complex dtype can require gradients");
  AutogradMeta* meta;
  TRY((meta = materialize_autograd_meta(t)) != NULL);
  meta->requires_grad = requires_grad;
  return 0;
fail:
  return -1;
}

int requires_grad_(Tensor* t, bool requires_grad) {
  TORCH_CHECK(is_leaf(t) || requires_grad,
              "you can only change requires_grad flags of leaf variables. If you want to use a "
              "computed variable in a subgraph that doesn't require differentiation use var_no_grad "
              "= var.detach().");
  TORCH_CHECK(!requires_grad || isDifferentiableType(t->dtype),
              "only Tensors of floating point dtype can require gradients");
  /* a non-leaf asked for True keeps its history (1.13: set_requires_grad
   * sets the leaf flag, which grad_fn overrides) */
  return set_requires_grad(t, requires_grad);
fail:
  return -1;
}

int set_grad(Tensor* t, const Tensor* grad) {
  if (grad == NULL && t->autograd_meta == NULL) return 0;
  AutogradMeta* meta;
  TRY((meta = materialize_autograd_meta(t)) != NULL);
  Tensor* old = meta->grad;
  meta->grad = grad != NULL ? Tensor_retain(grad) : NULL;
  Tensor_release(old);
  return 0;
fail:
  return -1;
}

int add_hook(Tensor* t, FunctionPreHook* hook) {
  AutogradMeta* meta = materialize_autograd_meta(t);
  FunctionPreHook** bigger = meta != NULL ? realloc(meta->hooks, (meta->num_hooks + 1) * sizeof *bigger) : NULL;
  if (bigger == NULL) FunctionPreHook_destroy(hook);
  TRY(meta != NULL);
  TORCH_CHECK_ALLOC(bigger != NULL);
  meta->hooks = bigger;
  meta->hooks[meta->num_hooks++] = hook;
  return 0;
fail:
  return -1;
}

void clear_hooks(Tensor* t) {
  AutogradMeta* meta = get_autograd_meta(t);
  if (meta == NULL) return;
  FunctionPreHook** hooks = meta->hooks;
  uint32_t n = meta->num_hooks;
  meta->hooks = NULL; /* emptied first: a hook's destroy may run Python code */
  meta->num_hooks = 0;
  for (uint32_t i = 0; i < n; i++) FunctionPreHook_destroy(hooks[i]);
  free(hooks);
}

/* retain_grad's hook on fn's input value_idx: the tensor fn->retains_grad
 * names there (weak; NULL once it went or moved to another grad_fn) gets a
 * copy of its gradient as .grad, or adds it to the one it has.  It runs in
 * its place among fn's pre-hooks, so `y.register_hook(h); y.retain_grad()`
 * retains what h returned and the other order what h received.  The node
 * owns the hook, so the hook's pointer to it is always valid.
 * PyTorch 1.13: torch/csrc/autograd/variable.cpp VariableHooks::retain_grad
 * (its retain_grad_hook, a CppFunctionPreHook: cpp_hook.cpp) */
typedef struct RetainGradHook {
  FunctionPreHook base;
  Node* fn; /* the node owning the hook */
  uint32_t value_idx;
} RetainGradHook;

static int RetainGradHook_call(FunctionPreHook* hook, Tensor** values, uint32_t n) {
  RetainGradHook* self = (RetainGradHook*)hook;
  Tensor* var = self->fn->retains_grad != NULL ? self->fn->retains_grad[self->value_idx] : NULL;
  Tensor* grad = self->value_idx < n ? values[self->value_idx] : NULL;
  if (var == NULL || grad == NULL) return 0;
  Tensor* old = Tensor_grad(var);
  Tensor* updated;
  if (old == NULL) {
    OptionalMemoryFormat contiguous = {true, MemoryFormat_Contiguous};
    updated = at_clone(grad, contiguous);
  } else {
    updated = at_add_Tensor(old, grad, Scalar_fromLong(1));
  }
  if (updated == NULL) return -1;
  int status = set_grad(var, updated);
  Tensor_release(updated);
  return status;
}

static void RetainGradHook_destroy(FunctionPreHook* hook) { free(hook); }

static const FunctionPreHookType RetainGradHook_type = {"RetainGradHook", RetainGradHook_call,
                                                        RetainGradHook_destroy};

/* fn keeps the gradient of its input `output_nr` in t's .grad (weakly):
 * the entry in fn->retains_grad, and the pre-hook reading it (one per
 * input: an entry set again, after a detach_ cleared it, reuses it).
 * PyTorch 1.13: VariableHooks::retain_grad (register_hook of its hook) */
static int add_retains_grad_hook(Node* fn, uint32_t output_nr, Tensor* t) {
  if (fn->retains_grad == NULL) {
    fn->retains_grad = calloc(fn->num_inputs, sizeof *fn->retains_grad);
    TORCH_CHECK_ALLOC(fn->retains_grad != NULL);
  }
  fn->retains_grad[output_nr] = t; /* weak */
  for (uint32_t i = 0; i < fn->num_pre_hooks; i++) {
    const FunctionPreHook* h = fn->pre_hooks[i];
    if (h->type == &RetainGradHook_type && ((const RetainGradHook*)h)->value_idx == output_nr) return 0;
  }
  RetainGradHook* hook = malloc(sizeof *hook);
  TORCH_CHECK_ALLOC(hook != NULL);
  *hook = (RetainGradHook){{&RetainGradHook_type}, fn, output_nr};
  return Node_add_pre_hook(fn, &hook->base);
fail:
  return -1;
}

int retain_grad(Tensor* t) {
  TORCH_CHECK(requires_grad(t), "can't retain_grad on Tensor that has requires_grad=False");
  if (is_leaf(t)) return 0; /* no-op for leaves */
  AutogradMeta* meta = t->autograd_meta;
  if (meta->retains_grad) return 0;
  TRY(add_retains_grad_hook(meta->grad_fn, meta->output_nr, t) == 0);
  meta->retains_grad = true;
  return 0;
fail:
  return -1;
}

Node* try_get_grad_accumulator(const Tensor* t) {
  const AutogradMeta* meta = t->autograd_meta;
  return meta != NULL ? Node_retain(meta->grad_accumulator) : NULL;
}

Node* grad_accumulator(const Tensor* t) {
  AutogradMeta* meta = t->autograd_meta;
  if (meta == NULL || !meta->requires_grad) return NULL;
  /* 1.13 throws std::logic_error("grad_accumulator() should be only called
   * on leaf Variables"): a minaten bug if it happens. */
  TORCH_INTERNAL_ASSERT(meta->grad_fn == NULL);
  if (meta->grad_accumulator != NULL) return Node_retain(meta->grad_accumulator);
  Node* result = AccumulateGrad_new((Tensor*)t);
  meta->grad_accumulator = result; /* weak; AccumulateGrad's destroy clears it */
  return result;
}

Edge gradient_edge(const Tensor* t) {
  /* If grad_fn is null (as is the case for a leaf node), we instead interpret
   * the gradient function to be a gradient accumulator, which will
   * accumulate its inputs into the grad property of the variable. */
  Node* fn = grad_fn(t);
  if (fn != NULL) return (Edge){Node_retain(fn), output_nr(t)};
  return (Edge){grad_accumulator(t), 0};
}

int set_gradient_edge(Tensor* t, Edge edge) {
  AutogradMeta* meta;
  TRY((meta = materialize_autograd_meta(t)) != NULL);
  Node* old = meta->grad_fn;
  meta->grad_fn = Node_retain(edge.function);
  meta->output_nr = edge.input_nr;
  /* a view keeps this grad_fn until its version moves on (grad_fn()) */
  if (meta->is_view) meta->attr_version = Tensor_version(t);
  /* Note [A leaf moved into the graph interior] */
  if (meta->grad_accumulator != NULL && old == NULL && edge.function != NULL)
    AccumulateGrad_weakenVariable(meta->grad_accumulator);
  else if (meta->grad_accumulator != NULL && old != NULL && edge.function == NULL)
    AccumulateGrad_strengthenVariable(meta->grad_accumulator);
  Node_release(old);
  return 0;
fail:
  return -1;
}

int set_history(Tensor* t, Node* grad_fn) {
  TORCH_INTERNAL_ASSERT(grad_fn != NULL);
  if (t == NULL) return Node_add_input_metadata(grad_fn, NULL) >= 0 ? 0 : -1;
  /* NB(minaten): 1.13 reaches this internal assert from user code, and
   * reports it as a RuntimeError: a quantized tensor that requires grad
   * (written in place with a value that does, then viewed in place:
   * unsqueeze_), an integer result of an operator whose dtype= argument
   * the caller chose (sum(y, dtype=torch.uint8) of a y that requires
   * grad).  minaten raises the same words for every dtype that is not
   * differentiable: user code reaches it, so it is no bug of minaten's.
   * (1.13's comment: "If the codegen triggers this, you most likely want
   * to add your newly added function to the DONT_REQUIRE_DERIVATIVE
   * list".) */
  if (!isDifferentiableType(t->dtype)) {
    Error_set(ErrorType_RuntimeError,
              "isDifferentiableType(variable.scalar_type()) INTERNAL ASSERT FAILED at "
              "\"./torch/csrc/autograd/functions/utils.h\":75, please report a bug to PyTorch.");
    return -1;
  }
  int64_t nr = Node_add_input_metadata(grad_fn, t);
  if (nr < 0) return -1;
  return set_gradient_edge(t, (Edge){grad_fn, (uint32_t)nr});
}

bool compute_requires_grad(const Tensor* const* tensors, size_t n) {
  if (!GradMode_is_enabled()) return false;
  for (size_t i = 0; i < n; i++)
    if (tensors[i] != NULL && requires_grad(tensors[i])) return true;
  return false;
}

Edge* collect_next_edges(const Tensor* const* tensors, size_t n) {
  if (n == 0) return NULL;
  Edge* edges = calloc(n, sizeof *edges);
  TORCH_CHECK_ALLOC(edges != NULL);
  for (size_t i = 0; i < n; i++) {
    if (tensors[i] == NULL) continue; /* an undefined input: the invalid edge */
    edges[i] = gradient_edge(tensors[i]);
    if (!Edge_is_valid(edges[i]) && Error_occurred()) { /* out of memory */
      for (size_t j = 0; j < i; j++) Node_release(edges[j].function);
      free(edges);
      return NULL;
    }
  }
  return edges;
fail:
  return NULL;
}

int set_next_edges_from(Node* node, const Tensor* const* tensors, uint32_t n) {
  Edge* edges = collect_next_edges(tensors, n);
  if (edges == NULL && n > 0) return -1;
  int status = Node_set_next_edges(node, edges, n);
  free(edges);
  return status;
}

/* The keys at::AutoDispatchBelowADInplaceOrView excludes. */
static DispatchKeySet autograd_and_inplace_or_view(void) {
  return DispatchKeySet_add(DispatchKeySet_autograd(), DispatchKey_ADInplaceOrView);
}

Tensor* tensor_data_untraced(const Tensor* t) {
  /* A lazy tensor is 1.13's FunctionalTensorWrapper, which has no Python
   * key: its copy never asks the mode, and stands for the same IR value (no
   * detach_copy node in its graph).  A functional tensor's copy shares its
   * value, storage and view metas. */
  Tensor* result = t->lazy != NULL         ? Tensor_shallowCopyLazy(t)
                   : t->functional != NULL ? functionalization_shallowCopy(t)
                                           : Tensor_makeView(t, Tensor_sizes(t), Tensor_strides(t), t->storage_offset);
  /* shallow_copy_and_detach(version_counter = t's) */
  if (result != NULL) Tensor_setVersionCounter(result, Tensor_versionCounter(t));
  return result;
}

/* aten::detach as the mode sees it: a TorchDispatchMode gets the call
 * (below autograd: the copy has no history); the trace mode prints it and
 * runs it below itself.
 * PyTorch 1.13: python_variable.cpp ConcretePyInterpreterVTable::detach */
static Tensor* detach_through_mode(const Tensor* t) {
  DispatchKeySet below = autograd_and_inplace_or_view();
  if (TorchDispatchModeTLS_stack_len() == 0 && !DispatchKeySet_has(t->key_set, DispatchKey_Python)) {
    TraceMode_printOp("aten::detach");
    below = DispatchKeySet_add(below, DispatchKey_Python);
  }
  DispatchKeyGuard guard = ExcludeDispatchKeyGuard_push(below);
  Tensor* result = at_detach(t);
  DispatchKeyGuard_pop(guard);
  return result;
}

/* Whether a shallow copy of t is made by aten::detach through the Python
 * key: while a mode would see it, or when t is a __torch_dispatch__
 * subclass's (its PyInterpreter's detach).
 * PyTorch 1.13: c10/core/TensorImpl.cpp shallow_copy_and_detach_core
 * (key_set_.has(DispatchKey::Python)) */
static bool detach_through_python(const Tensor* t) {
  return t->lazy == NULL && t->functional == NULL && (TraceMode_isActive() || DispatchKeySet_has(t->key_set, DispatchKey_Python));
}

Tensor* tensor_data(const Tensor* t) {
  if (!detach_through_python(t)) return tensor_data_untraced(t);
  Tensor* result = detach_through_mode(t);
  if (result != NULL) Tensor_setVersionCounter(result, Tensor_versionCounter(t));
  return result;
}

Tensor* variable_data(const Tensor* t) {
  Tensor* result = NULL;
  if (!detach_through_python(t)) {
    result = t->lazy != NULL ? Tensor_shallowCopyLazy(t)
                             : Tensor_makeView(t, Tensor_sizes(t), Tensor_strides(t), t->storage_offset);
  } else {
    result = detach_through_mode(t); /* as in tensor_data */
  }
  if (result != NULL && result->version_counter != NULL) {
    /* shallow_copy_and_detach(version_counter = 0): a counter of its own */
    VariableVersion* fresh = malloc(sizeof *fresh);
    TORCH_CHECK_ALLOC(fresh != NULL);
    fresh->refcount = 0;
    fresh->version = 0;
    Tensor_setVersionCounter(result, fresh);
  }
  return result;
fail:
  Tensor_release(result);
  return NULL;
}

/* Whether new_data's header can be copied into t's: the same kind of
 * TensorImpl (dense with dense, or the same key set).
 * PyTorch 1.13: torch/csrc/autograd/variable.cpp _has_compatible_shallow_copy_type,
 * c10/core/TensorImpl.h has_compatible_shallow_copy_type */
static bool has_compatible_shallow_copy_type(const Tensor* t, const Tensor* new_data) {
  bool dense = Tensor_backendKey(t) == DispatchKey_CPU && Tensor_backendKey(new_data) == DispatchKey_CPU;
  return dense || DispatchKeySet_equals(t->key_set, new_data->key_set);
}

int set_data(Tensor* t, const Tensor* new_data) {
  TORCH_CHECK(has_compatible_shallow_copy_type(t, new_data),
              "Attempted to call `variable.set_data(tensor)`, but `variable` and `tensor` have incompatible tensor "
              "type.");
  TORCH_CHECK(!requires_grad(t) || isDifferentiableType(new_data->dtype),
              "data set to a tensor that requires gradients must be floating point or complex dtype");
  TORCH_CHECK_NOT_IMPLEMENTED(t->lazy == NULL && new_data->lazy == NULL,
                              "minaten: the data of a lazy tensor cannot be set");
  AutogradMeta* meta = get_autograd_meta(t);
  if (meta != NULL && meta->grad_accumulator != NULL) {
    /* the accumulator's input metadata (dtype, device) would be out of date */
    const InputMetadata* old = &meta->grad_accumulator->input_metadata[0];
    if (new_data->dtype != t->dtype || new_data->device.type != t->device.type ||
        old->device.type != new_data->device.type)
      meta->grad_accumulator = NULL; /* weak: the node lives on with whoever holds it */
  }
  return Tensor_shallowCopyFrom(t, new_data);
fail:
  return -1;
}

Tensor* make_variable(Tensor* data, Edge edge, bool requires_grad) {
  Tensor* var = data;
  if (data->refcount > 1 || data->autograd_meta != NULL) {
    /* someone else sees this header: a new one over the same data */
    var = tensor_data(data);
    Tensor_release(data);
    if (var == NULL) {
      Node_release(edge.function);
      return NULL;
    }
  }
  if (Edge_is_valid(edge)) {
    int status = set_gradient_edge(var, edge);
    Node_release(edge.function); /* set_gradient_edge retained it */
    TRY(status == 0);
  } else {
    TRY(set_requires_grad(var, requires_grad) == 0);
  }
  return var;
fail:
  Tensor_release(var);
  return NULL;
}

/* A new header over data with no autograd meta and base's version counter;
 * consumes data (see variable.h).
 * PyTorch 1.13: torch/csrc/autograd/variable.h make_variable_non_differentiable_view */
Tensor* make_variable_non_differentiable_view(const Tensor* base, Tensor* data) {
  Tensor* copy = tensor_data(data);
  Tensor_release(data);
  if (copy != NULL) Tensor_setVersionCounter(copy, Tensor_versionCounter(base));
  return copy;
}

/* A view of a view is as restrictive as its base, or more: DEFAULT is the
 * least restrictive, INFERENCE_MODE the most.
 * PyTorch 1.13: torch/csrc/autograd/variable.h propagate_creation_meta */
static CreationMeta propagate_creation_meta(CreationMeta prev_view_creation_meta, CreationMeta new_view_creation_meta) {
  if (new_view_creation_meta == CreationMeta_DEFAULT) return prev_view_creation_meta;
  return prev_view_creation_meta == CreationMeta_INFERENCE_MODE ? prev_view_creation_meta : new_view_creation_meta;
}

/* Makes `view` a differentiable view of `root` (not itself a view),
 * replayed by view_fn (consumed; NULL for none).
 * PyTorch 1.13: torch/csrc/autograd/variable.h make_variable_differentiable_view,
 * variable.cpp DifferentiableViewMeta::DifferentiableViewMeta */
static int make_variable_differentiable_view(const Tensor* root, Tensor* view, ViewFunc* view_fn,
                                             CreationMeta creation_meta) {
  AutogradMeta* m = materialize_autograd_meta(view);
  if (m == NULL) {
    ViewFunc_release(view_fn);
    return -1;
  }
  Tensor_release(m->base);
  m->base = Tensor_retain(root);
  ViewFunc_release(m->view_fn);
  m->view_fn = view_fn;
  m->is_view = true;
  m->creation_meta = creation_meta;
  /* the view and its base see the same data: one version counter */
  Tensor_setVersionCounter(view, Tensor_versionCounter(root));
  m->attr_version = Tensor_version(view);
  return 0;
}

/* base's AutogradMeta when base is a view, else NULL. */
static const AutogradMeta* view_meta(const Tensor* base) {
  const AutogradMeta* bm = get_autograd_meta(base);
  return bm != NULL && bm->is_view && bm->base != NULL ? bm : NULL;
}

/* PyTorch 1.13: torch/csrc/autograd/VariableTypeUtils.h as_view */
Tensor* as_view(const Tensor* base, Tensor* tensor, bool is_bw_differentiable, ViewFunc* view_func,
                CreationMeta creation_meta) {
  /* Note [View of inference tensor]: the view, an inference tensor too, has
   * no version counter to share and no view metadata */
  if (Tensor_isInference(base)) {
    ViewFunc_release(view_func);
    return tensor;
  }
  if (!is_bw_differentiable) {
    ViewFunc_release(view_func);
    return make_variable_non_differentiable_view(base, tensor);
  }
  const AutogradMeta* bm = view_meta(base);
  const Tensor* root = base;
  if (bm != NULL) {
    /* a view of a view: of the same root, and replayed after base */
    root = bm->base;
    creation_meta = propagate_creation_meta(bm->creation_meta, creation_meta);
    bool ok;
    view_func = ViewFunc_chain(bm->view_fn, view_func, base, tensor, &ok);
    if (!ok) goto fail;
  }
  if (make_variable_differentiable_view(root, tensor, view_func, creation_meta) < 0) goto fail;
  return tensor;
fail:
  Tensor_release(tensor);
  return NULL;
}

/* PyTorch 1.13: torch/csrc/autograd/VariableTypeUtils.h as_view
 * (std::vector<Tensor>: each view gets ViewInfo(root base, nullptr)) */
int as_view_list(const Tensor* base, TensorList tensors, CreationMeta creation_meta) {
  if (Tensor_isInference(base)) return 0; /* Note [View of inference tensor] */
  const AutogradMeta* bm = view_meta(base);
  const Tensor* root = bm != NULL ? bm->base : base;
  if (bm != NULL) creation_meta = propagate_creation_meta(bm->creation_meta, creation_meta);
  for (size_t i = 0; i < tensors.size; i++)
    if (make_variable_differentiable_view(root, tensors.data[i], NULL, creation_meta) < 0) return -1;
  return 0;
}

/* ------------------------------------------------------------ in place */

/* requires_grad as 1.13's DifferentiableViewMeta answers it: a view also
 * requires grad when its base does (a view made in no_grad mode of a leaf
 * that requires grad). */
static bool view_requires_grad(const Tensor* t) {
  const AutogradMeta* m = t->autograd_meta;
  return requires_grad(t) || (m != NULL && m->is_view && m->base != NULL && requires_grad(m->base));
}

/*
 * Note [View + Inplace detection]: a write in place to a view, direct (the
 * view itself, check_inplace) or indirect (its base or another view of the
 * base, found when the view's grad_fn is next read), would rewrite the
 * view's history; a view whose CreationMeta is not DEFAULT refuses it,
 * with a message in two parts, as 1.13 builds it:
 *
 *   who:  "Output <n> of <grad_fn> is a view and" when the view has a
 *         grad_fn, else "A view was created in no_grad mode and";
 *   what: "is being modified inplace" (direct) or "its base or another view
 *         of its base has been modified inplace" (indirect), plus " with
 *         grad mode enabled" after the no_grad header;
 *   why:  by creation_meta: MULTI_OUTPUT_NODE, the output of a function
 *         that returns multiple views (also without a grad_fn: `a.split(2)`
 *         of a tensor that requires nothing, written with one that does);
 *         NO_GRAD_MODE, "ambiguous and error-prone", and 1.13 asserts the
 *         view has no grad_fn (a view made with grad mode on of a no_grad
 *         view inherits NO_GRAD_MODE with a grad_fn: the assert is what
 *         1.13 prints).
 *
 *         IN_CUSTOM_FUNCTION, a view a custom autograd.Function returned
 *         (or an input it returned as-is), whose backward the rewrite would
 *         bypass.
 *
 *         INFERENCE_MODE, the same with "A view was created in inference
 *         mode and ... in normal mode." and "inside the inference_mode
 *         block".
 * PyTorch 1.13: torch/csrc/autograd/variable.cpp handle_view_on_rebase
 */
static int handle_view_on_rebase(const AutogradMeta* m, bool indirect) {
  if (m->creation_meta == CreationMeta_DEFAULT) return 0;
  const char* modified_obj = indirect ? "its base or another view of its base has been" : "is being";
  char msg[512];
  if (m->grad_fn != NULL)
    snprintf(msg, sizeof msg, "Output %u of %s is a view and %s modified inplace.", m->output_nr,
             Node_name(m->grad_fn), modified_obj);
  else if (m->creation_meta == CreationMeta_INFERENCE_MODE)
    snprintf(msg, sizeof msg, "A view was created in inference mode and %s modified inplace in normal mode.",
             modified_obj);
  else
    snprintf(msg, sizeof msg, "A view was created in no_grad mode and %s modified inplace with grad mode enabled.",
             modified_obj);
  if (m->creation_meta == CreationMeta_MULTI_OUTPUT_NODE) {
    TORCH_CHECK(false,
                "%s This view is the output of a function that returns multiple views. Such functions do not allow "
                "the output views to be modified inplace. You should replace the inplace operation by an "
                "out-of-place one.",
                msg);
  }
  if (m->creation_meta == CreationMeta_IN_CUSTOM_FUNCTION) {
    TORCH_CHECK(false,
                "%s This view was created inside a custom Function (or because an input was returned as-is) and the "
                "autograd logic to handle view+inplace would override the custom backward associated with the custom "
                "Function, leading to incorrect gradients. This behavior is forbidden. You can fix this by cloning "
                "the output of the custom Function.",
                msg);
  }
  const char* block = m->creation_meta == CreationMeta_INFERENCE_MODE ? "inference_mode" : "no_grad";
  TORCH_INTERNAL_ASSERT(m->creation_meta == CreationMeta_NO_GRAD_MODE ||
                        m->creation_meta == CreationMeta_INFERENCE_MODE);
  /* 1.13's TORCH_INTERNAL_ASSERT(!grad_fn), a RuntimeError there */
  TORCH_CHECK(m->grad_fn == NULL,
              "!grad_fn INTERNAL ASSERT FAILED at \"./torch/csrc/autograd/variable.cpp\":792, please report a bug "
              "to PyTorch.");
  TORCH_CHECK(false,
              "%s Given that this use case is ambiguous and error-prone, it is forbidden. You can clarify your code "
              "by moving both the view and the inplace either both inside the %s block (if you don't want the "
              "inplace to be tracked) or both outside (if you want the inplace to be tracked).",
              msg, block);
fail:
  return -1;
}

int check_inplace(const Tensor* self, bool any_requires_grad) {
  /* NB(minaten): 1.13's compute_requires_grad sees a view's base through
   * DifferentiableViewMeta::requires_grad; minaten's requires_grad() does
   * not, so the check asks for it here */
  if (!(any_requires_grad || view_requires_grad(self)) || !GradMode_is_enabled()) return 0;
  const AutogradMeta* m = self->autograd_meta;
  if (m != NULL && m->is_view) {
    if (handle_view_on_rebase(m, false) < 0) return -1;
    TORCH_CHECK(!(view_requires_grad(self) && is_leaf(m->base)),
                "a view of a leaf Variable that requires grad is being used in an in-place operation.");
  }
  TORCH_CHECK(!(requires_grad(self) && is_leaf(self)),
              "a leaf Variable that requires grad is being used in an in-place operation.");
  return 0;
fail:
  return -1;
}

int rebase_history(Tensor* self, Node* fn) {
  AutogradMeta* m = self->autograd_meta;
  Node* copy_slices = NULL;
  if (m == NULL || !m->is_view) {
    /* the retain_grad hook moves to the new grad_fn: .grad is the gradient
     * of self as written (1.13's update_tensor_hooks_on_new_gradfn; a view
     * keeps it on its old one) */
    bool retains = m != NULL && m->retains_grad && m->grad_fn != NULL && m->grad_fn->retains_grad != NULL;
    if (retains) m->grad_fn->retains_grad[m->output_nr] = NULL;
    /* set_history without its dtype assert, as 1.13's rebase_history: a
     * quantized self written with a value that requires grad gets fn (its
     * quantizer then refuses every use, get_qtensorimpl_quantizer) */
    int64_t nr = Node_add_input_metadata(fn, self);
    TRY(nr >= 0);
    TRY(set_gradient_edge(self, (Edge){fn, (uint32_t)nr}) == 0);
    if (retains) TRY(add_retains_grad_hook(fn, self->autograd_meta->output_nr, self) == 0);
    return 0;
  }
  /* a view: the base's history becomes CopySlices around fn, and the view's
   * grad_fn is made again from the base (grad_fn() below) */
  TORCH_INTERNAL_ASSERT(m->creation_meta == CreationMeta_DEFAULT);
  TRY(Node_add_input_metadata(fn, self) == 0);
  TRY((copy_slices = CopySlices_new(m->base, self, m->view_fn, fn)) != NULL);
  TRY(set_gradient_edge(m->base, (Edge){copy_slices, 0}) == 0);
  Node_release(copy_slices);
  m->output_nr = 0;
  (void)grad_fn(self); /* trigger an update to the view's grad_fn */
  return Error_occurred() ? -1 : 0;
fail:
  Node_release(copy_slices);
  return -1;
}

/* The grad_fn of the view replayed on its base, one more reference (NULL
 * when it has none, or with the error set), with grad mode on (the engine
 * may have it off). */
static Node* replayed_grad_fn(const AutogradMeta* m) {
  AutoGradMode grad_mode = AutoGradMode_enter(true);
  Tensor* diff_view = ViewFunc_apply(m->view_fn, m->base);
  AutoGradMode_exit(grad_mode);
  if (diff_view == NULL) return NULL;
  Node* fn = Node_retain(diff_view->autograd_meta != NULL ? diff_view->autograd_meta->grad_fn : NULL);
  Tensor_release(diff_view);
  return fn;
}

/* Note [View + Inplace update for view tensor]: a view written in place (or
 * whose base was) gets a grad_fn from its base again: on the CPU,
 * AsStridedBackward0 with its geometry; for a view with a replay (lazy),
 * the nodes the replay records, the first of which becomes its grad_fn.
 * PyTorch 1.13: torch/csrc/autograd/variable.cpp VariableHooks::grad_fn */
Node* grad_fn(const Tensor* t) {
  AutogradMeta* m = t->autograd_meta;
  if (m == NULL) return NULL;
  if (!m->is_view || m->base == NULL) return m->grad_fn;
  if (m->grad_fn == NULL && !requires_grad(m->base)) return m->grad_fn;
  uint32_t current_version = Tensor_version(t);
  if (m->attr_version == current_version) return m->grad_fn;
  /* an indirect rebase: the base or another view was written */
  if (handle_view_on_rebase(m, true) < 0) return NULL;
  if (m->view_fn != NULL) {
    Node* fn = replayed_grad_fn(m);
    if (fn == NULL && Error_occurred()) return NULL;
    Node_release(m->grad_fn);
    m->grad_fn = fn;
    m->attr_version = current_version;
    return m->grad_fn;
  }
  const Tensor* base = m->base;
  AsStridedBackward0* fn = (AsStridedBackward0*)Node_new(&AsStridedBackward0_type, sizeof *fn);
  if (fn == NULL) return m->grad_fn;
  TRY(TensorGeometry_init(&fn->self_geometry, base) == 0);
  TRY(saved_IntArrayRef(&fn->size, Tensor_sizes(t)) == 0);
  TRY(saved_IntArrayRef(&fn->stride, Tensor_strides(t)) == 0);
  fn->storage_offset = (OptionalInt){true, t->storage_offset};
  TRY(set_next_edges_from(&fn->base, (const Tensor*[]){base}, 1) == 0);
  TRY(Node_add_input_metadata(&fn->base, t) >= 0);
  Node_release(m->grad_fn);
  m->grad_fn = &fn->base;
  m->output_nr = 0;
  m->attr_version = current_version;
  return m->grad_fn;
fail:
  Node_release(&fn->base);
  return m->grad_fn;
}

int throw_error_out_requires_grad(const char* name) {
  TORCH_CHECK(false,
              "%s(): functions with out=... arguments don't support automatic differentiation, but one of the "
              "arguments requires grad.",
              name);
fail:
  return -1;
}
