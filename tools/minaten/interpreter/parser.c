/*
 * parser.c - recursive-descent parser for the expressions of the dialect
 * (statement.c and compound.c parse the statements around them).
 *
 * Grammar (Python 3.11's, restricted to what the dialect needs), lowest
 * precedence first:
 *
 *   exprlist   := expr (',' expr)* [',']           a bare tuple when commas
 *   expr       := or ['if' or 'else' expr]
 *   or, and    := 'or' / 'and' chains of `not`s
 *   not        := 'not' not | comparison
 *   comparison := bitor (('<'|'<='|'>'|'>='|'=='|'!='|'is' ['not']|['not'] 'in') bitor)*
 *   bitor ...  := | ^ & << >> | + - | * / // % @ | unary - + ~ | ** | postfix
 *   postfix    := atom ( '(' args ')' | '[' subscript ']' | '.' NAME )*
 *   atom       := NAME | NUMBER | STRING+ | True | False | None | '...'
 *               | '(' [exprlist] ')' | '[' [exprlist] ']'
 *               | '[' expr comp ']' | '(' expr comp ')'     a list comprehension, a generator
 *   comp       := ('for' targets 'in' or ('if' or)*)+
 *   subscript  := item (',' item)* [',']   item := expr | [expr] ':' [expr] [':' [expr]]
 *
 * A generator expression (also as the only argument of a call, `sum(x for
 * x in l)`) is parsed as a list comprehension with `paren` set; eval.c makes
 * it an iterator.  `lambda` is a NotImplementedError.
 *
 * Errors are SyntaxErrors worded exactly as CPython 3.11 words them, since
 * the dialect compares them; CPython finds most of them in a second parsing
 * pass with "invalid_" rules, which this parser imitates at the same points:
 *   - a tokenizer error anywhere in the text wins (lexer.c);
 *   - looking at the end of the text inside brackets: "'(' was never closed";
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
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runtime/Exception.h"
#include "tools/minaten/interpreter/array.h"
#include "tools/minaten/interpreter/ast.h"
#include "tools/minaten/interpreter/lexer.h"
#include "tools/minaten/interpreter/parser.h"


/* Records where the error is: from token first to token last (its end
 * column only when both are on one line). */
static void set_location(Parser* p, int first, int last) {
  const Token* a = &p->tl->tokens[first];
  const Token* b = &p->tl->tokens[last < first ? first : last];
  p->where->lineno = a->lineno;
  p->where->col = a->col;
  p->where->end_col = b->end_lineno == a->lineno ? b->end_col : -1;
}

void parser_fail_at(Parser* p, ErrorType type, const char* msg, int first, int last) {
  if (!p->failed && !p->probe && !*p->fatal) {
    Error_set(type, "%s", msg);
    set_location(p, first, last);
  }
  p->failed = true;
}

void parser_fail(Parser* p, const char* msg) { parser_fail_at(p, ErrorType_SyntaxError, msg, p->pos, p->pos); }

/* parser_tok's slow path (parser.h): t, the Tok_End at p->pos.  Looking at
 * the end of the text inside brackets is CPython's tokenizer error E_EOF:
 * "'(' was never closed", at the innermost open bracket; looking at the
 * place of an indentation error of the tokenizer raises it (lexer.h). */
Token* parser_tok_at_end(Parser* p, Token* t) {
  TokenList* tl = p->tl;
  if ((tl->error != NULL || tl->nopen > 0) && !*p->fatal && !(p->failed && !p->probe)) {
    Error_clear();
    if (tl->error != NULL) {
      Error_set(tl->error_type, "%s", tl->error);
      p->where->lineno = tl->error_lineno;
      p->where->col = tl->error_col;
      p->where->end_col = tl->error_end_col;
    } else {
      int k = tl->nopen <= (int)sizeof tl->open ? tl->nopen - 1 : (int)sizeof tl->open - 1;
      Error_set(ErrorType_SyntaxError, "'%c' was never closed", tl->open[k]);
      p->where->lineno = tl->open_lineno[k];
      p->where->col = tl->open_col[k];
      p->where->end_col = -1;
    }
    *p->fatal = true;
    p->failed = true;
  }
  return t;
}

