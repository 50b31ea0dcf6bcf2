/*
 * test_copy.c - copy_ and fill_: conversions between every pair of dtypes
 * (with PyTorch 1.13's results for the casts C leaves undefined), broadcast
 * sources (stride 0), views with offsets, non-contiguous and transposed
 * destinations (the blocked path), and PyTorch's overlap and shape errors.
 * Expected values were checked against PyTorch 1.13.
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "runtime/Exception.h"
#include "test_util.h"

static const IntArrayRef kScalarShape = {NULL, 0}; /* a 0-dim tensor's */

static OptionalScalarType dt(ScalarType t) {
  OptionalScalarType o = {true, t};
  return o;
}

static Tensor* empty(IntArrayRef size, ScalarType t) {
  Tensor* r = at_empty_memory_format(size, dt(t), kNoLayout, kNoDevice, kNoPinMemory, kNoMemoryFormat);
  assert_non_null(r);
  return r;
}

/* A 1-D double tensor holding vals. */
static Tensor* doubles(const double* vals, int64_t n) {
  Tensor* r = empty(IntArrayRef_make(&n, 1), ScalarType_Double);
  memcpy(Tensor_data(r), vals, (size_t)n * sizeof(double));
  return r;
}

/* arange(n) as dtype t, reshaped. */
static Tensor* arange(int64_t n, ScalarType t, IntArrayRef shape) {
  Tensor* a = at_arange(Scalar_fromLong(n), dt(t), kNoLayout, kNoDevice, kNoPinMemory);
  assert_non_null(a);
  Tensor* r = at_reshape(a, shape);
  Tensor_release(a);
  assert_non_null(r);
  return r;
}

/* dst.copy_(src), checking that copy_ returns dst itself. */
static void copy(Tensor* dst, const Tensor* src) {
  Tensor* r = at_copy_(dst, src, false);
  assert_non_null(r);
  assert_ptr_equal(r, dst);
  Tensor_release(r);
}

/* Element i of a tensor in logical (row-major) order, as an int64 or a
 * double; walks any strides. */
static const char* element(const Tensor* t, int64_t i) {
  int64_t off = 0;
  for (int64_t d = t->dim - 1; d >= 0; d--) {
    off += (i % t->sizes[d]) * t->strides[d];
    i /= t->sizes[d];
  }
  return Tensor_data(t) + off * (int64_t)Tensor_itemsize(t);
}
static int64_t int_at(const Tensor* t, int64_t i) {
  const char* p = element(t, i);
  switch (t->dtype) {
    case ScalarType_Byte: return *(const uint8_t*)p;
    case ScalarType_Char: return *(const int8_t*)p;
    case ScalarType_Short: return *(const int16_t*)p;
    case ScalarType_Int: return *(const int32_t*)p;
    case ScalarType_Bool: return *(const uint8_t*)p;
    default: return *(const int64_t*)p;
  }
}
static double double_at(const Tensor* t, int64_t i) {
  const char* p = element(t, i);
  return t->dtype == ScalarType_Float ? *(const float*)p : *(const double*)p;
}

static void expect_error(const void* result, const char* message) {
  assert_null(result);
  assert_int_equal(Error_type(), ErrorType_RuntimeError);
  assert_string_equal(Error_message(), message);
  Error_clear();
}

/* float64 -> each integer type and bool: truncation, wrapping, and the
 * x86 results PyTorch gets for values out of range (no undefined
 * behaviour in minaten: this test also runs under UBSan). */
