/*
 * autograd_not_implemented_fallback.c - see autograd_not_implemented_fallback.h.
 * PyTorch 1.13: torch/csrc/autograd/autograd_not_implemented_fallback.cpp
 */
#include "autograd/autograd_not_implemented_fallback.h"

#include <stdlib.h>

#include "autograd/VariableTypeUtils.h"
#include "autograd/functions/basic_ops.h"
#include "autograd/variable.h"
#include "dispatch/Dispatcher.h"
#include "runtime/Exception.h"
#include "runtime/GradMode.h"

/* Calls fn on every tensor of the n values (a tensor, or a tensor list's
 * elements; undefined ones skipped).
 * PyTorch 1.13: autograd_not_implemented_fallback.cpp _foreach_tensor */
static int foreach_tensor(const IValue* values, size_t n, int (*fn)(Tensor* t, void* ctx), void* ctx) {
  for (size_t i = 0; i < n; i++) {
    if (values[i].tag == IValueTag_Tensor) {
      if (values[i].u.tensor != NULL && fn(values[i].u.tensor, ctx) < 0) return -1;
    } else if (values[i].tag == IValueTag_TensorList) {
      TensorList l = IValue_toTensorList(&values[i]);
      for (size_t k = 0; k < l.size; k++)
        if (l.data[k] != NULL && fn(l.data[k], ctx) < 0) return -1;
    }
  }
  return 0;
}

typedef struct Requiring {
  const Tensor** tensors;
  size_t size, capacity;
} Requiring;

static int collect_requiring_grad(Tensor* t, void* ctx) {
  Requiring* r = ctx;
  if (!requires_grad(t)) return 0;
  if (r->size == r->capacity) {
    size_t capacity = r->capacity ? 2 * r->capacity : 8;
    const Tensor** grown = realloc(r->tensors, capacity * sizeof *grown);
    if (grown == NULL) {
      Error_set(ErrorType_RuntimeError, "DefaultCPUAllocator: not enough memory");
      return -1;
    }
    r->tensors = grown;
    r->capacity = capacity;
  }
  r->tensors[r->size++] = t;
  return 0;
}

/* Only outputs of a differentiable dtype get the node as history. */
static int set_history_if_differentiable(Tensor* t, void* grad_fn) {
  return isDifferentiableType(t->dtype) ? set_history(t, grad_fn) : 0;
}

int autogradNotImplementedFallback(const KernelFunction* kernel, const OperatorEntry* op, DispatchKeySet ks,
                                   IValue* args, IValue* rets) {
  (void)kernel;
  const FunctionSchema* s = &op->schema;
  Requiring req = {NULL, 0, 0};
  Node* grad_fn = NULL;
  int r = -1;
  TRY(foreach_tensor(args, s->num_arguments, collect_requiring_grad, &req) == 0);
  if (req.size > 0 && GradMode_is_enabled()) {
    grad_fn = NotImplemented_new(s->ns, s->name);
    TRY(grad_fn != NULL);
    TRY(set_next_edges_from(grad_fn, req.tensors, (uint32_t)req.size) == 0);
  }
  DispatchKeyGuard guard = AutoDispatchBelowADInplaceOrView_push();
  r = Dispatcher_redispatchBoxed(op, DispatchKeySet_and(ks, DispatchKeySet_fullAfter(DispatchKey_ADInplaceOrView)),
                                 args, rets);
  DispatchKeyGuard_pop(guard);
  if (r == 0 && grad_fn != NULL && foreach_tensor(rets, s->num_returns, set_history_if_differentiable, grad_fn) < 0) {
    for (size_t i = 0; i < s->num_returns; i++) IValue_release(&rets[i]);
    r = -1;
  }
fail:
  Node_release(grad_fn);
  free(req.tensors);
  return r;
}
