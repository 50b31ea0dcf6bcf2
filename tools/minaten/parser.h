/*
 * parser.h - the parser's state and helpers, shared by parser.c
 * (expressions) and statement.c (statements, the line, and the errors
 * that concern whole statements).  Internal to those two files; the rest of
 * the interpreter uses ast.h.
 *
 * The parser walks the token list of one line (lexer.h).  A failure sets
 * `failed` and, unless the parse is a probe (a lookahead that CPython's
 * "invalid_" rules make), a SyntaxError; every parse function then returns
 * NULL and frees what it built.
 */
#ifndef MINATEN_INTERP_PARSER_H
#define MINATEN_INTERP_PARSER_H

#include <stdbool.h>

#include "tools/minaten/ast.h"
#include "tools/minaten/lexer.h"

typedef struct Parser {
  TokenList* tl;
  int pos;
  bool failed; /* this parse (or probe) failed */
  bool probe;  /* failures are silent: a lookahead of an "invalid_" rule */
  bool* fatal; /* shared: an error that even a probe raises ("was never closed") */
  int depth;   /* nesting of unary operators and conditional expressions */
} Parser;

/* NB(minaten): CPython gives up on deeply nested expressions with a
 * RecursionError while compiling; minaten raises a SyntaxError at the same
 * point rather than overflow its stack. */
enum { kMaxDepth = 3000 };

/* Fails with msg as the SyntaxError (the first failure wins). */
void parser_fail(Parser* p, const char* msg);
/* The current token; at the end inside brackets: "'(' was never closed". */
Token* parser_tok(Parser* p);
bool parser_is_op(Parser* p, const char* op);
void parser_advance(Parser* p);
bool parser_accept(Parser* p, const char* op); /* advances past op if it is next */
bool token_is_name(const Token* t, const char* name);
bool token_is_keyword(const Token* t);
Node* parser_new_node(Parser* p, NodeKind kind, int first);
void parser_finish(Parser* p, Node* n); /* n ends at the previous token */
/* An expression e was parsed but what follows cannot continue it. */
void parser_fail_after(Parser* p, const Node* e);

/* parser.c: exprlist (a bare tuple when commas), and the `|` level that
 * CPython's invalid_named_expression probes. */
Node* parse_exprlist(Parser* p);
Node* parse_bitor(Parser* p);

#endif