static void test_float_to_integer(void** state) {
  (void)state;
  static const double vals[] = {-1.5, -0.5, 0.7, 255.9, 256.0, 300.7, -129.0, 40000.5,
                                3000000001.0, -3000000001.0, 1e19, NAN, INFINITY, 2147483648.0};
  enum { N = sizeof vals / sizeof vals[0] };
  static const struct {
    ScalarType t;
    int64_t want[N];
  } cases[] = {
      {ScalarType_Byte, {255, 0, 0, 255, 0, 44, 127, 64, 1, 255, 0, 0, 0, 0}},
      {ScalarType_Char, {-1, 0, 0, -1, 0, 44, 127, 64, 0, 0, 0, 0, 0, 0}},
      {ScalarType_Short, {-1, 0, 0, 255, 256, 300, -129, -25536, 0, 0, 0, 0, 0, 0}},
      {ScalarType_Int,
       {-1, 0, 0, 255, 256, 300, -129, 40000, INT32_MIN, INT32_MIN, INT32_MIN, INT32_MIN, INT32_MIN, INT32_MIN}},
      {ScalarType_Long,
       {-1, 0, 0, 255, 256, 300, -129, 40000, 3000000001, -3000000001, INT64_MIN, INT64_MIN, INT64_MIN, 2147483648}},
      {ScalarType_Bool, {1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1}},
  };
  Tensor* src = doubles(vals, N);
  for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
    Tensor* dst = empty(INTS(N), cases[c].t);
    copy(dst, src);
    for (int64_t i = 0; i < N; i++) assert_int_equal(int_at(dst, i), cases[c].want[i]);
    Tensor_release(dst);
  }
  Tensor_release(src);
}

/* Integers narrow by keeping their low bits; bool is "not zero"; integers
 * and bools widen to floating exactly. */
static void test_integer_conversions(void** state) {
  (void)state;
  Tensor* src = arange(6, ScalarType_Long, INTS(6)); /* 0..5, then scaled */
  int64_t* p = (int64_t*)Tensor_data(src);
  const int64_t vals[] = {-1, 255, 256, 70000, INT64_MIN, 0};
  memcpy(p, vals, sizeof vals);
  Tensor* u8 = empty(INTS(6), ScalarType_Byte);
  Tensor* i16 = empty(INTS(6), ScalarType_Short);
  Tensor* b = empty(INTS(6), ScalarType_Bool);
  Tensor* f = empty(INTS(6), ScalarType_Float);
  copy(u8, src);
  copy(i16, src);
  copy(b, src);
  copy(f, b);
  const int64_t want_u8[] = {255, 255, 0, 112, 0, 0};
  const int64_t want_i16[] = {-1, 255, 256, 4464, 0, 0};
  const int64_t want_b[] = {1, 1, 1, 1, 1, 0};
  for (int i = 0; i < 6; i++) {
    assert_int_equal(int_at(u8, i), want_u8[i]);
    assert_int_equal(int_at(i16, i), want_i16[i]);
    assert_int_equal(int_at(b, i), want_b[i]);
    assert_true(double_at(f, i) == (double)want_b[i]);
  }
  Tensor_release(u8);
  Tensor_release(i16);
  Tensor_release(b);
  Tensor_release(f);
  Tensor_release(src);
}

/* A broadcast source (stride 0, fewer dimensions) and views with offsets
 * on both sides. */
static void test_broadcast_and_offsets(void** state) {
  (void)state;
  Tensor* row = arange(3, ScalarType_Float, INTS(3));
  Tensor* dst = empty(INTS(4, 2, 3), ScalarType_Double);
  copy(dst, row); /* [3] broadcast to [4, 2, 3] */
  for (int64_t i = 0; i < 24; i++) assert_true(double_at(dst, i) == (double)(i % 3));
  Tensor* col = arange(2, ScalarType_Long, INTS(2, 1));
  Tensor* e = at_expand(col, INTS(4, 2, 3), false); /* explicit stride 0 */
  assert_non_null(e);
  copy(dst, e);
  for (int64_t i = 0; i < 24; i++) assert_true(double_at(dst, i) == (double)((i / 3) % 2));
  /* dst[1:3, :, 1] = src[1, :, 2:4] of a bigger tensor: offsets both sides */
  Tensor* big = arange(40, ScalarType_Double, INTS(2, 4, 5));
  OptionalInt s1 = {true, 1}, e3 = {true, 3}, s2 = {true, 2}, e4 = {true, 4};
  Tensor* d1 = at_slice_Tensor(dst, 0, s1, e3, 1);
  Tensor* d2 = at_select_int(d1, 2, 1);           /* [2, 2], offset 7 */
  Tensor* b1 = at_select_int(big, 0, 1);           /* [4, 5], offset 20 */
  Tensor* b2 = at_slice_Tensor(b1, 1, s2, e4, 1);   /* [4, 2], offset 22 */
  Tensor* b3 = at_slice_Tensor(b2, 0, s1, e3, 1);   /* [2, 2], offset 27 */
  assert_int_equal(d2->storage_offset, 7);
  assert_int_equal(b3->storage_offset, 27);
  copy(d2, b3);
  assert_true(double_at(d2, 0) == 27 && double_at(d2, 1) == 28 && double_at(d2, 2) == 32 && double_at(d2, 3) == 33);
  assert_true(double_at(dst, 6) == 0 && double_at(dst, 7) == 27 && double_at(dst, 8) == 0); /* neighbours kept */
  Tensor* ts[] = {row, dst, col, e, big, d1, d2, b1, b2, b3};
  for (size_t i = 0; i < sizeof ts / sizeof ts[0]; i++) Tensor_release(ts[i]);
}

