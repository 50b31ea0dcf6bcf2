/*
 * test_lazy.c - the lazy backend's graph: post (topological) order, shared
 * subgraphs run once, cached results, release of nodes when tensors die, the
 * device-mismatch error, and reshape taking the `view` route on lazy tensors
 * (the branch of at_native_reshape that tests `is_lazy`), and MetaMode, in
 * which the lazy kernel shapes its nodes.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "dispatch/TraceMode.h"
#include "ops/MetaMode.h"
#include "ops/functionalization/FunctionalTensorWrapper.h"
#include "ops/lazy/LazyBindings.h"
#include "ops/lazy/LazyTensor.h"
#include "runtime/Allocator.h"
#include "runtime/Exception.h"
#include "test_util.h"

/* arange(n) as floats in `shape`, on the CPU. */
static Tensor* cpu_arange(int64_t n, IntArrayRef shape) {
  Tensor* r = at_arange(Scalar_fromLong(n), kFloat, kNoLayout, kNoDevice, kNoPinMemory);
  Tensor* v = at_reshape(r, shape);
  Tensor_release(r);
  return v;
}

/* The lazy tensor inside a functional one (what the graph holds). */
static Tensor* ltc(const Tensor* t) { return (Tensor*)functionalization_fromFunctionalTensor(t); }

static Tensor* to_lazy(const Tensor* t) {
  OptionalDevice lazy = {true, {DeviceType_Lazy, 0}};
  return at__to_copy(t, kNoDtype, kNoLayout, lazy, kNoPinMemory, false, kNoMemoryFormat);
}

static void assert_values(Tensor* lazy, const float* want, int64_t n) {
  Tensor* cpu = LazyBindings_toCpu(lazy);
  assert_non_null(cpu);
  assert_int_equal(cpu->numel, n);
  Tensor* c = at_contiguous(cpu, MemoryFormat_Contiguous);
  for (int64_t i = 0; i < n; i++) assert_true(((const float*)Tensor_data(c))[i] == want[i]);
  Tensor_release(c);
  Tensor_release(cpu);
}

/* Operands come before users; a shared operand appears once; the last
 * operand is visited first (Util::ComputePostOrder). */
static void test_post_order(void** state) {
  (void)state;
  Tensor* a_cpu = cpu_arange(6, INTS(2, 3));
  Tensor* b_cpu = cpu_arange(6, INTS(2, 3));
  Tensor* a = to_lazy(a_cpu);
  Tensor* b = to_lazy(b_cpu);
  Tensor* s = at_mul_Tensor(a, b);
  Tensor* p = at_mul_Tensor(s, a); /* a is shared by s and p */
  LazyValue v = LazyTensor_value(ltc(p));
  LazyNode* root = v.node;
  size_t n;
  LazyNode** order = LazyIr_postOrder(&root, 1, false, &n);
  assert_int_equal(n, 4);
  /* mul(s, a): a (last operand) first, then s's operands: b, then s, mul. */
  assert_ptr_equal(order[0], LazyTensor_value(ltc(a)).node);
  assert_ptr_equal(order[1], LazyTensor_value(ltc(b)).node);
  assert_ptr_equal(order[2], LazyTensor_value(ltc(s)).node);
  assert_ptr_equal(order[3], root);
  for (size_t i = 0; i < n; i++)
    for (size_t k = 0; k < order[i]->num_operands; k++) {
      size_t j = 0;
      while (order[j] != order[i]->operands[k].node) j++;
      assert_true(j < i);
    }
  free(order);
  Tensor* tensors[] = {a_cpu, b_cpu, a, b, s, p};
  for (size_t i = 0; i < 6; i++) Tensor_release(tensors[i]);
}

/* A subgraph used twice runs once; a second read runs nothing; a later
 * graph reuses results cached on its nodes. */
