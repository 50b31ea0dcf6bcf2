/*
 * ast.h - the syntax tree of one dialect line (see parser.c).
 *
 * A line holds one or more statements separated by ';'.  Expressions are
 * Nodes; every node remembers the tokens it spans (first, last), which the
 * parser's Python-worded error messages need.
 */
#ifndef MINATEN_INTERP_AST_H
#define MINATEN_INTERP_AST_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef enum NodeKind {
  Node_Name,      /* s */
  Node_Int,       /* i */
  Node_Float,     /* f */
  Node_Str,       /* s, slen (adjacent literals already joined) */
  Node_True,
  Node_False,
  Node_None,
  Node_Ellipsis,
  Node_Tuple,     /* items; paren: written in parentheses */
  Node_List,      /* items */
  Node_Call,      /* a(items..., kwnames[i]=kwvalues[i]...) */
  Node_Attr,      /* a.s */
  Node_Subscript, /* a[items]; paren (here: "had a comma") makes the index a tuple */
  Node_Slice,     /* a:b:c (any may be NULL), only inside a subscript */
  Node_Binary,    /* a op b; op: + - * / @ %, 'f' (//), 'p' (**), & | ^ 'L' (<<) 'R' (>>),
                   'A' (and), 'O' (or), '?' (a if b else c) */
  Node_Unary,     /* op a; op: - + ~, 'n' (not), '*' (f(*a): only as a call argument) */
  Node_Compare,   /* items[0] ops[0] items[1] ops[1] ...; ops: < > 'l' (<=) 'g' (>=) '=' (==) '!' (!=),
                     'i' (is), 'I' (is not), 'e' (in), 'E' (not in) */
} NodeKind;

typedef struct Node Node;
struct Node {
  NodeKind kind;
  char op;
  bool paren;
  char* s;
  size_t slen;
  int64_t i;
  double f;
  Node *a, *b, *c;
  Node** items;
  int n;
  char* ops; /* Node_Compare: n - 1 operators */
  char** kwnames;
  Node** kwvalues;
  int nkw;
  int first, last; /* token span */
};

typedef enum StmtKind {
  Stmt_Expr,      /* value */
  Stmt_Assign,    /* targets[0] = targets[1] = ... = value */
  Stmt_AugAssign, /* targets[0] op= value; op as in Node_Binary */
  Stmt_Del,       /* del targets[0] (a name, subscript, attribute, or a tuple of them) */
  Stmt_Import,    /* import value->s (a dotted name) as targets[0] */
} StmtKind;

typedef struct Stmt {
  StmtKind kind;
  Node** targets;
  int ntargets;
  Node* value;
  char op;
} Stmt;

typedef struct Line {
  Stmt** stmts;
  int n;
} Line;

/* Parses one line; NULL with a SyntaxError (Python 3.11's wording) set when
 * it does not parse.  A line that is empty or only a comment has n == 0. */
Line* parse_line(const char* line);
void Line_free(Line* l);
void Node_free(Node* n);

#endif
