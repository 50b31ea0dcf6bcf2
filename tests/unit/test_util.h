/*
 * test_util.h - what the unit tests that call operators share: the
 * registration of every operator around a group of tests, a literal int list,
 * and the float dtype argument.
 *
 *   return cmocka_run_group_tests(tests, setup, teardown);
 *   at_zeros(INTS(2, 3), kFloat, kNoLayout, kNoDevice, kNoPinMemory);
 *
 * Include it after <cmocka.h>.
 */
#ifndef MINATEN_TESTS_UNIT_TEST_UTIL_H
#define MINATEN_TESTS_UNIT_TEST_UTIL_H

#include "Functions.h"
#include "dispatch/Dispatcher.h"
#include "runtime/Allocator.h"

/* IntArrayRef of the given values: INTS(2, 3) is [2, 3]. */
#define INTS(...) \
  IntArrayRef_make((const int64_t[]){__VA_ARGS__}, sizeof((const int64_t[]){__VA_ARGS__}) / sizeof(int64_t))

static const OptionalScalarType kFloat = {true, ScalarType_Float};

/* Every operator registered before the group's first test ... */
static inline int setup(void** state) {
  (void)state;
  return at_register_all();
}

/* ... and the dispatcher and the allocator's cache emptied after its last
 * (valgrind sees no leak). */
static inline int teardown(void** state) {
  (void)state;
  Dispatcher_cleanup();
  Allocator_emptyCache();
  return 0;
}

#endif
