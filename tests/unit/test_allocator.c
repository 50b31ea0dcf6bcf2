/*
 * test_allocator.c - the allocator's counters prove which routes copy:
 * a view (reshape of a contiguous tensor, transpose, select, expand, ...)
 * allocates no storage, a copy (reshape of a transposed tensor, clone,
 * contiguous, to(dtype)) allocates exactly one, of the right size, and the
 * counters come back to where they started once everything is released.
 * Runs the kernels through the dispatcher (at_register_all), as the
 * interpreter does.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "runtime/Allocator.h"
#include "runtime/Exception.h"
#include "test_util.h"

/* arange(24.).reshape(2, 3, 4): one storage of 96 bytes. */
static Tensor* arange24(void) {
  Tensor* a = at_arange(Scalar_fromLong(24), kFloat, kNoLayout, kNoDevice, kNoPinMemory);
  assert_non_null(a);
  Tensor* r = at_reshape(a, INTS(2, 3, 4));
  Tensor_release(a);
  assert_non_null(r);
  return r;
}

static int64_t live_allocations(AllocatorStats s) { return s.allocations - s.frees; }

/* Every view route: new headers, the same storage, no allocation at all. */
static void test_views_allocate_nothing(void** state) {
  (void)state;
  AllocatorStats start = Allocator_stats();
  Tensor* a = arange24();
  AllocatorStats before = Allocator_stats();
  OptionalInt one = {true, 1};
  Tensor* views[] = {
      at_reshape(a, INTS(6, 4)),               /* _reshape_alias */
      at_view(a, INTS(4, -1)),                 /* view */
      at_flatten_using_ints(a, 0, -1),         /* _reshape_alias */
      at_transpose_int(a, 0, 2),               /* as_strided */
      at_permute(a, INTS(2, 0, 1)),            /* as_strided */
      at_select_int(a, 1, 2),                  /* as_strided with an offset */
      at_slice_Tensor(a, 2, one, kNoInt, 2),    /* as_strided with an offset */
      at_narrow(a, 0, 1, 1),                   /* slice */
      at_unsqueeze(a, 1),                      /* as_strided */
      at_expand(a, INTS(5, 2, 3, 4), false),   /* as_strided, stride 0 */
      at_as_strided(a, INTS(2, 2), INTS(1, 2), one),
      at_contiguous(a, MemoryFormat_Contiguous), /* self */
      at_to_dtype(a, ScalarType_Float, false, false, kNoMemoryFormat), /* self */
  };
  AllocatorStats after = Allocator_stats();
  assert_int_equal(after.allocations, before.allocations);
  assert_int_equal(after.bytes_current, before.bytes_current);
  for (size_t i = 0; i < sizeof views / sizeof views[0]; i++) {
    assert_non_null(views[i]);
    assert_ptr_equal(views[i]->storage, a->storage);
  }
  assert_int_equal(views[5]->storage_offset, 8);  /* a[:, 2] */
  assert_int_equal(views[6]->storage_offset, 1);  /* a[..., 1::2] */
  assert_int_equal(views[9]->strides[0], 0);      /* expanded */
  assert_ptr_equal(views[11], a);                 /* contiguous() of a contiguous tensor is itself */
  assert_ptr_equal(views[12], a);                 /* to(its own dtype) too */
  for (size_t i = 0; i < sizeof views / sizeof views[0]; i++) Tensor_release(views[i]);
  Tensor_release(a);
  AllocatorStats end = Allocator_stats();
  assert_int_equal(end.bytes_current, start.bytes_current);
  assert_int_equal(live_allocations(end), live_allocations(start));
}

/* Every copy route: exactly one new storage, of the result's size. */
static void test_copies_allocate_once(void** state) {
  (void)state;
  AllocatorStats start = Allocator_stats();
  Tensor* a = arange24();
  Tensor* t = at_transpose_int(a, 0, 1); /* [3, 2, 4], not viewable as [3, 8] */
  assert_non_null(t);
  struct {
    const char* what;
    int64_t bytes;
  } routes[] = {{"reshape (clone + _unsafe_view)", 96},
                {"contiguous (clone)", 96},
                {"clone", 96},
                {"to(float64) (_to_copy)", 192}};
  for (int i = 0; i < 4; i++) {
    AllocatorStats before = Allocator_stats();
    Tensor* r = i == 0   ? at_reshape(t, INTS(3, 8))
                : i == 1 ? at_contiguous(t, MemoryFormat_Contiguous)
                : i == 2 ? at_clone(t, kNoMemoryFormat)
                         : at_to_dtype(t, ScalarType_Double, false, false, kNoMemoryFormat);
    AllocatorStats after = Allocator_stats();
    assert_non_null(r); /* routes[i].what */
    assert_int_equal(after.allocations - before.allocations, 1);
    assert_int_equal(after.bytes_total - before.bytes_total, routes[i].bytes);
    assert_ptr_not_equal(r->storage, a->storage);
    Tensor_release(r);
    AllocatorStats released = Allocator_stats();
    assert_int_equal(released.bytes_current, before.bytes_current);
  }
  Tensor_release(t);
  Tensor_release(a);
  AllocatorStats end = Allocator_stats();
  assert_int_equal(end.bytes_current, start.bytes_current);
  assert_int_equal(live_allocations(end), live_allocations(start));
}

/* The copy route's result: reshape of a transposed tensor copies it into
 * a fresh contiguous storage, element by element in the logical order. */
static void test_copy_route_values(void** state) {
  (void)state;
  Tensor* a = arange24();
  Tensor* t = at_transpose_int(a, 0, 1);
  Tensor* r = at_reshape(t, INTS(3, 8));
  assert_non_null(r);
  assert_true(r->is_contiguous);
  const float* data = (const float*)Tensor_data(r);
  const float want[] = {0, 1, 2, 3, 12, 13, 14, 15, 4, 5, 6, 7, 16, 17, 18, 19};
  assert_memory_equal(data, want, sizeof want);
  Tensor_release(r);
  Tensor_release(t);
  Tensor_release(a);
}

/* A failing factory allocates nothing, and leaves nothing behind. */
static void test_errors_leave_counters_alone(void** state) {
  (void)state;
  AllocatorStats start = Allocator_stats();
  assert_null(at_empty_memory_format(INTS(2, -1), kFloat, kNoLayout, kNoDevice, kNoPinMemory, kNoMemoryFormat));
  assert_string_equal(Error_message(), "Trying to create tensor with negative dimension -1: [2, -1]");
  Error_clear();
  Tensor* a = arange24();
  Tensor* t = at_transpose_int(a, 0, 1);
  AllocatorStats before = Allocator_stats();
  assert_null(at_view(t, INTS(24)));
  assert_null(at_reshape(t, INTS(5, -1)));
  Error_clear();
  assert_int_equal(Allocator_stats().allocations, before.allocations);
  Tensor_release(t);
  Tensor_release(a);
  AllocatorStats end = Allocator_stats();
  assert_int_equal(end.bytes_current, start.bytes_current);
  assert_int_equal(live_allocations(end), live_allocations(start));
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_views_allocate_nothing),
      cmocka_unit_test(test_copies_allocate_once),
      cmocka_unit_test(test_copy_route_values),
      cmocka_unit_test(test_errors_leave_counters_alone),
  };
  return cmocka_run_group_tests(tests, setup, teardown);
}
