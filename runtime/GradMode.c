/*
 * GradMode.c - the thread-local grad mode; see GradMode.h.
 * PyTorch 1.13: c10/core/GradMode.cpp
 */
#include "runtime/GradMode.h"

/* PyTorch 1.13: c10/core/GradMode.cpp GradMode_enabled (thread_local, true) */
static _Thread_local bool GradMode_enabled = true;

bool GradMode_is_enabled(void) { return GradMode_enabled; }

void GradMode_set_enabled(bool enabled) { GradMode_enabled = enabled; }

AutoGradMode AutoGradMode_enter(bool enabled) {
  AutoGradMode guard = {GradMode_enabled};
  GradMode_enabled = enabled;
  return guard;
}

void AutoGradMode_exit(AutoGradMode guard) { GradMode_enabled = guard.prev_mode; }
