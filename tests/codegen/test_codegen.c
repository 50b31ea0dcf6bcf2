/*
 * test_codegen.c - tools/codegen driven as a library (codegen_run, Model_*):
 * the generated entry point has exactly the documented shape, the model
 * reads every field as torchgen does, errors leave the output folder alone,
 * and unchanged files keep their timestamps.
 *
 * The shell tests beside this file cover the rest: run_good_case.sh compiles
 * the output with -Werror, run_error_case.sh checks every malformed input's
 * `file:line:col: message`.
 *
 * PyTorch 1.13: test/test_codegen*.py, tools/test/test_gen_backend_stubs.py (in spirit)
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include <utime.h>

#include <cmocka.h>

#include "tools/codegen/codegen.h"
#include "tools/codegen/model.h"

#define SRC MINATEN_SOURCE_DIR

static const char* const kGeneratedFiles[] = {
    "Functions.h", "Functions.c", "NativeFunctions.h", "Operators.h", "Operators.c",
    "RegisterCPU.c", "RegisterLazy.c", "RegisterQuantizedCPU.c", "RegisterADInplaceOrView.c", "RegisterAutograd.c",
    "RegisterBackendSelect.c",
    "RegisterCompositeImplicitAutograd.c", "RegisterCompositeExplicitAutograd.c",
    "RegisterCompositeExplicitAutogradNonFunctional.c", "RegisterAll.c"};

/* ---- helpers ------------------------------------------------------------ */

static char* read_text(const char* path) {
  FILE* f = fopen(path, "rb");
  if (f == NULL) return NULL;
  fseek(f, 0, SEEK_END);
  long n = ftell(f);
  fseek(f, 0, SEEK_SET);
  char* text = malloc((size_t)n + 1);
  assert_non_null(text);
  assert_int_equal(fread(text, 1, (size_t)n, f), (size_t)n);
  text[n] = '\0';
  fclose(f);
  return text;
}

static char* read_generated(const char* dir, const char* name) {
  char path[1024];
  snprintf(path, sizeof path, "%s/%s", dir, name);
  char* text = read_text(path);
  assert_non_null(text);
  return text;
}

/* The 1-based line of the first line of `path` starting with `prefix`. */
static int line_of(const char* path, const char* prefix) {
  FILE* f = fopen(path, "r");
  assert_non_null(f);
  char line[4096];
  int n = 0;
  int found = 0;
  while (!found && fgets(line, sizeof line, f)) {
    n++;
    if (strncmp(line, prefix, strlen(prefix)) == 0) found = n;
  }
  fclose(f);
  assert_true(found > 0);
  return found;
}

static void make_temp_dir(char* buf, size_t n) {
  snprintf(buf, n, "/tmp/minaten_codegen_test.XXXXXX");
  assert_non_null(mkdtemp(buf));
}

static void remove_tree(const char* dir) {
  char sub[1024];
  for (size_t i = 0; i < sizeof kGeneratedFiles / sizeof kGeneratedFiles[0]; i++) {
    snprintf(sub, sizeof sub, "%s/%s", dir, kGeneratedFiles[i]);
    remove(sub);
  }
  snprintf(sub, sizeof sub, "%s/out", dir);
  rmdir(sub);
  rmdir(dir);
}

static bool exists(const char* path) {
  struct stat st;
  return stat(path, &st) == 0;
}

/* Runs codegen_run with stderr captured into *err (caller frees). */
static int run_capturing_stderr(int argc, char** argv, char** err) {
  char path[] = "/tmp/minaten_codegen_stderr.XXXXXX";
  int fd = mkstemp(path);
  assert_true(fd >= 0);
  fflush(stderr);
  int saved = dup(2);
  dup2(fd, 2);
  int rc = codegen_run(argc, argv);
  fflush(stderr);
  dup2(saved, 2);
  close(saved);
  close(fd);
  *err = read_text(path);
  remove(path);
  return rc;
}

static int run_main_yaml_and_tests(const char* out_dir) {
  char* argv[] = {"minaten_codegen", "--source-root", SRC, "--output-dir", (char*)out_dir,
                  SRC "/yaml/native_functions.yaml", SRC "/tests/codegen/good/extra_ops.yaml",
                  SRC "/tests/codegen/good/all_kinds.yaml"};
  return codegen_run((int)(sizeof argv / sizeof argv[0]), argv);
}

/* ---- tests -------------------------------------------------------------- */