/* Transposed and strided destinations and sources, large enough for the
 * blocked path (odd sizes: partial blocks), for every element size. */
static void test_transposed(void** state) {
  (void)state;
  const ScalarType types[] = {ScalarType_Byte, ScalarType_Short, ScalarType_Float, ScalarType_Double};
  for (int k = 0; k < 4; k++) {
    Tensor* src = arange(37 * 53, ScalarType_Long, INTS(37, 53));
    Tensor* dst = empty(INTS(53, 37), types[k]);
    Tensor* st = at_t(src);
    copy(dst, st); /* dst[i][j] = src[j][i] */
    for (int64_t i = 0; i < 53; i++)
      for (int64_t j = 0; j < 37; j++) {
        int64_t want = j * 53 + i;
        if (types[k] == ScalarType_Byte) want &= 0xff;
        if (types[k] == ScalarType_Short) want = (int16_t)want;
        if (types[k] == ScalarType_Float || types[k] == ScalarType_Double)
          assert_true(double_at(dst, i * 37 + j) == (double)want);
        else
          assert_int_equal(int_at(dst, i * 37 + j), want);
      }
    /* The other way round: a transposed destination, a strided source. */
    Tensor* back = empty(INTS(37, 53), types[k]);
    Tensor* bt = at_t(back);
    copy(bt, dst);
    Tensor* again = empty(INTS(37, 53), ScalarType_Long);
    copy(again, back);
    for (int64_t i = 0; i < 37 * 53; i++) assert_int_equal(int_at(again, i), int_at(src, i) & (k == 0 ? 0xff : -1));
    Tensor* ts[] = {src, dst, st, back, bt, again};
    for (size_t i = 0; i < sizeof ts / sizeof ts[0]; i++) Tensor_release(ts[i]);
  }
  /* A non-contiguous destination: every other column. */
  Tensor* wide = empty(INTS(4, 6), ScalarType_Int);
  Tensor* z = at_zero_(wide);
  Tensor_release(z);
  OptionalInt one = {true, 1};
  Tensor* odd = at_slice_Tensor(wide, 1, one, kNoInt, 2);
  Tensor* vals = arange(12, ScalarType_Double, INTS(4, 3));
  copy(odd, vals);
  for (int64_t i = 0; i < 24; i++) assert_int_equal(int_at(wide, i), i % 2 ? (i / 6) * 3 + i % 6 / 2 : 0);
  Tensor_release(vals);
  Tensor_release(odd);
  Tensor_release(wide);
}

/* 0-dim and empty copies. */
static void test_degenerate(void** state) {
  (void)state;
  Tensor* s = empty(kScalarShape, ScalarType_Float);
  *(float*)Tensor_data(s) = 2.5f;
  Tensor* d = empty(INTS(2, 2), ScalarType_Int);
  copy(d, s); /* a 0-dim source broadcasts */
  for (int i = 0; i < 4; i++) assert_int_equal(int_at(d, i), 2);
  Tensor* d0 = empty(kScalarShape, ScalarType_Double);
  copy(d0, s);
  assert_true(double_at(d0, 0) == 2.5);
  Tensor* e0 = empty(INTS(0, 3), ScalarType_Float);
  Tensor* e1 = empty(INTS(3), ScalarType_Long);
  copy(e0, e1); /* nothing to do */
  Tensor* ts[] = {s, d, d0, e0, e1};
  for (size_t i = 0; i < sizeof ts / sizeof ts[0]; i++) Tensor_release(ts[i]);
}

