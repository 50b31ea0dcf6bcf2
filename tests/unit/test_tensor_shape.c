/*
 * test_tensor_shape.c - the geometry behind reshape and view: infer_size
 * (resolving -1, and its errors), computeStride (the view strides, chunk by
 * chunk, with size-1 and zero-size dimensions), the contiguity rules, the
 * dense-strides rule of empty_like/clone, reshape's three routes, and the
 * geometries a caller of _reshape_alias and unfold_backward may choose.
 * Expected strides were checked against PyTorch 1.13.  (The allocator's
 * view-vs-copy proof is test_allocator.c.)
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "ops/InferSize.h"
#include "ops/TensorUtils.h"
#include "runtime/Exception.h"
#include "test_util.h"

static const IntArrayRef kNoDims = {NULL, 0};

static void assert_ints(IntArrayRef got, IntArrayRef want) {
  assert_int_equal(got.size, want.size);
  for (size_t i = 0; i < got.size; i++) assert_int_equal(got.data[i], want.data[i]);
}

static void assert_error(const char* message) {
  assert_int_equal(Error_type(), ErrorType_RuntimeError);
  assert_string_equal(Error_message(), message);
  Error_clear();
}

static void test_infer_size(void** state) {
  (void)state;
  int64_t out[4];
  assert_int_equal(infer_size(INTS(-1, 4), 24, out), 0);
  assert_ints(IntArrayRef_make(out, 2), INTS(6, 4));
  assert_int_equal(infer_size(INTS(2, -1, 3), 24, out), 0);
  assert_ints(IntArrayRef_make(out, 3), INTS(2, 4, 3));
  assert_int_equal(infer_size(INTS(-1, 5), 0, out), 0); /* zero elements, -1 is 0 */
  assert_ints(IntArrayRef_make(out, 2), INTS(0, 5));
  assert_int_equal(infer_size(kNoDims, 1, out), 0); /* one element fits no dimension */
  assert_int_equal(infer_size(INTS(-1, -1), 24, out), -1);
  assert_error("only one dimension can be inferred");
  assert_int_equal(infer_size(INTS(5), 24, out), -1);
  assert_error("shape '[5]' is invalid for input of size 24");
  assert_int_equal(infer_size(INTS(-1, 5), 24, out), -1); /* 24 % 5 != 0 */
  assert_error("shape '[-1, 5]' is invalid for input of size 24");
  assert_int_equal(infer_size(INTS(2, -2), 24, out), -1);
  assert_error("invalid shape dimension -2");
  assert_int_equal(infer_size(INTS(0, -1), 0, out), -1);
  assert_error("cannot reshape tensor of 0 elements into shape [0, -1] because the unspecified dimension size -1 "
               "can be any value and is ambiguous");
}

static void ignore_event(const ComputeStrideEvent* e, void* ctx) {
  (void)e;
  (void)ctx;
}

/* computeStride's shortcut for exactly contiguous strides (taken unless the
 * explainer listens) gives what the walk gives: every shape of 24 elements
 * in up to 4 dimensions, viewed as every other, with size-1 dimensions. */
static void test_compute_stride_contiguous_shortcut(void** state) {
  (void)state;
  static const int64_t shapes[][4] = {{24}, {2, 12}, {4, 6}, {2, 3, 4}, {1, 24}, {24, 1}, {2, 1, 3, 4},
                                      {1, 1, 24}, {3, 8}, {6, 1, 4}, {2, 2, 2, 3}, {12, 2}};
  static const size_t dims[] = {1, 2, 2, 3, 2, 2, 4, 3, 2, 3, 4, 2};
  size_t n = sizeof dims / sizeof dims[0];
  for (size_t a = 0; a < n; a++) {
    int64_t old_strides[4];
    IntArrayRef old_shape = IntArrayRef_make(shapes[a], dims[a]);
    computeContiguousStrides(old_shape, old_strides);
    IntArrayRef old_stride = IntArrayRef_make(old_strides, dims[a]);
    for (size_t b = 0; b < n; b++) {
      IntArrayRef new_shape = IntArrayRef_make(shapes[b], dims[b]);
      int64_t shortcut[4], walked[4];
      bool fast = computeStride(old_shape, old_stride, new_shape, shortcut);
      computeStride_explain = ignore_event; /* forces the walk */
      bool walk = computeStride(old_shape, old_stride, new_shape, walked);
      computeStride_explain = NULL;
      assert_true(fast && walk);
      assert_ints(IntArrayRef_make(shortcut, dims[b]), IntArrayRef_make(walked, dims[b]));
    }
  }
  /* is_contiguous ignores a size-1 dimension's stride; the walk does not,
   * so neither does the shortcut: [2, 1] with strides [1, 7] as [2, 1]. */
  int64_t st[2];
  assert_true(computeStride(INTS(2, 1), INTS(1, 7), INTS(2, 1), st));
  assert_ints(IntArrayRef_make(st, 2), INTS(1, 7));
}

