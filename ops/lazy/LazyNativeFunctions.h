/*
 * LazyNativeFunctions.h - the Lazy kernel of every operator.
 * See LazyNativeFunctions.c.
 * PyTorch 1.13: torch/csrc/lazy/generated/LazyNativeFunctions.h (generated
 * from ts_native_functions.yaml), torch/csrc/lazy/ts_backend/ts_native_functions.cpp
 */
#ifndef MINATEN_OPS_LAZY_LAZYNATIVEFUNCTIONS_H
#define MINATEN_OPS_LAZY_LAZYNATIVEFUNCTIONS_H

#include "dispatch/KernelFunction.h"
#include "ops/lazy/LazyIr.h"

/*
 * The boxed Lazy kernel registered (by RegisterLazy.c) for every operator
 * that has a CPU or CompositeExplicitAutograd kernel: records an IR node
 * instead of computing.  Returns 0, or -1 with the error indicator set.
 * PyTorch 1.13: the generated LazyNativeFunctions::<op> (torchgen/dest/lazy_ir.py
 * GenLazyNativeFuncDefinition), one schema-driven function here
 */
int LazyNativeFunctions_boxed(const KernelFunction* kernel, const OperatorEntry* op,
                              DispatchKeySet ks, IValue* args, IValue* rets);

/* The Lazy backend fallback: the operator on the CPU, lazy inputs
 * materialised, results moved in as device_data.
 * PyTorch 1.13: torch/csrc/lazy/ts_backend/ts_eager_fallback.cpp ltc_eager_fallback */
int LazyNativeFunctions_eagerFallback(const KernelFunction* kernel, const OperatorEntry* op,
                                      DispatchKeySet ks, IValue* args, IValue* rets);

/* The value of view step `step` applied to `base`: a new node (*out holds a
 * new reference).  Returns 0, or -1 with the error indicator set. */
int LazyNativeFunctions_replayView(const LazyViewStep* step, LazyValue base, LazyValue* out);

/* The CPU view of `self` that `step` makes (new reference), by calling the
 * step's operator through the dispatcher; NULL + error on failure. */
Tensor* LazyNativeFunctions_applyViewStep(const LazyViewStep* step, Tensor* self);

#endif
