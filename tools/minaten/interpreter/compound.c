/*
 * compound.c - the text of a top-level statement: blocks and the compound
 * statements that hold them (`if`/`elif`/`else`, `for`, `while`, `def`),
 * and the checks CPython's compiler makes once the text has parsed.
 *
 * Grammar (Python 3.11's, restricted to what the dialect runs):
 *
 *   module    := statement* ENDMARKER
 *   statement := compound | simple_stmts                  (statement.c)
 *   compound  := 'if' expr ':' block ('elif' expr ':' block)* ['else' ':' block]
 *              | 'while' expr ':' block ['else' ':' block]
 *              | 'for' targets 'in' exprlist ':' block ['else' ':' block]
 *              | 'def' NAME '(' [param (',' param)* [',']] ')' ['->' expr] ':' block
 *              | 'with' item (',' item)* ':' block
 *   item      := expr ['as' target]
 *   param     := NAME [':' expr] ['=' expr]
 *   block     := NEWLINE INDENT statement+ DEDENT | simple_stmts
 *
 * The errors are CPython's, at CPython's positions (the dialect compares
 * the line; tracebacks point at the columns): "expected ':'", "expected
 * '('", "expected an indented block after 'for' statement on line 1"
 * (IndentationError, at the token that should have been indented),
 * "unexpected indent", "non-default argument follows default argument".
 * After a successful parse come the compiler's checks, in this order:
 * symtable.c's scope errors ("duplicate argument 'a' in function
 * definition", `global` misuse), then, in the order of the text, "'return'
 * outside function", "'break' outside loop", "'continue' not properly in
 * loop", "keyword argument repeated: x".
 *
 * Python 3.11: Grammar/python.gram (block, if_stmt, for_stmt, while_stmt,
 * function_def_raw, invalid_block / invalid_*_stmt), Parser/pegen_errors.c
 * (_PyPegen_set_syntax_error), Python/compile.c (compiler_visit_stmt checks)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runtime/Exception.h"
#include "tools/minaten/interpreter/array.h"
#include "tools/minaten/interpreter/parser.h"

static bool parse_statement(Parser* p, Suite* suite, const char* qualname);

static Stmt* new_stmt(StmtKind kind, int first) {
  Stmt* s = calloc(1, sizeof *s);
  TORCH_INTERNAL_ASSERT(s != NULL);
  s->kind = kind;
  s->first = first;
  return s;
}

/* A forced token (`&&':'` in the grammar): "expected ':'" where it is missing. */
static bool expect(Parser* p, const char* op) {
  if (parser_accept(p, op)) return true;
  char msg[32];
  snprintf(msg, sizeof msg, "expected '%s'", op);
  parser_fail(p, msg);
  return false;
}

/* The ':' of an if/elif/while/for header: "expected ':'" when the line
 * ends there (invalid_*_stmt), "invalid syntax" at anything else. */
static bool expect_header_colon(Parser* p) {
  if (parser_accept(p, ":")) return true;
  parser_fail(p, parser_tok(p)->kind == Tok_Newline ? "expected ':'" : "invalid syntax");
  return false;
}

/* block := NEWLINE INDENT statement+ DEDENT | simple_stmts.  `what` names
 * the statement for the IndentationError, whose keyword is on `line`. */
static bool parse_block(Parser* p, Suite* body, const char* what, int line, const char* qualname) {
  if (parser_tok(p)->kind != Tok_Newline) return parse_simple_statements(p, body);
  parser_advance(p);
  if (parser_tok(p)->kind != Tok_Indent) {
    char msg[128];
    snprintf(msg, sizeof msg, "expected an indented block after %s on line %d", what, line);
    parser_fail_at(p, ErrorType_IndentationError, msg, p->pos, p->pos);
    return false;
  }
  parser_advance(p);
  while (!p->failed && parser_tok(p)->kind != Tok_Dedent && parser_tok(p)->kind != Tok_End)
    parse_statement(p, body, qualname);
  if (p->failed) return false;
  if (parser_tok(p)->kind == Tok_Dedent) parser_advance(p);
  return true;
}

