/*
 * parser.c - recursive-descent parser for one line of the dialect.
 *
 * Grammar (Python 3.11's, restricted to what the dialect needs), lowest
 * precedence first:
 *
 *   line       := stmt (';' stmt)* [';']
 *   stmt       := exprlist ('=' exprlist)*  |  exprlist AUGOP exprlist
 *   exprlist   := expr (',' expr)* [',']           a bare tuple when commas
 *   expr       := 'not' expr | or/and | comparison (< <= > >= == != chain)
 *               | | ^ & << >> | + - | * / // % @ | unary - + ~ | ** | postfix
 *   postfix    := atom ( '(' args ')' | '[' subscript ']' | '.' NAME )*
 *   atom       := NAME | NUMBER | STRING+ | True | False | None | '...'
 *               | '(' [exprlist] ')' | '[' [exprlist] ']'
 *   subscript  := item (',' item)* [',']   item := expr | [expr] ':' [expr] [':' [expr]]
 *
 * Errors are SyntaxErrors worded exactly as CPython 3.11 words them, since
 * the dialect compares them; CPython finds most of them in a second parsing
 * pass with "invalid_" rules, which this parser imitates at the same points:
 *   - a tokenizer error anywhere on the line wins (lexer.c);
 *   - looking at the end of the line inside brackets: "'(' was never closed";
 *   - two expressions in a row inside brackets: "invalid syntax. Perhaps you
 *     forgot a comma?"; `print x`: "Missing parentheses in call to 'print'...";
 *   - bad assignment targets: "cannot assign to function call here. Maybe
 *     you meant '==' instead of '='?" (the first target, as
 *     invalid_named_expression sees it) or "cannot assign to literal";
 *   - "'literal' is an illegal expression for augmented assignment",
 *     "positional argument follows keyword argument", 'expression cannot
 *     contain assignment, perhaps you meant "=="?', and, from the compiler,
 *     "keyword argument repeated: x";
 *   - anything else: "invalid syntax".
 *
 * Python 3.11: Grammar/python.gram, Parser/pegen_errors.c (_PyPegen_set_syntax_error)
 */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "runtime/Exception.h"
#include "tools/minaten/ast.h"
#include "tools/minaten/lexer.h"

typedef struct Parser {
  TokenList* tl;
  int pos;
  bool failed; /* this parse (or probe) failed */
  bool probe;  /* failures are silent: a lookahead of an "invalid_" rule */
  bool* fatal; /* shared: an error that even a probe raises ("was never closed") */
} Parser;

static void fail(Parser* p, const char* msg) {
  if (!p->failed && !p->probe && !*p->fatal) Error_set(ErrorType_SyntaxError, "%s", msg);
  p->failed = true;
}

/* The current token.  Looking at the end of the line inside brackets is
 * CPython's tokenizer error E_EOF: "'(' was never closed". */
static Token* tok(Parser* p) {
  Token* t = &p->tl->tokens[p->pos];
  if (t->kind == Tok_End && p->tl->nopen > 0 && !*p->fatal && !(p->failed && !p->probe)) {
    Error_clear();
    Error_set(ErrorType_SyntaxError, "'%c' was never closed", p->tl->open[p->tl->nopen - 1]);
    *p->fatal = true;
    p->failed = true;
  }
  return t;
}

static bool is_op(Parser* p, const char* op) {
  Token* t = tok(p);
  return t->kind == Tok_Op && strcmp(t->op, op) == 0;
}
static void advance(Parser* p) {
  if (p->tl->tokens[p->pos].kind != Tok_End) p->pos++;
}
static bool accept(Parser* p, const char* op) {
  if (!is_op(p, op)) return false;
  advance(p);
  return true;
}

static const char* const kKeywords[] = {"False", "None", "True", "and", "as", "assert", "async", "await",
                                        "break", "class", "continue", "def", "del", "elif", "else", "except",
                                        "finally", "for", "from", "global", "if", "import", "in", "is",
                                        "lambda", "nonlocal", "not", "or", "pass", "raise", "return", "try",
                                        "while", "with", "yield"};