static void test_errors(void** state) {
  (void)state;
  Tensor* a = arange(6, ScalarType_Float, INTS(2, 3));
  Tensor* col = arange(2, ScalarType_Float, INTS(2, 1));
  Tensor* e = at_expand(col, INTS(2, 3), false);
  expect_error(at_copy_(e, a, false),
               "unsupported operation: more than one element of the written-to tensor refers to a single "
               "memory location. Please clone() the tensor before performing the operation.");
  Tensor* at = at_t(a);
  Tensor* sq = at_view(a, INTS(3, 2));
  expect_error(at_copy_(sq, at, false), /* same bytes, different strides */
               "unsupported operation: some elements of the input tensor and the written-to tensor refer to "
               "a single memory location. Please clone() the tensor before performing the operation.");
  Tensor* flat = at_view(a, INTS(6));
  OptionalInt one = {true, 1}, four = {true, 4};
  Tensor* hi = at_slice_Tensor(flat, 0, one, four, 1);
  Tensor* lo = at_slice_Tensor(flat, 0, kNoInt, (OptionalInt){true, 3}, 1);
  expect_error(at_copy_(hi, lo, false),
               "unsupported operation: some elements of the input tensor and the written-to tensor refer to "
               "a single memory location. Please clone() the tensor before performing the operation.");
  Tensor* two = arange(2, ScalarType_Float, INTS(2));
  expect_error(at_copy_(a, two, false),
               "The size of tensor a (3) must match the size of tensor b (2) at non-singleton dimension 1");
  Tensor* big = arange(6, ScalarType_Float, INTS(1, 2, 3));
  expect_error(at_copy_(a, big, false), "output with shape [2, 3] doesn't match the broadcast shape [1, 2, 3]");
  /* Copying a tensor onto itself, or a view of the very same elements, is a no-op. */
  Tensor* same = at_view(a, INTS(2, 3));
  copy(a, same);
  copy(a, a);
  Tensor* ts[] = {a, col, e, at, sq, flat, hi, lo, two, big, same};
  for (size_t i = 0; i < sizeof ts / sizeof ts[0]; i++) Tensor_release(ts[i]);
}

/* fill_ converts once, with Scalar::to<T>'s overflow check, and accepts an
 * expanded tensor (writing one value twice is harmless). */
static void test_fill(void** state) {
  (void)state;
  Tensor* u8 = empty(INTS(3), ScalarType_Byte);
  expect_error(at_fill__Scalar(u8, Scalar_fromLong(300)), "value cannot be converted to type uint8_t without overflow");
  expect_error(at_fill__Scalar(u8, Scalar_fromDouble(-0.5)),
               "value cannot be converted to type uint8_t without overflow");
  Tensor* r = at_fill__Scalar(u8, Scalar_fromLong(-255)); /* negative integers wrap */
  assert_ptr_equal(r, u8);
  Tensor_release(r);
  assert_int_equal(int_at(u8, 2), 1);
  Tensor* i64 = empty(INTS(2), ScalarType_Long);
  r = at_fill__Scalar(i64, Scalar_fromDouble(9223372036854775808.0)); /* 2^63 passes the check */
  Tensor_release(r);
  assert_true(int_at(i64, 0) == INT64_MIN);
  Tensor* col = empty(INTS(2, 1), ScalarType_Float);
  Tensor* e = at_expand(col, INTS(2, 3), false);
  r = at_fill__Scalar(e, Scalar_fromDouble(4));
  Tensor_release(r);
  assert_true(double_at(col, 0) == 4 && double_at(col, 1) == 4);
  Tensor* ten = empty(kScalarShape, ScalarType_Double);
  *(double*)Tensor_data(ten) = 3e10;
  Tensor* i32 = empty(INTS(2), ScalarType_Int);
  expect_error(at_fill__Tensor(i32, ten), "value cannot be converted to type int without overflow");
  Tensor* ts[] = {u8, i64, col, e, ten, i32};
  for (size_t i = 0; i < sizeof ts / sizeof ts[0]; i++) Tensor_release(ts[i]);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_float_to_integer), cmocka_unit_test(test_integer_conversions),
      cmocka_unit_test(test_broadcast_and_offsets), cmocka_unit_test(test_transposed),
      cmocka_unit_test(test_degenerate), cmocka_unit_test(test_errors),
      cmocka_unit_test(test_fill),
  };
  return cmocka_run_group_tests(tests, setup, teardown);
}