static void test_compute_stride(void** state) {
  (void)state;
  int64_t st[4];
  /* Contiguous: any regrouping is a view. */
  assert_true(computeStride(INTS(2, 3, 4), INTS(12, 4, 1), INTS(6, 4), st));
  assert_ints(IntArrayRef_make(st, 2), INTS(4, 1));
  /* [2, 3, 4] permuted (2, 0, 1): sizes [4, 2, 3], strides [1, 12, 4] has the
   * chunks {4 (stride 1)} and {2, 3 (base 4)}. */
  assert_true(computeStride(INTS(4, 2, 3), INTS(1, 12, 4), INTS(4, 6), st));
  assert_ints(IntArrayRef_make(st, 2), INTS(1, 4));
  assert_false(computeStride(INTS(4, 2, 3), INTS(1, 12, 4), INTS(8, 3), st));
  assert_false(computeStride(INTS(4, 2, 3), INTS(1, 12, 4), INTS(24), st));
  /* A slice a[:, 1:, :] of [2, 3, 4]: chunks {2 (12)} and {2, 4 (base 1)}. */
  assert_true(computeStride(INTS(2, 2, 4), INTS(12, 4, 1), INTS(2, 8), st));
  assert_ints(IntArrayRef_make(st, 2), INTS(12, 1));
  assert_true(computeStride(INTS(2, 2, 4), INTS(12, 4, 1), INTS(2, 2, 2, 2), st));
  assert_ints(IntArrayRef_make(st, 4), INTS(12, 4, 2, 1));
  assert_false(computeStride(INTS(2, 2, 4), INTS(12, 4, 1), INTS(16), st));
  /* Size-1 dimensions never break a chunk, whatever their stride... */
  assert_true(computeStride(INTS(4, 1, 3), INTS(3, 100, 1), INTS(12), st));
  assert_int_equal(st[0], 1);
  assert_true(computeStride(INTS(4, 1, 3), INTS(3, 100, 1), INTS(2, 2, 3), st));
  assert_ints(IntArrayRef_make(st, 3), INTS(6, 3, 1));
  /* ...and new ones take the running product: [6] as [1, 6, 1]. */
  assert_true(computeStride(INTS(6), INTS(1), INTS(1, 6, 1), st));
  assert_ints(IntArrayRef_make(st, 3), INTS(6, 1, 1));
  /* A 0-dim tensor views as anything with all-ones strides. */
  assert_true(computeStride(kNoDims, kNoDims, INTS(1, 1), st));
  assert_ints(IntArrayRef_make(st, 2), INTS(1, 1));
  /* Zero elements: the same shape keeps its strides, another shape gets
   * contiguous ones (sizes 0 and 1 counting as 1). */
  assert_true(computeStride(INTS(3, 0), INTS(1, 3), INTS(3, 0), st));
  assert_ints(IntArrayRef_make(st, 2), INTS(1, 3));
  assert_true(computeStride(INTS(0, 3), INTS(3, 1), INTS(3, 0), st));
  assert_ints(IntArrayRef_make(st, 2), INTS(1, 1));
  assert_true(computeStride(INTS(2, 0, 3), INTS(3, 3, 1), INTS(0, 5), st));
  assert_ints(IntArrayRef_make(st, 2), INTS(5, 1));
}

static Tensor* header(IntArrayRef sizes, IntArrayRef strides) {
  Tensor* t = Tensor_new(NULL, 0, sizes, strides, ScalarType_Float, Device_cpu(), DispatchKey_CPU);
  assert_non_null(t);
  return t;
}