/* The condition of if/elif/while: a named_expression.  `x = 1` there is
 * CPython's invalid_named_expression: "invalid syntax. Maybe you meant '=='
 * or ':=' instead of '='?" over `x = 1` (for a name), "cannot assign to
 * attribute here. Maybe you meant '==' instead of '='?" (for the rest). */
static Node* parse_condition(Parser* p) {
  int first = p->pos;
  Node* e = parse_expr(p);
  if (e == NULL || p->failed || !parser_is_op(p, "=")) return e;
  parser_advance(p);
  bool probe = p->probe;
  p->probe = true;
  Node* rhs = parse_bitor(p);
  p->probe = probe;
  bool named = rhs != NULL && !p->failed && !parser_is_op(p, "=") && !parser_is_op(p, ":=");
  p->failed = false;
  if (named && e->kind == Node_Name) {
    parser_fail_at(p, ErrorType_SyntaxError, "invalid syntax. Maybe you meant '==' or ':=' instead of '='?", first,
                   p->pos - 1);
  } else if (named && e->kind != Node_List && e->kind != Node_Tuple && e->kind != Node_True &&
             e->kind != Node_False && e->kind != Node_None) {
    char msg[128];
    snprintf(msg, sizeof msg, "cannot assign to %s here. Maybe you meant '==' instead of '='?", expr_name(e));
    parser_fail_at(p, ErrorType_SyntaxError, msg, e->first, e->last);
  } else {
    p->pos = e->last + 1;
    parser_fail(p, "invalid syntax");
  }
  Node_free(rhs);
  Node_free(e);
  return NULL;
}

/* 'else' ':' block, after if/for/while. */
static bool parse_else(Parser* p, Suite* orelse, const char* qualname) {
  int line = parser_tok(p)->lineno;
  parser_advance(p); /* else */
  return expect(p, ":") && parse_block(p, orelse, "'else' statement", line, qualname);
}

/* if_stmt / elif_stmt: an elif is an If alone in the orelse of the one before. */
static Stmt* parse_if(Parser* p, const char* qualname) {
  Token* kw = parser_tok(p);
  bool elif = token_is_name(kw, "elif");
  Stmt* s = new_stmt(Stmt_If, p->pos);
  int line = kw->lineno;
  parser_advance(p);
  s->value = parse_condition(p);
  if (s->value == NULL || !expect_header_colon(p) ||
      !parse_block(p, &s->body, elif ? "'elif' statement" : "'if' statement", line, qualname))
    goto fail;
  if (token_is_name(parser_tok(p), "elif")) {
    Stmt* inner = parse_if(p, qualname);
    if (inner == NULL) goto fail;
    Suite_append(&s->orelse, inner);
  } else if (token_is_name(parser_tok(p), "else") && !parse_else(p, &s->orelse, qualname)) {
    goto fail;
  }
  return s;
fail:
  Stmt_free(s);
  return NULL;
}

static Stmt* parse_while(Parser* p, const char* qualname) {
  Stmt* s = new_stmt(Stmt_While, p->pos);
  int line = parser_tok(p)->lineno;
  parser_advance(p);
  s->value = parse_condition(p);
  if (s->value == NULL || !expect_header_colon(p) || !parse_block(p, &s->body, "'while' statement", line, qualname))
    goto fail;
  if (token_is_name(parser_tok(p), "else") && !parse_else(p, &s->orelse, qualname)) goto fail;
  return s;
fail:
  Stmt_free(s);
  return NULL;
}

