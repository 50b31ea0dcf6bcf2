/*
 * parser.c - lexer and recursive-descent parser for one line of the dialect.
 *
 * Precedence, lowest first (DIALECT.md): comparisons; + -; * / @; unary -;
 * postfix call / attribute / subscript.  A top-level comma makes a tuple
 * (`a, b = x.split(1)`), `=` after the first expression makes an assignment
 * whose target decides the statement kind.  Errors are SyntaxErrors worded
 * as Python 3.11 words them ("invalid syntax", "'(' was never closed"); the
 * evaluator adds the `(FILE:LINE, line 1)` Python prints after them.
 */
#include <ctype.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "runtime/Exception.h"
#include "tools/minaten/ast.h"

typedef enum TokKind { Tok_End, Tok_Name, Tok_Int, Tok_Float, Tok_Str, Tok_Op } TokKind;

typedef struct Token {
  TokKind kind;
  char op[4]; /* for Tok_Op: "(", "**", "<=", "...", ... */
  const char* start;
  size_t len;
  int col;
} Token;

typedef struct Parser {
  const char* src;
  size_t pos;
  Token tok;
  bool failed;
} Parser;

static void syntax_error(Parser* p, const char* what) {
  if (!p->failed)
    Error_set(ErrorType_SyntaxError, "%s", what);
  p->failed = true;
}

static void next(Parser* p) {
  const char* s = p->src;
  while (s[p->pos] == ' ' || s[p->pos] == '\t' || s[p->pos] == '\r') p->pos++;
  Token t;
  memset(&t, 0, sizeof t);
  t.start = s + p->pos;
  t.col = (int)p->pos + 1;
  char c = s[p->pos];
  if (c == '\0' || c == '#') {
    t.kind = Tok_End;
  } else if (isalpha((unsigned char)c) || c == '_') {
    t.kind = Tok_Name;
    while (isalnum((unsigned char)s[p->pos]) || s[p->pos] == '_') p->pos++;
  } else if (isdigit((unsigned char)c) || (c == '.' && isdigit((unsigned char)s[p->pos + 1]))) {
    t.kind = Tok_Int;
    while (isdigit((unsigned char)s[p->pos])) p->pos++;
    if (s[p->pos] == '.') {
      t.kind = Tok_Float;
      p->pos++;
      while (isdigit((unsigned char)s[p->pos])) p->pos++;
    }
    if (s[p->pos] == 'e' || s[p->pos] == 'E') {
      size_t q = p->pos + 1;
      if (s[q] == '+' || s[q] == '-') q++;
      if (isdigit((unsigned char)s[q])) {
        t.kind = Tok_Float;
        p->pos = q;
        while (isdigit((unsigned char)s[p->pos])) p->pos++;
      }
    }
  } else if (c == '\'' || c == '"') {
    t.kind = Tok_Str;
    p->pos++;
    while (s[p->pos] && s[p->pos] != c) p->pos++;
    if (s[p->pos] != c) {
      p->tok = t;
      syntax_error(p, "unterminated string literal (detected at line 1)");
      p->tok.kind = Tok_End;
      return;
    }
    p->pos++;
  } else {
    static const char* const ops[] = {"...", "**", "//", "<=", ">=", "==", "!=", "(", ")", "[",
                                      "]",   ",",  ":",  ".",  "=",  "+",  "-",  "*", "/", "@",
                                      "<",   ">",  "%"};
    t.kind = Tok_Op;
    for (size_t i = 0; i < sizeof ops / sizeof ops[0]; i++) {
      size_t n = strlen(ops[i]);
      if (strncmp(s + p->pos, ops[i], n) == 0) {
        memcpy(t.op, ops[i], n + 1);
        p->pos += n;
        break;
      }
    }
    if (t.op[0] == '\0') {
      p->tok = t;
      syntax_error(p, "invalid character");
      p->tok.kind = Tok_End;
      return;
    }
  }
  t.len = (size_t)(s + p->pos - t.start);
  p->tok = t;
}

static bool is_op(Parser* p, const char* op) { return p->tok.kind == Tok_Op && strcmp(p->tok.op, op) == 0; }
static bool accept_op(Parser* p, const char* op) {
  if (!is_op(p, op)) return false;
  next(p);
  return true;
}
static bool expect_op(Parser* p, const char* op) {
  if (accept_op(p, op)) return true;
  /* Python 3.11's wording for a bracket still open at the end of the line. */
  if (p->tok.kind == Tok_End && strcmp(op, ")") == 0) syntax_error(p, "'(' was never closed");
  if (p->tok.kind == Tok_End && strcmp(op, "]") == 0) syntax_error(p, "'[' was never closed");
  syntax_error(p, "invalid syntax");
  return false;
}

static Node* new_node(NodeKind kind) {
  Node* n = calloc(1, sizeof *n);
  TORCH_INTERNAL_ASSERT(n != NULL);
  n->kind = kind;
  return n;
}

