/*
 * FunctionSchema.c - a recursive-descent parser for PyTorch's schema syntax;
 * see FunctionSchema.h for the grammar.
 *
 *   schema    := name [ '.' overload ] '(' arguments ')' '->' returns
 *   arguments := [ argument { ',' argument } ]      ('*' marks kwarg-only)
 *   argument  := type [ name [ '=' default ] ]
 *   type      := base [ '(' alias ')' ] [ '?' ] [ '[' [N] ']' [ '?' ] ]
 *   returns   := type | '(' [ return { ',' return } ] ')'
 *
 * A Parser is a cursor over the text; every error records the 1-based column
 * where it was found and unwinds through -1 returns.  All memory belongs to
 * the FunctionSchema being built and is freed by FunctionSchema_free, also
 * when the parse fails half-way.
 *
 * PyTorch 1.13: torch/csrc/jit/frontend/function_schema_parser.cpp,
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

const char* SchemaBaseType_name(SchemaBaseType b) {
  return b < SchemaBaseType_NumTypes ? kBaseTypeNames[b] : "?";
}

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

static bool accept(Parser* p, char c) {
  if (peek(p) != c) return false;
  p->pos++;
  return true;
}

/* The next non-blank character, quoted, for messages.  Does not move the
 * cursor (it is evaluated as an argument beside p->pos). */
static const char* describe(const Parser* p) {
  static _Thread_local char buf[16];
  size_t i = p->pos;
  while (p->text[i] == ' ' || p->text[i] == '\t') i++;
  char c = p->text[i];
  if (c == '\0') return "end of schema";
  snprintf(buf, sizeof buf, "'%c'", c);
  return buf;
}

static int expect(Parser* p, char c) {
  if (accept(p, c)) return 0;
  return fail_at(p, p->pos, "expected '%c' but found %s", c, describe(p));
}

static bool is_ident_char(char c) { return isalnum((unsigned char)c) || c == '_'; }

/* An identifier into a new string (NULL with an error if there is none). */
static char* parse_ident(Parser* p, const char* what) {
  skip_space(p);
  size_t start = p->pos;
  if (!isalpha((unsigned char)p->text[start]) && p->text[start] != '_') {
    fail_at(p, start, "expected %s but found %s", what, describe(p));
    return NULL;
  }
  while (is_ident_char(p->text[p->pos])) p->pos++;
  return strndup(p->text + start, p->pos - start);
}

/* PyTorch 1.13: function_schema_parser.cpp parseAliasAnnotation */
static int parse_alias(Parser* p, AliasInfo* alias) {
  size_t start = p->pos;
  skip_space(p);
  size_t n = 0;
  while (is_ident_char(p->text[p->pos])) {
    if (n + 1 >= sizeof alias->set) return fail_at(p, start, "alias set name too long");
    alias->set[n++] = p->text[p->pos++];
  }
  alias->set[n] = '\0';
  if (n == 0) return fail_at(p, p->pos, "expected an alias set name but found %s", describe(p));
  alias->present = true;
  if (accept(p, '!')) alias->is_write = true;
  if (peek(p) == '-' && p->text[p->pos + 1] == '>') {
    p->pos += 2;
    if (expect(p, '*') < 0) return -1;
    alias->to_wildcard = true;
  }
  return expect(p, ')');
}

/* PyTorch 1.13: function_schema_parser.cpp parseType (via SchemaTypeParser) */
static int parse_type(Parser* p, SchemaType* type, AliasInfo* alias) {
  skip_space(p);
  size_t start = p->pos;
  while (is_ident_char(p->text[p->pos])) p->pos++;
  size_t len = p->pos - start;
  if (len == 0) return fail_at(p, start, "expected a type but found %s", describe(p));
  int base = -1;
  for (int i = 0; i < SchemaBaseType_NumTypes; i++)
    if (strlen(kBaseTypeNames[i]) == len && strncmp(kBaseTypeNames[i], p->text + start, len) == 0)
      base = i;
  if (base < 0) return fail_at(p, start, "unknown type '%.*s'", (int)len, p->text + start);
  memset(type, 0, sizeof *type);
  type->base = (SchemaBaseType)base;
  type->list_size = -1;
  if (p->text[p->pos] == '(') {
    if (base != SchemaBaseType_Tensor)
      return fail_at(p, p->pos, "alias annotations are only allowed on Tensor");
    p->pos++;
    if (parse_alias(p, alias) < 0) return -1;
  }
  if (p->text[p->pos] == '?') {
    p->pos++;
    type->is_optional = true;
  }
  if (p->text[p->pos] == '[') {
    p->pos++;
    type->elem_optional = type->is_optional;
    type->is_optional = false;
    type->is_list = true;
    if (isdigit((unsigned char)p->text[p->pos])) {
      type->list_size = strtoll(p->text + p->pos, NULL, 10);
      while (isdigit((unsigned char)p->text[p->pos])) p->pos++;
    }
    if (p->text[p->pos] != ']')
      return fail_at(p, p->pos, "expected ']' but found %s", describe(p));
    p->pos++;
    if (p->text[p->pos] == '?') {
      p->pos++;
      type->is_optional = true;
    }
  }
  return 0;
}

