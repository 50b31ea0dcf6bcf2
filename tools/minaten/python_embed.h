/*
 * python_embed.h - CPython inside minaten: the `minaten` executable
 * (main.c) and the embedding API of <minaten/minaten.h> (embed.c) start
 * Python through here.
 *
 * MinatenPython_initialize, before anything else of Python runs:
 *   - registers the extension module as a built-in module,
 *     PyImport_AppendInittab("minaten._C", PyInit__C): the executable never
 *     loads build/python/minaten/_C*.so, so a process has one dispatcher,
 *     the one the --load libraries were registered with;
 *   - starts Python with a PyConfig like python3's (the environment's
 *     PYTHONPATH, site-packages and the user's modules import as in
 *     python3; sys.argv as given; sys.path[0] as given, none when NULL),
 *     and python3's exit status 120 when stdout cannot be flushed at the
 *     end (MinatenPython_finalize);
 *   - imports minaten's Python package from where it belongs to this
 *     binary (MinatenPython_packageDir: the build tree's build/python, or
 *     the install's lib/python3/dist-packages), by its file, before
 *     anything could import another one: a `minaten` on PYTHONPATH or in
 *     the current folder never replaces it;
 *   - installs the `torch` alias (python/minaten/_torch_alias.py): `import
 *     torch` and `import torch.X` give minaten's modules.
 *
 * Return conventions: 0 / -1, and on -1 a message was printed on stderr
 * (there may be no Python to hold an exception).
 */
#ifndef MINATEN_TOOLS_PYTHON_EMBED_H
#define MINATEN_TOOLS_PYTHON_EMBED_H

#include <stdbool.h>

#include "csrc/python_headers.h"

typedef struct MinatenPythonOptions {
  const char* program; /* the program's argv[0] (sys.executable is found from it), or NULL */
  int argc;          /* sys.argv: argc strings of argv (bytes, decoded as python3 decodes its arguments) */
  char** argv;
  const char* path0; /* inserted at sys.path[0] as python3 does (the script's folder, "" for the
                      * current one); NULL: none (python3 -P) */
  bool quiet;        /* no banner from Py_RunMain's interactive loop */
} MinatenPythonOptions;

/* Starts CPython as above.  0, or -1 after a message on stderr. */
int MinatenPython_initialize(const MinatenPythonOptions* options);

/* The folder that holds minaten's package (.../python, with minaten/ in
 * it), found beside the running executable or libminaten; NULL when none
 * is found. */
const char* MinatenPython_packageDir(void);

/* The minaten module (borrowed), which scripts know as `torch`. */
PyObject* MinatenPython_torch(void);

/* minaten._runner (borrowed), python/minaten/_runner.py. */
PyObject* MinatenPython_runner(void);

/* Flushes sys.stdout and sys.stderr, as the end of a run does; a failure
 * is left for Py_FinalizeEx to report (python3's status 120). */
void MinatenPython_flushStdFiles(void);

/* Py_FinalizeEx: `status`, or 120 when flushing stdout failed (python3's). */
int MinatenPython_finalize(int status);

#endif
