/*
 * FunctionSchema.c - a recursive-descent parser for PyTorch's schema syntax;
 * see FunctionSchema.h for the forms it accepts.
 *
 *   schema    := name [ '.' overload ] '(' arguments ')' '->' returns
 *   name      := [ ns '::' ] ident
 *   arguments := [ ( argument | '*' ) { ',' ( argument | '*' ) } ]
 *   argument  := type ident [ '=' default ]
 *   type      := base [ '(' alias ')' ] [ '?' ] [ '[' [N] ']' [ '?' ] ]
 *   alias     := ident [ '!' ] [ '->' '*' ]
 *   returns   := return | '(' [ return { ',' return } ] ')'
 *   return    := type [ ident ]
 *   default   := constant | '[' [ constant { ',' constant } ] ']'
 *   constant  := None | True | False | number | string | ident
 *
 * A Parser is a cursor over the text.  The first error records its 1-based
 * column and a message, and every function unwinds through a -1 return.  All
 * memory belongs to the FunctionSchema being built, so one FunctionSchema_free
 * cleans up a parse that failed half-way.
 *
 * Defaults are parsed from the text in place (so an error inside `[0, x]`
 * points at the `x`) and checked against the argument's type as they are read,
 * the way PyTorch's parseDefaultValue switches on the type kind.  The result
 * is an IValue of the argument's own type: `float eps=0` is the Double 0.0,
 * `int[2] stride=1` the list [1, 1], `MemoryFormat m=contiguous_format` a
 * MemoryFormat, `ScalarType? dtype=long` the ScalarType Long.
 *
 * NB(minaten): stricter than PyTorch's runtime parser, which accepts
 * `int x=1.5`, `Tensor x=None`, duplicate argument names and `int(a) x`; the
 * grammar is torchgen's (no blanks inside a type).  minaten also reads
 * `inf`/`-inf` for a float, as python_arg_parser.cpp does.  Alias sets `a|b`
 * and `(a -> b)` are not modelled: native_functions.yaml uses neither.
 *
 * PyTorch 1.13: torch/csrc/jit/frontend/function_schema_parser.cpp,
 * torch/csrc/jit/frontend/schema_type_parser.cpp,
 * torchgen/model.py (FunctionSchema.parse, Argument.parse, Type.parse)
 */
#include "dispatch/FunctionSchema.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runtime/ArrayRef.h"
#include "runtime/Exception.h"

typedef struct Parser {
  const char* text;
  size_t pos;
  SchemaParseError* err;
} Parser;

static const char* const kBaseTypeNames[] = {
#define BASE_TYPE_NAME(e, spelling) spelling,
    MINATEN_FORALL_SCHEMA_BASE_TYPES(BASE_TYPE_NAME)
#undef BASE_TYPE_NAME
};
_Static_assert(sizeof kBaseTypeNames / sizeof kBaseTypeNames[0] == SchemaBaseType_NumTypes,
               "one spelling per base type");

/* PyTorch 1.13: torchgen/model.py BaseTy (the names) */
const char* SchemaBaseType_name(SchemaBaseType b) {
  return (unsigned)b < SchemaBaseType_NumTypes ? kBaseTypeNames[b] : "?";
}

/* ---- the cursor ---------------------------------------------------------- */

/* Records the first error only: an error found while unwinding from another
 * would otherwise overwrite the real one.  Returns -1. */
__attribute__((format(printf, 3, 4)))
static int fail_at(Parser* p, size_t pos, const char* fmt, ...) {
  if (p->err->column == 0) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(p->err->message, sizeof p->err->message, fmt, ap);
    va_end(ap);
    p->err->column = (int)pos + 1;
  }
  return -1;
}

static void skip_space(Parser* p) {
  while (p->text[p->pos] == ' ' || p->text[p->pos] == '\t') p->pos++;
}

static char peek(Parser* p) {
  skip_space(p);
  return p->text[p->pos];
}

/* `c` exactly at the cursor (inside a type, where blanks are not allowed). */
static bool accept_here(Parser* p, char c) {
  if (p->text[p->pos] != c) return false;
  p->pos++;
  return true;
}

static bool accept(Parser* p, char c) {
  if (peek(p) != c) return false;
  p->pos++;
  return true;
}

