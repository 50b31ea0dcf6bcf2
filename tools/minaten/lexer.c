/*
 * lexer.c - Python's tokenizer, for one line of the dialect.
 *
 * The whole line is tokenized before it is parsed, as Python compiles a
 * line before running any of it.  Tokens are names (keywords included),
 * numbers (`24`, `24.`, `.5`, `1e-3`, `1_000`, `0x1f`), strings in ' or "
 * (escapes decoded, optional r/u prefix), operators and brackets.  Each
 * token records the bracket depth before it: the parser's "Perhaps you
 * forgot a comma?" hint needs it, as CPython's does.
 *
 * The errors are those of CPython 3.11's tokenizer, word for word, since
 * the dialect's SyntaxError lines are compared exactly: "unterminated string
 * literal (detected at line 1)", "invalid decimal literal", "unmatched ')'",
 * "closing parenthesis ']' does not match opening parenthesis '('",
 * "invalid character '€' (U+20AC)".  A tokenizer error wins over any parser
 * error on the same line (CPython: _PyPegen_tokenize_full_source_to_check_for_errors).
 *
 * Python 3.11: Parser/tokenizer.c (tok_get, verify_end_of_number, tok_decimal_tail)
 */
#include "tools/minaten/lexer.h"

#include <ctype.h>
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runtime/Exception.h"

/* Decodes the UTF-8 sequence at p: its length (1 for a stray byte). */
static int utf8_decode(const char* p, unsigned* cp) {
  const unsigned char* u = (const unsigned char*)p;
  int len = u[0] >= 0xF0 ? 4 : u[0] >= 0xE0 ? 3 : u[0] >= 0xC0 ? 2 : 1;
  *cp = len == 1 ? u[0] : u[0] & (0x3F >> (len - 1));
  for (int i = 1; i < len; i++) {
    if ((u[i] & 0xC0) != 0x80) return 1;
    *cp = (*cp << 6) | (u[i] & 0x3F);
  }
  return len;
}

/* Whether a non-ASCII code point may be part of a name.  NB(minaten): an
 * approximation of Unicode's XID_Continue by blocks: letters of the
 * alphabets and CJK are, punctuation, currency, arrows, math symbols and
 * emoji are not. */
static bool is_id_codepoint(unsigned cp) {
  if (cp < 0x80) return false;
  if (cp < 0x100) return cp == 0xAA || cp == 0xB5 || cp == 0xBA || (cp >= 0xC0 && cp != 0xD7 && cp != 0xF7);
  if (cp >= 0x2000 && cp < 0x2C00) return false;
  if (cp >= 0x3000 && cp < 0x3040) return false;
  if (cp >= 0xD800 && cp < 0xF900) return false;
  if (cp >= 0x1F000 && cp < 0x20000) return false;
  return cp < 0x110000;
}

/* The length of a name character at p, or 0. */
static int id_char_len(const char* p, bool start) {
  unsigned char c = (unsigned char)*p;
  if (c < 0x80) return (start ? isalpha(c) : isalnum(c)) || c == '_' ? 1 : 0;
  unsigned cp;
  int len = utf8_decode(p, &cp);
  return is_id_codepoint(cp) ? len : 0;
}
static bool is_id_start_at(const char* p) { return id_char_len(p, true) > 0; }

static void set_error(TokenList* tl, const char* fmt, const char* arg) {
  if (tl->error != NULL) return;
  size_t n = strlen(fmt) + (arg ? strlen(arg) : 0) + 1;
  tl->error = malloc(n);
  TORCH_INTERNAL_ASSERT(tl->error != NULL);
  snprintf(tl->error, n, fmt, arg ? arg : "");
}

static Token* push(TokenList* tl) {
  tl->tokens = realloc(tl->tokens, (size_t)(tl->ntokens + 1) * sizeof(Token));
  TORCH_INTERNAL_ASSERT(tl->tokens != NULL);
  Token* t = &tl->tokens[tl->ntokens++];
  memset(t, 0, sizeof *t);
  t->level = tl->nopen;
  return t;
}

/* Digits with single underscores between them (tok_decimal_tail).  Returns
 * the end, or NULL after an underscore not followed by a digit. */
static const char* digits_tail(const char* p, int (*is_digit)(int)) {
  for (;;) {
    while (is_digit((unsigned char)*p)) p++;
    if (*p != '_') return p;
    p++;
    if (!is_digit((unsigned char)*p)) return NULL;
  }
}

static int is_octal(int c) { return c >= '0' && c <= '7'; }
static int is_binary(int c) { return c == '0' || c == '1'; }
static int is_dec(int c) { return isdigit(c); }
static int is_hex(int c) { return isxdigit(c); }

