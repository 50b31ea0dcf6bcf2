/*
 * LazyNativeFunctions.h - the Lazy kernel of every operator.
 * See LazyNativeFunctions.c.
 * PyTorch 1.13: torch/csrc/lazy/generated/LazyNativeFunctions.h (generated
 * from ts_native_functions.yaml), torch/csrc/lazy/ts_backend/ts_native_functions.cpp
 */
#ifndef MINATEN_OPS_LAZY_LAZYNATIVEFUNCTIONS_H
#define MINATEN_OPS_LAZY_LAZYNATIVEFUNCTIONS_H

#include "dispatch/KernelFunction.h"
/* RegisterLazy.c registers the Lazy backend fallback from this header too. */
#include "ops/lazy/LazyEagerFallback.h"

/*
 * The boxed Lazy kernel registered (by RegisterLazy.c) for every operator
 * that has a CPU or CompositeExplicitAutograd kernel: records an IR node
 * instead of computing.  Returns 0, or -1 with the error indicator set.
 * PyTorch 1.13: the generated LazyNativeFunctions::<op> (torchgen/dest/lazy_ir.py
 * GenLazyNativeFuncDefinition), one schema-driven function here
 */
int LazyNativeFunctions_boxed(const KernelFunction* kernel, const OperatorEntry* op,
                              DispatchKeySet ks, IValue* args, IValue* rets);

/* The same kernel for an operator of an operator library (dispatch/Library.h),
 * which lists it for the Lazy backend as ts_native_functions.yaml lists
 * minaten's own: on a lazy tensor it records an IR node named after the
 * operator, and the node runs the operator's CPU kernel when the graph is
 * executed.
 *   MINATEN_LIBRARY_IMPL(custom, Lazy, m) { Library_impl(m, "cube", MINATEN_LAZY_KERNEL); } */
#define MINATEN_LAZY_KERNEL KernelFunction_makeBoxed(LazyNativeFunctions_boxed, "LazyNativeFunctions_boxed")

#endif
