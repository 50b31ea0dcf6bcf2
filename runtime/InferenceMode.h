/*
 * InferenceMode.h - `with torch.inference_mode():`, on this thread.
 *
 * Note [Inference mode]: a stronger no_grad.  While it is on:
 *   - grad mode is off, and the autograd keys are in the thread's excluded
 *     set, so no VariableType kernel runs at all;
 *   - ADInplaceOrView leaves the thread's included set (where it is by
 *     default: runtime/LocalDispatchKeySet.c), so that only a tensor that
 *     carries the key itself gets its views tracked and its writes counted;
 *   - every tensor made is an *inference tensor* (TensorImpl.c Tensor_new):
 *     its key set has neither ADInplaceOrView nor an autograd key, and it has
 *     no version counter (Tensor_isInference).
 * A normal tensor stays normal inside: its writes bump its version and its
 * views are tracked, with CreationMeta_INFERENCE_MODE (autograd/variable.h).
 * Outside, an inference tensor still has no autograd keys (no graph is
 * recorded through it), and what would need its version fails: a write in
 * place (after the write is done: "Inplace update to inference tensor
 * outside InferenceMode ..."), `t._version`, and saving it for backward.
 * A view of an inference tensor is one too (the view copies its key set).
 *
 * The guard saves the grad mode, the inference flag and the thread's key
 * sets, and its exit restores all three, so guards nest; `enabled` false
 * turns inference mode off inside a block where it is on.
 *
 * PyTorch 1.13: c10/core/InferenceMode.h, c10/core/AutogradState.h
 */
#ifndef MINATEN_RUNTIME_INFERENCEMODE_H
#define MINATEN_RUNTIME_INFERENCEMODE_H

#include <stdbool.h>

#include "runtime/LocalDispatchKeySet.h"

/* PyTorch 1.13: c10/core/InferenceMode.h InferenceMode::is_enabled */
bool InferenceMode_is_enabled(void);

/* The state an enter saved, for its exit. */
typedef struct InferenceMode {
  bool prev_grad_mode;
  bool prev_inference_mode;
  LocalDispatchKeySet prev_keyset;
} InferenceMode;

/* PyTorch 1.13: c10/core/InferenceMode.h InferenceMode::InferenceMode */
InferenceMode InferenceMode_enter(bool enabled);
/* PyTorch 1.13: c10/core/InferenceMode.h InferenceMode::~InferenceMode */
void InferenceMode_exit(InferenceMode guard);

#endif
