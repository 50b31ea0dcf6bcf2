/*
 * test_autograd_engine.c - the engine on graphs built by hand
 * (autograd_nodes.h): gradient values, a leaf used twice (the input buffer
 * sums), accumulation into an existing .grad, the order of nodes (sequence
 * numbers, AccumulateGrad first), retain_graph and the second backward's
 * error, torch.autograd.grad's captured gradients and allow_unused, the
 * errors of backward(), validate_outputs (shape error, sum_to, dtype), and
 * the operator trace of a backward against 1.13's.  Expected values, orders,
 * traces and messages were checked against PyTorch 1.13 (/usr/bin/python3).
 */
#include <math.h>
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
#include "autograd/VariableTypeManual.h"
#include "dispatch/TraceMode.h"
#include "ops/lazy/LazyBindings.h"

/* a * b: a.grad = b, b.grad = a.  1.13: tensor([4., 5., 6.]), tensor([1., 2., 3.]) */
static void test_mul_gradients(void** state) {
  (void)state;
  Tensor* a = leaf(FLOATS(1, 2, 3));
  Tensor* b = leaf(FLOATS(4, 5, 6));
  Tensor* c = mul(a, b);
  Tensor* s = sum(c);
  assert_true(requires_grad(c) && !is_leaf(c) && is_leaf(a));
  assert_string_equal(Node_name(grad_fn(s)), "SumBackward0");
  assert_int_equal(backward(s), 0);
  ASSERT_FLOATS(Tensor_grad(a), 4, 5, 6);
  ASSERT_FLOATS(Tensor_grad(b), 1, 2, 3);
  Tensor_release(s);
  Tensor_release(c);
  Tensor_release(b);
  Tensor_release(a);
}

/* (a * a).sum(): both of MulBackward0's gradients go to a's AccumulateGrad,
 * whose input buffer sums them: a.grad = 2a.  A second graph's backward adds
 * in place into the same .grad tensor (aten::add_). */
static void test_leaf_used_twice_and_accumulation(void** state) {
  (void)state;
  Tensor* a = leaf(FLOATS(1, 2, 3));
  Tensor* s = sum_of(mul(a, a));
  assert_int_equal(backward(s), 0);
  ASSERT_FLOATS(Tensor_grad(a), 2, 4, 6);
  Tensor* first_grad = Tensor_grad(a);
  Tensor* s2 = sum_of(mul(a, a));
  assert_int_equal(backward(s2), 0);
  ASSERT_FLOATS(Tensor_grad(a), 4, 8, 12);
  assert_ptr_equal(Tensor_grad(a), first_grad); /* in place */
  Tensor_release(s2);
  Tensor_release(s);
  Tensor_release(a);
}

/* (a*2 + b*3).sum(): the nodes run by decreasing sequence number, each
 * AccumulateGrad as soon as it is ready (1.13's trace: mul, detach, detach,
 * mul, detach, detach: b's MulBackward0 (made later) first). */
static void test_order_by_sequence_nr(void** state) {
  (void)state;
  Tensor* a = leaf(FLOATS(1, 2));
  Tensor* b = leaf(FLOATS(3, 4));
  Tensor* two = FLOATS(2, 2);
  Tensor* three = FLOATS(3, 3);
  Tensor* x = mul(a, two);
  Tensor* y = mul(b, three);
  assert_true(grad_fn(y)->sequence_nr == grad_fn(x)->sequence_nr + 1);
  Tensor* z = add(x, y);
  Tensor* s = sum(z);
  applied[0] = '\0';
  assert_int_equal(backward(s), 0);
  assert_string_equal(applied, "SumBackward0 AddBackward0 MulBackward0 MulBackward0");
  ASSERT_FLOATS(Tensor_grad(a), 2, 2);
  ASSERT_FLOATS(Tensor_grad(b), 3, 3);
  Tensor* all[] = {s, z, y, x, three, two, b, a};
  for (size_t i = 0; i < 8; i++) Tensor_release(all[i]);
}