bool parser_at_line_end(Parser* p) {
  TokKind k = parser_tok(p)->kind;
  return k == Tok_Newline || k == Tok_End;
}

void parser_advance(Parser* p) {
  if (p->tl->tokens[p->pos].kind != Tok_End) p->pos++;
}
bool parser_accept(Parser* p, const char* op) {
  if (!parser_is_op(p, op)) return false;
  parser_advance(p);
  return true;
}

/* Python's keywords, in strcmp order (token_is_keyword searches them). */
static const char* const kKeywords[] = {"False", "None", "True", "and", "as", "assert", "async", "await",
                                        "break", "class", "continue", "def", "del", "elif", "else", "except",
                                        "finally", "for", "from", "global", "if", "import", "in", "is",
                                        "lambda", "nonlocal", "not", "or", "pass", "raise", "return", "try",
                                        "while", "with", "yield"};

/* bsearch's order between a name token and a keyword. */
static int compare_name_to_keyword(const void* token, const void* keyword) {
  const Token* t = token;
  const char* k = *(const char* const*)keyword;
  int c = strncmp(t->start, k, t->len);
  return c != 0 ? c : k[t->len] == '\0' ? 0 : -1; /* a prefix of k sorts before it */
}

bool token_is_keyword(const Token* t) {
  return t->kind == Tok_Name &&
         bsearch(t, kKeywords, sizeof kKeywords / sizeof kKeywords[0], sizeof kKeywords[0], compare_name_to_keyword);
}
static bool is_constant_name(const Token* t) {
  return token_is_name(t, "True") || token_is_name(t, "False") || token_is_name(t, "None");
}

/* Can t begin an expression (for the comma hint)? */
static bool starts_expression(const Token* t) {
  if (t->kind == Tok_Name) return !token_is_keyword(t) || is_constant_name(t) || token_is_name(t, "not");
  if (t->kind == Tok_Int || t->kind == Tok_Float || t->kind == Tok_Str) return true;
  if (t->kind != Tok_Op) return false;
  return strcmp(t->op, "(") == 0 || strcmp(t->op, "[") == 0 || strcmp(t->op, "{") == 0 ||
         strcmp(t->op, "...") == 0 || strcmp(t->op, "~") == 0;
}

/* ---- nodes ---------------------------------------------------------------- */

Node* parser_new_node(Parser* p, NodeKind kind, int first) {
  Node* n = malloc(sizeof *n); /* not calloc: see Value_alloc (value.c) */
  TORCH_INTERNAL_ASSERT(n != NULL);
  memset(n, 0, sizeof *n);
  n->kind = kind;
  n->first = first;
  n->height = 1;
  n->last = p->pos > first ? p->pos - 1 : first;
  return n;
}

/* Ends n at the previous token, and measures its tree: CPython's compiler
 * gives up on a tree about 3000 deep (a sum of 3000 terms, `a[0][0]...`,
 * `f()()...`), and minaten's recursive walks (Node_locate, eval, Node_free)
 * must not overflow the stack on one of 100,000. */
void parser_finish(Parser* p, Node* n) {
  n->last = p->pos - 1;
  int h = 0;
  const Node* kids[3] = {n->a, n->b, n->c};
  for (int i = 0; i < 3; i++)
    if (kids[i] != NULL && kids[i]->height > h) h = kids[i]->height;
  for (int i = 0; i < n->n; i++)
    if (n->items[i] != NULL && n->items[i]->height > h) h = n->items[i]->height;
  for (int i = 0; i < n->nkw; i++)
    if (n->kwvalues[i] != NULL && n->kwvalues[i]->height > h) h = n->kwvalues[i]->height;
  n->height = h + 1;
  if (n->height >= kMaxDepth && !p->failed) parser_fail(p, "maximum recursion depth exceeded during compilation");
}

