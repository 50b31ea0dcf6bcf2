/*
 * anomaly_mode.c - see anomaly_mode.h.
 * PyTorch 1.13: torch/csrc/autograd/anomaly_mode.cpp, function.cpp
 * (current_evaluating_node)
 */
#include "autograd/anomaly_mode.h"

#include <stddef.h>

/* PyTorch 1.13: anomaly_mode.cpp AnomalyMode::_enabled, _check_nan */
static bool _enabled = false;
static bool _check_nan = true;
static AnomalyMetadataHooks hooks = {NULL, NULL};
/* PyTorch 1.13: function.cpp current_evaluating_node (thread_local) */
static _Thread_local Node* current_evaluating_node = NULL;

bool AnomalyMode_is_enabled(void) { return _enabled; }

bool AnomalyMode_should_check_nan(void) { return _check_nan; }

void AnomalyMode_set_enabled(bool enabled, bool check_nan) {
  _enabled = enabled;
  _check_nan = check_nan;
}

void AnomalyMetadata_setHooks(AnomalyMetadataHooks h) { hooks = h; }

void AnomalyMetadata_store_stack(Node* node) {
  if (hooks.store_stack != NULL) hooks.store_stack(node, current_evaluating_node);
}

void AnomalyMetadata_print_stack(Node* node) {
  if (hooks.print_stack != NULL) hooks.print_stack(node);
}

Node* get_current_node(void) { return current_evaluating_node; }

Node* NodeGuard_enter(Node* node) {
  Node* previous = current_evaluating_node;
  current_evaluating_node = node;
  return previous;
}

void NodeGuard_exit(Node* previous) { current_evaluating_node = previous; }
