/*
 * test_generator.c - runtime/MT19937RNGEngine.h and runtime/CPUGeneratorImpl.h:
 * the engine against the Mersenne Twister's known answer (the C++
 * standard's: the 10000th output of a default-seeded mt19937 is
 * 4123659995), random64's word order, reseeding, and the state bytes of
 * get_rng_state(): a round trip, the legacy layout's cached sample, and
 * the errors of a bad size or an invalid engine.
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "runtime/CPUGeneratorImpl.h"
#include "runtime/Exception.h"

static void test_engine_known_answer(void** state) {
  (void)state;
  mt19937 e;
  mt19937_init(&e, 5489);
  uint32_t y = 0;
  for (int i = 0; i < 10000; i++) y = mt19937_next(&e);
  assert_int_equal(y, 4123659995u);
  assert_true(mt19937_isValid(&e));
}

static void test_random64_and_reseed(void** state) {
  (void)state;
  Generator* g = CPUGeneratorImpl_new(42);
  assert_non_null(g);
  mt19937 e;
  mt19937_init(&e, 42);
  uint64_t hi = mt19937_next(&e), lo = mt19937_next(&e);
  assert_true(CPUGeneratorImpl_random64(g) == ((hi << 32) | lo));
  /* the seed is kept whole, but only its low 32 bits seed the engine */
  CPUGeneratorImpl_setCurrentSeed(g, (UINT64_C(7) << 32) | 42);
  assert_true(CPUGeneratorImpl_currentSeed(g) == ((UINT64_C(7) << 32) | 42));
  mt19937_init(&e, 42);
  assert_int_equal(CPUGeneratorImpl_random(g), mt19937_next(&e));
  Generator_release(g);
}

static void test_state_round_trip(void** state) {
  (void)state;
  Generator* a = CPUGeneratorImpl_new(3);
  Generator* b = CPUGeneratorImpl_new(99);
  for (int i = 0; i < 700; i++) CPUGeneratorImpl_random(a); /* past one twist */
  a->has_next_double_normal_sample = true;
  a->next_double_normal_sample = -0.25;
  a->has_next_float_normal_sample = true;
  a->next_float_normal_sample = 1.5f;
  uint8_t bytes[CPUGeneratorImplState_size];
  CPUGeneratorImpl_getState(a, bytes);
  assert_int_equal(CPUGeneratorImpl_setState(b, bytes, CPUGeneratorImplState_size), 0);
  assert_true(CPUGeneratorImpl_currentSeed(b) == 3);
  assert_true(b->has_next_double_normal_sample && b->next_double_normal_sample == -0.25);
  assert_true(b->has_next_float_normal_sample && b->next_float_normal_sample == 1.5f);
  for (int i = 0; i < 1000; i++) assert_int_equal(CPUGeneratorImpl_random(a), CPUGeneratorImpl_random(b));
  Generator_release(a);
  Generator_release(b);
}

/* The legacy layout (5048 bytes) caches the uniform x and rho of the last
 * Box-Muller pair: the sample restored is rho * sin(2 pi x). */
static void test_legacy_state(void** state) {
  (void)state;
  Generator* g = CPUGeneratorImpl_new(5);
  uint8_t bytes[CPUGeneratorImplState_size];
  CPUGeneratorImpl_getState(g, bytes);
  const double x = 0.125, rho = 2.0;
  const int32_t valid = 1;
  memcpy(bytes + 5016, &x, 8);
  memcpy(bytes + 5032, &rho, 8);
  memcpy(bytes + 5040, &valid, 4);
  assert_int_equal(CPUGeneratorImpl_setState(g, bytes, CPUGeneratorImplStateLegacy_size), 0);
  assert_true(g->has_next_double_normal_sample);
  assert_true(g->next_double_normal_sample == rho * sin(2.0 * M_PI * x));
  assert_false(g->has_next_float_normal_sample);
  Generator_release(g);
}

static void test_state_errors(void** state) {
  (void)state;
  Generator* g = CPUGeneratorImpl_new(5);
  uint8_t bytes[CPUGeneratorImplState_size];
  CPUGeneratorImpl_getState(g, bytes);
  assert_int_equal(CPUGeneratorImpl_setState(g, bytes, 7), -1);
  assert_string_equal(Error_message(),
                      "Expected either a CPUGeneratorImplStateLegacy of size 5048 or a CPUGeneratorImplState of size "
                      "5056 but found the input RNG state size to be 7");
  Error_clear();
  const int32_t left = 0; /* left must be in [1, 624] */
  memcpy(bytes + 8, &left, 4);
  assert_int_equal(CPUGeneratorImpl_setState(g, bytes, CPUGeneratorImplState_size), -1);
  assert_string_equal(Error_message(), "Invalid mt19937 state");
  Error_clear();
  Generator_release(g);
}

static void test_default_generator(void** state) {
  (void)state;
  Generator* g = getDefaultCPUGenerator();
  assert_ptr_equal(g, getDefaultCPUGenerator());
  assert_ptr_equal(get_generator_or_default(NULL), g);
  assert_true(CPUGeneratorImpl_currentSeed(g) < (UINT64_C(1) << 53));
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_engine_known_answer), cmocka_unit_test(test_random64_and_reseed),
      cmocka_unit_test(test_state_round_trip),    cmocka_unit_test(test_legacy_state),
      cmocka_unit_test(test_state_errors),        cmocka_unit_test(test_default_generator),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
