/*
 * main.c - the `minaten` command: its arguments, and what runs them.
 *
 * Scripts run in CPython, embedded (python_embed.h): minaten's extension
 * module is built in (minaten._C, csrc/), and `import torch` gives minaten.
 *
 *   minaten                    on a terminal: Python's own interactive loop
 *                              (readline), torch and the dialect's helpers
 *                              in __main__; otherwise: run standard input
 *                              as a script
 *   minaten run FILE.py        run a script statement by statement (FILE
 *                              `-`: stdin), through the runner the recorder
 *                              of tools/oracle shares (python/minaten/_runner.py)
 *   minaten -c 'CODE'          the same for CODE
 *   minaten ops [PATTERN]      print the registered schemas (whose operator
 *                              name matches PATTERN); no Python
 *   minaten dispatch OP...     print each OP's computed dispatch table; no Python
 *   minaten memory|lazy-graph|autograd-graph [-c SETUP] EXPR...
 *                              draw tensors in Graphviz's DOT (dot.h)
 *   minaten explain [-c SETUP]... 'EXPR' | FILE.py:LINE
 *                              why a reshape, view, contiguous, expand or
 *                              as_strided took its route (explain.c)
 *   options: --load LIB.so (load an operator library first, as
 *   torch.ops.load_library does), --yaml FILE (define the operators of a
 *   YAML file in native_functions.yaml's syntax, their kernels found by
 *   symbol name in the --load libraries or minaten: yaml_library.h; after
 *   every --load), --trace=dispatch (print every dispatcher hop; with --dot
 *   FILE also drawn as a graph: dispatch/DispatchGraph.h), --strict
 *   (python3's way: stop at the first failing statement, its traceback on
 *   stderr, exit status 1), --stats[=N], --help
 *
 * The operators are registered, and the --load and --yaml libraries loaded,
 * before Python starts; the extension module finds them registered.
 *
 * Exit status: 0 when the script ran (a failing statement is reported and
 * the next one runs: the dialect's try/except around each), 1 with --strict
 * at the first failing statement, 2 for a usage error or a script that
 * cannot be read (python3's 2 and its "can't open file" message), 1 for a
 * script or -c command that is not UTF-8 (python3's error, nothing runs);
 * a SystemExit's status; `ops` and `dispatch` exit 1 when no operator
 * matches; 1 when a --load library or a --yaml file cannot be loaded
 * (nothing runs); 120 when a script's write to standard output failed
 * (python3's exit status then: /dev/full, a full disk), 1 for another
 * command's.
 */
#include "csrc/python_headers.h"

#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <fnmatch.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "autograd/autograd.h"
#include "csrc/utils/python_stdout.h"
#include "dispatch/DispatchGraph.h"
#include "dispatch/Dispatcher.h"
#include "dispatch/OperatorLibrary.h"
#include "runtime/Allocator.h"
#include "runtime/Exception.h"
#include "tools/minaten/dot.h"
#include "tools/minaten/explain.h"
#include "tools/minaten/python_embed.h"
#include "tools/minaten/yaml_library.h"

