/*
 * test_dispatcher.c - the registry, alias-key resolution, fallthrough, the
 * missing-kernel error, boxed calls of unboxed kernels through libffi (these
 * operators have no generated boxed_from_unboxed), and
 * the trace mode, the 64-argument limit and dispatch on every tensor
 * argument; on operators registered here (not from the YAML) in a
 * test-only namespace.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "dispatch/Dispatcher.h"
#include "dispatch/TraceMode.h"
#include "runtime/Exception.h"
#include "runtime/TensorImpl.h"

static Tensor* make_tensor(DispatchKey backend) {
  int64_t sizes[] = {2, 3};
  int64_t strides[] = {3, 1};
  Storage* s = Storage_new(6 * sizeof(float));
  Tensor* t = Tensor_new(s, 0, IntArrayRef_make(sizes, 2), IntArrayRef_make(strides, 2),
                         ScalarType_Float, Device_cpu(), backend);
  Storage_release(s);
  return t;
}

static const char* last_kernel = NULL;

/* Unboxed kernels with the C signature CType.h gives their schema. */
static Tensor* cpu_kernel(const Tensor* self, int64_t n) {
  (void)n;
  last_kernel = "cpu";
  return Tensor_retain(self);
}
static Tensor* explicit_kernel(const Tensor* self, int64_t n) {
  (void)n;
  last_kernel = "explicit";
  return Tensor_retain(self);
}
static Tensor* implicit_kernel(const Tensor* self, int64_t n) {
  (void)n;
  last_kernel = "implicit";
  return Tensor_retain(self);
}

static int setup(void** state) {
  (void)state;
  Dispatcher_registerStandardFallbacks();
  return 0;
}
static int teardown(void** state) {
  (void)state;
  Dispatcher_cleanup();
  return 0;
}

static int call_boxed(OperatorEntry* op, Tensor* t, int64_t n, Tensor** out) {
  IValue args[2] = {IValue_borrowTensor(t), IValue_fromInt(n)};
  IValue rets[1];
  int r = Dispatcher_callBoxed(op, args, rets);
  *out = r == 0 ? rets[0].u.tensor : NULL;
  return r;
}

static void test_registry_find_and_duplicate_def(void** state) {
  (void)state;
  OperatorEntry* op = Dispatcher_registerDef("test::f.over(Tensor self, int n) -> Tensor", "t:1");
  assert_non_null(op);
  assert_string_equal(op->qualified_name, "test::f.over");
  assert_ptr_equal(Dispatcher_findSchema("test::f.over"), op);
  assert_null(Dispatcher_findSchema("test::f"));
  assert_ptr_equal(Dispatcher_registerDef("test::f.over(Tensor self, int n) -> Tensor", "t:2"), op);
  assert_null(Dispatcher_registerDef("test::bad(Tensor self", "t:3"));
  assert_int_equal(Error_type(), ErrorType_RuntimeError);
  Error_clear();
}

static void test_direct_kernel_beats_composites(void** state) {
  (void)state;
  OperatorEntry* op = Dispatcher_registerDef("test::g(Tensor self, int n) -> Tensor", "t:1");
  Dispatcher_registerImpl(op, DispatchKey_CompositeImplicitAutograd,
                          KernelFunction_makeUnboxed((UnboxedFunction)implicit_kernel, "implicit"), "t", 1);
  Dispatcher_registerImpl(op, DispatchKey_CompositeExplicitAutograd,
                          KernelFunction_makeUnboxed((UnboxedFunction)explicit_kernel, "explicit"), "t", 2);
  Dispatcher_registerImpl(op, DispatchKey_CPU,
                          KernelFunction_makeUnboxed((UnboxedFunction)cpu_kernel, "cpu"), "t", 3);
  assert_int_equal(op->tableSource[DispatchKey_CPU], DispatchTableSource_Kernel);
  assert_int_equal(op->tableSource[DispatchKey_QuantizedCPU], DispatchTableSource_DefaultBackendKernel);
  assert_int_equal(op->tableSource[DispatchKey_Undefined], DispatchTableSource_DefaultBackendKernel);
  /* An explicit kernel exists, so the autograd keys don't take the math kernel. */
  assert_int_equal(op->tableSource[DispatchKey_AutogradCPU], DispatchTableSource_BackendFallback);
  assert_false(DispatchKeySet_has(op->nonFallthroughKeys, DispatchKey_AutogradCPU));

  Tensor* t = make_tensor(DispatchKey_CPU);
  Tensor* out = NULL;
  assert_int_equal(call_boxed(op, t, 1, &out), 0);
  assert_string_equal(last_kernel, "cpu");
  assert_ptr_equal(out, t);
  Tensor_release(out);
  Tensor* q = make_tensor(DispatchKey_QuantizedCPU);
  assert_int_equal(call_boxed(op, q, 1, &out), 0);
  assert_string_equal(last_kernel, "explicit");
  Tensor_release(out);
  Tensor_release(q);
  Tensor_release(t);
}

