/*
 * LocalDispatchKeySet.h - the thread-local included and excluded key sets.
 *
 * The key set a call dispatches on is
 *     (union of its tensors' key sets | tls.included) & ~tls.excluded
 * `included` starts as {BackendSelect, ADInplaceOrView}, as in PyTorch, so a
 * factory with no tensor argument still reaches BackendSelect.  The trace mode
 * adds Python to `included`; a mode's fallback excludes its own key while it
 * redispatches so that calls nested below it are not seen twice.
 *
 * Guards save the previous state and restore it: C has no destructors, so each
 * `..._push` must be paired with `..._pop` on every path out of the function.
 *
 * PyTorch 1.13: c10/core/impl/LocalDispatchKeySet.h (IncludeDispatchKeyGuard,
 * ExcludeDispatchKeyGuard)
 */
#ifndef MINATEN_DISPATCH_LOCALDISPATCHKEYSET_H
#define MINATEN_DISPATCH_LOCALDISPATCHKEYSET_H

#include "runtime/DispatchKeySet.h"

typedef struct LocalDispatchKeySet {
  DispatchKeySet included;
  DispatchKeySet excluded;
} LocalDispatchKeySet;

/* The live thread-local state.  Read on every dispatch, so it is a plain
 * thread-local variable rather than a function call, in the initial-exec TLS
 * model: one load at a fixed offset from the thread pointer, where code built
 * for a shared library (-fPIC) would otherwise call __tls_get_addr (and a
 * dispatch with a call in it needs a stack frame).  That model suits a
 * library loaded with the program (libminaten.so, or linked statically);
 * glibc keeps room for a few such bytes in libraries dlopen()ed later. */
extern _Thread_local LocalDispatchKeySet tls_local_dispatch_key_set __attribute__((tls_model("initial-exec")));

static inline LocalDispatchKeySet tls_local_dispatch_key_set_get(void) {
  return tls_local_dispatch_key_set;
}

/* A guard is the state to restore. */
typedef struct DispatchKeyGuard {
  LocalDispatchKeySet saved;
} DispatchKeyGuard;

/* PyTorch 1.13: c10/core/impl/LocalDispatchKeySet.h IncludeDispatchKeyGuard */
DispatchKeyGuard IncludeDispatchKeyGuard_push(DispatchKeySet keys);
/* PyTorch 1.13: c10/core/impl/LocalDispatchKeySet.h ExcludeDispatchKeyGuard */
DispatchKeyGuard ExcludeDispatchKeyGuard_push(DispatchKeySet keys);
void DispatchKeyGuard_pop(DispatchKeyGuard guard);

/* Permanently add/remove keys from the included set (the trace mode switch). */
void tls_set_dispatch_key_included(DispatchKey k, bool included);
bool tls_is_dispatch_key_included(DispatchKey k);
/* PyTorch 1.13: c10/core/impl/LocalDispatchKeySet.h tls_set_dispatch_key_excluded */
void tls_set_dispatch_key_excluded(DispatchKey k, bool excluded);
/* PyTorch 1.13: c10/core/impl/LocalDispatchKeySet.h tls_is_dispatch_key_excluded */
bool tls_is_dispatch_key_excluded(DispatchKey k);

#endif