/* Reads what the trace printed into `buf`. */
static char* trace_buf;
static size_t trace_len;
static FILE* trace_start(void) {
  FILE* f = open_memstream(&trace_buf, &trace_len);
  assert_non_null(f);
  TraceMode_setOutput(f);
  TraceMode_setEnabled(true);
  return f;
}
static void trace_stop(FILE* f) {
  TraceMode_setEnabled(false);
  TraceMode_setOutput(NULL);
  fclose(f);
}

/* ((a + b) * 2).sum().backward() under the trace, as 1.13's
 * TorchDispatchMode prints it: ones_like, expand, mul.Tensor,
 * new_empty_strided, copy_ (AccumulateGrad of a: AddBackward0 gave both
 * leaves the same tensor, so a's cannot steal it), detach, detach (b's
 * steals it: the last reference). */
static void test_backward_trace(void** state) {
  (void)state;
  Tensor* a = leaf(FLOATS(1, 1, 1));
  Tensor* b = leaf(FLOATS(1, 1, 1));
  Tensor* two = FLOATS(2, 2, 2);
  Tensor* c = add(a, b);
  Tensor* d = mul(c, two);
  Tensor* s = sum(d);
  FILE* f = trace_start();
  assert_int_equal(backward(s), 0);
  trace_stop(f);
  assert_string_equal(trace_buf,
                      "op aten::ones_like\n"
                      "op aten::expand\n"
                      "op aten::mul.Tensor\n"
                      "op aten::new_empty_strided\n"
                      "op aten::copy_\n"
                      "op aten::detach\n"
                      "op aten::detach\n");
  free(trace_buf);
  ASSERT_FLOATS(Tensor_grad(a), 2, 2, 2);
  ASSERT_FLOATS(Tensor_grad(b), 2, 2, 2);
  /* A second backward: both leaves have a grad, so in place (aten::add_). */
  Tensor* c2 = add(a, b);
  Tensor* s2 = sum_of(mul(c2, two));
  Tensor_release(c2);
  f = trace_start();
  assert_int_equal(backward(s2), 0);
  trace_stop(f);
  assert_string_equal(trace_buf,
                      "op aten::ones_like\n"
                      "op aten::expand\n"
                      "op aten::mul.Tensor\n"
                      "op aten::add_.Tensor\n"
                      "op aten::add_.Tensor\n");
  free(trace_buf);
  Tensor* all[] = {s2, s, d, c, two, b, a};
  for (size_t i = 0; i < 7; i++) Tensor_release(all[i]);
}

/* A node with 7 leaf inputs (1.13: torch.cat of 7 leaves): the 7
 * AccumulateGrads tie at UINT64_MAX and run in the order of 1.13's
 * std::priority_queue, 0 2 5 6 4 1 3 (1.13 shows it with hooks, and in the
 * trace when leaves 0, 3, 4, 5 have a grad: add_ for those, the others'
 * copy).  Note [Ready queue order] in autograd/engine.c. */
static int Fan7Backward_apply(Node* node, Tensor* const* grads, Tensor** grad_inputs) {
  (void)grads;
  for (uint32_t i = 0; i < node->num_next_edges; i++)
    if ((grad_inputs[i] = at_ones(INTS(1), kFloat, kNoLayout, kNoDevice, kNoPinMemory)) == NULL) return -1;
  return 0;
}
static const NodeType Fan7Backward_type = {"Fan7Backward", Fan7Backward_apply, NULL, NULL, NULL, 0};

static void test_ready_queue_ties(void** state) {
  (void)state;
  Tensor* leaves[7];
  for (int i = 0; i < 7; i++) leaves[i] = leaf(FLOATS(1));
  Tensor* zero = FLOATS(0);
  for (int i = 0; i < 7; i++)
    if (i == 0 || i == 3 || i == 4 || i == 5) assert_int_equal(set_grad(leaves[i], zero), 0);
  Node* fn = Node_new(&Fan7Backward_type, sizeof(Node));
  assert_int_equal(set_next_edges_from(fn, (const Tensor* const*)leaves, 7), 0);
  Tensor* out = FLOATS(7);
  assert_int_equal(set_history(out, fn), 0);
  Node_release(fn);
  Tensor* g = FLOATS(1);
  FILE* f = trace_start();
  assert_int_equal(autograd_backward(&out, 1, &g, kNoRetain, false, NULL, 0), 0);
  trace_stop(f);
  const char* ones = "op aten::ones\n";
  const char* steal = "op aten::detach\nop aten::detach\n";
  const char* add_ = "op aten::add_.Tensor\n";
  char expected[1024] = "";
  for (int i = 0; i < 7; i++) strcat(expected, ones);
  /* leaves 0 2 5 6 4 1 3 */
  const char* order[] = {add_, steal, add_, steal, add_, steal, add_};
  for (int i = 0; i < 7; i++) strcat(expected, order[i]);
  assert_string_equal(trace_buf, expected);
  free(trace_buf);
  Tensor_release(g);
  Tensor_release(out);
  Tensor_release(zero);
  for (int i = 0; i < 7; i++) Tensor_release(leaves[i]);
}

