/*
 * test_function_schema.c - PyTorch's schema syntax: every form minaten
 * parses (names, alias annotations, optional and list types, kwarg-only
 * arguments, returns), the defaults and the IValues they become, malformed
 * input with the column of the error, and prefixes/mutations of valid
 * schemas (which must fail cleanly: run under valgrind for leaks).
 *
 * When PyTorch 1.13's own native_functions.yaml is installed
 * (python3-torch), every `func:` in it must parse.
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
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
  int rc = FunctionSchema_parse(text, &s, &err);
  if (rc == 0) {
    FunctionSchema_free(&s);
    fail_msg("'%s' parsed but should not have", text);
  }
  if (err.column != column || strcmp(err.message, message) != 0)
    fail_msg("'%s': got %d: %s; expected %d: %s", text, err.column, err.message, column, message);
}

static const char* type_of(const Argument* a, char* buf, size_t size) {
  return SchemaType_format(&a->type, buf, size);
}

static int64_t int_at(const IValue* v, size_t i) {
  assert_int_equal(v->tag, IValueTag_IntList);
  assert_true(i < v->u.list.size);
  return ((const int64_t*)v->u.list.data)[i];
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
  assert_false(s.is_mutable);
  FunctionSchema_free(&s);
  assert_null(s.name); /* free leaves the struct zeroed */
  s = parse_ok("aten::reshape(Tensor(a) self, SymInt[] shape) -> Tensor(a)");
  assert_string_equal(s.overload_name, "");
  assert_string_equal(FunctionSchema_qualifiedName(&s, buf, sizeof buf), "aten::reshape");
  assert_string_equal(FunctionSchema_qualifiedName(&s, buf, 8), "aten::r"); /* truncates */
  FunctionSchema_free(&s);
  s = parse_ok("quantized::add(Tensor qa, Tensor qb, float scale, int zero_point) -> Tensor qc");
  assert_string_equal(FunctionSchema_qualifiedName(&s, buf, sizeof buf), "quantized::add");
  assert_string_equal(s.returns[0].name, "qc");
  FunctionSchema_free(&s);
  s = parse_ok("__and__.Scalar(Tensor self, Scalar other) -> Tensor");
  assert_string_equal(s.name, "__and__");
  FunctionSchema_free(&s);
  s = parse_ok("  f  (  )   ->   Tensor  "); /* blanks between tokens */
  assert_string_equal(s.name, "f");
  FunctionSchema_free(&s);
}

static void test_alias_annotations(void** state) {
  (void)state;
  char buf[64];
  FunctionSchema s = parse_ok("copy_(Tensor(a!) self, Tensor src, bool non_blocking=False) -> Tensor(a!)");
  assert_true(s.is_mutable);
  assert_true(s.arguments[0].alias_info.present);
  assert_true(s.arguments[0].alias_info.is_write);
  assert_false(s.arguments[0].alias_info.to_wildcard);
  assert_string_equal(s.arguments[0].alias_info.set, "a");
  assert_false(s.arguments[1].alias_info.present);
  assert_true(s.returns[0].alias_info.is_write);
  assert_null(s.returns[0].name);
  assert_int_equal(CType_ofArgument(&s.arguments[0]), CTypeKind_MutTensor);
  FunctionSchema_free(&s);

  s = parse_ok("split.Tensor(Tensor(a -> *) self, SymInt split_size, int dim=0) -> Tensor(a)[]");
  assert_true(s.arguments[0].alias_info.to_wildcard);
  assert_false(s.arguments[0].alias_info.is_write);
  assert_false(s.is_mutable);
  assert_true(s.returns[0].type.is_list);
  assert_string_equal(type_of(&s.returns[0], buf, sizeof buf), "Tensor[]");
  assert_string_equal(s.returns[0].alias_info.set, "a");
  FunctionSchema_free(&s);

  s = parse_ok("_foreach_add_.Scalar(Tensor(a!)[] self, Scalar scalar) -> ()");
  assert_true(s.is_mutable);
  assert_string_equal(type_of(&s.arguments[0], buf, sizeof buf), "Tensor[]");
  assert_true(s.arguments[0].alias_info.is_write);
  assert_int_equal(s.num_returns, 0);
  FunctionSchema_free(&s);

  s = parse_ok("f(Tensor(b!)? x, Tensor(a) y, *, Tensor(c!) out) -> (Tensor(b!) p, Tensor(c!) q)");
  assert_string_equal(type_of(&s.arguments[0], buf, sizeof buf), "Tensor?");
  assert_string_equal(s.arguments[0].alias_info.set, "b");
  assert_false(s.arguments[1].alias_info.is_write);
  assert_true(s.arguments[2].kwarg_only);
  assert_string_equal(s.returns[1].alias_info.set, "c");
  assert_string_equal(s.returns[1].name, "q");
  FunctionSchema_free(&s);
}

