/*
 * VariableTypeManual.c - the Autograd and ADInplaceOrView kernels written by
 * hand; see VariableTypeManual.h.
 *
 * PyTorch registers a generated kernel (torch::autograd::VariableType) for
 * every operator at the Autograd alias key, and for views and in-place
 * operators one at ADInplaceOrView (torch::ADInplaceOrView): the first
 * records the backward graph and redispatches below autograd, the second
 * makes a view's output a view of its input, or bumps the version counter
 * of what an in-place operator wrote, and redispatches below itself.
 * minaten generates most of them, from yaml/derivatives.yaml
 * (build/generated/VariableType.c) and from the schemas
 * (build/generated/ADInplaceOrViewType.c); the ones here are written by
 * hand, as 1.13's VariableTypeManual.cpp writes them, and registered by
 * at_register_VariableTypeManual at the end of this file.
 *
 * Note [Non-differentiable views and the trace]
 * ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
 * detach and view.dtype return views that autograd must not connect to their
 * base.  PyTorch makes them with make_variable_non_differentiable_view, which
 * gives the result a new TensorImpl header (shallow_copy_and_detach) sharing
 * the base's version counter.  While a TorchDispatchMode is active,
 * shallow_copy_and_detach does not copy the header itself: it asks the mode
 * to run `aten::detach` on the tensor.  So the trace shows an extra
 * `aten::detach` after each of these operators (`x.detach()` traces as two
 * detach calls), though no detach runs when no mode is on.  Here the trace
 * mode stands for the TorchDispatchMode (tensor_data, autograd/variable.h).
 *
 * PyTorch 1.13: torch/csrc/autograd/VariableTypeManual.cpp,
 * torch/csrc/autograd/generated/VariableType_*.cpp (view_dtype),
 * torch/csrc/autograd/variable.h, c10/core/TensorImpl.cpp
 * (shallow_copy_and_detach_core)
 */
#include "autograd/VariableTypeManual.h"

#include "Functions.h"
#include "Operators.h"
#include "autograd/VariableTypeUtils.h"
#include "autograd/functions/basic_ops.h"
#include "autograd/functions/tensor.h"
#include "autograd/variable.h"
#include "dispatch/Dispatcher.h"
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

Tensor* VariableType_detach(const Tensor* self) {
  DispatchKeyGuard guard = AutoDispatchBelowAutograd_push();
  Tensor* out = at_detach(self);
  DispatchKeyGuard_pop(guard);
  return out;
}

Tensor* VariableType_view_dtype(const Tensor* self, ScalarType dtype) {
  DispatchKeyGuard guard = AutoDispatchBelowAutograd_push();
  Tensor* out = at_view_dtype(self, dtype);
  DispatchKeyGuard_pop(guard);
  return out;
}

Tensor* ADInplaceOrView_detach(const Tensor* self) {
  DispatchKeyGuard guard = AutoDispatchBelowADInplaceOrView_push();
  Tensor* out = at_detach(self);
  DispatchKeyGuard_pop(guard);
  return out ? make_variable_non_differentiable_view(self, out) : NULL;
}

Tensor* ADInplaceOrView_copy_(Tensor* self, const Tensor* src, bool non_blocking) {
  DispatchKeyGuard guard = AutoDispatchBelowADInplaceOrView_push();
  Tensor* out = at_copy_(self, src, non_blocking);
  DispatchKeyGuard_pop(guard);
  if (out != NULL && increment_version(self) < 0) {
    Tensor_release(out);
    return NULL;
  }
  return out;
}

/* check_inplace and the NotImplemented("set_") node (NULL when nothing
 * requires grad) of self and source (NULL: self alone).  0, or -1 with
 * the error set. */
static int set_grad_fn(Tensor* self, const Tensor* source, Node** grad_fn) {
  const Tensor* inputs[] = {self, source};
  uint32_t n = source != NULL ? 2 : 1;
  bool any_requires_grad = compute_requires_grad(inputs, n);
  *grad_fn = NULL;
  TRY(check_inplace(self, any_requires_grad) == 0);
  if (any_requires_grad) {
    TRY((*grad_fn = NotImplemented_new("set_")) != NULL);
    TRY(set_next_edges_from(*grad_fn, inputs, n) == 0);
  }
  return 0;
fail:
  Node_release(*grad_fn);
  *grad_fn = NULL;
  return -1;
}

/* The operator's result out (NULL: it failed), self's history rebased on grad_fn. */
static Tensor* set_rebase(Tensor* self, Tensor* out, Node* grad_fn) {
  if (out != NULL && grad_fn != NULL && rebase_history(self, grad_fn) < 0) {
    Tensor_release(out);
    out = NULL;
  }
  Node_release(grad_fn);
  return out;
}

