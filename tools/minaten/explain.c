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
#include "csrc/python_headers.h"

#include "tools/minaten/explain.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "dispatch/TraceMode.h"
#include "runtime/Exception.h"
#include "csrc/autograd/python_variable.h"
#include "tools/minaten/python_embed.h"

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

/* The pending Python exception as the dialect prints it, `Type: message`
 * (its first line: the runner's error_line), a new string; clears it. */
static char* take_error(void) {
  PyObject *type, *value, *traceback;
  PyErr_Fetch(&type, &value, &traceback);
  PyErr_NormalizeException(&type, &value, &traceback);
  PyObject* line = value != NULL ? PyObject_CallMethod(MinatenPython_runner(), "error_line", "O", value) : NULL;
  const char* text = line != NULL ? PyUnicode_AsUTF8(line) : NULL;
  char* s = strdup(text != NULL ? text : "Exception: (no message)");
  PyErr_Clear();
  Py_XDECREF(line);
  Py_XDECREF(type);
  Py_XDECREF(value);
  Py_XDECREF(traceback);
  return s;
}

/* The Python value of `attr` of `obj` as a C long (-1 when missing). */
static long long_attr(PyObject* obj, const char* attr) {
  PyObject* v = PyObject_GetAttrString(obj, attr);
  long n = v != NULL && PyLong_Check(v) ? PyLong_AsLong(v) : -1;
  Py_XDECREF(v);
  PyErr_Clear();
  return n;
}

/* An argument as integers: an int, or a tuple/list/torch.Size of ints. */
static void read_arg(ExplainCall* c, int k, PyObject* v) {
  c->args[k].is_ints = false;
  c->args[k].is_sequence = PyTuple_Check(v) || PyList_Check(v);
  if (PyLong_Check(v) && !PyBool_Check(v)) {
    int overflow = 0;
    long long n = PyLong_AsLongLongAndOverflow(v, &overflow);
    c->args[k].is_ints = overflow == 0 && !PyErr_Occurred();
    c->args[k].n = 1;
    c->args[k].v[0] = n;
  } else if (c->args[k].is_sequence && PySequence_Fast_GET_SIZE(v) <= MINATEN_MAX_DIM) {
    c->args[k].is_ints = true;
    c->args[k].n = (int)PySequence_Fast_GET_SIZE(v);
    for (int i = 0; i < c->args[k].n; i++) {
      PyObject* item = PySequence_Fast_GET_ITEM(v, i);
      int overflow = 0;
      long long n = PyLong_Check(item) && !PyBool_Check(item) ? PyLong_AsLongLongAndOverflow(item, &overflow) : 0;
      if (!PyLong_Check(item) || PyBool_Check(item) || overflow != 0) {
        c->args[k].is_ints = false;
        break;
      }
      c->args[k].v[i] = n;
    }
  }
  PyErr_Clear();
}

/* The operators the captured trace lines name, in order. */
static int read_trace(char* text, const char** ops, int max) {
  int n = 0;
  for (char* line = strtok(text, "\n"); line != NULL; line = strtok(NULL, "\n"))
    if (strncmp(line, "op ", 3) == 0 && n < max) ops[n++] = line + 3;
  return n;
}

/* The explained call's Python side: the namespace the setup ran in. */
typedef struct ExplainSession {
  PyObject* runner;    /* minaten._runner, borrowed */
  PyObject* namespace; /* the setup's globals */
} ExplainSession;

/* Whether a setup statement is one explain skips: `import torch` (torch is
 * there already) and the trace switches (explain traces the call itself). */
static bool skipped_statement(const char* source) {
  while (*source == ' ' || *source == '\t') source++;
  static const char* const kSkipped[] = {"import torch", "trace_on()", "trace_off()"};
  for (size_t k = 0; k < sizeof kSkipped / sizeof kSkipped[0]; k++) {
    size_t n = strlen(kSkipped[k]);
    if (strncmp(source, kSkipped[k], n) == 0 && strspn(source + n, " \t\r\n") == strlen(source + n)) return true;
  }
  return false;
}

