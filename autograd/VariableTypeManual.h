/*
 * VariableTypeManual.h - the Autograd and ADInplaceOrView kernels 1.13
 * writes by hand: at the Autograd key copy_ (it records a node), resize_
 * and resize_as_ (they refuse a tensor that requires grad), detach and
 * view.dtype (their results are non-differentiable views); at the
 * ADInplaceOrView key copy_ (it bumps the version) and detach (its result
 * gets a header of its own).  at_register_VariableTypeManual registers
 * them, as 1.13's TORCH_LIBRARY_IMPL(aten, Autograd, m) and
 * TORCH_LIBRARY_IMPL(aten, ADInplaceOrView, m) blocks of
 * VariableTypeManual.cpp do; build/generated/VariableType.c calls it from
 * at_register_VariableType, and skips these operators (gen_autograd.c
 * kManual, gen_inplace_or_view.c kManualAutograd).
 * PyTorch 1.13: torch/csrc/autograd/VariableTypeManual.cpp
 */
#ifndef MINATEN_AUTOGRAD_VARIABLETYPEMANUAL_H
#define MINATEN_AUTOGRAD_VARIABLETYPEMANUAL_H

#include <stdbool.h>

#include "runtime/ArrayRef.h"
#include "runtime/ScalarType.h"
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

/*
 * `self.resize_(size)` under autograd: refused with 1.13's RuntimeError
 * "cannot resize variables that require grad" when self requires grad (a
 * leaf asked to, a tensor with history, a view of either), whatever the
 * grad mode and even to self's own size; else the resize below autograd
 * (no ADInplaceOrView kernel: the version stays).  Returns self (a new
 * reference), or NULL with the error set.
 * PyTorch 1.13: torch/csrc/autograd/VariableTypeManual.cpp VariableType::resize_
 */
Tensor* VariableType_resize_(Tensor* self, IntArrayRef size, OptionalMemoryFormat memory_format);

/* `self.resize_as_(the_template)` under autograd: the same refusal (whether
 * the_template requires grad does not matter), then resize_as_ below
 * autograd.
 * PyTorch 1.13: torch/csrc/autograd/VariableTypeManual.cpp VariableType::resize_as_ */
Tensor* VariableType_resize_as_(Tensor* self, const Tensor* the_template, OptionalMemoryFormat memory_format);

/*
 * The set_ operators under autograd, as 1.13's generated kernels of an
 * in-place operator with no derivatives.yaml entry: check_inplace (a leaf
 * that requires grad refuses, outside no_grad), a NotImplemented("set_")
 * node when self (or the source tensor) requires grad, the operator below
 * autograd (its ADInplaceOrView kernel bumps the version), rebase_history
 * (on a view: its base's CopySlices).  Returns self (a new reference), or
 * NULL with the error set.
 * NB(minaten): 1.13 generates these (VariableType_0.cpp); minaten's
 * generator makes no kernel for an in-place operator without a formula, so
 * they are written here.
 * PyTorch 1.13: torch/csrc/autograd/generated/VariableType_0.cpp
 * set__source_Storage, set__source_Storage_storage_offset,
 * set__source_Tensor, set_
 */
Tensor* VariableType_set__source_Storage(Tensor* self, Storage* source);
Tensor* VariableType_set__source_Storage_storage_offset(Tensor* self, Storage* source, int64_t storage_offset,
                                                        IntArrayRef size, IntArrayRef stride);
Tensor* VariableType_set__source_Tensor(Tensor* self, const Tensor* source);
Tensor* VariableType_set_(Tensor* self);

/*
 * `t.detach_()`: t becomes a leaf that requires nothing (its grad_fn and
 * output_nr dropped), in place.  Returns 0, or -1 with 1.13's RuntimeError
 * for a view ("Can't detach views in-place. Use detach() instead. ...").
 * NB(minaten): aten::detach_ is an operator in 1.13 whose Autograd kernel
 * is this and never redispatches (so a TorchDispatchMode sees nothing, as
 * here); minaten has no such operator: the bindings call this.
 * PyTorch 1.13: torch/csrc/autograd/VariableTypeManual.cpp detach_
 */
int VariableType_detach_(Tensor* self);

/* `self.detach()` under autograd: detach below autograd (its
 * ADInplaceOrView kernel makes the result a non-differentiable view), no
 * node.  New reference, or NULL with the error set.
 * PyTorch 1.13: torch/csrc/autograd/VariableTypeManual.cpp VariableType::detach */
Tensor* VariableType_detach(const Tensor* self);

/* `self.view(dtype)` under autograd: view.dtype below autograd, no node
 * (derivatives.yaml: output_differentiability: [False]); its generated
 * ADInplaceOrView kernel makes the result a non-differentiable view.
 * NB(minaten): written by hand, standing for the kernel 1.13 generates.
 * PyTorch 1.13: torch/csrc/autograd/generated/VariableType_*.cpp VariableType::view_dtype */
Tensor* VariableType_view_dtype(const Tensor* self, ScalarType dtype);

/* detach's ADInplaceOrView kernel: detach below ADInplaceOrView, then a
 * header of its own sharing self's version counter
 * (make_variable_non_differentiable_view).  New reference, or NULL.
 * PyTorch 1.13: torch/csrc/autograd/VariableTypeManual.cpp ADInplaceOrView::detach */
Tensor* ADInplaceOrView_detach(const Tensor* self);

/* copy_'s ADInplaceOrView kernel: copy_ below ADInplaceOrView, then
 * increment_version(self).  Returns self (a new reference), or NULL.
 * PyTorch 1.13: torch/csrc/autograd/VariableTypeManual.cpp ADInplaceOrView::copy_ */
Tensor* ADInplaceOrView_copy_(Tensor* self, const Tensor* src, bool non_blocking);

/* Registers the kernels above at their keys.  Returns 0, or -1 with the
 * error indicator set.
 * PyTorch 1.13: torch/csrc/autograd/VariableTypeManual.cpp, its
 * TORCH_LIBRARY_IMPL(aten, Autograd, m) and (aten, ADInplaceOrView, m) */
int at_register_VariableTypeManual(void);

#endif
