/*
 * test_parallel.c - runtime/Parallel.h's parallel_for (1.13's chunking:
 * which thread number gets which range, at 1 to 7 threads, with grains
 * that cut the thread count; nested calls run serially; the chunks cover
 * the range once), the thread count's setter, and TensorIterator's walk
 * over a range (DimCounter: tiles that start and end inside rows) against
 * a plain loop over the same elements.  Also run by the tsan preset
 * (label threads).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "ops/TensorIterator.h"
#include "runtime/Parallel.h"
#include "test_util.h"

enum { kMaxChunks = 16, kRange = 1000 };

typedef struct Seen {
  int64_t begin[kMaxChunks], end[kMaxChunks]; /* by thread number; begin -1: not run */
  atomic_int hits[kRange];                      /* how many chunks covered each index */
  atomic_int nested_parallel;                   /* a nested call ran in a region of its own */
  atomic_int outside;                           /* chunks run outside a region */
} Seen;

static void nested_body(void* ctx, int64_t begin, int64_t end) {
  Seen* s = ctx;
  (void)begin, (void)end;
  if (at_get_thread_num() != 0 || !at_in_parallel_region()) atomic_fetch_add(&s->nested_parallel, 1);
}

static void record_chunk(void* ctx, int64_t begin, int64_t end) {
  Seen* s = ctx;
  int t = at_get_thread_num(); /* (no cmocka assertion here: this may be a worker thread) */
  if (!at_in_parallel_region()) atomic_fetch_add(&s->outside, 1);
  s->begin[t] = begin, s->end[t] = end;
  for (int64_t i = begin; i < end; i++) atomic_fetch_add(&s->hits[i], 1);
  at_parallel_for(0, 100, 1, nested_body, s); /* inside a region: one call, on this thread */
}

static void test_chunks(void** state) {
  (void)state;
  static const int64_t kGrains[] = {1, 100, 300, 999, 1000};
  for (int threads = 2; threads <= 7; threads++) {
    at_set_num_threads(threads);
    assert_int_equal(at_get_num_threads(), threads);
    for (size_t g = 0; g < sizeof kGrains / sizeof *kGrains; g++) {
      static Seen s;
      memset(&s, 0, sizeof s);
      for (int t = 0; t < kMaxChunks; t++) s.begin[t] = -1;
      at_parallel_for(0, kRange, kGrains[g], record_chunk, &s);
      int64_t grain = kGrains[g];
      if (kRange <= grain) { /* one call, on the caller, outside a region */
        assert_int_equal(atomic_load(&s.outside), 1);
        assert_int_equal(s.begin[0], 0);
        assert_int_equal(s.begin[1], -1);
        continue;
      }
      assert_int_equal(atomic_load(&s.outside), 0);
      int64_t n = threads < divup(kRange, grain) ? threads : divup(kRange, grain);
      int64_t chunk = divup(kRange, n);
      for (int t = 0; t < kMaxChunks; t++) {
        int64_t begin = t * chunk;
        if (t >= n || begin >= kRange) {
          assert_int_equal(s.begin[t], -1);
        } else {
          assert_int_equal(s.begin[t], begin);
          assert_int_equal(s.end[t], begin + chunk < kRange ? begin + chunk : kRange);
        }
      }
      for (int64_t i = 0; i < kRange; i++) assert_int_equal(atomic_load(&s.hits[i]), 1);
      assert_int_equal(atomic_load(&s.nested_parallel), 0);
    }
  }
  at_set_num_threads(1);
}

static void count_serial(void* ctx, int64_t begin, int64_t end) {
  int64_t* calls = ctx;
  assert_false(at_in_parallel_region());
  assert_int_equal(at_get_thread_num(), 0);
  assert_int_equal(begin, 5);
  assert_int_equal(end, 50);
  (*calls)++;
}

static void test_serial(void** state) {
  (void)state;
  int64_t calls = 0;
  at_set_num_threads(1);
  at_parallel_for(5, 50, 1, count_serial, &calls); /* one thread set */
  at_set_num_threads(4);
  at_parallel_for(5, 50, 45, count_serial, &calls); /* no more than the grain */
  at_parallel_for(50, 5, 1, count_serial, &calls);  /* empty */
  assert_int_equal(calls, 2);
  at_set_num_threads(1);
}

/* A loop2d copying the input's elements to the output's. */
static void number_elements(void* ctx, char** data, const int64_t* strides, int64_t size0, int64_t size1) {
  (void)ctx;
  for (int64_t j = 0; j < size1; j++)
    for (int64_t i = 0; i < size0; i++) {
      int64_t* p = (int64_t*)(data[0] + i * strides[0] + j * strides[2]);
      const int64_t* q = (const int64_t*)(data[1] + i * strides[1] + j * strides[3]);
      *p = *q;
    }
}

/* serial_for_each over a range [b, e) of a 5 x 3 x 4 iterator (an input
 * permuted, so the walk is not memory order) copies e - b elements, and
 * pieces that cover the range copy everything once. */
static void test_ranges(void** state) {
  (void)state;
  Tensor* in = at_arange_start_step(Scalar_fromLong(1), Scalar_fromLong(61), Scalar_fromLong(1), (OptionalScalarType){true, ScalarType_Long}, kNoLayout,
                                    kNoDevice, kNoPinMemory); /* no zero: a copied element is nonzero */
  Tensor* view = at_view(in, INTS(3, 4, 5));
  Tensor* permuted = at_permute(view, INTS(2, 0, 1)); /* a walk that is not memory order */
  for (int64_t b = 0; b <= 60; b += 7) {
    for (int64_t e = b; e <= 60; e += 11) {
      Tensor* out = at_zeros(INTS(5, 3, 4), (OptionalScalarType){true, ScalarType_Long}, kNoLayout, kNoDevice, kNoPinMemory);
      TensorIteratorBase iter;
      Tensor* operands[2] = {out, permuted};
      TensorIterator_initElementwise(&iter, operands, 2, Tensor_sizes(out));
      assert_int_equal(iter.numel, 60);
      TensorIterator_serial_for_each(&iter, number_elements, NULL, b, e);
      int64_t copied = 0;
      for (int64_t i = 0; i < 60; i++) copied += ((const int64_t*)Tensor_data(out))[i] != 0;
      assert_int_equal(copied, e - b);
      Tensor_release(out);
    }
  }
  Tensor* out = at_zeros(INTS(5, 3, 4), (OptionalScalarType){true, ScalarType_Long}, kNoLayout, kNoDevice, kNoPinMemory);
  TensorIteratorBase iter;
  Tensor* operands[2] = {out, permuted};
  TensorIterator_initElementwise(&iter, operands, 2, Tensor_sizes(out));
  /* the whole range in pieces: the same as one walk */
  for (int64_t b = 0; b < 60; b += 13) TensorIterator_serial_for_each(&iter, number_elements, NULL, b, b + 13 < 60 ? b + 13 : 60);
  Tensor* want = at_contiguous(permuted, MemoryFormat_Contiguous);
  assert_memory_equal(Tensor_data(out), Tensor_data(want), 60 * sizeof(int64_t));
  Tensor* all[] = {in, view, permuted, out, want};
  for (size_t k = 0; k < sizeof all / sizeof *all; k++) Tensor_release(all[k]);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_chunks),
      cmocka_unit_test(test_serial),
      cmocka_unit_test(test_ranges),
  };
  return cmocka_run_group_tests(tests, setup, teardown);
}
