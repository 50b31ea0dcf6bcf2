/*
 * LazyEagerFallback.h - operators the Lazy backend runs on the CPU.
 * See LazyEagerFallback.c.
 * PyTorch 1.13: torch/csrc/lazy/ts_backend/ts_eager_fallback.h
 */
#ifndef MINATEN_OPS_LAZY_LAZYEAGERFALLBACK_H
#define MINATEN_OPS_LAZY_LAZYEAGERFALLBACK_H

#include "dispatch/KernelFunction.h"

/* The Lazy backend fallback (registered by RegisterLazy.c under this name):
 * the operator on the CPU, lazy inputs materialised, results moved in as
 * device_data.  Returns 0, or -1 with the error indicator set.
 * PyTorch 1.13: torch/csrc/lazy/ts_backend/ts_eager_fallback.cpp ltc_eager_fallback */
int LazyNativeFunctions_eagerFallback(const KernelFunction* kernel, const OperatorEntry* op,
                                      DispatchKeySet ks, IValue* args, IValue* rets);

/* op run eagerly on the CPU values of its lazy arguments: tensor results
 * come back as device_data, a written argument is written with its new
 * value.  Returns 0, or -1 with the error indicator set.
 * PyTorch 1.13: ts_eager_fallback.cpp ts_eager_fallback */
int LazyEagerFallback_run(const OperatorEntry* op, IValue* args, IValue* rets);

/* op with no lazy tensor argument, sent to Lazy for its device="lazy" (a
 * factory, `_to_copy` of a CPU tensor): run on the CPU with the device
 * argument cpu, tensor results moved in.  Returns 0, or -1 + error.
 * PyTorch 1.13: ts_native_functions.cpp LazyNativeFunctions::empty_symint,
 * LazyNativeFunctions::_to_copy (case 1: eager -> lazy) */
int LazyEagerFallback_factory(const OperatorEntry* op, IValue* args, IValue* rets);

#endif