static bool tok_is_name(const Token* t, const char* name) {
  return t->kind == Tok_Name && t->len == strlen(name) && strncmp(t->start, name, t->len) == 0;
}
static bool is_keyword(const Token* t) {
  for (size_t i = 0; i < sizeof kKeywords / sizeof kKeywords[0]; i++)
    if (tok_is_name(t, kKeywords[i])) return true;
  return false;
}
static bool is_constant_name(const Token* t) {
  return tok_is_name(t, "True") || tok_is_name(t, "False") || tok_is_name(t, "None");
}

/* Can t begin an expression (for the comma hint)? */
static bool starts_expression(const Token* t) {
  if (t->kind == Tok_Name) return !is_keyword(t) || is_constant_name(t) || tok_is_name(t, "not");
  if (t->kind == Tok_Int || t->kind == Tok_Float || t->kind == Tok_Str) return true;
  if (t->kind != Tok_Op) return false;
  return strcmp(t->op, "(") == 0 || strcmp(t->op, "[") == 0 || strcmp(t->op, "{") == 0 ||
         strcmp(t->op, "...") == 0 || strcmp(t->op, "~") == 0;
}

/* ---- nodes ---------------------------------------------------------------- */

static Node* new_node(Parser* p, NodeKind kind, int first) {
  Node* n = calloc(1, sizeof *n);
  TORCH_INTERNAL_ASSERT(n != NULL);
  n->kind = kind;
  n->first = first;
  n->last = p->pos > first ? p->pos - 1 : first;
  return n;
}

static void finish(Parser* p, Node* n) { n->last = p->pos - 1; }

static void push_item(Node* n, Node* item) {
  n->items = realloc(n->items, (size_t)(n->n + 1) * sizeof *n->items);
  TORCH_INTERNAL_ASSERT(n->items != NULL);
  n->items[n->n++] = item;
}

