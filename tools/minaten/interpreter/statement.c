/*
 * statement.c - simple statements: assignments (`a = b = x`, `a, b = x`,
 * `t[0] = 5`), augmented assignments (`a += 1`), `del`, `import`, `pass`,
 * `break`, `continue`, `return`, `global`, expression statements; several
 * on a logical line separated by `;` (simple_stmts).  compound.c parses the
 * statements that hold blocks.
 *
 * Bad assignment targets get CPython's messages: "cannot assign to
 * function call here. Maybe you meant '==' instead of '='?" when the first
 * target could have been a comparison (invalid_named_expression), else
 * "cannot assign to literal".  Statements of Python that minaten does not
 * run (`try`, `class`, `raise`, ...) are a NotImplementedError.
 *
 * Python 3.11: Grammar/python.gram (simple_stmts, assignment, del_stmt,
 * import_name, return_stmt, global_stmt, invalid_assignment), Parser/pegen.c
 * (_PyPegen_get_expr_name)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runtime/Exception.h"
#include "tools/minaten/interpreter/array.h"
#include "tools/minaten/interpreter/parser.h"

/* ---- statements ------------------------------------------------------------- */

/* Python's _PyPegen_get_expr_name, for the nodes the dialect has. */
const char* expr_name(const Node* n) {
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
    case Node_ListComp: return n->paren ? "generator expression" : "list comprehension";
    case Node_Binary: return n->op == '?' ? "conditional expression" : "expression";
    default: return "expression";
  }
}