/* a.exp() saves its output: the forward traces the saved copy's detach, the
 * backward the unpacked one's, as 1.13's: exp, detach; sum, ones_like,
 * expand, detach, mul.Tensor, detach, detach. */
static void test_saved_output_trace(void** state) {
  (void)state;
  Tensor* a = leaf(FLOATS(0, 0, 0));
  FILE* f = trace_start();
  Tensor* e = exp_(a);
  trace_stop(f);
  assert_string_equal(trace_buf, "op aten::exp\nop aten::detach\n");
  free(trace_buf);
  Tensor* s = sum(e);
  f = trace_start();
  assert_int_equal(backward(s), 0);
  trace_stop(f);
  assert_string_equal(trace_buf,
                      "op aten::ones_like\n"
                      "op aten::expand\n"
                      "op aten::detach\n"
                      "op aten::mul.Tensor\n"
                      "op aten::detach\n"
                      "op aten::detach\n");
  free(trace_buf);
  ASSERT_FLOATS(Tensor_grad(a), 1, 1, 1);
  Tensor_release(s);
  Tensor_release(e);
  Tensor_release(a);
}

/* retain_graph=True keeps the saved variables for a second backward; a
 * backward without it frees them, and the next raises 1.13's error. */
static void test_retain_graph_and_backward_twice(void** state) {
  (void)state;
  Tensor* a = leaf(FLOATS(0, 0));
  Tensor* s = sum_of(exp_(a));
  OptionalBool retain = {true, true};
  assert_int_equal(autograd_backward(&s, 1, NULL, retain, false, NULL, 0), 0);
  ASSERT_FLOATS(Tensor_grad(a), 1, 1);
  assert_int_equal(backward(s), 0);
  ASSERT_FLOATS(Tensor_grad(a), 2, 2);
  assert_int_equal(backward(s), -1);
  assert_string_equal(Error_message(),
                      "Trying to backward through the graph a second time (or directly access saved tensors after "
                      "they have already been freed). Saved intermediate values of the graph are freed when you "
                      "call .backward() or autograd.grad(). Specify retain_graph=True if you need to backward "
                      "through the graph a second time or if you need to access saved tensors after calling "
                      "backward.");
  Error_clear();
  ASSERT_FLOATS(Tensor_grad(a), 2, 2);
  Tensor_release(s);
  Tensor_release(a);
}

/* torch.autograd.grad(s, [a, b]) returns the gradients without touching
 * .grad; an unused input is an error unless allow_unused, then None. */
