/*
 * LocalDispatchKeySet.c - thread-local include/exclude sets; see the header.
 * PyTorch 1.13: c10/core/impl/LocalDispatchKeySet.cpp
 */
#include "runtime/LocalDispatchKeySet.h"

/* PyTorch 1.13: c10/core/impl/LocalDispatchKeySet.h default_included_set */
_Thread_local LocalDispatchKeySet tls_local_dispatch_key_set __attribute__((tls_model("initial-exec"))) = {
    {(UINT64_C(1) << DispatchKey_BackendSelect) | (UINT64_C(1) << DispatchKey_ADInplaceOrView)},
    {0},
};

DispatchKeyGuard IncludeDispatchKeyGuard_push(DispatchKeySet keys) {
  DispatchKeyGuard g = {tls_local_dispatch_key_set};
  LocalDispatchKeySet* s = &tls_local_dispatch_key_set;
  s->included = DispatchKeySet_or(s->included, keys);
  return g;
}

DispatchKeyGuard ExcludeDispatchKeyGuard_push(DispatchKeySet keys) {
  DispatchKeyGuard g = {tls_local_dispatch_key_set};
  LocalDispatchKeySet* s = &tls_local_dispatch_key_set;
  s->excluded = DispatchKeySet_or(s->excluded, keys);
  return g;
}

void DispatchKeyGuard_pop(DispatchKeyGuard guard) { tls_local_dispatch_key_set = guard.saved; }

void tls_set_dispatch_key_included(DispatchKey k, bool included) {
  LocalDispatchKeySet* s = &tls_local_dispatch_key_set;
  s->included = included ? DispatchKeySet_add(s->included, k)
                         : DispatchKeySet_remove(s->included, DispatchKeySet_of(k));
}

void tls_set_dispatch_key_excluded(DispatchKey k, bool excluded) {
  LocalDispatchKeySet* s = &tls_local_dispatch_key_set;
  s->excluded = excluded ? DispatchKeySet_add(s->excluded, k)
                         : DispatchKeySet_remove(s->excluded, DispatchKeySet_of(k));
}

bool tls_is_dispatch_key_included(DispatchKey k) {
  return DispatchKeySet_has(tls_local_dispatch_key_set.included, k);
}

bool tls_is_dispatch_key_excluded(DispatchKey k) {
  return DispatchKeySet_has(tls_local_dispatch_key_set.excluded, k);
}
