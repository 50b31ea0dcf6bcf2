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
 * The statements and expressions run in CPython, in one namespace (the
 * runner's, python/minaten/_runner.py: torch and the dialect's helpers);
 * the tensors are taken from their Python objects (THPVariable_Unpack).
 */
#include "csrc/python_headers.h"

#include <stdlib.h>
#include <string.h>

#include "csrc/autograd/python_variable.h"
#include "runtime/Exception.h"
#include "tools/minaten/dot.h"
#include "tools/minaten/python_embed.h"

/* Runs SETUP as `minaten --strict -c` runs its text (the runner,
 * python/minaten/_runner.py: statement by statement, the first error
 * printed as Python's traceback on stderr) in `namespace`.  0, or -1 after
 * the traceback. */
static int run_setup(PyObject* namespace, const char* setup) {
  PyObject* runner = MinatenPython_runner();
  PyObject* f = PyObject_GetAttrString(runner, "run_source");
  PyObject* args = Py_BuildValue("(ssO)", setup, "<string>", MinatenPython_torch());
  PyObject* kwargs = Py_BuildValue("{s:O,s:O}", "strict", Py_True, "namespace", namespace);
  PyObject* r = f != NULL && args != NULL && kwargs != NULL ? PyObject_Call(f, args, kwargs) : NULL;
  Py_XDECREF(f);
  Py_XDECREF(args);
  Py_XDECREF(kwargs);
  if (r == NULL) {
    PyErr_Print();
    return -1;
  }
  long status = PyLong_AsLong(r);
  Py_DECREF(r);
  PyErr_Clear();
  return status == 0 ? 0 : -1;
}

/* Evaluates `expr`, one Python expression, in `namespace`: a new
 * reference, or NULL with the exception set (a SyntaxError for a statement
 * that is not an expression). */
static PyObject* eval_text(PyObject* namespace, const char* expr) {
  return PyRun_String(expr, Py_eval_input, namespace, namespace);
}

/* `Type: message` of the pending exception (the runner's error_line), printed after PREFIX; clears it. */
static void print_error(const char* command, const char* expr) {
  PyObject *type, *value, *traceback;
  PyErr_Fetch(&type, &value, &traceback);
  PyErr_NormalizeException(&type, &value, &traceback);
  PyObject* line = value != NULL ? PyObject_CallMethod(MinatenPython_runner(), "error_line", "O", value) : NULL;
  const char* text = line != NULL ? PyUnicode_AsUTF8(line) : NULL;
  fprintf(stderr, "minaten: %s: '%s': %s\n", command, expr, text != NULL ? text : "Exception");
  PyErr_Clear();
  Py_XDECREF(line);
  Py_XDECREF(type);
  Py_XDECREF(value);
  Py_XDECREF(traceback);
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

  PyObject* session = PyObject_CallMethod(MinatenPython_runner(), "Session", "O", MinatenPython_torch());
  PyObject* namespace =
      session != NULL ? PyObject_CallMethod(MinatenPython_runner(), "new_namespace", "Os", session, "<string>") : NULL;
  Py_XDECREF(session);
  if (namespace == NULL) {
    PyErr_Print();
    return 1;
  }
  PyObject* values[32] = {NULL};
  int status = 0;
  for (int k = 0; k < num_setups && status == 0; k++)
    if (run_setup(namespace, setups[k]) < 0) status = 1;
  MinatenPython_flushStdFiles();
  for (int k = 0; k < n && status == 0; k++) {
    values[k] = eval_text(namespace, exprs[k]);
    if (values[k] == NULL) {
      print_error(command, exprs[k]);
      status = 1;
    } else if (!THPVariable_Check(values[k])) {
      fprintf(stderr, "minaten: %s: '%s' is not a tensor (it is %s)\n", command, exprs[k], Py_TYPE(values[k])->tp_name);
      status = 1;
    }
  }
  char* text = NULL;
  size_t len = 0;
  if (status == 0) {
    Tensor* tensors[32];
    for (int k = 0; k < n; k++) tensors[k] = THPVariable_Unpack(values[k]);
    FILE* out = open_memstream(&text, &len);
    int r = strcmp(command, "memory") == 0     ? Dot_drawMemory(out, tensors, exprs, n)
            : strcmp(command, "lazy-graph") == 0 ? Dot_drawLazyGraph(out, tensors, exprs, n)
                                                 : Dot_drawAutogradGraph(out, tensors, exprs, n);
    fclose(out);
    status = r < 0 ? 1 : Dot_emit(&o, text);
  }
  free(text);
  for (int k = 0; k < n; k++) Py_XDECREF(values[k]);
  Py_DECREF(namespace);
  return status;
}
