/*
 * explain.c - `minaten explain`: runs a line of the dialect and tells why
 * its shape operator took the route it took (docs/explain.md).
 *
 *   minaten explain [-c SETUP]... 'EXPR'
 *   minaten explain FILE.py:LINE
 *
 * The setup lines (or the lines of FILE before LINE) run first, as a script
 * runs them.  EXPR (or line LINE, maybe `name = EXPR`) must be a method call
 * `RECEIVER.METHOD(ARGS)` of one of the operators a narrator covers:
 * reshape, view, contiguous, expand, as_strided.  The receiver is evaluated
 * first, on its own, so that what it runs (a transpose, a slice) is not part
 * of the story; then the call runs with the trace on (trace_on()'s lines,
 * captured), while the narrator listens to the kernels' explain hooks.  The
 * output ends with the route the narrator predicts (`route: OP, OP`, or
 * `route: (no operator)`) and its check against the captured trace; a
 * difference says so and makes the exit status 1, since it is a bug.  A
 * call that Python's argument parser refuses (an error other than the
 * operators' RuntimeError: `a.reshape(size=[3, 8])` is a TypeError) is
 * told as such, its error being the result, with no story of a route.
 *
 * Errors (not an expression, not a method call, an operator not covered, a
 * receiver that is not a tensor, a setup line that fails) are one line on
 * stderr, exit status 1; a usage error is exit status 2.
 */
#include "tools/minaten/explain.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "dispatch/TraceMode.h"
#include "runtime/Exception.h"
#include "tools/minaten/interpreter/interp.h"

static const ExplainNarrator* const kNarrators[] = {
    &explain_reshape_narrator, &explain_view_narrator,       &explain_contiguous_narrator,
    &explain_expand_narrator,  &explain_as_strided_narrator,
};
enum { kNumNarrators = sizeof kNarrators / sizeof kNarrators[0] };

static const char kCovers[] = "it covers reshape, view, contiguous, expand and as_strided (x.reshape(3, 8))";

const char* explain_ints(const int64_t* v, int64_t n, char* buf, size_t size) {
  size_t len = (size_t)snprintf(buf, size, "[");
  for (int64_t i = 0; i < n && len < size; i++)
    len += (size_t)snprintf(buf + len, size - len, "%s%lld", i ? ", " : "", (long long)v[i]);
  if (len < size) snprintf(buf + len, size - len, "]");
  return buf;
}

void explain_describe(FILE* out, const char* what, const Tensor* t) {
  char s[512], st[512];
  fprintf(out, "%s: sizes %s, strides %s, storage offset %lld%s\n", what, explain_ints(t->sizes, t->dim, s, sizeof s),
          explain_ints(t->strides, t->dim, st, sizeof st), (long long)t->storage_offset,
          t->device.type == DeviceType_Lazy ? ", a lazy tensor" : "");
}

void explain_say(FILE* out, const char* fmt, ...) {
  char text[4096], indent[32];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(text, sizeof text, fmt, ap);
  va_end(ap);
  size_t len = strlen(text), lead = strspn(text, " ");
  if (len > 0 && text[len - 1] == '\n') text[len - 1] = '\0';
  if (lead > 16) lead = 16;
  fwrite(text, 1, lead, out);
  snprintf(indent, sizeof indent, "%*s", (int)(lead > 0 ? lead + 2 : 0), "");
  /* the first line starts at the indentation the text has */
  size_t width = 78, col = lead;
  for (const char* p = text + lead; *p;) {
    size_t word = strcspn(p, " ");
    if (col > lead && col + 1 + word > width) {
      fprintf(out, "\n%s", indent);
      col = strlen(indent);
    } else if (col > lead) {
      fputc(' ', out);
      col++;
    }
    fwrite(p, 1, word, out);
    col += word;
    p += word;
    size_t spaces = strspn(p, " ");
    if (spaces > 1 && p[spaces] != '\0' && col + spaces < width) { /* keep a double space after a sentence */
      fputc(' ', out);
      col++;
    }
    p += spaces;
  }
  fputc('\n', out);
}

int ExplainCall_shape(const ExplainCall* c, int64_t* out) {
  if (c->nargs == 1 && c->args[0].is_ints && c->args[0].is_sequence) {
    memcpy(out, c->args[0].v, sizeof(int64_t) * (size_t)c->args[0].n);
    return c->args[0].n;
  }
  int n = 0;
  for (int k = 0; k < c->nargs; k++) {
    if (!c->args[k].is_ints || c->args[k].is_sequence || n == MINATEN_MAX_DIM) return -1;
    out[n++] = c->args[k].v[0];
  }
  return n;
}