static void usage(FILE* out) {
  fputs("usage: minaten [--load LIB.so]... [--yaml FILE]... [--trace=dispatch] [--strict]\n"
        "               [--stats[=N]]\n"
        "               [run FILE.py | run - | -c CODE]\n"
        "       minaten ops [PATTERN]\n"
        "       minaten dispatch [NAMESPACE::]NAME[.OVERLOAD]...\n"
        "       minaten memory|lazy-graph|autograd-graph [-c SETUP]... [-o FILE]\n"
        "               [--format dot|svg|png] EXPR...\n"
        "       minaten explain [-c SETUP]... 'EXPR' | FILE.py:LINE\n"
        "\n"
        "Runs Python scripts written for PyTorch 1.13 against minaten's operators, in\n"
        "CPython, where `import torch` is minaten (docs/torch-api.md).  A statement that\n"
        "fails prints `Type: message` on stdout and the next statement runs.\n"
        "\n"
        "commands:\n"
        "  (none)          stdin a terminal: Python's interactive prompt (readline,\n"
        "                  `>>> ` and `... `, an expression's repr, a traceback for an\n"
        "                  error), with torch and the helpers (show, trace_on, ...)\n"
        "                  already defined; Ctrl-C drops the input; Ctrl-D on an\n"
        "                  empty line leaves (exit status 0).\n"
        "                  stdin not a terminal: runs stdin as a script, as `run -`.\n"
        "  run FILE.py     run a script; `run -` reads it from stdin (named <stdin>)\n"
        "  -c CODE         run CODE as a script\n"
        "  ops [PATTERN]   print every registered schema, or those whose operator\n"
        "                  name (aten::add.Tensor) matches PATTERN: a shell glob\n"
        "                  (fnmatch) when it has * ? or [, tried on the name with\n"
        "                  and without its namespace ('aten::add*', 'add.*');\n"
        "                  otherwise a substring ('add').  No match: a line on\n"
        "                  stderr saying so, exit status 1.\n"
        "  dispatch NAME   print the operator's computed dispatch table, as\n"
        "                  torch._C._dispatch_dump_table does; the namespace defaults\n"
        "                  to aten.  Without an overload (aten::add), NAME is the\n"
        "                  default overload, else the only one; if there are several,\n"
        "                  they are listed on stderr (exit status 1, as for an unknown\n"
        "                  operator).  Several NAMEs: each table in turn.\n"
        "  memory EXPR...  draw tensors over their storage (DOT; docs/pictures.md)\n"
        "  lazy-graph EXPR...      draw lazy tensors' IR graph\n"
        "  autograd-graph EXPR...  draw the backward graph behind tensors' grad_fn\n"
        "                  (after running the -c SETUP statements; -o FILE, and\n"
        "                  --format svg|png runs Graphviz's dot)\n"
        "  explain EXPR    run the SETUP lines (or FILE's lines before LINE), then\n"
        "                  tell why EXPR (x.reshape(3, 8), x.view(...), x.contiguous(),\n"
        "                  x.expand(...), x.as_strided(...)) took its route, and\n"
        "                  check that route against the trace (docs/explain.md)\n"
        "\n"
        "options:\n"
        "  --load LIB.so     load an operator library first, as torch.ops.load_library\n"
        "                    does (docs/operator-libraries.md); its operators are then\n"
        "                    listed by ops and dispatch.  Repeatable.\n"
        "  --yaml FILE       define the operators of FILE, entries in the syntax of\n"
        "                    native_functions.yaml with a namespace of your own\n"
        "                    (`- func: myops::cube(Tensor self) -> Tensor`, `dispatch:`\n"
        "                    `CPU: cube`), their kernels found by symbol name\n"
        "                    (at_native_cube) in the --load libraries or minaten\n"
        "                    (docs/adding-an-operator.md).  Repeatable; read after\n"
        "                    every --load.  An error is `FILE:LINE:COL: message`,\n"
        "                    exit status 1, and nothing of that file is defined.\n"
        "  --trace=dispatch  print every dispatcher hop: operator, key, kernel\n"
        "  --dot FILE        with --trace=dispatch: also draw the hops as a graph\n"
        "                    (DOT; FILE.svg or FILE.png: rendered by Graphviz's dot)\n"
        "  --strict          stop at the first failing statement, its traceback on\n"
        "                    stderr, exit status 1 (as python3 FILE.py)\n"
        "  --stats[=N]       at exit (and every N lines of a script), print the\n"
        "                    allocator's counters (allocations, frees, bytes live,\n"
        "                    cache hits, misses, bytes) and the resident set on stderr\n"
        "  -h, --help        print this help and exit\n"
        "\n"
        "exit status: 0 done; 1 a statement failed under --strict, no operator matched, or\n"
        "a --load library or --yaml file could not be loaded; 2 a usage error or a\n"
        "script that cannot be read; 120 a script's output could not be written\n"
        "(python3's status; 1 for the other commands).\n"
        "Documentation: docs/ in minaten's source tree.\n",
        out);
}