/* _PyPegen_get_invalid_target: the first part of a target that cannot be assigned. */
const Node* invalid_target(const Node* n) {
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
  /* !(list|tuple|genexp|'True'|'None'|'False') a=bitwise_or: not a comparison, a conditional
   * expression, `and`, `or` or `not` either (below bitwise_or unless in parentheses) */
  bool blocked = (e->kind == Node_Tuple && e->paren) || e->kind == Node_List || e->kind == Node_True ||
                 e->kind == Node_False || e->kind == Node_None || e->kind == Node_Compare ||
                 (e->kind == Node_ListComp && e->paren) ||
                 (e->kind == Node_Binary && strchr("?AO", e->op) != NULL) || (e->kind == Node_Unary && e->op == 'n');
  if (!blocked && after->kind == Tok_Op && strcmp(after->op, "=") == 0) {
    /* invalid_named_expression: a=bitwise_or '=' bitwise_or !('='|':=') */
    Parser q = *p;
    q.pos = e->last + 2;
    q.probe = true;
    q.failed = false;
    Node_free(parse_bitor(&q));
    if (*p->fatal) return;
    if (!q.failed && !parser_is_op(&q, "=") && !parser_is_op(&q, ":=")) {
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

void Stmt_free(Stmt* s) {
  if (s == NULL) return;
  for (int i = 0; i < s->ntargets; i++) Node_free(s->targets[i]);
  free(s->targets);
  Node_free(s->value);
  Suite_free(&s->body);
  Suite_free(&s->orelse);
  Code_release(s->code);
  for (int i = 0; i < s->ndefaults; i++) Node_free(s->defaults[i]);
  free(s->defaults);
  for (int i = 0; i < s->nannotations; i++) Node_free(s->annotations[i]);
  free(s->annotations);
  free(s);
}

void Suite_free(Suite* suite) {
  for (int i = 0; i < suite->n; i++) Stmt_free(suite->stmts[i]);
  free(suite->stmts);
  suite->stmts = NULL;
  suite->n = 0;
}

void Suite_append(Suite* suite, Stmt* s) {
  suite->stmts = array_grow(suite->stmts, suite->n, sizeof(Stmt*));
  suite->stmts[suite->n++] = s;
}

/* A list of targets (Names) for `global a, b`. */
static Stmt* parse_global(Parser* p, Stmt* s) {
  s->kind = Stmt_Global;
  parser_advance(p); /* global */
  do {
    Token* t = parser_tok(p);
    if (t->kind != Tok_Name || token_is_keyword(t)) {
      parser_fail(p, "invalid syntax");
      Stmt_free(s);
      return NULL;
    }
    Node* name = parser_new_node(p, Node_Name, p->pos);
    name->s = strndup(t->start, t->len);
    parser_advance(p);
    s->targets = array_grow(s->targets, s->ntargets, sizeof(Node*));
    s->targets[s->ntargets++] = name;
  } while (parser_accept(p, ","));
  return s;
}

/* The statements of Python the dialect does not run. */
static const char* const kUnsupported[] = {"try", "class", "raise", "assert", "yield", "async",
                                           "await", "nonlocal", "from", "except", "finally"};

static const struct { const char* tok; char op; } kAugOps[] = {
    {"+=", '+'}, {"-=", '-'}, {"*=", '*'}, {"/=", '/'}, {"//=", 'f'}, {"%=", '%'}, {"@=", '@'}, {"**=", 'p'},
    {"&=", '&'}, {"|=", '|'}, {"^=", '^'}, {"<<=", 'L'}, {">>=", 'R'}};

/* s's one target (taken over): del's, import's bound name, an augmented
 * assignment's. */
static void set_target(Stmt* s, Node* target) {
  s->targets = calloc(1, sizeof(Node*));
  TORCH_INTERNAL_ASSERT(s->targets != NULL);
  s->targets[0] = target;
  s->ntargets = 1;
}

/* del a, b[0]: targets are names, subscripts or attributes (or tuples of them). */
static Stmt* parse_del(Parser* p, Stmt* s) {
  parser_advance(p); /* del */
  Node* t = parse_exprlist(p);
  const Node* bad = t ? invalid_target(t) : NULL;
  if (bad != NULL) {
    char msg[64];
    snprintf(msg, sizeof msg, "cannot delete %s", expr_name(bad));
    parser_fail(p, msg);
  }
  if (p->failed) {
    Node_free(t);
    free(s);
    return NULL;
  }
  s->kind = Stmt_Del;
  set_target(s, t);
  return s;
}

/* import a.b [as c]: only the module's dotted name and the bound name are kept. */
static Stmt* parse_import(Parser* p, Stmt* s) {
  parser_advance(p); /* import */
  char name[256] = "";
  size_t n = 0;
  for (;;) {
    Token* t = parser_tok(p);
    if (t->kind != Tok_Name || token_is_keyword(t)) break;
    n += (size_t)snprintf(name + n, n < sizeof name ? sizeof name - n : 0, "%s%.*s", n ? "." : "", (int)t->len, t->start);
    parser_advance(p);
    if (!parser_accept(p, ".")) break;
  }
  Node* bound = NULL;
  if (n > 0 && token_is_name(parser_tok(p), "as")) {
    parser_advance(p);
    Token* t = parser_tok(p);
    if (t->kind == Tok_Name && !token_is_keyword(t)) {
      bound = parser_new_node(p, Node_Name, p->pos);
      bound->s = strndup(t->start, t->len);
      parser_advance(p);
    } else {
      parser_fail(p, "invalid syntax");
    }
  }
  if (n == 0 || n >= sizeof name || p->tl->tokens[p->pos - 1].kind == Tok_Op) parser_fail(p, "invalid syntax");
  if (p->failed) {
    Node_free(bound);
    free(s);
    return NULL;
  }
  if (bound == NULL) { /* `import torch.nn` binds torch */
    bound = parser_new_node(p, Node_Name, p->pos);
    bound->s = strndup(name, strcspn(name, "."));
  }
  s->kind = Stmt_Import;
  s->value = parser_new_node(p, Node_Str, p->pos);
  s->value->s = strdup(name);
  s->value->slen = strlen(name);
  set_target(s, bound);
  return s;
}

/* `return [exprlist]`, at the keyword. */
static Stmt* parse_return(Parser* p, Stmt* s) {
  parser_advance(p);
  s->kind = Stmt_Return;
  if (!parser_at_line_end(p) && !parser_is_op(p, ";")) {
    s->value = parse_exprlist(p);
    if (s->value == NULL) {
      free(s);
      return NULL;
    }
  }
  return s;
}

/* `t1 = t2 = ... = value`, at the first '=' after t1 (taken over).  A bad
 * target is reported once the whole statement has parsed (assignment_error). */
static Stmt* parse_assignment(Parser* p, Stmt* s, Node* t1) {
  Node** parts = NULL;
  int n = 0;
  bool any_invalid = false;
  for (Node* part = t1; part != NULL;) {
    parts = array_grow(parts, n, sizeof *parts);
    parts[n++] = part;
    if (!parser_accept(p, "=")) break;
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

/* `t1 OP= value`, after the operator (op, kAugOps' character); t1 is taken over. */
static Stmt* parse_augassign(Parser* p, Stmt* s, Node* t1, char op) {
  s->kind = Stmt_AugAssign;
  s->op = op;
  set_target(s, t1);
  s->value = parse_exprlist(p);
  if (s->value != NULL && t1->kind != Node_Name && t1->kind != Node_Attr && t1->kind != Node_Subscript) {
    char msg[96];
    snprintf(msg, sizeof msg, "'%s' is an illegal expression for augmented assignment", expr_name(t1));
    parser_fail(p, msg);
  }
  if (p->failed) {
    Stmt_free(s);
    return NULL;
  }
  return s;
}

/* A statement Python has that the dialect does not run (kUnsupported, a
 * decorator): true after the NotImplementedError. */
static bool unsupported_statement(Parser* p, const Token* t) {
  for (size_t i = 0; i < sizeof kUnsupported / sizeof kUnsupported[0]; i++) {
    if (token_is_name(t, kUnsupported[i])) {
      char msg[96];
      snprintf(msg, sizeof msg, "minaten: the dialect has no '%s' statement", kUnsupported[i]);
      parser_fail_at(p, ErrorType_NotImplementedError, msg, p->pos, p->pos);
      return true;
    }
  }
  if (parser_is_op(p, "@")) {
    parser_fail_at(p, ErrorType_NotImplementedError, "minaten: the dialect has no decorators", p->pos, p->pos);
    return true;
  }
  return false;
}

/* simple_stmt: by its first word, else an expression list followed by '=',
 * an augmented operator, or nothing (an expression statement). */
static Stmt* parse_statement(Parser* p) {
  Stmt* s = calloc(1, sizeof *s);
  TORCH_INTERNAL_ASSERT(s != NULL);
  Token* t = parser_tok(p);
  if (unsupported_statement(p, t)) {
    free(s);
    return NULL;
  }
  if (token_is_name(t, "del")) return parse_del(p, s);
  if (token_is_name(t, "import")) return parse_import(p, s);
  if (token_is_name(t, "global")) return parse_global(p, s);
  if (token_is_name(t, "return")) return parse_return(p, s);
  static const struct { const char* word; StmtKind kind; } kWords[] = {
      {"pass", Stmt_Pass}, {"break", Stmt_Break}, {"continue", Stmt_Continue}};
  for (size_t i = 0; i < sizeof kWords / sizeof kWords[0]; i++) {
    if (token_is_name(t, kWords[i].word)) {
      parser_advance(p);
      s->kind = kWords[i].kind;
      return s;
    }
  }
  Node* t1 = parse_exprlist(p);
  if (t1 == NULL) {
    free(s);
    return NULL;
  }
  if (parser_is_op(p, "=")) return parse_assignment(p, s, t1);
  for (size_t i = 0; i < sizeof kAugOps / sizeof kAugOps[0]; i++)
    if (parser_accept(p, kAugOps[i].tok)) return parse_augassign(p, s, t1, kAugOps[i].op);
  s->kind = Stmt_Expr;
  s->value = t1;
  return s;
}

/* simple_stmts: simple_stmt (';' simple_stmt)* [';'] NEWLINE.  Each
 * statement remembers its tokens. */
bool parse_simple_statements(Parser* p, Suite* suite) {
  for (;;) {
    int first = p->pos;
    Stmt* s = parse_statement(p);
    if (s == NULL) return false;
    s->first = first;
    s->last = p->pos - 1;
    Suite_append(suite, s);
    if (parser_accept(p, ";")) {
      if (parser_at_line_end(p)) break;
      continue;
    }
    if (!parser_at_line_end(p)) {
      parser_fail_after(p, s->value);
      return false;
    }
    break;
  }
  if (p->failed) return false;
  if (parser_tok(p)->kind == Tok_Newline) parser_advance(p);
  return !p->failed;
}