/* "RuntimeError: message" (its first line), a new string; clears the error. */
static char* take_error(void) {
  const char* msg = Error_message();
  size_t len = strcspn(msg, "\n");
  const char* type = ErrorType_name(Error_type());
  char* s = malloc(strlen(type) + len + 3);
  sprintf(s, "%s: %.*s", type, (int)len, msg);
  Error_clear();
  return s;
}

/* Evaluates the expression node n of module m, as a top-level statement
 * would: a new reference, or NULL with the error set. */
static Value* eval_in_module(Interp* in, Module* m, const Node* n) {
  Frame frame = {0};
  frame.module = m;
  frame.comp = calloc((size_t)m->ncomp + 1, sizeof(Value*));
  in->frame = &frame;
  in->stack_base = (uintptr_t)&frame;
  in->depth = 1;
  Value* v = eval_expr(in, n);
  in->frame = NULL;
  in->depth = 0;
  for (int k = 0; k < m->ncomp; k++) Value_release(frame.comp[k]);
  free(frame.comp);
  return v;
}

/* The expression of a parsed line: `EXPR` or `name = EXPR`; NULL if neither. */
static Node* expression_of(Module* m) {
  if (m->body.n != 1) return NULL;
  Stmt* s = m->body.stmts[0];
  if (s->kind == Stmt_Expr || (s->kind == Stmt_Assign && s->ntargets == 1)) return s->value;
  return NULL;
}

/* An argument as integers: an int, or a tuple/list/torch.Size of ints. */
static void read_arg(ExplainCall* c, int k, Value* v) {
  c->args[k].is_ints = false;
  c->args[k].is_sequence = v->kind == Value_Tuple || v->kind == Value_List || v->kind == Value_Size;
  if (v->kind == Value_Int) {
    c->args[k].is_ints = true;
    c->args[k].n = 1;
    c->args[k].v[0] = v->u.i;
  } else if (c->args[k].is_sequence && v->u.seq.n <= MINATEN_MAX_DIM) {
    c->args[k].is_ints = true;
    c->args[k].n = v->u.seq.n;
    for (int i = 0; i < v->u.seq.n; i++) {
      if (v->u.seq.items[i]->kind != Value_Int) {
        c->args[k].is_ints = false;
        break;
      }
      c->args[k].v[i] = v->u.seq.items[i]->u.i;
    }
  }
}

/* The operators the captured trace lines name, in order. */
static int read_trace(char* text, const char** ops, int max) {
  int n = 0;
  for (char* line = strtok(text, "\n"); line != NULL; line = strtok(NULL, "\n"))
    if (strncmp(line, "op ", 3) == 0 && n < max) ops[n++] = line + 3;
  return n;
}

/* Runs one setup statement; false (after the interpreter printed the
 * error) when it fails. */
static bool run_setup(Interp* in, const char* line, int lineno) {
  size_t len = strlen(line);
  while (len > 0 && strchr(" \t\r\n", line[len - 1])) len--;
  const char* p = line;
  while (*p == ' ' || *p == '\t') p++;
  if (*p == '\0' || *p == '#' || strncmp(p, "import torch", 12) == 0 || strncmp(p, "trace_on()", 10) == 0 ||
      strncmp(p, "trace_off()", 11) == 0)
    return true;
  char* stmt = strndup(p, len - (size_t)(p - line));
  int status = Interp_runStatement(in, stmt, lineno);
  free(stmt);
  if (status < 0) fprintf(stderr, "minaten explain: setup line %d failed: %s\n", lineno, line);
  return status == 0;
}

