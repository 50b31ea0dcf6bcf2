/*
 * autograd_not_implemented_fallback.c - see autograd_not_implemented_fallback.h.
 * PyTorch 1.13: torch/csrc/autograd/autograd_not_implemented_fallback.cpp
 */
#include "autograd/autograd_not_implemented_fallback.h"

#include <stdio.h>
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
      Error_setBadAlloc();
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

/* The same for the tensor an in-place operator wrote: its history is
 * rewritten (through a view, its base's: CopySlices). */
static int rebase_history_if_differentiable(Tensor* t, void* grad_fn) {
  return isDifferentiableType(t->dtype) ? rebase_history(t, grad_fn) : 0;
}

/* The refusals of a write under autograd (check_inplace: a leaf that
 * requires grad, ...), for every argument the schema writes: self of an
 * in-place operator, the outs of an out= one. */
static int check_written(const FunctionSchema* s, const IValue* args, bool any_requires_grad) {
  for (size_t i = 0; i < s->num_arguments; i++)
    if (s->arguments[i].alias_info.is_write && args[i].tag == IValueTag_Tensor && args[i].u.tensor != NULL &&
        check_inplace(args[i].u.tensor, any_requires_grad) < 0)
      return -1;
  return 0;
}

/* History for each return of a differentiable dtype: a written one (self of
 * floor_divide_, out of floor_divide.out) has its history rewritten
 * (rebase_history: through a view, its base's CopySlices), a new one gets
 * the node (set_history). */
static int give_history(const FunctionSchema* s, IValue* rets, Node* grad_fn) {
  for (size_t i = 0; i < s->num_returns; i++) {
    int (*fn)(Tensor*, void*) = s->returns[i].alias_info.is_write ? rebase_history_if_differentiable
                                                                   : set_history_if_differentiable;
    if (foreach_tensor(&rets[i], 1, fn, grad_fn) < 0) return -1;
  }
  return 0;
}

/* Whether the schema writes one of its returns (in place or out=). */
static bool writes_a_return(const FunctionSchema* s) {
  for (size_t i = 0; i < s->num_returns; i++)
    if (s->returns[i].alias_info.is_write) return true;
  return false;
}

int autogradNotImplementedFallback(const KernelFunction* kernel, const OperatorEntry* op, DispatchKeySet ks,
                                   IValue* args, IValue* rets) {
  (void)kernel;
  const FunctionSchema* s = &op->schema;
  Requiring req = {NULL, 0, 0};
  Node* grad_fn = NULL;
  int r = -1;
  bool writes = writes_a_return(s);
  TRY(foreach_tensor(args, s->num_arguments, collect_requiring_grad, &req) == 0);
  TRY(check_written(s, args, req.size > 0) == 0);
  if (req.size > 0 && GradMode_is_enabled()) {
    /* the operator's name without its overload: "aten::floor_divide" */
    char op_name[256];
    snprintf(op_name, sizeof op_name, "%s::%s", s->ns, s->name);
    grad_fn = NotImplemented_new(op_name);
    TRY(grad_fn != NULL);
    TRY(set_next_edges_from(grad_fn, req.tensors, (uint32_t)req.size) == 0);
  }
  /* below autograd; an operator that writes also through its
   * ADInplaceOrView kernel, which bumps the written tensor's version */
  DispatchKeySet below = DispatchKeySet_and(ks, DispatchKeySet_fullAfter(DispatchKey_ADInplaceOrView));
  if (writes && DispatchKeySet_has(ks, DispatchKey_ADInplaceOrView))
    below = DispatchKeySet_add(below, DispatchKey_ADInplaceOrView);
  DispatchKeyGuard guard = writes ? AutoDispatchBelowAutograd_push() : AutoDispatchBelowADInplaceOrView_push();
  r = Dispatcher_redispatchBoxed(op, below, args, rets);
  DispatchKeyGuard_pop(guard);
  if (r == 0 && grad_fn != NULL && give_history(s, rets, grad_fn) < 0) {
    for (size_t i = 0; i < s->num_returns; i++) IValue_release(&rets[i]);
    r = -1;
  }
fail:
  Node_release(grad_fn);
  free(req.tensors);
  return r;
}