void TokenList_span(const TokenList* tl, int first, int last, int* lineno, int* col, int* end_lineno, int* end_col) {
  const Token* a = &tl->tokens[first];
  const Token* b = &tl->tokens[last < first ? first : last];
  *lineno = a->lineno;
  *col = a->col;
  *end_lineno = b->end_lineno;
  *end_col = b->end_col;
}

void Node_locate(Node* n, const TokenList* tl) {
  if (n == NULL) return;
  TokenList_span(tl, n->first, n->last, &n->lineno, &n->col, &n->end_lineno, &n->end_col);
  Node_locate(n->a, tl);
  Node_locate(n->b, tl);
  Node_locate(n->c, tl);
  for (int i = 0; i < n->n; i++) Node_locate(n->items[i], tl);
  for (int i = 0; i < n->nkw; i++) Node_locate(n->kwvalues[i], tl);
}

static void push_item(Node* n, Node* item) {
  n->items = array_grow(n->items, n->n, sizeof *n->items);
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

static Node* parse_factor(Parser* p);

/*
 * An expression was parsed but what follows cannot continue it.  Inside
 * brackets, if another expression follows, CPython says "Perhaps you forgot
 * a comma?" (invalid_expression); `print x` is a legacy print statement.
 */
void parser_fail_after(Parser* p, const Node* e) {
  Token* t = parser_tok(p);
  if (p->failed) return;
  bool legacy = e != NULL && e->kind == Node_Name && (strcmp(e->s, "print") == 0 || strcmp(e->s, "exec") == 0);
  bool name_string = e != NULL && e->kind == Node_Name && t->kind == Tok_Str;
  if (e != NULL && starts_expression(t) && !(legacy && parser_is_op(p, "(")) && (legacy || (t->level > 0 && !name_string))) {
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
        parser_fail(p, msg);
      } else {
        parser_fail(p, "invalid syntax. Perhaps you forgot a comma?");
      }
      return;
    }
  }
  parser_fail(p, "invalid syntax");
}

/* ---- atoms ------------------------------------------------------------------ */

/* Items up to `close`, comma separated, trailing comma allowed; *comma tells
 * `(x)` from `(x,)`.  A first item followed by `for` stops the list, with
 * *comp set: a comprehension follows. */
static void parse_items(Parser* p, Node* n, const char* close, bool* comma, bool* comp) {
  *comma = false;
  *comp = false;
  while (!p->failed && !parser_is_op(p, close)) {
    Node* e = parse_expr(p);
    if (e == NULL) return;
    push_item(n, e);
    if (n->n == 1 && token_is_name(parser_tok(p), "for")) {
      *comp = true;
      return;
    }
    if (parser_accept(p, ",")) {
      *comma = true;
      continue;
    }
    if (!parser_is_op(p, close)) parser_fail_after(p, e);
  }
  if (!p->failed) parser_accept(p, close);
}

/* The clauses of a comprehension after its element `elt` (not the closing
 * bracket): `for targets in or [if or]...`, one or more.  `first` is where
 * the comprehension starts; generator: written in parentheses. */
static Node* parse_comprehension(Parser* p, Node* elt, int first, bool generator) {
  Node* n = parser_new_node(p, Node_ListComp, first);
  n->a = elt;
  n->paren = generator;
  while (!p->failed && token_is_name(parser_tok(p), "for")) {
    Node* clause = parser_new_node(p, Node_Comprehension, p->pos);
    push_item(n, clause);
    parser_advance(p);
    clause->a = parse_for_targets(p);
    if (clause->a == NULL) break;
    if (!token_is_name(parser_tok(p), "in")) {
      parser_fail(p, "invalid syntax");
      break;
    }
    parser_advance(p);
    clause->b = parse_or(p);
    while (clause->b != NULL && !p->failed && token_is_name(parser_tok(p), "if")) {
      parser_advance(p);
      Node* cond = parse_or(p);
      if (cond == NULL) break;
      push_item(clause, cond);
    }
    parser_finish(p, clause);
  }
  parser_finish(p, n);
  return checked(p, n);
}

