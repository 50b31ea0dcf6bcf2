/*
 * test_library.c - dispatch/Library.c and OperatorLibrary.c: defs and impls
 * through a Library, 1.13's registration checks, overriding a kernel and
 * getting the previous one back, undoing a Library, a failed block leaving
 * nothing behind, the report of a kernel that fails without an error, and
 * blocks linked into this program (MINATEN_LIBRARY here, queued before main).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "dispatch/Library.h"
#include "dispatch/OperatorLibrary.h"
#include "runtime/Exception.h"
#include "runtime/TensorImpl.h"

static Tensor* make_tensor(void) {
  int64_t sizes[] = {2};
  int64_t strides[] = {1};
  Storage* s = Storage_new(2 * sizeof(float));
  Tensor* t = Tensor_new(s, 0, IntArrayRef_make(sizes, 1), IntArrayRef_make(strides, 1),
                         ScalarType_Float, Device_cpu(), DispatchKey_CPU);
  Storage_release(s);
  return t;
}

static const char* last_kernel = NULL;
static Tensor* first_kernel(const Tensor* self) {
  last_kernel = "first";
  return Tensor_retain(self);
}
static Tensor* second_kernel(const Tensor* self) {
  last_kernel = "second";
  return Tensor_retain(self);
}
static Tensor* silent_failure(const Tensor* self) {
  (void)self;
  return NULL;
}

static int call(const char* name, const char** kernel) {
  OperatorEntry* op = Dispatcher_findSchema(name);
  if (op == NULL) return -2;
  Tensor* t = make_tensor();
  IValue args[1] = {IValue_borrowTensor(t)};
  IValue rets[1];
  last_kernel = NULL;
  int r = Dispatcher_callBoxed(op, args, rets);
  if (r == 0) Tensor_release(rets[0].u.tensor);
  Tensor_release(t);
  *kernel = last_kernel;
  return r;
}

/* A block linked into this test program: queued by its constructor before
 * main, run by OperatorLibrary_registerStaticBlocks. */
MINATEN_LIBRARY(linkedops, m) { Library_def(m, "twice(Tensor self) -> Tensor"); }
MINATEN_LIBRARY_IMPL(linkedops, CPU, m) { Library_impl(m, "twice", MINATEN_KERNEL(first_kernel)); }

static int setup(void** state) {
  (void)state;
  Dispatcher_registerStandardFallbacks();
  return 0;
}
static int teardown(void** state) {
  (void)state;
  OperatorLibrary_unloadAll();
  Dispatcher_cleanup();
  return 0;
}

static void test_static_blocks(void** state) {
  (void)state;
  assert_null(Dispatcher_findSchema("linkedops::twice"));
  assert_int_equal(OperatorLibrary_registerStaticBlocks(), 0);
  const char* kernel;
  assert_int_equal(call("linkedops::twice", &kernel), 0);
  assert_string_equal(kernel, "first");
  /* a second call finds nothing queued */
  assert_int_equal(OperatorLibrary_registerStaticBlocks(), 0);
  OperatorLibrary_unloadAll();
  assert_null(Dispatcher_findSchema("linkedops::twice"));
}

static void test_def_impl_destroy(void** state) {
  (void)state;
  size_t before = Dispatcher_numOperators();
  Library* def = Library_create(LibraryKind_DEF, "t1", DispatchKey_Undefined, "a.c", 1, "liba.so");
  Library* impl = Library_create(LibraryKind_IMPL, "t1", DispatchKey_CPU, "a.c", 5, "liba.so");
  assert_int_equal(Library_def(def, "f(Tensor self) -> Tensor"), 0);
  assert_int_equal(Library_impl(impl, "f", MINATEN_KERNEL(first_kernel)), 0);
  assert_int_equal(Dispatcher_numOperators(), before + 1);
  OperatorEntry* op = Dispatcher_findSchema("t1::f");
  assert_non_null(op);
  assert_string_equal(op->debug, "a.c:1");
  assert_string_equal(op->kernels[DispatchKey_CPU].file, "a.c");
  assert_int_equal(op->kernels[DispatchKey_CPU].line, 5);
  const char* kernel;
  assert_int_equal(call("t1::f", &kernel), 0);
  assert_string_equal(kernel, "first");

  Library_destroy(impl);
  assert_false(op->kernels[DispatchKey_CPU].present);
  Library_destroy(def);
  assert_null(Dispatcher_findSchema("t1::f"));
  assert_int_equal(Dispatcher_numOperators(), before);
  /* the namespace is free again */
  def = Library_create(LibraryKind_DEF, "t1", DispatchKey_Undefined, "b.c", 1, "libb.so");
  assert_non_null(def);
  assert_int_equal(Library_def(def, "f(Tensor self) -> Tensor"), 0);
  Library_destroy(def);
}

