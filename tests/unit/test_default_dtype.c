/*
 * test_default_dtype.c - runtime/DefaultDtype: float32 at start; once set
 * to float64, the operators that read it follow (a factory without a
 * dtype, an integer tensor times a Python float, an integer tensor's true
 * division and sqrt), those given a dtype or a floating input do not; set
 * back, they give float32 again.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "runtime/DefaultDtype.h"
#include "test_util.h"

/* The dtypes of ones(2), ones(2, dtype=float32), int64 ones(2) * 1.5,
 * int64 ones(2) / int64 ones(2) and int64 ones(2).sqrt(). */
static void check_dtypes(ScalarType want) {
  const OptionalScalarType kLong = {true, ScalarType_Long};
  Tensor* f = at_ones(INTS(2), kNoDtype, kNoLayout, kNoDevice, kNoPinMemory);
  Tensor* g = at_ones(INTS(2), kFloat, kNoLayout, kNoDevice, kNoPinMemory);
  Tensor* i = at_ones(INTS(2), kLong, kNoLayout, kNoDevice, kNoPinMemory);
  assert_non_null(f);
  assert_non_null(g);
  assert_non_null(i);
  Tensor* m = at_mul_Scalar(i, Scalar_fromDouble(1.5));
  Tensor* d = at_div_Tensor(i, i);
  Tensor* s = at_sqrt(i);
  assert_non_null(m);
  assert_non_null(d);
  assert_non_null(s);
  assert_int_equal(f->dtype, want);
  assert_int_equal(g->dtype, ScalarType_Float);
  assert_int_equal(i->dtype, ScalarType_Long);
  assert_int_equal(m->dtype, want);
  assert_int_equal(d->dtype, want);
  assert_int_equal(s->dtype, want);
  Tensor* all[] = {f, g, i, m, d, s};
  for (size_t k = 0; k < sizeof all / sizeof all[0]; k++) Tensor_release(all[k]);
}

static void test_default_is_float(void** state) {
  (void)state;
  assert_int_equal(get_default_dtype(), ScalarType_Float);
  assert_int_equal(get_default_dtype_as_scalartype(), ScalarType_Float);
  check_dtypes(ScalarType_Float);
}

static void test_set_double_and_back(void** state) {
  (void)state;
  set_default_dtype(ScalarType_Double);
  assert_int_equal(get_default_dtype(), ScalarType_Double);
  check_dtypes(ScalarType_Double);
  set_default_dtype(ScalarType_Float);
  assert_int_equal(get_default_dtype(), ScalarType_Float);
  check_dtypes(ScalarType_Float);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_default_is_float),
      cmocka_unit_test(test_set_double_and_back),
  };
  return cmocka_run_group_tests(tests, setup, teardown);
}
