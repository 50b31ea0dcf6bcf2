/*
 * dot_command.c - the front end the picture commands share (memory,
 * lazy-graph, autograd-graph; see dot.h):
 *
 *   minaten COMMAND [-c SETUP]... [-o FILE] [--format dot|svg|png] EXPR...
 *
 * SETUP runs first, as `minaten -c` runs it (statements separated by
 * newlines or ';'; an error there is Python's traceback on stderr and exit
 * status 1).  Each EXPR is then evaluated as one Python expression against
 * the names the setup bound, and the values go to the command's drawer.  An
 * EXPR that does not parse, raises, or is not a tensor is one line on
 * stderr naming it: `minaten: memory: 'a.foo': AttributeError: ...`.
 */
#include <stdlib.h>
#include <string.h>

#include "runtime/Exception.h"
#include "tools/minaten/dot.h"
#include "tools/minaten/interpreter/interp.h"
#include "tools/minaten/interpreter/ast.h"
#include "tools/minaten/interpreter/value.h"

static int expect_tensor(const char* command, const Value* v, const char* expr) {
  if (v->kind == Value_Tensor) return 0;
  fprintf(stderr, "minaten: %s: '%s' is not a tensor (it is %s)\n", command, expr, type_of(v)->name);
  return -1;
}

/* Runs one statement of SETUP; 0, or -1 after the traceback. */
static int run_statement(Interp* in, const char* text, int lineno) {
  while (*text == ' ' || *text == '\t') text++;
  if (*text == '\0' || *text == '#' || strcmp(text, "import torch") == 0) return 0;
  Interp_setLocation(in, "<string>", lineno);
  return Interp_runStatement(in, text, lineno);
}

/* Whether a line continues the block above it: indented, or blank, or an
 * elif/else/except/finally clause. */
static bool continues_block(const char* line) {
  if (*line == ' ' || *line == '\t' || *line == '\0') return true;
  static const char* const kClauses[] = {"elif", "else", "except", "finally"};
  for (size_t k = 0; k < sizeof kClauses / sizeof kClauses[0]; k++) {
    size_t n = strlen(kClauses[k]);
    if (strncmp(line, kClauses[k], n) == 0 && strchr(" :\t", line[n]) != NULL) return true;
  }
  return false;
}

/* Runs SETUP as minaten -c runs its text: line by line, a line ending in
 * ':' with the indented lines after it as one statement, any other line
 * split at ';' outside quotes.  0, or -1 after the traceback. */
static int run_setup(Interp* in, const char* setup) {
  char* text = strdup(setup);
  int status = 0, lineno = 1;
  for (char* line = text; line != NULL && status == 0;) {
    char* nl = strchr(line, '\n');
    if (nl) *nl = '\0';
    size_t len = strlen(line);
    while (len > 0 && strchr(" \t\r", line[len - 1]) != NULL) line[--len] = '\0';
    int first = lineno;
    char* next = nl ? nl + 1 : NULL;
    lineno++;
    if (len > 0 && line[len - 1] == ':') {
      /* a block: rejoin the lines that continue it */
      while (next != NULL && continues_block(next)) {
        char* nl2 = strchr(next, '\n');
        nl[0] = '\n';
        nl = nl2;
        if (nl) *nl = '\0';
        next = nl ? nl + 1 : NULL;
        lineno++;
      }
      status = run_statement(in, line, first);
      line = next;
      continue;
    }
    char quote = 0;
    char* start = line;
    for (char* p = line; status == 0; p++) {
      if (quote && *p == quote) {
        quote = 0;
      } else if (!quote && (*p == '\'' || *p == '"')) {
        quote = *p;
      } else if (*p == '\0' || (!quote && *p == ';')) {
        char end = *p;
        *p = '\0';
        status = run_statement(in, start, first);
        if (end == '\0') break;
        start = p + 1;
      }
    }
    line = next;
  }
  free(text);
  return status;
}

/* Evaluates `expr`, one Python expression: a new reference, or NULL with the
 * error set (a SyntaxError for a statement that is not an expression). */