void Node_free(Node* n) {
  if (n == NULL) return;
  free(n->s);
  free(n->ops);
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

/* Returns NULL after freeing n when the parser failed. */
static Node* checked(Parser* p, Node* n) {
  if (!p->failed) return n;
  Node_free(n);
  return NULL;
}

static Node* parse_expr(Parser* p);
static Node* parse_bitor(Parser* p);
static Node* parse_factor(Parser* p);

/*
 * An expression was parsed but what follows cannot continue it.  Inside
 * brackets, if another expression follows, CPython says "Perhaps you forgot
 * a comma?" (invalid_expression); `print x` is a legacy print statement.
 */
static void fail_after(Parser* p, const Node* e) {
  Token* t = tok(p);
  if (p->failed) return;
  bool legacy = e != NULL && e->kind == Node_Name && (strcmp(e->s, "print") == 0 || strcmp(e->s, "exec") == 0);
  bool name_string = e != NULL && e->kind == Node_Name && t->kind == Tok_Str;
  if (e != NULL && starts_expression(t) && !(legacy && is_op(p, "(")) && (legacy || (t->level > 0 && !name_string))) {
    Parser q = *p;
    q.probe = true;
    q.failed = false;
    Node_free(parse_expr(&q));
    if (*p->fatal) {
      p->failed = true;
      return;
    }
    if (!q.failed) {
      if (legacy) {
        char msg[96];
        snprintf(msg, sizeof msg, "Missing parentheses in call to '%s'. Did you mean %s(...)?", e->s, e->s);
        fail(p, msg);
      } else {
        fail(p, "invalid syntax. Perhaps you forgot a comma?");
      }
      return;
    }
  }
  fail(p, "invalid syntax");
}

/* ---- atoms ------------------------------------------------------------------ */

/* Items up to `close`, comma separated, trailing comma allowed; *comma tells
 * `(x)` from `(x,)`. */
static void parse_items(Parser* p, Node* n, const char* close, bool* comma) {
  *comma = false;
  while (!p->failed && !is_op(p, close)) {
    Node* e = parse_expr(p);
    if (e == NULL) return;
    push_item(n, e);
    if (accept(p, ",")) {
      *comma = true;
      continue;
    }
    if (!is_op(p, close)) fail_after(p, e);
  }
  if (!p->failed) accept(p, close);
}

static Node* parse_atom(Parser* p) {
  Token* t = tok(p);
  int first = p->pos;
  if (p->failed) return NULL;
  switch (t->kind) {
    case Tok_Name: {
      Node* n = NULL;
      if (tok_is_name(t, "True")) n = new_node(p, Node_True, first);
      else if (tok_is_name(t, "False")) n = new_node(p, Node_False, first);
      else if (tok_is_name(t, "None")) n = new_node(p, Node_None, first);
      else if (is_keyword(t)) break;
      else {
        n = new_node(p, Node_Name, first);
        n->s = strndup(t->start, t->len);
      }
      advance(p);
      return n;
    }
    case Tok_Int:
    case Tok_Float: {
      Node* n = new_node(p, t->kind == Tok_Int ? Node_Int : Node_Float, first);
      n->i = t->i;
      n->f = t->f;
      advance(p);
      return n;
    }
    case Tok_Str: {
      /* Adjacent string literals are one string ('it' 's'). */
      Node* n = new_node(p, Node_Str, first);
      n->s = calloc(1, 1);
      while (tok(p)->kind == Tok_Str) {
        Token* s = tok(p);
        n->s = realloc(n->s, n->slen + s->slen + 1);
        TORCH_INTERNAL_ASSERT(n->s != NULL);
        memcpy(n->s + n->slen, s->s, s->slen + 1);
        n->slen += s->slen;
        advance(p);
      }
      finish(p, n);
      return checked(p, n);
    }
    case Tok_Op:
      if (accept(p, "...")) return new_node(p, Node_Ellipsis, first);
      if (accept(p, "(")) {
        if (accept(p, ")")) {
          Node* n = new_node(p, Node_Tuple, first);
          n->paren = true;
          return n;
        }
        Node* n = new_node(p, Node_Tuple, first);
        n->paren = true;
        bool comma;
        parse_items(p, n, ")", &comma);
        if (p->failed) return checked(p, n);
        finish(p, n);
        if (n->n == 1 && !comma) {
          Node* inner = n->items[0];
          n->n = 0;
          Node_free(n);
          return inner;
        }
        return n;
      }
      if (accept(p, "[")) {
        Node* n = new_node(p, Node_List, first);
        bool comma;
        parse_items(p, n, "]", &comma);
        finish(p, n);
        return checked(p, n);
      }
      break;
    default:
      break;
  }
  fail(p, "invalid syntax");
  return NULL;
}

/* ---- postfix: calls, subscripts, attributes -------------------------------- */

static Node* parse_call(Parser* p, Node* callee) {
  Node* n = new_node(p, Node_Call, callee->first);
  n->a = callee;
  while (!p->failed && !is_op(p, ")")) {
    Token* t = tok(p);
    Token* after = &p->tl->tokens[p->pos + (t->kind == Tok_End ? 0 : 1)];
    bool keyword = t->kind == Tok_Name && after->kind == Tok_Op && strcmp(after->op, "=") == 0;
    Node* e;
    if (keyword) {
      if (is_constant_name(t)) {
        char msg[64];
        snprintf(msg, sizeof msg, "cannot assign to %.*s", (int)t->len, t->start);
        fail(p, msg);
        break;
      }
      char* name = strndup(t->start, t->len);
      advance(p);
      advance(p);
      e = parse_expr(p);
      if (e == NULL) {
        free(name);
        break;
      }
      n->kwnames = realloc(n->kwnames, (size_t)(n->nkw + 1) * sizeof(char*));
      n->kwvalues = realloc(n->kwvalues, (size_t)(n->nkw + 1) * sizeof(Node*));
      TORCH_INTERNAL_ASSERT(n->kwnames != NULL && n->kwvalues != NULL);
      n->kwnames[n->nkw] = name;
      n->kwvalues[n->nkw++] = e;
    } else {
      e = parse_expr(p);
      if (e == NULL) break;
      if (is_op(p, "=")) {
        Node_free(e);
        fail(p, "expression cannot contain assignment, perhaps you meant \"==\"?");
        break;
      }
      if (n->nkw > 0) {
        Node_free(e);
        fail(p, "positional argument follows keyword argument");
        break;
      }
      push_item(n, e);
    }
    if (accept(p, ",")) continue;
    if (!is_op(p, ")")) fail_after(p, e);
  }
  if (!p->failed) accept(p, ")");
  finish(p, n);
  return checked(p, n);
}

/* One subscript item: an expression or a slice a:b:c. */
static Node* parse_subscript_item(Parser* p) {
  int first = p->pos;
  Node* start = NULL;
  if (!is_op(p, ":")) {
    start = parse_expr(p);
    if (start == NULL || !is_op(p, ":")) return start;
  }
  if (p->failed) return NULL;
  Node* s = new_node(p, Node_Slice, first);
  s->a = start;
  advance(p); /* ':' */
  if (!is_op(p, ":") && !is_op(p, ",") && !is_op(p, "]")) s->b = parse_expr(p);
  if (!p->failed && accept(p, ":") && !is_op(p, ",") && !is_op(p, "]")) s->c = parse_expr(p);
  finish(p, s);
  return checked(p, s);
}

static Node* parse_subscript(Parser* p, Node* target) {
  Node* n = new_node(p, Node_Subscript, target->first);
  n->a = target;
  if (is_op(p, "]")) fail(p, "invalid syntax");
  while (!p->failed && !is_op(p, "]")) {
    Node* e = parse_subscript_item(p);
    if (e == NULL) break;
    push_item(n, e);
    if (accept(p, ",")) {
      n->paren = true; /* the index is a tuple */
      continue;
    }
    if (!is_op(p, "]")) fail_after(p, e->kind == Node_Slice ? NULL : e);
  }
  if (!p->failed) accept(p, "]");
  finish(p, n);
  return checked(p, n);
}

static Node* parse_postfix(Parser* p) {
  Node* n = parse_atom(p);
  while (n != NULL && !p->failed) {
    if (accept(p, "(")) {
      n = parse_call(p, n);
    } else if (accept(p, "[")) {
      n = parse_subscript(p, n);
    } else if (accept(p, ".")) {
      Token* t = tok(p);
      if (t->kind != Tok_Name || is_keyword(t)) {
        fail(p, "invalid syntax");
        break;
      }
      Node* a = new_node(p, Node_Attr, n->first);
      a->a = n;
      a->s = strndup(t->start, t->len);
      advance(p);
      finish(p, a);
      n = a;
    } else {
      break;
    }
  }
  return n == NULL ? NULL : checked(p, n);
}

/* ---- operators ---------------------------------------------------------------- */

static Node* binary(Parser* p, char op, Node* a, Node* b) {
  Node* n = new_node(p, Node_Binary, a->first);
  n->op = op;
  n->a = a;
  n->b = b;
  finish(p, n);
  return n;
}

/* power := postfix ['**' factor]  (right associative, binds tighter than unary -) */
static Node* parse_power(Parser* p) {
  Node* n = parse_postfix(p);
  if (n == NULL || !accept(p, "**")) return n;
  Node* b = parse_factor(p);
  if (b == NULL) {
    Node_free(n);
    return NULL;
  }
  return binary(p, 'p', n, b);
}

static Node* parse_factor(Parser* p) {
  int first = p->pos;
  char op = is_op(p, "-") ? '-' : is_op(p, "+") ? '+' : is_op(p, "~") ? '~' : 0;
  if (op == 0) return parse_power(p);
  advance(p);
  Node* a = parse_factor(p);
  if (a == NULL) return NULL;
  Node* n = new_node(p, Node_Unary, first);
  n->op = op;
  n->a = a;
  finish(p, n);
  return n;
}

/* A left-associative level: ops[i] spelled tokens[i] becomes codes[i]. */
static Node* parse_level(Parser* p, Node* (*sub)(Parser*), const char* const* tokens, const char* codes) {
  Node* n = sub(p);
  while (n != NULL && !p->failed) {
    int k = -1;
    for (int i = 0; codes[i]; i++)
      if (is_op(p, tokens[i])) k = i;
    if (k < 0) break;
    advance(p);
    Node* b = sub(p);
    if (b == NULL) {
      Node_free(n);
      return NULL;
    }
    n = binary(p, codes[k], n, b);
  }
  return n;
}

static Node* parse_term(Parser* p) {
  static const char* const t[] = {"*", "/", "//", "%", "@"};
  return parse_level(p, parse_factor, t, "*/f%@");
}
static Node* parse_arith(Parser* p) {
  static const char* const t[] = {"+", "-"};
  return parse_level(p, parse_term, t, "+-");
}
static Node* parse_shift(Parser* p) {
  static const char* const t[] = {"<<", ">>"};
  return parse_level(p, parse_arith, t, "LR");
}
static Node* parse_bitand(Parser* p) {
  static const char* const t[] = {"&"};
  return parse_level(p, parse_shift, t, "&");
}
static Node* parse_bitxor(Parser* p) {
  static const char* const t[] = {"^"};
  return parse_level(p, parse_bitand, t, "^");
}
static Node* parse_bitor(Parser* p) {
  static const char* const t[] = {"|"};
  return parse_level(p, parse_bitxor, t, "|");
}

static Node* parse_comparison(Parser* p) {
  static const struct { const char* tok; char op; } cmp[] = {
      {"<=", 'l'}, {">=", 'g'}, {"==", '='}, {"!=", '!'}, {"<", '<'}, {">", '>'}};
  Node* first = parse_bitor(p);
  Node* n = NULL;
  while (first != NULL && !p->failed) {
    char op = 0;
    for (size_t i = 0; i < sizeof cmp / sizeof cmp[0] && !op; i++)
      if (is_op(p, cmp[i].tok)) op = cmp[i].op;
    if (!op) break;
    advance(p);
    Node* b = parse_bitor(p);
    if (b == NULL) {
      Node_free(n ? n : first);
      return NULL;
    }
    if (n == NULL) {
      n = new_node(p, Node_Compare, first->first);
      push_item(n, first);
    }
    n->ops = realloc(n->ops, (size_t)n->n + 1);
    TORCH_INTERNAL_ASSERT(n->ops != NULL);
    n->ops[n->n - 1] = op;
    n->ops[n->n] = '\0';
    push_item(n, b);
    finish(p, n);
  }
  return n ? n : first;
}

static Node* parse_not(Parser* p) {
  int first = p->pos;
  if (!tok_is_name(tok(p), "not")) return parse_comparison(p);
  advance(p);
  Node* a = parse_not(p);
  if (a == NULL) return NULL;
  Node* n = new_node(p, Node_Unary, first);
  n->op = 'n';
  n->a = a;
  finish(p, n);
  return n;
}

static Node* parse_boolop(Parser* p, const char* word, char code, Node* (*sub)(Parser*)) {
  Node* n = sub(p);
  while (n != NULL && !p->failed && tok_is_name(tok(p), word)) {
    advance(p);
    Node* b = sub(p);
    if (b == NULL) {
      Node_free(n);
      return NULL;
    }
    n = binary(p, code, n, b);
  }
  return n;
}
static Node* parse_and(Parser* p) { return parse_boolop(p, "and", 'A', parse_not); }
static Node* parse_expr(Parser* p) { return parse_boolop(p, "or", 'O', parse_and); }

/* expr {',' expr} [','] : a bare (unparenthesized) tuple when there are commas. */
static Node* parse_exprlist(Parser* p) {
  Node* e = parse_expr(p);
  if (e == NULL || !is_op(p, ",")) return e;
  Node* t = new_node(p, Node_Tuple, e->first);
  push_item(t, e);
  while (!p->failed && accept(p, ",")) {
    if (!starts_expression(tok(p)) && !is_op(p, "-") && !is_op(p, "+")) break;
    Node* x = parse_expr(p);
    if (x == NULL) break;
    push_item(t, x);
  }
  finish(p, t);
  return checked(p, t);
}

/* ---- statements ------------------------------------------------------------- */

/* Python's _PyPegen_get_expr_name, for the nodes the dialect has. */
static const char* expr_name(const Node* n) {
  switch (n->kind) {
    case Node_Call: return "function call";
    case Node_Int:
    case Node_Float:
    case Node_Str: return "literal";
    case Node_True: return "True";
    case Node_False: return "False";
    case Node_None: return "None";
    case Node_Ellipsis: return "ellipsis";
    case Node_Compare: return "comparison";
    case Node_Tuple: return "tuple";
    case Node_List: return "list";
    case Node_Name: return "name";
    case Node_Attr: return "attribute";
    case Node_Subscript: return "subscript";
    default: return "expression";
  }
}

/* _PyPegen_get_invalid_target: the first part of a target that cannot be assigned. */
static const Node* invalid_target(const Node* n) {
  switch (n->kind) {
    case Node_Name:
    case Node_Attr:
    case Node_Subscript: return NULL;
    case Node_Tuple:
    case Node_List:
      for (int i = 0; i < n->n; i++) {
        const Node* bad = invalid_target(n->items[i]);
        if (bad) return bad;
      }
      return NULL;
    default: return n;
  }
}

/* The error for `parts[0] = parts[1] = ...` with an invalid target; nparts
 * parts were parsed, the first `ntargets` of them followed by '='. */
static void assignment_error(Parser* p, Node** parts, int ntargets) {
  const Node* t1 = parts[0];
  const Node* e = t1->kind == Node_Tuple && !t1->paren ? t1->items[t1->n - 1] : t1;
  const Token* after = &p->tl->tokens[e->last + 1];
  bool blocked = (e->kind == Node_Tuple && e->paren) || e->kind == Node_List || e->kind == Node_True ||
                 e->kind == Node_False || e->kind == Node_None || e->kind == Node_Compare;
  if (!blocked && after->kind == Tok_Op && strcmp(after->op, "=") == 0) {
    /* invalid_named_expression: a=bitwise_or '=' bitwise_or !('='|':=') */
    Parser q = *p;
    q.pos = e->last + 2;
    q.probe = true;
    q.failed = false;
    Node_free(parse_bitor(&q));
    if (*p->fatal) return;
    if (!q.failed && !is_op(&q, "=") && !is_op(&q, ":=")) {
      char msg[128];
      if (e->kind == Node_Name)
        snprintf(msg, sizeof msg, "invalid syntax. Maybe you meant '==' or ':=' instead of '='?");
      else
        snprintf(msg, sizeof msg, "cannot assign to %s here. Maybe you meant '==' instead of '='?", expr_name(e));
      Error_set(ErrorType_SyntaxError, "%s", msg);
      return;
    }
  }
  for (int i = 0; i < ntargets; i++) {
    const Node* bad = invalid_target(parts[i]);
    if (bad != NULL) {
      Error_set(ErrorType_SyntaxError, "cannot assign to %s", expr_name(bad));
      return;
    }
  }
}

static void Stmt_free(Stmt* s) {
  if (s == NULL) return;
  for (int i = 0; i < s->ntargets; i++) Node_free(s->targets[i]);
  free(s->targets);
  Node_free(s->value);
  free(s);
}

static const struct { const char* tok; char op; } kAugOps[] = {
    {"+=", '+'}, {"-=", '-'}, {"*=", '*'}, {"/=", '/'}, {"//=", 'f'}, {"%=", '%'}, {"@=", '@'}, {"**=", 'p'},
    {"&=", '&'}, {"|=", '|'}, {"^=", '^'}, {"<<=", 'L'}, {">>=", 'R'}};

static Stmt* parse_statement(Parser* p) {
  Stmt* s = calloc(1, sizeof *s);
  TORCH_INTERNAL_ASSERT(s != NULL);
  Node* t1 = parse_exprlist(p);
  if (t1 == NULL) {
    free(s);
    return NULL;
  }
  if (is_op(p, "=")) {
    Node** parts = NULL;
    int n = 0;
    bool any_invalid = false;
    for (Node* part = t1; part != NULL;) {
      parts = realloc(parts, (size_t)(n + 1) * sizeof *parts);
      TORCH_INTERNAL_ASSERT(parts != NULL);
      parts[n++] = part;
      if (!accept(p, "=")) break;
      any_invalid = any_invalid || invalid_target(part) != NULL;
      part = parse_exprlist(p);
    }
    /* n parts parsed; all but the last are followed by '=' unless parsing failed */
    int ntargets = p->failed ? n : n - 1;
    if (any_invalid) {
      Error_clear();
      *p->fatal = false;
      p->failed = true;
      assignment_error(p, parts, ntargets);
    }
    if (p->failed) {
      for (int i = 0; i < n; i++) Node_free(parts[i]);
      free(parts);
      free(s);
      return NULL;
    }
    s->kind = Stmt_Assign;
    s->targets = parts;
    s->ntargets = n - 1;
    s->value = parts[n - 1];
    return s;
  }
  for (size_t i = 0; i < sizeof kAugOps / sizeof kAugOps[0]; i++) {
    if (!accept(p, kAugOps[i].tok)) continue;
    s->kind = Stmt_AugAssign;
    s->op = kAugOps[i].op;
    s->targets = calloc(1, sizeof(Node*));
    TORCH_INTERNAL_ASSERT(s->targets != NULL);
    s->targets[0] = t1;
    s->ntargets = 1;
    s->value = parse_exprlist(p);
    if (s->value != NULL && t1->kind != Node_Name && t1->kind != Node_Attr && t1->kind != Node_Subscript) {
      char msg[96];
      snprintf(msg, sizeof msg, "'%s' is an illegal expression for augmented assignment", expr_name(t1));
      fail(p, msg);
    }
    if (p->failed) {
      Stmt_free(s);
      return NULL;
    }
    return s;
  }
  s->kind = Stmt_Expr;
  s->value = t1;
  return s;
}

/* The compiler's check, after parsing: "keyword argument repeated: x". */
static const char* repeated_keyword(const Node* n) {
  if (n == NULL) return NULL;
  for (int i = 0; i < n->nkw; i++)
    for (int j = 0; j < i; j++)
      if (strcmp(n->kwnames[i], n->kwnames[j]) == 0) return n->kwnames[i];
  const Node* kids[3] = {n->a, n->b, n->c};
  for (int i = 0; i < 3; i++) {
    const char* r = repeated_keyword(kids[i]);
    if (r) return r;
  }
  for (int i = 0; i < n->n; i++) {
    const char* r = repeated_keyword(n->items[i]);
    if (r) return r;
  }
  for (int i = 0; i < n->nkw; i++) {
    const char* r = repeated_keyword(n->kwvalues[i]);
    if (r) return r;
  }
  return NULL;
}

void Line_free(Line* l) {
  if (l == NULL) return;
  for (int i = 0; i < l->n; i++) Stmt_free(l->stmts[i]);
  free(l->stmts);
  free(l);
}

Line* parse_line(const char* text) {
  TokenList tl;
  TokenList_init(&tl, text);
  if (tl.error != NULL) {
    Error_set(ErrorType_SyntaxError, "%s", tl.error);
    TokenList_free(&tl);
    return NULL;
  }
  bool fatal = false;
  Parser p = {&tl, 0, false, false, &fatal};
  Line* line = calloc(1, sizeof *line);
  TORCH_INTERNAL_ASSERT(line != NULL);
  while (!p.failed && tok(&p)->kind != Tok_End) {
    Stmt* s = parse_statement(&p);
    if (s == NULL) break;
    line->stmts = realloc(line->stmts, (size_t)(line->n + 1) * sizeof(Stmt*));
    TORCH_INTERNAL_ASSERT(line->stmts != NULL);
    line->stmts[line->n++] = s;
    if (accept(&p, ";")) continue;
    if (tok(&p)->kind != Tok_End) fail_after(&p, s->value);
  }
  for (int i = 0; i < line->n && !p.failed; i++) {
    const Stmt* s = line->stmts[i];
    const char* r = repeated_keyword(s->value);
    for (int k = 0; k < s->ntargets && !r; k++) r = repeated_keyword(s->targets[k]);
    if (r != NULL) {
      Error_set(ErrorType_SyntaxError, "keyword argument repeated: %s", r);
      p.failed = true;
    }
  }
  TokenList_free(&tl);
  if (p.failed) {
    if (!Error_occurred()) Error_set(ErrorType_SyntaxError, "invalid syntax");
    Line_free(line);
    return NULL;
  }
  return line;
}