/* ---- defaults ----------------------------------------------------------- */

/* Enum-like names a default may use, and what they mean.
 * PyTorch 1.13: torchgen/api/cpp.py default_expr, function_schema_parser.cpp parseDefaultValue */
static bool parse_enum_default(const char* word, const SchemaType* t, IValue* out) {
  static const struct { const char* name; ScalarType type; } dtypes[] = {
      {"float", ScalarType_Float}, {"double", ScalarType_Double}, {"long", ScalarType_Long},
      {"int", ScalarType_Int},     {"short", ScalarType_Short},   {"bool", ScalarType_Bool},
      {"uint8", ScalarType_Byte},  {"int8", ScalarType_Char},     {"quint8", ScalarType_QUInt8},
      {"qint8", ScalarType_QInt8}, {"qint32", ScalarType_QInt32}};
  if (t->base == SchemaBaseType_MemoryFormat) {
    if (strcmp(word, "contiguous_format") == 0) {
      *out = IValue_fromMemoryFormat(MemoryFormat_Contiguous);
      return true;
    }
    if (strcmp(word, "preserve_format") == 0) {
      *out = IValue_fromMemoryFormat(MemoryFormat_Preserve);
      return true;
    }
    return false;
  }
  if (t->base == SchemaBaseType_ScalarType) {
    for (size_t i = 0; i < sizeof dtypes / sizeof dtypes[0]; i++)
      if (strcmp(word, dtypes[i].name) == 0) {
        *out = IValue_fromScalarType(dtypes[i].type);
        return true;
      }
    return false;
  }
  if (t->base == SchemaBaseType_Layout && strcmp(word, "strided") == 0) {
    *out = IValue_fromLayout(Layout_Strided);
    return true;
  }
  /* Reduction::Mean and friends are ints in the schema; QScheme names too. */
  static const struct { const char* name; int64_t value; } ints[] = {
      {"Mean", 1}, {"Sum", 2}, {"None", 0}, {"per_tensor_affine", 0}, {"per_channel_affine", 1},
      {"per_tensor_symmetric", 2}, {"per_channel_symmetric", 3}, {"per_channel_affine_float_qparams", 4}};
  for (size_t i = 0; i < sizeof ints / sizeof ints[0]; i++)
    if (strcmp(word, ints[i].name) == 0 && (SchemaType_isIntLike(t->base) || t->base == SchemaBaseType_QScheme)) {
      *out = IValue_fromInt(ints[i].value);
      return true;
    }
  return false;
}

/* One number: an int IValue or a double IValue. Returns false if none. */
static bool parse_number(const char* s, size_t* len, IValue* out) {
  char* end = NULL;
  if (strncmp(s, "inf", 3) == 0 || strncmp(s, "-inf", 4) == 0) {
    *len = s[0] == '-' ? 4 : 3;
    *out = IValue_fromDouble(s[0] == '-' ? -INFINITY : INFINITY);
    return true;
  }
  errno = 0;
  long long i = strtoll(s, &end, 10);
  size_t ilen = (size_t)(end - s);
  double d = strtod(s, &end);
  size_t dlen = (size_t)(end - s);
  if (dlen == 0) return false;
  if (ilen == dlen && errno == 0) {
    *out = IValue_fromInt(i);
  } else {
    *out = IValue_fromDouble(d);
  }
  *len = dlen;
  return true;
}