static void test_autograd_grad(void** state) {
  (void)state;
  Tensor* a = leaf(FLOATS(1, 2));
  Tensor* b = leaf(FLOATS(3, 4));
  Tensor* unused = leaf(FLOATS(0, 0));
  Tensor* c = mul(a, b);
  Tensor* s = sum(c);
  Tensor* results[3];
  OptionalBool retain = {true, true};
  assert_int_equal(autograd_grad(&s, 1, (Tensor*[]){a, b, c}, 3, NULL, retain, false, false, results), 0);
  ASSERT_FLOATS(results[0], 3, 4);
  ASSERT_FLOATS(results[1], 1, 2);
  ASSERT_FLOATS(results[2], 1, 1); /* a non-leaf: what reached its grad_fn */
  assert_null(Tensor_grad(a));
  assert_null(Tensor_grad(b));
  for (int i = 0; i < 3; i++) Tensor_release(results[i]);

  assert_int_equal(autograd_grad(&s, 1, (Tensor*[]){a, unused}, 2, NULL, retain, false, false, results), -1);
  assert_string_equal(Error_message(), "One of the differentiated Tensors appears to not have been used in the "
                                       "graph. Set allow_unused=True if this is the desired behavior.");
  Error_clear();
  assert_null(results[0]);
  assert_int_equal(autograd_grad(&s, 1, (Tensor*[]){a, unused}, 2, NULL, kNoRetain, false, true, results), 0);
  ASSERT_FLOATS(results[0], 3, 4);
  assert_null(results[1]);
  Tensor_release(results[0]);

  Tensor* plain = FLOATS(1, 1);
  Tensor* s2 = sum_of(mul(a, b));
  assert_int_equal(autograd_grad(&s2, 1, &plain, 1, NULL, kNoRetain, false, false, results), -1);
  assert_string_equal(Error_message(), "One of the differentiated Tensors does not require grad");
  Error_clear();
  Tensor* all[] = {s2, plain, s, c, unused, b, a};
  for (size_t i = 0; i < 7; i++) Tensor_release(all[i]);
}

/* grad of a leaf with respect to itself: its AccumulateGrad is the root and
 * only captures (1.13: (tensor(1.),), and s.grad stays None). */
static void test_grad_of_leaf_itself(void** state) {
  (void)state;
  Tensor* s = leaf(at_scalar_tensor(Scalar_fromDouble(2), kFloat, kNoLayout, kNoDevice, kNoPinMemory));
  Tensor* result;
  assert_int_equal(autograd_grad(&s, 1, &s, 1, NULL, kNoRetain, false, false, &result), 0);
  ASSERT_FLOATS(result, 1);
  assert_null(Tensor_grad(s));
  Tensor_release(result);
  Tensor_release(s);
}

/* A one-element leaf as the root: its AccumulateGrad gets the implicit
 * ones_like, which the caller's gradient list still holds, so it is copied
 * (1.13's trace: ones_like, new_empty_strided, copy_). */
static void test_scalar_leaf_backward(void** state) {
  (void)state;
  Tensor* s = leaf(at_scalar_tensor(Scalar_fromDouble(2), kFloat, kNoLayout, kNoDevice, kNoPinMemory));
  FILE* f = trace_start();
  assert_int_equal(backward(s), 0);
  trace_stop(f);
  assert_string_equal(trace_buf, "op aten::ones_like\nop aten::new_empty_strided\nop aten::copy_\n");
  free(trace_buf);
  ASSERT_FLOATS(Tensor_grad(s), 1);
  Tensor_release(s);
}

/* The errors of backward() before the engine runs. */
static void test_backward_errors(void** state) {
  (void)state;
  Tensor* plain = FLOATS(1, 2);
  assert_int_equal(backward(plain), -1);
  assert_string_equal(Error_message(), "element 0 of tensors does not require grad and does not have a grad_fn");
  Error_clear();
  Tensor* a = leaf(FLOATS(1, 2));
  Tensor* c = mul(a, a);
  assert_int_equal(backward(c), -1);
  assert_string_equal(Error_message(), "grad can be implicitly created only for scalar outputs");
  Error_clear();
  Tensor* g = FLOATS(1, 1, 1);
  assert_int_equal(autograd_backward(&c, 1, &g, kNoRetain, false, NULL, 0), -1);
  assert_string_equal(Error_message(), "Mismatch in shape: grad_output[0] has a shape of torch.Size([3]) and "
                                       "output[0] has a shape of torch.Size([2]).");
  Error_clear();
  /* two roots, the second not requiring grad */
  Tensor* g2 = FLOATS(1, 1);
  assert_int_equal(autograd_backward((Tensor*[]){c, plain}, 2, (Tensor*[]){g2, g2}, kNoRetain, false, NULL, 0), -1);
  assert_string_equal(Error_message(), "element 1 of tensors does not require grad and does not have a grad_fn");
  Error_clear();
  Tensor* all[] = {g2, g, c, a, plain};
  for (size_t i = 0; i < 5; i++) Tensor_release(all[i]);
}

/* validate_outputs: a gradient of the wrong shape is 1.13's error; one that
 * broadcasts to the input's shape is summed to it. */