/* The character at the cursor, quoted, for messages ("'x'", "end of
 * schema"); callers skip blanks first where blanks do not matter. */
static const char* describe(const Parser* p) {
  static _Thread_local char buf[16];
  unsigned char c = (unsigned char)p->text[p->pos];
  if (c == '\0') return "end of schema";
  if (isprint(c))
    snprintf(buf, sizeof buf, "'%c'", c);
  else
    snprintf(buf, sizeof buf, "'\\x%02x'", c);
  return buf;
}

static int expect(Parser* p, char c) {
  if (accept(p, c)) return 0;
  return fail_at(p, p->pos, "expected '%c' but found %s", c, describe(p));
}

/* text[0..n) as a new string; schemas are short, so running out of memory
 * here is not recoverable (as for IValue_copyString). */
static char* copy_text(const char* text, size_t n) {
  char* s = strndup(text, n);
  TORCH_INTERNAL_ASSERT(s != NULL);
  return s;
}

static bool is_ident_start(char c) { return isalpha((unsigned char)c) || c == '_'; }
static bool is_ident_char(char c) { return isalnum((unsigned char)c) || c == '_'; }

/* Length of the identifier at the cursor (after blanks), 0 if none. */
static size_t ident_length(Parser* p) {
  skip_space(p);
  if (!is_ident_start(p->text[p->pos])) return 0;
  size_t n = 1;
  while (is_ident_char(p->text[p->pos + n])) n++;
  return n;
}

/* An identifier into a new string; NULL with an error if there is none.
 * PyTorch 1.13: lexer.h Lexer::expect(TK_IDENT) */
static char* parse_ident(Parser* p, const char* what) {
  size_t n = ident_length(p);
  if (n == 0) {
    fail_at(p, p->pos, "expected %s but found %s", what, describe(p));
    return NULL;
  }
  p->pos += n;
  return copy_text(p->text + p->pos - n, n);
}

/* ---- types ---------------------------------------------------------------- */

/* After `Tensor(`: `a`, `a!`, `a -> *`, then `)`.
 * PyTorch 1.13: schema_type_parser.cpp SchemaTypeParser::parseAliasAnnotation */
static int parse_alias_annotation(Parser* p, AliasInfo* alias) {
  size_t n = ident_length(p);
  if (n == 0) return fail_at(p, p->pos, "expected an alias set name but found %s", describe(p));
  if (n >= sizeof alias->set)
    return fail_at(p, p->pos, "alias set name '%.*s' is too long", (int)n, p->text + p->pos);
  memcpy(alias->set, p->text + p->pos, n);
  alias->set[n] = '\0';
  p->pos += n;
  alias->present = true;
  alias->is_write = accept(p, '!');
  if (peek(p) == '-' && p->text[p->pos + 1] == '>') {
    p->pos += 2;
    if (expect(p, '*') < 0) return -1;
    alias->to_wildcard = true;
  }
  return expect(p, ')');
}

/* `[N]` after a base type, the cursor just past `[`.  N is capped: a sized
 * list's default is expanded to N elements.
 * PyTorch 1.13: function_schema_parser.cpp parseArgument (the size hint) */
static int parse_list_size(Parser* p, SchemaType* type) {
  size_t start = p->pos;
  int64_t n = 0;
  while (isdigit((unsigned char)p->text[p->pos])) {
    n = n * 10 + (p->text[p->pos++] - '0');
    if (n > MINATEN_MAX_DIM)
      return fail_at(p, start, "list size is larger than %d", MINATEN_MAX_DIM);
  }
  if (p->pos > start) type->list_size = n;
  if (accept_here(p, ']')) return 0;
  return fail_at(p, p->pos, "expected ']' but found %s", describe(p));
}

/* A type as torchgen spells it: no blanks inside (`Tensor(a!)?`, `int[2]`).
 * PyTorch 1.13: schema_type_parser.cpp SchemaTypeParser::parseType, torchgen Type.parse */
