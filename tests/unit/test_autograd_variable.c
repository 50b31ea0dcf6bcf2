/*
 * test_autograd_variable.c - the tensor side of autograd: requires_grad and
 * 1.13's refusals, is_leaf, gradient edges and next edges, the leaf's
 * AccumulateGrad held weakly (made once, gone with the graph; holding a
 * leaf moved into the graph interior weakly in turn), saved
 * variables (an input held strongly; an output without a reference cycle;
 * reset and the second-use error), grad mode, inference mode, and sequence
 * numbers.
 * Messages were checked against PyTorch 1.13 (/usr/bin/python3).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "test_util.h"
#include "autograd_nodes.h"
#include "autograd/functions/AccumulateGrad.h"
#include "runtime/InferenceMode.h"

static Tensor* longs(void) {
  OptionalScalarType dtype = {true, ScalarType_Long};
  Tensor* t = at_zeros(INTS(2), dtype, kNoLayout, kNoDevice, kNoPinMemory);
  assert_non_null(t);
  return t;
}

/* torch.ones(2, dtype=torch.long, requires_grad=True) and .requires_grad_():
 * 1.13's two messages; a float tensor requires grad, and a non-leaf cannot
 * be set to False. */
static void test_requires_grad(void** state) {
  (void)state;
  Tensor* l = longs();
  assert_int_equal(set_requires_grad(l, true), -1);
  assert_string_equal(Error_message(), "Only Tensors of floating point and complex dtype can require gradients");
  Error_clear();
  assert_int_equal(requires_grad_(l, true), -1);
  assert_string_equal(Error_message(), "only Tensors of floating point dtype can require gradients");
  Error_clear();
  assert_int_equal(requires_grad_(l, false), 0);
  assert_null(l->autograd_meta); /* False on a tensor with no meta makes none */
  assert_false(requires_grad(l));
  Tensor_release(l);

  Tensor* a = FLOATS(1, 2);
  assert_true(is_leaf(a) && !requires_grad(a));
  assert_int_equal(requires_grad_(a, true), 0);
  assert_true(is_leaf(a) && requires_grad(a));
  Tensor* c = mul(a, a);
  assert_true(!is_leaf(c) && requires_grad(c));
  assert_int_equal(requires_grad_(c, false), -1);
  assert_string_equal(Error_message(),
                      "you can only change requires_grad flags of leaf variables. If you want to use a computed "
                      "variable in a subgraph that doesn't require differentiation use var_no_grad = var.detach().");
  Error_clear();
  assert_int_equal(requires_grad_(c, true), 0);
  Tensor_release(c);
  Tensor_release(a);
}

/* next_functions of a*b with b not requiring grad: (AccumulateGrad, 0),
 * (None, 0); the AccumulateGrad is made once and shared while alive, and
 * gone (the leaf's weak pointer cleared) once the graph is. */
static void test_edges_and_grad_accumulator(void** state) {
  (void)state;
  Tensor* a = leaf(FLOATS(1, 2));
  Tensor* b = FLOATS(3, 4);
  Tensor* c = mul(a, b);
  Node* fn = grad_fn(c);
  assert_int_equal(fn->num_next_edges, 2);
  assert_string_equal(Node_name(fn->next_edges[0].function), "torch::autograd::AccumulateGrad");
  assert_int_equal(fn->next_edges[0].input_nr, 0);
  assert_null(fn->next_edges[1].function);
  assert_int_equal(output_nr(c), 0);
  assert_int_equal(fn->num_inputs, 1);
  assert_int_equal(fn->input_metadata[0].dim, 1);
  assert_int_equal(fn->input_metadata[0].sizes[0], 2);
  Node* acc = a->autograd_meta->grad_accumulator;
  assert_ptr_equal(acc, fn->next_edges[0].function);
  assert_int_equal(acc->sequence_nr, UINT64_MAX);
  assert_ptr_equal(((AccumulateGrad*)acc)->variable, a);
  Tensor* d = mul(a, b);
  assert_ptr_equal(grad_fn(d)->next_edges[0].function, acc); /* the same one */
  Edge e = gradient_edge(a);
  assert_ptr_equal(e.function, acc);
  Node_release(e.function);
  Tensor_release(d);
  Tensor_release(c);
  assert_null(a->autograd_meta->grad_accumulator); /* the weak pointer expired */
  Edge none = gradient_edge(b);
  assert_false(Edge_is_valid(none));
  Tensor_release(b);
  Tensor_release(a);
}

/* Sequence numbers: one per node made, in order; AccumulateGrad takes none. */
static void test_sequence_numbers(void** state) {
  (void)state;
  Tensor* a = leaf(FLOATS(1));
  uint64_t before = sequence_number_peek();
  Tensor* x = mul(a, a); /* MulBackward0; AccumulateGrad takes no number */
  Tensor* y = exp_(x);
  assert_int_equal(grad_fn(x)->sequence_nr, before);
  assert_int_equal(grad_fn(y)->sequence_nr, before + 1);
  assert_int_equal(sequence_number_peek(), before + 2);
  Tensor_release(y);
  Tensor_release(x);
  Tensor_release(a);
}

