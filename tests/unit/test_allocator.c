/*
 * test_allocator.c - the allocator's counters prove which routes copy:
 * a view (reshape of a contiguous tensor, transpose, select, expand, ...)
 * allocates no storage, a copy (reshape of a transposed tensor, clone,
 * contiguous, to(dtype)) allocates exactly one, of the right size, and the
 * counters come back to where they started once everything is released.
 * Runs the kernels through the dispatcher (at_register_all), as the
 * interpreter does.  Also the cache of freed large blocks (Allocator.h, Note
 * [Keeping freed memory]): what it keeps, what it serves, its bounds.  And
 * the two out-of-memory errors of Note [Out of memory]: a storage's
 * (alloc_cpu's enforce message) and any other allocation's (std::bad_alloc).
 */
#include <setjmp.h>
#include <stdbool.h>
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

/* Whether this build and environment cache (not under ASan, valgrind or
 * MINATEN_NO_CPU_MEMORY_CACHING=1): a freed large block is kept or not. */
static bool cache_is_on(void) {
  Allocator_emptyCache();
  void* p = Allocator_allocate(1 << 20);
  assert_non_null(p);
  Allocator_free(p, 1 << 20);
  bool on = Allocator_stats().bytes_cached > 0;
  Allocator_emptyCache();
  return on;
}

/* A freed block of 128 KiB or more is kept and served again to an
 * allocation of its size class (bytes rounded up to 4 KiB pages); other
 * sizes and small blocks miss it; the counters of storage do not see it. */
static void test_cache_serves_freed_large_blocks(void** state) {
  (void)state;
  if (!cache_is_on()) skip();
  AllocatorStats start = Allocator_stats();
  void* a = Allocator_allocate(300000);
  assert_non_null(a);
  assert_int_equal(((uintptr_t)a) % 64, 0);
  Allocator_free(a, 300000);
  AllocatorStats freed = Allocator_stats();
  assert_int_equal(freed.bytes_cached - start.bytes_cached, 303104); /* 74 pages */
  assert_int_equal(freed.bytes_current, start.bytes_current);
  void* b = Allocator_allocate(301000); /* the same 74 pages */
  assert_ptr_equal(b, a);
  void* c = Allocator_allocate(300000); /* a miss: the cache is empty again */
  assert_ptr_not_equal(c, a);
  void* d = Allocator_allocate(1000); /* small: not a hit nor a miss */
  AllocatorStats now = Allocator_stats();
  assert_int_equal(now.cache_hits - start.cache_hits, 1);
  assert_int_equal(now.cache_misses - start.cache_misses, 2);
  assert_int_equal(now.bytes_cached, 0);
  assert_int_equal(now.bytes_current - start.bytes_current, 301000 + 300000 + 1000);
  Allocator_free(b, 301000);
  Allocator_free(c, 300000);
  Allocator_free(d, 1000);
  assert_int_equal(Allocator_stats().bytes_cached, 2 * 303104);
  Allocator_emptyCache();
  AllocatorStats end = Allocator_stats();
  assert_int_equal(end.bytes_cached, 0);
  assert_int_equal(end.bytes_current, start.bytes_current);
  assert_int_equal(live_allocations(end), live_allocations(start));
}

/* The cache keeps at most 16 blocks and 256 MiB, dropping the oldest first;
 * a block above 256 MiB is never kept. */
static void test_cache_is_bounded(void** state) {
  (void)state;
  if (!cache_is_on()) skip();
  enum { kBlocks = 20 };
  const size_t kBlock = 1 << 20;
  void* p[kBlocks];
  for (int i = 0; i < kBlocks; i++) assert_non_null(p[i] = Allocator_allocate(kBlock));
  for (int i = 0; i < kBlocks; i++) Allocator_free(p[i], kBlock);
  assert_int_equal(Allocator_stats().bytes_cached, 16 * kBlock);
  /* the newest freed are kept: the next allocation takes the last freed */
  void* q = Allocator_allocate(kBlock);
  assert_ptr_equal(q, p[kBlocks - 1]);
  Allocator_free(q, kBlock);
  /* 100 MiB blocks: freeing each evicts the oldest block (16 at most);
   * the third then evicts the oldest until it fits in 256 MiB: the other
   * 1 MiB blocks, then the first 100 MiB block */
  const size_t kBig = (size_t)100 << 20;
  void* big[3];
  for (int i = 0; i < 3; i++) assert_non_null(big[i] = Allocator_allocate(kBig));
  for (int i = 0; i < 3; i++) Allocator_free(big[i], kBig);
  AllocatorStats s = Allocator_stats();
  assert_true(s.bytes_cached <= (int64_t)256 << 20);
  assert_int_equal(s.bytes_cached, 2 * (int64_t)kBig);
  assert_ptr_equal(Allocator_allocate(kBig), big[2]);
  assert_ptr_equal(Allocator_allocate(kBig), big[1]);
  assert_int_equal(Allocator_stats().bytes_cached, 0);
  Allocator_free(big[1], kBig);
  Allocator_free(big[2], kBig);
  /* above the bound: straight back to the system */
  void* huge = Allocator_allocate((size_t)300 << 20);
  assert_non_null(huge);
  Allocator_free(huge, (size_t)300 << 20);
  assert_int_equal(Allocator_stats().bytes_cached, s.bytes_cached);
  Allocator_emptyCache();
  assert_int_equal(Allocator_stats().bytes_cached, 0);
}

/* A function with a small allocation, as the runtime writes one. */
static void* checked(void* p) {
  TORCH_CHECK_ALLOC(p != NULL);
  return p;
fail:
  return NULL;
}

/* Note [Out of memory]: storage that cannot be had fails with alloc_cpu's
 * enforce message, any other allocation with std::bad_alloc's (1.13's
 * `RuntimeError: std::bad_alloc`), both RuntimeErrors. */
static void test_out_of_memory_errors(void** state) {
  (void)state;
  assert_null(Allocator_allocate((size_t)1 << 62)); /* 4 EiB: no machine has it */
  assert_int_equal(Error_type(), ErrorType_RuntimeError);
  assert_string_equal(Error_message(),
                      "[enforce fail at alloc_cpu.cpp:75] err == 0. DefaultCPUAllocator: can't allocate memory: you "
                      "tried to allocate 4611686018427387904 bytes. Error code 12 (Cannot allocate memory)");
  Error_clear();
  int x = 0;
  assert_ptr_equal(checked(&x), &x);
  assert_false(Error_occurred());
  assert_null(checked(NULL));
  assert_int_equal(Error_type(), ErrorType_RuntimeError);
  assert_string_equal(Error_message(), "std::bad_alloc");
  Error_clear();
  Error_setBadAlloc();
  assert_string_equal(Error_message(), "std::bad_alloc");
  Error_clear();
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_views_allocate_nothing),
      cmocka_unit_test(test_copies_allocate_once),
      cmocka_unit_test(test_copy_route_values),
      cmocka_unit_test(test_errors_leave_counters_alone),
      cmocka_unit_test(test_cache_serves_freed_large_blocks),
      cmocka_unit_test(test_cache_is_bounded),
      cmocka_unit_test(test_out_of_memory_errors),
  };
  return cmocka_run_group_tests(tests, setup, teardown);
}