/* Runs `text` (setup lines) statement by statement as the runner splits
 * and compiles them (python/minaten/_runner.py: split_statements,
 * compile_statement), in the session's namespace.  The first that fails
 * prints its error as a script does (`Type: message` on stdout), then
 * `minaten explain: setup line N failed: LINE` on stderr: false. */
static bool run_setup(ExplainSession* es, const char* text, const char* filename) {
  PyObject* statements = PyObject_CallMethod(es->runner, "split_statements", "s", text);
  if (statements == NULL) {
    PyErr_Print();
    return false;
  }
  bool ok = true;
  Py_ssize_t n = PyList_Size(statements);
  for (Py_ssize_t k = 0; k < n && ok; k++) {
    PyObject* stmt = PyList_GET_ITEM(statements, k);
    PyObject* source = PyObject_GetAttrString(stmt, "source");
    const char* src = source != NULL ? PyUnicode_AsUTF8(source) : NULL;
    if (src == NULL || skipped_statement(src)) {
      PyErr_Clear();
      Py_XDECREF(source);
      continue;
    }
    PyObject* code = PyObject_CallMethod(es->runner, "compile_statement", "Os", stmt, filename);
    PyObject* result = code != NULL ? PyEval_EvalCode(code, es->namespace, es->namespace) : NULL;
    if (result == NULL) {
      PyObject *type, *value, *traceback;
      PyErr_Fetch(&type, &value, &traceback);
      PyErr_NormalizeException(&type, &value, &traceback);
      const char* base = strrchr(filename, '/');
      PyObject* line = code == NULL && PyErr_GivenExceptionMatches(type, PyExc_SyntaxError)
                           ? PyObject_CallMethod(es->runner, "syntax_error_line", "OOs", value, stmt,
                                                 base ? base + 1 : filename)
                           : PyObject_CallMethod(es->runner, "error_line", "O", value);
      if (line != NULL) PySys_FormatStdout("%U\n", line);
      MinatenPython_flushStdFiles();
      PyErr_Clear();
      size_t len = strcspn(src, "\n");
      fprintf(stderr, "minaten explain: setup line %ld failed: %.*s\n", long_attr(stmt, "lineno"), (int)len, src);
      Py_XDECREF(line);
      Py_XDECREF(type);
      Py_XDECREF(value);
      Py_XDECREF(traceback);
      ok = false;
    }
    Py_XDECREF(result);
    Py_XDECREF(code);
    Py_DECREF(source);
  }
  Py_DECREF(statements);
  MinatenPython_flushStdFiles();
  return ok;
}

/* The source text of an ast node in `expr` (ast.get_source_segment), a new string or NULL. */
static char* source_of(PyObject* ast, const char* expr, PyObject* node) {
  PyObject* seg = PyObject_CallMethod(ast, "get_source_segment", "sO", expr, node);
  const char* text = seg != NULL && PyUnicode_Check(seg) ? PyUnicode_AsUTF8(seg) : NULL;
  char* s = text != NULL ? strdup(text) : NULL;
  PyErr_Clear();
  Py_XDECREF(seg);
  return s;
}

/* Whether `obj` is an instance of ast.NAME. */
static bool is_node(PyObject* ast, PyObject* obj, const char* name) {
  PyObject* type = PyObject_GetAttrString(ast, name);
  int r = type != NULL ? PyObject_IsInstance(obj, type) : 0;
  Py_XDECREF(type);
  PyErr_Clear();
  return r == 1;
}

/* The expression of a parsed line (a module, ast.parse's): `EXPR` or
 * `name = EXPR`; a new reference, NULL if neither. */
static PyObject* expression_of(PyObject* ast, PyObject* module) {
  PyObject* body = PyObject_GetAttrString(module, "body");
  PyObject* value = NULL;
  if (body != NULL && PyList_Check(body) && PyList_GET_SIZE(body) == 1) {
    PyObject* s = PyList_GET_ITEM(body, 0);
    PyObject* targets = is_node(ast, s, "Assign") ? PyObject_GetAttrString(s, "targets") : NULL;
    if (is_node(ast, s, "Expr") || (targets != NULL && PyList_Check(targets) && PyList_GET_SIZE(targets) == 1))
      value = PyObject_GetAttrString(s, "value");
    Py_XDECREF(targets);
  }
  Py_XDECREF(body);
  PyErr_Clear();
  return value;
}