static Value* eval_text(Interp* in, const char* expr) {
  SyntaxLocation where;
  Module* m = parse_module(expr, "<string>", 1, &where);
  if (m == NULL) return NULL;
  if (m->body.n != 1 || m->body.stmts[0]->kind != Stmt_Expr) {
    Module_free(m);
    Error_set(ErrorType_SyntaxError, "not an expression");
    return NULL;
  }
  Value** comp = calloc(m->ncomp > 0 ? (size_t)m->ncomp : 1, sizeof *comp);
  Frame frame = {NULL, NULL, m, NULL, comp, m->body.stmts[0], NULL, NULL};
  in->frame = &frame;
  in->stack_base = (uintptr_t)&frame;
  in->depth = 1;
  Value* v = eval_expr(in, m->body.stmts[0]->value);
  in->frame = NULL;
  in->depth = 0;
  for (int i = 0; i < m->ncomp; i++) Value_release(comp[i]);
  free(comp);
  Value_release(frame.retval);
  Module_free(m);
  return v;
}

static int usage_error(const char* command, const char* what, const char* arg) {
  fprintf(stderr,
          "minaten: %s: %s%s\n"
          "usage: minaten %s [-c SETUP]... [-o FILE] [--format dot|svg|png] EXPR...\n",
          command, what, arg ? arg : "", command);
  return 2;
}

int DotCommand_main(const char* command, int argc, char** argv) {
  const char* setups[32];
  int num_setups = 0;
  DotOutput o = {command, NULL, NULL};
  const char* exprs[32];
  int n = 0;
  for (int i = 0; i < argc; i++) {
    const char* a = argv[i];
    if (strcmp(a, "-c") == 0 || strcmp(a, "-o") == 0 || strcmp(a, "--format") == 0) {
      if (i + 1 >= argc) return usage_error(command, "expected an argument after ", a);
      const char* value = argv[++i];
      if (a[1] == 'c') {
        if (num_setups == (int)(sizeof setups / sizeof setups[0])) return usage_error(command, "too many -c", NULL);
        setups[num_setups++] = value;
      } else if (a[1] == 'o') {
        o.path = value;
      } else if (strcmp(value, "dot") == 0 || strcmp(value, "svg") == 0 || strcmp(value, "png") == 0) {
        o.format = value;
      } else {
        return usage_error(command, "--format: expected dot, svg or png, got ", value);
      }
    } else if (a[0] == '-' && a[1] == '-' && a[2] == '\0') {
      for (i++; i < argc && n < 32; i++) exprs[n++] = argv[i];
    } else if (a[0] == '-' && a[1] != '\0' && strchr("0123456789.", a[1]) == NULL) {
      return usage_error(command, "unknown option ", a);
    } else {
      if (n == (int)(sizeof exprs / sizeof exprs[0])) return usage_error(command, "too many expressions", NULL);
      exprs[n++] = a;
    }
  }
  if (n == 0) return usage_error(command, "expected an expression", NULL);
  if (o.format == NULL) o.format = Dot_formatOfPath(o.path);

  Interp* in = Interp_new();
  Interp_setErrorStyle(in, ErrorStyle_Traceback);
  Value* values[32] = {NULL};
  int status = 0;
  for (int k = 0; k < num_setups && status == 0; k++)
    if (run_setup(in, setups[k]) < 0) status = 1;
  for (int k = 0; k < n && status == 0; k++) {
    values[k] = eval_text(in, exprs[k]);
    if (values[k] == NULL) {
      fprintf(stderr, "minaten: %s: '%s': %s: %s\n", command, exprs[k], ErrorType_name(Error_type()),
              Error_message());
      Error_clear();
      traceback_clear(in);
      status = 1;
    } else if (expect_tensor(command, values[k], exprs[k]) < 0) {
      status = 1;
    }
  }
  char* text = NULL;
  size_t len = 0;
  if (status == 0) {
    Tensor* tensors[32];
    for (int k = 0; k < n; k++) tensors[k] = values[k]->u.tensor;
    FILE* out = open_memstream(&text, &len);
    int r = strcmp(command, "memory") == 0     ? Dot_drawMemory(out, tensors, exprs, n)
            : strcmp(command, "lazy-graph") == 0 ? Dot_drawLazyGraph(out, tensors, exprs, n)
                                                 : Dot_drawAutogradGraph(out, tensors, exprs, n);
    fclose(out);
    status = r < 0 ? 1 : Dot_emit(&o, text);
  }
  free(text);
  for (int k = 0; k < n; k++)
    if (values[k] != NULL) Value_release(values[k]);
  Interp_free(in);
  return status;
}