static int parse_type(Parser* p, SchemaType* type, AliasInfo* alias) {
  size_t len = ident_length(p);
  size_t start = p->pos;
  if (len == 0) return fail_at(p, start, "expected a type but found %s", describe(p));
  int base = -1;
  for (int i = 0; i < SchemaBaseType_NumTypes; i++)
    if (strlen(kBaseTypeNames[i]) == len && strncmp(kBaseTypeNames[i], p->text + start, len) == 0)
      base = i;
  if (base < 0) return fail_at(p, start, "unknown type '%.*s'", (int)len, p->text + start);
  p->pos += len;
  memset(type, 0, sizeof *type);
  type->base = (SchemaBaseType)base;
  type->list_size = -1;
  if (accept_here(p, '(')) {
    if (base != SchemaBaseType_Tensor)
      return fail_at(p, p->pos - 1, "alias annotations are only allowed on Tensor");
    if (parse_alias_annotation(p, alias) < 0) return -1;
  }
  type->is_optional = accept_here(p, '?');
  if (accept_here(p, '[')) {
    type->elem_optional = type->is_optional;
    type->is_list = true;
    if (parse_list_size(p, type) < 0) return -1;
    type->is_optional = accept_here(p, '?');
  }
  return 0;
}

/* ---- defaults ------------------------------------------------------------- */

static int mismatch(Parser* p, size_t pos, const Argument* a) {
  char type[64];
  return fail_at(p, pos, "default value of '%s' does not match type %s", a->name,
                 SchemaType_format(&a->type, type, sizeof type));
}

/* The escape sequence at `at` (a backslash) into *out; its length in *len.
 * PyTorch 1.13: parse_string_literal.h parseStringLiteral, parseOctal */
static int unescape(Parser* p, size_t at, char* out, size_t* len) {
  static const char from[] = "\\'\"abfnvt", to[] = "\\'\"\a\b\f\n\v\t";
  const char* s = p->text + at;
  const char* hit = s[1] != '\0' ? strchr(from, s[1]) : NULL;
  if (hit != NULL) {
    *out = to[hit - from];
    *len = 2;
    return 0;
  }
  if (s[1] == 'x') return fail_at(p, at, "unsupported hex specifier");
  if (s[1] == 'u' || s[1] == 'U') return fail_at(p, at, "unsupported unicode specifier");
  int c = 0;
  for (int i = 1; i <= 3; i++) {
    if (s[i] < '0' || s[i] > '7') return fail_at(p, at, "ill formed octal specifier");
    c = c * 8 + (s[i] - '0');
  }
  if (c >= 256) return fail_at(p, at, "ill formed octal specifier");
  *out = (char)c;
  *len = 4;
  return 0;
}

/* A quoted string, escapes resolved, into a new string (NULL on error).
 * PyTorch 1.13: parse_string_literal.h parseStringLiteral */
static char* parse_string_literal(Parser* p) {
  size_t start = p->pos;
  char quote = p->text[start];
  char* s = malloc(strlen(p->text + start) + 1);
  TORCH_INTERNAL_ASSERT(s != NULL);
  size_t n = 0;
  p->pos++;
  while (p->text[p->pos] != quote) {
    if (p->text[p->pos] == '\0') {
      free(s);
      fail_at(p, start, "unterminated string literal");
      return NULL;
    }
    if (p->text[p->pos] != '\\') {
      s[n++] = p->text[p->pos++];
      continue;
    }
    size_t len = 0;
    if (unescape(p, p->pos, &s[n++], &len) < 0) {
      free(s);
      return NULL;
    }
    p->pos += len;
  }
  p->pos++;
  s[n] = '\0';
  return s;
}

/* A number as the JIT lexer reads one (`-1`, `0.5`, `1e-05`, `-inf`) into an
 * Int or Double IValue: a '.' or an exponent makes it a Double. */