/* The resident set now and its peak, in kB: VmRSS and VmHWM of
 * /proc/self/status, read together (the kernel reports VmHWM >= VmRSS; two
 * sources, statm's pages and getrusage's ru_maxrss, could disagree and
 * showed a peak below the current size).  -1 when unknown. */
static void resident_set(long* rss_kb, long* max_rss_kb) {
  *rss_kb = *max_rss_kb = -1;
  FILE* status = fopen("/proc/self/status", "r");
  if (status == NULL) return;
  char line[256];
  while (fgets(line, sizeof line, status) != NULL) {
    if (strncmp(line, "VmRSS:", 6) == 0) *rss_kb = strtol(line + 6, NULL, 10);
    if (strncmp(line, "VmHWM:", 6) == 0) *max_rss_kb = strtol(line + 6, NULL, 10);
  }
  fclose(status);
}

/* --stats: the allocator's counters (at exit: bytes live 0 and as many frees
 * as allocations, unless storage leaked; its cache's hits, misses, bytes), the
 * resident set now and its peak; tests/soak/soak.py reads them (--stats=N). */
static long stats_every;
static void print_stats(FILE* out, const char* at) {
  if (Py_IsInitialized()) MinatenPython_flushStdFiles();
  fflush(stdout);
  AllocatorStats a = Allocator_stats();
  long rss_kb, max_rss_kb;
  resident_set(&rss_kb, &max_rss_kb);
  fprintf(out,
          "minaten: stats at %s: allocations=%lld frees=%lld bytes_live=%lld bytes_total=%lld rss_kb=%ld "
          "max_rss_kb=%ld cache_hits=%lld cache_misses=%lld bytes_cached=%lld\n",
          at, (long long)a.allocations, (long long)a.frees, (long long)a.bytes_current, (long long)a.bytes_total,
          rss_kb, max_rss_kb, (long long)a.cache_hits, (long long)a.cache_misses, (long long)a.bytes_cached);
}

/* --stats=N's hook, called by the runner before each statement with the
 * statement (its .lineno): the counters once the script passed a multiple
 * of N lines, `at line M` for the last multiple M before the statement (a
 * block's lines are passed together, as the dialect's runner always did). */
static long stats_last_line;
static PyObject* stats_before_statement(PyObject* self, PyObject* stmt) {
  (void)self;
  PyObject* lineno = PyObject_GetAttrString(stmt, "lineno");
  long line = lineno != NULL ? PyLong_AsLong(lineno) : -1;
  Py_XDECREF(lineno);
  if (line < 0 && PyErr_Occurred()) return NULL;
  long mark = (line - 1) / stats_every * stats_every;
  if (mark > stats_last_line) {
    char at[32];
    snprintf(at, sizeof at, "line %ld", mark);
    print_stats(stderr, at);
    stats_last_line = mark;
  }
  Py_RETURN_NONE;
}
static PyMethodDef stats_hook_def = {"on_statement", stats_before_statement, METH_O, NULL};

/*
 * C's stdout written through Python's sys.stdout while a script runs
 * (csrc/utils/python_stdout.h): --trace=dispatch's hops and the trace
 * mode's lines come in order with the script's print(), and a failed write
 * is Python's to report, as python3 reports its own.  Put back before
 * Python finalizes.
 */
static FILE* saved_stdout;
static void stdout_through_python(bool on) {
  if (on && saved_stdout == NULL) {
    FILE* f = THPUtils_pythonStdout();
    if (f == NULL) return;
    fflush(stdout);
    saved_stdout = stdout;
    stdout = f;
  } else if (!on && saved_stdout != NULL) {
    fflush(stdout);
    stdout = saved_stdout;
    saved_stdout = NULL;
  }
}

/* The exception escaping the runner (KeyboardInterrupt: python3 prints its
 * traceback and ends by SIGINT; anything else the runner let through:
 * status 1).  Returns the status. */
static bool interrupted;
static int report_escaped(void) {
  interrupted = PyErr_ExceptionMatches(PyExc_KeyboardInterrupt);
  PyErr_Print();
  return 1;
}