static void test_math_kernel_runs_at_autograd_key(void** state) {
  (void)state;
  OperatorEntry* op = Dispatcher_registerDef("test::h(Tensor self, int n) -> Tensor", "t:1");
  Dispatcher_registerImpl(op, DispatchKey_CompositeImplicitAutograd,
                          KernelFunction_makeUnboxed((UnboxedFunction)implicit_kernel, "implicit"), "t", 1);
  assert_int_equal(op->tableSource[DispatchKey_AutogradCPU], DispatchTableSource_MathKernel);
  assert_int_equal(op->tableSource[DispatchKey_Lazy], DispatchTableSource_MathKernel);
  assert_int_equal(op->tableSource[DispatchKey_Python], DispatchTableSource_BackendFallback);
  Tensor* t = make_tensor(DispatchKey_CPU);
  DispatchKeySet ks = Dispatcher_computeDispatchKeySet(op, t->key_set);
  assert_int_equal(DispatchKeySet_highestPriorityTypeId(ks), DispatchKey_AutogradCPU);
  Tensor_release(t);
}

static Tensor* autograd_kernel(const Tensor* self, int64_t n) {
  (void)n;
  last_kernel = "autograd";
  return Tensor_retain(self);
}

/* Note [Alias Dispatch Keys]: at an autograd key, a CompositeImplicitAutograd
 * kernel comes before an Autograd kernel, unless the backend has a kernel of
 * its own (1.13's computeDispatchTableEntryWithDebug, steps 2.3 and 3). */
static void test_math_kernel_beats_autograd_kernel_without_backend_kernel(void** state) {
  (void)state;
  OperatorEntry* op = Dispatcher_registerDef("test::k(Tensor self, int n) -> Tensor", "t:1");
  Dispatcher_registerImpl(op, DispatchKey_Autograd,
                          KernelFunction_makeUnboxed((UnboxedFunction)autograd_kernel, "autograd"), "t", 1);
  Dispatcher_registerImpl(op, DispatchKey_CompositeImplicitAutograd,
                          KernelFunction_makeUnboxed((UnboxedFunction)implicit_kernel, "implicit"), "t", 2);
  assert_int_equal(op->tableSource[DispatchKey_AutogradCPU], DispatchTableSource_MathKernel);
  assert_int_equal(op->tableSource[DispatchKey_AutogradLazy], DispatchTableSource_MathKernel);
  Tensor* t = make_tensor(DispatchKey_CPU);
  Tensor* out = NULL;
  assert_int_equal(call_boxed(op, t, 1, &out), 0);
  assert_string_equal(last_kernel, "implicit");
  Tensor_release(out);

  /* A CPU kernel: AutogradCPU now takes the Autograd kernel, AutogradLazy
   * (whose backend has none) keeps the math kernel. */
  Dispatcher_registerImpl(op, DispatchKey_CPU, KernelFunction_makeUnboxed((UnboxedFunction)cpu_kernel, "cpu"),
                          "t", 3);
  assert_int_equal(op->tableSource[DispatchKey_AutogradCPU], DispatchTableSource_AutogradKernel);
  assert_int_equal(op->tableSource[DispatchKey_AutogradLazy], DispatchTableSource_MathKernel);
  assert_int_equal(call_boxed(op, t, 1, &out), 0);
  assert_string_equal(last_kernel, "autograd");
  Tensor_release(out);
  Tensor_release(t);
}

static void test_fallthrough_skips_to_backend(void** state) {
  (void)state;
  OperatorEntry* op = Dispatcher_registerDef("test::k(Tensor self, int n) -> Tensor", "t:1");
  Dispatcher_registerImpl(op, DispatchKey_CPU,
                          KernelFunction_makeUnboxed((UnboxedFunction)cpu_kernel, "cpu"), "t", 1);
  Tensor* t = make_tensor(DispatchKey_CPU);
  /* AutogradCPU, ADInplaceOrView and BackendSelect are fallthrough: CPU runs. */
  DispatchKeySet ks = Dispatcher_computeDispatchKeySet(op, t->key_set);
  assert_int_equal(DispatchKeySet_highestPriorityTypeId(ks), DispatchKey_CPU);
  Tensor_release(t);
}