/* The entry point of _reshape_alias, character for character as documented. */
static void test_entry_point_shape(void** state) {
  (void)state;
  char dir[64];
  make_temp_dir(dir, sizeof dir);
  assert_int_equal(run_main_yaml_and_tests(dir), 0);
  for (size_t i = 0; i < sizeof kGeneratedFiles / sizeof kGeneratedFiles[0]; i++) {
    char* text = read_generated(dir, kGeneratedFiles[i]);
    free(text);
  }

  int line = line_of(SRC "/yaml/native_functions.yaml", "- func: _reshape_alias(");
  char expected[2048];
  snprintf(expected, sizeof expected,
           "/* aten::_reshape_alias(Tensor(a) self, SymInt[] size, SymInt[] stride) -> Tensor(a)\n"
           " * yaml/native_functions.yaml:%d */\n"
           "typedef Tensor* (*at__reshape_alias_fn)(const Tensor* self, IntArrayRef size, IntArrayRef stride);\n"
           "\n"
           "static MINATEN_COLD Tensor* at__reshape_alias_boxed(const OperatorEntry* op, const KernelFunction* kernel,\n"
           "                                                    DispatchKeySet ks, const Tensor* self, IntArrayRef size,\n"
           "                                                    IntArrayRef stride) {\n"
           "  IValue args[3] = {box_ConstTensor(self), box_IntArrayRef(size), box_IntArrayRef(stride)};\n"
           "  IValue rets[1];\n"
           "  if (Dispatcher_callKernelBoxed(op, kernel, ks, args, rets) < 0) return NULL;\n"
           "  return take_ReturnTensor(&rets[0]);\n"
           "}\n"
           "\n"
           "Tensor* at__reshape_alias(const Tensor* self, IntArrayRef size, IntArrayRef stride) {\n"
           "  const OperatorEntry* op = at_op__reshape_alias;\n"
           "  DispatchKeySet ks = Dispatcher_computeDispatchKeySet(op, self->key_set);\n"
           "  const KernelFunction* kernel = OperatorEntry_lookup(op, ks);\n"
           "  if (kernel->unboxed != NULL && !Dispatcher_verbose) {\n"
           "    return ((at__reshape_alias_fn)kernel->unboxed)(self, size, stride);\n"
           "  }\n"
           "  return at__reshape_alias_boxed(op, kernel, ks, self, size, stride);\n"
           "}\n",
           line);
  char* functions = read_generated(dir, "Functions.c");
  assert_non_null(strstr(functions, expected));
  free(functions);

  snprintf(expected, sizeof expected,
           "  /* aten::_reshape_alias  yaml/native_functions.yaml:%d */\n"
           "  if (Dispatcher_registerImpl(at_op__reshape_alias, DispatchKey_CPU,\n"
           "                              KernelFunction_makeUnboxed((UnboxedFunction)at_native__reshape_alias, \"at_native__reshape_alias\"),\n"
           "                              \"RegisterCPU.c\", __LINE__) < 0)\n"
           "    return -1;\n",
           line);
  char* cpu = read_generated(dir, "RegisterCPU.c");
  assert_non_null(strstr(cpu, expected));
  free(cpu);

  snprintf(expected, sizeof expected,
           "  op = Dispatcher_registerDef(\"aten::_reshape_alias(Tensor(a) self, SymInt[] size, SymInt[] stride) -> Tensor(a)\",\n"
           "                              \"yaml/native_functions.yaml:%d\");\n"
           "  if (op == NULL) return -1;\n",
           line);
  char* ops = read_generated(dir, "Operators.c");
  assert_non_null(strstr(ops, expected));
  free(ops);

  char* native = read_generated(dir, "NativeFunctions.h");
  assert_non_null(strstr(native, "Tensor* at_native__reshape_alias(const Tensor* self, IntArrayRef size, IntArrayRef stride);"));
  free(native);
  remove_tree(dir);
}