static void test_checks(void** state) {
  (void)state;
  Library* def = Library_create(LibraryKind_DEF, "t2", DispatchKey_Undefined, "a.c", 3, "liba.so");
  assert_null(Library_create(LibraryKind_DEF, "t2", DispatchKey_Undefined, "b.c", 9, "libb.so"));
  assert_non_null(strstr(Error_message(), "Only a single MINATEN_LIBRARY can be used to register the "
                                          "namespace t2;"));
  assert_non_null(strstr(Error_message(), "Previous registration of MINATEN_LIBRARY was registered at "
                                          "a.c:3; latest registration was registered at b.c:9"));
  Error_clear();

  assert_int_equal(Library_def(def, "g(Tensor self) -> Tensor"), 0);
  assert_int_equal(Library_def(def, "g(Tensor self) -> Tensor"), -1);
  assert_string_equal(Error_message(),
                      "Tried to register an operator (t2::g(Tensor self) -> Tensor) with the same "
                      "name and overload name multiple times. Each overload's schema should only be "
                      "registered with a single call to def(). Duplicate registration: registered at "
                      "a.c:3. Original registration: registered at a.c:3  (Error occurred while "
                      "processing MINATEN_LIBRARY block at a.c:3)");
  Error_clear();
  /* failed: later calls do nothing */
  assert_int_equal(Library_def(def, "h(Tensor self) -> Tensor"), -1);
  assert_null(Dispatcher_findSchema("t2::h"));
  Library_destroy(def);

  def = Library_create(LibraryKind_DEF, "t2", DispatchKey_Undefined, "a.c", 3, "liba.so");
  assert_int_equal(Library_def(def, "other::g(Tensor self) -> Tensor"), -1);
  assert_non_null(strstr(Error_message(), "Explicitly provided namespace (other) in schema string "
                                          "does not match namespace of enclosing MINATEN_LIBRARY "
                                          "block (t2)."));
  Error_clear();
  Library_destroy(def);

  def = Library_create(LibraryKind_DEF, "t2", DispatchKey_Undefined, "a.c", 3, "liba.so");
  assert_int_equal(Library_def(def, "g(Tensor self -> Tensor"), -1);
  assert_non_null(strstr(Error_message(), "def(\"g(Tensor self -> Tensor\"): "));
  assert_non_null(strstr(Error_message(), " at column "));
  Error_clear();
  Library_destroy(def);

  Library* impl = Library_create(LibraryKind_IMPL, "t2", DispatchKey_CPU, "c.c", 7, "libc.so");
  assert_int_equal(Library_def(impl, "k(Tensor self) -> Tensor"), -1);
  assert_non_null(strstr(Error_message(), "Cannot define an operator inside of a MINATEN_LIBRARY_IMPL block."));
  Error_clear();
  Library_destroy(impl);
  impl = Library_create(LibraryKind_IMPL, "t2", DispatchKey_CPU, "c.c", 7, "libc.so");
  assert_int_equal(Library_implForKey(impl, "g", DispatchKey_Lazy, MINATEN_KERNEL(first_kernel)), -1);
  assert_non_null(strstr(Error_message(), "Explicitly provided dispatch key (Lazy) is inconsistent with "
                                          "the dispatch key of the enclosing MINATEN_LIBRARY_IMPL block (CPU)."));
  Error_clear();
  Library_destroy(impl);

  /* aten is minaten's own: defined by the YAML in the real program */
  assert_int_equal(Dispatcher_registerDef("aten::t2_builtin(Tensor self) -> Tensor", "yaml/x.yaml:12") != NULL, 1);
  assert_null(Library_create(LibraryKind_DEF, "aten", DispatchKey_Undefined, "d.c", 1, "libd.so"));
  assert_non_null(strstr(Error_message(), "registered at yaml/x.yaml:12; latest registration was registered at d.c:1"));
  Error_clear();

  /* one backend fallback per key: the standard ones are taken */
  impl = Library_create(LibraryKind_IMPL, "_", DispatchKey_AutogradCPU, "e.c", 2, "libe.so");
  assert_int_equal(Library_fallback(impl, KernelFunction_makeFallthrough()), -1);
  assert_non_null(strstr(Error_message(), "Tried to register multiple backend fallbacks for the same "
                                          "dispatch key AutogradCPU; previous registration registered at "
                                          "dispatch/StandardFallbacks.c:"));
  Error_clear();
  Library_destroy(impl);
}