/* `[x for ...]` / `(x for ...)` after parse_items stopped at `for`: the
 * comprehension in place of the list n, up to its closing bracket. */
static Node* finish_comprehension(Parser* p, Node* n, int first, const char* close) {
  Node* elt = n->items[0];
  n->n = 0;
  Node_free(n);
  Node* c = parse_comprehension(p, elt, first, close[0] == ')');
  if (c != NULL && !parser_accept(p, close)) parser_fail(p, "invalid syntax");
  if (c != NULL) parser_finish(p, c);
  return checked(p, c);
}

/* Adjacent string literals, one string ('it' 's'). */
static Node* parse_strings(Parser* p, int first) {
  Node* n = parser_new_node(p, Node_Str, first);
  n->s = calloc(1, 1);
  while (parser_tok(p)->kind == Tok_Str) {
    Token* s = parser_tok(p);
    n->s = realloc(n->s, n->slen + s->slen + 1);
    TORCH_INTERNAL_ASSERT(n->s != NULL);
    memcpy(n->s + n->slen, s->s, s->slen + 1);
    n->slen += s->slen;
    parser_advance(p);
  }
  parser_finish(p, n);
  return checked(p, n);
}

/* After '(': `()`, a tuple, a parenthesized expression, or a generator. */
static Node* parse_parenthesized(Parser* p, int first) {
  bool empty = parser_accept(p, ")");
  Node* n = parser_new_node(p, Node_Tuple, first);
  n->paren = true;
  if (empty) return n;
  bool comma, comp;
  parse_items(p, n, ")", &comma, &comp);
  if (p->failed) return checked(p, n);
  if (comp) return finish_comprehension(p, n, first, ")");
  parser_finish(p, n);
  if (n->n == 1 && !comma) {
    Node* inner = n->items[0];
    n->n = 0;
    Node_free(n);
    return inner;
  }
  return n;
}

/* A name, True, False or None; NULL (no error) for another keyword. */
static Node* parse_name(Parser* p, const Token* t, int first) {
  Node* n = NULL;
  if (token_is_name(t, "True")) n = parser_new_node(p, Node_True, first);
  else if (token_is_name(t, "False")) n = parser_new_node(p, Node_False, first);
  else if (token_is_name(t, "None")) n = parser_new_node(p, Node_None, first);
  else if (token_is_keyword(t)) return NULL;
  else {
    n = parser_new_node(p, Node_Name, first);
    n->s = strndup(t->start, t->len);
  }
  parser_advance(p);
  return n;
}

static Node* parse_atom(Parser* p) {
  Token* t = parser_tok(p);
  int first = p->pos;
  if (p->failed) return NULL;
  switch (t->kind) {
    case Tok_Name: {
      if (token_is_name(t, "lambda")) {
        parser_fail_at(p, ErrorType_NotImplementedError, "minaten: the dialect has no lambda expressions", first, first);
        return NULL;
      }
      Node* n = parse_name(p, t, first);
      if (n != NULL) return n;
      break;
    }
    case Tok_Int:
    case Tok_Float: {
      Node* n = parser_new_node(p, t->kind == Tok_Int ? Node_Int : Node_Float, first);
      n->i = t->i;
      n->f = t->f;
      parser_advance(p);
      return n;
    }
    case Tok_Str: return parse_strings(p, first);
    case Tok_Op:
      if (parser_accept(p, "...")) return parser_new_node(p, Node_Ellipsis, first);
      if (parser_accept(p, "(")) return parse_parenthesized(p, first);
      if (parser_accept(p, "[")) {
        Node* n = parser_new_node(p, Node_List, first);
        bool comma, comp;
        parse_items(p, n, "]", &comma, &comp);
        if (comp && !p->failed) return finish_comprehension(p, n, first, "]");
        parser_finish(p, n);
        return checked(p, n);
      }
      break;
    default:
      break;
  }
  parser_fail(p, "invalid syntax");
  return NULL;
}

