/*
 * test_bool_bytes.c - a bool element is read as its byte, any nonzero byte
 * being true.  Storage that another dtype wrote (view(torch.bool)) or that
 * was never written (torch.empty(3, dtype=torch.bool)) may hold any byte;
 * loading 190 as a C bool is undefined behaviour (UBSan: "load of value
 * 190, which is not a valid value for type '_Bool'"), so the ASan+UBSan
 * build of this test fails where a kernel does.  The bool tensor here is
 * the bytes {190, 0, 1, 2} seen as bool: [True, False, True, True].
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "runtime/Exception.h"
#include "test_util.h"

/* The bytes {190, 0, 1, 2} as a bool tensor of the given shape. */
static Tensor* odd_bools(IntArrayRef shape) {
  Tensor* u8 = at_empty_memory_format(INTS(4), (OptionalScalarType){true, ScalarType_Byte}, kNoLayout, kNoDevice,
                                      kNoPinMemory, kNoMemoryFormat);
  assert_non_null(u8);
  const uint8_t bytes[4] = {190, 0, 1, 2};
  memcpy(Tensor_data(u8), bytes, sizeof bytes);
  Tensor* b = at_view_dtype(u8, ScalarType_Bool);
  assert_non_null(b);
  Tensor* r = at_view(b, shape);
  assert_non_null(r);
  Tensor_release(u8);
  Tensor_release(b);
  return r;
}

/* Element i (row-major, contiguous) of a 1-byte or long result. */
static int64_t byte_at(const Tensor* t, int64_t i) { return ((const uint8_t*)Tensor_data(t))[i]; }
static int64_t long_at(const Tensor* t, int64_t i) { return ((const int64_t*)Tensor_data(t))[i]; }

/* The element of a 0-dim bool result, true when its byte is nonzero. */
static bool truth(Tensor* t) {
  assert_non_null(t);
  assert_int_equal(t->dtype, ScalarType_Bool);
  bool r = byte_at(t, 0) != 0;
  Tensor_release(t);
  return r;
}

/* max/min, amax/amin and any/all over every element and over rows (the row
 * loops of ops/ReduceOps.c), max.dim's index (the first true). */
static void test_reductions(void** state) {
  (void)state;
  Tensor* b = odd_bools(INTS(4));
  assert_true(truth(at_max(b)));
  assert_false(truth(at_min(b)));
  assert_true(truth(at_any(b)));
  assert_false(truth(at_all(b)));
  assert_true(truth(at_amax(b, INTS(0), false)));
  assert_false(truth(at_amin(b, INTS(0), false)));
  Tensor* m = odd_bools(INTS(2, 2)); /* [[True, False], [True, True]] */
  TensorTuple2 mx = at_max_dim(m, 1, false);
  assert_non_null(mx.items[0]);
  assert_int_equal(long_at(mx.items[1], 0), 0);
  assert_int_equal(long_at(mx.items[1], 1), 0); /* 1 and 2 are both true: the first */
  TensorTuple2 mn = at_min_dim(m, 1, false);
  assert_non_null(mn.items[0]);
  assert_int_equal(long_at(mn.items[1], 0), 1);
  assert_int_equal(long_at(mn.items[1], 1), 0);
  assert_int_equal(byte_at(mn.items[0], 1) != 0, 1);
  Tensor* all1 = at_all_dim(m, 1, false);
  assert_non_null(all1);
  assert_int_equal(byte_at(all1, 0), 0);
  assert_int_equal(byte_at(all1, 1), 1);
  Tensor* sum = at_sum(b, kNoDtype);
  assert_non_null(sum);
  assert_int_equal(long_at(sum, 0), 3);
  for (int k = 0; k < 2; k++) {
    Tensor_release(mx.items[k]);
    Tensor_release(mn.items[k]);
  }
  Tensor_release(all1);
  Tensor_release(sum);
  Tensor_release(m);
  Tensor_release(b);
}

/* Casts give 1 for every true byte; nonzero lists the true ones. */
static void test_casts_and_nonzero(void** state) {
  (void)state;
  Tensor* b = odd_bools(INTS(4));
  Tensor* l = at_to_dtype(b, ScalarType_Long, false, false, kNoMemoryFormat);
  assert_non_null(l);
  const int64_t want[4] = {1, 0, 1, 1};
  for (int i = 0; i < 4; i++) assert_int_equal(long_at(l, i), want[i]);
  Tensor* nz = at_nonzero(b);
  assert_non_null(nz);
  assert_int_equal(nz->sizes[0], 3);
  assert_int_equal(long_at(nz, 0), 0);
  assert_int_equal(long_at(nz, 1), 2);
  assert_int_equal(long_at(nz, 2), 3);
  Tensor_release(nz);
  Tensor_release(l);
  Tensor_release(b);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_reductions),
      cmocka_unit_test(test_casts_and_nonzero),
  };
  return cmocka_run_group_tests(tests, setup, teardown);
}