/* Calls runner.FUNC(*args, torch, strict=strict[, on_statement=hook]):
 * the exit status it returns.  Python 3.11: Modules/main.c pymain_run_python */
static int call_runner(const char* func, PyObject* args, bool strict) {
  if (args == NULL) return report_escaped();
  PyObject* kwargs = Py_BuildValue("{s:O}", "strict", strict ? Py_True : Py_False);
  PyObject* hook = NULL;
  if (kwargs != NULL && stats_every > 0) {
    hook = PyCFunction_New(&stats_hook_def, NULL);
    if (hook == NULL || PyDict_SetItemString(kwargs, "on_statement", hook) < 0) Py_CLEAR(kwargs);
  }
  PyObject* f = PyObject_GetAttrString(MinatenPython_runner(), func);
  PyObject* result = f != NULL && kwargs != NULL ? PyObject_Call(f, args, kwargs) : NULL;
  Py_XDECREF(f);
  Py_XDECREF(hook);
  Py_XDECREF(kwargs);
  Py_DECREF(args);
  if (result == NULL) return report_escaped();
  long status = PyLong_AsLong(result);
  Py_DECREF(result);
  if (status == -1 && PyErr_Occurred()) return report_escaped();
  return (int)status;
}

/* `run PATH` (`-`: standard input): runner.run_file, prog minaten. */
static int run_script(const char* path, bool strict) {
  PyObject* name = PyUnicode_DecodeFSDefault(path);
  return call_runner("run_file", name != NULL ? Py_BuildValue("(NO)", name, MinatenPython_torch()) : NULL, strict);
}

/* `-c CODE`: runner.run_source(CODE, "<string>", ...).  CODE that is not
 * UTF-8 does not run: python3's message and status 1.  Python 3.11:
 * Modules/main.c pymain_run_command */
static int run_command(const char* code, bool strict) {
  PyObject* text = PyUnicode_DecodeFSDefault(code);
  PyObject* utf8 = text != NULL ? PyUnicode_AsUTF8String(text) : NULL;
  if (utf8 == NULL) {
    Py_XDECREF(text);
    fputs("Unable to decode the command from the command line:\n", stderr);
    PyErr_Print();
    return 1;
  }
  Py_DECREF(utf8);
  return call_runner("run_source", Py_BuildValue("(NsO)", text, "<string>", MinatenPython_torch()), strict);
}

/* The interactive prompt: Python's own loop (Py_RunMain: readline, `>>> `
 * and `... `, an expression's repr, a traceback for an error,
 * PYTHONSTARTUP), with `torch` and the dialect's helpers already in
 * __main__, after minaten's banner line.  Py_RunMain finalizes Python;
 * returns its exit status.  Python 3.11: Modules/main.c pymain_run_stdin */
static int run_interactive(void) {
  PyObject* main_module = PyImport_AddModule("__main__"); /* borrowed */
  PyObject* session = PyObject_CallMethod(MinatenPython_runner(), "Session", "O", MinatenPython_torch());
  PyObject* helpers = session != NULL ? PyObject_CallMethod(session, "helpers", NULL) : NULL;
  PyObject* globals = main_module != NULL ? PyModule_GetDict(main_module) : NULL;
  if (helpers == NULL || globals == NULL || PyDict_Update(globals, helpers) < 0 ||
      PyDict_SetItemString(globals, "torch", MinatenPython_torch()) < 0)
    PyErr_Print();
  Py_XDECREF(helpers);
  Py_XDECREF(session);
  fprintf(stderr, "minaten %s: a C11 model of PyTorch 1.13's op runtime; `torch` is minaten. Ctrl-D (i.e. EOF) "
          "to exit.\n", MINATEN_VERSION);
  return Py_RunMain();
}

/* Starts Python for a command: sys.argv as python3 gives it, sys.path[0]
 * the script's folder (run FILE) or the current one; 0 or -1. */
