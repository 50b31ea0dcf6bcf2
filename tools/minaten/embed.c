/*
 * embed.c - the embedding API of <minaten/minaten.h>: minaten inside another
 * C program, as CPython's Py_Initialize / PyRun_SimpleString /
 * PyRun_SimpleFile / Py_FinalizeEx embed Python.
 *
 * minaten_init does what main.c does before running anything (register the
 * operators: at_register_all, then autograd's and ADInplaceOrView's
 * kernels) and keeps one interpreter, whose variables live from one run to
 * the next.  A run is one module, as python3 runs `-c CODE` or a file: the
 * first error stops it and its traceback goes to stderr (ErrorStyle_Traceback,
 * what `minaten --strict` prints).  main.c's splitting of a script into
 * statements each with its own error line is the reference run's, for
 * comparing with PyTorch; a program embedding minaten wants Python's.
 * minaten_shutdown frees what minaten_init made (Dispatcher_cleanup, as main.c
 * at exit), once and for good.
 *
 * Return conventions: those of interp.h, 0 or -1.  minaten_init's -1 leaves
 * the error indicator set (the caller has no interpreter to print it); a
 * run's -1 comes after the error was printed on stderr, the indicator clear.
 */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "autograd/autograd.h"
#include "minaten/minaten.h"
#include "tools/minaten/interpreter/interp.h"
#include "tools/minaten/interpreter/utf8.h"

static Interp* embedded; /* NULL until minaten_init */
static bool finalized;    /* minaten_shutdown ran */

/* No PyTorch counterpart; Python 3.11: Python/pylifecycle.c Py_InitializeEx */
int minaten_init(void) {
  if (embedded != NULL) return 0;
  /* NB(minaten): the generated entry points keep their operators' handles
   * (Operators.c) after Dispatcher_cleanup frees them, so the operators
   * cannot be registered a second time in one process. */
  if (finalized) {
    Error_set(ErrorType_RuntimeError, "minaten_init() after minaten_shutdown(): minaten starts once per process");
    return -1;
  }
  if (at_register_all() < 0 || at_register_VariableType() < 0 || at_register_ADInplaceOrViewType() < 0) return -1;
  /* the program's own MINATEN_LIBRARY blocks, queued before main() */
  if (OperatorLibrary_registerStaticBlocks() < 0) return -1;
  embedded = Interp_new();
  Interp_setErrorStyle(embedded, ErrorStyle_Traceback);
  return 0;
}

/* A run before minaten_init: reported as the other errors are. */
static bool check_initialised(void) {
  if (embedded != NULL) return true;
  fprintf(stderr, "RuntimeError: minaten_init() has not been called\n");
  return false;
}

/* Runs `text` as one module named `filename`; 0, or -1 after the traceback. */
static int run_module(const char* text, const char* filename) {
  Interp_setLocation(embedded, filename, 1);
  int rc = Interp_runStatement(embedded, text, 1);
  Interp_setLocation(embedded, NULL, 0);
  fflush(stderr);
  return rc;
}

/* Python 3.11: Python/pythonrun.c PyRun_SimpleStringFlags */
int minaten_run_string(const char* code) {
  if (!check_initialised()) return -1;
  return run_module(code, "<string>");
}

/* All of `path` in a new NUL-terminated buffer, or NULL with errno set. */
static char* read_file(const char* path) {
  FILE* f = fopen(path, "rb");
  if (f == NULL) return NULL;
  char* text = NULL;
  size_t len = 0, cap = 0, n = 0;
  do {
    len += n;
    if (cap - len < 2) {
      char* bigger = realloc(text, cap = cap ? 2 * cap : 4096);
      if (bigger == NULL) {
        free(text);
        fclose(f);
        errno = ENOMEM;
        return NULL;
      }
      text = bigger;
    }
  } while ((n = fread(text + len, 1, cap - len - 1, f)) > 0);
  int err = ferror(f) ? (errno ? errno : EIO) : 0;
  fclose(f);
  if (err != 0) {
    free(text);
    errno = err;
    return NULL;
  }
  text[len] = '\0';
  return text;
}

/* Python 3.11: Python/pythonrun.c PyRun_SimpleFileExFlags (_PyRun_SimpleFileObject) */
int minaten_run_file(const char* path) {
  if (!check_initialised()) return -1;
  char* text = read_file(path);
  if (text == NULL) {
    /* python3's message; NB(minaten): the path as given, not made absolute as python3 (and main.c) do */
    int err = errno;
    fprintf(stderr, "minaten: can't open file '%s': [Errno %d] %s\n", path, err, strerror(err));
    return -1;
  }
  const char* filename = path; /* as python3 names it in a traceback (main.c: the base name, as the reference run) */
  /* a script that is not UTF-8 does not run (python3's message, as main.c) */
  int rc = utf8_check_script(text, filename) ? run_module(text, filename) : -1;
  free(text);
  return rc;
}

/* Python 3.11: Python/pylifecycle.c Py_FinalizeEx */
void minaten_shutdown(void) {
  if (embedded == NULL) return;
  Interp_free(embedded);
  embedded = NULL;
  finalized = true;
  OperatorLibrary_unloadAll();
  Dispatcher_cleanup();
}