/* Copies [start, end) without underscores into buf. */
static void strip_underscores(const char* start, const char* end, char* buf, size_t size) {
  size_t n = 0;
  for (const char* p = start; p < end && n + 1 < size; p++)
    if (*p != '_') buf[n++] = *p;
  buf[n] = '\0';
}

/* A number at p; returns the end, or NULL with the error set. */
static const char* lex_number(TokenList* tl, Token* t, const char* p) {
  const char* start = p;
  char buf[512];
  const char* kind = "decimal";
  if (p[0] == '0' && strchr("xXoObB", p[1]) && p[1] != '\0') {
    char base = (char)tolower((unsigned char)p[1]);
    int (*digit)(int) = base == 'x' ? is_hex : base == 'o' ? is_octal : is_binary;
    kind = base == 'x' ? "hexadecimal" : base == 'o' ? "octal" : "binary";
    p += 2;
    if (*p == '_') p++;
    if (!digit((unsigned char)*p)) {
      set_error(tl, base == 'x' ? "invalid hexadecimal literal" : base == 'o' ? "invalid octal literal"
                                                                             : "invalid binary literal", NULL);
      return NULL;
    }
    p = digits_tail(p, digit);
    if (p == NULL) {
      set_error(tl, "invalid %s literal", kind);
      return NULL;
    }
    strip_underscores(start + 2, p, buf, sizeof buf);
    errno = 0;
    unsigned long long v = strtoull(buf, NULL, base == 'x' ? 16 : base == 'o' ? 8 : 2);
    t->kind = errno == 0 && v <= INT64_MAX ? Tok_Int : Tok_Float;
    t->i = (int64_t)v;
    t->f = (double)v;
  } else {
    bool is_float = false;
    if (*p != '.') {
      p = digits_tail(p, is_dec);
      if (p == NULL) goto invalid;
    }
    if (*p == '.') {
      is_float = true;
      p++;
      if (isdigit((unsigned char)*p)) {
        p = digits_tail(p, is_dec);
        if (p == NULL) goto invalid;
      }
    }
    if (*p == 'e' || *p == 'E') {
      is_float = true;
      p++;
      if (*p == '+' || *p == '-') p++;
      if (!isdigit((unsigned char)*p)) goto invalid;
      p = digits_tail(p, is_dec);
      if (p == NULL) goto invalid;
    }
    if (*p == 'j' || *p == 'J') {
      /* NB(minaten): no complex numbers; an imaginary literal is an error token. */
      t->kind = Tok_Bad;
      return p + 1;
    }
    strip_underscores(start, p, buf, sizeof buf);
    if (!is_float && buf[0] == '0' && strspn(buf, "0") != strlen(buf)) {
      set_error(tl, "leading zeros in decimal integer literals are not permitted; use an 0o prefix for octal integers",
                NULL);
      return NULL;
    }
    errno = 0;
    unsigned long long v = is_float ? 0 : strtoull(buf, NULL, 10);
    /* NB(minaten): ints are 64-bit; a larger literal becomes a float. */
    if (is_float || errno != 0 || v > INT64_MAX) {
      t->kind = Tok_Float;
      t->f = strtod(buf, NULL);
    } else {
      t->kind = Tok_Int;
      t->i = (int64_t)v;
    }
  }
  /* verify_end_of_number: a number may not run into a name. */
  if (is_id_start_at(p)) {
  invalid:
    set_error(tl, "invalid %s literal", kind);
    return NULL;
  }
  return p;
}

/* A string literal at p (after any prefix); returns the end or NULL. */
static const char* lex_string(TokenList* tl, Token* t, const char* p, bool raw) {
  char quote = *p;
  bool triple = p[1] == quote && p[2] == quote;
  p += triple ? 3 : 1;
  size_t cap = strlen(p) + 1, n = 0;
  char* out = malloc(cap);
  TORCH_INTERNAL_ASSERT(out != NULL);
  for (;;) {
    if (*p == '\0') {
      free(out);
      set_error(tl, triple ? "unterminated triple-quoted string literal (detected at line 1)"
                           : "unterminated string literal (detected at line 1)", NULL);
      return NULL;
    }
    if (*p == quote && (!triple || (p[1] == quote && p[2] == quote))) {
      p += triple ? 3 : 1;
      break;
    }
    if (*p == '\\' && p[1] != '\0') {
      char c = p[1];
      const char* esc = raw ? NULL : strchr("\\'\"abfnrtv0", c);
      static const char decoded[] = "\\'\"\a\b\f\n\r\t\v\0";
      if (esc != NULL) {
        out[n++] = decoded[esc - "\\'\"abfnrtv0"];
        p += 2;
        continue;
      }
      if (!raw && c == 'x' && isxdigit((unsigned char)p[2]) && isxdigit((unsigned char)p[3])) {
        char hex[3] = {p[2], p[3], 0};
        out[n++] = (char)strtol(hex, NULL, 16);
        p += 4;
        continue;
      }
      out[n++] = *p++; /* unknown escapes keep their backslash, as Python does */
      out[n++] = *p++;
      continue;
    }
    out[n++] = *p++;
  }
  out[n] = '\0';
  t->kind = Tok_Str;
  t->s = out;
  t->slen = n;
  return p;
}

