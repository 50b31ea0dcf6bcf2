/*
 * symtable.c - which variable each name means, decided once a statement
 * has parsed, as CPython's symbol table decides it before compiling.
 *
 * Python's rule: a name bound anywhere in a function's body (a parameter,
 * an assignment or augmented assignment target, a `for` target, `del`,
 * `import`, a nested `def`) is a local variable of the function for the
 * whole body, unless declared `global`; reading it before it is bound is an
 * UnboundLocalError.  Every other name is global, then a builtin.  At the
 * top level every name is global.  A comprehension is a scope of its own:
 * its `for` targets are its variables (they do not leak), while its first
 * iterable is evaluated in the enclosing scope.
 *
 * Each Node_Name is annotated (ast.h): 'L' slot i of the function's local
 * variables (Code.varnames), 'C' slot i of the comprehension variables of
 * the function or top-level statement, 'G' global.  NB(minaten): there are
 * no closures; a nested function reading a variable of the function that
 * encloses it is marked 'F' and fails with a NotImplementedError when it
 * runs.  Comprehensions run in their enclosing frame, so they read its
 * local variables directly.
 *
 * The errors are the symbol table's: "duplicate argument 'a' in function
 * definition", "name 'x' is parameter and global", "name 'x' is assigned to
 * before global declaration", "name 'x' is used prior to global declaration".
 *
 * Python 3.11: Python/symtable.c (symtable_visit_stmt, symtable_visit_expr,
 * symtable_handle_comprehension, analyze_name)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runtime/Exception.h"
#include "tools/minaten/interpreter/array.h"
#include "tools/minaten/interpreter/ast.h"

typedef struct Names {
  char** names;
  int n;
} Names;

static int Names_find(const Names* s, const char* name) {
  for (int i = 0; i < s->n; i++)
    if (strcmp(s->names[i], name) == 0) return i;
  return -1;
}

/* Adds a borrowed name (once). */
static void Names_add(Names* s, char* name) {
  if (Names_find(s, name) >= 0) return;
  s->names = array_grow(s->names, s->n, sizeof(char*));
  s->names[s->n++] = name;
}

/* A comprehension variable in scope: its name and slot. */
typedef struct CompVar {
  const char* name;
  int slot;
} CompVar;

typedef struct Scope {
  struct Scope* parent; /* the enclosing scope; NULL at the top level */
  Code* code;           /* NULL at the top level */
  Source* source;       /* the text, which the code objects share */
  int* ncomp;           /* where comprehension slots are counted: the Code's or the Module's */
  Names globals;        /* declared global */
  Names seen_use, seen_bind; /* names met so far, for the `global` errors */
  CompVar comp[64];     /* the comprehension variables in scope, innermost last */
  int ncompvars;
} Scope;

static void set_error(SyntaxLocation* where, int lineno, int col, int end_lineno, int end_col, const char* fmt,
                      const char* name) {
  Error_set(ErrorType_SyntaxError, fmt, name);
  where->lineno = lineno;
  where->col = col;
  where->end_col = end_lineno == lineno ? end_col : -1;
}

/* ---- pass 1: the local variables of a function ------------------------------------ */

static int collect_suite(Scope* sc, const Suite* suite, SyntaxLocation* where);

/* The names bound by a target (Names inside tuples and lists). */
static void bind_target(Scope* sc, Node* t) {
  if (t->kind == Node_Name) {
    Names_add(&sc->seen_bind, t->s);
    return;
  }
  if (t->kind == Node_Tuple || t->kind == Node_List)
    for (int i = 0; i < t->n; i++) bind_target(sc, t->items[i]);
}

/* The names an expression reads (comprehension clauses bind nothing here). */
static void use_names(Scope* sc, Node* n) {
  if (n == NULL) return;
  if (n->kind == Node_Name) Names_add(&sc->seen_use, n->s);
  use_names(sc, n->a);
  use_names(sc, n->b);
  use_names(sc, n->c);
  for (int i = 0; i < n->n; i++) use_names(sc, n->items[i]);
  for (int i = 0; i < n->nkw; i++) use_names(sc, n->kwvalues[i]);
}

