/*
 * lexer.c - Python's tokenizer, for the text of one statement of the dialect.
 *
 * The whole text is tokenized before it is parsed, as Python compiles a
 * statement before running any of it.  Tokens are names (keywords
 * included), numbers (`24`, `24.`, `.5`, `1e-3`, `1_000`, `0x1f`), strings in
 * ' or " (escapes decoded, optional r/u prefix, triple-quoted ones across
 * lines), operators and brackets, and the tokens of Python's block
 * structure: NEWLINE at the end of each logical line, INDENT and DEDENT
 * where the indentation grows or shrinks (CPython's indentation stack: a
 * tab advances to the next multiple of 8 columns, and the same line read
 * with tabs of width 1 must agree, else TabError).  Inside brackets and
 * after a `\` line continuation, lines join; blank and comment-only lines
 * produce nothing.  The text is read as if it ended with a newline, as the
 * reference run compiles each statement with one.
 *
 * Each token records its position (line and column) and the bracket depth
 * before it: the parser's "Perhaps you forgot a comma?" hint needs it, as
 * CPython's does, and tracebacks point at columns.
 *
 * The errors are those of CPython 3.11's tokenizer, word for word, since
 * the dialect's SyntaxError lines are compared exactly: "unterminated string
 * literal (detected at line 1)", "invalid decimal literal", "unmatched ')'",
 * "closing parenthesis ']' does not match opening parenthesis '('",
 * "invalid character '€' (U+20AC)", "unindent does not match any outer
 * indentation level".  See lexer.h for which of them win over the parser's.
 *
 * Python 3.11: Parser/tokenizer.c (tok_get, indenterror, verify_end_of_number, tok_decimal_tail)
 */
#include "tools/minaten/interpreter/lexer.h"

#include <ctype.h>
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tools/minaten/interpreter/utf8.h"

enum { kTabSize = 8, kAltTabSize = 1, kMaxIndent = 100 }; /* tokenizer.c TABSIZE, ALTTABSIZE, MAXINDENT */

/* The tokenizer's position in the text. */
typedef struct Lexer {
  TokenList* tl;
  const char* p;          /* the next character */
  const char* line_start; /* the start of the current physical line */
  int lineno;
  int indstack[kMaxIndent], altindstack[kMaxIndent], indent; /* tok->indstack, tok->altindstack */
  bool atbol;             /* at the beginning of a logical line */
  bool line_has_tokens;   /* a NEWLINE is due at the end of this logical line */
} Lexer;

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

/* Records the tokenizer's error (the first one wins); col -1 is the
 * current column. */
static void set_error(Lexer* lx, ErrorType type, bool raised, int lineno, int col, int end_col, const char* fmt,
                      const char* arg) {
  TokenList* tl = lx->tl;
  if (tl->error != NULL) return;
  size_t n = strlen(fmt) + (arg ? strlen(arg) : 0) + 1;
  tl->error = malloc(n);
  TORCH_INTERNAL_ASSERT(tl->error != NULL);
  snprintf(tl->error, n, fmt, arg ? arg : "");
  tl->error_type = type;
  tl->error_raised = raised;
  tl->error_lineno = lineno;
  tl->error_col = col;
  tl->error_end_col = end_col;
}

/* A SyntaxError the tokenizer raises at character `at` of the current line. */
static void raise_at(Lexer* lx, const char* at, const char* fmt, const char* arg) {
  int col = (int)(at - lx->line_start);
  set_error(lx, ErrorType_SyntaxError, true, lx->lineno, col, col, fmt, arg);
}

static Token* push(Lexer* lx, TokKind kind, const char* at) {
  TokenList* tl = lx->tl;
  /* room for a short line's tokens at once (12: under 1 KiB, what glibc's
   * per-thread cache serves fastest), then doubling */
  if (tl->ntokens == tl->capacity) {
    tl->capacity = tl->capacity ? 2 * tl->capacity : 12;
    tl->tokens = realloc(tl->tokens, (size_t)tl->capacity * sizeof(Token));
    TORCH_INTERNAL_ASSERT(tl->tokens != NULL);
  }
  Token* t = &tl->tokens[tl->ntokens++];
  memset(t, 0, sizeof *t);
  t->kind = kind;
  t->start = at;
  t->level = tl->nopen;
  t->lineno = t->end_lineno = lx->lineno;
  t->col = t->end_col = (int)(at - lx->line_start);
  return t;
}