static Stmt* parse_for(Parser* p, const char* qualname) {
  Stmt* s = new_stmt(Stmt_For, p->pos);
  int line = parser_tok(p)->lineno;
  parser_advance(p);
  Node* target = parse_for_targets(p);
  if (target == NULL) goto fail;
  s->targets = calloc(1, sizeof(Node*));
  TORCH_INTERNAL_ASSERT(s->targets != NULL);
  s->targets[0] = target;
  s->ntargets = 1;
  if (!token_is_name(parser_tok(p), "in")) {
    parser_fail(p, "invalid syntax");
    goto fail;
  }
  parser_advance(p);
  s->value = parse_exprlist(p);
  if (s->value == NULL || !expect_header_colon(p) || !parse_block(p, &s->body, "'for' statement", line, qualname))
    goto fail;
  if (token_is_name(parser_tok(p), "else") && !parse_else(p, &s->orelse, qualname)) goto fail;
  return s;
fail:
  Stmt_free(s);
  return NULL;
}

/* with_stmt: 'with' item (',' item)* ':' block, item := expression ['as'
 * star_target].  Each item after the first is a With nested in the body of
 * the one before (CPython's compiler runs `with a, b:` that way).
 * NB(minaten): the parenthesised form `with (a, b):` is not recognised. */
static Stmt* parse_with_items(Parser* p, int line, const char* qualname) {
  Stmt* s = new_stmt(Stmt_With, p->pos);
  s->value = parse_expr(p);
  if (s->value == NULL) goto fail;
  if (token_is_name(parser_tok(p), "as")) {
    parser_advance(p);
    Node* target = parse_bitor(p);
    if (target == NULL) goto fail;
    const Node* bad = invalid_target(target);
    if (bad != NULL) {
      char msg[64];
      snprintf(msg, sizeof msg, "cannot assign to %s", expr_name(bad));
      parser_fail_at(p, ErrorType_SyntaxError, msg, bad->first, bad->last);
      Node_free(target);
      goto fail;
    }
    s->targets = calloc(1, sizeof(Node*));
    TORCH_INTERNAL_ASSERT(s->targets != NULL);
    s->targets[0] = target;
    s->ntargets = 1;
  }
  if (parser_accept(p, ",")) {
    Stmt* inner = parse_with_items(p, line, qualname);
    if (inner == NULL) goto fail;
    inner->last = inner->first; /* spans fixed by the caller */
    Suite_append(&s->body, inner);
    return s;
  }
  if (!expect_header_colon(p) || !parse_block(p, &s->body, "'with' statement", line, qualname)) goto fail;
  return s;
fail:
  Stmt_free(s);
  return NULL;
}

/* Gives the nested Withs of `with a, b:` the span of the whole statement. */
static void span_with_items(Stmt* s) {
  while (s->kind == Stmt_With && s->body.n == 1 && s->body.stmts[0]->kind == Stmt_With &&
         s->body.stmts[0]->last == s->body.stmts[0]->first) {
    Stmt* inner = s->body.stmts[0];
    inner->last = s->last;
    s = inner;
  }
}

static Stmt* parse_with(Parser* p, const char* qualname) {
  int line = parser_tok(p)->lineno;
  parser_advance(p); /* with */
  return parse_with_items(p, line, qualname);
}

static void push_node(Node*** list, int* n, Node* x) {
  *list = array_grow(*list, *n, sizeof(Node*));
  (*list)[(*n)++] = x;
}

/* The parameters of a def, up to ')': NAME [':' annotation] ['=' default].
 * NB(minaten): `*args`, `**kwargs`, `*` and `/` are a NotImplementedError. */