static int start_python(char* program, const char* cmd, const char* arg) {
  char* argv[1] = {NULL};
  const char* path0 = "";
  char dir[PATH_MAX];
  if (cmd == NULL || strcmp(cmd, "explain") == 0 || strcmp(cmd, "memory") == 0 || strcmp(cmd, "lazy-graph") == 0 ||
      strcmp(cmd, "autograd-graph") == 0) {
    argv[0] = cmd == NULL && !isatty(STDIN_FILENO) ? "-" : "";
  } else if (strcmp(cmd, "-c") == 0) {
    argv[0] = "-c";
  } else {
    argv[0] = (char*)arg;
    if (strcmp(arg, "-") != 0 && realpath(arg, dir) != NULL) {
      *strrchr(dir, '/') = '\0';
      path0 = dir[0] ? dir : "/";
    }
  }
  MinatenPythonOptions options = {.program = program, .argc = 1, .argv = argv, .path0 = path0, .quiet = true};
  return MinatenPython_initialize(&options);
}

/* Whether operator `op` matches the `ops` PATTERN: a glob (it has one of
 * `*?[`) matched by fnmatch(3) against the full name (aten::add.Tensor) or
 * the name after the namespace (add.Tensor); otherwise a substring of the
 * full name. */
static bool operator_matches(const OperatorEntry* op, const char* pattern) {
  const char* name = op->qualified_name;
  if (strpbrk(pattern, "*?[") == NULL) return strstr(name, pattern) != NULL;
  const char* sep = strstr(name, "::");
  return fnmatch(pattern, name, 0) == 0 || (sep != NULL && fnmatch(pattern, sep + 2, 0) == 0);
}

/* `ops [PATTERN]`: prints the schemas, all or those matching; 0, or 1 after
 * a line on stderr when PATTERN matches none. */
static int list_operators(const char* pattern) {
  size_t printed = 0;
  for (size_t k = 0; k < Dispatcher_numOperators(); k++) {
    const OperatorEntry* op = Dispatcher_operator(k);
    if (pattern != NULL && !operator_matches(op, pattern)) continue;
    bool qualified = strstr(op->schema_text, "::") != NULL;
    printf("%s%s%s\n", qualified ? "" : op->schema.ns, qualified ? "" : "::", op->schema_text);
    printed++;
  }
  if (pattern == NULL || printed > 0) return 0;
  fprintf(stderr, "minaten: ops: no operator's name matches '%s' (%s)\n", pattern,
          strpbrk(pattern, "*?[") != NULL ? "a glob, tried with and without the namespace"
                                          : "a substring of names such as aten::add.Tensor");
  return 1;
}

/* `dispatch NAME`: the operator NAME names, as the dispatcher looks it up
 * (an exact name; no overload means the default one), or else the only
 * overload of that base name.  Returns NULL after printing why: no such
 * operator, or several overloads (listed, for the user to pick one). */
static const OperatorEntry* resolve_operator(const char* name) {
  /* findOp: an operator a library gave kernels but no schema has a table too */
  const OperatorEntry* op = Dispatcher_findOp(name);
  if (op != NULL) return op;
  const char* sep = strstr(name, "::");
  size_t nmatch = 0;
  const OperatorEntry* only = NULL;
  if (sep != NULL && strchr(sep, '.') == NULL) {
    for (size_t k = 0; k < Dispatcher_numOperators(); k++) {
      const OperatorEntry* o = Dispatcher_operator(k);
      size_t ns_len = (size_t)(sep - name);
      if (strlen(o->schema.ns) == ns_len && strncmp(o->schema.ns, name, ns_len) == 0 &&
          strcmp(o->schema.name, sep + 2) == 0) {
        only = o;
        nmatch++;
      }
    }
  }
  if (nmatch == 1) return only;
  if (nmatch == 0) {
    fprintf(stderr, "minaten: no operator named %s\n", name);
    return NULL;
  }
  fprintf(stderr, "minaten: %s is ambiguous: it has %zu overloads and no default one; name one of\n", name, nmatch);
  for (size_t k = 0; k < Dispatcher_numOperators(); k++) {
    const OperatorEntry* o = Dispatcher_operator(k);
    if (strcmp(o->schema.name, sep + 2) == 0 && strncmp(o->qualified_name, name, (size_t)(sep - name) + 2) == 0)
      fprintf(stderr, "  %s\n", o->qualified_name);
  }
  return NULL;
}