/* Explains `expr` once the setup ran: 0, or 1 after saying why not. */
static int explain_expression(Interp* in, const char* expr) {
  SyntaxLocation where;
  Module* m = parse_module(expr, "<explain>", 1, &where);
  Module* self_m = NULL;
  Module* call_m = NULL;
  Value* self = NULL;
  Value* result = NULL;
  char* text = NULL;
  int status = 1;
  if (m == NULL) {
    fprintf(stderr, "minaten explain: not an expression: %s (%s)\n", expr, Error_message());
    Error_clear();
    return 1;
  }
  Node* call = expression_of(m);
  if (call == NULL || call->kind != Node_Call || call->a->kind != Node_Attr || call->lineno != call->end_lineno) {
    fprintf(stderr, "minaten explain: `%s` is not a method call; %s\n", expr, kCovers);
    goto done;
  }
  const char* method = call->a->s;
  const ExplainNarrator* narrator = NULL;
  for (int k = 0; k < kNumNarrators; k++)
    if (strcmp(kNarrators[k]->method, method) == 0) narrator = kNarrators[k];
  if (narrator == NULL) {
    fprintf(stderr, "minaten explain: explain does not cover `%s`; %s\n", method, kCovers);
    goto done;
  }
  /* The receiver, evaluated on its own. */
  const Node* recv = call->a->a;
  const char* line = expr;
  for (int l = 1; l < recv->lineno; l++) line = strchr(line, '\n') + 1;
  int recv_len = recv->end_col - recv->col;
  /* Evaluated once to see that it works (an error is one line here), then
   * bound to a name for the call, which evaluates it again. */
  Value* probe = eval_in_module(in, m, recv);
  if (probe == NULL) {
    char* error = take_error();
    fprintf(stderr, "minaten explain: `%.*s` failed: %s\n", recv_len, line + recv->col, error);
    free(error);
    goto done;
  }
  Value_release(probe);
  text = malloc(strlen(expr) + 64);
  sprintf(text, "__explain_self = %.*s", recv_len, line + recv->col);
  if (Interp_runStatement(in, text, 1) < 0) {
    fprintf(stderr, "minaten explain: `%.*s` failed\n", recv_len, line + recv->col);
    goto done;
  }
  self_m = parse_module("__explain_self", "<explain>", 1, &where);
  self = self_m ? eval_in_module(in, self_m, expression_of(self_m)) : NULL;
  if (self == NULL || self->kind != Value_Tensor) {
    fprintf(stderr, "minaten explain: `%.*s` is not a tensor (it is %s)\n", recv_len, line + recv->col,
            self ? Value_typeName(self) : "an error");
    Error_clear();
    goto done;
  }
  /* The call on it: __explain_self.METHOD(ARGS) */
  sprintf(text, "__explain_self.%s%.*s", method, call->end_col - call->a->end_col, line + call->a->end_col);
  call_m = parse_module(text, "<explain>", 1, &where);
  Node* call2 = call_m ? expression_of(call_m) : NULL;
  if (call2 == NULL || call2->kind != Node_Call) {
    fprintf(stderr, "minaten explain: cannot read the call in `%s`; %s\n", expr, kCovers);
    Error_clear();
    goto done;
  }
  ExplainCall c = {.method = method, .text = expr, .self = self->u.tensor, .out = stdout};
  for (int k = 0; k < call2->n + call2->nkw && c.nargs < kExplainMaxArgs; k++) {
    Value* v = eval_in_module(in, call_m, k < call2->n ? call2->items[k] : call2->kwvalues[k - call2->n]);
    if (v == NULL) {
      fprintf(stderr, "minaten explain: an argument of `%s` failed: %s\n", expr, Error_message());
      Error_clear();
      goto done;
    }
    read_arg(&c, c.nargs++, v);
    Value_release(v);
  }
  /* Keywords are the binding's to judge (reshape's is shape, view's and
   * expand's size: a.reshape(size=[3, 8]) is refused there, and said so). */
  int64_t shape[MINATEN_MAX_DIM];
  if ((strcmp(method, "reshape") == 0 || strcmp(method, "view") == 0 || strcmp(method, "expand") == 0) &&
      ExplainCall_shape(&c, shape) < 0) {
    fprintf(stderr, "minaten explain: explain covers %s with a shape of ints (x.%s(3, 8) or x.%s((3, 8)))%s\n", method,
            method, method, strcmp(method, "view") == 0 ? ", not view(dtype)" : "");
    goto done;
  }
  printf("%s\n", expr);
  char what[256];
  snprintf(what, sizeof what, "self = %.*s", recv_len, line + recv->col);
  explain_describe(stdout, what, c.self);
  narrator->before(&c);
  char* trace = NULL;
  size_t trace_len = 0;
  FILE* mem = open_memstream(&trace, &trace_len);
  TraceMode_setOutput(mem);
  TraceMode_setEnabled(true);
  result = eval_in_module(in, call_m, call2);
  TraceMode_setEnabled(false);
  TraceMode_setOutput(stdout);
  fclose(mem);
  if (result != NULL && result->kind == Value_Tensor) c.result = result->u.tensor;
  if (result == NULL) {
    c.refused = Error_type() != ErrorType_RuntimeError;
    c.error = take_error();
  }
  narrator->after(&c);
  if (c.refused)
    explain_say(stdout,
                "The call fails in PyTorch's Python argument parser, which matches its arguments against "
                "%s's Python signatures before anything runs: no operator runs, so there is no route to "
                "explain.\n",
                method);
  if (c.result != NULL && c.result != c.self) explain_describe(stdout, "result", c.result);
  if (c.error != NULL) printf("result: %s\n", c.error);
  /* The route, and its check against the trace. */
  const char* ops[16];
  int nops = read_trace(trace, ops, 16);
  printf("route: ");
  for (int k = 0; k < c.nroute; k++) printf("%s%s", k ? ", " : "", c.route[k]);
  printf("%s\n", c.nroute == 0 ? "(no operator)" : "");
  bool same = nops == c.nroute;
  for (int k = 0; same && k < nops; k++) same = strcmp(ops[k], c.route[k]) == 0;
  if (same) {
    printf("checked: the trace of the call shows %s.\n", nops == 0 ? "no operator either" : "exactly these operators");
    status = 0;
  } else {
    printf("MISMATCH: the trace of the call shows ");
    for (int k = 0; k < nops; k++) printf("%s%s", k ? ", " : "", ops[k]);
    printf("%s: a bug in minaten\n", nops == 0 ? "no operator" : "");
  }
  free(trace);
  free(c.error);
done:
  Value_release(result);
  Value_release(self);
  free(text);
  if (call_m) Module_free(call_m);
  if (self_m) Module_free(self_m);
  Module_free(m);
  Interp_flushStdout();
  return status;
}

