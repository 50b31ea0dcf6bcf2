/*
 * function_hook.h - hooks on the gradients a node takes and returns.
 *
 * A pre-hook sees a node's input gradients (the gradients of its forward
 * outputs) before the node runs and may replace them; a post-hook sees its
 * output gradients (and its inputs) after it ran and may replace those.
 * The engine calls them (autograd/engine.c call_pre_hooks, call_post_hooks)
 * in the order they were added to the node (Node_add_pre_hook,
 * Node_add_post_hook); a leaf's AccumulateGrad also calls its tensor's hooks
 * (AutogradMeta.hooks) on the gradient it is about to accumulate.
 *
 * C has no virtual functions: a hook is a struct whose first member points
 * at its type, a table of `call` and `destroy`, and a hook implementation
 * embeds it first (Tensor.register_hook's PyFunctionTensorPreHook in
 * csrc/autograd/python_hook.c, retain_grad's hook in autograd/variable.c).
 * The owner (a node, or a tensor's AutogradMeta) destroys its hooks when it
 * goes.  A type is compared by address to find a hook of a kind (1.13's
 * dynamic_cast).
 *
 * PyTorch 1.13: torch/csrc/autograd/function_hook.h (FunctionPreHook,
 * FunctionPostHook)
 */
#ifndef MINATEN_AUTOGRAD_FUNCTION_HOOK_H
#define MINATEN_AUTOGRAD_FUNCTION_HOOK_H

#include <stdint.h>

#include "runtime/TensorImpl.h"

struct FunctionPreHook;
struct FunctionPostHook;

/* PyTorch 1.13: function_hook.h FunctionPreHook (virtual members) */
typedef struct FunctionPreHookType {
  const char* name;
  /* values: the node's n input gradients, owned references (NULL: an
   * undefined gradient); the hook may replace any of them (releasing the
   * old).  Returns 0, or -1 with the error set.
   * PyTorch 1.13: FunctionPreHook::operator() */
  int (*call)(struct FunctionPreHook* self, Tensor** values, uint32_t n);
  /* Frees the hook.  PyTorch 1.13: ~FunctionPreHook */
  void (*destroy)(struct FunctionPreHook* self);
} FunctionPreHookType;

typedef struct FunctionPreHook {
  const FunctionPreHookType* type;
} FunctionPreHook;

/* PyTorch 1.13: function_hook.h FunctionPostHook (virtual members) */
typedef struct FunctionPostHookType {
  const char* name;
  /* outputs: the node's num_outputs output gradients (grad_inputs), owned,
   * which the hook may replace; inputs: its num_inputs input gradients
   * (grad_outputs), borrowed.  Returns 0, or -1 with the error set.
   * PyTorch 1.13: FunctionPostHook::operator() */
  int (*call)(struct FunctionPostHook* self, Tensor** outputs, uint32_t num_outputs, Tensor* const* inputs,
              uint32_t num_inputs);
  void (*destroy)(struct FunctionPostHook* self);
} FunctionPostHookType;

typedef struct FunctionPostHook {
  const FunctionPostHookType* type;
} FunctionPostHook;

static inline void FunctionPreHook_destroy(FunctionPreHook* hook) {
  if (hook != NULL) hook->type->destroy(hook);
}

static inline void FunctionPostHook_destroy(FunctionPostHook* hook) {
  if (hook != NULL) hook->type->destroy(hook);
}

#endif