static int collect_stmt(Scope* sc, Stmt* s, SyntaxLocation* where) {
  if (s->kind == Stmt_Global) {
    for (int i = 0; i < s->ntargets; i++) {
      Node* t = s->targets[i];
      const char* fmt = NULL;
      if (sc->code != NULL && Names_find(&(Names){sc->code->varnames, sc->code->nparams}, t->s) >= 0)
        fmt = "name '%s' is parameter and global";
      else if (Names_find(&sc->seen_bind, t->s) >= 0)
        fmt = "name '%s' is assigned to before global declaration";
      else if (Names_find(&sc->seen_use, t->s) >= 0)
        fmt = "name '%s' is used prior to global declaration";
      if (fmt != NULL) {
        set_error(where, s->lineno, s->col, s->end_lineno, s->end_col, fmt, t->s);
        return -1;
      }
      Names_add(&sc->globals, t->s);
    }
    return 0;
  }
  /* reads first (the value of an assignment is evaluated before it binds) */
  use_names(sc, s->value);
  for (int i = 0; i < s->ndefaults; i++) use_names(sc, s->defaults[i]);
  for (int i = 0; i < s->nannotations; i++) use_names(sc, s->annotations[i]);
  switch (s->kind) {
    case Stmt_Assign:
    case Stmt_For:
    case Stmt_Del:
    case Stmt_Import:
    case Stmt_FunctionDef: /* the def binds its name */
    case Stmt_With:        /* `as` binds its target */
      for (int i = 0; i < s->ntargets; i++) {
        if (s->kind != Stmt_Import) use_names(sc, s->targets[i]->kind == Node_Name ? NULL : s->targets[i]);
        bind_target(sc, s->targets[i]);
      }
      break;
    case Stmt_AugAssign:
      use_names(sc, s->targets[0]);
      bind_target(sc, s->targets[0]);
      break;
    default:
      break;
  }
  if (collect_suite(sc, &s->body, where) < 0) return -1;
  return collect_suite(sc, &s->orelse, where);
}

static int collect_suite(Scope* sc, const Suite* suite, SyntaxLocation* where) {
  for (int i = 0; i < suite->n; i++)
    if (collect_stmt(sc, suite->stmts[i], where) < 0) return -1;
  return 0;
}

/* ---- pass 2: annotating the names ------------------------------------------------- */

static int resolve_suite(Scope* sc, Suite* suite, SyntaxLocation* where);

static int local_slot(const Code* code, const char* name) {
  if (code == NULL) return -1;
  for (int i = 0; i < code->nlocals; i++)
    if (strcmp(code->varnames[i], name) == 0) return i;
  return -1;
}

static void resolve_name(Scope* sc, Node* n) {
  for (int i = sc->ncompvars - 1; i >= 0; i--) {
    if (strcmp(sc->comp[i].name, n->s) == 0) {
      n->op = 'C';
      n->i = sc->comp[i].slot;
      return;
    }
  }
  if (Names_find(&sc->globals, n->s) < 0) {
    int slot = local_slot(sc->code, n->s);
    if (slot >= 0) {
      n->op = 'L';
      n->i = slot;
      return;
    }
    for (Scope* up = sc->parent; up != NULL; up = up->parent) {
      if (Names_find(&up->globals, n->s) < 0 && local_slot(up->code, n->s) >= 0) {
        n->op = 'F';
        return;
      }
    }
  }
  n->op = 'G';
}

static void resolve_expr(Scope* sc, Node* n);

/* A comprehension: the first iterable in the enclosing scope, the rest in
 * the comprehension's, whose variables take new slots. */
static void resolve_comprehension(Scope* sc, Node* n) {
  int saved = sc->ncompvars;
  for (int k = 0; k < n->n; k++) {
    Node* clause = n->items[k];
    resolve_expr(sc, clause->b);
    Node* targets[64];
    int nt = 0;
    Node* stack[64];
    int ns = 0;
    stack[ns++] = clause->a;
    while (ns > 0) { /* the Names of the target, left to right */
      Node* t = stack[--ns];
      if (t->kind == Node_Name && nt < 64) targets[nt++] = t;
      else if (t->kind == Node_Tuple || t->kind == Node_List)
        for (int i = t->n - 1; i >= 0 && ns < 64; i--) stack[ns++] = t->items[i];
    }
    for (int i = 0; i < nt && sc->ncompvars < 64; i++) {
      sc->comp[sc->ncompvars].name = targets[i]->s;
      sc->comp[sc->ncompvars].slot = (*sc->ncomp)++;
      sc->ncompvars++;
    }
    resolve_expr(sc, clause->a);
    for (int i = 0; i < clause->n; i++) resolve_expr(sc, clause->items[i]);
  }
  resolve_expr(sc, n->a);
  sc->ncompvars = saved;
}