static const char* const kOps[] = {"...", "**=", "//=", ">>=", "<<=", "**", "//", "<=", ">=", "==", "!=",
                                   "->",  "+=",  "-=",  "*=",  "/=",  "%=", "@=", "&=", "|=", "^=", ":=",
                                   "<<",  ">>",  "(",   ")",   "[",   "]",  "{",  "}",  ",",  ":",  ".",
                                   ";",   "=",   "+",   "-",   "*",   "/",  "@",  "<",  ">",  "%",  "&",
                                   "|",   "^",   "~"};

/* A closing bracket: checks it against the innermost open one. */
static bool close_bracket(TokenList* tl, char c) {
  char want = c == ')' ? '(' : c == ']' ? '[' : '{';
  char s[2] = {c, 0};
  if (tl->nopen == 0) {
    set_error(tl, "unmatched '%s'", s);
    return false;
  }
  char open = tl->open[tl->nopen - 1];
  if (open != want) {
    char msg[96];
    snprintf(msg, sizeof msg, "closing parenthesis '%c' does not match opening parenthesis '%c'", c, open);
    set_error(tl, "%s", msg);
    return false;
  }
  tl->nopen--;
  return true;
}

/* "invalid character '€' (U+20AC)" for the UTF-8 sequence at p. */
static void invalid_character(TokenList* tl, const char* p) {
  unsigned cp;
  int len = utf8_decode(p, &cp);
  char msg[64];
  snprintf(msg, sizeof msg, "invalid character '%.*s' (U+%04X)", len, p, cp);
  set_error(tl, "%s", msg);
}

void TokenList_init(TokenList* tl, const char* line) {
  memset(tl, 0, sizeof *tl);
  const char* p = line;
  while (tl->error == NULL) {
    while (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\f') p++;
    if (*p == '\0' || *p == '\n' || *p == '#') break;
    Token* t = push(tl);
    t->start = p;
    const char* end = NULL;
    unsigned char c = (unsigned char)*p;
    if (c >= 0x80 && !is_id_start_at(p)) {
      invalid_character(tl, p);
    } else if (is_id_start_at(p)) {
      const char* q = p;
      for (int k; (k = id_char_len(q, false)) > 0;) q += k;
      size_t n = (size_t)(q - p);
      bool prefix = n == 1 && strchr("rRuU", *p) != NULL; /* r'...', u'...' */
      if (prefix && (*q == '\'' || *q == '"')) {
        end = lex_string(tl, t, q, *p == 'r' || *p == 'R');
      } else {
        t->kind = Tok_Name;
        end = q;
      }
    } else if (isdigit(c) || (c == '.' && isdigit((unsigned char)p[1]))) {
      end = lex_number(tl, t, p);
    } else if (c == '\'' || c == '"') {
      end = lex_string(tl, t, p, false);
    } else if (c == '\\') {
      set_error(tl, "unexpected character after line continuation character", NULL);
    } else {
      for (size_t i = 0; i < sizeof kOps / sizeof kOps[0]; i++) {
        size_t n = strlen(kOps[i]);
        if (strncmp(p, kOps[i], n) == 0) {
          t->kind = Tok_Op;
          memcpy(t->op, kOps[i], n + 1);
          end = p + n;
          break;
        }
      }
      if (end == NULL) {
        t->kind = Tok_Bad; /* $ ? ! `: ERRORTOKEN, "invalid syntax" from the parser */
        end = p + 1;
      } else if (strchr("([{", c) && t->op[1] == '\0') {
        if (tl->nopen < (int)sizeof tl->open) tl->open[tl->nopen] = (char)c;
        tl->nopen++;
        if (tl->nopen > (int)sizeof tl->open) set_error(tl, "too many nested parentheses", NULL);
      } else if (strchr(")]}", c) && t->op[1] == '\0') {
        close_bracket(tl, (char)c);
      }
    }
    if (tl->error != NULL) {
      free(t->s);
      memset(t, 0, sizeof *t);
      t->start = p;
      t->level = tl->nopen;
      break; /* t becomes the Tok_End that stands for the error */
    }
    t->len = (size_t)(end - p);
    p = end;
  }
  if (tl->error == NULL) {
    Token* t = push(tl);
    t->kind = Tok_End;
    t->start = p;
  }
}

void TokenList_free(TokenList* tl) {
  for (int i = 0; i < tl->ntokens; i++) free(tl->tokens[i].s);
  free(tl->tokens);
  free(tl->error);
  memset(tl, 0, sizeof *tl);
}