/* Evaluates `text` (one expression) in the session's namespace: a new
 * reference, or NULL with the exception set. */
static PyObject* eval_text(ExplainSession* es, const char* text) {
  return PyRun_String(text, Py_eval_input, es->namespace, es->namespace);
}

/* Says why `expr` (which ast.parse refused: the SyntaxError is set) is not
 * explained, on stderr; clears the error. */
static void say_not_an_expression(const char* expr) {
  PyObject *type, *value, *traceback;
  PyErr_Fetch(&type, &value, &traceback);
  PyErr_NormalizeException(&type, &value, &traceback);
  PyObject* msg = value != NULL ? PyObject_GetAttrString(value, "msg") : NULL;
  const char* why = msg != NULL && PyUnicode_Check(msg) ? PyUnicode_AsUTF8(msg) : "invalid syntax";
  fprintf(stderr, "minaten explain: not an expression: %s (%s)\n", expr, why);
  PyErr_Clear();
  Py_XDECREF(msg);
  Py_XDECREF(type);
  Py_XDECREF(value);
  Py_XDECREF(traceback);
}

/* The arguments of `call` (an ast.Call of `expr`), positional then keyword
 * values, each evaluated in the session's namespace and read into c.
 * 0; 1 after saying why not (an argument failed); -1 with a Python
 * exception set. */
static int read_call_arguments(ExplainSession* es, PyObject* ast, const char* expr, PyObject* call, ExplainCall* c) {
  int status = -1;
  PyObject* args = PyObject_GetAttrString(call, "args");
  PyObject* keywords = PyObject_GetAttrString(call, "keywords");
  if (args == NULL || keywords == NULL) goto done;
  Py_ssize_t nargs = PyList_Size(args), nkw = PyList_Size(keywords);
  for (Py_ssize_t k = 0; k < nargs + nkw && c->nargs < kExplainMaxArgs; k++) {
    PyObject* node = k < nargs ? Py_NewRef(PyList_GET_ITEM(args, k))
                               : PyObject_GetAttrString(PyList_GET_ITEM(keywords, k - nargs), "value");
    char* arg_src = node != NULL ? source_of(ast, expr, node) : NULL;
    Py_XDECREF(node);
    PyObject* v = arg_src != NULL ? eval_text(es, arg_src) : NULL;
    free(arg_src);
    if (v == NULL) {
      char* error = take_error();
      fprintf(stderr, "minaten explain: an argument of `%s` failed: %s\n", expr, error);
      free(error);
      status = 1;
      goto done;
    }
    PyObject* seq = PyTuple_Check(v) || PyList_Check(v) ? PySequence_Fast(v, "") : Py_NewRef(v);
    read_arg(c, c->nargs++, seq);
    Py_DECREF(seq);
    Py_DECREF(v);
  }
  status = 0;
done:
  Py_XDECREF(args);
  Py_XDECREF(keywords);
  return status;
}

/* The route the narrator found (c->route) against the operators the trace
 * of the call printed: "checked: ..." and 0 when they agree, else
 * "MISMATCH: ..." and 1. */
static int check_route(const ExplainCall* c, char* trace) {
  const char* ops[16];
  int nops = read_trace(trace, ops, 16);
  printf("route: ");
  for (int k = 0; k < c->nroute; k++) printf("%s%s", k ? ", " : "", c->route[k]);
  printf("%s\n", c->nroute == 0 ? "(no operator)" : "");
  bool same = nops == c->nroute;
  for (int k = 0; same && k < nops; k++) same = strcmp(ops[k], c->route[k]) == 0;
  if (same) {
    printf("checked: the trace of the call shows %s.\n", nops == 0 ? "no operator either" : "exactly these operators");
    return 0;
  }
  printf("MISMATCH: the trace of the call shows ");
  for (int k = 0; k < nops; k++) printf("%s%s", k ? ", " : "", ops[k]);
  printf("%s: a bug in minaten\n", nops == 0 ? "no operator" : "");
  return 1;
}

