/*
 * parser.h - the parser's state and helpers, shared by parser.c
 * (expressions), statement.c (simple statements) and compound.c (blocks,
 * compound statements, the whole text, and the errors that concern
 * them).  Internal to those files; the rest of the interpreter uses ast.h.
 *
 * The parser walks the token list of a statement's text (lexer.h).  A
 * failure sets `failed` and, unless the parse is a probe (a lookahead that
 * CPython's "invalid_" rules make), a SyntaxError and its location; every
 * parse function then returns NULL and frees what it built.
 */
#ifndef MINATEN_INTERP_PARSER_H
#define MINATEN_INTERP_PARSER_H

#include <stdbool.h>
#include <string.h>

#include "runtime/Exception.h"
#include "tools/minaten/interpreter/ast.h"
#include "tools/minaten/interpreter/lexer.h"

typedef struct Parser {
  TokenList* tl;
  int pos;
  bool failed; /* this parse (or probe) failed */
  bool probe;  /* failures are silent: a lookahead of an "invalid_" rule */
  bool* fatal; /* shared: an error that even a probe raises ("was never closed") */
  int depth;   /* nesting of unary operators and conditional expressions */
  SyntaxLocation* where; /* shared: where the error was found */
} Parser;

/* NB(minaten): CPython gives up on deeply nested expressions with a
 * RecursionError while compiling; minaten raises a SyntaxError at the same
 * point rather than overflow its stack: nesting of unary operators, `**`
 * and conditional expressions while parsing, and a tree's height
 * (parser_finish: a sum of 3000 terms is refused, of 2999 runs, as
 * `python3 FILE.py` does). */
enum { kMaxDepth = 3000 };

/* Fails with msg as the SyntaxError, at the current token (the first
 * failure wins). */
void parser_fail(Parser* p, const char* msg);
/* Fails with an error of `type` spanning tokens first..last. */
void parser_fail_at(Parser* p, ErrorType type, const char* msg, int first, int last);
/* The current token.  At the end of the text inside brackets:
 * "'(' was never closed"; at the tokenizer's error: that error. */
Token* parser_tok_at_end(Parser* p, Token* t);
/* The current token.  At the end of the text it may raise the tokenizer's
 * error instead (parser_tok_at_end in parser.c). */
static inline Token* parser_tok(Parser* p) {
  Token* t = &p->tl->tokens[p->pos];
  return t->kind == Tok_End ? parser_tok_at_end(p, t) : t;
}
/* Whether the current token is the operator `op`.  NB: inline, and the
 * first characters compared before strcmp: each precedence level asks
 * about its operators at every operand, and most answers are "no". */
static inline bool parser_is_op(Parser* p, const char* op) {
  const Token* t = parser_tok(p);
  return t->kind == Tok_Op && t->op[0] == op[0] && (op[0] == '\0' || strcmp(t->op + 1, op + 1) == 0);
}
void parser_advance(Parser* p);
bool parser_accept(Parser* p, const char* op); /* advances past op if it is next */
/* Whether t is the name (or keyword) `name`. */
static inline bool token_is_name(const Token* t, const char* name) {
  return t->kind == Tok_Name && t->start[0] == name[0] && t->len == strlen(name) &&
         strncmp(t->start, name, t->len) == 0;
}
bool token_is_keyword(const Token* t);
/* The end of a logical line: NEWLINE, or the end of the text. */
bool parser_at_line_end(Parser* p);
Node* parser_new_node(Parser* p, NodeKind kind, int first);
void parser_finish(Parser* p, Node* n); /* n ends at the previous token */
/* An expression e was parsed but what follows cannot continue it. */
void parser_fail_after(Parser* p, const Node* e);
/* The source position of tokens first..last (last < first: first alone). */
void TokenList_span(const TokenList* tl, int first, int last, int* lineno, int* col, int* end_lineno, int* end_col);
/* Turns the token spans of n and everything below it into positions. */
void Node_locate(Node* n, const TokenList* tl);

/* parser.c: exprlist (a bare tuple when commas), an expression, the `|`
 * level that CPython's invalid_named_expression probes, `or` (a
 * disjunction), and the targets of `for` (star_targets, up to `in`). */
Node* parse_exprlist(Parser* p);
Node* parse_expr(Parser* p);
Node* parse_bitor(Parser* p);
Node* parse_or(Parser* p);
Node* parse_for_targets(Parser* p);

/* statement.c */
/* Python's _PyPegen_get_expr_name and _PyPegen_get_invalid_target. */
const char* expr_name(const Node* n);
const Node* invalid_target(const Node* n);
/* simple_stmts: simple statements separated by ';', up to the end of the
 * logical line (consumed), appended to suite. */
bool parse_simple_statements(Parser* p, Suite* suite);
void Stmt_free(Stmt* s);
void Suite_append(Suite* suite, Stmt* s);

/* symtable.c: the scope of every name of a parsed module (ast.h's Name
 * annotations, the Code objects' local variables); -1 with the SyntaxError
 * set and *where filled. */
int symtable_analyze(Module* m, SyntaxLocation* where);

#endif