/* What the model reads from each field. */
static void test_model(void** state) {
  (void)state;
  Model m;
  Model_init(&m);
  const char* path = SRC "/tests/codegen/good/all_kinds.yaml";
  assert_int_equal(Model_loadYaml(&m, path, "all_kinds.yaml"), 0);
  assert_int_equal(m.num_files, 1);
  assert_string_equal(m.files[0], "all_kinds.yaml");

  const NativeFunction* args = NULL;
  const NativeFunction* vd = NULL;
  const NativeFunction* implicit = NULL;
  const NativeFunction* null_dispatch = NULL;
  const NativeFunction* factory = NULL;
  const NativeFunction* like = NULL;
  const NativeFunction* ret_float = NULL;
  for (size_t i = 0; i < m.num_functions; i++) {
    const NativeFunction* f = &m.functions[i];
    if (strcmp(f->qualified, "myns::cg_args") == 0) args = f;
    if (strcmp(f->qualified, "myns::cg_void") == 0) vd = f;
    if (strcmp(f->qualified, "myns::cg_implicit.out") == 0) implicit = f;
    if (strcmp(f->qualified, "myns::cg_null_dispatch") == 0) null_dispatch = f;
    if (strcmp(f->qualified, "myns::cg_factory") == 0) factory = f;
    if (strcmp(f->qualified, "myns::cg_factory_like") == 0) like = f;
    if (strcmp(f->qualified, "myns::cg_ret.float") == 0) ret_float = f;
  }
  assert_non_null(args);
  assert_non_null(vd);
  assert_non_null(implicit);
  assert_non_null(null_dispatch);
  assert_non_null(factory);
  assert_non_null(like);
  assert_non_null(ret_float);

  /* Location of the `func:` value. */
  assert_string_equal(args->loc.file, "all_kinds.yaml");
  assert_int_equal(args->loc.line, line_of(path, "- func: myns::cg_args("));
  assert_int_equal(args->loc.col, 9);

  /* variants: function, method / method / default function. */
  assert_true(args->function_variant && args->method_variant);
  assert_true(!vd->function_variant && vd->method_variant);
  assert_true(ret_float->function_variant && !ret_float->method_variant);

  /* Names. */
  assert_string_equal(ret_float->unambiguous, "myns_cg_ret_float");
  assert_string_equal(args->unambiguous, "myns_cg_args");

  /* `CPU, QuantizedCPU, Lazy: cg_void`: three keys, one kernel, in order. */
  assert_int_equal(vd->num_kernels, 3);
  assert_int_equal(vd->kernels[0].key, DispatchKey_CPU);
  assert_int_equal(vd->kernels[1].key, DispatchKey_QuantizedCPU);
  assert_int_equal(vd->kernels[2].key, DispatchKey_Lazy);
  assert_string_equal(vd->kernels[2].kernel, "cg_void");
  assert_non_null(NativeFunction_kernel(vd, DispatchKey_Lazy));
  assert_null(NativeFunction_kernel(vd, DispatchKey_CompositeImplicitAutograd));
  assert_true(vd->has_dispatch);

  /* No dispatch: CompositeImplicitAutograd; an out= overload's kernel gets _out. */
  assert_false(implicit->has_dispatch);
  assert_int_equal(implicit->num_kernels, 1);
  assert_int_equal(implicit->kernels[0].key, DispatchKey_CompositeImplicitAutograd);
  assert_string_equal(implicit->kernels[0].kernel, "cg_implicit_out");
  assert_false(null_dispatch->has_dispatch);
  assert_string_equal(null_dispatch->kernels[0].kernel, "cg_null_dispatch");

  /* torchgen's TensorOptions group. */
  assert_true(NativeFunction_hasTensorOptions(factory));
  assert_true(NativeFunction_hasTensorOptions(like));
  assert_false(NativeFunction_hasTensorOptions(args));

  /* A second file appends. */
  size_t before = m.num_functions;
  assert_int_equal(Model_loadYaml(&m, SRC "/tests/codegen/good/extra_ops.yaml", "extra_ops.yaml"), 0);
  assert_int_equal(m.num_functions, before + 1);
  assert_string_equal(m.functions[before].qualified, "myns::scaled_view");
  assert_string_equal(m.functions[before].loc.file, "extra_ops.yaml");
  Model_free(&m);
}

/* An error prints `file:line:col: message` (the path relative to
 * --source-root), returns 1 and creates nothing. */
static void test_error_writes_nothing(void** state) {
  (void)state;
  char dir[64];
  make_temp_dir(dir, sizeof dir);
  char out[128];
  snprintf(out, sizeof out, "%s/out", dir);
  char* argv[] = {"minaten_codegen", "--source-root", SRC, "--output-dir", out,
                  SRC "/yaml/native_functions.yaml", SRC "/tests/codegen/cases/kernel_twice_implicit.yaml"};
  char* err = NULL;
  assert_int_equal(run_capturing_stderr(7, argv, &err), 1);
  char* expected = read_text(SRC "/tests/codegen/cases/kernel_twice_implicit.err");
  assert_non_null(err);
  assert_non_null(expected);
  assert_string_equal(err, expected);
  assert_false(exists(out));
  free(err);
  free(expected);

  /* Outside --source-root, the path is printed as given. */
  char* argv2[] = {"minaten_codegen", "--source-root", SRC "/tests/codegen/good", "--output-dir", out,
                   SRC "/tests/codegen/cases/op_twice.yaml"};
  assert_int_equal(run_capturing_stderr(6, argv2, &err), 1);
  assert_non_null(strstr(err, SRC "/tests/codegen/cases/op_twice.yaml:2:9: operator aten::foo is declared twice"));
  assert_false(exists(out));
  free(err);
  remove_tree(dir);
}

