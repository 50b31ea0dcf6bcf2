/*
 * test_dispatch_key_set.c - key sets: PyTorch 1.13's relative priorities,
 * set operations, names, and the thread-local include/exclude guards.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "dispatch/DispatchKeySet.h"
#include "dispatch/LocalDispatchKeySet.h"

static DispatchKey highest(DispatchKeySet s) { return DispatchKeySet_highestPriorityTypeId(s); }

static void test_priorities(void** state) {
  (void)state;
  DispatchKeySet s = DispatchKeySet_of(DispatchKey_CPU);
  assert_int_equal(highest(s), DispatchKey_CPU);
  s = DispatchKeySet_add(s, DispatchKey_Lazy);
  assert_int_equal(highest(s), DispatchKey_Lazy); /* the higher backend bit wins */
  s = DispatchKeySet_add(s, DispatchKey_QuantizedCPU);
  assert_int_equal(highest(s), DispatchKey_QuantizedCPU); /* Quantized above Dense */
  s = DispatchKeySet_add(s, DispatchKey_BackendSelect);
  assert_int_equal(highest(s), DispatchKey_BackendSelect);
  s = DispatchKeySet_add(s, DispatchKey_Python);
  assert_int_equal(highest(s), DispatchKey_Python);
  s = DispatchKeySet_add(s, DispatchKey_ADInplaceOrView);
  assert_int_equal(highest(s), DispatchKey_ADInplaceOrView);
  s = DispatchKeySet_add(s, DispatchKey_AutogradCPU);
  assert_int_equal(highest(s), DispatchKey_AutogradCPU);
  assert_int_equal(highest(DispatchKeySet_empty()), DispatchKey_Undefined);
}

static void test_set_operations(void** state) {
  (void)state;
  DispatchKeySet below_python = DispatchKeySet_fullAfter(DispatchKey_Python);
  assert_true(DispatchKeySet_has(below_python, DispatchKey_BackendSelect));
  assert_true(DispatchKeySet_has(below_python, DispatchKey_CPU));
  assert_false(DispatchKeySet_has(below_python, DispatchKey_Python));
  assert_false(DispatchKeySet_has(below_python, DispatchKey_AutogradCPU));
  assert_false(DispatchKeySet_has(below_python, DispatchKey_Undefined));
  DispatchKeySet s = DispatchKeySet_or(DispatchKeySet_of(DispatchKey_CPU), DispatchKeySet_autograd());
  s = DispatchKeySet_remove(s, DispatchKeySet_of(DispatchKey_AutogradLazy));
  assert_true(DispatchKeySet_has(s, DispatchKey_AutogradCPU));
  assert_false(DispatchKeySet_has(s, DispatchKey_AutogradLazy));
  assert_true(DispatchKeySet_isEmpty(DispatchKeySet_of(DispatchKey_Undefined)));
  assert_int_equal(DispatchKey_autogradKeyFor(DispatchKey_QuantizedCPU), DispatchKey_AutogradCPU);
  assert_int_equal(DispatchKey_autogradKeyFor(DispatchKey_Lazy), DispatchKey_AutogradLazy);
}

static void test_names(void** state) {
  (void)state;
  char buf[128];
  assert_string_equal(DispatchKey_name(DispatchKey_QuantizedCPU), "QuantizedCPU");
  assert_string_equal(DispatchKey_name(DispatchKey_CompositeImplicitAutograd), "CompositeImplicitAutograd");
  assert_int_equal(DispatchKey_parse("CompositeExplicitAutograd"), DispatchKey_CompositeExplicitAutograd);
  assert_int_equal(DispatchKey_parse("CUDA"), DispatchKey_EndOfAliasKeys);
  assert_true(DispatchKey_isAlias(DispatchKey_CompositeImplicitAutograd));
  assert_false(DispatchKey_isAlias(DispatchKey_CPU));
  assert_true(DispatchKey_isBackend(DispatchKey_Lazy));
  assert_false(DispatchKey_isBackend(DispatchKey_Python));
  DispatchKeySet s = DispatchKeySet_add(DispatchKeySet_of(DispatchKey_CPU), DispatchKey_AutogradCPU);
  s = DispatchKeySet_add(s, DispatchKey_ADInplaceOrView);
  assert_string_equal(DispatchKeySet_format(s, buf, sizeof buf),
                      "DispatchKeySet(CPU, ADInplaceOrView, AutogradCPU)");
}

static void test_local_guards(void** state) {
  (void)state;
  LocalDispatchKeySet start = tls_local_dispatch_key_set_get();
  assert_true(DispatchKeySet_has(start.included, DispatchKey_BackendSelect));
  assert_true(DispatchKeySet_has(start.included, DispatchKey_ADInplaceOrView));
  DispatchKeyGuard g1 = IncludeDispatchKeyGuard_push(DispatchKeySet_of(DispatchKey_Python));
  assert_true(tls_is_dispatch_key_included(DispatchKey_Python));
  DispatchKeyGuard g2 = ExcludeDispatchKeyGuard_push(DispatchKeySet_of(DispatchKey_Python));
  assert_true(DispatchKeySet_has(tls_local_dispatch_key_set_get().excluded, DispatchKey_Python));
  DispatchKeyGuard_pop(g2);
  assert_false(DispatchKeySet_has(tls_local_dispatch_key_set_get().excluded, DispatchKey_Python));
  DispatchKeyGuard_pop(g1);
  assert_false(tls_is_dispatch_key_included(DispatchKey_Python));
  assert_true(DispatchKeySet_equals(tls_local_dispatch_key_set_get().included, start.included));
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_priorities), cmocka_unit_test(test_set_operations),
      cmocka_unit_test(test_names), cmocka_unit_test(test_local_guards)};
  return cmocka_run_group_tests(tests, NULL, NULL);
}
