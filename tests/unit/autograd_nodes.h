/*
 * autograd_nodes.h - the node types and the "VariableType" forward
 * functions the autograd unit tests build graphs with, written by hand the
 * way generated code will be (autograd/variable.h's sketch): MulBackward0
 * (saves both inputs), ExpBackward0 (saves its own output: Note [Saved output
 * and cycles]), AddBackward0 (the same gradient to both inputs),
 * SumBackward0 (expand to the input's sizes), and BadBackward (returns a
 * gradient of a fixed, wrong shape).  Every apply appends the node's name
 * to `applied`, so a test can check the engine's order.
 *
 * Include it after <cmocka.h> and test_util.h.
 */
#ifndef MINATEN_TESTS_UNIT_AUTOGRAD_NODES_H
#define MINATEN_TESTS_UNIT_AUTOGRAD_NODES_H

#include <stdio.h>
#include <string.h>

#include "autograd/SavedVariable.h"
#include "autograd/autograd.h"
#include "autograd/engine.h"
#include "autograd/variable.h"
#include "runtime/Exception.h"
#include "runtime/GradMode.h"

/* The names of the nodes applied, in order, separated by spaces, and
 * whether grad mode was on in the last apply. */
static char applied[4096];
static bool grad_mode_in_apply;
static inline void log_apply(const Node* self) {
  grad_mode_in_apply = GradMode_is_enabled();
  size_t used = strlen(applied);
  snprintf(applied + used, sizeof applied - used, "%s%s", used ? " " : "", Node_name(self));
}

/* A float tensor of the given values, shape [n]. */
static inline Tensor* floats(const float* vals, int64_t n) {
  Tensor* t = at_empty_memory_format(IntArrayRef_make(&n, 1), kFloat, kNoLayout, kNoDevice, kNoPinMemory,
                                     kNoMemoryFormat);
  assert_non_null(t);
  memcpy(Tensor_data(t), vals, (size_t)n * sizeof(float));
  return t;
}
#define FLOATS(...) \
  floats((const float[]){__VA_ARGS__}, (int64_t)(sizeof((const float[]){__VA_ARGS__}) / sizeof(float)))

/* A leaf that requires grad. */
static inline Tensor* leaf(Tensor* t) {
  assert_int_equal(set_requires_grad(t, true), 0);
  return t;
}

static inline void assert_floats(const Tensor* t, const float* expected, int64_t n) {
  assert_non_null(t);
  assert_int_equal(t->numel, n);
  Tensor* c = at_contiguous(t, (MemoryFormat)MemoryFormat_Contiguous);
  assert_non_null(c);
  for (int64_t i = 0; i < n; i++) assert_true(((const float*)Tensor_data(c))[i] == expected[i]);
  Tensor_release(c);
}
#define ASSERT_FLOATS(t, ...) \
  assert_floats(t, (const float[]){__VA_ARGS__}, (int64_t)(sizeof((const float[]){__VA_ARGS__}) / sizeof(float)))

/* ---- MulBackward0: self * other ---- */
typedef struct MulBackward0 {
  Node base;
  SavedVariable self_, other_;
} MulBackward0;

static inline int MulBackward0_apply(Node* node, Tensor* const* grads, Tensor** grad_inputs) {
  MulBackward0* self = (MulBackward0*)node;
  log_apply(node);
  Tensor *self_ = NULL, *other_ = NULL;
  if (Node_should_compute_output(node, 0)) {
    TRY((other_ = SavedVariable_unpack(&self->other_, node)) != NULL);
    TRY((grad_inputs[0] = at_mul_Tensor(grads[0], other_)) != NULL);
  }
  if (Node_should_compute_output(node, 1)) {
    TRY((self_ = SavedVariable_unpack(&self->self_, node)) != NULL);
    TRY((grad_inputs[1] = at_mul_Tensor(grads[0], self_)) != NULL);
  }
  Tensor_release(self_);
  Tensor_release(other_);
  return 0;
fail:
  Tensor_release(self_);
  Tensor_release(other_);
  return -1;
}
static inline void MulBackward0_release_variables(Node* node) {
  MulBackward0* self = (MulBackward0*)node;
  SavedVariable_reset(&self->self_);
  SavedVariable_reset(&self->other_);
}
static const NodeType MulBackward0_type = {"MulBackward0", MulBackward0_apply, MulBackward0_release_variables,
                                           MulBackward0_release_variables, NULL, 0};

static inline Tensor* mul(Tensor* self, Tensor* other) {
  const Tensor* inputs[] = {self, other};
  MulBackward0* grad_fn = NULL;
  if (compute_requires_grad(inputs, 2)) {
    grad_fn = (MulBackward0*)Node_new(&MulBackward0_type, sizeof *grad_fn);
    assert_int_equal(set_next_edges_from(&grad_fn->base, inputs, 2), 0);
    if (Node_should_compute_output(&grad_fn->base, 0)) assert_int_equal(SavedVariable_init(&grad_fn->other_, other, false), 0);
    if (Node_should_compute_output(&grad_fn->base, 1)) assert_int_equal(SavedVariable_init(&grad_fn->self_, self, false), 0);
  }
  Tensor* result = at_mul_Tensor(self, other);
  assert_non_null(result);
  if (grad_fn != NULL) {
    assert_int_equal(set_history(result, &grad_fn->base), 0);
    Node_release(&grad_fn->base);
  }
  return result;
}

/* ---- ExpBackward0: exp(self), saves result ---- */
typedef struct ExpBackward0 {
  Node base;
  SavedVariable result_;
} ExpBackward0;