static bool parse_parameters(Parser* p, Stmt* s, Code* code) {
  while (!p->failed && !parser_is_op(p, ")")) {
    Token* t = parser_tok(p);
    if (parser_is_op(p, "*") || parser_is_op(p, "**") || parser_is_op(p, "/")) {
      parser_fail_at(p, ErrorType_NotImplementedError,
                     "minaten: a def has positional parameters with defaults only (no *args, **kwargs, * or /)",
                     p->pos, p->pos);
      return false;
    }
    if (t->kind != Tok_Name || token_is_keyword(t)) {
      parser_fail(p, "invalid syntax");
      return false;
    }
    int name_tok = p->pos;
    code->varnames = realloc(code->varnames, (size_t)(code->nparams + 1) * sizeof(char*));
    TORCH_INTERNAL_ASSERT(code->varnames != NULL);
    code->varnames[code->nparams++] = strndup(t->start, t->len);
    parser_advance(p);
    if (parser_accept(p, ":")) {
      Node* annotation = parse_expr(p);
      if (annotation == NULL) return false;
      push_node(&s->annotations, &s->nannotations, annotation);
    }
    if (parser_accept(p, "=")) {
      Node* d = parse_expr(p);
      if (d == NULL) return false;
      push_node(&s->defaults, &s->ndefaults, d);
    } else if (s->ndefaults > 0) {
      parser_fail_at(p, ErrorType_SyntaxError, "non-default argument follows default argument", name_tok, name_tok);
      return false;
    }
    if (!parser_accept(p, ",") && !parser_is_op(p, ")")) {
      parser_fail(p, "invalid syntax");
      return false;
    }
  }
  return !p->failed;
}

/* function_def_raw: 'def' NAME &&'(' [params] ')' ['->' expression] &&':' block */
static Stmt* parse_def(Parser* p, const char* qualname) {
  Stmt* s = new_stmt(Stmt_FunctionDef, p->pos);
  int line = parser_tok(p)->lineno;
  parser_advance(p);
  Token* name = parser_tok(p);
  if (name->kind != Tok_Name || token_is_keyword(name)) {
    parser_fail(p, "invalid syntax");
    Stmt_free(s);
    return NULL;
  }
  Code* code = calloc(1, sizeof *code);
  TORCH_INTERNAL_ASSERT(code != NULL);
  code->refcount = 1;
  code->name = strndup(name->start, name->len);
  code->lineno = line;
  /* CPython's co_qualname: the enclosing function's, then <locals> */
  size_t qlen = (qualname ? strlen(qualname) + strlen(".<locals>.") : 0) + strlen(code->name) + 1;
  code->qualname = malloc(qlen);
  TORCH_INTERNAL_ASSERT(code->qualname != NULL);
  snprintf(code->qualname, qlen, "%s%s%s", qualname ? qualname : "", qualname ? ".<locals>." : "", code->name);
  s->code = code;
  Node* target = parser_new_node(p, Node_Name, p->pos); /* the name the def binds */
  target->s = strdup(code->name);
  s->targets = calloc(1, sizeof(Node*));
  TORCH_INTERNAL_ASSERT(s->targets != NULL);
  s->targets[0] = target;
  s->ntargets = 1;
  parser_advance(p);
  if (!expect(p, "(") || !parse_parameters(p, s, code) || !parser_accept(p, ")")) goto fail;
  if (parser_accept(p, "->")) {
    Node* annotation = parse_exprlist(p);
    if (annotation == NULL) goto fail;
    push_node(&s->annotations, &s->nannotations, annotation);
  }
  if (!expect(p, ":") || !parse_block(p, &code->body, "function definition", line, code->qualname)) goto fail;
  return s;
fail:
  Stmt_free(s);
  return NULL;
}

/* statement := compound | simple_stmts; appended to suite.  qualname: the
 * enclosing function's (NULL at the top level). */
static bool parse_statement(Parser* p, Suite* suite, const char* qualname) {
  Token* t = parser_tok(p);
  if (p->failed) return false;
  if (t->kind == Tok_Indent) {
    parser_fail_at(p, ErrorType_IndentationError, "unexpected indent", p->pos, p->pos);
    return false;
  }
  int first = p->pos;
  Stmt* s = NULL;
  if (token_is_name(t, "if")) s = parse_if(p, qualname);
  else if (token_is_name(t, "while")) s = parse_while(p, qualname);
  else if (token_is_name(t, "for")) s = parse_for(p, qualname);
  else if (token_is_name(t, "def")) s = parse_def(p, qualname);
  else if (token_is_name(t, "with")) s = parse_with(p, qualname);
  else return parse_simple_statements(p, suite);
  if (s == NULL) return false;
  s->first = first;
  s->last = p->pos - 1; /* to the end of its last block */
  while (s->last > first && p->tl->tokens[s->last].kind >= Tok_Newline) s->last--;
  span_with_items(s);
  Suite_append(suite, s);
  return true;
}

