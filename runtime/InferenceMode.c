/*
 * InferenceMode.c - the thread's inference mode; see InferenceMode.h.
 * PyTorch 1.13: c10/core/InferenceMode.cpp, c10/core/AutogradState.cpp
 */
#include "runtime/InferenceMode.h"

#include "runtime/GradMode.h"

/* PyTorch 1.13: c10/core/AutogradState.h AutogradState::inference_mode_ */
static _Thread_local bool inference_mode_enabled = false;

bool InferenceMode_is_enabled(void) { return inference_mode_enabled; }

InferenceMode InferenceMode_enter(bool enabled) {
  InferenceMode guard = {GradMode_is_enabled(), inference_mode_enabled, tls_local_dispatch_key_set};
  /* enabling inference mode disables grad mode, and disabling it enables it */
  GradMode_set_enabled(!enabled);
  inference_mode_enabled = enabled;
  LocalDispatchKeySet* s = &tls_local_dispatch_key_set;
  DispatchKeySet view = DispatchKeySet_of(DispatchKey_ADInplaceOrView);
  s->included = enabled ? DispatchKeySet_remove(s->included, view) : DispatchKeySet_or(s->included, view);
  s->excluded = enabled ? DispatchKeySet_or(s->excluded, DispatchKeySet_autograd())
                        : DispatchKeySet_remove(s->excluded, DispatchKeySet_autograd());
  return guard;
}

void InferenceMode_exit(InferenceMode guard) {
  GradMode_set_enabled(guard.prev_grad_mode);
  inference_mode_enabled = guard.prev_inference_mode;
  tls_local_dispatch_key_set = guard.prev_keyset;
}
