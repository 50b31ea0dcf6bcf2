/*
 * test_yaml_library.c - tools/minaten/yaml_library.c in one process, where
 * what the command line cannot show is visible: a file whose checks fail
 * leaves nothing registered (not even its good entries), a file defines
 * its operators as one OperatorLibrary that unloading takes away again,
 * and a failed file leaves the files before it alone.  The kernels are
 * this program's own (it exports them: ENABLE_EXPORTS), found by dlsym.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "dispatch/Dispatcher.h"
#include "dispatch/OperatorLibrary.h"
#include "runtime/Exception.h"
#include "runtime/TensorImpl.h"
#include "tools/minaten/yaml_library.h"

/* The kernels the YAML below names (ytest_first -> at_native_ytest_first). */
static int calls = 0;
Tensor* at_native_ytest_first(const Tensor* self);
Tensor* at_native_ytest_first(const Tensor* self) {
  calls++;
  return Tensor_retain(self);
}
Tensor* at_native_ytest_second(const Tensor* self);
Tensor* at_native_ytest_second(const Tensor* self) { return Tensor_retain(self); }

/* Writes `text` to a temporary file; its path into `path`. */
static void write_yaml(char* path, size_t size, const char* text) {
  snprintf(path, size, "/tmp/test_yaml_library.XXXXXX");
  int fd = mkstemp(path);
  assert_true(fd >= 0);
  FILE* f = fdopen(fd, "w");
  assert_non_null(f);
  fputs(text, f);
  fclose(f);
}

static int call(const char* name) {
  OperatorEntry* op = Dispatcher_findSchema(name);
  if (op == NULL) return -2;
  int64_t sizes[] = {2};
  int64_t strides[] = {1};
  Storage* s = Storage_new(2 * sizeof(float));
  Tensor* t = Tensor_new(s, 0, IntArrayRef_make(sizes, 1), IntArrayRef_make(strides, 1), ScalarType_Float,
                         Device_cpu(), DispatchKey_CPU);
  Storage_release(s);
  IValue args[1] = {IValue_borrowTensor(t)};
  IValue rets[1];
  int r = Dispatcher_callBoxed(op, args, rets);
  if (r == 0) Tensor_release(rets[0].u.tensor);
  if (r < 0) print_message("%s: %s\n", ErrorType_name(Error_type()), Error_message());
  Tensor_release(t);
  return r;
}

/* The unit of the file at `path`, or NULL. */
static OperatorLibrary* unit_of(const char* path) {
  for (const OperatorLibrary* ol = OperatorLibrary_loaded(); ol != NULL; ol = ol->next)
    if (strcmp(ol->path, path) == 0) return (OperatorLibrary*)ol;
  return NULL;
}

static void test_define_call_unload(void** state) {
  (void)state;
  char path[64];
  write_yaml(path, sizeof path,
             "- func: ytest::one(Tensor self) -> Tensor\n"
             "  dispatch:\n"
             "    CPU: ytest_first\n");
  assert_int_equal(YamlLibrary_load(path), 0);
  OperatorLibrary* unit = unit_of(path);
  assert_non_null(unit);
  assert_null(unit->handle);
  calls = 0;
  assert_int_equal(call("ytest::one"), 0);
  assert_int_equal(calls, 1);
  OperatorLibrary_unload(unit);
  assert_null(Dispatcher_findSchema("ytest::one"));
  assert_null(unit_of(path));
  /* defined again after the unload: nothing of the first one is left */
  assert_int_equal(YamlLibrary_load(path), 0);
  assert_int_equal(call("ytest::one"), 0);
  OperatorLibrary_unload(unit_of(path));
  unlink(path);
}

static void test_all_or_nothing(void** state) {
  (void)state;
  char path[64];
  write_yaml(path, sizeof path,
             "- func: ytest::good(Tensor self) -> Tensor\n"
             "  dispatch:\n"
             "    CPU: ytest_first\n"
             "- func: ytest::bad(Tensor self) -> Tensor\n"
             "  dispatch:\n"
             "    CPU: ytest_no_such_kernel\n");
  const OperatorLibrary* before = OperatorLibrary_loaded();
  assert_int_equal(YamlLibrary_load(path), -1);
  assert_false(Error_occurred()); /* reported on stderr, not left set */
  assert_null(Dispatcher_findSchema("ytest::good"));
  assert_null(Dispatcher_findSchema("ytest::bad"));
  assert_ptr_equal(OperatorLibrary_loaded(), before);
  unlink(path);
}

static void test_failed_file_leaves_earlier_ones(void** state) {
  (void)state;
  char first[64], second[64];
  write_yaml(first, sizeof first,
             "- func: ytest::kept(Tensor self) -> Tensor\n"
             "  dispatch:\n"
             "    CPU: ytest_first\n");
  write_yaml(second, sizeof second,
             "- func: ytest::other(Tensor self) -> Tensor\n"
             "  dispatch:\n"
             "    CPU: ytest_first\n"
             "- func: ytest::kept(Tensor self) -> Tensor\n"
             "  dispatch:\n"
             "    CPU: ytest_second\n");
  assert_int_equal(YamlLibrary_load(first), 0);
  assert_int_equal(YamlLibrary_load(second), -1);
  assert_null(Dispatcher_findSchema("ytest::other"));
  assert_int_equal(call("ytest::kept"), 0);
  assert_null(unit_of(second));
  OperatorLibrary_unload(unit_of(first));
  assert_null(Dispatcher_findSchema("ytest::kept"));
  unlink(first);
  unlink(second);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_define_call_unload),
      cmocka_unit_test(test_all_or_nothing),
      cmocka_unit_test(test_failed_file_leaves_earlier_ones),
  };
  Dispatcher_registerStandardFallbacks(); /* autograd falls through to CPU */
  int failed = cmocka_run_group_tests(tests, NULL, NULL);
  OperatorLibrary_unloadAll();
  Dispatcher_cleanup();
  return failed;
}