static inline int ExpBackward0_apply(Node* node, Tensor* const* grads, Tensor** grad_inputs) {
  ExpBackward0* self = (ExpBackward0*)node;
  log_apply(node);
  Tensor* result = SavedVariable_unpack(&self->result_, node);
  if (result == NULL) return -1;
  grad_inputs[0] = at_mul_Tensor(grads[0], result);
  Tensor_release(result);
  return grad_inputs[0] != NULL ? 0 : -1;
}
static inline void ExpBackward0_release_variables(Node* node) { SavedVariable_reset(&((ExpBackward0*)node)->result_); }
static const NodeType ExpBackward0_type = {"ExpBackward0", ExpBackward0_apply, ExpBackward0_release_variables,
                                           ExpBackward0_release_variables, NULL, 0};

static inline Tensor* exp_(Tensor* self) {
  const Tensor* inputs[] = {self};
  ExpBackward0* grad_fn = NULL;
  if (compute_requires_grad(inputs, 1)) {
    grad_fn = (ExpBackward0*)Node_new(&ExpBackward0_type, sizeof *grad_fn);
    assert_int_equal(set_next_edges_from(&grad_fn->base, inputs, 1), 0);
  }
  Tensor* result = at_exp(self);
  assert_non_null(result);
  if (grad_fn != NULL) {
    assert_int_equal(set_history(result, &grad_fn->base), 0);
    assert_int_equal(SavedVariable_init(&grad_fn->result_, result, true), 0);
    Node_release(&grad_fn->base);
  }
  return result;
}

/* ---- AddBackward0: self + other, the gradient itself to both ---- */
static inline int AddBackward0_apply(Node* node, Tensor* const* grads, Tensor** grad_inputs) {
  log_apply(node);
  for (uint32_t i = 0; i < 2; i++)
    if (Node_should_compute_output(node, i) && grads[0] != NULL) grad_inputs[i] = Tensor_retain(grads[0]);
  return 0;
}
static const NodeType AddBackward0_type = {"AddBackward0", AddBackward0_apply, NULL, NULL, NULL, 0};

static inline Tensor* add(Tensor* self, Tensor* other) {
  const Tensor* inputs[] = {self, other};
  Node* grad_fn = NULL;
  if (compute_requires_grad(inputs, 2)) {
    grad_fn = Node_new(&AddBackward0_type, sizeof *grad_fn);
    assert_int_equal(set_next_edges_from(grad_fn, inputs, 2), 0);
  }
  Tensor* result = at_add_Tensor(self, other, Scalar_fromLong(1));
  assert_non_null(result);
  if (grad_fn != NULL) {
    assert_int_equal(set_history(result, grad_fn), 0);
    Node_release(grad_fn);
  }
  return result;
}

/* ---- SumBackward0: sum(self), the gradient expanded to self's sizes ---- */
typedef struct SumBackward0 {
  Node base;
  int64_t self_sizes[8];
  int64_t self_dim;
} SumBackward0;

static inline int SumBackward0_apply(Node* node, Tensor* const* grads, Tensor** grad_inputs) {
  SumBackward0* self = (SumBackward0*)node;
  log_apply(node);
  grad_inputs[0] = at_expand(grads[0], IntArrayRef_make(self->self_sizes, (size_t)self->self_dim), false);
  return grad_inputs[0] != NULL ? 0 : -1;
}
static const NodeType SumBackward0_type = {"SumBackward0", SumBackward0_apply, NULL, NULL, NULL, 0};

static inline Tensor* sum(Tensor* self) {
  const Tensor* inputs[] = {self};
  SumBackward0* grad_fn = NULL;
  if (compute_requires_grad(inputs, 1)) {
    grad_fn = (SumBackward0*)Node_new(&SumBackward0_type, sizeof *grad_fn);
    assert_int_equal(set_next_edges_from(&grad_fn->base, inputs, 1), 0);
    grad_fn->self_dim = self->dim;
    memcpy(grad_fn->self_sizes, self->sizes, (size_t)self->dim * sizeof(int64_t));
  }
  Tensor* result = at_sum(self, kNoDtype);
  assert_non_null(result);
  if (grad_fn != NULL) {
    assert_int_equal(set_history(result, &grad_fn->base), 0);
    Node_release(&grad_fn->base);
  }
  return result;
}

/* ---- BadBackward: returns ones of `bad_shape` whatever it gets ---- */
static int64_t bad_shape[2] = {2};
static size_t bad_dim = 1;
static inline int BadBackward_apply(Node* node, Tensor* const* grads, Tensor** grad_inputs) {
  (void)grads;
  log_apply(node);
  grad_inputs[0] = at_ones(IntArrayRef_make(bad_shape, bad_dim), kFloat, kNoLayout, kNoDevice, kNoPinMemory);
  return grad_inputs[0] != NULL ? 0 : -1;
}
static const NodeType BadBackward_type = {"BadBackward", BadBackward_apply, NULL, NULL, NULL, 0};

static inline Tensor* bad(Tensor* self) {
  const Tensor* inputs[] = {self};
  Node* grad_fn = Node_new(&BadBackward_type, sizeof *grad_fn);
  assert_int_equal(set_next_edges_from(grad_fn, inputs, 1), 0);
  Tensor* result = at_clone(self, kNoMemoryFormat);
  assert_int_equal(set_history(result, grad_fn), 0);
  Node_release(grad_fn);
  return result;
}

/* sum(t), dropping the caller's reference to t (the graph keeps what it needs). */
static inline Tensor* sum_of(Tensor* t) {
  Tensor* s = sum(t);
  Tensor_release(t);
  return s;
}

/* t.backward() with the defaults. */
static inline int backward(Tensor* t) { return autograd_backward(&t, 1, NULL, kNoRetain, false, NULL, 0); }

#endif