static void test_missing_kernel_error(void** state) {
  (void)state;
  OperatorEntry* op = Dispatcher_registerDef("test::m(Tensor self, int n) -> Tensor", "t:1");
  Dispatcher_registerImpl(op, DispatchKey_CPU,
                          KernelFunction_makeUnboxed((UnboxedFunction)cpu_kernel, "cpu"), "t", 1);
  Tensor* q = make_tensor(DispatchKey_QuantizedCPU);
  Tensor* out = NULL;
  assert_int_equal(call_boxed(op, q, 1, &out), -1);
  assert_int_equal(Error_type(), ErrorType_NotImplementedError);
  const char* expected =
      "Could not run 'test::m' with arguments from the 'QuantizedCPU' backend. This could be "
      "because the operator doesn't exist for this backend";
  assert_memory_equal(Error_message(), expected, strlen(expected));
  assert_non_null(strstr(Error_message(),
                         "'test::m' is only available for these backends: [CPU, BackendSelect, "
                         "Python, ADInplaceOrView, AutogradOther, AutogradCPU, AutogradLazy, AutogradMeta, PythonTLSSnapshot]."));
  Error_clear();
  Tensor_release(q);
}

/* A kernel taking every optional kind the bridge must pass through libffi. */
static int64_t seen_int;
static double seen_double;
static Tensor* optionals_kernel(const Tensor* self, OptionalInt a, IntArrayRef b, OptionalDouble c,
                                Scalar d, OptionalScalarType e, OptionalDevice f, bool g,
                                OptionalIntArrayRef h, MemoryFormat i) {
  seen_int = (a.has_value ? a.value : -1) + (int64_t)b.size * 100 + b.data[0] * 1000 +
             (e.has_value ? (int64_t)e.value * 10000 : 0) + (f.has_value ? 100000 : 0) +
             (g ? 1000000 : 0) + (h.has_value ? 10000000 : 0) + (int64_t)i * 100000000;
  seen_double = (c.has_value ? c.value : 0) + Scalar_toDouble(d);
  return Tensor_retain(self);
}

static void test_ffi_bridge_passes_structs(void** state) {
  (void)state;
  OperatorEntry* op = Dispatcher_registerDef(
      "test::opt(Tensor self, int? a, int[] b, float? c, Scalar d, ScalarType? e, Device? f, "
      "bool g, int[]? h, MemoryFormat i) -> Tensor",
      "t:1");
  assert_non_null(op->ffi);
  Dispatcher_registerImpl(op, DispatchKey_CPU,
                          KernelFunction_makeUnboxed((UnboxedFunction)optionals_kernel, "opt"), "t", 1);
  Tensor* t = make_tensor(DispatchKey_CPU);
  int64_t list[] = {7, 8};
  IValue args[10] = {IValue_borrowTensor(t),
                     IValue_fromInt(5),
                     IValue_borrowIntList(IntArrayRef_make(list, 2)),
                     IValue_fromDouble(0.25),
                     IValue_fromDouble(2.5),
                     IValue_fromScalarType(ScalarType_Long),
                     IValue_none(),
                     IValue_fromBool(true),
                     IValue_none(),
                     IValue_fromMemoryFormat(MemoryFormat_Preserve)};
  IValue rets[1];
  assert_int_equal(Dispatcher_callBoxed(op, args, rets), 0);
  assert_int_equal(seen_int, 5 + 200 + 7000 + (int64_t)ScalarType_Long * 10000 + 1000000 + 100000000);
  assert_true(seen_double == 2.75);
  IValue_release(&rets[0]);
  IValue_release(&rets[0]); /* idempotent: released IValues are None */
  Tensor_release(t);
}

static void test_trace_mode_prints_backend_ops(void** state) {
  (void)state;
  OperatorEntry* op = Dispatcher_registerDef("test::tr(Tensor self, int n) -> Tensor", "t:1");
  Dispatcher_registerImpl(op, DispatchKey_CPU,
                          KernelFunction_makeUnboxed((UnboxedFunction)cpu_kernel, "cpu"), "t", 1);
  char buf[256] = {0};
  FILE* f = fmemopen(buf, sizeof buf, "w");
  TraceMode_setOutput(f);
  TraceMode_setEnabled(true);
  Tensor* t = make_tensor(DispatchKey_CPU);
  Tensor* out = NULL;
  assert_int_equal(call_boxed(op, t, 3, &out), 0); /* traced */
  Tensor_release(out);
  TraceMode_setEnabled(false);
  assert_int_equal(call_boxed(op, t, 3, &out), 0); /* not traced */
  Tensor_release(out);
  fclose(f);
  TraceMode_setOutput(NULL);
  assert_string_equal(buf, "op test::tr\n");
  assert_false(TraceMode_isEnabled());
  Tensor_release(t);
}