static void test_sharing_and_caching(void** state) {
  (void)state;
  Tensor* a_cpu = cpu_arange(4, INTS(4));
  Tensor* a = to_lazy(a_cpu);
  Tensor* x = at_add_Tensor(a, a, Scalar_fromLong(1)); /* 2a */
  Tensor* y = at_mul_Tensor(x, x);                     /* 4a^2 */
  Tensor* z = at_add_Tensor(y, x, Scalar_fromLong(1)); /* x used by y and z */
  int64_t before = LazyGraph_numExecuted();
  const float want_z[] = {0, 6, 20, 42};
  assert_values(z, want_z, 4);
  assert_int_equal(LazyGraph_numExecuted() - before, 6); /* a, x, y, z and two alphas: x once */
  before = LazyGraph_numExecuted();
  assert_values(z, want_z, 4);
  assert_int_equal(LazyGraph_numExecuted() - before, 0); /* cached on z */
  const float want_y[] = {0, 4, 16, 36};
  assert_values(y, want_y, 4);
  assert_int_equal(LazyGraph_numExecuted() - before, 0); /* y's node ran for z */
  Tensor* w = at_mul_Tensor(x, a);
  before = LazyGraph_numExecuted();
  const float want_w[] = {0, 2, 8, 18};
  assert_values(w, want_w, 4);
  assert_int_equal(LazyGraph_numExecuted() - before, 1); /* only w's node */
  Tensor* tensors[] = {a_cpu, a, x, y, z, w};
  for (size_t i = 0; i < 6; i++) Tensor_release(tensors[i]);
}

/* Nodes die with the last tensor that needs them; no byte stays allocated. */
static void test_release(void** state) {
  (void)state;
  int64_t nodes = LazyIr_liveNodes();
  int64_t bytes = Allocator_stats().bytes_current;
  Tensor* a_cpu = cpu_arange(6, INTS(2, 3));
  Tensor* a = to_lazy(a_cpu);
  Tensor* t = at_t(a);
  Tensor* e = at_exp(t);
  Tensor* r = at_sum(e, kNoDtype);
  Tensor* v = at_select_int(a, 0, 1);
  Tensor* w = at_add__Tensor(v, r, Scalar_fromLong(1)); /* a written through v */
  Tensor_release(w);
  assert_true(LazyIr_liveNodes() > nodes);
  Tensor* cpu = LazyBindings_toCpu(a);
  assert_non_null(cpu);
  Tensor_release(cpu);
  Tensor* tensors[] = {a_cpu, a, t, e, r, v};
  for (size_t i = 0; i < 6; i++) Tensor_release(tensors[i]);
  assert_int_equal(LazyIr_liveNodes(), nodes);
  assert_int_equal(Allocator_stats().bytes_current, bytes);
}

/* A long chain is released without recursion. */
static void test_release_long_chain(void** state) {
  (void)state;
  int64_t nodes = LazyIr_liveNodes();
  Tensor* a_cpu = cpu_arange(2, INTS(2));
  Tensor* x = to_lazy(a_cpu);
  for (int i = 0; i < 100000; i++) {
    Tensor* y = at_neg(x);
    Tensor_release(x);
    x = y;
  }
  assert_int_equal(LazyIr_liveNodes() - nodes, 100001);
  Tensor_release(x);
  Tensor_release(a_cpu);
  assert_int_equal(LazyIr_liveNodes(), nodes);
}

static void test_mixed_devices(void** state) {
  (void)state;
  Tensor* a_cpu = cpu_arange(3, INTS(3));
  Tensor* a = to_lazy(a_cpu);
  assert_null(at_add_Tensor(a, a_cpu, Scalar_fromLong(1)));
  assert_int_equal(Error_type(), ErrorType_RuntimeError);
  assert_string_equal(Error_message(),
                      "Expected all tensors to be on the same device, but found at least two devices, "
                      "lazy:0 and cpu!");
  Error_clear();
  Tensor_release(a);
  Tensor_release(a_cpu);
}

/* reshape on a lazy tensor calls view (at_native_reshape's is_lazy branch);
 * on the CPU, _reshape_alias.  The trace mode shows what reached a backend. */
