/*
 * test_cpu_capability.c - runtime/CPUCapability: the names ATEN_CPU_CAPABILITY
 * takes, and the capability in use, which never exceeds the hardware's and
 * follows the variable when set (tests/CMakeLists.txt runs this test again
 * with ATEN_CPU_CAPABILITY=default, avx2, avx512 and a bad value).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "runtime/CPUCapability.h"

static void test_names(void** state) {
  (void)state;
  assert_string_equal(CPUCapability_name(CPUCapability_DEFAULT), "default");
  assert_string_equal(CPUCapability_name(CPUCapability_AVX2), "avx2");
  assert_string_equal(CPUCapability_name(CPUCapability_AVX512), "avx512");
}

static void test_get(void** state) {
  (void)state;
  CPUCapability hardware = CPUCapability_hardware(), got = CPUCapability_get();
  assert_true(got <= hardware);
  assert_int_equal(CPUCapability_get(), got); /* fixed for the process */
  const char* envar = getenv("ATEN_CPU_CAPABILITY");
  /* unasked, AVX512 is not used: 1.13 keeps it opt-in */
  CPUCapability want = hardware == CPUCapability_AVX512 ? CPUCapability_AVX2 : hardware;
  for (int c = CPUCapability_DEFAULT; c <= CPUCapability_AVX512; c++)
    if (envar != NULL && strcmp(envar, CPUCapability_name((CPUCapability)c)) == 0)
      want = (CPUCapability)c < hardware ? (CPUCapability)c : hardware; /* lowered to what the CPU has */
  assert_int_equal(got, want);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_names),
      cmocka_unit_test(test_get),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