/* The call `text` (__explain_self.METHOD(ARGS)) of c, explained: self
 * described (`recv_src` is its source), the narrator's reasons before and
 * after the call, which runs under the trace, the result or error, and
 * the route checked against the trace.  0, or 1 after saying why not. */
static int narrate_call(ExplainSession* es, const ExplainNarrator* narrator, ExplainCall* c, const char* recv_src,
                        const char* text) {
  /* Keywords are the binding's to judge (reshape's is shape, view's and
   * expand's size: a.reshape(size=[3, 8]) is refused there, and said so). */
  int64_t shape[MINATEN_MAX_DIM];
  const char* method = c->method;
  if ((strcmp(method, "reshape") == 0 || strcmp(method, "view") == 0 || strcmp(method, "expand") == 0) &&
      ExplainCall_shape(c, shape) < 0) {
    fprintf(stderr, "minaten explain: explain covers %s with a shape of ints (x.%s(3, 8) or x.%s((3, 8)))%s\n", method,
            method, method, strcmp(method, "view") == 0 ? ", not view(dtype)" : "");
    return 1;
  }
  printf("%s\n", c->text);
  char what[256];
  snprintf(what, sizeof what, "self = %s", recv_src);
  explain_describe(stdout, what, c->self);
  narrator->before(c);
  char* trace = NULL;
  size_t trace_len = 0;
  FILE* mem = open_memstream(&trace, &trace_len);
  TraceMode_setOutput(mem);
  TraceMode_setEnabled(true);
  PyObject* result = eval_text(es, text);
  TraceMode_setEnabled(false);
  TraceMode_setOutput(stdout);
  fclose(mem);
  if (result != NULL && THPVariable_Check(result)) c->result = THPVariable_Unpack(result);
  if (result == NULL) {
    c->refused = !PyErr_ExceptionMatches(PyExc_RuntimeError);
    c->error = take_error();
  }
  narrator->after(c);
  if (c->refused)
    explain_say(stdout,
                "The call fails in PyTorch's Python argument parser, which matches its arguments against "
                "%s's Python signatures before anything runs: no operator runs, so there is no route to "
                "explain.\n",
                method);
  if (c->result != NULL && c->result != c->self) explain_describe(stdout, "result", c->result);
  if (c->error != NULL) printf("result: %s\n", c->error);
  int status = check_route(c, trace);
  free(trace);
  free(c->error);
  c->error = NULL;
  Py_XDECREF(result);
  return status;
}