static void test_types(void** state) {
  (void)state;
  char buf[64];
  FunctionSchema s = parse_ok(
      "f(Tensor? a, int[] b, int[2] c, SymInt[] d, Tensor?[] e, int[]? f, SymInt? g, ScalarType? h, "
      "Device? i, MemoryFormat j, Dimname k, SymInt[1]? l, float[] m, bool[3] n, Tensor[] o, "
      "Generator? p, Layout q, str r, Scalar s, QScheme t, Storage u, Stream v, Any w) -> (Tensor, Tensor)");
  const char* expected[] = {"Tensor?", "int[]",     "int[2]",    "SymInt[]",     "Tensor?[]",
                            "int[]?",  "SymInt?",   "ScalarType?", "Device?",    "MemoryFormat",
                            "Dimname", "SymInt[1]?", "float[]",   "bool[3]",      "Tensor[]",
                            "Generator?", "Layout", "str",       "Scalar",       "QScheme",
                            "Storage", "Stream",    "Any"};
  assert_int_equal(s.num_arguments, sizeof expected / sizeof expected[0]);
  for (size_t i = 0; i < s.num_arguments; i++) {
    assert_string_equal(type_of(&s.arguments[i], buf, sizeof buf), expected[i]);
    assert_false(s.arguments[i].has_default);
    assert_int_equal(s.arguments[i].default_value.tag, IValueTag_None);
  }
  assert_true(s.arguments[4].type.elem_optional && !s.arguments[4].type.is_optional);
  assert_true(s.arguments[5].type.is_optional && !s.arguments[5].type.elem_optional);
  assert_int_equal(s.arguments[1].type.list_size, -1);
  assert_int_equal(s.arguments[2].type.list_size, 2);
  assert_int_equal(s.arguments[3].type.base, SchemaBaseType_SymInt);
  assert_true(SchemaType_isTensor(&s.arguments[0].type));
  assert_true(SchemaType_isTensorList(&s.arguments[4].type));
  assert_true(SchemaType_isIntLike(s.arguments[6].type.base));
  assert_int_equal(CType_ofArgument(&s.arguments[3]), CTypeKind_IntArrayRef);
  assert_int_equal(CType_ofArgument(&s.arguments[5]), CTypeKind_OptionalIntArrayRef);
  assert_int_equal(CType_ofArgument(&s.arguments[6]), CTypeKind_OptionalInt);
  assert_int_equal(CType_ofArgument(&s.arguments[10]), CTypeKind_Unsupported);
  assert_int_equal(s.num_returns, 2);
  assert_null(s.returns[0].name);
  assert_int_equal(CType_ofReturns(&s), CTypeKind_TensorTuple2);
  FunctionSchema_free(&s);
  /* three tensors are a TensorTuple3 (native_layer_norm); four, or a tuple
   * with a non-tensor, have no C kind */
  s = parse_ok("f(Tensor a) -> (Tensor, Tensor, Tensor)");
  assert_int_equal(CType_ofReturns(&s), CTypeKind_TensorTuple3);
  FunctionSchema_free(&s);
  s = parse_ok("f(Tensor a) -> (Tensor, Tensor, Tensor, Tensor)");
  assert_int_equal(CType_ofReturns(&s), CTypeKind_Unsupported);
  FunctionSchema_free(&s);
  s = parse_ok("f(Tensor a) -> (Tensor, Tensor, int)");
  assert_int_equal(CType_ofReturns(&s), CTypeKind_Unsupported);
  FunctionSchema_free(&s);

  for (int b = 0; b < SchemaBaseType_NumTypes; b++) { /* names round-trip through the parser */
    char text[96];
    snprintf(text, sizeof text, "f(%s x) -> %s", SchemaBaseType_name((SchemaBaseType)b),
             SchemaBaseType_name((SchemaBaseType)b));
    s = parse_ok(text);
    assert_int_equal(s.arguments[0].type.base, b);
    assert_int_equal(s.returns[0].type.base, b);
    FunctionSchema_free(&s);
  }
  assert_string_equal(SchemaBaseType_name(SchemaBaseType_NumTypes), "?");
}

