/*
 * test_dispatch_key_set.c - key sets: PyTorch 1.13's relative priorities,
 * set operations, names, formatting, and the thread-local include/exclude
 * guards.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "runtime/DispatchKeySet.h"
#include "runtime/LocalDispatchKeySet.h"

static DispatchKey highest(DispatchKeySet s) { return DispatchKeySet_highestPriorityTypeId(s); }

/* Every runtime key, lowest priority first, as DispatchKey.h documents. */
static const DispatchKey kPriorityOrder[] = {
    DispatchKey_CPU,           DispatchKey_Lazy,          DispatchKey_Meta,
    DispatchKey_QuantizedCPU,  DispatchKey_BackendSelect, DispatchKey_Python,
    DispatchKey_Functionalize, DispatchKey_Conjugate,     DispatchKey_Negative,      DispatchKey_ADInplaceOrView,
    DispatchKey_AutogradOther, DispatchKey_AutogradCPU,   DispatchKey_AutogradLazy,
    DispatchKey_AutogradMeta,  DispatchKey_PythonTLSSnapshot,
};
#define NUM_KEYS (sizeof kPriorityOrder / sizeof kPriorityOrder[0])

static void test_priorities(void** state) {
  (void)state;
  assert_int_equal(NUM_KEYS, DispatchKey_NumRuntimeKeys - 1); /* all but Undefined */
  for (size_t i = 0; i < NUM_KEYS; i++) {
    DispatchKeySet lo = DispatchKeySet_of(kPriorityOrder[i]);
    assert_int_equal(highest(lo), kPriorityOrder[i]);
    for (size_t j = i + 1; j < NUM_KEYS; j++) {
      DispatchKeySet both = DispatchKeySet_add(lo, kPriorityOrder[j]);
      if (highest(both) != kPriorityOrder[j])
        fail_msg("%s should outrank %s", DispatchKey_name(kPriorityOrder[j]),
                 DispatchKey_name(kPriorityOrder[i]));
    }
  }
  /* A quantized tensor with the autograd keys every tensor carries. */
  DispatchKeySet s = DispatchKeySet_of(DispatchKey_CPU);
  s = DispatchKeySet_add(s, DispatchKey_Lazy);
  assert_int_equal(highest(s), DispatchKey_Lazy); /* the higher backend bit wins */
  assert_int_equal(highest(DispatchKeySet_add(s, DispatchKey_Meta)), DispatchKey_Meta);
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

static void test_full_after(void** state) {
  (void)state;
  DispatchKeySet below_python = DispatchKeySet_fullAfter(DispatchKey_Python);
  assert_true(DispatchKeySet_has(below_python, DispatchKey_BackendSelect));
  assert_true(DispatchKeySet_has(below_python, DispatchKey_QuantizedCPU));
  assert_true(DispatchKeySet_has(below_python, DispatchKey_CPU));
  assert_false(DispatchKeySet_has(below_python, DispatchKey_Python));
  assert_false(DispatchKeySet_has(below_python, DispatchKey_ADInplaceOrView));
  assert_false(DispatchKeySet_has(below_python, DispatchKey_AutogradCPU));
  assert_false(DispatchKeySet_has(below_python, DispatchKey_Undefined));
  /* Redispatch below a key: mask the call's keys with fullAfter(key). */
  DispatchKeySet call = DispatchKeySet_or(DispatchKeySet_of(DispatchKey_CPU), DispatchKeySet_autograd());
  call = DispatchKeySet_add(call, DispatchKey_Python);
  assert_int_equal(highest(call), DispatchKey_AutogradMeta);
  call = DispatchKeySet_and(call, DispatchKeySet_fullAfter(DispatchKey_AutogradOther));
  assert_int_equal(highest(call), DispatchKey_Python);
  call = DispatchKeySet_and(call, DispatchKeySet_fullAfter(DispatchKey_Python));
  assert_int_equal(highest(call), DispatchKey_CPU);
  assert_true(DispatchKeySet_isEmpty(DispatchKeySet_fullAfter(DispatchKey_CPU)));
  assert_true(DispatchKeySet_isEmpty(DispatchKeySet_fullAfter(DispatchKey_Undefined)));
  DispatchKeySet full = DispatchKeySet_full();
  for (size_t i = 0; i < NUM_KEYS; i++) assert_true(DispatchKeySet_has(full, kPriorityOrder[i]));
  assert_false(DispatchKeySet_has(full, DispatchKey_Undefined));
}

static void test_add_remove(void** state) {
  (void)state;
  DispatchKeySet s = DispatchKeySet_or(DispatchKeySet_of(DispatchKey_CPU), DispatchKeySet_autograd());
  s = DispatchKeySet_remove(s, DispatchKeySet_of(DispatchKey_AutogradLazy));
  assert_true(DispatchKeySet_has(s, DispatchKey_AutogradCPU));
  assert_true(DispatchKeySet_has(s, DispatchKey_AutogradOther));
  assert_false(DispatchKeySet_has(s, DispatchKey_AutogradLazy));
  s = DispatchKeySet_remove(s, DispatchKeySet_autograd());
  assert_true(DispatchKeySet_equals(s, DispatchKeySet_of(DispatchKey_CPU)));
  s = DispatchKeySet_add(s, DispatchKey_CPU); /* adding twice is a no-op */
  assert_true(DispatchKeySet_equals(s, DispatchKeySet_of(DispatchKey_CPU)));
  s = DispatchKeySet_remove(s, DispatchKeySet_of(DispatchKey_Lazy)); /* absent: no-op */
  assert_true(DispatchKeySet_equals(s, DispatchKeySet_of(DispatchKey_CPU)));
  s = DispatchKeySet_remove(s, DispatchKeySet_of(DispatchKey_CPU));
  assert_true(DispatchKeySet_isEmpty(s));
  assert_true(DispatchKeySet_isEmpty(DispatchKeySet_of(DispatchKey_Undefined)));
  assert_true(DispatchKeySet_isEmpty(DispatchKeySet_add(s, DispatchKey_Undefined)));
  DispatchKeySet backends = DispatchKeySet_backends();
  assert_true(DispatchKeySet_has(backends, DispatchKey_CPU));
  assert_true(DispatchKeySet_has(backends, DispatchKey_Lazy));
  assert_true(DispatchKeySet_has(backends, DispatchKey_QuantizedCPU));
  assert_false(DispatchKeySet_has(backends, DispatchKey_BackendSelect));
  assert_int_equal(DispatchKey_autogradKeyFor(DispatchKey_CPU), DispatchKey_AutogradCPU);
  assert_int_equal(DispatchKey_autogradKeyFor(DispatchKey_QuantizedCPU), DispatchKey_AutogradCPU);
  assert_int_equal(DispatchKey_autogradKeyFor(DispatchKey_Lazy), DispatchKey_AutogradLazy);
  assert_int_equal(DispatchKey_autogradKeyFor(DispatchKey_Python), DispatchKey_AutogradOther);
}

static void test_names(void** state) {
  (void)state;
  assert_string_equal(DispatchKey_name(DispatchKey_QuantizedCPU), "QuantizedCPU");
  assert_string_equal(DispatchKey_name(DispatchKey_Undefined), "Undefined");
  assert_string_equal(DispatchKey_name(DispatchKey_CompositeImplicitAutograd), "CompositeImplicitAutograd");
  assert_string_equal(DispatchKey_name(DispatchKey_EndOfAliasKeys), "UNKNOWN_DISPATCH_KEY");
  for (int k = 0; k < DispatchKey_EndOfAliasKeys; k++) { /* name and parse round-trip */
    if (k == DispatchKey_NumRuntimeKeys) continue;
    assert_int_equal(DispatchKey_parse(DispatchKey_name((DispatchKey)k)), k);
  }
  assert_int_equal(DispatchKey_parse("CompositeExplicitAutograd"), DispatchKey_CompositeExplicitAutograd);
  assert_int_equal(DispatchKey_parse("CUDA"), DispatchKey_EndOfAliasKeys);
  assert_int_equal(DispatchKey_parse("cpu"), DispatchKey_EndOfAliasKeys); /* case matters */
  assert_int_equal(DispatchKey_parse("NumRuntimeKeys"), DispatchKey_EndOfAliasKeys);
  assert_int_equal(DispatchKey_parse(""), DispatchKey_EndOfAliasKeys);
  assert_true(DispatchKey_isAlias(DispatchKey_CompositeImplicitAutograd));
  assert_true(DispatchKey_isAlias(DispatchKey_Autograd));
  assert_false(DispatchKey_isAlias(DispatchKey_CPU));
  assert_false(DispatchKey_isAlias(DispatchKey_AutogradCPU));
  assert_false(DispatchKey_isAlias(DispatchKey_EndOfAliasKeys));
  assert_true(DispatchKey_isBackend(DispatchKey_Lazy));
  assert_true(DispatchKey_isBackend(DispatchKey_QuantizedCPU));
  assert_false(DispatchKey_isBackend(DispatchKey_Python));
  assert_false(DispatchKey_isBackend(DispatchKey_CompositeExplicitAutograd));
}

static void test_format(void** state) {
  (void)state;
  char buf[200];
  DispatchKeySet s = DispatchKeySet_add(DispatchKeySet_of(DispatchKey_CPU), DispatchKey_AutogradCPU);
  s = DispatchKeySet_add(s, DispatchKey_ADInplaceOrView);
  assert_string_equal(DispatchKeySet_format(s, buf, sizeof buf),
                      "DispatchKeySet(CPU, ADInplaceOrView, AutogradCPU)");
  assert_string_equal(DispatchKeySet_format(DispatchKeySet_empty(), buf, sizeof buf), "DispatchKeySet()");
  assert_string_equal(DispatchKeySet_format(DispatchKeySet_of(DispatchKey_QuantizedCPU), buf, sizeof buf),
                      "DispatchKeySet(QuantizedCPU)");
  assert_string_equal(DispatchKeySet_format(DispatchKeySet_full(), buf, sizeof buf),
                      "DispatchKeySet(CPU, Lazy, Meta, QuantizedCPU, BackendSelect, Python, Functionalize, Conjugate, Negative, "
                      "ADInplaceOrView, "
                      "AutogradOther, AutogradCPU, AutogradLazy, AutogradMeta, PythonTLSSnapshot)");
  /* a short buffer truncates, terminated, and writes nothing past its end */
  memset(buf, 'x', sizeof buf);
  DispatchKeySet_format(s, buf, 20);
  assert_string_equal(buf, "DispatchKeySet(CPU,");
  assert_int_equal(buf[20], 'x');
}

static void test_local_guards(void** state) {
  (void)state;
  LocalDispatchKeySet start = tls_local_dispatch_key_set_get();
  assert_true(DispatchKeySet_has(start.included, DispatchKey_BackendSelect));
  assert_true(DispatchKeySet_has(start.included, DispatchKey_ADInplaceOrView));
  assert_true(DispatchKeySet_isEmpty(start.excluded));

  DispatchKeyGuard g1 = IncludeDispatchKeyGuard_push(DispatchKeySet_of(DispatchKey_Python));
  assert_true(tls_is_dispatch_key_included(DispatchKey_Python));
  DispatchKeyGuard g2 = ExcludeDispatchKeyGuard_push(DispatchKeySet_of(DispatchKey_Python));
  assert_true(DispatchKeySet_has(tls_local_dispatch_key_set_get().excluded, DispatchKey_Python));
  DispatchKeyGuard g3 = ExcludeDispatchKeyGuard_push(DispatchKeySet_autograd());
  assert_true(DispatchKeySet_has(tls_local_dispatch_key_set_get().excluded, DispatchKey_AutogradCPU));
  DispatchKeyGuard_pop(g3);
  assert_false(DispatchKeySet_has(tls_local_dispatch_key_set_get().excluded, DispatchKey_AutogradCPU));
  assert_true(DispatchKeySet_has(tls_local_dispatch_key_set_get().excluded, DispatchKey_Python));
  DispatchKeyGuard_pop(g2);
  assert_false(DispatchKeySet_has(tls_local_dispatch_key_set_get().excluded, DispatchKey_Python));
  assert_true(tls_is_dispatch_key_included(DispatchKey_Python));
  DispatchKeyGuard_pop(g1);
  assert_false(tls_is_dispatch_key_included(DispatchKey_Python));
  assert_true(DispatchKeySet_equals(tls_local_dispatch_key_set_get().included, start.included));
  assert_true(DispatchKeySet_equals(tls_local_dispatch_key_set_get().excluded, start.excluded));

  /* Including a key that is already included and popping keeps it. */
  DispatchKeyGuard g4 = IncludeDispatchKeyGuard_push(DispatchKeySet_of(DispatchKey_BackendSelect));
  DispatchKeyGuard_pop(g4);
  assert_true(tls_is_dispatch_key_included(DispatchKey_BackendSelect));

  /* The permanent switch (the trace mode's). */
  tls_set_dispatch_key_included(DispatchKey_Python, true);
  assert_true(tls_is_dispatch_key_included(DispatchKey_Python));
  tls_set_dispatch_key_included(DispatchKey_Python, false);
  assert_false(tls_is_dispatch_key_included(DispatchKey_Python));
  assert_true(DispatchKeySet_equals(tls_local_dispatch_key_set_get().included, start.included));
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_priorities), cmocka_unit_test(test_full_after),
      cmocka_unit_test(test_add_remove), cmocka_unit_test(test_names),
      cmocka_unit_test(test_format),     cmocka_unit_test(test_local_guards),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