/* Parses the default text of an argument of type t into an owned IValue. */
static int parse_default_value(Parser* p, size_t start, const char* text, const SchemaType* t,
                               IValue* out) {
  size_t len = 0;
  IValue num;
  if (strcmp(text, "None") == 0) {
    if (!t->is_optional && !t->elem_optional && t->base != SchemaBaseType_Any &&
        !SchemaType_isIntLike(t->base))
      return fail_at(p, start, "default value None is not allowed for a non-optional argument");
    *out = IValue_none();
    return 0;
  }
  if (strcmp(text, "True") == 0 || strcmp(text, "False") == 0) {
    if (t->base != SchemaBaseType_bool && t->base != SchemaBaseType_Scalar)
      return fail_at(p, start, "default value %s does not match type %s", text,
                     SchemaBaseType_name(t->base));
    *out = IValue_fromBool(text[0] == 'T');
    return 0;
  }
  if (text[0] == '\'' || text[0] == '"') {
    size_t n = strlen(text);
    if (n < 2 || text[n - 1] != text[0]) return fail_at(p, start, "unterminated string default");
    char* s = strndup(text + 1, n - 2);
    *out = IValue_copyString(s);
    free(s);
    return 0;
  }
  if (t->is_list) {
    int64_t values[64];
    size_t count = 0;
    if (text[0] == '[') {
      const char* c = text + 1;
      while (*c == ' ') c++;
      while (*c != ']') {
        if (count == 64 || !parse_number(c, &len, &num) || num.tag != IValueTag_Int)
          return fail_at(p, start, "default value %s does not match type int[]", text);
        values[count++] = num.u.i;
        c += len;
        while (*c == ' ') c++;
        if (*c == ',') c++;
        while (*c == ' ') c++;
        if (*c == '\0') return fail_at(p, start, "unterminated list default");
      }
      if (c[1] != '\0') return fail_at(p, start, "unexpected text after list default");
    } else if (parse_number(text, &len, &num) && num.tag == IValueTag_Int && text[len] == '\0') {
      /* `int[2] stride=1` means [1, 1]; `int[] x=1` means [1]. */
      size_t n = t->list_size > 0 ? (size_t)t->list_size : 1;
      for (count = 0; count < n && count < 64; count++) values[count] = num.u.i;
    } else {
      return fail_at(p, start, "default value %s does not match type %s[]", text,
                     SchemaBaseType_name(t->base));
    }
    if (!SchemaType_isIntLike(t->base) && count > 0 && t->base != SchemaBaseType_bool &&
        t->base != SchemaBaseType_float)
      return fail_at(p, start, "default value %s does not match type %s[]", text,
                     SchemaBaseType_name(t->base));
    *out = IValue_copyIntList(IntArrayRef_make(values, count));
    return 0;
  }
  if (parse_number(text, &len, &num) && text[len] == '\0') {
    if (num.tag == IValueTag_Double && SchemaType_isIntLike(t->base))
      return fail_at(p, start, "default value %s does not match type int", text);
    *out = num;
    return 0;
  }
  if (parse_enum_default(text, t, out)) return 0;
  return fail_at(p, start, "default value %s does not match type %s", text, SchemaBaseType_name(t->base));
}

/* The raw default text: up to the next ',' or ')' at bracket depth 0. */
static char* scan_default(Parser* p) {
  skip_space(p);
  size_t start = p->pos;
  int depth = 0;
  char quote = 0;
  for (;; p->pos++) {
    char c = p->text[p->pos];
    if (c == '\0') break;
    if (quote) {
      if (c == '\\' && p->text[p->pos + 1] != '\0') p->pos++;
      else if (c == quote) quote = 0;
      continue;
    }
    if (c == '\'' || c == '"') quote = c;
    else if (c == '[') depth++;
    else if (c == ']') depth--;
    else if ((c == ',' || c == ')') && depth == 0) break;
  }
  size_t end = p->pos;
  while (end > start && p->text[end - 1] == ' ') end--;
  if (end == start) {
    fail_at(p, start, "expected a default value but found %s", describe(p));
    return NULL;
  }
  return strndup(p->text + start, end - start);
}