/* FILE.py:LINE: the setup lines (before LINE) run, then line LINE is
 * explained.  Returns the status, or -1 when arg is not FILE:LINE. */
static int explain_file_line(Interp* in, const char* arg) {
  const char* colon = strrchr(arg, ':');
  if (colon == NULL || colon[1] == '\0' || strspn(colon + 1, "0123456789") != strlen(colon + 1)) return -1;
  char* path = strndup(arg, (size_t)(colon - arg));
  long target = strtol(colon + 1, NULL, 10);
  FILE* f = fopen(path, "r");
  if (f == NULL) {
    fprintf(stderr, "minaten explain: can't open file '%s': %s\n", path, strerror(errno));
    free(path);
    return 1;
  }
  char buf[4096];
  int status = 1;
  long lineno = 0;
  bool found = false;
  while (fgets(buf, sizeof buf, f) != NULL) {
    if (++lineno == target) {
      buf[strcspn(buf, "\r\n")] = '\0';
      char* p = buf;
      while (*p == ' ' || *p == '\t') p++;
      status = explain_expression(in, p);
      found = true;
      break;
    }
    if (!run_setup(in, buf, (int)lineno)) break;
  }
  if (!found && lineno < target && !ferror(f)) fprintf(stderr, "minaten explain: %s has no line %ld\n", path, target);
  fclose(f);
  free(path);
  return status;
}

int explain_main(int argc, char** argv) {
  static const char kUsage[] = "usage: minaten explain [-c SETUP]... 'EXPR' | minaten explain FILE.py:LINE\n";
  const char* setup[32];
  int nsetup = 0, i = 0;
  for (; i + 1 < argc && strcmp(argv[i], "-c") == 0; i += 2) {
    if (nsetup == 32) break;
    setup[nsetup++] = argv[i + 1];
  }
  if (i != argc - 1 || argv[i][0] == '\0') {
    fprintf(stderr, "minaten explain: expected one expression after the setup lines\n%s", kUsage);
    return 2;
  }
  Interp* in = Interp_new();
  int status = 0;
  for (int k = 0; k < nsetup && status == 0; k++) {
    char* copy = strdup(setup[k]);
    int lineno = 0;
    for (char* line = strtok(copy, "\n"); line != NULL && status == 0; line = strtok(NULL, "\n"))
      if (!run_setup(in, line, ++lineno)) status = 1;
    free(copy);
  }
  if (status == 0 && nsetup == 0)
    status = explain_file_line(in, argv[i]);
  else if (status == 0)
    status = explain_expression(in, argv[i]);
  if (status < 0) status = explain_expression(in, argv[i]);
  Interp_free(in);
  return status;
}