/* An input is saved strongly; the node saving its own output holds no
 * reference to it nor to itself (Note [Saved output and cycles]): exp's
 * node is held by its output alone, and the unpacked output has the node as
 * grad_fn.  After a reset the unpack is the second-backward error. */
static void test_saved_variables(void** state) {
  (void)state;
  Tensor* a = leaf(FLOATS(0, 1));
  Tensor* e = exp_(a);
  Node* fn = grad_fn(e);
  assert_int_equal(fn->refcount, 1);      /* e's grad_fn only: no cycle */
  assert_int_equal(e->refcount, 1);       /* the node keeps a copy, not e */
  ExpBackward0* node = (ExpBackward0*)fn;
  assert_false(node->result_.saved_original);
  assert_ptr_equal(node->result_.data->storage, e->storage);
  Tensor* unpacked = SavedVariable_unpack(&node->result_, fn);
  assert_non_null(unpacked);
  assert_ptr_not_equal(unpacked, e);
  assert_ptr_equal(grad_fn(unpacked), fn);
  assert_int_equal(output_nr(unpacked), 0);
  Tensor_release(unpacked);

  Tensor* m = mul(a, e);
  MulBackward0* mul_node = (MulBackward0*)grad_fn(m);
  assert_true(mul_node->self_.saved_original && mul_node->other_.saved_original);
  assert_ptr_equal(mul_node->other_.data, e); /* an input: the tensor itself */
  Tensor* self_ = SavedVariable_unpack(&mul_node->self_, grad_fn(m));
  assert_ptr_equal(self_, a);
  Tensor_release(self_);
  MulBackward0_release_variables(grad_fn(m));
  assert_null(SavedVariable_unpack(&mul_node->self_, grad_fn(m)));
  assert_true(Error_occurred());
  Error_clear();
  /* a default-constructed SavedVariable unpacks to NULL without error */
  SavedVariable empty = {0};
  assert_null(SavedVariable_unpack(&empty, NULL));
  assert_false(Error_occurred());
  Tensor_release(m);
  Tensor_release(e);
  Tensor_release(a);
}

/* A graph that no backward runs, kept alive only by its output, is freed
 * with it (valgrind and ASan check the rest). */
static void test_graph_never_run(void** state) {
  (void)state;
  Tensor* a = leaf(FLOATS(1, 2));
  Tensor* x = exp_(a);
  Tensor* y = mul(x, x);
  Tensor* z = exp_(y);
  Tensor_release(y);
  Tensor_release(x);
  assert_int_equal(a->refcount, 2); /* a and its AccumulateGrad */
  Tensor_release(z);
  assert_int_equal(a->refcount, 1);
  assert_null(a->autograd_meta->grad_accumulator);
  Tensor_release(a);
}

/* lift_fresh's autograd kernel, by hand: lift_fresh returns its input,
 * which gets LiftFreshBackward0, whose next edge is the input's gradient
 * edge (its AccumulateGrad, for a leaf). */
static int LiftFreshBackward0_apply(Node* node, Tensor* const* grads, Tensor** grad_inputs) {
  log_apply(node);
  grad_inputs[0] = Tensor_retain(grads[0]);
  return 0;
}
static const NodeType LiftFreshBackward0_type = {"LiftFreshBackward0", LiftFreshBackward0_apply, NULL, NULL, NULL, 0};
static Tensor* lift_fresh(Tensor* self) {
  const Tensor* inputs[] = {self};
  Node* grad_fn = Node_new(&LiftFreshBackward0_type, sizeof *grad_fn);
  assert_int_equal(set_next_edges_from(grad_fn, inputs, 1), 0);
  Tensor* result = at_lift_fresh(self);
  assert_int_equal(set_history(result, grad_fn), 0);
  Node_release(grad_fn);
  return result;
}

/* A leaf that requires grad given a grad_fn while its AccumulateGrad lives
 * (lift_fresh): from then on the node holds the leaf weakly (Note [A leaf
 * moved into the graph interior]), so the tensor, its grad_fn and the node
 * make no cycle and go with their last outside reference; a node that
 * outlives the leaf forgets it.  The edge reset of detach_() makes the hold
 * strong again. */
