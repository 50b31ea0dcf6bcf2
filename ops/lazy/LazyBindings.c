/*
 * LazyBindings.c - the Lazy backend's functions for the Python bindings
 * (LazyBindings.h): each is the backend's own, behind a header that does
 * not expose the IR.
 */
#include "ops/lazy/LazyBindings.h"

#include "ops/lazy/LazyIr.h"
#include "ops/lazy/LazyTensor.h"

/* PyTorch 1.13: torch/csrc/lazy/core/tensor.cpp LazyTensor::ToTensor */
Tensor* LazyBindings_toCpu(Tensor* t) { return LazyTensor_toCpu(t); }

/* PyTorch 1.13: torch/csrc/lazy/python/init.cpp _get_tensors_text -> DumpUtil::ToText */
int LazyBindings_getTensorsText(FILE* out, Tensor* t) {
  LazyValue v = LazyTensor_value(t);
  if (v.node == NULL) return -1;
  LazyIr_dumpText(out, &v, 1);
  return 0;
}
