/*
 * LazyView.h - one step of a lazy view chain, replayed.  See LazyView.c.
 * PyTorch 1.13: aten/src/ATen/FunctionalTensorWrapper.cpp (ViewMeta's
 * forward function), aten/src/ATen/FunctionalStorageImpl.cpp (apply_updates)
 */
#ifndef MINATEN_OPS_LAZY_LAZYVIEW_H
#define MINATEN_OPS_LAZY_LAZYVIEW_H

#include "ops/lazy/LazyIrBuilder.h"

/* The value of view step `step` applied to the lazy tensor `self` (a base
 * made of the chain's previous value): a new node, whose operands are read
 * through `operand` (*out holds a new reference).  Returns 0, or -1 with
 * the error indicator set.
 * PyTorch 1.13: FunctionalTensorWrapper::regenerate_from_base (one ViewMeta) */
int LazyView_replay(const LazyViewStep* step, Tensor* self, LazyIrBuilder_operandFn operand, LazyValue* out);

/* The CPU view of `self` that `step` makes (new reference), by calling the
 * step's operator through the dispatcher; NULL + error on failure.
 * PyTorch 1.13: FunctionalStorageImpl::apply_updates (the view of a base) */
Tensor* LazyView_applyStep(const LazyViewStep* step, Tensor* self);

#endif