static void test_leaf_moved_into_graph_interior(void** state) {
  (void)state;
  Tensor* a = leaf(FLOATS(1, 2));
  Tensor* r = lift_fresh(a);
  assert_ptr_equal(r, a);
  assert_false(is_leaf(a));
  Node* acc = grad_fn(a)->next_edges[0].function;
  assert_string_equal(Node_name(acc), "torch::autograd::AccumulateGrad");
  assert_ptr_equal(((AccumulateGrad*)acc)->variable, a);
  assert_false(((AccumulateGrad*)acc)->owns_variable);
  assert_int_equal(a->refcount, 2); /* a and r: not the node's */
  Node_retain(acc);
  Tensor_release(r);
  Tensor_release(a); /* freed, with its grad_fn (ASan and valgrind check) */
  assert_null(((AccumulateGrad*)acc)->variable);
  Node_release(acc);

  Tensor* b = leaf(FLOATS(3));
  Tensor* rb = lift_fresh(b);
  Node* accb = Node_retain(grad_fn(b)->next_edges[0].function);
  assert_int_equal(set_gradient_edge(b, (Edge){NULL, 0}), 0); /* detach_()'s */
  assert_true(((AccumulateGrad*)accb)->owns_variable);
  assert_int_equal(b->refcount, 3);
  Tensor_release(rb);
  Tensor_release(b);
  assert_int_equal(((AccumulateGrad*)accb)->variable->refcount, 1); /* the node's */
  Node_release(accb);
}

/* No grad mode: no history recorded. */
static void test_no_grad(void** state) {
  (void)state;
  Tensor* a = leaf(FLOATS(1, 2));
  AutoGradMode guard = NoGradGuard_enter();
  Tensor* x = mul(a, a);
  AutoGradMode inner = AutoGradMode_enter(true); /* torch.enable_grad() inside */
  Tensor* y = mul(a, a);
  AutoGradMode_exit(inner);
  assert_false(GradMode_is_enabled());
  AutoGradMode_exit(guard);
  assert_true(GradMode_is_enabled());
  assert_false(requires_grad(x));
  assert_null(grad_fn(x));
  assert_true(requires_grad(y));
  Tensor_release(y);
  Tensor_release(x);
  Tensor_release(a);
}

/* Inference mode (runtime/InferenceMode.h): the guard turns grad mode off
 * and restores it and the thread's key sets; a tensor made inside is an
 * inference tensor, one made before is not; outside, writing one fails
 * after the write, and so does asking it to require grad.  Messages as
 * 1.13's. */
static void test_inference_mode(void** state) {
  (void)state;
  Tensor* normal = FLOATS(1, 2);
  LocalDispatchKeySet before = tls_local_dispatch_key_set_get();
  InferenceMode guard = InferenceMode_enter(true);
  assert_true(InferenceMode_is_enabled() && !GradMode_is_enabled());
  Tensor* t = FLOATS(3, 4);
  assert_true(Tensor_isInference(t) && !Tensor_isInference(normal));
  assert_int_equal(Tensor_bumpVersion(t), 0); /* allowed inside, nothing counted */
  InferenceMode inner = InferenceMode_enter(false);
  assert_true(!InferenceMode_is_enabled() && GradMode_is_enabled());
  InferenceMode_exit(inner);
  assert_true(InferenceMode_is_enabled());
  InferenceMode_exit(guard);
  LocalDispatchKeySet after = tls_local_dispatch_key_set_get();
  assert_true(!InferenceMode_is_enabled() && GradMode_is_enabled());
  assert_true(DispatchKeySet_equals(before.included, after.included) &&
              DispatchKeySet_equals(before.excluded, after.excluded));
  assert_int_equal(Tensor_bumpVersion(t), -1);
  assert_string_equal(Error_message(),
                      "Inplace update to inference tensor outside InferenceMode is not allowed.You can make a clone "
                      "to get a normal tensor before doing inplace update.See https://github.com/pytorch/rfcs/pull/17 "
                      "for more details.");
  Error_clear();
  assert_int_equal(set_requires_grad(t, true), -1);
  assert_string_equal(Error_message(),
                      "Setting requires_grad=True on inference tensor outside InferenceMode is not allowed.");
  Error_clear();
  Tensor_release(t);
  Tensor_release(normal);
}

/* .grad = None / a tensor. */
static void test_set_grad(void** state) {
  (void)state;
  Tensor* a = leaf(FLOATS(1, 2));
  Tensor* g = FLOATS(5, 6);
  assert_int_equal(set_grad(a, g), 0);
  assert_ptr_equal(Tensor_grad(a), g);
  assert_int_equal(set_grad(a, NULL), 0);
  assert_null(Tensor_grad(a));
  Tensor_release(g);
  Tensor_release(a);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_requires_grad),
      cmocka_unit_test(test_edges_and_grad_accumulator),
      cmocka_unit_test(test_sequence_numbers),
      cmocka_unit_test(test_saved_variables),
      cmocka_unit_test(test_graph_never_run),
      cmocka_unit_test(test_leaf_moved_into_graph_interior),
      cmocka_unit_test(test_no_grad),
      cmocka_unit_test(test_inference_mode),
      cmocka_unit_test(test_set_grad),
  };
  return cmocka_run_group_tests(tests, setup, teardown);
}
