/*
 * DispatchKeySet.h - a set of runtime dispatch keys, as a 64-bit mask.
 *
 * Bit i is DispatchKey i; keys are numbered in priority order (DispatchKey.h),
 * so the key that runs is the highest set bit: one `clz` instruction.
 * Undefined (bit 0) is never stored; an empty set's highest key is Undefined.
 *
 * Every function here is static inline: they are on the dispatch path, which
 * must do no allocation, hashing or string work.
 *
 * PyTorch 1.13: c10/core/DispatchKeySet.h
 */
#ifndef MINATEN_DISPATCH_DISPATCHKEYSET_H
#define MINATEN_DISPATCH_DISPATCHKEYSET_H

#include <stdbool.h>
#include <stdint.h>

#include "runtime/DispatchKey.h"

typedef struct DispatchKeySet {
  uint64_t repr;
} DispatchKeySet;

static inline DispatchKeySet DispatchKeySet_empty(void) {
  DispatchKeySet s = {0};
  return s;
}
static inline DispatchKeySet DispatchKeySet_of(DispatchKey k) {
  DispatchKeySet s = {k == DispatchKey_Undefined ? 0 : (UINT64_C(1) << k)};
  return s;
}
/* All keys strictly below k (PyTorch: DispatchKeySet(FULL_AFTER, k)). */
static inline DispatchKeySet DispatchKeySet_fullAfter(DispatchKey k) {
  DispatchKeySet s = {(UINT64_C(1) << k) - 1};
  s.repr &= ~UINT64_C(1);
  return s;
}
static inline DispatchKeySet DispatchKeySet_full(void) {
  DispatchKeySet s = {((UINT64_C(1) << DispatchKey_NumRuntimeKeys) - 1) & ~UINT64_C(1)};
  return s;
}
static inline DispatchKeySet DispatchKeySet_or(DispatchKeySet a, DispatchKeySet b) {
  DispatchKeySet s = {a.repr | b.repr};
  return s;
}
static inline DispatchKeySet DispatchKeySet_and(DispatchKeySet a, DispatchKeySet b) {
  DispatchKeySet s = {a.repr & b.repr};
  return s;
}
static inline DispatchKeySet DispatchKeySet_remove(DispatchKeySet a, DispatchKeySet b) {
  DispatchKeySet s = {a.repr & ~b.repr};
  return s;
}
static inline DispatchKeySet DispatchKeySet_add(DispatchKeySet a, DispatchKey k) {
  return DispatchKeySet_or(a, DispatchKeySet_of(k));
}
static inline bool DispatchKeySet_has(DispatchKeySet s, DispatchKey k) {
  return k != DispatchKey_Undefined && (s.repr >> k) & 1;
}
static inline bool DispatchKeySet_isEmpty(DispatchKeySet s) { return s.repr == 0; }
static inline bool DispatchKeySet_equals(DispatchKeySet a, DispatchKeySet b) {
  return a.repr == b.repr;
}
/* PyTorch 1.13: c10/core/DispatchKeySet.h DispatchKeySet::highestPriorityTypeId */
static inline DispatchKey DispatchKeySet_highestPriorityTypeId(DispatchKeySet s) {
  return s.repr == 0 ? DispatchKey_Undefined : (DispatchKey)(63 - __builtin_clzll(s.repr));
}

/* The backend keys, and the runtime keys each alias key stands for.
 * PyTorch 1.13: c10/core/DispatchKeySet.cpp getRuntimeDispatchKeySet */
static inline DispatchKeySet DispatchKeySet_backends(void) {
  DispatchKeySet s = {(UINT64_C(1) << DispatchKey_CPU) | (UINT64_C(1) << DispatchKey_Lazy) |
                      (UINT64_C(1) << DispatchKey_Meta) | (UINT64_C(1) << DispatchKey_QuantizedCPU)};
  return s;
}
static inline DispatchKeySet DispatchKeySet_autograd(void) {
  DispatchKeySet s = {(UINT64_C(1) << DispatchKey_AutogradOther) |
                      (UINT64_C(1) << DispatchKey_AutogradCPU) |
                      (UINT64_C(1) << DispatchKey_AutogradLazy) | (UINT64_C(1) << DispatchKey_AutogradMeta)};
  return s;
}

/* The autograd key paired with a backend key.
 * PyTorch 1.13: c10/core/DispatchKeySet.h getAutogradRelatedKeySetFromBackend */
static inline DispatchKey DispatchKey_autogradKeyFor(DispatchKey backend) {
  switch (backend) {
    case DispatchKey_CPU:
    case DispatchKey_QuantizedCPU:
      return DispatchKey_AutogradCPU;
    case DispatchKey_Lazy:
      return DispatchKey_AutogradLazy;
    case DispatchKey_Meta:
      return DispatchKey_AutogradMeta;
    default:
      return DispatchKey_AutogradOther;
  }
}

/* Formats like PyTorch's operator<<: "DispatchKeySet(CPU, ADInplaceOrView, AutogradCPU)". */
const char* DispatchKeySet_format(DispatchKeySet s, char* buf, unsigned long buf_size);

#endif