static void test_returns(void** state) {
  (void)state;
  char buf[64];
  FunctionSchema s = parse_ok("g() -> ()");
  assert_int_equal(s.num_arguments, 0);
  assert_int_equal(s.num_returns, 0);
  assert_int_equal(CType_ofReturns(&s), CTypeKind_Void);
  FunctionSchema_free(&s);
  s = parse_ok("max.dim(Tensor self, int dim, bool keepdim=False) -> (Tensor values, Tensor indices)");
  assert_int_equal(s.num_returns, 2);
  assert_string_equal(s.returns[0].name, "values");
  assert_string_equal(s.returns[1].name, "indices");
  assert_false(s.returns[0].kwarg_only);
  FunctionSchema_free(&s);
  s = parse_ok("sizes(Tensor self) -> int[]");
  assert_string_equal(type_of(&s.returns[0], buf, sizeof buf), "int[]");
  FunctionSchema_free(&s);
  s = parse_ok("h(Tensor self) -> (Tensor)");
  assert_int_equal(s.num_returns, 1);
  FunctionSchema_free(&s);
}

static void test_kwarg_only(void** state) {
  (void)state;
  FunctionSchema s = parse_ok(
      "sum.dim_IntList(Tensor self, int[1]? dim, bool keepdim=False, *, ScalarType? dtype=None) -> Tensor");
  assert_false(s.arguments[0].kwarg_only);
  assert_false(s.arguments[2].kwarg_only);
  assert_true(s.arguments[3].kwarg_only);
  FunctionSchema_free(&s);
  s = parse_ok("ones(*, int[] size) -> Tensor");
  assert_int_equal(s.num_arguments, 1);
  assert_true(s.arguments[0].kwarg_only);
  FunctionSchema_free(&s);
  s = parse_ok("k(Tensor self, *) -> Tensor");
  assert_int_equal(s.num_arguments, 1);
  assert_false(s.arguments[0].kwarg_only);
  FunctionSchema_free(&s);
}

