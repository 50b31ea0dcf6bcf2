/*
 * test_autograd_view_func.c - a view's replay (autograd/ViewFunc.h): one
 * operator call replayed on another tensor, the four cases of chaining a
 * view of a view (1.13's ViewInfo::chain), the multi-output error, and what
 * the ADInplaceOrView kernels record: nothing for a CPU view (its geometry
 * is enough), the call for a lazy one.
 * The error message was checked against PyTorch 1.13 (/usr/bin/python3).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include <cmocka.h>

#include "test_util.h"
#include "Operators.h"
#include "autograd/ViewFunc.h"
#include "autograd/autograd.h"
#include "autograd/variable.h"
#include "dispatch/Boxing.h"
#include "runtime/Exception.h"

/* torch.arange(6.).view(2, 3) */
static Tensor* grid(void) {
  Tensor* a = at_arange(Scalar_fromLong(6), kFloat, kNoLayout, kNoDevice, kNoPinMemory);
  assert_non_null(a);
  Tensor* g = at_view(a, INTS(2, 3));
  assert_non_null(g);
  Tensor_release(a);
  return g;
}

static void assert_geometry(const Tensor* t, IntArrayRef sizes, IntArrayRef strides, int64_t offset) {
  assert_true(Tensor_hasSizes(t, sizes));
  assert_int_equal(t->dim, (int64_t)strides.size);
  for (size_t i = 0; i < strides.size; i++) assert_int_equal(t->strides[i], strides.data[i]);
  assert_int_equal(t->storage_offset, offset);
}

/* select.int(_, dim, index), replayed: the replay keeps its own copy of
 * the arguments (not the tensor). */
static ViewFunc* select_(int64_t dim, int64_t index) {
  IValue args[3] = {IValue_none(), box_Int(dim), box_Int(index)};
  ViewFunc* f = ViewFunc_new(at_op_select_int, args, 3);
  assert_non_null(f);
  return f;
}

static void test_replay_one_call(void** state) {
  (void)state;
  Tensor* g = grid();
  ViewFunc* f = select_(1, 2);
  Tensor* v = ViewFunc_apply(f, g);
  assert_non_null(v);
  assert_geometry(v, INTS(2), INTS(3), 2);
  assert_true(v->storage == g->storage);
  Tensor_release(v);
  ViewFunc_release(f);
  Tensor_release(g);
}

/* Chaining: the parent's replay, then the view's; a parent without one but
 * that strides: as_strided to the parent's geometry first; a view without
 * one of a parent with one: the parent's, then the view's geometry. */
static void test_chain(void** state) {
  (void)state;
  Tensor* g = grid();
  Tensor* t = at_t(g); /* [3, 2], strides [1, 3] */
  assert_non_null(t);
  bool ok;

  /* no replay on either side: none */
  assert_null(ViewFunc_chain(NULL, NULL, g, t, &ok));
  assert_true(ok);

  /* t has none; its view t[:, 1] is replayed as as_strided(g, t's
   * geometry), then select(_, 1, 1) */
  ViewFunc* f = ViewFunc_chain(NULL, select_(1, 1), t, NULL, &ok);
  assert_true(ok && f != NULL);
  Tensor* v = ViewFunc_apply(f, g);
  assert_non_null(v);
  assert_geometry(v, INTS(3), INTS(1), 3);
  Tensor_release(v);

  /* the parent's replay, then the view's */
  ViewFunc* parent = select_(1, 2); /* g[:, 2]: sizes [2], strides [3], offset 2 */
  IValue args[2] = {IValue_none(), box_IntArrayRef(INTS(1, 2))};
  ViewFunc* view = ViewFunc_new(at_op_view, args, 2);
  assert_non_null(view);
  ViewFunc* both = ViewFunc_chain(parent, view, NULL, NULL, &ok);
  assert_true(ok && both == view);
  v = ViewFunc_apply(both, g);
  assert_non_null(v);
  assert_geometry(v, INTS(1, 2), INTS(6, 3), 2);
  Tensor_release(v);

  /* a view without a replay of a parent with one: its geometry after the
   * parent's replay (here the parent's own geometry: a no-op as_strided) */
  Tensor* p = ViewFunc_apply(parent, g);
  assert_non_null(p);
  ViewFunc* geo = ViewFunc_chain(parent, NULL, g, p, &ok);
  assert_true(ok && geo != NULL);
  v = ViewFunc_apply(geo, g);
  assert_non_null(v);
  assert_geometry(v, INTS(2), INTS(3), 2);
  Tensor_release(v);
  Tensor_release(p);

  ViewFunc_release(geo);
  ViewFunc_release(both);
  ViewFunc_release(parent);
  ViewFunc_release(f);
  Tensor_release(t);
  Tensor_release(g);
}

/* A view with a replay of a parent without one that does not stride (one
 * of several lazy views): the replay is 1.13's error, word for word. */
static void test_multi_output_error(void** state) {
  (void)state;
  Tensor* g = grid();
  OptionalDevice lazy = {true, {DeviceType_Lazy, 0}};
  Tensor* lz = at__to_copy(g, kNoDtype, kNoLayout, lazy, kNoPinMemory, false, kNoMemoryFormat);
  assert_non_null(lz);
  assert_false(Tensor_supportAsStrided(lz));
  bool ok;
  ViewFunc* f = ViewFunc_chain(NULL, select_(1, 2), lz, NULL, &ok);
  assert_true(ok && f != NULL);
  assert_null(ViewFunc_apply(f, lz));
  assert_string_equal(Error_message(),
                      "This view is the output of a function that returns multiple views.Such functions do not allow "
                      "the output views to be modified inplace.You should replace the inplace operation by an "
                      "out-of-place one");
  Error_clear();
  ViewFunc_release(f);
  Tensor_release(lz);
  Tensor_release(g);
}

/* What select.int's ADInplaceOrView kernel records: no replay for a CPU
 * view, the call for a lazy one, chained after the parent's. */
static void test_recorded_by_kernels(void** state) {
  (void)state;
  Tensor* g = grid();
  Tensor* v = at_select_int(g, 1, 2);
  assert_non_null(v);
  assert_true(v->autograd_meta != NULL && v->autograd_meta->is_view);
  assert_null(v->autograd_meta->view_fn);
  Tensor_release(v);

  OptionalDevice lazy = {true, {DeviceType_Lazy, 0}};
  Tensor* lz = at__to_copy(g, kNoDtype, kNoLayout, lazy, kNoPinMemory, false, kNoMemoryFormat);
  assert_non_null(lz);
  Tensor* col = at_select_int(lz, 1, 2);
  assert_non_null(col);
  assert_non_null(col->autograd_meta->view_fn);
  Tensor* one = at_select_int(col, 0, 1);
  assert_non_null(one);
  assert_ptr_equal(one->autograd_meta->base, lz); /* the root */
  Tensor* again = ViewFunc_apply(one->autograd_meta->view_fn, lz);
  assert_non_null(again);
  assert_int_equal(again->dim, 0);
  Tensor_release(again);
  Tensor_release(one);
  Tensor_release(col);
  Tensor_release(lz);
  Tensor_release(g);
}

/* Every operator, and the autograd kernels, as minaten registers them. */
static int setup_autograd(void** state) {
  return setup(state) < 0 || at_register_VariableType() < 0 || at_register_ADInplaceOrViewType() < 0 ? -1 : 0;
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_replay_one_call),
      cmocka_unit_test(test_chain),
      cmocka_unit_test(test_multi_output_error),
      cmocka_unit_test(test_recorded_by_kernels),
  };
  return cmocka_run_group_tests(tests, setup_autograd, teardown);
}
