/*
 * anomaly_mode.h - anomaly detection for the autograd engine
 * (`torch.autograd.detect_anomaly()`, `set_detect_anomaly(True)`).
 *
 * While the mode is on:
 *   - every node made (Node_new) records where the forward made it: the
 *     Python traceback of that moment, kept in the node's metadata dict
 *     under "traceback_", and, for a node made while the engine runs another
 *     (a double backward), that node as its parent ("parent_");
 *   - when a node fails in the engine, the engine warns with the traceback
 *     of its forward ("Error detected in MulBackward0. Traceback of forward
 *     call that caused the error: ..."), then the parents', before the error
 *     propagates;
 *   - with check_nan (the default), a node whose output holds a NaN fails
 *     with "Function 'LogBackward0' returned nan values in its 0th output."
 *
 * The flags are global, as 1.13's (a static, not thread-local).  The stack
 * is Python's, so the core only calls hooks the CPython extension installs
 * (csrc/autograd/python_anomaly_mode.c); without them (the bare C runtime)
 * nothing is recorded and nothing printed.
 *
 * PyTorch 1.13: torch/csrc/autograd/anomaly_mode.h, anomaly_mode.cpp
 * (AnomalyMode, AnomalyMetadata), function.h (Node::Node's
 * store_stack/assign_parent, get_current_node), engine.cpp
 * (set_exception_without_signal's print_stack, evaluate_function's NaN
 * check)
 */
#ifndef MINATEN_AUTOGRAD_ANOMALY_MODE_H
#define MINATEN_AUTOGRAD_ANOMALY_MODE_H

#include <stdbool.h>

#include "autograd/Node.h"

/* PyTorch 1.13: anomaly_mode.h AnomalyMode::is_enabled */
bool AnomalyMode_is_enabled(void);
/* PyTorch 1.13: anomaly_mode.h AnomalyMode::should_check_nan */
bool AnomalyMode_should_check_nan(void);
/* PyTorch 1.13: anomaly_mode.h AnomalyMode::set_enabled */
void AnomalyMode_set_enabled(bool enabled, bool check_nan);

/* The hooks of 1.13's AnomalyMetadata subclass (PyAnomalyMetadata), set by
 * the CPython extension.  store_stack records the current traceback and
 * `parent` (NULL: none) in node's metadata; print_stack warns with them. */
typedef struct AnomalyMetadataHooks {
  void (*store_stack)(Node* node, Node* parent);
  void (*print_stack)(Node* node);
} AnomalyMetadataHooks;
void AnomalyMetadata_setHooks(AnomalyMetadataHooks hooks);

/* What Node_new does while the mode is on: the node's traceback and its
 * parent, the node the engine is running (get_current_node).
 * PyTorch 1.13: function.h Node::Node (metadata()->store_stack(); assign_parent()) */
void AnomalyMetadata_store_stack(Node* node);
/* What the engine does with the node that failed, while the mode is on.
 * PyTorch 1.13: engine.cpp GraphTask::set_exception_without_signal
 * (fn->metadata()->print_stack(fn->name())) */
void AnomalyMetadata_print_stack(Node* node);

/* The node the engine is running on this thread (borrowed), or NULL.
 * PyTorch 1.13: torch/csrc/autograd/function.cpp get_current_node */
Node* get_current_node(void);
/* Sets it for the duration of a node's apply; returns the previous one, for
 * NodeGuard_exit.  PyTorch 1.13: function.h NodeGuard */
Node* NodeGuard_enter(Node* node);
void NodeGuard_exit(Node* previous);

#endif