static void test_override_and_restore(void** state) {
  (void)state;
  Library* def = Library_create(LibraryKind_DEF, "t3", DispatchKey_Undefined, "a.c", 1, "liba.so");
  Library* first = Library_create(LibraryKind_IMPL, "t3", DispatchKey_CPU, "a.c", 2, "liba.so");
  Library* second = Library_create(LibraryKind_IMPL, "t3", DispatchKey_CPU, "b.c", 3, "libb.so");
  assert_int_equal(Library_def(def, "f(Tensor self) -> Tensor"), 0);
  assert_int_equal(Library_impl(first, "f", MINATEN_KERNEL(first_kernel)), 0);
  /* 1.13 warns and overrides */
  assert_int_equal(Library_impl(second, "f", MINATEN_KERNEL(second_kernel)), 0);
  const char* kernel;
  assert_int_equal(call("t3::f", &kernel), 0);
  assert_string_equal(kernel, "second");
  Library_destroy(second);
  assert_int_equal(call("t3::f", &kernel), 0);
  assert_string_equal(kernel, "first");

  /* removing the shadowed one leaves the active one */
  second = Library_create(LibraryKind_IMPL, "t3", DispatchKey_CPU, "b.c", 3, "libb.so");
  assert_int_equal(Library_impl(second, "f", MINATEN_KERNEL(second_kernel)), 0);
  Library_destroy(first);
  assert_int_equal(call("t3::f", &kernel), 0);
  assert_string_equal(kernel, "second");
  Library_destroy(second);
  assert_int_equal(call("t3::f", &kernel), -1);
  assert_int_equal(Error_type(), ErrorType_NotImplementedError);
  Error_clear();
  Library_destroy(def);
}

static void test_impl_before_def(void** state) {
  (void)state;
  Library* impl = Library_create(LibraryKind_IMPL, "t4", DispatchKey_CPU, "a.c", 2, "liba.so");
  assert_int_equal(Library_impl(impl, "f", MINATEN_KERNEL(first_kernel)), 0);
  /* an impl alone: the table exists, the operator does not */
  assert_null(Dispatcher_findSchema("t4::f"));
  OperatorEntry* op = Dispatcher_findOp("t4::f");
  assert_non_null(op);
  assert_int_equal(op->tableSource[DispatchKey_CPU], DispatchTableSource_Kernel);
  Library* def = Library_create(LibraryKind_DEF, "t4", DispatchKey_Undefined, "a.c", 1, "liba.so");
  assert_int_equal(Library_def(def, "f(Tensor self) -> Tensor"), 0);
  const char* kernel;
  assert_int_equal(call("t4::f", &kernel), 0);
  assert_string_equal(kernel, "first");
  Library_destroy(def);
  assert_null(Dispatcher_findSchema("t4::f"));
  assert_true(Dispatcher_findOp("t4::f")->kernels[DispatchKey_CPU].present);
  Library_destroy(impl);
}

