/*
 * test_function_schema.c - PyTorch's schema syntax: every form minaten
 * parses, the defaults, and malformed input with its column.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "dispatch/CType.h"
#include "dispatch/FunctionSchema.h"

static FunctionSchema parse_ok(const char* text) {
  FunctionSchema s;
  SchemaParseError err;
  int rc = FunctionSchema_parse(text, &s, &err);
  if (rc != 0) fail_msg("'%s' did not parse: %d: %s", text, err.column, err.message);
  return s;
}

static void expect_error(const char* text, int column, const char* message) {
  FunctionSchema s;
  SchemaParseError err;
  assert_int_equal(FunctionSchema_parse(text, &s, &err), -1);
  assert_int_equal(err.column, column);
  assert_string_equal(err.message, message);
}

static void test_names_and_overloads(void** state) {
  (void)state;
  char buf[128];
  FunctionSchema s = parse_ok("add.Tensor(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor");
  assert_string_equal(s.ns, "aten");
  assert_string_equal(s.name, "add");
  assert_string_equal(s.overload_name, "Tensor");
  assert_string_equal(FunctionSchema_qualifiedName(&s, buf, sizeof buf), "aten::add.Tensor");
  assert_int_equal(s.num_arguments, 3);
  assert_false(s.arguments[1].kwarg_only);
  assert_true(s.arguments[2].kwarg_only);
  assert_int_equal(s.arguments[2].default_value.tag, IValueTag_Int);
  FunctionSchema_free(&s);
  s = parse_ok("quantized::add(Tensor qa, Tensor qb, float scale, int zero_point) -> Tensor qc");
  assert_string_equal(FunctionSchema_qualifiedName(&s, buf, sizeof buf), "quantized::add");
  assert_string_equal(s.returns[0].name, "qc");
  FunctionSchema_free(&s);
}

static void test_alias_annotations(void** state) {
  (void)state;
  FunctionSchema s = parse_ok("copy_(Tensor(a!) self, Tensor src, bool non_blocking=False) -> Tensor(a!)");
  assert_true(s.is_mutable);
  assert_true(s.arguments[0].alias_info.present);
  assert_true(s.arguments[0].alias_info.is_write);
  assert_string_equal(s.arguments[0].alias_info.set, "a");
  assert_false(s.arguments[1].alias_info.present);
  assert_true(s.returns[0].alias_info.is_write);
  assert_int_equal(CType_ofArgument(&s.arguments[0]), CTypeKind_MutTensor);
  FunctionSchema_free(&s);
  s = parse_ok("split.Tensor(Tensor(a -> *) self, SymInt split_size, int dim=0) -> Tensor(a)[]");
  assert_true(s.arguments[0].alias_info.to_wildcard);
  assert_false(s.is_mutable);
  assert_true(s.returns[0].type.is_list);
  assert_string_equal(s.returns[0].alias_info.set, "a");
  FunctionSchema_free(&s);
}

static void test_types(void** state) {
  (void)state;
  char buf[64];
  FunctionSchema s = parse_ok(
      "f(Tensor? a, int[] b, int[2] c, SymInt[] d, Tensor?[] e, int[]? f, SymInt? g, ScalarType? h, "
      "Device? i, MemoryFormat j, Dimname k) -> (Tensor, Tensor)");
  const char* expected[] = {"Tensor?", "int[]", "int[2]", "SymInt[]", "Tensor?[]", "int[]?",
                            "SymInt?", "ScalarType?", "Device?", "MemoryFormat", "Dimname"};
  for (size_t i = 0; i < 11; i++)
    assert_string_equal(SchemaType_format(&s.arguments[i].type, buf, sizeof buf), expected[i]);
  assert_true(s.arguments[4].type.elem_optional && !s.arguments[4].type.is_optional);
  assert_int_equal(s.arguments[2].type.list_size, 2);
  assert_int_equal(CType_ofArgument(&s.arguments[3]), CTypeKind_IntArrayRef);
  assert_int_equal(CType_ofArgument(&s.arguments[5]), CTypeKind_OptionalIntArrayRef);
  assert_int_equal(CType_ofArgument(&s.arguments[6]), CTypeKind_OptionalInt);
  assert_int_equal(CType_ofArgument(&s.arguments[10]), CTypeKind_Unsupported);
  assert_int_equal(s.num_returns, 2);
  assert_int_equal(CType_ofReturns(&s), CTypeKind_Unsupported);
  FunctionSchema_free(&s);
  s = parse_ok("g() -> ()");
  assert_int_equal(s.num_arguments, 0);
  assert_int_equal(s.num_returns, 0);
  assert_int_equal(CType_ofReturns(&s), CTypeKind_Void);
  FunctionSchema_free(&s);
  s = parse_ok("max.dim(Tensor self, int dim, bool keepdim=False) -> (Tensor values, Tensor indices)");
  assert_string_equal(s.returns[1].name, "indices");
  FunctionSchema_free(&s);
}

static void test_defaults(void** state) {
  (void)state;
  FunctionSchema s = parse_ok(
      "f(int[1] dim=1, int[2] stride=1, int[] e=[], int[] l=[0, -1], float eps=1e-05, float lo=-inf, "
      "str reduce='mean', bool b=True, MemoryFormat m=contiguous_format, ScalarType? t=None, "
      "ScalarType d=long, int r=Mean) -> Tensor");
  Argument* a = s.arguments;
  assert_int_equal(a[0].default_value.tag, IValueTag_IntList);
  assert_int_equal(a[0].default_value.u.list.size, 1);
  assert_int_equal(((const int64_t*)a[1].default_value.u.list.data)[1], 1);
  assert_int_equal(a[2].default_value.u.list.size, 0);
  assert_int_equal(((const int64_t*)a[3].default_value.u.list.data)[1], -1);
  assert_true(a[4].default_value.u.d == 1e-05);
  assert_true(a[5].default_value.u.d < -1e308);
  assert_string_equal(a[6].default_value.u.s, "mean");
  assert_true(a[7].default_value.u.b);
  assert_int_equal(a[8].default_value.u.memory_format, MemoryFormat_Contiguous);
  assert_int_equal(a[9].default_value.tag, IValueTag_None);
  assert_int_equal(a[10].default_value.u.scalar_type, ScalarType_Long);
  assert_int_equal(a[11].default_value.u.i, 1);
  assert_string_equal(a[4].default_text, "1e-05");
  FunctionSchema_free(&s);
}

static void test_malformed(void** state) {
  (void)state;
  expect_error("f(Tensor self -> Tensor", 15, "expected ',' but found '-'");
  expect_error("f(Tensor self)", 15, "expected '->' after arguments but found end of schema");
  expect_error("f(Foo x) -> Tensor", 3, "unknown type 'Foo'");
  expect_error("f(Tensor x, int x) -> Tensor", 13, "duplicate argument name 'x'");
  expect_error("f(int x=1.5) -> Tensor", 9, "default value 1.5 does not match type int");
  expect_error("f(int(a) x) -> Tensor", 6, "alias annotations are only allowed on Tensor");
  expect_error("f(Tensor(a x) -> Tensor", 12, "expected ')' but found 'x'");
  expect_error("(Tensor x) -> Tensor", 1, "expected an operator name but found '('");
  expect_error("f(Tensor x) -> Tensor a b", 25, "unexpected 'b' after the returns");
  expect_error("f(int[ x) -> Tensor", 7, "expected ']' but found 'x'");
  expect_error("f(*, *, int x) -> Tensor", 6, "'*' may appear only once");
  expect_error("", 1, "expected an operator name but found end of schema");
}

/* Every prefix of a valid schema fails cleanly (no crash, no leak). */
static void test_truncations(void** state) {
  (void)state;
  const char* text = "aten::foo.bar(Tensor(a!) self, int[2] k=[1, 2], *, str? s='x', float f=-inf) -> (Tensor(a!) out, int)";
  char prefix[256];
  for (size_t n = 0; n < strlen(text); n++) {
    FunctionSchema s;
    SchemaParseError err;
    memcpy(prefix, text, n);
    prefix[n] = '\0';
    if (FunctionSchema_parse(prefix, &s, &err) == 0) FunctionSchema_free(&s);
  }
  FunctionSchema s = parse_ok(text);
  FunctionSchema_free(&s);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_names_and_overloads), cmocka_unit_test(test_alias_annotations),
      cmocka_unit_test(test_types),               cmocka_unit_test(test_defaults),
      cmocka_unit_test(test_malformed),           cmocka_unit_test(test_truncations),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
