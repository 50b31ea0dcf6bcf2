/*
 * test_functionalization.c - functional tensors (ops/functionalization/):
 * a write through a view is queued on the shared storage and bumps its
 * generation; the base is stale until synced, and then holds the write
 * (select_scatter); a view taken before the write regenerates from the
 * updated base; several queued writes apply in order; an in-place view
 * (t_) makes the tensor a view of what it was; the header mirrors its value
 * and carries no backend key; a plain tensor written with a functional one
 * is an error.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "ops/functionalization/FunctionalTensorWrapper.h"
#include "runtime/Exception.h"
#include "test_util.h"

/* arange(n) as floats in `shape`, on the CPU. */
static Tensor* cpu_arange(int64_t n, IntArrayRef shape) {
  Tensor* r = at_arange(Scalar_fromLong(n), kFloat, kNoLayout, kNoDevice, kNoPinMemory);
  Tensor* v = at_reshape(r, shape);
  Tensor_release(r);
  return v;
}

/* The values of a CPU tensor, read in row-major order. */
static void assert_values(const Tensor* t, const float* want, int64_t n) {
  assert_false(functionalization_isFunctionalTensor(t));
  Tensor* c = at_contiguous(t, MemoryFormat_Contiguous);
  assert_int_equal(c->numel, n);
  for (int64_t i = 0; i < n; i++) assert_true(((const float*)Tensor_data(c))[i] == want[i]);
  Tensor_release(c);
}

/* t += t, in place: doubles t. */
static Tensor* mul2_(Tensor* t) {
  Tensor* r = at_add__Tensor(t, t, Scalar_fromLong(1));
  assert_non_null(r);
  Tensor_release(r);
  return t;
}

static void test_wrapper_mirrors_value(void** state) {
  (void)state;
  Tensor* a = cpu_arange(6, INTS(2, 3));
  Tensor* f = functionalization_toFunctionalTensor(a);
  assert_non_null(f);
  assert_true(functionalization_isFunctionalTensor(f));
  assert_ptr_equal(functionalization_fromFunctionalTensor(f), a);
  assert_null(f->storage);
  assert_int_equal(f->dim, 2);
  assert_int_equal(f->sizes[0], 2);
  assert_int_equal(f->strides[0], 3);
  assert_true(DispatchKeySet_has(f->key_set, DispatchKey_Functionalize));
  assert_false(DispatchKeySet_has(f->key_set, DispatchKey_CPU));
  assert_true(DispatchKeySet_has(f->key_set, DispatchKey_AutogradCPU));
  Tensor_release(f);
  Tensor_release(a);
}

/* v = f[1]; v.mul_(2): f is stale until synced, then holds the write. */
static void test_write_through_view(void** state) {
  (void)state;
  Tensor* a = cpu_arange(6, INTS(2, 3));
  Tensor* f = functionalization_toFunctionalTensor(a);
  Tensor* v = at_select_int(f, 0, 1);
  assert_true(functionalization_isFunctionalTensor(v));
  assert_ptr_equal(v->functional->storage, f->functional->storage);
  assert_int_equal(v->functional->view_metas.size, 1);
  mul2_(v);
  assert_int_equal(f->functional->storage->generation, 1);
  assert_int_equal(f->functional->storage->num_updates, 1);
  assert_int_equal(f->functional->generation, 0); /* stale */
  assert_values(functionalization_fromFunctionalTensor(v), (const float[]){6, 8, 10}, 3);
  assert_int_equal(functionalization_sync(f), 0);
  assert_int_equal(f->functional->generation, 1);
  assert_int_equal(f->functional->storage->num_updates, 0);
  assert_values(functionalization_fromFunctionalTensor(f), (const float[]){0, 1, 2, 6, 8, 10}, 6);
  assert_values(a, (const float[]){0, 1, 2, 3, 4, 5}, 6); /* the wrapped tensor is never written */
  Tensor_release(v);
  Tensor_release(f);
  Tensor_release(a);
}

/* A view taken before two writes (through other views) regenerates from the
 * base with both, applied in order. */
static void test_stale_view_regenerates(void** state) {
  (void)state;
  Tensor* a = cpu_arange(6, INTS(2, 3));
  Tensor* f = functionalization_toFunctionalTensor(a);
  Tensor* t = at_t(f);
  Tensor* row = at_select_int(f, 0, 0);
  Tensor* col = at_select_int(f, 1, 2);
  mul2_(row);
  mul2_(col); /* col is synced first: the row's write reaches it */
  assert_int_equal(f->functional->storage->generation, 2);
  assert_int_equal(functionalization_sync(t), 0);
  /* f = [[0, 2, 8], [3, 4, 10]], t its transpose */
  assert_values(functionalization_fromFunctionalTensor(t), (const float[]){0, 3, 2, 4, 8, 10}, 6);
  Tensor_release(col);
  Tensor_release(row);
  Tensor_release(t);
  Tensor_release(f);
  Tensor_release(a);
}

/* t_() makes f a view of what it was: a later write goes back through it. */
static void test_inplace_view(void** state) {
  (void)state;
  Tensor* a = cpu_arange(6, INTS(2, 3));
  Tensor* f = functionalization_toFunctionalTensor(a);
  Tensor* v = at_view(f, INTS(3, 2));
  Tensor* r = at_t_(v);
  assert_ptr_equal(r, v);
  Tensor_release(r);
  assert_int_equal(v->sizes[0], 2);
  assert_int_equal(v->functional->view_metas.size, 2);
  mul2_(v);
  assert_int_equal(functionalization_sync(f), 0);
  assert_values(functionalization_fromFunctionalTensor(f), (const float[]){0, 2, 4, 6, 8, 10}, 6);
  Tensor_release(v);
  Tensor_release(f);
  Tensor_release(a);
}

static void test_mutating_plain_with_functional(void** state) {
  (void)state;
  Tensor* a = cpu_arange(3, INTS(3));
  Tensor* b = cpu_arange(3, INTS(3));
  Tensor* f = functionalization_toFunctionalTensor(b);
  DispatchKeyGuard guard = IncludeDispatchKeyGuard_push(DispatchKeySet_of(DispatchKey_Functionalize));
  assert_null(at_add__Tensor(a, f, Scalar_fromLong(1)));
  DispatchKeyGuard_pop(guard);
  assert_true(Error_occurred());
  assert_string_equal(Error_message(), kMutatingNonFunctional);
  Error_clear();
  Tensor_release(f);
  Tensor_release(b);
  Tensor_release(a);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_wrapper_mirrors_value),  cmocka_unit_test(test_write_through_view),
      cmocka_unit_test(test_stale_view_regenerates), cmocka_unit_test(test_inplace_view),
      cmocka_unit_test(test_mutating_plain_with_functional),
  };
  return cmocka_run_group_tests(tests, setup, teardown);
}
