/*
 * LazyBindings.c - the Lazy backend's functions for the Python bindings
 * (LazyBindings.h): each is the backend's own, behind a header that does
 * not expose the IR.
 */
#include "ops/lazy/LazyBindings.h"

#include "ops/functionalization/FunctionalTensorWrapper.h"
#include "ops/lazy/LazyIr.h"
#include "ops/lazy/LazyTensor.h"

/* A lazy tensor is a functional tensor: its value is read synced.  That
 * value may be a CPU tensor (an out= operator on CPU inputs replaced it:
 * `torch.add(cpu, 1, out=lazy)`), which is its own data.
 * PyTorch 1.13: torch/csrc/lazy/core/tensor.cpp LazyTensor::ToTensor,
 * _to_copy_functionalize */
Tensor* LazyBindings_toCpu(Tensor* t) {
  if (functionalization_isFunctionalTensor(t)) {
    if (functionalization_sync(t) < 0) return NULL;
    return LazyBindings_toCpu((Tensor*)functionalization_fromFunctionalTensor(t));
  }
  if (t->lazy == NULL) return Tensor_retain(t);
  return LazyTensor_toCpu(t);
}

/* The value the tensor holds as it stands: a base written through one of
 * its views, or a view whose base was written since, shows its value from
 * before that write, as 1.13's _get_tensors_text reads the lazy tensor
 * inside the functionalization wrapper without syncing it (an operator
 * reading the tensor syncs it: LazyTensor_value).
 * PyTorch 1.13: torch/csrc/lazy/python/init.cpp _get_tensors_text -> DumpUtil::ToText */
int LazyBindings_getTensorsText(FILE* out, Tensor* t) {
  LazyValue v = t->lazy->value;
  LazyIr_dumpText(out, &v, 1);
  return 0;
}