/* ---- postfix: calls, subscripts, attributes -------------------------------- */

static Node* parse_call(Parser* p, Node* callee, int first) {
  Node* n = parser_new_node(p, Node_Call, first);
  n->a = callee;
  while (!p->failed && !parser_is_op(p, ")")) {
    Token* t = parser_tok(p);
    Token* after = &p->tl->tokens[p->pos + (t->kind == Tok_End ? 0 : 1)];
    bool keyword = t->kind == Tok_Name && after->kind == Tok_Op && strcmp(after->op, "=") == 0;
    Node* e;
    if (keyword) {
      if (is_constant_name(t)) {
        char msg[64];
        snprintf(msg, sizeof msg, "cannot assign to %.*s", (int)t->len, t->start);
        parser_fail(p, msg);
        break;
      }
      char* name = strndup(t->start, t->len);
      parser_advance(p);
      parser_advance(p);
      e = parse_expr(p);
      if (e == NULL) {
        free(name);
        break;
      }
      n->kwnames = array_grow(n->kwnames, n->nkw, sizeof(char*));
      n->kwvalues = array_grow(n->kwvalues, n->nkw, sizeof(Node*));
      n->kwnames[n->nkw] = name;
      n->kwvalues[n->nkw++] = e;
    } else if (parser_is_op(p, "*")) { /* f(*xs): iterable unpacking */
      int star = p->pos;
      parser_advance(p);
      Node* x = parse_expr(p);
      if (x == NULL) break;
      e = parser_new_node(p, Node_Unary, star);
      e->op = '*';
      e->a = x;
      parser_finish(p, e);
      push_item(n, e);
    } else {
      e = parse_expr(p);
      if (e == NULL) break;
      if (parser_is_op(p, "=")) {
        Node_free(e);
        parser_fail(p, "expression cannot contain assignment, perhaps you meant \"==\"?");
        break;
      }
      if (n->nkw > 0) {
        Node_free(e);
        parser_fail(p, "positional argument follows keyword argument");
        break;
      }
      if (token_is_name(parser_tok(p), "for")) { /* f(x for x in y): a generator argument */
        int start = e->first;
        e = parse_comprehension(p, e, start, true);
        if (e == NULL) break;
        if (n->n > 0 || n->nkw > 0 || !parser_is_op(p, ")")) {
          parser_fail_at(p, ErrorType_SyntaxError, "Generator expression must be parenthesized", start, p->pos - 1);
          Node_free(e);
          break;
        }
      }
      push_item(n, e);
    }
    if (parser_accept(p, ",")) continue;
    if (!parser_is_op(p, ")")) parser_fail_after(p, e);
  }
  if (!p->failed) parser_accept(p, ")");
  parser_finish(p, n);
  return checked(p, n);
}

/* One subscript item: an expression or a slice a:b:c. */
static Node* parse_subscript_item(Parser* p) {
  int first = p->pos;
  Node* start = NULL;
  if (!parser_is_op(p, ":")) {
    start = parse_expr(p);
    if (start == NULL || !parser_is_op(p, ":")) return start;
  }
  if (p->failed) return NULL;
  Node* s = parser_new_node(p, Node_Slice, first);
  s->a = start;
  parser_advance(p); /* ':' */
  if (!parser_is_op(p, ":") && !parser_is_op(p, ",") && !parser_is_op(p, "]")) s->b = parse_expr(p);
  if (!p->failed && parser_accept(p, ":") && !parser_is_op(p, ",") && !parser_is_op(p, "]")) s->c = parse_expr(p);
  parser_finish(p, s);
  return checked(p, s);
}

