/*
 * VariableTypeManual.h - the Autograd kernels 1.13 writes by hand that live
 * above ATen (they record nodes): copy_.  build/generated/VariableType.c
 * registers them with the generated ones (at_register_VariableType).
 * PyTorch 1.13: torch/csrc/autograd/VariableTypeManual.cpp
 */
#ifndef MINATEN_AUTOGRAD_VARIABLETYPEMANUAL_H
#define MINATEN_AUTOGRAD_VARIABLETYPEMANUAL_H

#include <stdbool.h>

#include "runtime/TensorImpl.h"

/*
 * `self.copy_(src)` under autograd: check_inplace, a CopyBackwards node
 * whose edges are self's old history and src, the copy below autograd (its
 * ADInplaceOrView kernel bumps the version), rebase_history (on a view: its
 * base's CopySlices, as `y[0] = x` makes).  Returns self (a new reference),
 * or NULL with the error set.
 * PyTorch 1.13: torch/csrc/autograd/VariableTypeManual.cpp VariableType::copy_
 */
Tensor* VariableType_copy_(Tensor* self, const Tensor* src, bool non_blocking);

#endif
