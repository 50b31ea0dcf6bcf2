/*
 * ast.h - the syntax tree of one top-level statement of the dialect (see
 * compound.c, statement.c and parser.c), and the code objects of the
 * functions it defines.
 *
 * A top-level statement is a Module: a suite of statements (several simple
 * ones separated by ';', or one compound statement whose suites hold
 * more).  Expressions are Nodes.  While parsing, every node and statement
 * remembers the tokens it spans (first, last), which the parser's
 * Python-worded error messages need; after parsing, its position in the
 * text (line, column, end line, end column), which tracebacks print.
 * Lines are numbered as the parse was asked to (parse_module's first_line),
 * columns are byte offsets from 0, ends exclusive, as in CPython's ast.
 */
#ifndef MINATEN_INTERP_AST_H
#define MINATEN_INTERP_AST_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef enum NodeKind {
  Node_Name,      /* s; after parsing, the scope symtable.c found: op 'L' a local variable of a
                     function (slot i), 'C' a comprehension variable (slot i), 'F' a variable of an
                     enclosing function (a closure: not supported), 'G' global (then builtins) */
  Node_Int,       /* i */
  Node_Float,     /* f */
  Node_Str,       /* s, slen (adjacent literals already joined) */
  Node_True,
  Node_False,
  Node_None,
  Node_Ellipsis,
  Node_Tuple,     /* items; paren: written in parentheses */
  Node_List,      /* items */
  Node_ListComp,  /* [a for ... in ... if ...]: items are the Node_Comprehension clauses */
  Node_Comprehension, /* for a in b if items[0] if items[1]...: one clause of a comprehension */
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
  int height;      /* of the tree: 1 for a leaf (the parser refuses kMaxDepth) */
  int lineno, col, end_lineno, end_col;
};

typedef enum StmtKind {
  Stmt_Expr,        /* value */
  Stmt_Assign,      /* targets[0] = targets[1] = ... = value */
  Stmt_AugAssign,   /* targets[0] op= value; op as in Node_Binary */
  Stmt_Del,         /* del targets[0] (a name, subscript, attribute, or a tuple of them) */
  Stmt_Import,      /* import value->s (a dotted name) as targets[0] */
  Stmt_Pass,
  Stmt_Break,
  Stmt_Continue,
  Stmt_Return,      /* return [value] (value NULL: None) */
  Stmt_Global,      /* global targets[0], targets[1], ... (Names) */
  Stmt_If,          /* if value: body else: orelse (an elif is an If alone in orelse) */
  Stmt_While,       /* while value: body else: orelse */
  Stmt_For,         /* for targets[0] in value: body else: orelse */
  Stmt_FunctionDef, /* def code->name(parameters): code->body, with defaults and annotations */
  Stmt_With,        /* with value [as targets[0]]: body (ntargets 0 without `as`); `with a, b:`
                       is parsed as a With whose body is the With of b, as CPython runs it */
} StmtKind;

typedef struct Stmt Stmt;

typedef struct Suite {
  Stmt** stmts;
  int n;
} Suite;

/* The text a statement was parsed from, shared by the functions it defines:
 * tracebacks print its lines. */
typedef struct Source {
  int refcount;
  char* filename; /* "x.py", "<string>", "<stdin>" */
  char* text;
  int first_line; /* the number of its first line */
} Source;

/* A function's code, as CPython's code object: made by the parser, shared
 * (reference counted) by the def statement and every function value made
 * from it. */
typedef struct Code {
  int refcount;
  char* name;      /* f */
  char* qualname;  /* f, or outer.<locals>.f (co_qualname, in argument errors) */
  char** varnames; /* the local variables (symtable.c), the parameters first */
  int nparams;
  int nlocals;
  int ncomp;       /* comprehension variables (Name nodes 'C') */
  Suite body;
  Source* source;
  int lineno;      /* the line of `def` */
} Code;

struct Stmt {
  StmtKind kind;
  Node** targets;
  int ntargets;
  Node* value;
  char op;
  Suite body, orelse;
  Code* code;          /* Stmt_FunctionDef */
  Node** defaults;     /* Stmt_FunctionDef: the defaults of the last ndefaults parameters */
  int ndefaults;
  Node** annotations;  /* Stmt_FunctionDef: evaluated when the def runs (Python 3.11 does), then dropped */
  int nannotations;
  int first, last;     /* token span */
  int lineno, col, end_lineno, end_col;
};

/* One top-level statement, parsed. */
typedef struct Module {
  Suite body;
  Source* source;
  int ncomp; /* comprehension variables of its top level */
} Module;

/* Where a SyntaxError was found: its line, and its columns on that line
 * (end_col -1: none), as CPython's SyntaxError carries them. */
typedef struct SyntaxLocation {
  int lineno, col, end_col;
} SyntaxLocation;

/* Parses the text of one top-level statement (compound.c), its lines
 * numbered from first_line; NULL with a SyntaxError (IndentationError,
 * TabError: Python 3.11's wording) set and *where filled when it does not
 * parse, or a NotImplementedError for Python that minaten does not run. */
Module* parse_module(const char* text, const char* filename, int first_line, SyntaxLocation* where);
void Module_free(Module* m);
void Node_free(Node* n);
void Suite_free(Suite* s);
Code* Code_retain(Code* c);
void Code_release(Code* c);
Source* Source_retain(Source* s);
void Source_release(Source* s);

#endif
