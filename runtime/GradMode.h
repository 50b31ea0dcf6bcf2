/*
 * GradMode.h - whether operators record autograd history on this thread.
 *
 * One thread-local flag, on by default.  A VariableType kernel asks it (via
 * compute_requires_grad, autograd/variable.h) before it makes a node: with
 * the flag off (`torch.no_grad()`), outputs get no grad_fn.  The engine sets
 * it to `create_graph` while it runs a backward pass, so the formulas record
 * a graph of their own only when asked to.
 *
 * C has no destructors: the RAII guards of 1.13 (AutoGradMode, NoGradGuard)
 * are an enter/exit pair; enter returns the previous state, which exit
 * restores, so guards nest as their C++ scopes do:
 *
 *   AutoGradMode guard = NoGradGuard_enter();
 *   ... operators record nothing ...
 *   AutoGradMode_exit(guard);
 *
 * PyTorch 1.13: c10/core/GradMode.h (GradMode, AutoGradMode, NoGradGuard)
 */
#ifndef MINATEN_RUNTIME_GRADMODE_H
#define MINATEN_RUNTIME_GRADMODE_H

#include <stdbool.h>

/* PyTorch 1.13: c10/core/GradMode.h GradMode::is_enabled */
bool GradMode_is_enabled(void);
/* PyTorch 1.13: c10/core/GradMode.h GradMode::set_enabled */
void GradMode_set_enabled(bool enabled);

/* The state an enter saved, for its exit. */
typedef struct AutoGradMode {
  bool prev_mode;
} AutoGradMode;

/* Sets the mode to `enabled`; returns the guard that restores the previous
 * mode.  PyTorch 1.13: c10/core/GradMode.h AutoGradMode::AutoGradMode */
AutoGradMode AutoGradMode_enter(bool enabled);
/* PyTorch 1.13: c10/core/GradMode.h AutoGradMode::~AutoGradMode */
void AutoGradMode_exit(AutoGradMode guard);

/* `with torch.no_grad():`.  PyTorch 1.13: c10/core/GradMode.h NoGradGuard */
static inline AutoGradMode NoGradGuard_enter(void) { return AutoGradMode_enter(false); }

#endif