static Node* parse_subscript(Parser* p, Node* target, int first) {
  Node* n = parser_new_node(p, Node_Subscript, first);
  n->a = target;
  if (parser_is_op(p, "]")) parser_fail(p, "invalid syntax");
  while (!p->failed && !parser_is_op(p, "]")) {
    Node* e = parse_subscript_item(p);
    if (e == NULL) break;
    push_item(n, e);
    if (parser_accept(p, ",")) {
      n->paren = true; /* the index is a tuple */
      continue;
    }
    if (!parser_is_op(p, "]")) parser_fail_after(p, e->kind == Node_Slice ? NULL : e);
  }
  if (!p->failed) parser_accept(p, "]");
  parser_finish(p, n);
  return checked(p, n);
}

/* A node starts at its first token, a parenthesized operand's '(' included
 * (`(a + b).sum()` starts at '('), as CPython's positions do. */
static Node* parse_postfix(Parser* p) {
  int first = p->pos;
  Node* n = parse_atom(p);
  while (n != NULL && !p->failed) {
    if (parser_accept(p, "(")) {
      n = parse_call(p, n, first);
    } else if (parser_accept(p, "[")) {
      n = parse_subscript(p, n, first);
    } else if (parser_accept(p, ".")) {
      Token* t = parser_tok(p);
      if (t->kind != Tok_Name || token_is_keyword(t)) {
        parser_fail(p, "invalid syntax");
        break;
      }
      Node* a = parser_new_node(p, Node_Attr, first);
      a->a = n;
      a->s = strndup(t->start, t->len);
      parser_advance(p);
      parser_finish(p, a);
      n = a;
    } else {
      break;
    }
  }
  return n == NULL ? NULL : checked(p, n);
}

/* ---- operators ---------------------------------------------------------------- */

static Node* binary(Parser* p, char op, Node* a, Node* b, int first) {
  Node* n = parser_new_node(p, Node_Binary, first);
  n->op = op;
  n->a = a;
  n->b = b;
  parser_finish(p, n);
  return n;
}

/* parse(p) one level deeper, for the rules that recurse on themselves
 * (`**`, unary operators, `not`): NULL with "maximum recursion depth
 * exceeded during compilation" past kMaxDepth levels, as CPython's parser. */
static Node* parse_deeper(Parser* p, Node* (*parse)(Parser*)) {
  if (p->depth >= kMaxDepth) {
    parser_fail(p, "maximum recursion depth exceeded during compilation");
    return NULL;
  }
  p->depth++;
  Node* n = parse(p);
  p->depth--;
  return n;
}

/* A Node_Unary `op a` starting at token first (a taken over). */
static Node* unary(Parser* p, char op, Node* a, int first) {
  Node* n = parser_new_node(p, Node_Unary, first);
  n->op = op;
  n->a = a;
  parser_finish(p, n);
  return n;
}

/* power := postfix ['**' factor]  (right associative, binds tighter than unary -) */
static Node* parse_power(Parser* p) {
  int first = p->pos;
  Node* n = parse_postfix(p);
  if (n == NULL || !parser_accept(p, "**")) return n;
  Node* b = parse_deeper(p, parse_factor); /* 2 ** 2 ** 2 ** ...: the recursion of right associativity */
  if (b == NULL) {
    Node_free(n);
    return NULL;
  }
  return binary(p, 'p', n, b, first);
}

static Node* parse_factor(Parser* p) {
  int first = p->pos;
  char op = parser_is_op(p, "-") ? '-' : parser_is_op(p, "+") ? '+' : parser_is_op(p, "~") ? '~' : 0;
  if (op == 0) return parse_power(p);
  parser_advance(p);
  Node* a = parse_deeper(p, parse_factor);
  return a == NULL ? NULL : unary(p, op, a, first);
}