static void test_validate_outputs(void** state) {
  (void)state;
  Tensor* a = leaf(FLOATS(1, 2, 3));
  bad_shape[0] = 2;
  bad_dim = 1;
  Tensor* s = sum_of(bad(a));
  assert_int_equal(backward(s), -1);
  assert_string_equal(Error_message(), "Function BadBackward returned an invalid gradient at index 0 - got [2] but "
                                       "expected shape compatible with [3]");
  Error_clear();
  assert_null(Tensor_grad(a));
  Tensor_release(s);
  /* [1, 3] -> [3]: sum(dim=[0], keepdim) and view, 1.13's trace */
  bad_shape[0] = 1;
  bad_shape[1] = 3;
  bad_dim = 2;
  s = sum_of(bad(a));
  FILE* f = trace_start();
  assert_int_equal(backward(s), 0);
  trace_stop(f);
  assert_string_equal(trace_buf,
                      "op aten::ones_like\n"
                      "op aten::expand\n"
                      "op aten::ones\n"
                      "op aten::sum.dim_IntList\n"
                      "op aten::view\n"
                      "op aten::detach\n"
                      "op aten::detach\n");
  free(trace_buf);
  ASSERT_FLOATS(Tensor_grad(a), 1, 1, 1);
  Tensor_release(s);
  Tensor_release(a);
}

/* validate_outputs on a lazy input: a CPU gradient is 1.13's device error
 * ("Function FBackward returned an invalid gradient at index 0 - expected
 * device lazy:0 but got cpu" under 1.13); a 0-dim one is moved. */
static void test_validate_outputs_device(void** state) {
  (void)state;
  OptionalDevice lazy_device = {true, {DeviceType_Lazy, 0}};
  Tensor* cpu = FLOATS(1, 2, 3);
  Tensor* a = leaf(at__to_copy(cpu, kNoDtype, kNoLayout, lazy_device, kNoPinMemory, false, kNoMemoryFormat));
  bad_shape[0] = 3;
  bad_dim = 1;
  Tensor* s = sum_of(bad(a));
  assert_int_equal(backward(s), -1);
  assert_string_equal(Error_message(),
                      "Function BadBackward returned an invalid gradient at index 0 - expected device lazy:0 but got cpu");
  Error_clear();
  Tensor_release(s);
  Tensor* one = at_scalar_tensor(Scalar_fromDouble(1), kFloat, kNoLayout, kNoDevice, kNoPinMemory);
  Tensor* zero_dim = leaf(at__to_copy(one, kNoDtype, kNoLayout, lazy_device, kNoPinMemory, false, kNoMemoryFormat));
  Tensor_release(one);
  bad_dim = 0;
  s = bad(zero_dim);
  assert_int_equal(backward(s), 0);
  assert_int_equal(Tensor_grad(zero_dim)->device.type, DeviceType_Lazy);
  Tensor_release(s);
  Tensor_release(zero_dim);
  Tensor_release(a);
  Tensor_release(cpu);
}

/* Several roots start at a GraphRoot node; each root gets its gradient. */
static void test_two_roots(void** state) {
  (void)state;
  Tensor* a = leaf(FLOATS(1, 2));
  Tensor* x = sum_of(mul(a, a));
  Tensor* y = sum_of(exp_(a));
  assert_int_equal(autograd_backward((Tensor*[]){x, y}, 2, NULL, kNoRetain, false, NULL, 0), 0);
  const float* g = (const float*)Tensor_data(Tensor_grad(a));
  assert_true(g[0] == 2.0f + expf(1.0f) && g[1] == 4.0f + expf(2.0f));
  Tensor_release(y);
  Tensor_release(x);
  Tensor_release(a);
}

/* The nodes run with grad mode = create_graph, and the caller's mode is
 * restored after. */
