/*
 * VariableTypeManual.c - see VariableTypeManual.h.
 * PyTorch 1.13: torch/csrc/autograd/VariableTypeManual.cpp
 */
#include "autograd/VariableTypeManual.h"

#include "Functions.h"
#include "autograd/VariableTypeUtils.h"
#include "autograd/functions/tensor.h"
#include "autograd/variable.h"
#include "runtime/Exception.h"

Tensor* VariableType_copy_(Tensor* self, const Tensor* src, bool non_blocking) {
  const Tensor* inputs[] = {self, src};
  CopyBackwards* grad_fn = NULL;
  Tensor* out = NULL;
  bool any_requires_grad = compute_requires_grad(inputs, 2) && isDifferentiableType(self->dtype);
  TRY(check_inplace(self, any_requires_grad) == 0);
  if (any_requires_grad) {
    TRY((grad_fn = (CopyBackwards*)Node_new(&CopyBackwards_type, sizeof *grad_fn)) != NULL);
    TRY(set_next_edges_from(&grad_fn->base, inputs, 2) == 0);
    grad_fn->src_dtype = src->dtype;
    grad_fn->src_device = src->device;
  }
  {
    DispatchKeyGuard guard = AutoDispatchBelowAutograd_push();
    out = at_copy_(self, src, non_blocking);
    DispatchKeyGuard_pop(guard);
  }
  TRY(out != NULL);
  if (grad_fn != NULL) TRY(rebase_history(self, &grad_fn->base) == 0);
  Node_release((Node*)grad_fn);
  return out;
fail:
  Node_release((Node*)grad_fn);
  Tensor_release(out);
  return NULL;
}

Tensor* VariableType_resize_(Tensor* self, IntArrayRef size, OptionalMemoryFormat memory_format) {
  /* not compute_requires_grad: grad mode does not matter here */
  TORCH_CHECK(!requires_grad(self), "cannot resize variables that require grad");
  DispatchKeyGuard guard = AutoDispatchBelowAutograd_push();
  Tensor* out = at_resize_(self, size, memory_format);
  DispatchKeyGuard_pop(guard);
  return out;
fail:
  return NULL;
}

Tensor* VariableType_resize_as_(Tensor* self, const Tensor* the_template, OptionalMemoryFormat memory_format) {
  TORCH_CHECK(!requires_grad(self), "cannot resize variables that require grad");
  DispatchKeyGuard guard = AutoDispatchBelowAutograd_push();
  Tensor* out = at_resize_as_(self, the_template, memory_format);
  DispatchKeyGuard_pop(guard);
  return out;
fail:
  return NULL;
}

int VariableType_detach_(Tensor* self) {
  AutogradMeta* meta = get_autograd_meta(self);
  if (meta == NULL) return 0; /* a leaf that requires nothing already */
  TORCH_CHECK(!meta->is_view,
              "Can't detach views in-place. Use detach() instead. If you are using DistributedDataParallel (DDP) "
              "for training, and gradient_as_bucket_view is set as True, gradients are views of DDP buckets, and "
              "hence detach_() cannot be called on these gradients. To fix this error, please refer to the "
              "Optimizer.zero_grad() function in torch/optim/optimizer.py as the solution.");
  /* the retain_grad hook of the node being dropped must not keep a pointer to self */
  if (meta->retains_grad && meta->grad_fn != NULL && meta->grad_fn->retains_grad != NULL)
    meta->grad_fn->retains_grad[meta->output_nr] = NULL;
  TRY(set_requires_grad(self, false) == 0);
  TRY(set_gradient_edge(self, (Edge){NULL, 0}) == 0);
  return 0;
fail:
  return -1;
}