static void test_scalar_defaults(void** state) {
  (void)state;
  FunctionSchema s = parse_ok(
      "f(int a=-1, SymInt b=2, float c=1e-05, float d=0, float e=-inf, float g=inf, float h=0.5, "
      "Scalar i=1, Scalar j=1.0, Scalar k=True, bool l=False, str m='mean', str n=\"x\", "
      "str o='\\'a\\\"\\\\\\n\\101', int? p=None, int? q=0, Tensor? r=None, Device dev=\"lazy:0\", "
      "Dimname dn=\"N\", Scalar t=-2.5e3) -> Tensor");
  Argument* a = s.arguments;
  assert_int_equal(a[0].default_value.tag, IValueTag_Int);
  assert_int_equal(a[0].default_value.u.i, -1);
  assert_int_equal(a[1].default_value.u.i, 2);
  assert_int_equal(a[2].default_value.tag, IValueTag_Double);
  assert_true(a[2].default_value.u.d == 1e-05);
  assert_int_equal(a[3].default_value.tag, IValueTag_Double); /* float x=0 is 0.0 */
  assert_true(a[3].default_value.u.d == 0.0);
  assert_true(isinf(a[4].default_value.u.d) && a[4].default_value.u.d < 0);
  assert_true(isinf(a[5].default_value.u.d) && a[5].default_value.u.d > 0);
  assert_true(a[6].default_value.u.d == 0.5);
  assert_int_equal(a[7].default_value.tag, IValueTag_Int); /* a Scalar keeps int vs float */
  assert_int_equal(a[8].default_value.tag, IValueTag_Double);
  assert_int_equal(a[9].default_value.tag, IValueTag_Bool);
  assert_true(a[9].default_value.u.b);
  assert_false(a[10].default_value.u.b);
  assert_int_equal(a[10].default_value.tag, IValueTag_Bool);
  assert_int_equal(a[11].default_value.tag, IValueTag_String);
  assert_string_equal(a[11].default_value.u.s, "mean");
  assert_string_equal(a[12].default_value.u.s, "x");
  assert_string_equal(a[13].default_value.u.s, "'a\"\\\nA"); /* escapes, octal \101 */
  assert_int_equal(a[14].default_value.tag, IValueTag_None);
  assert_true(a[14].has_default);
  assert_int_equal(a[15].default_value.u.i, 0);
  assert_int_equal(a[16].default_value.tag, IValueTag_None);
  assert_int_equal(a[17].default_value.tag, IValueTag_Device);
  assert_int_equal(a[17].default_value.u.device.type, DeviceType_Lazy);
  assert_string_equal(a[18].default_value.u.s, "N");
  assert_true(a[19].default_value.u.d == -2500.0);
  /* the text is kept as written */
  assert_string_equal(a[2].default_text, "1e-05");
  assert_string_equal(a[4].default_text, "-inf");
  assert_string_equal(a[11].default_text, "'mean'");
  assert_string_equal(a[12].default_text, "\"x\"");
  assert_string_equal(a[14].default_text, "None");
  FunctionSchema_free(&s);
}

static void test_list_defaults(void** state) {
  (void)state;
  FunctionSchema s = parse_ok(
      "f(int[1] dim=1, int[2] stride=1, int[] e=[], int[] l=[0,1], SymInt[] m=[-1], int[1] n=[-2, -1], "
      "int[]? o=None, float[] p=[0.5, 1], bool[3] q=[True, False, True], int[3] r=0, "
      "int[2] t=[ 3 , 4 ]) -> Tensor");
  Argument* a = s.arguments;
  assert_int_equal(a[0].default_value.u.list.size, 1); /* int[1] dim=1 is [1] */
  assert_int_equal(int_at(&a[0].default_value, 0), 1);
  assert_int_equal(a[1].default_value.u.list.size, 2); /* int[2] stride=1 is [1, 1] */
  assert_int_equal(int_at(&a[1].default_value, 0), 1);
  assert_int_equal(int_at(&a[1].default_value, 1), 1);
  assert_int_equal(a[2].default_value.tag, IValueTag_IntList);
  assert_int_equal(a[2].default_value.u.list.size, 0);
  assert_int_equal(int_at(&a[3].default_value, 1), 1);
  assert_int_equal(int_at(&a[4].default_value, 0), -1);
  assert_int_equal(a[5].default_value.u.list.size, 2); /* an explicit list ignores N */
  assert_int_equal(int_at(&a[5].default_value, 0), -2);
  assert_int_equal(a[6].default_value.tag, IValueTag_None);
  assert_int_equal(a[7].default_value.tag, IValueTag_DoubleList);
  assert_true(((const double*)a[7].default_value.u.list.data)[1] == 1.0);
  assert_int_equal(a[8].default_value.tag, IValueTag_BoolList);
  assert_int_equal(a[8].default_value.u.list.size, 3);
  assert_false(((const bool*)a[8].default_value.u.list.data)[1]);
  assert_int_equal(a[9].default_value.u.list.size, 3);
  assert_int_equal(int_at(&a[9].default_value, 2), 0);
  assert_int_equal(int_at(&a[10].default_value, 1), 4);
  assert_string_equal(a[3].default_text, "[0,1]");
  assert_string_equal(a[10].default_text, "[ 3 , 4 ]");
  assert_string_equal(a[1].default_text, "1");
  assert_true(a[2].default_value.owned);
  FunctionSchema_free(&s);
}