/*
 * The left-associative binary operators, loosest first:
 *
 *   level 0  |          level 3  << >>
 *   level 1  ^          level 4  + -
 *   level 2  &          level 5  * / // % @
 *
 * parsed by precedence climbing: one call per operand, rather than one
 * function per level each asking whether its operators come next (six
 * calls and a dozen questions for every name and number of a line).
 * The trees are those of the grammar's one-rule-per-level form (python.gram
 * bitwise_or ... term): `a - b - c` is (a - b) - c, `a + b * c` is
 * a + (b * c).  Returns the level of the binary operator t (its Node_Binary
 * code in *code), or -1.
 */
static int binary_level(const Token* t, char* code) {
  if (t->kind != Tok_Op) return -1;
  const char* op = t->op;
  bool one = op[1] == '\0';
  switch (op[0]) {
    case '|': *code = '|'; return one ? 0 : -1;
    case '^': *code = '^'; return one ? 1 : -1;
    case '&': *code = '&'; return one ? 2 : -1;
    case '<': *code = 'L'; return op[1] == '<' && op[2] == '\0' ? 3 : -1;
    case '>': *code = 'R'; return op[1] == '>' && op[2] == '\0' ? 3 : -1;
    case '+': *code = '+'; return one ? 4 : -1;
    case '-': *code = '-'; return one ? 4 : -1;
    case '*': *code = '*'; return one ? 5 : -1;
    case '/': *code = one ? '/' : 'f'; return one || (op[1] == '/' && op[2] == '\0') ? 5 : -1;
    case '%': *code = '%'; return one ? 5 : -1;
    case '@': *code = '@'; return one ? 5 : -1;
    default: return -1;
  }
}

/* An operand and the binary operators of level min_level or tighter after it. */
static Node* parse_binary(Parser* p, int min_level) {
  int first = p->pos;
  Node* n = parse_factor(p);
  while (n != NULL && !p->failed) {
    char code = 0;
    int level = binary_level(parser_tok(p), &code);
    if (level < min_level) break;
    parser_advance(p);
    Node* b = parse_binary(p, level + 1);
    if (b == NULL) {
      Node_free(n);
      return NULL;
    }
    n = binary(p, code, n, b, first);
  }
  return n;
}

Node* parse_bitor(Parser* p) { return parse_binary(p, 0); }

static Node* parse_comparison(Parser* p) {
  static const struct { const char* tok; char op; } cmp[] = {
      {"<=", 'l'}, {">=", 'g'}, {"==", '='}, {"!=", '!'}, {"<", '<'}, {">", '>'}};
  int start = p->pos;
  Node* first = parse_bitor(p);
  Node* n = NULL;
  while (first != NULL && !p->failed) {
    char op = 0;
    for (size_t i = 0; i < sizeof cmp / sizeof cmp[0] && !op; i++)
      if (parser_is_op(p, cmp[i].tok)) op = cmp[i].op;
    /* is, is not, in, not in */
    const Token* next = &p->tl->tokens[p->pos + (parser_tok(p)->kind == Tok_End ? 0 : 1)];
    if (!op && token_is_name(parser_tok(p), "is")) op = token_is_name(next, "not") ? 'I' : 'i';
    else if (!op && token_is_name(parser_tok(p), "in")) op = 'e';
    else if (!op && token_is_name(parser_tok(p), "not") && token_is_name(next, "in")) op = 'E';
    if (!op) break;
    if (op == 'I' || op == 'E') parser_advance(p);
    parser_advance(p);
    Node* b = parse_bitor(p);
    if (b == NULL) {
      Node_free(n ? n : first);
      return NULL;
    }
    if (n == NULL) {
      n = parser_new_node(p, Node_Compare, start);
      push_item(n, first);
    }
    n->ops = array_grow(n->ops, n->n, 1); /* n - 1 operators and a '\0' */
    n->ops[n->n - 1] = op;
    n->ops[n->n] = '\0';
    push_item(n, b);
    parser_finish(p, n);
  }
  return n ? n : first;
}