/* ---- after parsing ------------------------------------------------------------------ */

static void locate_suite(Suite* suite, const TokenList* tl);

static void locate_stmt(Stmt* s, const TokenList* tl) {
  TokenList_span(tl, s->first, s->last, &s->lineno, &s->col, &s->end_lineno, &s->end_col);
  for (int i = 0; i < s->ntargets; i++) Node_locate(s->targets[i], tl);
  Node_locate(s->value, tl);
  for (int i = 0; i < s->ndefaults; i++) Node_locate(s->defaults[i], tl);
  for (int i = 0; i < s->nannotations; i++) Node_locate(s->annotations[i], tl);
  locate_suite(&s->body, tl);
  locate_suite(&s->orelse, tl);
  if (s->code) locate_suite(&s->code->body, tl);
}

static void locate_suite(Suite* suite, const TokenList* tl) {
  for (int i = 0; i < suite->n; i++) locate_stmt(suite->stmts[i], tl);
}

/* The compiler's check: "keyword argument repeated: x" (the second one). */
static const Node* repeated_keyword(const Node* n, const char** name) {
  if (n == NULL) return NULL;
  for (int i = 0; i < n->nkw; i++)
    for (int j = 0; j < i; j++)
      if (strcmp(n->kwnames[i], n->kwnames[j]) == 0) {
        *name = n->kwnames[i];
        return n->kwvalues[i];
      }
  const Node* kids[3] = {n->a, n->b, n->c};
  const Node* r = NULL;
  for (int i = 0; i < 3 && !r; i++) r = repeated_keyword(kids[i], name);
  for (int i = 0; i < n->n && !r; i++) r = repeated_keyword(n->items[i], name);
  for (int i = 0; i < n->nkw && !r; i++) r = repeated_keyword(n->kwvalues[i], name);
  return r;
}

static void set_where(SyntaxLocation* where, int lineno, int col, int end_lineno, int end_col) {
  where->lineno = lineno;
  where->col = col;
  where->end_col = end_lineno == lineno ? end_col : -1;
}

/* compiler_visit_stmt's checks over a suite, in the order of the text:
 * returns -1 with the SyntaxError set.  in_function / in_loop: where the
 * suite is. */
static int compile_checks(const Suite* suite, bool in_function, bool in_loop, SyntaxLocation* where) {
  for (int i = 0; i < suite->n; i++) {
    const Stmt* s = suite->stmts[i];
    const char* msg = NULL;
    if (s->kind == Stmt_Return && !in_function) msg = "'return' outside function";
    if (s->kind == Stmt_Break && !in_loop) msg = "'break' outside loop";
    if (s->kind == Stmt_Continue && !in_loop) msg = "'continue' not properly in loop";
    if (msg != NULL) {
      Error_set(ErrorType_SyntaxError, "%s", msg);
      set_where(where, s->lineno, s->col, s->end_lineno, s->end_col);
      return -1;
    }
    /* the keywords of the calls in the statement's own expressions */
    const Node* nodes[64];
    int n = 0;
    for (int k = 0; k < s->ntargets && n < 62 && s->kind != Stmt_FunctionDef; k++) nodes[n++] = s->targets[k];
    for (int k = 0; k < s->ndefaults && n < 63; k++) nodes[n++] = s->defaults[k];
    if (s->kind == Stmt_For) { /* the iterable is compiled before the target */
      nodes[0] = s->value;
      nodes[n++] = s->targets[0];
    } else {
      nodes[n++] = s->value;
    }
    for (int k = 0; k < n; k++) {
      const char* name = NULL;
      const Node* kw = repeated_keyword(nodes[k], &name);
      if (kw != NULL) {
        Error_set(ErrorType_SyntaxError, "keyword argument repeated: %s", name);
        /* CPython points at the keyword's name and value: `a=2` */
        set_where(where, kw->lineno, kw->col - (int)strlen(name) - 1, kw->end_lineno, kw->end_col);
        return -1;
      }
    }
    bool loop = s->kind == Stmt_For || s->kind == Stmt_While;
    if (compile_checks(&s->body, in_function, in_loop || loop, where) < 0) return -1;
    if (compile_checks(&s->orelse, in_function, in_loop, where) < 0) return -1;
    if (s->code && compile_checks(&s->code->body, true, false, where) < 0) return -1;
  }
  return 0;
}

