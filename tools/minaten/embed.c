/*
 * embed.c - the embedding API of <minaten/minaten.h>: minaten inside another
 * C program, a thin layer over CPython's own embedding (Py_Initialize,
 * PyRun_SimpleString, PyRun_SimpleFile, Py_FinalizeEx), with minaten's
 * module built in and `import torch` giving minaten (python_embed.h).
 *
 * minaten_init registers the operators (at_register_all, then autograd's
 * and ADInplaceOrView's kernels, and the program's own MINATEN_LIBRARY
 * blocks), then starts Python.  A run is one module in __main__, whose
 * variables live from one run to the next, as python3 runs `-c CODE` or a
 * file: the first error stops it and its traceback goes to stderr (what
 * `minaten --strict` prints).  The statement-by-statement runner of
 * `minaten run` (python/minaten/_runner.py) is the reference run's, for
 * comparing with PyTorch; a program embedding minaten wants Python's.
 * minaten_shutdown finalizes Python and frees the operators, once and for
 * good.
 *
 * The program's own printf and Python's print() write to one descriptor
 * through two buffers: each run flushes C's stdout before it and Python's
 * after it, so that the lines come out in the order they were written.
 *
 * Return conventions: 0 or -1.  minaten_init's -1 leaves minaten's error
 * indicator set (runtime/Exception.h) when registering failed, or prints
 * why Python could not start; a run's -1 comes after the error was printed
 * on stderr, no exception left set.
 */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "autograd/autograd.h"
#include "minaten/minaten.h"
#include "tools/minaten/python_embed.h"

static bool initialised; /* minaten_init succeeded */
static bool finalized;   /* minaten_shutdown ran */

/* No PyTorch counterpart; Python 3.11: Python/pylifecycle.c Py_InitializeEx */
int minaten_init(void) {
  if (initialised) return 0;
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
  char* argv[] = {"", NULL};
  MinatenPythonOptions options = {.program = NULL, .argc = 1, .argv = argv, .path0 = NULL, .quiet = true};
  if (MinatenPython_initialize(&options) < 0) {
    Error_set(ErrorType_RuntimeError, "minaten_init(): Python did not start (the reason is on stderr)");
    return -1;
  }
  initialised = true;
  return 0;
}

/* A run before minaten_init: reported as the other errors are. */
static bool check_initialised(void) {
  if (initialised) return true;
  fprintf(stderr, "RuntimeError: minaten_init() has not been called\n");
  return false;
}

/* __main__'s globals (borrowed), or NULL with an exception set. */
static PyObject* main_globals(void) {
  PyObject* main_module = PyImport_AddModule("__main__");
  return main_module != NULL ? PyModule_GetDict(main_module) : NULL;
}

/* The end of a run: its result (a new reference, or NULL with the
 * exception set) to 0, or -1 after the traceback on stderr.
 * NB(minaten): a SystemExit ends the run (-1), not the program, as
 * PyRun_SimpleString would. */
static int finish_run(PyObject* result) {
  int rc = 0;
  if (result == NULL) {
    if (PyErr_ExceptionMatches(PyExc_SystemExit))
      PyErr_Clear();
    else
      PyErr_Print();
    rc = -1;
  }
  Py_XDECREF(result);
  MinatenPython_flushStdFiles();
  return rc;
}

/* Python 3.11: Python/pythonrun.c PyRun_SimpleStringFlags */
int minaten_run_string(const char* code) {
  if (!check_initialised()) return -1;
  fflush(stdout);
  PyObject* globals = main_globals();
  return finish_run(globals != NULL ? PyRun_String(code, Py_file_input, globals, globals) : NULL);
}

/* Python 3.11: Python/pythonrun.c PyRun_SimpleFileExFlags (_PyRun_SimpleFileObject): __file__ set
 * while the file runs; python3's messages for a file that cannot be read
 * or decoded (Python's own tokenizer reads it). */
int minaten_run_file(const char* path) {
  if (!check_initialised()) return -1;
  fflush(stdout);
  FILE* f = fopen(path, "rb");
  if (f == NULL) {
    /* python3's message; NB(minaten): the path as given, not made absolute as python3 does */
    int err = errno;
    fprintf(stderr, "minaten: can't open file '%s': [Errno %d] %s\n", path, err, strerror(err));
    return -1;
  }
  PyObject* globals = main_globals();
  PyObject* file = PyUnicode_DecodeFSDefault(path);
  bool set_file = globals != NULL && file != NULL && PyDict_GetItemString(globals, "__file__") == NULL &&
                  PyDict_SetItemString(globals, "__file__", file) == 0;
  PyObject* result = globals != NULL && file != NULL
                         ? PyRun_FileExFlags(f, path, Py_file_input, globals, globals, 1, NULL)
                         : (fclose(f), NULL);
  int rc = finish_run(result);
  if (set_file && PyDict_DelItemString(globals, "__file__") < 0) PyErr_Clear();
  Py_XDECREF(file);
  return rc;
}

/* Python 3.11: Python/pylifecycle.c Py_FinalizeEx */
void minaten_shutdown(void) {
  if (!initialised) return;
  MinatenPython_finalize(0);
  initialised = false;
  finalized = true;
  OperatorLibrary_unloadAll();
  Dispatcher_cleanup();
}