static void test_usage_errors(void** state) {
  (void)state;
  char* err = NULL;
  char* none[] = {"minaten_codegen"};
  assert_int_equal(run_capturing_stderr(1, none, &err), 1);
  assert_non_null(strstr(err, "usage: minaten_codegen [--source-root DIR] --output-dir OUT"));
  free(err);
  char* no_out[] = {"minaten_codegen", SRC "/yaml/native_functions.yaml"};
  assert_int_equal(run_capturing_stderr(2, no_out, &err), 1);
  free(err);
  char* bad[] = {"minaten_codegen", "--bogus", "--output-dir", "/tmp/x", SRC "/yaml/native_functions.yaml"};
  assert_int_equal(run_capturing_stderr(5, bad, &err), 1);
  assert_non_null(strstr(err, "'--bogus'"));
  free(err);
  char* missing[] = {"minaten_codegen", "--output-dir", "/tmp/minaten_codegen_never", "/nonexistent.yaml"};
  assert_int_equal(run_capturing_stderr(4, missing, &err), 1);
  assert_non_null(strstr(err, "/nonexistent.yaml: cannot open the file"));
  assert_false(exists("/tmp/minaten_codegen_never"));
  free(err);
}

/* --source-root is optional, as the usage says: without it the files are
 * generated and name the YAML as given. */
static void test_source_root_is_optional(void** state) {
  (void)state;
  char dir[64];
  make_temp_dir(dir, sizeof dir);
  char out[128];
  snprintf(out, sizeof out, "%s/out", dir);
  char* argv[] = {"minaten_codegen", "--output-dir", out, SRC "/yaml/native_functions.yaml"};
  char* err = NULL;
  assert_int_equal(run_capturing_stderr(4, argv, &err), 0);
  assert_string_equal(err, "");
  free(err);
  char path[192];
  snprintf(path, sizeof path, "%s/Functions.c", out);
  char* text = read_text(path);
  assert_non_null(text);
  assert_non_null(strstr(text, "/* @generated by tools/codegen from " SRC "/yaml/native_functions.yaml; do not edit */"));
  free(text);
  remove_tree(dir);
}

/* A second run with the same input leaves every file as it was (timestamps
 * included); a file edited by hand is regenerated. */
static void test_unchanged_files_keep_their_timestamps(void** state) {
  (void)state;
  char dir[64];
  make_temp_dir(dir, sizeof dir);
  assert_int_equal(run_main_yaml_and_tests(dir), 0);
  struct utimbuf old = {946684800, 946684800}; /* 2000-01-01 */
  char path[1024];
  for (size_t i = 0; i < sizeof kGeneratedFiles / sizeof kGeneratedFiles[0]; i++) {
    snprintf(path, sizeof path, "%s/%s", dir, kGeneratedFiles[i]);
    assert_int_equal(utime(path, &old), 0);
  }
  snprintf(path, sizeof path, "%s/Operators.h", dir);
  FILE* f = fopen(path, "a");
  assert_non_null(f);
  fputs("/* edited */\n", f);
  fclose(f);
  assert_int_equal(utime(path, &old), 0);

  assert_int_equal(run_main_yaml_and_tests(dir), 0);
  for (size_t i = 0; i < sizeof kGeneratedFiles / sizeof kGeneratedFiles[0]; i++) {
    struct stat st;
    snprintf(path, sizeof path, "%s/%s", dir, kGeneratedFiles[i]);
    assert_int_equal(stat(path, &st), 0);
    if (strcmp(kGeneratedFiles[i], "Operators.h") == 0)
      assert_true(st.st_mtime != old.modtime);
    else
      assert_true(st.st_mtime == old.modtime);
  }
  char* ops = read_generated(dir, "Operators.h");
  assert_null(strstr(ops, "/* edited */"));
  free(ops);
  remove_tree(dir);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_entry_point_shape),
      cmocka_unit_test(test_model),
      cmocka_unit_test(test_error_writes_nothing),
      cmocka_unit_test(test_usage_errors),
      cmocka_unit_test(test_source_root_is_optional),
      cmocka_unit_test(test_unchanged_files_keep_their_timestamps),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