Tensor* VariableType_set__source_Storage(Tensor* self, Storage* source) {
  Node* grad_fn;
  if (set_grad_fn(self, NULL, &grad_fn) < 0) return NULL;
  DispatchKeyGuard guard = AutoDispatchBelowAutograd_push();
  Tensor* out = at_set__source_Storage(self, source);
  DispatchKeyGuard_pop(guard);
  return set_rebase(self, out, grad_fn);
}

Tensor* VariableType_set__source_Storage_storage_offset(Tensor* self, Storage* source, int64_t storage_offset,
                                                        IntArrayRef size, IntArrayRef stride) {
  Node* grad_fn;
  if (set_grad_fn(self, NULL, &grad_fn) < 0) return NULL;
  DispatchKeyGuard guard = AutoDispatchBelowAutograd_push();
  Tensor* out = at_set__source_Storage_storage_offset(self, source, storage_offset, size, stride);
  DispatchKeyGuard_pop(guard);
  return set_rebase(self, out, grad_fn);
}

Tensor* VariableType_set__source_Tensor(Tensor* self, const Tensor* source) {
  Node* grad_fn;
  if (set_grad_fn(self, source, &grad_fn) < 0) return NULL;
  DispatchKeyGuard guard = AutoDispatchBelowAutograd_push();
  Tensor* out = at_set__source_Tensor(self, source);
  DispatchKeyGuard_pop(guard);
  return set_rebase(self, out, grad_fn);
}

Tensor* VariableType_set_(Tensor* self) {
  Node* grad_fn;
  if (set_grad_fn(self, NULL, &grad_fn) < 0) return NULL;
  DispatchKeyGuard guard = AutoDispatchBelowAutograd_push();
  Tensor* out = at_set_(self);
  DispatchKeyGuard_pop(guard);
  return set_rebase(self, out, grad_fn);
}

/* One registration of a kernel of this file, at this line. */
static int register_manual(OperatorEntry* op, DispatchKey key, UnboxedFunction fn, const char* name, int line) {
  return Dispatcher_registerImpl(op, key, KernelFunction_makeUnboxed(fn, name), "VariableTypeManual.c", line);
}

int at_register_VariableTypeManual(void) {
  /* TORCH_LIBRARY_IMPL(aten, Autograd, m) */
  if (register_manual(at_op_copy_, DispatchKey_Autograd, (UnboxedFunction)VariableType_copy_,
                      "VariableType_copy_", __LINE__) < 0 ||
      register_manual(at_op_resize_, DispatchKey_Autograd, (UnboxedFunction)VariableType_resize_,
                      "VariableType_resize_", __LINE__) < 0 ||
      register_manual(at_op_resize_as_, DispatchKey_Autograd, (UnboxedFunction)VariableType_resize_as_,
                      "VariableType_resize_as_", __LINE__) < 0 ||
      register_manual(at_op_detach, DispatchKey_Autograd, (UnboxedFunction)VariableType_detach,
                      "VariableType_detach", __LINE__) < 0 ||
      register_manual(at_op_view_dtype, DispatchKey_Autograd, (UnboxedFunction)VariableType_view_dtype,
                      "VariableType_view_dtype", __LINE__) < 0 ||
      register_manual(at_op_set__source_Storage, DispatchKey_Autograd,
                      (UnboxedFunction)VariableType_set__source_Storage, "VariableType_set__source_Storage",
                      __LINE__) < 0 ||
      register_manual(at_op_set__source_Storage_storage_offset, DispatchKey_Autograd,
                      (UnboxedFunction)VariableType_set__source_Storage_storage_offset,
                      "VariableType_set__source_Storage_storage_offset", __LINE__) < 0 ||
      register_manual(at_op_set__source_Tensor, DispatchKey_Autograd,
                      (UnboxedFunction)VariableType_set__source_Tensor, "VariableType_set__source_Tensor",
                      __LINE__) < 0 ||
      register_manual(at_op_set_, DispatchKey_Autograd, (UnboxedFunction)VariableType_set_, "VariableType_set_",
                      __LINE__) < 0)
    return -1;
  /* TORCH_LIBRARY_IMPL(aten, ADInplaceOrView, m) */
  if (register_manual(at_op_copy_, DispatchKey_ADInplaceOrView, (UnboxedFunction)ADInplaceOrView_copy_,
                      "ADInplaceOrView_copy_", __LINE__) < 0 ||
      register_manual(at_op_detach, DispatchKey_ADInplaceOrView, (UnboxedFunction)ADInplaceOrView_detach,
                      "ADInplaceOrView_detach", __LINE__) < 0)
    return -1;
  return 0;
}