/* `dispatch NAME...`: each operator's table in turn; 0, or 1 when some NAME
 * names no single operator (the others are still printed: one process
 * dumps every table for tests/dispatch/check_tables.py). */
static int dump_dispatch_tables(int nargs, char** args) {
  int status = 0;
  for (int k = 0; k < nargs; k++) {
    char name[256];
    snprintf(name, sizeof name, "%s%s", strstr(args[k], "::") ? "" : "aten::", args[k]);
    const OperatorEntry* op = resolve_operator(name);
    if (op == NULL) {
      status = 1;
      continue;
    }
    printf("===== %s\n", op->qualified_name);
    OperatorEntry_dumpComputedTable(op, stdout);
  }
  return status;
}

/* C's stdout as a stream that remembers the errno of its first failed
 * write (stdio keeps only an error flag, and a later fflush's errno may be
 * another's): write(2) on file descriptor 1, all of each buffer. */
static int stdout_errno;
static ssize_t checked_stdout_write(void* cookie, const char* buf, size_t size) {
  (void)cookie;
  for (size_t done = 0; done < size;) {
    ssize_t n = write(STDOUT_FILENO, buf + done, size - done);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) {
      if (stdout_errno == 0) stdout_errno = errno;
      return -1;
    }
    done += (size_t)n;
  }
  return (ssize_t)size;
}
static void checked_stdout(void) {
  cookie_io_functions_t io = {.read = NULL, .write = checked_stdout_write, .seek = NULL, .close = NULL};
  FILE* f = fopencookie(NULL, "w", io);
  if (f == NULL) return; /* stdout as it is: check_stdout says EIO */
  setvbuf(f, NULL, isatty(STDOUT_FILENO) ? _IOLBF : _IOFBF, BUFSIZ);
  stdout = f;
}

/* The exit status once standard output has been checked, for a command
 * that writes it from C (ops, dispatch, --help, explain, the pictures):
 * `status`, unless a write failed (/dev/full, a full disk): then one line,
 * `minaten: COMMAND: cannot write standard output: ...`, and 1.  A script's
 * (no command, run, -c) is Python's to check: MinatenPython_finalize gives
 * python3's report and status 120. */
static int check_stdout(int status, const char* cmd) {
  if (fflush(stdout) == 0 && !ferror(stdout)) return status;
  int err = stdout_errno != 0 ? stdout_errno : EIO;
  fprintf(stderr, "minaten: %s: cannot write standard output: %s\n", cmd, strerror(err));
  return status != 0 ? status : 1;
}

/* A usage error: the message, then the usage, on stderr; exit status 2. */
static int usage_error(const char* what, const char* arg) {
  fprintf(stderr, "minaten: %s%s\n", what, arg ? arg : "");
  usage(stderr);
  return 2;
}

/* The operator libraries of --load, loaded after minaten's own operators,
 * then the YAML files of --yaml: 0, or 1 after saying why one failed (a
 * missing file, an undefined symbol, a block that failed; FILE:LINE:COL for
 * a YAML file). */
static int load_libraries(const char** paths, int n, const char** yaml_paths, int num_yaml) {
  if (OperatorLibrary_registerStaticBlocks() < 0) {
    fprintf(stderr, "minaten: %s: %s\n", ErrorType_name(Error_type()), Error_message());
    return 1;
  }
  for (int k = 0; k < n; k++) {
    if (OperatorLibrary_load(paths[k]) == NULL) {
      fprintf(stderr, "minaten: --load %s: %s: %s\n", paths[k], ErrorType_name(Error_type()), Error_message());
      Error_clear();
      return 1;
    }
  }
  for (int k = 0; k < num_yaml; k++)
    if (YamlLibrary_load(yaml_paths[k]) < 0) return 1;
  return 0;
}

/* The options before the command. */
typedef struct MainOptions {
  bool strict, stats;
  const char* load[16];
  int num_load;
  const char* yaml[16];
  int num_yaml;
  const char* dot_path;
} MainOptions;