static void push_item(Node* n, Node* item) {
  n->items = realloc(n->items, (size_t)(n->n + 1) * sizeof *n->items);
  TORCH_INTERNAL_ASSERT(n->items != NULL);
  n->items[n->n++] = item;
}

void Node_free(Node* n) {
  if (n == NULL) return;
  free(n->s);
  Node_free(n->a);
  Node_free(n->b);
  Node_free(n->c);
  for (int i = 0; i < n->n; i++) Node_free(n->items[i]);
  free(n->items);
  for (int i = 0; i < n->nkw; i++) {
    free(n->kwnames[i]);
    Node_free(n->kwvalues[i]);
  }
  free(n->kwnames);
  free(n->kwvalues);
  free(n);
}

static Node* parse_expr(Parser* p);

/* Comma-separated expressions up to `close`; a trailing comma is allowed.
 * *had_comma tells `(x)` from `(x,)`. */
static void parse_sequence(Parser* p, Node* n, const char* close, bool* had_comma) {
  *had_comma = false;
  while (!p->failed && !is_op(p, close) && p->tok.kind != Tok_End) {
    push_item(n, parse_expr(p));
    if (!accept_op(p, ",")) break;
    *had_comma = true;
  }
  expect_op(p, close);
}

static Node* parse_atom(Parser* p) {
  Token t = p->tok;
  Node* n = NULL;
  switch (t.kind) {
    case Tok_Name:
      next(p);
      if (t.len == 4 && strncmp(t.start, "True", 4) == 0) return new_node(Node_True);
      if (t.len == 5 && strncmp(t.start, "False", 5) == 0) return new_node(Node_False);
      if (t.len == 4 && strncmp(t.start, "None", 4) == 0) return new_node(Node_None);
      n = new_node(Node_Name);
      n->s = strndup(t.start, t.len);
      return n;
    case Tok_Int: {
      next(p);
      n = new_node(Node_Int);
      char* end = NULL;
      unsigned long long v = strtoull(t.start, &end, 10);
      if (v > INT64_MAX) {
        n->kind = Node_Float; /* NB(minaten): ints are 64-bit */
        n->f = strtod(t.start, NULL);
      }
      n->i = (int64_t)v;
      return n;
    }
    case Tok_Float:
      next(p);
      n = new_node(Node_Float);
      n->f = strtod(t.start, NULL);
      return n;
    case Tok_Str:
      next(p);
      n = new_node(Node_Str);
      n->s = strndup(t.start + 1, t.len - 2);
      return n;
    case Tok_Op:
      if (accept_op(p, "...")) return new_node(Node_Ellipsis);
      if (accept_op(p, "(")) {
        bool comma;
        n = new_node(Node_Tuple);
        parse_sequence(p, n, ")", &comma);
        if (n->n == 1 && !comma) {
          Node* inner = n->items[0];
          free(n->items);
          free(n);
          return inner;
        }
        return n;
      }
      if (accept_op(p, "[")) {
        bool comma;
        n = new_node(Node_List);
        parse_sequence(p, n, "]", &comma);
        return n;
      }
      break;
    case Tok_End:
      break;
  }
  syntax_error(p, "invalid syntax");
  return new_node(Node_None);
}

/* One subscript item: expression, slice a:b:c, `...` or None. */
static Node* parse_subscript_item(Parser* p) {
  Node* start = NULL;
  if (!is_op(p, ":")) start = parse_expr(p);
  if (!is_op(p, ":")) return start;
  Node* s = new_node(Node_Slice);
  s->a = start;
  next(p);
  if (!is_op(p, ":") && !is_op(p, ",") && !is_op(p, "]")) s->b = parse_expr(p);
  if (accept_op(p, ":") && !is_op(p, ",") && !is_op(p, "]")) s->c = parse_expr(p);
  return s;
}

static Node* parse_call(Parser* p, Node* callee) {
  Node* n = new_node(Node_Call);
  n->a = callee;
  while (!p->failed && !is_op(p, ")") && p->tok.kind != Tok_End) {
    /* keyword argument: NAME '=' expr (but not NAME '==') */
    if (p->tok.kind == Tok_Name) {
      Parser save = *p;
      Token name = p->tok;
      next(p);
      if (is_op(p, "=")) {
        next(p);
        n->kwnames = realloc(n->kwnames, (size_t)(n->nkw + 1) * sizeof(char*));
        n->kwvalues = realloc(n->kwvalues, (size_t)(n->nkw + 1) * sizeof(Node*));
        TORCH_INTERNAL_ASSERT(n->kwnames && n->kwvalues);
        n->kwnames[n->nkw] = strndup(name.start, name.len);
        n->kwvalues[n->nkw++] = parse_expr(p);
        if (!accept_op(p, ",")) break;
        continue;
      }
      *p = save;
    }
    if (n->nkw > 0) {
      syntax_error(p, "positional argument follows keyword argument");
      break;
    }
    push_item(n, parse_expr(p));
    if (!accept_op(p, ",")) break;
  }
  expect_op(p, ")");
  return n;
}