static void test_create_graph(void** state) {
  (void)state;
  Tensor* a = leaf(FLOATS(1, 2));
  Tensor* s = sum_of(mul(a, a));
  Tensor* result;
  OptionalBool retain = {true, true};
  assert_int_equal(autograd_grad(&s, 1, &a, 1, NULL, retain, false, false, &result), 0);
  assert_false(grad_mode_in_apply);
  Tensor_release(result);
  assert_int_equal(autograd_grad(&s, 1, &a, 1, NULL, kNoRetain, true, false, &result), 0);
  assert_true(grad_mode_in_apply);
  ASSERT_FLOATS(result, 2, 4);
  assert_true(GradMode_is_enabled());
  AutoGradMode guard = NoGradGuard_enter();
  assert_false(compute_requires_grad((const Tensor*[]){a}, 1));
  AutoGradMode_exit(guard);
  assert_true(compute_requires_grad((const Tensor*[]){a}, 1));
  Tensor_release(result);
  Tensor_release(s);
  Tensor_release(a);
}

/* b = a * 2; b.retain_grad(): the gradient reaching b is cloned into
 * b.grad, then added out of place (1.13's trace: ones_like, expand, clone,
 * mul.Tensor, detach, detach; then ones_like, expand, add.Tensor,
 * mul.Tensor, add_.Tensor).  The hook's reference to b is weak. */
static void test_retain_grad(void** state) {
  (void)state;
  Tensor* plain = FLOATS(1);
  assert_int_equal(retain_grad(plain), -1);
  assert_string_equal(Error_message(), "can't retain_grad on Tensor that has requires_grad=False");
  Error_clear();
  Tensor* a = leaf(FLOATS(1, 1, 1));
  assert_int_equal(retain_grad(a), 0);
  assert_false(retains_grad(a));
  Tensor* two = FLOATS(2, 2, 2);
  Tensor* b = mul(a, two);
  assert_int_equal(retain_grad(b), 0);
  assert_true(retains_grad(b));
  Tensor* s = sum(b);
  OptionalBool retain = {true, true};
  FILE* f = trace_start();
  assert_int_equal(autograd_backward(&s, 1, NULL, retain, false, NULL, 0), 0);
  trace_stop(f);
  assert_string_equal(trace_buf,
                      "op aten::ones_like\n"
                      "op aten::expand\n"
                      "op aten::clone\n"
                      "op aten::mul.Tensor\n"
                      "op aten::detach\n"
                      "op aten::detach\n");
  free(trace_buf);
  ASSERT_FLOATS(Tensor_grad(b), 1, 1, 1);
  f = trace_start();
  assert_int_equal(backward(s), 0);
  trace_stop(f);
  assert_string_equal(trace_buf,
                      "op aten::ones_like\n"
                      "op aten::expand\n"
                      "op aten::add.Tensor\n"
                      "op aten::mul.Tensor\n"
                      "op aten::add_.Tensor\n");
  free(trace_buf);
  ASSERT_FLOATS(Tensor_grad(b), 2, 2, 2);
  ASSERT_FLOATS(Tensor_grad(a), 4, 4, 4);
  Node* fn = Node_retain(grad_fn(b));
  Tensor_release(b); /* the node outlives b: its weak entry is cleared */
  assert_null(fn->retains_grad[0]);
  Node_release(fn);
  Tensor_release(s);
  Tensor_release(two);
  Tensor_release(a);
  Tensor_release(plain);
}

/* The same graph on a lazy leaf: the gradient is a lazy tensor (the saved
 * output's copy and the AccumulateGrad's detach are lazy tensors too) with
 * the CPU run's values. */
static Tensor* exp_mul_grad(Tensor* a) {
  Tensor* e = exp_(a);
  Tensor* s = sum_of(mul(e, a));
  Tensor_release(e);
  assert_int_equal(backward(s), 0);
  Tensor_release(s);
  return Tensor_retain(Tensor_grad(a));
}

static void test_lazy_leaf(void** state) {
  (void)state;
  Tensor* cpu = leaf(FLOATS(0, 1, 2));
  OptionalDevice lazy_device = {true, {DeviceType_Lazy, 0}};
  Tensor* lazy = at__to_copy(cpu, kNoDtype, kNoLayout, lazy_device, kNoPinMemory, false, kNoMemoryFormat);
  assert_non_null(lazy);
  assert_int_equal(set_requires_grad(lazy, true), 0);
  Tensor* cpu_grad = exp_mul_grad(cpu);
  Tensor* lazy_grad = exp_mul_grad(lazy);
  assert_int_equal(lazy_grad->device.type, DeviceType_Lazy);
  Tensor* materialized = LazyBindings_toCpu(lazy_grad);
  assert_non_null(materialized);
  assert_floats(materialized, (const float*)Tensor_data(cpu_grad), 3);
  Tensor_release(materialized);
  Tensor_release(lazy_grad);
  Tensor_release(cpu_grad);
  Tensor_release(lazy);
  Tensor_release(cpu);
}