static void test_contiguity_rules(void** state) {
  (void)state;
  Tensor* t = header(INTS(2, 1, 3), INTS(3, 7, 1));
  assert_true(t->is_contiguous); /* the size-1 dimension's stride is ignored */
  assert_true(Tensor_isNonOverlappingAndDense(t));
  t->strides[2] = 2;
  Tensor_refreshContiguous(t);
  assert_false(t->is_contiguous);
  assert_false(Tensor_isNonOverlappingAndDense(t));
  t->sizes[0] = 0;
  Tensor_refreshContiguous(t);
  assert_true(t->is_contiguous); /* no elements: contiguous */
  Tensor_release(t);
  /* Dense in another order: not contiguous, but non-overlapping and dense. */
  Tensor* p = header(INTS(4, 2, 3), INTS(1, 12, 4));
  assert_false(p->is_contiguous);
  assert_true(Tensor_isNonOverlappingAndDense(p));
  Tensor_release(p);
  /* Expanded (stride 0) and sliced (gaps) are neither. */
  Tensor* e = header(INTS(3, 4), INTS(1, 0));
  assert_false(Tensor_isNonOverlappingAndDense(e));
  Tensor_release(e);
  Tensor* s = header(INTS(2, 3), INTS(6, 2));
  assert_false(Tensor_isNonOverlappingAndDense(s));
  Tensor_release(s);
}

static void test_infer_dense_strides(void** state) {
  (void)state;
  int64_t st[4];
  /* arange(48.).view(2, 4, 6).permute(2, 0, 1)[:, :, ::2] keeps its order. */
  infer_dense_strides(INTS(6, 2, 2), INTS(1, 24, 12), st);
  assert_ints(IntArrayRef_make(st, 3), INTS(1, 12, 6));
  /* A stride-0 dimension stays where a contiguous tensor has it. */
  infer_dense_strides(INTS(3, 4), INTS(1, 0), st);
  assert_ints(IntArrayRef_make(st, 2), INTS(4, 1));
  infer_dense_strides(INTS(2, 3, 4), INTS(0, 1, 3), st);
  assert_ints(IntArrayRef_make(st, 3), INTS(12, 1, 3));
  infer_dense_strides(INTS(2, 3, 2), INTS(2, 4, 12), st);
  assert_ints(IntArrayRef_make(st, 3), INTS(1, 2, 6));
}

/* reshape's routes, seen from the result: a view keeps the storage, the copy
 * route makes a new contiguous one; view refuses what reshape copies. */
static void test_reshape_routes(void** state) {
  (void)state;
  Tensor* a0 = at_arange(Scalar_fromLong(24), kFloat, kNoLayout, kNoDevice, kNoPinMemory);
  Tensor* a = at_reshape(a0, INTS(2, 3, 4));
  Tensor* v = at_reshape(a, INTS(4, -1));
  assert_ptr_equal(v->storage, a->storage);
  assert_ints(Tensor_strides(v), INTS(6, 1));
  Tensor* t = at_transpose_int(a, 0, 1);
  Tensor* c = at_reshape(t, INTS(3, 8));
  assert_ptr_not_equal(c->storage, a->storage);
  assert_true(c->is_contiguous);
  assert_null(at_view(t, INTS(24)));
  assert_error("view size is not compatible with input tensor's size and stride (at least one dimension spans "
               "across two contiguous subspaces). Use .reshape(...) instead.");
  Tensor* tv = at_reshape(t, INTS(3, 2, 2, 2)); /* splitting inside a chunk is a view */
  assert_ptr_equal(tv->storage, a->storage);
  assert_ints(Tensor_strides(tv), INTS(4, 12, 2, 1));
  assert_null(at_transpose_int(a, 0, 3));
  assert_int_equal(Error_type(), ErrorType_IndexError);
  assert_string_equal(Error_message(), "Dimension out of range (expected to be in range of [-3, 2], but got 3)");
  Error_clear();
  Tensor* ts[] = {a0, a, v, t, c, tv};
  for (size_t i = 0; i < sizeof ts / sizeof ts[0]; i++) Tensor_release(ts[i]);
}

/* The integer edges of the view kernels, each checked against PyTorch 1.13
 * (whose Python front end cannot always pass these ints, minaten's C can). */
