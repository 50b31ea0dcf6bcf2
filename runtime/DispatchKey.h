/*
 * DispatchKey.h - the dispatch keys minaten has, in one list.
 *
 * The list is in priority order, lowest first: a key's bit in a DispatchKeySet
 * is its position, so the highest set bit is the key that runs.  The relative
 * order is PyTorch 1.13's (c10/core/DispatchKey.h):
 *
 *   backends:  CPU < Lazy < Meta < QuantizedCPU
 *                   (PyTorch: Dense < Quantized functionality, and within a
 *                    functionality the higher backend bit wins, so a mixed
 *                    CPU/Lazy call runs the Lazy kernel, and a mixed
 *                    CPU/Meta call the Meta kernel)
 *   BackendSelect < Python < Functionalize < Conjugate < Negative < ADInplaceOrView
 *   < AutogradOther < AutogradCPU < AutogradLazy < AutogradMeta
 *   < PythonTLSSnapshot
 *
 * Meta is the backend of tensors with sizes, strides and a dtype but no
 * data (`torch.empty(2, 3, device="meta")`): its kernels compute only what
 * an operator's outputs look like (ops/EmptyTensor.h empty_meta).
 *
 * NB(minaten): PyTorch factors a runtime key into a functionality bit and a
 * backend bit; with three backends a flat bitset in priority order gives the
 * same answers and is easier to read.  `Python` is the key behind
 * TorchDispatchMode and __torch_dispatch__ subclasses (and minaten's trace
 * mode), and `PythonTLSSnapshot`, the highest, is in the key set whenever
 * Python is (Note [The Python key] in dispatch/PythonFallbackKernel.h).
 *
 * Functionalize is the key of functional tensors (FunctionalTensorWrapper,
 * ops/functionalization/FunctionalTensorWrapper.h): its kernels turn a
 * program with views and writes into one without either, for backends
 * that cannot alias memory.  It sits above Python, so that a
 * TorchDispatchMode sees the operators it calls (`select_copy`,
 * `select_scatter`), and below autograd, which records the program the
 * user wrote.
 *
 * Alias keys (CompositeImplicitAutograd, CompositeExplicitAutograd, ...) are
 * never in a tensor's key set; they only name a set of runtime keys a kernel
 * is registered for.  See Note [Alias Dispatch Keys] in OperatorEntry.c.
 *
 * PyTorch 1.13: c10/core/DispatchKey.h
 */
#ifndef MINATEN_DISPATCH_DISPATCHKEY_H
#define MINATEN_DISPATCH_DISPATCHKEY_H

#include <stdbool.h>

/* Runtime keys, lowest priority first. _(name, is_backend) */
#define MINATEN_FORALL_RUNTIME_DISPATCH_KEYS(_) \
  _(Undefined, 0)                               \
  _(CPU, 1)                                     \
  _(Lazy, 1)                                    \
  _(Meta, 1)                                    \
  _(QuantizedCPU, 1)                            \
  _(BackendSelect, 0)                           \
  _(Python, 0)                                  \
  _(Functionalize, 0)                           \
  _(Conjugate, 0)                               \
  _(Negative, 0)                                \
  _(ADInplaceOrView, 0)                         \
  _(AutogradOther, 0)                           \
  _(AutogradCPU, 0)                             \
  _(AutogradLazy, 0)                            \
  _(AutogradMeta, 0)                            \
  _(PythonTLSSnapshot, 0)

/* Alias keys: registration-only names for sets of runtime keys. */
#define MINATEN_FORALL_ALIAS_DISPATCH_KEYS(_)   \
  _(Autograd)                                   \
  _(CompositeImplicitAutograd)                  \
  _(CompositeExplicitAutograd)                  \
  _(CompositeExplicitAutogradNonFunctional)

typedef enum DispatchKey {
#define DEFINE_RUNTIME_KEY(name, is_backend) DispatchKey_##name,
  MINATEN_FORALL_RUNTIME_DISPATCH_KEYS(DEFINE_RUNTIME_KEY)
#undef DEFINE_RUNTIME_KEY
  DispatchKey_NumRuntimeKeys,
#define DEFINE_ALIAS_KEY(name) DispatchKey_##name,
  MINATEN_FORALL_ALIAS_DISPATCH_KEYS(DEFINE_ALIAS_KEY)
#undef DEFINE_ALIAS_KEY
  DispatchKey_EndOfAliasKeys,
} DispatchKey;

_Static_assert(DispatchKey_NumRuntimeKeys <= 64, "runtime keys must fit a 64-bit set");

/* PyTorch 1.13: c10/core/DispatchKey.cpp toString */
const char* DispatchKey_name(DispatchKey k);
/* Inverse of DispatchKey_name; returns DispatchKey_EndOfAliasKeys if unknown. */
DispatchKey DispatchKey_parse(const char* name);
/* PyTorch 1.13: c10/core/DispatchKey.h isAliasDispatchKey */
static inline bool DispatchKey_isAlias(DispatchKey k) {
  return k > DispatchKey_NumRuntimeKeys && k < DispatchKey_EndOfAliasKeys;
}
/* True for the keys that name a backend (CPU, Lazy, Meta, QuantizedCPU). */
bool DispatchKey_isBackend(DispatchKey k);

#endif