/* _PyPegen_tokenize_full_source_to_check_for_errors: after a parser error,
 * a bracket left open at the end of the text, on an earlier line than the
 * error, is the error reported instead. */
static void prefer_unclosed_bracket(const TokenList* tl, SyntaxLocation* where) {
  if (tl->error != NULL || tl->nopen <= 0 || tl->nopen > (int)sizeof tl->open) return;
  int k = tl->nopen - 1;
  if (where->lineno <= tl->open_lineno[k]) return;
  Error_clear();
  Error_set(ErrorType_SyntaxError, "'%c' was never closed", tl->open[k]);
  where->lineno = tl->open_lineno[k];
  where->col = tl->open_col[k];
  where->end_col = -1;
}

Module* parse_module(const char* text, const char* filename, int first_line, SyntaxLocation* where) {
  TokenList tl;
  TokenList_init(&tl, text, first_line);
  *where = (SyntaxLocation){first_line, -1, -1};
  if (tl.error != NULL && tl.error_raised) { /* it wins over the parser: see lexer.h */
    Error_set(tl.error_type, "%s", tl.error);
    *where = (SyntaxLocation){tl.error_lineno, tl.error_col, tl.error_end_col};
    TokenList_free(&tl);
    return NULL;
  }
  bool fatal = false;
  Parser p = {&tl, 0, false, false, &fatal, 0, where};
  Module* m = calloc(1, sizeof *m);
  TORCH_INTERNAL_ASSERT(m != NULL);
  while (!p.failed && parser_tok(&p)->kind != Tok_End) parse_statement(&p, &m->body, NULL);
  if (!p.failed) locate_suite(&m->body, &tl);
  if (p.failed) {
    if (!Error_occurred()) parser_fail(&p, "invalid syntax");
    if (!fatal && Error_type() != ErrorType_NotImplementedError &&
        strcmp(Error_message(), "unexpected indent") != 0)
      prefer_unclosed_bracket(&tl, where);
    TokenList_free(&tl);
    Module_free(m);
    return NULL;
  }
  TokenList_free(&tl);
  Source* source = calloc(1, sizeof *source);
  TORCH_INTERNAL_ASSERT(source != NULL);
  source->refcount = 1;
  source->filename = strdup(filename);
  source->text = strdup(text);
  source->first_line = first_line;
  m->source = source;
  if (symtable_analyze(m, where) < 0 || compile_checks(&m->body, false, false, where) < 0) {
    Module_free(m);
    return NULL;
  }
  return m;
}

void Module_free(Module* m) {
  if (m == NULL) return;
  Suite_free(&m->body);
  Source_release(m->source);
  free(m);
}

Code* Code_retain(Code* c) {
  c->refcount++;
  return c;
}

void Code_release(Code* c) {
  if (c == NULL || --c->refcount > 0) return;
  free(c->name);
  free(c->qualname);
  for (int i = 0; i < (c->nlocals > c->nparams ? c->nlocals : c->nparams); i++) free(c->varnames[i]);
  free(c->varnames);
  Suite_free(&c->body);
  Source_release(c->source);
  free(c);
}

Source* Source_retain(Source* s) {
  s->refcount++;
  return s;
}

void Source_release(Source* s) {
  if (s == NULL || --s->refcount > 0) return;
  free(s->filename);
  free(s->text);
  free(s);
}