static void test_kernel_failing_silently(void** state) {
  (void)state;
  Library* def = Library_create(LibraryKind_DEF, "t5", DispatchKey_Undefined, "a.c", 1, "liba.so");
  assert_int_equal(Library_def(def, "f(Tensor self) -> Tensor"), 0);
  assert_int_equal(Library_impl(def, "f", MINATEN_KERNEL(silent_failure)), 0);
  const char* kernel;
  assert_int_equal(call("t5::f", &kernel), -1);
  assert_int_equal(Error_type(), ErrorType_RuntimeError);
  assert_string_equal(Error_message(),
                      "t5::f: internal error in operator library liba.so: its kernel silent_failure "
                      "(registered at a.c:1) failed without setting an error");
  Error_clear();
  Library_destroy(def);
}

/* A boxed fallback: serves every operator with no kernel of its own for a key. */
static int fallback_calls = 0;
static int counting_fallback(const KernelFunction* kernel, const OperatorEntry* op, DispatchKeySet ks,
                             IValue* args, IValue* rets) {
  (void)kernel, (void)op, (void)ks;
  fallback_calls++;
  rets[0] = IValue_takeTensor(Tensor_retain(args[0].u.tensor));
  return 0;
}

static void test_fallback(void** state) {
  (void)state;
  Library* def = Library_create(LibraryKind_DEF, "t6", DispatchKey_Undefined, "a.c", 1, "liba.so");
  assert_int_equal(Library_def(def, "f(Tensor self) -> Tensor"), 0);
  OperatorEntry* op = Dispatcher_findSchema("t6::f");
  assert_int_equal(op->tableSource[DispatchKey_CPU], DispatchTableSource_Missing);
  Library* fb = Library_create(LibraryKind_IMPL, "_", DispatchKey_CPU, "b.c", 4, "libb.so");
  assert_int_equal(Library_fallback(fb, MINATEN_BOXED_KERNEL(counting_fallback)), 0);
  assert_int_equal(op->tableSource[DispatchKey_CPU], DispatchTableSource_BackendFallback);
  const char* kernel;
  fallback_calls = 0;
  assert_int_equal(call("t6::f", &kernel), 0);
  assert_int_equal(fallback_calls, 1);
  /* a def block cannot hold a fallback */
  assert_int_equal(Library_fallback(def, MINATEN_BOXED_KERNEL(counting_fallback)), -1);
  Error_clear();
  /* gone with its library: the key has no entry again */
  Library_destroy(fb);
  assert_int_equal(op->tableSource[DispatchKey_CPU], DispatchTableSource_Missing);
  assert_false(Dispatcher_backendFallback(DispatchKey_CPU)->present);
  Library_destroy(def);
}

static void test_load_errors(void** state) {
  (void)state;
  assert_null(OperatorLibrary_load("/nonexistent/libnope.so"));
  assert_int_equal(Error_type(), ErrorType_OSError);
  assert_string_equal(Error_message(),
                      "/nonexistent/libnope.so: cannot open shared object file: No such file or directory");
  Error_clear();
  /* relative paths resolve against the current directory, normalized */
  assert_null(OperatorLibrary_load("/nonexistent/./a/../libnope.so"));
  assert_string_equal(Error_message(),
                      "/nonexistent/libnope.so: cannot open shared object file: No such file or directory");
  Error_clear();
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_static_blocks),
      cmocka_unit_test(test_def_impl_destroy),
      cmocka_unit_test(test_checks),
      cmocka_unit_test(test_override_and_restore),
      cmocka_unit_test(test_impl_before_def),
      cmocka_unit_test(test_kernel_failing_silently),
      cmocka_unit_test(test_fallback),
      cmocka_unit_test(test_load_errors),
  };
  return cmocka_run_group_tests(tests, setup, teardown);
}