static Node* parse_postfix(Parser* p) {
  Node* n = parse_atom(p);
  while (!p->failed) {
    if (accept_op(p, "(")) {
      n = parse_call(p, n);
    } else if (accept_op(p, ".")) {
      if (p->tok.kind != Tok_Name) {
        syntax_error(p, "invalid syntax");
        break;
      }
      Node* a = new_node(Node_Attr);
      a->a = n;
      a->s = strndup(p->tok.start, p->tok.len);
      next(p);
      n = a;
    } else if (accept_op(p, "[")) {
      Node* s = new_node(Node_Subscript);
      s->a = n;
      while (!p->failed && !is_op(p, "]") && p->tok.kind != Tok_End) {
        push_item(s, parse_subscript_item(p));
        if (!accept_op(p, ",")) break;
      }
      if (s->n == 0 && p->tok.kind != Tok_End) syntax_error(p, "invalid syntax");
      expect_op(p, "]");
      n = s;
    } else {
      break;
    }
  }
  return n;
}

static Node* parse_unary(Parser* p) {
  if (accept_op(p, "-")) {
    Node* n = new_node(Node_Negate);
    n->a = parse_unary(p);
    return n;
  }
  if (accept_op(p, "+")) return parse_unary(p);
  return parse_postfix(p);
}

static Node* binary(char op, Node* a, Node* b) {
  Node* n = new_node(Node_Binary);
  n->op = op;
  n->a = a;
  n->b = b;
  return n;
}

static Node* parse_term(Parser* p) {
  Node* n = parse_unary(p);
  while (!p->failed && p->tok.kind == Tok_Op &&
         (is_op(p, "*") || is_op(p, "/") || is_op(p, "@"))) {
    char op = p->tok.op[0];
    next(p);
    n = binary(op, n, parse_unary(p));
  }
  return n;
}

static Node* parse_arith(Parser* p) {
  Node* n = parse_term(p);
  while (!p->failed && (is_op(p, "+") || is_op(p, "-"))) {
    char op = p->tok.op[0];
    next(p);
    n = binary(op, n, parse_term(p));
  }
  return n;
}

static Node* parse_expr(Parser* p) {
  Node* n = parse_arith(p);
  static const struct { const char* tok; char op; } cmp[] = {
      {"<=", 'l'}, {">=", 'g'}, {"==", '='}, {"!=", '!'}, {"<", '<'}, {">", '>'}};
  for (size_t i = 0; i < sizeof cmp / sizeof cmp[0] && !p->failed; i++) {
    if (is_op(p, cmp[i].tok)) {
      next(p);
      return binary(cmp[i].op, n, parse_arith(p));
    }
  }
  return n;
}

/* expr {',' expr} : a bare tuple at statement level. */
static Node* parse_expr_list(Parser* p) {
  Node* first = parse_expr(p);
  if (!is_op(p, ",")) return first;
  Node* t = new_node(Node_Tuple);
  push_item(t, first);
  while (!p->failed && accept_op(p, ",")) {
    if (p->tok.kind == Tok_End || is_op(p, "=")) break;
    push_item(t, parse_expr(p));
  }
  return t;
}

void Stmt_free(Stmt* s) {
  if (s == NULL) return;
  Node_free(s->target);
  Node_free(s->value);
  for (int i = 0; i < s->nnames; i++) free(s->names[i]);
  free(s->names);
  free(s);
}

Stmt* parse_line(const char* line) {
  Parser p = {line, 0, {0}, false};
  next(&p);
  Stmt* s = calloc(1, sizeof *s);
  TORCH_INTERNAL_ASSERT(s != NULL);
  s->target = parse_expr_list(&p);
  if (!p.failed && accept_op(&p, "=")) {
    s->value = parse_expr_list(&p);
    Node* t = s->target;
    if (t->kind == Node_Name) {
      s->kind = Stmt_Assign;
    } else if (t->kind == Node_Tuple || t->kind == Node_List) {
      s->kind = Stmt_Unpack;
      for (int i = 0; i < t->n && !p.failed; i++)
        if (t->items[i]->kind != Node_Name) syntax_error(&p, "cannot assign to expression");
    } else if (t->kind == Node_Subscript) {
      s->kind = Stmt_SetItem;
    } else {
      syntax_error(&p, "cannot assign to expression");
    }
    if (!p.failed && s->kind != Stmt_SetItem) {
      int n = s->kind == Stmt_Assign ? 1 : t->n;
      s->names = calloc((size_t)n, sizeof(char*));
      s->nnames = n;
      for (int i = 0; i < n; i++) s->names[i] = strdup(s->kind == Stmt_Assign ? t->s : t->items[i]->s);
    }
  }
  if (!p.failed && p.tok.kind != Tok_End) syntax_error(&p, "invalid syntax");
  if (p.failed) {
    Stmt_free(s);
    return NULL;
  }
  return s;
}