/* Reads the options argv[1..] into o, up to the command (or -c), whose
 * index goes to *next.  -1 when the program goes on, else the exit status
 * (a usage error, or --help printed). */
static int parse_options(int argc, char** argv, MainOptions* o, int* next) {
  int i = 1;
  for (; i < argc && argv[i][0] == '-' && strcmp(argv[i], "-c") != 0; i++) {
    if (strcmp(argv[i], "--load") == 0 || strncmp(argv[i], "--load=", 7) == 0) {
      const char* path = argv[i][6] == '=' ? argv[i] + 7 : (i + 1 < argc ? argv[++i] : NULL);
      if (path == NULL || path[0] == '\0') return usage_error("--load: expected a shared library", NULL);
      if (o->num_load == (int)(sizeof o->load / sizeof o->load[0])) return usage_error("too many --load options", NULL);
      o->load[o->num_load++] = path;
    } else if (strcmp(argv[i], "--yaml") == 0 || strncmp(argv[i], "--yaml=", 7) == 0) {
      const char* path = argv[i][6] == '=' ? argv[i] + 7 : (i + 1 < argc ? argv[++i] : NULL);
      if (path == NULL || path[0] == '\0') return usage_error("--yaml: expected a YAML file", NULL);
      if (o->num_yaml == (int)(sizeof o->yaml / sizeof o->yaml[0])) return usage_error("too many --yaml options", NULL);
      o->yaml[o->num_yaml++] = path;
    } else if (strcmp(argv[i], "--trace=dispatch") == 0) {
      Dispatcher_verbose = true;
    } else if (strcmp(argv[i], "--dot") == 0 || strncmp(argv[i], "--dot=", 6) == 0) {
      o->dot_path = argv[i][5] == '=' ? argv[i] + 6 : (i + 1 < argc ? argv[++i] : NULL);
      if (o->dot_path == NULL || o->dot_path[0] == '\0') return usage_error("--dot: expected a file", NULL);
    } else if (strcmp(argv[i], "--strict") == 0) {
      o->strict = true;
    } else if (strcmp(argv[i], "--stats") == 0) {
      o->stats = true;
    } else if (strncmp(argv[i], "--stats=", 8) == 0) {
      char* end;
      o->stats = true;
      stats_every = strtol(argv[i] + 8, &end, 10);
      if (*end != '\0' || end == argv[i] + 8 || stats_every <= 0) return usage_error("bad option ", argv[i]);
    } else if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
      checked_stdout();
      usage(stdout);
      return check_stdout(0, argv[i]);
    } else {
      return usage_error("unknown option ", argv[i]);
    }
  }
  *next = i;
  return -1;
}

/* Whether the command `cmd` (NULL: none, as python3 with no arguments)
 * takes its nargs arguments (argv[i + 1..]): -1 when it does, else the
 * usage error's exit status. */
static int check_command(const char* cmd, int nargs, char** argv, int i) {
  if (cmd == NULL) {
    /* as python3 with no arguments */
  } else if (strcmp(cmd, "run") == 0 || strcmp(cmd, "-c") == 0 || strcmp(cmd, "dispatch") == 0) {
    bool many = strcmp(cmd, "dispatch") == 0;
    if (nargs < 1)
      return usage_error(strcmp(cmd, "-c") == 0  ? "Argument expected for the -c option"
                         : strcmp(cmd, "run") == 0 ? "run: expected FILE.py, or - for stdin"
                                                   : "dispatch: expected an operator name",
                         NULL);
    if (nargs > 1 && !many) return usage_error("unexpected argument ", argv[i + 2]);
  } else if (strcmp(cmd, "explain") == 0) {
    /* its own arguments: explain.c */
  } else if (strcmp(cmd, "ops") == 0) {
    if (nargs > 1) return usage_error("unexpected argument ", argv[i + 2]);
  } else if (strcmp(cmd, "memory") == 0 || strcmp(cmd, "lazy-graph") == 0 || strcmp(cmd, "autograd-graph") == 0) {
    /* DotCommand_main parses its own arguments */
  } else {
    return usage_error("unknown command ", cmd);
  }
  return -1;
}

