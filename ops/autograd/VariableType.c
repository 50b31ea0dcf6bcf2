/*
 * VariableType.c - the Autograd kernels minaten has.
 *
 * PyTorch registers a generated kernel (torch::autograd::VariableType) for
 * every operator at the Autograd alias key, and for views one at
 * ADInplaceOrView: they record the backward graph and wrap view outputs,
 * then redispatch below autograd.  minaten generates most of them from
 * yaml/derivatives.yaml (build/generated/VariableType.c); the two here are
 * written by hand, as 1.13's VariableTypeManual.cpp writes them, for the
 * non-differentiable views.  Each does both PyTorch kernels' work: call the
 * operator below ADInplaceOrView, then wrap the result.
 *
 * Note [Non-differentiable views and the trace]
 * ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
 * detach and view.dtype return views that autograd must not connect to their
 * base.  PyTorch makes them with make_variable_non_differentiable_view, which
 * gives the result a new TensorImpl header (shallow_copy_and_detach).  While
 * a TorchDispatchMode is active, shallow_copy_and_detach does not copy the
 * header itself: it asks the mode to run `aten::detach` on the tensor.  So
 * the trace shows an extra `aten::detach` after each of these operators
 * (`x.detach()` traces as two detach calls), though no detach runs when no
 * mode is on.  Here the trace mode stands for the TorchDispatchMode.
 *
 * PyTorch 1.13: torch/csrc/autograd/generated/VariableType_*.cpp and
 * ADInplaceOrViewType_*.cpp (tools/autograd/gen_variable_type.py,
 * gen_inplace_or_view_type.py), torch/csrc/autograd/VariableTypeManual.cpp
 * (detach), torch/csrc/autograd/variable.h, c10/core/TensorImpl.cpp
 * (shallow_copy_and_detach_core)
 */
#include "Functions.h"
#include "NativeFunctions.h"
#include "runtime/LocalDispatchKeySet.h"
#include "dispatch/TraceMode.h"

/* A new header over data, or, with the trace mode active, what the mode's
 * aten::detach returns (see the Note).
 * PyTorch 1.13: torch/csrc/autograd/variable.h make_variable_non_differentiable_view */
static Tensor* make_variable_non_differentiable_view(Tensor* data) {
  /* NB(minaten): a lazy tensor's header owns its LazyTensor, which a second
   * header cannot share; the lazy result itself is returned. */
  if (data->lazy != NULL) return data;
  if (!TraceMode_isActive()) {
    Tensor* copy = Tensor_makeView(data, Tensor_sizes(data), Tensor_strides(data), data->storage_offset);
    Tensor_release(data);
    return copy;
  }
  /* The mode's __torch_dispatch__ for aten::detach: print, then call the
   * operator with the mode off. */
  TraceMode_printOp("aten::detach");
  DispatchKeyGuard guard = ExcludeDispatchKeyGuard_push(DispatchKeySet_of(DispatchKey_Python));
  Tensor* result = at_detach(data);
  DispatchKeyGuard_pop(guard);
  Tensor_release(data);
  return result;
}

/* The keys at::AutoDispatchBelowADInplaceOrView excludes. */
static DispatchKeySet autograd_and_inplace_or_view(void) {
  return DispatchKeySet_add(DispatchKeySet_autograd(), DispatchKey_ADInplaceOrView);
}

/* PyTorch 1.13: torch/csrc/autograd/VariableTypeManual.cpp VariableType::detach
 * and ADInplaceOrView::detach */
Tensor* at_native_VariableType_detach(const Tensor* self) {
  DispatchKeyGuard guard = ExcludeDispatchKeyGuard_push(autograd_and_inplace_or_view());
  Tensor* out = at_detach(self);
  DispatchKeyGuard_pop(guard);
  return out ? make_variable_non_differentiable_view(out) : NULL;
}

/* view.dtype's output is not differentiable (derivatives.yaml:
 * output_differentiability: [False]).
 * PyTorch 1.13: torch/csrc/autograd/generated/VariableType_*.cpp VariableType::view_dtype */
Tensor* at_native_VariableType_view_dtype(const Tensor* self, ScalarType dtype) {
  DispatchKeyGuard guard = ExcludeDispatchKeyGuard_push(autograd_and_inplace_or_view());
  Tensor* out = at_view_dtype(self, dtype);
  DispatchKeyGuard_pop(guard);
  return out ? make_variable_non_differentiable_view(out) : NULL;
}