static int parse_number(Parser* p, const Argument* a, IValue* out) {
  size_t start = p->pos;
  size_t i = start + (p->text[start] == '-');
  if (strncmp(p->text + i, "inf", 3) == 0 && !is_ident_char(p->text[i + 3])) {
    p->pos = i + 3;
    *out = IValue_fromDouble(i > start ? -INFINITY : INFINITY);
    return 0;
  }
  size_t digits = 0;
  bool is_double = false;
  for (; isdigit((unsigned char)p->text[i]); i++) digits++;
  if (p->text[i] == '.') {
    is_double = true;
    for (i++; isdigit((unsigned char)p->text[i]); i++) digits++;
  }
  if (digits == 0) {
    p->pos = start + (p->text[start] == '-');
    return fail_at(p, p->pos, "expected a number but found %s", describe(p));
  }
  if (p->text[i] == 'e' || p->text[i] == 'E') {
    size_t e = i + 1 + (p->text[i + 1] == '-' || p->text[i + 1] == '+');
    if (isdigit((unsigned char)p->text[e])) {
      is_double = true;
      for (i = e; isdigit((unsigned char)p->text[i]);) i++;
    }
  }
  char* number = copy_text(p->text + start, i - start);
  errno = 0;
  if (is_double)
    *out = IValue_fromDouble(strtod(number, NULL));
  else
    *out = IValue_fromInt(strtoll(number, NULL, 10));
  free(number);
  if (errno == ERANGE && !is_double)
    return fail_at(p, start, "default value of '%s' is out of range for int", a->name);
  p->pos = i;
  return 0;
}

/* The enum names a default may use, by type; Python's spellings
 * (`torch.long`, `torch.contiguous_format`, `torch.per_tensor_affine`).
 * PyTorch 1.13: function_schema_parser.cpp parseSingleConstant (TK_IDENT) */
static const struct {
  SchemaBaseType type;
  const char* name;
  int64_t value;
} kEnumDefaults[] = {
    /* besides the dtype names ("float32", "int64"), torch's aliases */
    {SchemaBaseType_ScalarType, "float", ScalarType_Float},
    {SchemaBaseType_ScalarType, "double", ScalarType_Double},
    {SchemaBaseType_ScalarType, "long", ScalarType_Long},
    {SchemaBaseType_ScalarType, "int", ScalarType_Int},
    {SchemaBaseType_ScalarType, "short", ScalarType_Short},
    {SchemaBaseType_MemoryFormat, "contiguous_format", MemoryFormat_Contiguous},
    {SchemaBaseType_MemoryFormat, "preserve_format", MemoryFormat_Preserve},
    {SchemaBaseType_Layout, "strided", Layout_Strided},
    /* c10/core/QScheme.h values, as ints (minaten has no QScheme type) */
    {SchemaBaseType_QScheme, "per_tensor_affine", 0},
    {SchemaBaseType_QScheme, "per_channel_affine", 1},
    {SchemaBaseType_QScheme, "per_tensor_symmetric", 2},
    {SchemaBaseType_QScheme, "per_channel_symmetric", 3},
    {SchemaBaseType_QScheme, "per_channel_affine_float_qparams", 4},
    /* at::Reduction::Mean, the loss functions' `int reduction=Mean` */
    {SchemaBaseType_int, "Mean", 1}, {SchemaBaseType_SymInt, "Mean", 1},
};

static IValue enum_value(SchemaBaseType base, int64_t v) {
  switch (base) {
    case SchemaBaseType_ScalarType: return IValue_fromScalarType((ScalarType)v);
    case SchemaBaseType_MemoryFormat: return IValue_fromMemoryFormat((MemoryFormat)v);
    case SchemaBaseType_Layout: return IValue_fromLayout((Layout)v);
    default: return IValue_fromInt(v);
  }
}

/* True, with *out set, if word[0..n) names a value of `base`. */
static bool parse_enum_name(const char* word, size_t n, SchemaBaseType base, IValue* out) {
  for (size_t i = 0; i < sizeof kEnumDefaults / sizeof kEnumDefaults[0]; i++) {
    const char* name = kEnumDefaults[i].name;
    if (kEnumDefaults[i].type == base && strlen(name) == n && strncmp(word, name, n) == 0) {
      *out = enum_value(base, kEnumDefaults[i].value);
      return true;
    }
  }
  for (int t = 0; base == SchemaBaseType_ScalarType && t < ScalarType_NumOptions; t++) {
    const char* name = ScalarType_pyName((ScalarType)t); /* "float32", "quint8" */
    if (strlen(name) == n && strncmp(word, name, n) == 0) {
      *out = IValue_fromScalarType((ScalarType)t);
      return true;
    }
  }
  return false;
}

/* A number, checked against `base`: an int type takes only integers, a float
 * takes either (as a Double), a Scalar keeps what was written. */