/* Moves past the '\n' at p to the next physical line. */
static void next_line(Lexer* lx, const char* p) {
  lx->p = p + 1;
  lx->line_start = lx->p;
  lx->lineno++;
}

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

/* "invalid decimal literal" at p; returns NULL. */
static const char* invalid_literal(Lexer* lx, const char* p, const char* kind) {
  raise_at(lx, p, "invalid %s literal", kind);
  return NULL;
}

/* "invalid digit '8' in octal literal" at p; returns NULL.  Python 3.11:
 * Parser/tokenizer.c tok_get: a decimal digit that is not one of the base's. */
static const char* invalid_digit(Lexer* lx, const char* p, const char* kind) {
  char bad[64];
  snprintf(bad, sizeof bad, "invalid digit '%c' in %%s literal", *p);
  raise_at(lx, p, bad, kind);
  return NULL;
}

/* 0x.., 0o.., 0b.. at p (kind: "hexadecimal", ...): sets the token, an Int,
 * or a Float past INT64_MAX; returns the end, or NULL with the error set. */
static const char* lex_prefixed_number(Lexer* lx, Token* t, const char* p, const char* kind) {
  const char* start = p;
  char buf[512];
  char base = (char)tolower((unsigned char)p[1]);
  int (*digit)(int) = base == 'x' ? is_hex : base == 'o' ? is_octal : is_binary;
  p += 2;
  do {
    if (*p == '_') p++;
    if (!digit((unsigned char)*p)) {
      if (base != 'x' && isdigit((unsigned char)*p)) return invalid_digit(lx, p, kind);
      return invalid_literal(lx, p, kind);
    }
    while (digit((unsigned char)*p)) p++;
  } while (*p == '_');
  if (base != 'x' && isdigit((unsigned char)*p)) return invalid_digit(lx, p, kind);
  strip_underscores(start + 2, p, buf, sizeof buf);
  errno = 0;
  unsigned long long v = strtoull(buf, NULL, base == 'x' ? 16 : base == 'o' ? 8 : 2);
  t->kind = errno == 0 && v <= INT64_MAX ? Tok_Int : Tok_Float;
  t->i = (int64_t)v;
  t->f = (double)v;
  return p;
}

/* A decimal int or float at p (`12`, `1_000`, `.5`, `1e-3`): sets the
 * token (Tok_Bad for an imaginary literal); returns the end, or NULL with
 * the error set. */