/* PyTorch 1.13: function_schema_parser.cpp parseArgument */
static int parse_argument(Parser* p, Argument* a, bool is_return) {
  if (parse_type(p, &a->type, &a->alias_info) < 0) return -1;
  char c = peek(p);
  if (is_return && (c == ',' || c == ')' || c == '\0')) return 0;
  a->name = parse_ident(p, "an argument name");
  if (a->name == NULL) return -1;
  if (!is_return && accept(p, '=')) {
    size_t start = p->pos;
    skip_space(p);
    start = p->pos;
    a->default_text = scan_default(p);
    if (a->default_text == NULL) return -1;
    a->has_default = true;
    if (parse_default_value(p, start, a->default_text, &a->type, &a->default_value) < 0) return -1;
  }
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

static int parse_arguments(Parser* p, FunctionSchema* s) {
  if (expect(p, '(') < 0) return -1;
  if (accept(p, ')')) return 0;
  bool kwarg_only = false;
  for (;;) {
    if (accept(p, '*')) {
      if (kwarg_only) return fail_at(p, p->pos - 1, "'*' may appear only once");
      kwarg_only = true;
    } else {
      size_t start = p->pos;
      Argument* a = push_argument(&s->arguments, &s->num_arguments);
      a->kwarg_only = kwarg_only;
      if (parse_argument(p, a, false) < 0) return -1;
      for (size_t i = 0; i + 1 < s->num_arguments; i++)
        if (strcmp(s->arguments[i].name, a->name) == 0)
          return fail_at(p, start, "duplicate argument name '%s'", a->name);
      if (a->alias_info.is_write) s->is_mutable = true;
    }
    if (accept(p, ')')) return 0;
    if (expect(p, ',') < 0) return -1;
  }
}

static int parse_returns(Parser* p, FunctionSchema* s) {
  if (peek(p) != '(') return parse_argument(p, push_argument(&s->returns, &s->num_returns), true);
  p->pos++;
  if (accept(p, ')')) return 0;
  for (;;) {
    if (parse_argument(p, push_argument(&s->returns, &s->num_returns), true) < 0) return -1;
    if (accept(p, ')')) return 0;
    if (expect(p, ',') < 0) return -1;
  }
}

/* PyTorch 1.13: function_schema_parser.cpp parseName */
static int parse_name(Parser* p, FunctionSchema* s) {
  char* first = parse_ident(p, "an operator name");
  if (first == NULL) return -1;
  if (p->text[p->pos] == ':' && p->text[p->pos + 1] == ':') {
    p->pos += 2;
    s->ns = first;
    s->name = parse_ident(p, "an operator name");
    if (s->name == NULL) return -1;
  } else {
    s->ns = strdup("aten");
    s->name = first;
  }
  if (p->text[p->pos] == '.') {
    p->pos++;
    s->overload_name = parse_ident(p, "an overload name");
    if (s->overload_name == NULL) return -1;
  } else {
    s->overload_name = strdup("");
  }
  return 0;
}

/* PyTorch 1.13: function_schema_parser.cpp parseSchema */
int FunctionSchema_parse(const char* text, FunctionSchema* out, SchemaParseError* err) {
  memset(out, 0, sizeof *out);
  memset(err, 0, sizeof *err);
  Parser p = {text, 0, err};
  if (parse_name(&p, out) < 0 || parse_arguments(&p, out) < 0) goto fail;
  skip_space(&p);
  if (strncmp(text + p.pos, "->", 2) != 0) {
    fail_at(&p, p.pos, "expected '->' after arguments but found %s", describe(&p));
    goto fail;
  }
  p.pos += 2;
  if (parse_returns(&p, out) < 0) goto fail;
  if (peek(&p) != '\0') {
    fail_at(&p, p.pos, "unexpected %s after the returns", describe(&p));
    goto fail;
  }
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

void FunctionSchema_free(FunctionSchema* s) {
  free(s->ns);
  free(s->name);
  free(s->overload_name);
  free_arguments(s->arguments, s->num_arguments);
  free_arguments(s->returns, s->num_returns);
  memset(s, 0, sizeof *s);
}

const char* FunctionSchema_qualifiedName(const FunctionSchema* s, char* buf, size_t buf_size) {
  if (s->overload_name && s->overload_name[0])
    snprintf(buf, buf_size, "%s::%s.%s", s->ns, s->name, s->overload_name);
  else
    snprintf(buf, buf_size, "%s::%s", s->ns, s->name);
  return buf;
}

const char* SchemaType_format(const SchemaType* t, char* buf, size_t buf_size) {
  char size[24] = "";
  if (t->list_size >= 0) snprintf(size, sizeof size, "%lld", (long long)t->list_size);
  snprintf(buf, buf_size, "%s%s%s%s%s%s", SchemaBaseType_name(t->base),
           t->elem_optional ? "?" : "", t->is_list ? "[" : "", t->is_list ? size : "",
           t->is_list ? "]" : "", t->is_optional ? "?" : "");
  return buf;
}
