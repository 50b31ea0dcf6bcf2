/*
 * ast.h - the syntax tree of one dialect line (see parser.c).
 */
#ifndef MINATEN_INTERP_AST_H
#define MINATEN_INTERP_AST_H

#include <stdint.h>

typedef enum NodeKind {
  Node_Name,      /* s */
  Node_Int,       /* i */
  Node_Float,     /* f */
  Node_Str,       /* s */
  Node_True,
  Node_False,
  Node_None,
  Node_Ellipsis,
  Node_Tuple,     /* items */
  Node_List,      /* items */
  Node_Call,      /* a(items..., kwnames[i]=kwvalues[i]...) */
  Node_Attr,      /* a.s */
  Node_Subscript, /* a[items] */
  Node_Slice,     /* a:b:c (any may be NULL) */
  Node_Binary,    /* a op b; op: '+', '-', '*', '/', '@', '<', '>', 'l' (<=), 'g' (>=), '=' (==), '!' (!=) */
  Node_Negate,    /* -a */
} NodeKind;

typedef struct Node Node;
struct Node {
  NodeKind kind;
  char op;
  char* s;
  int64_t i;
  double f;
  Node *a, *b, *c;
  Node** items;
  int n;
  char** kwnames;
  Node** kwvalues;
  int nkw;
};

typedef enum StmtKind {
  Stmt_Expr,    /* target */
  Stmt_Assign,  /* names[0] = value */
  Stmt_Unpack,  /* names[0], names[1], ... = value */
  Stmt_SetItem, /* target (a Subscript) = value */
} StmtKind;

typedef struct Stmt {
  StmtKind kind;
  Node* target;
  Node* value;
  char** names;
  int nnames;
} Stmt;

/* Parses one line; NULL with SyntaxError set when it does not parse. */
Stmt* parse_line(const char* line);
void Stmt_free(Stmt* s);

#endif