static void resolve_expr(Scope* sc, Node* n) {
  if (n == NULL) return;
  if (n->kind == Node_Name) {
    resolve_name(sc, n);
    return;
  }
  if (n->kind == Node_ListComp) {
    resolve_comprehension(sc, n);
    return;
  }
  resolve_expr(sc, n->a);
  resolve_expr(sc, n->b);
  resolve_expr(sc, n->c);
  for (int i = 0; i < n->n; i++) resolve_expr(sc, n->items[i]);
  for (int i = 0; i < n->nkw; i++) resolve_expr(sc, n->kwvalues[i]);
}

/* A function: its locals (parameters first, then the names its body binds,
 * in order), then its names. */
static int analyze_function(Scope* parent, Stmt* def, SyntaxLocation* where) {
  Code* code = def->code;
  code->source = Source_retain(parent->source);
  code->lineno = def->lineno;
  for (int i = 0; i < code->nparams; i++) {
    for (int j = 0; j < i; j++) {
      if (strcmp(code->varnames[i], code->varnames[j]) == 0) {
        /* NB(minaten): CPython points at the parameter; minaten at the def line */
        set_error(where, def->lineno, def->col, def->end_lineno, def->end_col,
                  "duplicate argument '%s' in function definition", code->varnames[i]);
        return -1;
      }
    }
  }
  Scope sc = {parent, code, parent->source, &code->ncomp, {NULL, 0}, {NULL, 0}, {NULL, 0}, {{NULL, 0}}, 0};
  int rc = collect_suite(&sc, &code->body, where);
  code->nlocals = code->nparams;
  for (int i = 0; rc == 0 && i < sc.seen_bind.n; i++) {
    const char* name = sc.seen_bind.names[i];
    if (Names_find(&sc.globals, name) >= 0 || local_slot(code, name) >= 0) continue;
    code->varnames = realloc(code->varnames, (size_t)(code->nlocals + 1) * sizeof(char*));
    TORCH_INTERNAL_ASSERT(code->varnames != NULL);
    code->varnames[code->nlocals++] = strdup(name);
  }
  if (rc == 0) rc = resolve_suite(&sc, &code->body, where);
  free(sc.globals.names);
  free(sc.seen_use.names);
  free(sc.seen_bind.names);
  return rc;
}

static int resolve_suite(Scope* sc, Suite* suite, SyntaxLocation* where) {
  for (int i = 0; i < suite->n; i++) {
    Stmt* s = suite->stmts[i];
    for (int k = 0; k < s->ntargets; k++) resolve_expr(sc, s->targets[k]);
    resolve_expr(sc, s->value);
    for (int k = 0; k < s->ndefaults; k++) resolve_expr(sc, s->defaults[k]);
    for (int k = 0; k < s->nannotations; k++) resolve_expr(sc, s->annotations[k]);
    if (s->kind == Stmt_FunctionDef && analyze_function(sc, s, where) < 0) return -1;
    if (resolve_suite(sc, &s->body, where) < 0) return -1;
    if (resolve_suite(sc, &s->orelse, where) < 0) return -1;
  }
  return 0;
}

int symtable_analyze(Module* m, SyntaxLocation* where) {
  Scope top = {NULL, NULL, m->source, &m->ncomp, {NULL, 0}, {NULL, 0}, {NULL, 0}, {{NULL, 0}}, 0};
  int rc = collect_suite(&top, &m->body, where); /* `global` misuse at the top level too */
  if (rc == 0) rc = resolve_suite(&top, &m->body, where);
  free(top.globals.names);
  free(top.seen_use.names);
  free(top.seen_bind.names);
  return rc;
}