static int parse_number_default(Parser* p, const Argument* a, SchemaBaseType base, IValue* out) {
  size_t start = p->pos;
  if (parse_number(p, a, out) < 0) return -1;
  if (SchemaType_isIntLike(base) && out->tag == IValueTag_Int) return 0;
  if (base == SchemaBaseType_Scalar) return 0;
  if (base == SchemaBaseType_float) {
    if (out->tag == IValueTag_Int) *out = IValue_fromDouble((double)out->u.i);
    return 0;
  }
  return mismatch(p, start, a);
}

/* A quoted string, for a str, a Dimname or a Device. */
static int parse_string_default(Parser* p, const Argument* a, SchemaBaseType base, IValue* out) {
  size_t start = p->pos;
  char* s = parse_string_literal(p);
  if (s == NULL) return -1;
  int rc = 0;
  Device device;
  if (base == SchemaBaseType_str || base == SchemaBaseType_Dimname) {
    *out = IValue_copyString(s);
  } else if (base != SchemaBaseType_Device) {
    rc = mismatch(p, start, a);
  } else if (Device_parse(s, &device) == 0) {
    *out = IValue_fromDevice(device);
  } else {
    rc = fail_at(p, start, "%s", Error_message());
    Error_clear();
  }
  free(s);
  return rc;
}

/* One constant of type `base` (a list's element type for list elements).
 * PyTorch 1.13: function_schema_parser.cpp parseSingleConstant */
static int parse_single_constant(Parser* p, const Argument* a, SchemaBaseType base, IValue* out) {
  skip_space(p);
  size_t start = p->pos;
  char c = p->text[start];
  if (c == '\'' || c == '"') return parse_string_default(p, a, base, out);
  size_t n = ident_length(p);
  bool is_inf = n == 3 && strncmp(p->text + start, "inf", 3) == 0;
  if (c == '-' || c == '.' || isdigit((unsigned char)c) || is_inf)
    return parse_number_default(p, a, base, out);
  if (n == 0) return fail_at(p, start, "expected a default value but found %s", describe(p));
  p->pos += n;
  bool is_true = n == 4 && strncmp(p->text + start, "True", 4) == 0;
  if (is_true || (n == 5 && strncmp(p->text + start, "False", 5) == 0)) {
    if (base != SchemaBaseType_bool && base != SchemaBaseType_Scalar) return mismatch(p, start, a);
    *out = IValue_fromBool(is_true);
    return 0;
  }
  if (parse_enum_name(p->text + start, n, base, out)) return 0;
  return mismatch(p, start, a);
}

/* Builds the owned list IValue of a list default from its elements. */
static IValue make_list(SchemaBaseType elem, const IValue* items, size_t n) {
  int64_t ints[MINATEN_MAX_DIM];
  double doubles[MINATEN_MAX_DIM];
  bool bools[MINATEN_MAX_DIM];
  for (size_t i = 0; i < n; i++) {
    if (elem == SchemaBaseType_float)
      doubles[i] = items[i].u.d;
    else if (elem == SchemaBaseType_bool)
      bools[i] = items[i].u.b;
    else
      ints[i] = items[i].u.i;
  }
  if (elem == SchemaBaseType_float) return IValue_copyDoubleList(doubles, n);
  if (elem == SchemaBaseType_bool) return IValue_copyBoolList(bools, n);
  return IValue_copyIntList(IntArrayRef_make(ints, n));
}

/* `[0, 1]`, `[]`, or, for a sized list `T[N]`, one constant repeated N times.
 * PyTorch 1.13: function_schema_parser.cpp parseDefaultValue (ListType),
 * parseConstantList, convertToList */
static int parse_list_default(Parser* p, const Argument* a, IValue* out) {
  SchemaBaseType elem = a->type.base;
  IValue items[MINATEN_MAX_DIM];
  size_t n = 0;
  bool supported = SchemaType_isIntLike(elem) || elem == SchemaBaseType_float ||
                   elem == SchemaBaseType_bool;
  if (!supported) {
    if (peek(p) != '[') return mismatch(p, p->pos, a);
    return fail_at(p, p->pos, "lists are only supported for float, int and complex types");
  }
  if (peek(p) != '[') {
    if (a->type.list_size < 0) return fail_at(p, p->pos, "expected '[' but found %s", describe(p));
    if (parse_single_constant(p, a, elem, &items[0]) < 0) return -1;
    for (n = 1; n < (size_t)a->type.list_size; n++) items[n] = items[0];
    *out = make_list(elem, items, (size_t)a->type.list_size);
    return 0;
  }
  p->pos++;
  if (!accept(p, ']')) {
    do {
      if (n == MINATEN_MAX_DIM)
        return fail_at(p, p->pos, "a list default has more than %d elements", MINATEN_MAX_DIM);
      if (parse_single_constant(p, a, elem, &items[n++]) < 0) return -1;
    } while (accept(p, ','));
    if (expect(p, ']') < 0) return -1;
  }
  *out = make_list(elem, items, n);
  return 0;
}