static void test_enum_defaults(void** state) {
  (void)state;
  FunctionSchema s = parse_ok(
      "f(MemoryFormat a=contiguous_format, MemoryFormat? b=preserve_format, ScalarType c=long, "
      "ScalarType? d=float, ScalarType e=int, ScalarType g=float64, Layout? h=strided, int r=Mean, "
      "QScheme q=per_channel_affine, MemoryFormat? n=None) -> Tensor");
  Argument* a = s.arguments;
  assert_int_equal(a[0].default_value.tag, IValueTag_MemoryFormat);
  assert_int_equal(a[0].default_value.u.memory_format, MemoryFormat_Contiguous);
  assert_int_equal(a[1].default_value.u.memory_format, MemoryFormat_Preserve);
  assert_int_equal(a[2].default_value.tag, IValueTag_ScalarType);
  assert_int_equal(a[2].default_value.u.scalar_type, ScalarType_Long);
  assert_int_equal(a[3].default_value.u.scalar_type, ScalarType_Float);
  assert_int_equal(a[4].default_value.u.scalar_type, ScalarType_Int);
  assert_int_equal(a[5].default_value.u.scalar_type, ScalarType_Double);
  assert_int_equal(a[6].default_value.tag, IValueTag_Layout);
  assert_int_equal(a[6].default_value.u.layout, Layout_Strided);
  assert_int_equal(a[7].default_value.tag, IValueTag_Int); /* at::Reduction::Mean */
  assert_int_equal(a[7].default_value.u.i, 1);
  assert_int_equal(a[8].default_value.tag, IValueTag_Int);
  assert_int_equal(a[8].default_value.u.i, 1);
  assert_int_equal(a[9].default_value.tag, IValueTag_None);
  assert_string_equal(a[0].default_text, "contiguous_format");
  assert_string_equal(a[2].default_text, "long");
  FunctionSchema_free(&s);
}