static void test_reshape_takes_view_route(void** state) {
  (void)state;
  Tensor* a_cpu = cpu_arange(6, INTS(2, 3));
  Tensor* a = to_lazy(a_cpu);
  char* text = NULL;
  size_t size = 0;
  FILE* out = open_memstream(&text, &size);
  TraceMode_setOutput(out);
  TraceMode_setEnabled(true);
  Tensor* r = at_reshape(a, INTS(3, 2));
  Tensor* c = at_reshape(a_cpu, INTS(3, 2));
  TraceMode_setEnabled(false);
  TraceMode_setOutput(NULL);
  fclose(out);
  /* the lazy tensor reaches the mode through functionalization: view_copy */
  assert_string_equal(text, "op aten::view_copy\nop aten::_reshape_alias\n");
  free(text);
  assert_true(r->device.type == DeviceType_Lazy && Tensor_isLazy(ltc(r)));
  const float want[] = {0, 1, 2, 3, 4, 5};
  assert_values(r, want, 6);
  Tensor_release(r);
  Tensor_release(c);
  Tensor_release(a);
  Tensor_release(a_cpu);
}

/* An intermediate no tensor holds is freed after its last user in the run,
 * but one another (unrun) node still uses stays cached. */
static void test_intermediates_freed_unless_shared(void** state) {
  (void)state;
  Tensor* a_cpu = cpu_arange(4, INTS(4));
  Tensor* a = to_lazy(a_cpu);
  Tensor* t = at_add_Tensor(a, a, Scalar_fromLong(1)); /* 2a */
  Tensor* u = at_mul_Tensor(t, t);                     /* 4a^2, only for z1 */
  Tensor* z1 = at_add_Tensor(u, a, Scalar_fromLong(1));
  Tensor* z2 = at_mul_Tensor(t, a);
  Tensor_release(t);
  Tensor_release(u);
  int64_t before = LazyGraph_numExecuted();
  const float want_z1[] = {0, 5, 18, 39};
  assert_values(z1, want_z1, 4);
  assert_int_equal(LazyGraph_numExecuted() - before, 6); /* a, t, u, z1 and two alphas */
  before = LazyGraph_numExecuted();
  const float want_z2[] = {0, 2, 8, 18};
  assert_values(z2, want_z2, 4);
  assert_int_equal(LazyGraph_numExecuted() - before, 1); /* t kept for z2: only z2 runs */
  Tensor* tensors[] = {a_cpu, a, z1, z2};
  for (size_t i = 0; i < 4; i++) Tensor_release(tensors[i]);
}

/* In MetaMode a kernel checks and shapes but does not compute: copy_ leaves
 * its destination alone, add gives a result of the broadcast shape and
 * type, and a shape error is still the kernel's own. */
static void test_meta_mode_shapes_only(void** state) {
  (void)state;
  Tensor* a = cpu_arange(6, INTS(2, 3));
  Tensor* b = cpu_arange(3, INTS(3));
  Tensor* z = at_zeros(INTS(2, 3), kNoDtype, kNoLayout, kNoDevice, kNoPinMemory);
  Tensor* four = at_ones(INTS(4), kNoDtype, kNoLayout, kNoDevice, kNoPinMemory);
  bool was = MetaMode_enter();
  Tensor* c = at_copy_(z, a, false);
  Tensor* r = at_add_Tensor(a, b, Scalar_fromLong(1));
  Tensor* bad = at_add_Tensor(a, four, Scalar_fromLong(1));
  MetaMode_restore(was);
  assert_false(MetaMode_isEnabled());
  for (int i = 0; i < 6; i++) assert_true(((const float*)Tensor_data(z))[i] == 0.0f);
  assert_non_null(r);
  assert_int_equal(r->dim, 2);
  assert_int_equal(r->sizes[0], 2);
  assert_int_equal(r->sizes[1], 3);
  assert_int_equal(r->dtype, ScalarType_Float);
  assert_null(bad);
  assert_string_equal(Error_message(),
                      "The size of tensor a (3) must match the size of tensor b (4) at non-singleton dimension 1");
  Error_clear();
  Tensor_release(r);
  Tensor_release(c);
  Tensor_release(z);
  Tensor_release(four);
  Tensor_release(b);
  Tensor_release(a);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_post_order),        cmocka_unit_test(test_sharing_and_caching),
      cmocka_unit_test(test_release),           cmocka_unit_test(test_release_long_chain),
      cmocka_unit_test(test_mixed_devices),     cmocka_unit_test(test_reshape_takes_view_route),
      cmocka_unit_test(test_intermediates_freed_unless_shared),
      cmocka_unit_test(test_meta_mode_shapes_only),
  };
  return cmocka_run_group_tests(tests, setup, teardown);
}