/* Explains `expr` once the setup ran: 0, or 1 after saying why not. */
static int explain_expression(ExplainSession* es, const char* expr) {
  PyObject* ast = PyImport_ImportModule("ast");
  PyObject* m = ast != NULL ? PyObject_CallMethod(ast, "parse", "s", expr) : NULL;
  PyObject *call = NULL, *func = NULL, *attr = NULL, *self = NULL;
  char *recv_src = NULL, *call_src = NULL, *func_src = NULL, *text = NULL;
  int status = 1;
  if (m == NULL) {
    say_not_an_expression(expr);
    Py_XDECREF(ast);
    return 1;
  }
  call = expression_of(ast, m);
  func = call != NULL && is_node(ast, call, "Call") ? PyObject_GetAttrString(call, "func") : NULL;
  if (func == NULL || !is_node(ast, func, "Attribute") || long_attr(call, "lineno") != long_attr(call, "end_lineno")) {
    fprintf(stderr, "minaten explain: `%s` is not a method call; %s\n", expr, kCovers);
    goto done;
  }
  attr = PyObject_GetAttrString(func, "attr");
  const char* method = attr != NULL ? PyUnicode_AsUTF8(attr) : "";
  const ExplainNarrator* narrator = NULL;
  for (int k = 0; k < kNumNarrators; k++)
    if (strcmp(kNarrators[k]->method, method) == 0) narrator = kNarrators[k];
  if (narrator == NULL) {
    fprintf(stderr, "minaten explain: explain does not cover `%s`; %s\n", method, kCovers);
    goto done;
  }
  /* The receiver, evaluated on its own, bound to a name for the call. */
  PyObject* recv = PyObject_GetAttrString(func, "value");
  recv_src = recv != NULL ? source_of(ast, expr, recv) : NULL;
  Py_XDECREF(recv);
  call_src = source_of(ast, expr, call);
  func_src = source_of(ast, expr, func);
  if (recv_src == NULL || call_src == NULL || func_src == NULL || strncmp(call_src, func_src, strlen(func_src)) != 0) {
    fprintf(stderr, "minaten explain: cannot read the call in `%s`; %s\n", expr, kCovers);
    goto done;
  }
  self = eval_text(es, recv_src);
  if (self == NULL) {
    char* error = take_error();
    fprintf(stderr, "minaten explain: `%s` failed: %s\n", recv_src, error);
    free(error);
    goto done;
  }
  if (!THPVariable_Check(self)) {
    PyObject* type_name = PyType_GetName(Py_TYPE(self)); /* type(x).__name__: "Size" */
    fprintf(stderr, "minaten explain: `%s` is not a tensor (it is %s)\n", recv_src,
            type_name != NULL ? PyUnicode_AsUTF8(type_name) : "?");
    Py_XDECREF(type_name);
    goto done;
  }
  if (PyDict_SetItemString(es->namespace, "__explain_self", self) < 0) goto python_error;
  /* The call on it: __explain_self.METHOD(ARGS) */
  text = malloc(strlen(call_src) + strlen(method) + 32);
  sprintf(text, "__explain_self.%s%s", method, call_src + strlen(func_src));
  ExplainCall c = {.method = method, .text = expr, .self = THPVariable_Unpack(self), .out = stdout};
  int read = read_call_arguments(es, ast, expr, call, &c);
  if (read < 0) goto python_error;
  if (read == 0) status = narrate_call(es, narrator, &c, recv_src, text);
  goto done;
python_error:
  PyErr_Print();
done:
  PyErr_Clear();
  Py_XDECREF(self);
  Py_XDECREF(attr);
  Py_XDECREF(func);
  Py_XDECREF(call);
  Py_XDECREF(m);
  Py_XDECREF(ast);
  free(text);
  free(recv_src);
  free(call_src);
  free(func_src);
  MinatenPython_flushStdFiles();
  return status;
}

/* FILE.py:LINE: the lines before LINE run as setup, then line LINE is
 * explained.  Returns the status, or -1 when arg is not FILE:LINE. */
static int explain_file_line(ExplainSession* es, const char* arg) {
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
  char* setup = NULL;
  size_t setup_len = 0;
  FILE* before = open_memstream(&setup, &setup_len);
  char buf[4096];
  int status = 1;
  long lineno = 0;
  char* line = NULL;
  while (fgets(buf, sizeof buf, f) != NULL) {
    if (++lineno == target) {
      buf[strcspn(buf, "\r\n")] = '\0';
      char* p = buf;
      while (*p == ' ' || *p == '\t') p++;
      line = strdup(p);
      break;
    }
    fputs(buf, before);
  }
  fclose(before);
  if (line == NULL && !ferror(f)) fprintf(stderr, "minaten explain: %s has no line %ld\n", path, target);
  fclose(f);
  if (line != NULL && run_setup(es, setup, path)) status = explain_expression(es, line);
  free(line);
  free(setup);
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
  ExplainSession es = {.runner = MinatenPython_runner()};
  PyObject* session = PyObject_CallMethod(es.runner, "Session", "O", MinatenPython_torch());
  es.namespace = session != NULL ? PyObject_CallMethod(es.runner, "new_namespace", "Os", session, "<string>") : NULL;
  Py_XDECREF(session);
  if (es.namespace == NULL) {
    PyErr_Print();
    return 1;
  }
  int status = 0;
  for (int k = 0; k < nsetup && status == 0; k++)
    if (!run_setup(&es, setup[k], "<string>")) status = 1;
  if (status == 0 && nsetup == 0)
    status = explain_file_line(&es, argv[i]);
  else if (status == 0)
    status = explain_expression(&es, argv[i]);
  if (status < 0) status = explain_expression(&es, argv[i]);
  Py_DECREF(es.namespace);
  return status;
}
