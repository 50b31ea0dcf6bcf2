/*
 * VariableType.c - the Autograd and ADInplaceOrView kernels written by hand.
 *
 * PyTorch registers a generated kernel (torch::autograd::VariableType) for
 * every operator at the Autograd alias key, and for views and in-place
 * operators one at ADInplaceOrView (torch::ADInplaceOrView): the first
 * records the backward graph and redispatches below autograd, the second
 * makes a view's output a view of its input, or bumps the version counter
 * of what an in-place operator wrote, and redispatches below itself.
 * minaten generates most of them, from yaml/derivatives.yaml
 * (build/generated/VariableType.c) and from the schemas
 * (build/generated/ADInplaceOrViewType.c); the ones here are written by hand,
 * as 1.13's VariableTypeManual.cpp writes them, and registered through the
 * `Autograd:` and `ADInplaceOrView:` lines of yaml/native_functions.yaml:
 * detach (both keys), copy_ (ADInplaceOrView: 1.13 writes its autograd
 * kernel by hand, with in-place autograd, the next step) and the Autograd
 * kernel of view.dtype.
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
 * mode stands for the TorchDispatchMode.
 *
 * PyTorch 1.13: torch/csrc/autograd/generated/VariableType_*.cpp and
 * ADInplaceOrViewType_*.cpp (tools/autograd/gen_variable_type.py,
 * gen_inplace_or_view_type.py), torch/csrc/autograd/VariableTypeManual.cpp
 * (detach, copy_), torch/csrc/autograd/variable.h, c10/core/TensorImpl.cpp
 * (shallow_copy_and_detach_core)
 */
#include "Functions.h"
#include "NativeFunctions.h"
#include "runtime/LocalDispatchKeySet.h"
#include "dispatch/TraceMode.h"

/* A new header over data with base's version counter, or, with the trace
 * mode active, what the mode's aten::detach returns (see the Note).
 * Consumes data.
 * NB(minaten): autograd/variable.c has the same for the generated kernels
 * (as_view); this layer cannot include autograd/.
 * PyTorch 1.13: torch/csrc/autograd/variable.h make_variable_non_differentiable_view */
static Tensor* make_variable_non_differentiable_view(const Tensor* base, Tensor* data) {
  Tensor* copy;
  if (data->lazy != NULL) {
    /* NB(minaten): a lazy tensor's header owns its LazyTensor, which a
     * second header cannot share; the lazy result itself is returned. */
    copy = data;
  } else if (!TraceMode_isActive()) {
    copy = Tensor_makeView(data, Tensor_sizes(data), Tensor_strides(data), data->storage_offset);
    Tensor_release(data);
  } else {
    /* The mode's __torch_dispatch__ for aten::detach: print, then call the
     * operator with the mode off. */
    TraceMode_printOp("aten::detach");
    DispatchKeyGuard guard = ExcludeDispatchKeyGuard_push(DispatchKeySet_of(DispatchKey_Python));
    copy = at_detach(data);
    DispatchKeyGuard_pop(guard);
    Tensor_release(data);
  }
  if (copy != NULL) Tensor_setVersionCounter(copy, Tensor_versionCounter(base));
  return copy;
}

/* The keys at::AutoDispatchBelowADInplaceOrView excludes. */
static DispatchKeySet autograd_and_inplace_or_view(void) {
  return DispatchKeySet_add(DispatchKeySet_autograd(), DispatchKey_ADInplaceOrView);
}

/* detach's result is no view for autograd: ADInplaceOrView::detach gives it
 * a header of its own, sharing self's version counter.
 * PyTorch 1.13: torch/csrc/autograd/VariableTypeManual.cpp VariableType::detach */
Tensor* at_native_VariableType_detach(const Tensor* self) {
  DispatchKeyGuard guard = ExcludeDispatchKeyGuard_push(DispatchKeySet_autograd());
  Tensor* out = at_detach(self);
  DispatchKeyGuard_pop(guard);
  return out;
}

/* PyTorch 1.13: torch/csrc/autograd/VariableTypeManual.cpp ADInplaceOrView::detach */
Tensor* at_native_ADInplaceOrView_detach(const Tensor* self) {
  DispatchKeyGuard guard = ExcludeDispatchKeyGuard_push(autograd_and_inplace_or_view());
  Tensor* out = at_detach(self);
  DispatchKeyGuard_pop(guard);
  return out ? make_variable_non_differentiable_view(self, out) : NULL;
}

/* PyTorch 1.13: torch/csrc/autograd/VariableTypeManual.cpp ADInplaceOrView::copy_ */
Tensor* at_native_ADInplaceOrView_copy_(Tensor* self, const Tensor* src, bool non_blocking) {
  DispatchKeyGuard guard = ExcludeDispatchKeyGuard_push(autograd_and_inplace_or_view());
  Tensor* out = at_copy_(self, src, non_blocking);
  DispatchKeyGuard_pop(guard);
  if (out != NULL) Tensor_bumpVersion(self); /* increment_version(self) */
  return out;
}

/* view.dtype's output is not differentiable (derivatives.yaml:
 * output_differentiability: [False]); its generated ADInplaceOrView kernel
 * makes it a non-differentiable view.
 * PyTorch 1.13: torch/csrc/autograd/generated/VariableType_*.cpp VariableType::view_dtype */
Tensor* at_native_VariableType_view_dtype(const Tensor* self, ScalarType dtype) {
  DispatchKeyGuard guard = ExcludeDispatchKeyGuard_push(DispatchKeySet_autograd());
  Tensor* out = at_view_dtype(self, dtype);
  DispatchKeyGuard_pop(guard);
  return out;
}