static void test_malformed(void** state) {
  (void)state;
  expect_error("", 1, "expected an operator name but found end of schema");
  expect_error("(Tensor x) -> Tensor", 1, "expected an operator name but found '('");
  expect_error("aten::(Tensor x) -> Tensor", 7, "expected an operator name but found '('");
  expect_error("f.(Tensor x) -> Tensor", 3, "expected an overload name but found '('");
  expect_error("f.default(Tensor x) -> Tensor", 3,
               "default is not a legal overload name for aten operators");
  expect_error("f.__x(Tensor x) -> Tensor", 3, "__x is not a legal overload name for aten operators");
  expect_error("f Tensor x) -> Tensor", 3, "expected '(' but found 'T'");
  expect_error("f(Tensor self -> Tensor", 15, "expected ',' but found '-'");
  expect_error("f(Tensor self)", 15, "expected '->' after arguments but found end of schema");
  expect_error("f(Tensor self) - Tensor", 16, "expected '->' after arguments but found '-'");
  expect_error("f(Tensor self) ->", 18, "expected a type but found end of schema");
  expect_error("f(Foo x) -> Tensor", 3, "unknown type 'Foo'");
  expect_error("f(Tensor x) -> Tensorr", 16, "unknown type 'Tensorr'");
  expect_error("f(Tensor x,) -> Tensor", 12, "expected a type but found ')'");
  expect_error("f(Tensor) -> Tensor", 9, "expected an argument name but found ')'");
  expect_error("f(Tensor x, int x) -> Tensor", 13, "duplicate argument name 'x'");
  expect_error("f(*, *, int x) -> Tensor", 6, "'*' may appear only once");
  expect_error("f(Tensor x) -> Tensor a b", 25, "unexpected 'b' after the returns");
  expect_error("f(Tensor x) -> (Tensor a Tensor b)", 26, "expected ',' but found 'T'");
  expect_error("f(Tensor x) -> (Tensor", 23, "expected ',' but found end of schema");
  /* types */
  expect_error("f(int(a) x) -> Tensor", 6, "alias annotations are only allowed on Tensor");
  expect_error("f(Tensor(a x) -> Tensor", 12, "expected ')' but found 'x'");
  expect_error("f(Tensor() x) -> Tensor", 10, "expected an alias set name but found ')'");
  expect_error("f(Tensor(a|b) x) -> Tensor", 11, "expected ')' but found '|'");
  expect_error("f(Tensor(a -> b) x) -> Tensor", 15, "expected '*' but found 'b'");
  expect_error("f(Tensor(abcdefghijklmnopq) x) -> Tensor", 10,
               "alias set name 'abcdefghijklmnopq' is too long");
  expect_error("f(int[ x) -> Tensor", 7, "expected ']' but found ' '");
  expect_error("f(int[x] x) -> Tensor", 7, "expected ']' but found 'x'");
  expect_error("f(int[65] x) -> Tensor", 7, "list size is larger than 64");
  expect_error("f(int[99999999999999999999999] x) -> Tensor", 7, "list size is larger than 64");
  expect_error("f(int [] x) -> Tensor", 7, "expected an argument name but found '['");
  /* defaults */
  expect_error("f(int x=) -> Tensor", 9, "expected a default value but found ')'");
  expect_error("f(int x=1.5) -> Tensor", 9, "default value of 'x' does not match type int");
  expect_error("f(int x=None) -> Tensor", 9, "default value of 'x' does not match type int");
  expect_error("f(Tensor x=None) -> Tensor", 12, "default value of 'x' does not match type Tensor");
  expect_error("f(bool b=1) -> Tensor", 10, "default value of 'b' does not match type bool");
  expect_error("f(str s=mean) -> Tensor", 9, "default value of 's' does not match type str");
  expect_error("f(float f='x') -> Tensor", 11, "default value of 'f' does not match type float");
  expect_error("f(int[] x=1) -> Tensor", 11, "expected '[' but found '1'");
  expect_error("f(int[] x=[0, 1.5]) -> Tensor", 15, "default value of 'x' does not match type int[]");
  expect_error("f(int[] x=[0 1]) -> Tensor", 14, "expected ']' but found '1'");
  expect_error("f(int[] x=[0,) -> Tensor", 14, "expected a default value but found ')'");
  expect_error("f(Tensor[] x=[]) -> Tensor", 14,
               "lists are only supported for float, int and complex types");
  expect_error("f(MemoryFormat m=channels_last) -> Tensor", 18,
               "default value of 'm' does not match type MemoryFormat");
  expect_error("f(ScalarType t=Mean) -> Tensor", 16, "default value of 't' does not match type ScalarType");
  expect_error("f(int x=99999999999999999999) -> Tensor", 9, "default value of 'x' is out of range for int");
  expect_error("f(int x=-) -> Tensor", 10, "expected a number but found ')'");
  expect_error("f(int x=1a) -> Tensor", 10, "expected ',' but found 'a'");
  expect_error("f(str s='abc) -> Tensor", 9, "unterminated string literal");
  expect_error("f(str s='\\x41') -> Tensor", 10, "unsupported hex specifier");
  expect_error("f(str s='\\u0041') -> Tensor", 10, "unsupported unicode specifier");
  expect_error("f(str s='\\9') -> Tensor", 10, "ill formed octal specifier");
  expect_error("f(Device d=\"gpu\") -> Tensor", 12,
               "Expected one of cpu, cuda, ipu, xpu, mkldnn, opengl, opencl, ideep, hip, ve, fpga, ort, "
               "xla, lazy, vulkan, mps, meta, hpu, privateuseone device type at start of device string: "
               "gpu");
}