/* "test::NAME(T a0, T a1, ...) -> Tensor" with n arguments of type `type`. */
static void wide_schema(char* buf, size_t size, const char* name, const char* type, int n) {
  int len = snprintf(buf, size, "test::%s(", name);
  for (int i = 0; i < n; i++)
    len += snprintf(buf + len, size - (size_t)len, "%s%s a%d", i ? ", " : "", type, i);
  snprintf(buf + len, size - (size_t)len, ") -> Tensor");
}

/* Every tensor argument takes part in dispatch, the 17th too: a boxed call
 * whose only Lazy tensor is its last goes to the Lazy kernel (minaten once
 * read 16 and ran the CPU kernel on it).  PyTorch 1.13:
 * DispatchKeyExtractor::getDispatchKeySetBoxed */
static void test_dispatch_reads_every_tensor_argument(void** state) {
  (void)state;
  char schema[1024];
  wide_schema(schema, sizeof schema, "wide", "Tensor", 17);
  OperatorEntry* op = Dispatcher_registerDef(schema, "t:1");
  assert_non_null(op);
  assert_int_equal(op->num_tensor_args, 17);
  Tensor* cpu = make_tensor(DispatchKey_CPU);
  Tensor* lazy = make_tensor(DispatchKey_Lazy);
  IValue args[17];
  for (int i = 0; i < 16; i++) args[i] = IValue_borrowTensor(cpu);
  args[16] = IValue_borrowTensor(lazy);
  assert_true(DispatchKeySet_has(Dispatcher_tensorKeys(op, args), DispatchKey_Lazy));
  args[16] = IValue_borrowTensor(cpu);
  assert_false(DispatchKeySet_has(Dispatcher_tensorKeys(op, args), DispatchKey_Lazy));
  Tensor_release(cpu);
  Tensor_release(lazy);
}

/* 64 arguments at most, 1.13's limit and error.  PyTorch 1.13:
 * DispatchKeyExtractor::makeBitsetForDispatchArgs */
static void test_schema_over_64_arguments_is_refused(void** state) {
  (void)state;
  char schema[2048];
  wide_schema(schema, sizeof schema, "ints64", "int", 64);
  assert_non_null(Dispatcher_registerDef(schema, "t:1"));
  wide_schema(schema, sizeof schema, "tensors64", "Tensor", 64);
  OperatorEntry* op = Dispatcher_registerDef(schema, "t:2");
  assert_non_null(op);
  assert_int_equal(op->num_tensor_args, 64);
  wide_schema(schema, sizeof schema, "ints65", "int", 65);
  assert_null(Dispatcher_registerDef(schema, "t:3"));
  assert_int_equal(Error_type(), ErrorType_RuntimeError);
  assert_string_equal(Error_message(), "The function schema has 65 arguments but this PyTorch build only supports 64");
  Error_clear();
  assert_null(Dispatcher_findSchema("test::ints65"));
  wide_schema(schema, sizeof schema, "tensors65", "Tensor", 65);
  assert_null(Dispatcher_registerDef(schema, "t:4"));
  assert_string_equal(Error_message(), "The function schema has 65 arguments but this PyTorch build only supports 64");
  Error_clear();
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test_setup_teardown(test_registry_find_and_duplicate_def, setup, teardown),
      cmocka_unit_test_setup_teardown(test_direct_kernel_beats_composites, setup, teardown),
      cmocka_unit_test_setup_teardown(test_math_kernel_runs_at_autograd_key, setup, teardown),
      cmocka_unit_test_setup_teardown(test_math_kernel_beats_autograd_kernel_without_backend_kernel, setup,
                                      teardown),
      cmocka_unit_test_setup_teardown(test_fallthrough_skips_to_backend, setup, teardown),
      cmocka_unit_test_setup_teardown(test_missing_kernel_error, setup, teardown),
      cmocka_unit_test_setup_teardown(test_ffi_bridge_passes_structs, setup, teardown),
      cmocka_unit_test_setup_teardown(test_trace_mode_prints_backend_ops, setup, teardown),
      cmocka_unit_test_setup_teardown(test_dispatch_reads_every_tensor_argument, setup, teardown),
      cmocka_unit_test_setup_teardown(test_schema_over_64_arguments_is_refused, setup, teardown),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