/* backward(inputs=[...]): only what leads to the inputs runs; a non-leaf
 * input retains its gradient (1.13: b.grad [1, 1], a.grad None; then with
 * inputs=[a], b.grad [2, 2] (its hook ran again) and a.grad [2, 2]); an
 * input that requires nothing is retain_grad's error. */
static void test_backward_inputs(void** state) {
  (void)state;
  Tensor* a = leaf(FLOATS(1, 1));
  Tensor* two = FLOATS(2, 2);
  Tensor* b = mul(a, two);
  Tensor* s = sum(b);
  OptionalBool retain = {true, true};
  Tensor* plain = FLOATS(1, 1);
  assert_int_equal(autograd_backward(&s, 1, NULL, retain, false, &plain, 1), -1);
  assert_string_equal(Error_message(), "can't retain_grad on Tensor that has requires_grad=False");
  Error_clear();
  assert_int_equal(autograd_backward(&s, 1, NULL, retain, false, &b, 1), 0);
  ASSERT_FLOATS(Tensor_grad(b), 1, 1);
  assert_null(Tensor_grad(a));
  assert_true(retains_grad(b));
  assert_int_equal(autograd_backward(&s, 1, NULL, kNoRetain, false, &a, 1), 0);
  ASSERT_FLOATS(Tensor_grad(b), 2, 2);
  ASSERT_FLOATS(Tensor_grad(a), 2, 2);
  Tensor* all[] = {plain, s, b, two, a};
  for (size_t i = 0; i < 5; i++) Tensor_release(all[i]);
}

/* A chain of 20,000 nodes: the engine and the graph's release are loops,
 * not recursions (Note [Deleting a deep graph]). */
static void test_deep_chain(void** state) {
  (void)state;
  Tensor* a = leaf(FLOATS(1));
  Tensor* one = FLOATS(1);
  Tensor* x = Tensor_retain(a);
  for (int i = 0; i < 20000; i++) {
    Tensor* next = mul(x, one);
    Tensor_release(x);
    x = next;
  }
  Tensor* s = sum(x);
  Tensor_release(x);
  assert_int_equal(backward(s), 0);
  ASSERT_FLOATS(Tensor_grad(a), 1);
  Tensor_release(s);
  Tensor_release(one);
  Tensor_release(a);
}

/* Every operator, and the Autograd and ADInplaceOrView kernels written by
 * hand (detach's: AccumulateGrad's detach traces as 1.13's two); the
 * graphs are built by hand (autograd_nodes.h), not by generated kernels. */
static int setup_with_manual_kernels(void** state) {
  return setup(state) < 0 ? -1 : at_register_VariableTypeManual();
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_mul_gradients),
      cmocka_unit_test(test_leaf_used_twice_and_accumulation),
      cmocka_unit_test(test_order_by_sequence_nr),
      cmocka_unit_test(test_backward_trace),
      cmocka_unit_test(test_ready_queue_ties),
      cmocka_unit_test(test_saved_output_trace),
      cmocka_unit_test(test_retain_graph_and_backward_twice),
      cmocka_unit_test(test_autograd_grad),
      cmocka_unit_test(test_grad_of_leaf_itself),
      cmocka_unit_test(test_scalar_leaf_backward),
      cmocka_unit_test(test_backward_errors),
      cmocka_unit_test(test_validate_outputs),
      cmocka_unit_test(test_validate_outputs_device),
      cmocka_unit_test(test_two_roots),
      cmocka_unit_test(test_create_graph),
      cmocka_unit_test(test_retain_grad),
      cmocka_unit_test(test_lazy_leaf),
      cmocka_unit_test(test_backward_inputs),
      cmocka_unit_test(test_deep_chain),
  };
  return cmocka_run_group_tests(tests, setup_with_manual_kernels, teardown);
}