/* The default after `=`, as text and as an IValue of the argument's type.
 * PyTorch 1.13: function_schema_parser.cpp parseDefaultValue */
static int parse_default_value(Parser* p, Argument* a) {
  skip_space(p);
  size_t start = p->pos;
  int rc;
  if (a->type.is_optional && ident_length(p) == 4 && strncmp(p->text + start, "None", 4) == 0) {
    p->pos += 4;
    a->default_value = IValue_none();
    rc = 0;
  } else if (a->type.is_list) {
    rc = parse_list_default(p, a, &a->default_value);
  } else {
    rc = parse_single_constant(p, a, a->type.base, &a->default_value);
  }
  if (rc < 0) return -1;
  a->has_default = true;
  a->default_text = copy_text(p->text + start, p->pos - start);
  return 0;
}

/* ---- arguments, returns, names -------------------------------------------- */

/* PyTorch 1.13: function_schema_parser.cpp parseArgument */
static int parse_argument(Parser* p, Argument* a, bool is_return) {
  if (parse_type(p, &a->type, &a->alias_info) < 0) return -1;
  if (is_return) {
    /* optionally a name: `-> (Tensor values, Tensor indices)` */
    if (ident_length(p) > 0) a->name = parse_ident(p, "a return name");
    return 0;
  }
  a->name = parse_ident(p, "an argument name");
  if (a->name == NULL) return -1;
  if (accept(p, '=')) return parse_default_value(p, a);
  return 0;
}

/* Grows an Argument array by one zeroed slot. */
static Argument* push_argument(Argument** list, size_t* n) {
  Argument* grown = realloc(*list, (*n + 1) * sizeof **list);
  TORCH_INTERNAL_ASSERT(grown != NULL);
  *list = grown;
  memset(&grown[*n], 0, sizeof grown[*n]);
  grown[*n].default_value = IValue_none();
  return &grown[(*n)++];
}

/* NB(minaten): PyTorch's parser allows two arguments of one name; the
 * interpreter binds keyword arguments by name, so minaten does not. */
static int check_unique_name(Parser* p, const FunctionSchema* s, size_t pos) {
  const Argument* a = &s->arguments[s->num_arguments - 1];
  for (size_t i = 0; i + 1 < s->num_arguments; i++)
    if (strcmp(s->arguments[i].name, a->name) == 0)
      return fail_at(p, pos, "duplicate argument name '%s'", a->name);
  return 0;
}

/* `(Tensor self, *, Scalar alpha=1)`.
 * PyTorch 1.13: function_schema_parser.cpp parseDeclaration (arguments) */
static int parse_arguments(Parser* p, FunctionSchema* s) {
  if (expect(p, '(') < 0) return -1;
  if (accept(p, ')')) return 0;
  bool kwarg_only = false;
  for (;;) {
    if (accept(p, '*')) {
      if (kwarg_only) return fail_at(p, p->pos - 1, "'*' may appear only once");
      kwarg_only = true;
    } else {
      skip_space(p);
      size_t start = p->pos;
      Argument* a = push_argument(&s->arguments, &s->num_arguments);
      a->kwarg_only = kwarg_only;
      if (parse_argument(p, a, false) < 0 || check_unique_name(p, s, start) < 0) return -1;
    }
    if (accept(p, ')')) return 0;
    if (expect(p, ',') < 0) return -1;
  }
}

/* `-> Tensor`, `-> ()`, `-> (Tensor a, Tensor b)`.
 * PyTorch 1.13: function_schema_parser.cpp parseDeclaration (returns) */
