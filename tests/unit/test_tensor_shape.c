/*
 * test_tensor_shape.c - reshape's routes, computeStride, infer_size,
 * contiguity rules, and the allocator counters: a view path allocates no
 * storage, a copy path allocates exactly one.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "Functions.h"
#include "dispatch/Dispatcher.h"
#include "ops/InferSize.h"
#include "ops/TensorUtils.h"
#include "runtime/Allocator.h"
#include "runtime/Exception.h"

#define INTS(...) IntArrayRef_make((const int64_t[]){__VA_ARGS__}, sizeof((const int64_t[]){__VA_ARGS__}) / sizeof(int64_t))

static const OptionalScalarType kFloat = {true, ScalarType_Float};
static const OptionalLayout kNoLayout = {false, Layout_Strided};
static const OptionalDevice kNoDevice = {false, {DeviceType_CPU, -1}};
static const OptionalBool kNoPin = {false, false};

static Tensor* arange24(void) {
  Tensor* a = at_arange(Scalar_fromLong(24), kFloat, kNoLayout, kNoDevice, kNoPin);
  assert_non_null(a);
  Tensor* r = at_reshape(a, INTS(2, 3, 4));
  Tensor_release(a);
  assert_non_null(r);
  return r;
}

static int setup(void** state) {
  (void)state;
  return at_register_all();
}
static int teardown(void** state) {
  (void)state;
  Dispatcher_cleanup();
  return 0;
}

static void assert_ints(IntArrayRef got, IntArrayRef want) {
  assert_int_equal(got.size, want.size);
  for (size_t i = 0; i < got.size; i++) assert_int_equal(got.data[i], want.data[i]);
}

static void test_infer_size(void** state) {
  (void)state;
  int64_t out[4];
  assert_int_equal(infer_size(INTS(-1, 4), 24, out), 0);
  assert_ints(IntArrayRef_make(out, 2), INTS(6, 4));
  assert_int_equal(infer_size(INTS(-1, -1), 24, out), -1);
  assert_string_equal(Error_message(), "only one dimension can be inferred");
  assert_int_equal(infer_size(INTS(5), 24, out), -1);
  assert_string_equal(Error_message(), "shape '[5]' is invalid for input of size 24");
  assert_int_equal(infer_size(INTS(0, -1), 0, out), -1);
  assert_int_equal(infer_size(INTS(-1, 5), 0, out), 0);
  assert_int_equal(out[0], 0);
  Error_clear();
}

static void test_compute_stride_chunks(void** state) {
  (void)state;
  int64_t st[4];
  /* [2, 3, 4] permuted (2, 0, 1): sizes [4, 2, 3], strides [1, 12, 4]. */
  assert_true(computeStride(INTS(4, 2, 3), INTS(1, 12, 4), INTS(4, 6), st));
  assert_ints(IntArrayRef_make(st, 2), INTS(1, 4));
  assert_false(computeStride(INTS(4, 2, 3), INTS(1, 12, 4), INTS(8, 3), st));
  /* Size-1 dimensions never break a chunk, whatever their stride. */
  assert_true(computeStride(INTS(2, 1, 3), INTS(3, 99, 1), INTS(6), st));
  assert_int_equal(st[0], 1);
  /* A 0-dim tensor views as anything with all-ones strides. */
  assert_true(computeStride(IntArrayRef_make(NULL, 0), IntArrayRef_make(NULL, 0), INTS(1, 1), st));
  assert_ints(IntArrayRef_make(st, 2), INTS(1, 1));
  /* Zero elements: contiguous strides. */
  assert_true(computeStride(INTS(0, 3), INTS(3, 1), INTS(3, 0), st));
  assert_ints(IntArrayRef_make(st, 2), INTS(1, 1));
}

static void test_contiguity_rules(void** state) {
  (void)state;
  int64_t sizes[] = {2, 1, 3}, strides[] = {3, 7, 1};
  Tensor* t = Tensor_new(NULL, 0, IntArrayRef_make(sizes, 3), IntArrayRef_make(strides, 3),
                         ScalarType_Float, Device_cpu(), DispatchKey_CPU);
  assert_true(t->is_contiguous); /* the size-1 dimension's stride is ignored */
  t->strides[2] = 2;
  Tensor_refreshContiguous(t);
  assert_false(t->is_contiguous);
  t->sizes[0] = 0;
  Tensor_refreshContiguous(t);
  assert_true(t->is_contiguous); /* no elements: contiguous */
  Tensor_release(t);
}

static void test_view_route_allocates_nothing(void** state) {
  (void)state;
  Tensor* a = arange24();
  AllocatorStats before = Allocator_stats();
  Tensor* b = at_reshape(a, INTS(6, 4));
  Tensor* c = at_transpose_int(a, 0, 1);
  Tensor* d = at_select_int(a, 1, 2);
  Tensor* e = at_expand(d, INTS(5, 2, 4), false);
  AllocatorStats after = Allocator_stats();
  assert_int_equal(after.allocations, before.allocations);
  assert_ptr_equal(b->storage, a->storage);
  assert_ptr_equal(e->storage, a->storage);
  assert_int_equal(d->storage_offset, 8);
  assert_ints(Tensor_strides(e), INTS(0, 12, 1));
  Tensor_release(b);
  Tensor_release(c);
  Tensor_release(d);
  Tensor_release(e);
  Tensor_release(a);
}

static void test_copy_route_allocates_once(void** state) {
  (void)state;
  Tensor* a = arange24();
  Tensor* c = at_transpose_int(a, 0, 1);
  AllocatorStats before = Allocator_stats();
  Tensor* r = at_reshape(c, INTS(3, 8));
  AllocatorStats after = Allocator_stats();
  assert_int_equal(after.allocations - before.allocations, 1);
  assert_ptr_not_equal(r->storage, a->storage);
  assert_true(r->is_contiguous);
  const float* data = (const float*)Tensor_data(r);
  const float want[] = {0, 1, 2, 3, 12, 13, 14, 15};
  assert_memory_equal(data, want, sizeof want);
  Tensor_release(r);
  Tensor_release(c);
  Tensor_release(a);
  AllocatorStats end = Allocator_stats();
  assert_int_equal(end.bytes_current, before.bytes_current - 24 * (int64_t)sizeof(float));
}

static void test_view_error_message(void** state) {
  (void)state;
  Tensor* a = arange24();
  Tensor* c = at_transpose_int(a, 0, 1);
  assert_null(at_view(c, INTS(24)));
  assert_int_equal(Error_type(), ErrorType_RuntimeError);
  assert_string_equal(Error_message(),
                      "view size is not compatible with input tensor's size and stride (at least "
                      "one dimension spans across two contiguous subspaces). Use .reshape(...) instead.");
  Error_clear();
  assert_null(at_transpose_int(a, 0, 3));
  assert_int_equal(Error_type(), ErrorType_IndexError);
  assert_string_equal(Error_message(), "Dimension out of range (expected to be in range of [-3, 2], but got 3)");
  Error_clear();
  Tensor_release(c);
  Tensor_release(a);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_infer_size),
      cmocka_unit_test(test_compute_stride_chunks),
      cmocka_unit_test(test_contiguity_rules),
      cmocka_unit_test(test_view_route_allocates_nothing),
      cmocka_unit_test(test_copy_route_allocates_once),
      cmocka_unit_test(test_view_error_message),
  };
  return cmocka_run_group_tests(tests, setup, teardown);
}
