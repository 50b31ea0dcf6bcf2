/*
 * LazyView.c - replaying a view chain, on IR values and on CPU tensors.
 *
 * A lazy view keeps the chain of view operators that made it from its
 * alias base (LazyTensor.h, "Value semantics of views").  Each step is an
 * operator and its arguments but the tensor (argument 0).  Two things
 * replay a step:
 *
 *   - reading a view made stale by a write (LazyTensor_value): the step's
 *     node is rebuilt on the base's new value, by the builder that records
 *     nodes (LazyIrBuilder.c), so the node and its shape are those the
 *     recording kernel made;
 *   - running a ViewScatter node (LazyGraphExecutor.c): the step's CPU view
 *     operator runs on a CPU tensor, through the dispatcher; its other
 *     tensor arguments, if it has any, give only their sizes (dummies).
 *
 * This file reads no lazy tensor (the caller passes LazyTensor_operand),
 * so LazyTensor.c can replay through it without an include cycle.
 *
 * PyTorch 1.13: aten/src/ATen/FunctionalTensorWrapper.cpp
 * (regenerate_from_base), FunctionalStorageImpl.cpp (apply_updates),
 * torch/csrc/lazy/core/view_ops/
 */
#include "ops/lazy/LazyView.h"

#include <string.h>

#include "runtime/Exception.h"

int LazyView_replay(const LazyViewStep* step, Tensor* self, LazyIrBuilder_operandFn operand, LazyValue* out) {
  IValue args[kLazyMaxArgs];
  for (size_t i = 0; i < step->num_args; i++) {
    args[i] = step->args[i];
    args[i].owned = false;
  }
  args[0] = IValue_borrowTensor(self);
  enum { kMaxOutputs = 256 };
  LazyNode* node = LazyIrBuilder_buildNode(step->op, args, LazyNodeKind_Op, operand, NULL, kMaxOutputs);
  if (node == NULL) return -1;
  *out = LazyValue_make(node, step->output_index);
  return 0;
}

Tensor* LazyView_applyStep(const LazyViewStep* step, Tensor* self) {
  IValue args[kLazyMaxArgs];
  IValue rets[kLazyMaxReturns] = {IValue_none(), IValue_none(), IValue_none(), IValue_none()};
  LazyDummyArgs d;
  /* Other tensor arguments of a view (view_as's `other`) give only sizes. */
  if (LazyDummyArgs_make(step->op, step->args, &d) < 0) {
    LazyDummyArgs_free(&d, step->num_args);
    return NULL;
  }
  memcpy(args, d.args, step->num_args * sizeof *args);
  args[0] = IValue_borrowTensor(self);
  Tensor* r = NULL;
  if (LazyIrBuilder_callCpu(step->op, args, rets) == 0) {
    if (step->op->schema.returns[0].type.is_list) {
      TensorList l = IValue_toTensorList(&rets[0]);
      r = Tensor_retain(l.data[step->output_index]);
    } else {
      r = rets[step->output_index].u.tensor;
      if (!rets[step->output_index].owned) Tensor_retain(r);
      rets[step->output_index] = IValue_none();
    }
  }
  for (size_t i = 0; i < kLazyMaxReturns; i++) IValue_release(&rets[i]);
  LazyDummyArgs_free(&d, step->num_args);
  return r;
}