/* Runs the command `cmd` with its nargs arguments argv[i + 1..]; *finalized
 * tells whether it finalized Python (the interactive loop does).  Returns
 * its exit status. */
static int run_main_command(const char* cmd, int nargs, char** argv, int i, bool strict, bool* finalized) {
  if (cmd == NULL && isatty(STDIN_FILENO)) {
    *finalized = true;
    return run_interactive(); /* finalizes Python */
  }
  if (cmd == NULL || strcmp(cmd, "run") == 0) {
    stdout_through_python(true);
    return run_script(cmd == NULL ? "-" : argv[i + 1], strict);
  }
  if (strcmp(cmd, "-c") == 0) {
    stdout_through_python(true);
    return run_command(argv[i + 1], strict);
  }
  if (strcmp(cmd, "explain") == 0) return explain_main(nargs, argv + i + 1);
  if (strcmp(cmd, "ops") == 0) return list_operators(nargs == 1 ? argv[i + 1] : NULL);
  if (strcmp(cmd, "dispatch") != 0) return DotCommand_main(cmd, nargs, argv + i + 1);
  return dump_dispatch_tables(nargs, argv + i + 1);
}

int main(int argc, char** argv) {
  static const MainOptions kNoOptions;
  MainOptions o = kNoOptions;
  int i = 1;
  int exit_now = parse_options(argc, argv, &o, &i);
  if (exit_now >= 0) return exit_now;
  /* The command and how many arguments it takes (optional ones: max). */
  const char* cmd = i < argc ? argv[i] : NULL;
  int nargs = argc - i - 1;
  exit_now = check_command(cmd, nargs, argv, i);
  if (exit_now >= 0) return exit_now;
  if (o.dot_path != NULL && !Dispatcher_verbose) {
    fputs("minaten: --dot FILE draws the hops --trace=dispatch traces: add --trace=dispatch\n", stderr);
    return 2;
  }
  DispatchGraph_recording = o.dot_path != NULL;
  if (at_register_all() < 0 || at_register_VariableType() < 0 || at_register_ADInplaceOrViewType() < 0) {
    fprintf(stderr, "minaten: %s: %s\n", ErrorType_name(Error_type()), Error_message());
    return 1;
  }
  int status = load_libraries(o.load, o.num_load, o.yaml, o.num_yaml);
  bool script = cmd == NULL || strcmp(cmd, "run") == 0 || strcmp(cmd, "-c") == 0;
  bool python = status == 0 && strcmp(cmd ? cmd : "", "ops") != 0 && strcmp(cmd ? cmd : "", "dispatch") != 0;
  bool finalized = false;
  /* a command whose output C writes gets the stream that keeps its first
   * write error (after CPython, which takes its sys.stdout from fileno(stdout)) */
  if (python && start_python(argv[0], cmd, cmd != NULL && i + 1 < argc ? argv[i + 1] : NULL) < 0) {
    status = 1;
    python = false;
  }
  if (!script) checked_stdout();
  if (status == 0) status = run_main_command(cmd, nargs, argv, i, o.strict, &finalized);
  if (python && !finalized) {
    MinatenPython_flushStdFiles();
    stdout_through_python(false);
    status = MinatenPython_finalize(status);
  }
  if (o.dot_path != NULL) status = Dot_writeDispatchGraph(o.dot_path, status);
  if (!script) status = check_stdout(status, cmd);
  OperatorLibrary_unloadAll();
  Dispatcher_cleanup();
  Allocator_emptyCache(); /* nothing held at exit: bytes_cached=0 */
  if (o.stats) print_stats(stderr, "exit");
  if (interrupted) {
    /* python3 ends by the signal after an uncaught KeyboardInterrupt
     * (Modules/main.c exit_sigint) */
    fflush(NULL);
    signal(SIGINT, SIG_DFL);
    kill(getpid(), SIGINT);
  }
  return status;
}