static void test_view_integer_edges(void** state) {
  (void)state;
  const int64_t kMin = INT64_MIN;
  Tensor* a0 = at_arange(Scalar_fromLong(8), kFloat, kNoLayout, kNoDevice, kNoPinMemory);
  Tensor* a = at_reshape(a0, INTS(2, 4));
  OptionalInt lo = {true, kMin}, none = {false, 0};
  /* A SymInt argument in PyTorch's reserved range. */
  assert_null(at_slice_Tensor(a, 0, lo, none, 1));
  assert_error("Expected !is_symbolic() to be true, but got false.  (Could this error message be improved?  If so, "
               "please report an enhancement request to PyTorch.)");
  /* select's bounds check holds for the most negative index. */
  assert_null(at_select_int(a, 0, kMin));
  assert_int_equal(Error_type(), ErrorType_IndexError);
  Error_clear();
  /* a[::2**61]: the stride 4 * 2**61 wraps to INT64_MIN, which is no SymInt;
   * a[::2**63 - 1]: the stride wraps to -4 and the size rounds to 0. */
  assert_null(at_slice_Tensor(a, 0, none, none, 2305843009213693952));
  assert_error("IntArrayRef contains an int that cannot be represented as a SymInt: -9223372036854775808");
  assert_null(at_slice_Tensor(a, 0, none, none, INT64_MAX));
  assert_error("as_strided: Negative strides are not supported at the moment, got strides: [-4, 1]");
  Tensor* flat = at_view(a, INTS(8));
  Tensor* e = at_slice_Tensor(flat, 0, none, none, INT64_MAX);
  assert_non_null(e);
  assert_ints(Tensor_sizes(e), INTS(0));
  /* as_strided: negative sizes overflow the storage size unless a zero
   * comes first; a zero-size view fits any storage at any offset. */
  OptionalInt far = {true, 100};
  assert_null(at_as_strided(a, INTS(-1), INTS(1), none));
  assert_error("Storage size calculation overflowed with sizes=[-1] and strides=[1]");
  Tensor* odd = at_as_strided(a, INTS(0, -3), INTS(1, 1), none);
  assert_non_null(odd);
  assert_int_equal(odd->numel, 0);
  Tensor* empty = at_as_strided(a, INTS(0), INTS(1), far);
  assert_non_null(empty);
  assert_int_equal(empty->storage_offset, 100);
  assert_null(at_as_strided(a, INTS(2), INTS(1), far));
  assert_error("setStorage: sizes [2], strides [1], storage offset 100, and itemsize 4 requiring a storage size of "
               "408 are out of bounds for storage of size 32");
  /* expand to a huge size: the storage fits (stride 0), the numel does not. */
  assert_null(at_expand(a, INTS(4611686018427387904, 2, 4), false));
  assert_error("numel: integer multiplication overflow");
  /* reshape multiplies SymInts: 2**62 * 2 is no SymInt; view's ints wrap. */
  assert_null(at_reshape(a, INTS(4611686018427387904, 2, -1)));
  assert_error("Expected !is_symbolic() to be true, but got false.  (Could this error message be improved?  If so, "
               "please report an enhancement request to PyTorch.)");
  assert_null(at_view(a, INTS(4611686018427387904, 2, -1)));
  assert_error("shape '[4611686018427387904, 2, -1]' is invalid for input of size 8");
  Tensor* ts[] = {a0, a, flat, e, odd, empty};
  for (size_t i = 0; i < sizeof ts / sizeof ts[0]; i++) Tensor_release(ts[i]);
}

/* _reshape_alias called with strides of its caller's choosing.  NB(minaten):
 * 1.13 checks nothing, and its view reaches past the storage (printing it
 * reads other memory, or fails in select's as_strided); minaten checks the
 * view against the storage with as_strided's messages.  A negative stride
 * is first replaced as 1.13's set_sizes_and_strides replaces it (checked
 * against 1.13: tests/conformance/hardening/reshape_alias_strides.py). */
static void test_reshape_alias_bounds(void** state) {
  (void)state;
  Tensor* a0 = at_arange(Scalar_fromLong(6), kFloat, kNoLayout, kNoDevice, kNoPinMemory);
  Tensor* a = at_reshape(a0, INTS(2, 3));
  assert_null(at__reshape_alias(a, INTS(2, 3), INTS(2, 3)));
  assert_error("setStorage: sizes [2, 3], strides [2, 3], storage offset 0, and itemsize 4 requiring a storage size "
               "of 36 are out of bounds for storage of size 24");
  assert_null(at__reshape_alias(a, INTS(7), INTS(1)));
  assert_error("setStorage: sizes [7], strides [1], storage offset 0, and itemsize 4 requiring a storage size of 28 "
               "are out of bounds for storage of size 24");
  /* the byte count overflows: no element is read, none is printed */
  assert_null(at__reshape_alias(a, INTS(2, 3), INTS(2, 4611686018427387904)));
  assert_error("Storage size calculation overflowed with sizes=[2, 3] and strides=[2, 4611686018427387904]");
  /* -1 before a stride of 2**62 becomes 2 * 2**62, which wraps */
  assert_null(at__reshape_alias(a, INTS(2, 2), INTS(-1, 4611686018427387904)));
  assert_error("Storage size calculation overflowed with sizes=[2, 2] and strides=[-9223372036854775808, "
               "4611686018427387904]");
  /* a view at an offset: the offset counts */
  Tensor* row = at_select_int(a, 0, 1);
  Tensor* fits = at__reshape_alias(row, INTS(3), INTS(1));
  assert_non_null(fits);
  assert_int_equal(fits->storage_offset, 3);
  assert_null(at__reshape_alias(row, INTS(3), INTS(2)));
  assert_error("setStorage: sizes [3], strides [2], storage offset 3, and itemsize 4 requiring a storage size of 32 "
               "are out of bounds for storage of size 24");
  /* no element: any strides */
  Tensor* none = at__reshape_alias(a, INTS(0, 3), INTS(4611686018427387904, 4611686018427387904));
  assert_non_null(none);
  Tensor* ts[] = {a0, a, row, fits, none};
  for (size_t i = 0; i < sizeof ts / sizeof ts[0]; i++) Tensor_release(ts[i]);
}