static int parse_returns(Parser* p, FunctionSchema* s) {
  if (!accept(p, '(')) return parse_argument(p, push_argument(&s->returns, &s->num_returns), true);
  if (accept(p, ')')) return 0;
  for (;;) {
    if (parse_argument(p, push_argument(&s->returns, &s->num_returns), true) < 0) return -1;
    if (accept(p, ')')) return 0;
    if (expect(p, ',') < 0) return -1;
  }
}

/* `aten::add.Tensor`, `add.Tensor`, `add`; the namespace defaults to aten.
 * PyTorch 1.13: function_schema_parser.cpp parseName */
static int parse_name(Parser* p, FunctionSchema* s) {
  char* first = parse_ident(p, "an operator name");
  if (first == NULL) return -1;
  if (p->text[p->pos] == ':' && p->text[p->pos + 1] == ':') {
    p->pos += 2;
    s->ns = first;
    s->name = parse_ident(p, "an operator name");
    if (s->name == NULL) return -1;
  } else {
    s->ns = copy_text("aten", 4);
    s->name = first;
  }
  if (p->text[p->pos] != '.') {
    s->overload_name = copy_text("", 0);
    return 0;
  }
  p->pos++;
  size_t start = p->pos;
  s->overload_name = parse_ident(p, "an overload name");
  if (s->overload_name == NULL) return -1;
  if (strcmp(s->overload_name, "default") == 0 || strncmp(s->overload_name, "__", 2) == 0)
    return fail_at(p, start, "%s is not a legal overload name for aten operators",
                   s->overload_name);
  return 0;
}

/* PyTorch 1.13: function_schema_parser.cpp parseSchema (parseDeclaration, then EOF) */
int FunctionSchema_parse(const char* text, FunctionSchema* out, SchemaParseError* err) {
  memset(out, 0, sizeof *out);
  memset(err, 0, sizeof *err);
  Parser p = {text != NULL ? text : "", 0, err};
  if (parse_name(&p, out) < 0 || parse_arguments(&p, out) < 0) goto fail;
  skip_space(&p);
  if (strncmp(p.text + p.pos, "->", 2) != 0) {
    fail_at(&p, p.pos, "expected '->' after arguments but found %s", describe(&p));
    goto fail;
  }
  p.pos += 2;
  if (parse_returns(&p, out) < 0) goto fail;
  if (peek(&p) != '\0') {
    fail_at(&p, p.pos, "unexpected %s after the returns", describe(&p));
    goto fail;
  }
  for (size_t i = 0; i < out->num_arguments; i++)
    if (out->arguments[i].alias_info.is_write) out->is_mutable = true;
  return 0;
fail:
  FunctionSchema_free(out);
  return -1;
}

static void free_arguments(Argument* list, size_t n) {
  for (size_t i = 0; i < n; i++) {
    free(list[i].name);
    free(list[i].default_text);
    IValue_release(&list[i].default_value);
  }
  free(list);
}

/* Frees every string, argument array and default; leaves *s zeroed. */
void FunctionSchema_free(FunctionSchema* s) {
  free(s->ns);
  free(s->name);
  free(s->overload_name);
  free_arguments(s->arguments, s->num_arguments);
  free_arguments(s->returns, s->num_returns);
  memset(s, 0, sizeof *s);
}

/* PyTorch 1.13: ATen/core/operator_name.h toString(OperatorName) */
const char* FunctionSchema_qualifiedName(const FunctionSchema* s, char* buf, size_t buf_size) {
  if (s->overload_name && s->overload_name[0])
    snprintf(buf, buf_size, "%s::%s.%s", s->ns, s->name, s->overload_name);
  else
    snprintf(buf, buf_size, "%s::%s", s->ns, s->name);
  return buf;
}

/* PyTorch 1.13: torchgen/model.py BaseType/OptionalType/ListType.__str__ */
const char* SchemaType_format(const SchemaType* t, char* buf, size_t buf_size) {
  char size[24] = "";
  if (t->is_list && t->list_size >= 0) snprintf(size, sizeof size, "%lld", (long long)t->list_size);
  snprintf(buf, buf_size, "%s%s%s%s%s%s", SchemaBaseType_name(t->base),
           t->elem_optional ? "?" : "", t->is_list ? "[" : "", size, t->is_list ? "]" : "",
           t->is_optional ? "?" : "");
  return buf;
}