static const char* lex_decimal_number(Lexer* lx, Token* t, const char* p) {
  const char* start = p;
  char buf[512];
  bool is_float = false;
  if (*p != '.' && (p = digits_tail(p, is_dec)) == NULL) return invalid_literal(lx, p, "decimal");
  if (*p == '.') {
    is_float = true;
    p++;
    if (isdigit((unsigned char)*p) && (p = digits_tail(p, is_dec)) == NULL) return invalid_literal(lx, p, "decimal");
  }
  if (*p == 'e' || *p == 'E') {
    is_float = true;
    p++;
    if (*p == '+' || *p == '-') p++;
    if (!isdigit((unsigned char)*p) || (p = digits_tail(p, is_dec)) == NULL) return invalid_literal(lx, p, "decimal");
  }
  if (*p == 'j' || *p == 'J') {
    /* NB(minaten): no complex numbers; an imaginary literal is an error token. */
    t->kind = Tok_Bad;
    return p + 1;
  }
  strip_underscores(start, p, buf, sizeof buf);
  if (!is_float && buf[0] == '0' && strspn(buf, "0") != strlen(buf)) {
    raise_at(lx, start, "leading zeros in decimal integer literals are not permitted; use an 0o prefix for octal integers",
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
  return p;
}

/* A number at p; returns the end, or NULL with the error set. */
static const char* lex_number(Lexer* lx, Token* t, const char* p) {
  bool prefixed = p[0] == '0' && strchr("xXoObB", p[1]) && p[1] != '\0';
  char base = prefixed ? (char)tolower((unsigned char)p[1]) : 'd';
  const char* kind = base == 'x' ? "hexadecimal" : base == 'o' ? "octal" : base == 'b' ? "binary" : "decimal";
  const char* end = prefixed ? lex_prefixed_number(lx, t, p, kind) : lex_decimal_number(lx, t, p);
  if (end == NULL || t->kind == Tok_Bad) return end;
  /* verify_end_of_number: a number may not run into a name. */
  if (is_id_start_at(end)) return invalid_literal(lx, end, kind);
  return end;
}

/* The escape sequence at p (a backslash, not before a newline or the end)
 * decoded into out + *n (raw: kept as written); returns the text after it.
 * An unknown escape keeps its backslash, as Python does. */
static const char* decode_escape(const char* p, bool raw, char* out, size_t* n) {
  char c = p[1];
  if (!raw && c >= '0' && c <= '7') { /* \ooo: one to three octal digits, a code point up to U+01FF */
    unsigned cp = 0;
    int k = 1;
    for (; k <= 3 && p[k] >= '0' && p[k] <= '7'; k++) cp = cp * 8 + (unsigned)(p[k] - '0');
    *n += (size_t)utf8_encode(cp, out + *n);
    return p + k;
  }
  static const char escaped[] = "\\'\"abfnrtv"; /* \\ \' \" \a ... and what each stands for: */
  static const char decoded[] = "\\'\"\a\b\f\n\r\t\v";
  const char* esc = raw || c == '\0' ? NULL : strchr(escaped, c);
  if (esc != NULL) {
    out[(*n)++] = decoded[esc - escaped];
    return p + 2;
  }
  /* \xhh, \uxxxx, \Uxxxxxxxx: the code point, in UTF-8 (never longer than the escape) */
  int digits = raw ? 0 : c == 'x' ? 2 : c == 'u' ? 4 : c == 'U' ? 8 : 0;
  int k = 0;
  while (k < digits && isxdigit((unsigned char)p[2 + k])) k++;
  if (digits > 0 && k == digits) {
    char hex[9] = {0};
    memcpy(hex, p + 2, (size_t)digits);
    unsigned long cp = strtoul(hex, NULL, 16);
    if (cp < 0x110000 && !(cp >= 0xD800 && cp < 0xE000)) { /* NB(minaten): no lone surrogates */
      *n += (size_t)utf8_encode((unsigned)cp, out + *n);
      return p + 2 + digits;
    }
  }
  out[(*n)++] = p[0];
  out[(*n)++] = p[1];
  return p + 2;
}

/* "unterminated string literal (detected at line 3)": reported where the
 * string starts (start, on line start_line beginning at line_start),
 * "detected" where the text ends (p: the end of the line, or of the text). */
static void unterminated_string(Lexer* lx, const char* start, int start_line, const char* line_start,
                                const char* p, bool triple) {
  char msg[96];
  int detected = lx->lineno;
  if (triple) {
    for (const char* q = p; *q; q++) detected += *q == '\n';
  }
  snprintf(msg, sizeof msg, "unterminated %sstring literal (detected at line %d)", triple ? "triple-quoted " : "",
           detected);
  int col = (int)(start - line_start);
  set_error(lx, ErrorType_SyntaxError, true, start_line, col, col, "%s", msg);
}

/* A string literal at p (after any prefix); returns the end or NULL.  A
 * triple-quoted string runs across lines; a `\` before a newline joins the
 * lines (except in a raw string, where both stay). */
static const char* lex_string(Lexer* lx, Token* t, const char* p, bool raw) {
  const char* start = p;
  int start_line = lx->lineno;
  const char* start_line_start = lx->line_start;
  char quote = *p;
  bool triple = p[1] == quote && p[2] == quote;
  p += triple ? 3 : 1;
  size_t cap = strlen(p) + 1, n = 0;
  char* out = malloc(cap);
  TORCH_INTERNAL_ASSERT(out != NULL);
  for (;;) {
    if (*p == '\0' || (*p == '\n' && !triple)) {
      free(out);
      unterminated_string(lx, start, start_line, start_line_start, p, triple);
      return NULL;
    }
    if (*p == quote && (!triple || (p[1] == quote && p[2] == quote))) {
      p += triple ? 3 : 1;
      break;
    }
    if (*p == '\n') { /* inside a triple-quoted string */
      out[n++] = '\n';
      next_line(lx, p);
      p = lx->p;
      continue;
    }
    if (*p == '\\' && p[1] == '\n') {
      if (raw) {
        out[n++] = '\\';
        out[n++] = '\n';
      }
      next_line(lx, p + 1);
      p = lx->p;
      continue;
    }
    if (*p == '\\' && p[1] != '\0') {
      p = decode_escape(p, raw, out, &n);
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

/* The length of the operator or bracket at p: 3, 2 or 1, the longest of
 * Python's spellings that fits ("**=" before "**" before "*"), or 0 if none
 * begins there.  A switch on the first character, as CPython's generated
 * PyToken_OneChar / TwoChars / ThreeChars are, rather than trying each
 * spelling in turn: this runs for every operator of every line.  The
 * spellings: ... **= //= >>= <<= ** // <= >= == != -> += -= *= /= %= @= &=
 * |= ^= := << >> ( ) [ ] { } , : . ; = + - * / @ < > % & | ^ ~
 * Python 3.11: Parser/token.c (PyToken_OneChar, PyToken_TwoChars, PyToken_ThreeChars) */
static int operator_length(const char* p) {
  char c = p[0], d = c ? p[1] : '\0', e = d ? p[2] : '\0';
  switch (c) {
    case '(': case ')': case '[': case ']': case '{': case '}': case ',': case ';': case '~':
      return 1;
    case '.':
      return d == '.' && e == '.' ? 3 : 1; /* "..", not an operator, is two "." */
    case '*': case '/': case '<': case '>': /* ** // << >>, each with its augmented form */
      if (d == c) return e == '=' ? 3 : 2;
      return d == '=' ? 2 : 1;
    case '-':
      return d == '>' || d == '=' ? 2 : 1;
    case '!':
      return d == '=' ? 2 : 0; /* a lone '!' is an ERRORTOKEN */
    case '=': case ':': case '+': case '%': case '@': case '&': case '|': case '^':
      return d == '=' ? 2 : 1;
    default:
      return 0;
  }
}

/* A closing bracket at p: checks it against the innermost open one. */
static void close_bracket(Lexer* lx, const char* p) {
  TokenList* tl = lx->tl;
  char c = *p;
  char want = c == ')' ? '(' : c == ']' ? '[' : '{';
  char s[2] = {c, 0};
  if (tl->nopen == 0) {
    raise_at(lx, p, "unmatched '%s'", s);
    return;
  }
  char open = tl->open[tl->nopen - 1];
  if (open != want) {
    char msg[96];
    snprintf(msg, sizeof msg, "closing parenthesis '%c' does not match opening parenthesis '%c'", c, open);
    raise_at(lx, p, "%s", msg);
    return;
  }
  tl->nopen--;
}

static void open_bracket(Lexer* lx, const char* p) {
  TokenList* tl = lx->tl;
  if (tl->nopen < (int)sizeof tl->open) {
    tl->open[tl->nopen] = *p;
    tl->open_lineno[tl->nopen] = lx->lineno;
    tl->open_col[tl->nopen] = (int)(p - lx->line_start);
  }
  tl->nopen++;
  if (tl->nopen > (int)sizeof tl->open) raise_at(lx, p, "too many nested parentheses", NULL);
}

/* "invalid character '€' (U+20AC)" for the UTF-8 sequence at p. */
static void invalid_character(Lexer* lx, const char* p) {
  unsigned cp;
  int len = utf8_decode(p, &cp);
  char msg[64];
  snprintf(msg, sizeof msg, "invalid character '%.*s' (U+%04X)", len, p, cp);
  raise_at(lx, p, "%s", msg);
}

/*
 * The indentation of a new logical line, at lx->p: pushes the INDENT or
 * DEDENTs it makes.  Returns false for a blank or comment-only line, which
 * makes no tokens and does not count.  PyTorch's counterpart is tok_get's
 * `if (tok->atbol)` block.
 */
static bool lex_indentation(Lexer* lx) {
  int col = 0, altcol = 0;
  const char* p = lx->p;
  for (;; p++) {
    if (*p == ' ') {
      col++, altcol++;
    } else if (*p == '\t') {
      col = (col / kTabSize + 1) * kTabSize;
      altcol = (altcol / kAltTabSize + 1) * kAltTabSize;
    } else if (*p == '\f') {
      col = altcol = 0;
    } else if (*p != '\r') {
      break;
    }
  }
  lx->p = p;
  if (*p == '#' || *p == '\n' || *p == '\0') return false;
  int width = (int)(p - lx->line_start);
  int line_len = (int)strcspn(lx->line_start, "\n");
  int* ind = lx->indstack;
  int* alt = lx->altindstack;
  bool tab_error = false;
  if (col == ind[lx->indent]) {
    tab_error = altcol != alt[lx->indent];
  } else if (col > ind[lx->indent]) {
    if (lx->indent + 1 >= kMaxIndent) {
      set_error(lx, ErrorType_IndentationError, false, lx->lineno, line_len, -1, "too many levels of indentation",
                NULL);
      return true;
    }
    tab_error = altcol <= alt[lx->indent];
    if (!tab_error) {
      lx->indent++;
      ind[lx->indent] = col;
      alt[lx->indent] = altcol;
      /* "unexpected indent" points one column before the first character */
      Token* t = push(lx, Tok_Indent, p);
      t->col = width - 1;
      t->end_col = -1;
    }
  } else {
    while (lx->indent > 0 && col < ind[lx->indent]) {
      lx->indent--;
      push(lx, Tok_Dedent, p);
    }
    if (col != ind[lx->indent]) {
      set_error(lx, ErrorType_IndentationError, false, lx->lineno, line_len, -1,
                "unindent does not match any outer indentation level", NULL);
      return true;
    }
    tab_error = altcol != alt[lx->indent];
  }
  if (tab_error)
    set_error(lx, ErrorType_TabError, false, lx->lineno, 0, -1, "inconsistent use of tabs and spaces in indentation",
              NULL);
  return true;
}

/* One token at lx->p (not whitespace, a comment or a newline). */
static void lex_token(Lexer* lx) {
  TokenList* tl = lx->tl;
  const char* p = lx->p;
  Token* t = push(lx, Tok_Op, p);
  const char* end = NULL;
  unsigned char c = (unsigned char)*p;
  if (c >= 0x80 && !is_id_start_at(p)) {
    invalid_character(lx, p);
  } else if (is_id_start_at(p)) {
    const char* q = p;
    for (int k; (k = id_char_len(q, false)) > 0;) q += k;
    size_t n = (size_t)(q - p);
    bool prefix = n == 1 && strchr("rRuU", *p) != NULL; /* r'...', u'...' */
    if (prefix && (*q == '\'' || *q == '"')) {
      end = lex_string(lx, t, q, *p == 'r' || *p == 'R');
    } else {
      t->kind = Tok_Name;
      end = q;
    }
  } else if (isdigit(c) || (c == '.' && isdigit((unsigned char)p[1]))) {
    end = lex_number(lx, t, p);
  } else if (c == '\'' || c == '"') {
    end = lex_string(lx, t, p, false);
  } else {
    int n = operator_length(p);
    if (n > 0) {
      memcpy(t->op, p, (size_t)n);
      t->op[n] = '\0';
      end = p + n;
    }
    if (end == NULL) {
      t->kind = Tok_Bad; /* $ ? ! `: ERRORTOKEN, "invalid syntax" from the parser */
      end = p + 1;
    } else if (strchr("([{", c) && t->op[1] == '\0') {
      open_bracket(lx, p);
    } else if (strchr(")]}", c) && t->op[1] == '\0') {
      close_bracket(lx, p);
    }
  }
  if (tl->error != NULL) {
    free(t->s);
    tl->ntokens--; /* the error's Tok_End is pushed by the caller */
    return;
  }
  t->len = (size_t)(end - p);
  t->end_lineno = lx->lineno;
  t->end_col = (int)(end - lx->line_start);
  lx->p = end;
  lx->line_has_tokens = true;
}

void TokenList_init(TokenList* tl, const char* text, int first_line) {
  memset(tl, 0, sizeof *tl);
  tl->text = text;
  tl->first_line = first_line;
  Lexer lx = {tl, text, text, first_line, {0}, {0}, 0, true, false};
  while (tl->error == NULL) {
    if (lx.atbol && tl->nopen == 0) {
      lx.atbol = false;
      if (!lex_indentation(&lx)) { /* a blank line: skip it whole */
        const char* nl = lx.p + strcspn(lx.p, "\n");
        if (*nl == '\0') break;
        next_line(&lx, nl);
        lx.atbol = true;
        continue;
      }
      if (tl->error != NULL) break;
    }
    const char* p = lx.p;
    while (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\f') p++;
    lx.p = p;
    const char* comment = *p == '#' ? p : NULL;
    if (comment) p += strcspn(p, "\n");
    if (*p == '\n' || *p == '\0') {
      if (tl->nopen == 0 && lx.line_has_tokens) {
        /* NEWLINE: empty at the end of the line, or over its comment */
        Token* t = push(&lx, Tok_Newline, comment ? comment : p);
        t->end_col = (int)(p - lx.line_start);
      }
      if (*p == '\0') break;
      next_line(&lx, p);
      if (tl->nopen == 0) {
        lx.atbol = true;
        lx.line_has_tokens = false;
      }
      continue;
    }
    if (*p == '\\') {
      if (p[1] == '\n') { /* explicit line joining */
        next_line(&lx, p + 1);
        continue;
      }
      if (p[1] == '\0') {
        set_error(&lx, ErrorType_SyntaxError, false, lx.lineno, (int)(p - lx.line_start) + 1, -1,
                  "unexpected EOF while parsing", NULL);
      } else {
        raise_at(&lx, p + 1, "unexpected character after line continuation character", NULL);
        tl->error_end_col = -1;
      }
      break;
    }
    lex_token(&lx);
  }
  if (tl->error != NULL) {
    /* the Tok_End that stands for the error, at the start of its token */
    Token* t = push(&lx, Tok_End, lx.p);
    t->lineno = t->end_lineno = tl->error_lineno;
    return;
  }
  /* The end of the text: the implicit newline's line and column. */
  if (tl->nopen == 0) {
    while (lx.indent > 0) {
      lx.indent--;
      push(&lx, Tok_Dedent, lx.p);
    }
  }
  push(&lx, Tok_End, lx.p);
}

void TokenList_free(TokenList* tl) {
  for (int i = 0; i < tl->ntokens; i++) free(tl->tokens[i].s);
  free(tl->tokens);
  free(tl->error);
  memset(tl, 0, sizeof *tl);
}

const char* TokenList_line(const TokenList* tl, int lineno, size_t* len) {
  const char* p = tl->text;
  for (int l = tl->first_line; l < lineno; l++) {
    p = strchr(p, '\n');
    if (p == NULL) return NULL;
    p++;
  }
  if (lineno < tl->first_line) return NULL;
  *len = strcspn(p, "\n");
  return p;
}
