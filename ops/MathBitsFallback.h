/*
 * MathBitsFallback.h - the backend fallback of the math-bit keys,
 * Conjugate and Negative: a tensor whose key set holds one reads its
 * values conjugated (negated), and a kernel that does not know the bit
 * must see plain values.
 *
 * Note [Resolving the math bits]
 * The fallback runs for every operator that has no kernel of its own at
 * the key (the views, clone, copy_ and the factories `_like` fall through:
 * ops/ConjugateFallback.c, ops/NegateFallback.c).  From the schema's alias
 * annotations it tells three kinds of operator apart:
 *   - a view (`Tensor(a) self`, nothing written): the call goes on below the
 *     key, and the view shares self's key set, bit included;
 *   - a functional operator: each tensor argument with the bit is replaced
 *     by its clone (clone's copy_ applies the bit: the clone is plain), and
 *     the call goes on below the key with the clones;
 *   - an in-place or out= operator (`Tensor(a!)`): the written tensor with
 *     the bit is cloned too, the operator writes the clone, and the clone is
 *     copied back into it (copy_ puts the bit back on), resized first for
 *     an out=.
 * So `x.conj() + 1` runs clone, then add on the clone: a TorchDispatchMode,
 * below these keys, sees aten.clone then aten.add.Tensor.
 * PyTorch 1.13: aten/src/ATen/native/MathBitsFallback.h (MathOpFallback::fallback_impl)
 */
#ifndef MINATEN_OPS_MATHBITSFALLBACK_H
#define MINATEN_OPS_MATHBITSFALLBACK_H

#include "dispatch/KernelFunction.h"

/* The fallbacks registered for DispatchKey_Conjugate and DispatchKey_Negative.
 * PyTorch 1.13: ConjugateFallback.cpp conjugateFallback, NegateFallback.cpp negationFallback */
int conjugateFallback(const KernelFunction* kernel, const OperatorEntry* op, DispatchKeySet ks, IValue* args,
                      IValue* rets);
int negationFallback(const KernelFunction* kernel, const OperatorEntry* op, DispatchKeySet ks, IValue* args,
                     IValue* rets);

/* The registrations of each key: its fallback, and the operators that fall
 * through it (1.13's TORCH_LIBRARY_IMPL(_, Conjugate, m) and
 * TORCH_LIBRARY_IMPL(aten, Conjugate, m) blocks).  Called by at_register_all(). */
void at_register_Conjugate(void);
void at_register_Negative(void);
/* Shared by both: fallthrough kernels for each listed operator minaten has. */
void register_math_bit_fallthroughs(DispatchKey key, const char* const* names, const char* file, int line);

#endif