/* unfold_backward with a step no unfold takes.  NB(minaten): refused with
 * unfold's message; 1.13 divides by the step (step 0: SIGFPE) or, for a
 * negative one, reads grad elements past the windows.  Huge steps and
 * sizes are computed exactly: windows past the input are left out. */
static void test_unfold_backward_steps(void** state) {
  (void)state;
  Tensor* g = at_ones(INTS(3, 2), kFloat, kNoLayout, kNoDevice, kNoPinMemory);
  assert_null(at_unfold_backward(g, INTS(6), 0, 2, 0));
  assert_error("step is 0 but must be > 0");
  assert_null(at_unfold_backward(g, INTS(6), -1, 7, -3));
  assert_error("step is -3 but must be > 0");
  assert_null(at_unfold_backward(g, INTS(6), 0, 2, INT64_MIN));
  assert_error("step is -9223372036854775808 but must be > 0");
  /* window w starts at w * 2**62: only window 0 lies inside */
  Tensor* r = at_unfold_backward(g, INTS(6), 0, 2, 4611686018427387904);
  assert_non_null(r);
  const float want[] = {1, 1, 0, 0, 0, 0};
  for (int i = 0; i < 6; i++) assert_true(((const float*)Tensor_data(r))[i] == want[i]);
  Tensor* z = at_unfold_backward(g, INTS(6), 0, INT64_MIN, 4611686018427387904);
  assert_non_null(z);
  for (int i = 0; i < 6; i++) assert_true(((const float*)Tensor_data(z))[i] == 0);
  Tensor_release(z);
  Tensor_release(r);
  Tensor_release(g);
}

/* minaten's limit of MINATEN_MAX_DIM dimensions (NB(minaten): PyTorch has
 * none), refused with one message by every kernel that would pass it. */
static void test_max_dims(void** state) {
  (void)state;
  int64_t ones[MINATEN_MAX_DIM + 1];
  for (size_t i = 0; i < MINATEN_MAX_DIM + 1; i++) ones[i] = 1;
  IntArrayRef max = IntArrayRef_make(ones, MINATEN_MAX_DIM), over = IntArrayRef_make(ones, MINATEN_MAX_DIM + 1);
  const char* message = "minaten supports tensors with at most 64 dimensions, but got 65";
  assert_null(at_empty_memory_format(over, kFloat, kNoLayout, kNoDevice, kNoPinMemory, kNoMemoryFormat));
  assert_error(message);
  Tensor* a = at_empty_memory_format(max, kFloat, kNoLayout, kNoDevice, kNoPinMemory, kNoMemoryFormat);
  assert_non_null(a);
  assert_null(at_unsqueeze(a, 0));
  assert_error(message);
  assert_null(at_view(a, over));
  assert_error(message);
  assert_null(at_expand(a, over, false));
  assert_error(message);
  Tensor* ts[] = {a, a};
  assert_null(at_stack((TensorList){ts, 2}, 0));
  assert_error(message);
  Tensor_release(a);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_infer_size),         cmocka_unit_test(test_compute_stride),
      cmocka_unit_test(test_compute_stride_contiguous_shortcut),
      cmocka_unit_test(test_contiguity_rules),   cmocka_unit_test(test_infer_dense_strides),
      cmocka_unit_test(test_reshape_routes),     cmocka_unit_test(test_view_integer_edges),
      cmocka_unit_test(test_max_dims),          cmocka_unit_test(test_reshape_alias_bounds),
      cmocka_unit_test(test_unfold_backward_steps),
  };
  return cmocka_run_group_tests(tests, setup, teardown);
}