/* Parses `text` (any outcome); a failure must carry a column inside it. */
static void parse_any(const char* text) {
  FunctionSchema s;
  SchemaParseError err;
  if (FunctionSchema_parse(text, &s, &err) == 0) {
    FunctionSchema_free(&s);
    return;
  }
  assert_true(err.column >= 1 && (size_t)err.column <= strlen(text) + 1);
  assert_true(err.message[0] != '\0');
}

/* Every prefix of a valid schema (each in a buffer of exactly its size, so
 * that valgrind sees a read past the end), and the schema with each character
 * replaced by a troublemaker, parses or fails cleanly, without leaking. */
static void check_mangled(const char* text) {
  static const char kSubstitutes[] = "()[],?!*=-'\" a1.:>|\\\t";
  size_t n = strlen(text);
  for (size_t i = 0; i < n; i++) {
    char* prefix = malloc(i + 1);
    assert_non_null(prefix);
    memcpy(prefix, text, i);
    prefix[i] = '\0';
    parse_any(prefix);
    free(prefix);
  }
  char* copy = malloc(n + 1);
  assert_non_null(copy);
  for (size_t i = 0; i < n; i++) {
    for (size_t k = 0; k < sizeof kSubstitutes - 1; k++) {
      memcpy(copy, text, n + 1);
      copy[i] = kSubstitutes[k];
      parse_any(copy);
    }
  }
  free(copy);
}

static void test_prefixes_and_mutations(void** state) {
  (void)state;
  const char* schemas[] = {
      "aten::foo.bar(Tensor(a!) self, int[2] k=[1, 2], *, str? s='x\\n', float f=-inf) -> "
      "(Tensor(a!) out, int)",
      "split.Tensor(Tensor(a -> *) self, SymInt split_size, int dim=0) -> Tensor(a)[]",
      "f(Tensor?[] i, int[1]? d=None, bool[3] m=[True, False, True], MemoryFormat? f=contiguous_format, "
      "ScalarType? t=long, Device? dev=None, Scalar a=1.5e-3) -> ()",
  };
  for (size_t i = 0; i < sizeof schemas / sizeof schemas[0]; i++) {
    FunctionSchema s = parse_ok(schemas[i]);
    FunctionSchema_free(&s);
    check_mangled(schemas[i]);
  }
  FunctionSchema s;
  SchemaParseError err;
  assert_int_equal(FunctionSchema_parse(NULL, &s, &err), -1);
  assert_int_equal(err.column, 1);
}

/* PyTorch 1.13's own operator list, when python3-torch is installed. */
static void test_pytorch_native_functions(void** state) {
  (void)state;
  FILE* f = fopen("/usr/lib/python3/dist-packages/torchgen/packaged/ATen/native/native_functions.yaml", "r");
  if (f == NULL) skip();
  char line[4096];
  int parsed = 0;
  while (fgets(line, sizeof line, f)) {
    if (strncmp(line, "- func: ", 8) != 0) continue;
    line[strcspn(line, "\n")] = '\0';
    FunctionSchema s;
    SchemaParseError err;
    if (FunctionSchema_parse(line + 8, &s, &err) != 0) {
      fclose(f);
      fail_msg("'%s': %d: %s", line + 8, err.column, err.message);
    }
    FunctionSchema_free(&s);
    parsed++;
  }
  fclose(f);
  assert_true(parsed > 2000);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_names_and_overloads),
      cmocka_unit_test(test_alias_annotations),
      cmocka_unit_test(test_types),
      cmocka_unit_test(test_returns),
      cmocka_unit_test(test_kwarg_only),
      cmocka_unit_test(test_scalar_defaults),
      cmocka_unit_test(test_list_defaults),
      cmocka_unit_test(test_enum_defaults),
      cmocka_unit_test(test_malformed),
      cmocka_unit_test(test_prefixes_and_mutations),
      cmocka_unit_test(test_pytorch_native_functions),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