static Node* parse_not(Parser* p) {
  int first = p->pos;
  if (!token_is_name(parser_tok(p), "not")) return parse_comparison(p);
  parser_advance(p);
  Node* a = parse_deeper(p, parse_not);
  return a == NULL ? NULL : unary(p, 'n', a, first);
}

static Node* parse_boolop(Parser* p, const char* word, char code, Node* (*sub)(Parser*)) {
  int first = p->pos;
  Node* n = sub(p);
  while (n != NULL && !p->failed && token_is_name(parser_tok(p), word)) {
    parser_advance(p);
    Node* b = sub(p);
    if (b == NULL) {
      Node_free(n);
      return NULL;
    }
    n = binary(p, code, n, b, first);
  }
  return n;
}
static Node* parse_and(Parser* p) { return parse_boolop(p, "and", 'A', parse_not); }
Node* parse_or(Parser* p) { return parse_boolop(p, "or", 'O', parse_and); }

/* expr := or ['if' or 'else' expr]  (the conditional expression) */
Node* parse_expr(Parser* p) {
  int first = p->pos;
  Node* n = parse_or(p);
  if (n == NULL || p->failed || !token_is_name(parser_tok(p), "if")) return n;
  parser_advance(p);
  Node* cond = parse_or(p);
  if (cond != NULL && !p->failed && token_is_name(parser_tok(p), "else") && p->depth >= kMaxDepth) {
    parser_fail(p, "maximum recursion depth exceeded during compilation");
  } else if (cond != NULL && !p->failed && token_is_name(parser_tok(p), "else")) {
    parser_advance(p);
    p->depth++;
    Node* other = parse_expr(p);
    p->depth--;
    if (other != NULL) {
      Node* c = parser_new_node(p, Node_Binary, first);
      c->op = '?';
      c->a = n;
      c->b = cond;
      c->c = other;
      parser_finish(p, c);
      return c;
    }
  } else if (cond != NULL) {
    parser_fail(p, "expected 'else' after 'if' expression");
  }
  Node_free(n);
  Node_free(cond);
  return NULL;
}

/* expr {',' expr} [','] : a bare (unparenthesized) tuple when there are commas. */
Node* parse_exprlist(Parser* p) {
  int first = p->pos;
  Node* e = parse_expr(p);
  if (e == NULL || !parser_is_op(p, ",")) return e;
  Node* t = parser_new_node(p, Node_Tuple, first);
  push_item(t, e);
  while (!p->failed && parser_accept(p, ",")) {
    if (!starts_expression(parser_tok(p)) && !parser_is_op(p, "-") && !parser_is_op(p, "+")) break;
    Node* x = parse_expr(p);
    if (x == NULL) break;
    push_item(t, x);
  }
  parser_finish(p, t);
  return checked(p, t);
}

/* star_targets of `for` and of comprehensions: `|`-level expressions
 * separated by commas (a bare tuple when commas), so that `in` ends them;
 * "cannot assign to literal" for what cannot be a target. */
Node* parse_for_targets(Parser* p) {
  int first = p->pos;
  Node* e = parse_bitor(p);
  if (e != NULL && parser_is_op(p, ",")) {
    Node* t = parser_new_node(p, Node_Tuple, first);
    push_item(t, e);
    while (!p->failed && parser_accept(p, ",")) {
      if (token_is_name(parser_tok(p), "in")) break;
      Node* x = parse_bitor(p);
      if (x == NULL) break;
      push_item(t, x);
    }
    parser_finish(p, t);
    e = checked(p, t);
  }
  const Node* bad = e ? invalid_target(e) : NULL;
  if (bad != NULL) {
    char msg[64];
    snprintf(msg, sizeof msg, "cannot assign to %s", expr_name(bad));
    parser_fail_at(p, ErrorType_SyntaxError, msg, bad->first, bad->last);
    Node_free(e);
    return NULL;
  }
  return e;
}
