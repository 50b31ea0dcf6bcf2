/*
 * python_embed.c - CPython inside minaten (python_embed.h).
 *
 * Where the package is (MinatenPython_packageDir): each anchor, the running
 * executable (/proc/self/exe) and the file this code was linked into
 * (dladdr: libminaten.so for a program built against it), is tried with
 * three folders beside it: `python` (the build tree: build/minaten and
 * build/libminaten.so beside build/python/minaten), and the install's
 * package folder seen from the bin and lib folders
 * (MINATEN_PYTHONDIR_FROM_BINDIR, _FROM_LIBDIR: the top-level
 * CMakeLists.txt).  The install's absolute folder
 * (MINATEN_PYTHONDIR_INSTALLED), then the build tree's
 * (MINATEN_PYTHONDIR_BUILD), are the last resorts: for a program linked
 * with libminaten.a, or one built elsewhere in the build tree (the fuzz
 * targets of tests/fuzz).
 *
 * Python 3.11: Doc/c-api/init_config.rst (Python Configuration), Programs/python.c
 */
#include "tools/minaten/python_embed.h"

#include <dlfcn.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "runtime/Sanitizer.h"

#ifndef MINATEN_PYTHONDIR_FROM_BINDIR
#define MINATEN_PYTHONDIR_FROM_BINDIR "../lib/python3/dist-packages"
#endif
#ifndef MINATEN_PYTHONDIR_FROM_LIBDIR
#define MINATEN_PYTHONDIR_FROM_LIBDIR "python3/dist-packages"
#endif
#ifndef MINATEN_PYTHONDIR_BUILD
#define MINATEN_PYTHONDIR_BUILD ""
#endif
#ifndef MINATEN_PYTHONDIR_INSTALLED
#define MINATEN_PYTHONDIR_INSTALLED "/usr/local/lib/python3/dist-packages"
#endif

PyMODINIT_FUNC PyInit__C(void); /* csrc/Module.c */

static PyObject* torch_module;  /* minaten, owned */
static PyObject* runner_module; /* minaten._runner, owned */

/* Whether DIR/minaten/__init__.py exists. */
static bool has_package(const char* dir) {
  char path[2 * PATH_MAX + 32];
  snprintf(path, sizeof path, "%s/minaten/__init__.py", dir);
  return access(path, R_OK) == 0;
}

/* Tries the folders beside `file` (its directory joined with each
 * relative folder); the first that holds the package goes to `out`. */
static bool find_beside(const char* file, char* out, size_t size) {
  char real[PATH_MAX];
  if (file == NULL || realpath(file, real) == NULL) return false;
  char* slash = strrchr(real, '/');
  if (slash == NULL) return false;
  *slash = '\0';
  const char* relatives[] = {"python", MINATEN_PYTHONDIR_FROM_BINDIR, MINATEN_PYTHONDIR_FROM_LIBDIR};
  for (size_t k = 0; k < sizeof relatives / sizeof relatives[0]; k++) {
    char dir[2 * PATH_MAX];
    if (snprintf(dir, sizeof dir, "%s/%s", real, relatives[k]) >= (int)sizeof dir) continue;
    if (has_package(dir) && realpath(dir, out) != NULL) return true;
  }
  (void)size;
  return false;
}

const char* MinatenPython_packageDir(void) {
  static char dir[PATH_MAX];
  static bool searched, found;
  if (!searched) {
    searched = true;
    Dl_info info;
    found = find_beside("/proc/self/exe", dir, sizeof dir) ||
            (dladdr((void*)&MinatenPython_packageDir, &info) != 0 && find_beside(info.dli_fname, dir, sizeof dir));
    const char* last_resorts[] = {MINATEN_PYTHONDIR_INSTALLED, MINATEN_PYTHONDIR_BUILD};
    for (size_t k = 0; k < sizeof last_resorts / sizeof last_resorts[0] && !found; k++) {
      if (last_resorts[k][0] == '\0' || !has_package(last_resorts[k])) continue;
      snprintf(dir, sizeof dir, "%s", last_resorts[k]);
      found = true;
    }
  }
  return found ? dir : NULL;
}

/* Imports the package at DIR/minaten under the name minaten, by its file
 * (never through sys.path), then puts the torch alias in place. */
static const char kImportPackage[] =
    "import importlib.machinery, importlib.util, sys\n"
    "spec = importlib.util.spec_from_file_location('minaten', package_dir + '/minaten/__init__.py',\n"
    "                                              submodule_search_locations=[package_dir + '/minaten'])\n"
    "module = importlib.util.module_from_spec(spec)\n"
    "sys.modules['minaten'] = module\n"
    /* minaten._C, the built-in module: Python 3.11's BuiltinImporter finds
     * built-in modules at the top level only (a package's submodule is
     * searched on its __path__, where build/python/minaten/_C*.so is),
     * so it is made here from its built-in spec, before the package runs */
    "c_spec = importlib.machinery.ModuleSpec('minaten._C', importlib.machinery.BuiltinImporter, origin='built-in')\n"
    "c_module = importlib.util.module_from_spec(c_spec)\n"
    "sys.modules['minaten._C'] = c_module\n"
    "c_spec.loader.exec_module(c_module)\n"
    "module._C = c_module\n"
    "try:\n"
    "    spec.loader.exec_module(module)\n"
    "except BaseException:\n"
    "    del sys.modules['minaten'], sys.modules['minaten._C']\n"
    "    raise\n"
    "import minaten._torch_alias\n"
    "minaten._torch_alias.install()\n"
    "if path0 is not None:\n"
    "    sys.path.insert(0, path0)\n";

static int import_package(const char* package_dir, const char* path0) {
  PyObject* globals = PyDict_New();
  if (globals == NULL) return -1;
  PyObject* dir = PyUnicode_DecodeFSDefault(package_dir);
  PyObject* p0 = path0 != NULL ? PyUnicode_DecodeFSDefault(path0) : Py_NewRef(Py_None);
  int rc = -1;
  if (dir != NULL && p0 != NULL && PyDict_SetItemString(globals, "__builtins__", PyEval_GetBuiltins()) == 0 &&
      PyDict_SetItemString(globals, "package_dir", dir) == 0 && PyDict_SetItemString(globals, "path0", p0) == 0) {
    PyObject* r = PyRun_String(kImportPackage, Py_file_input, globals, globals);
    if (r != NULL) {
      rc = 0;
      Py_DECREF(r);
    }
  }
  Py_XDECREF(dir);
  Py_XDECREF(p0);
  Py_DECREF(globals);
  if (rc == 0) {
    torch_module = PyImport_ImportModule("minaten");
    runner_module = torch_module != NULL ? PyImport_ImportModule("minaten._runner") : NULL;
    if (runner_module == NULL) rc = -1;
  }
  return rc;
}

/* In an ASan build, CPython's allocator is malloc (as PYTHONMALLOC=malloc):
 * pymalloc's arenas are mmap'ed memory that LeakSanitizer does not scan, so
 * a tensor or a binding held only by a Python object would be reported as
 * leaked at exit, and a read past a Python object would go unseen. */
static int preinitialize(void) {
#ifdef MINATEN_ASAN
  PyPreConfig preconfig;
  PyPreConfig_InitPythonConfig(&preconfig);
  preconfig.allocator = PYMEM_ALLOCATOR_MALLOC;
  PyStatus status = Py_PreInitialize(&preconfig);
  if (PyStatus_Exception(status)) {
    fprintf(stderr, "minaten: cannot start Python: %s\n", status.err_msg ? status.err_msg : "");
    return -1;
  }
#endif
  return 0;
}

int MinatenPython_initialize(const MinatenPythonOptions* options) {
  const char* package_dir = MinatenPython_packageDir();
  if (package_dir == NULL) {
    fprintf(stderr,
            "minaten: cannot find minaten's Python package (minaten/__init__.py): not in python/ beside "
            "the executable (a build tree), nor in %s (an install)\n",
            MINATEN_PYTHONDIR_INSTALLED);
    return -1;
  }
  if (PyImport_AppendInittab("minaten._C", PyInit__C) < 0) {
    fputs("minaten: PyImport_AppendInittab failed\n", stderr);
    return -1;
  }
  if (preinitialize() < 0) return -1;
  PyConfig config;
  PyConfig_InitPythonConfig(&config);
  config.parse_argv = 0;
  config.safe_path = 1; /* sys.path[0] is options->path0, inserted by import_package */
  config.quiet = options->quiet;
  PyStatus status = options->program != NULL
                        ? PyConfig_SetBytesString(&config, &config.program_name, options->program)
                        : PyStatus_Ok();
  if (!PyStatus_Exception(status)) status = PyConfig_SetBytesArgv(&config, options->argc, options->argv);
  if (!PyStatus_Exception(status)) status = Py_InitializeFromConfig(&config);
  PyConfig_Clear(&config);
  if (PyStatus_Exception(status)) {
    fprintf(stderr, "minaten: cannot start Python: %s%s%s\n", status.func ? status.func : "",
            status.func ? ": " : "", status.err_msg ? status.err_msg : "");
    return -1;
  }
  if (import_package(package_dir, options->path0) < 0) {
    fprintf(stderr, "minaten: cannot import minaten's Python package from %s/minaten:\n", package_dir);
    PyErr_Print();
    return -1;
  }
  return 0;
}

PyObject* MinatenPython_torch(void) { return torch_module; }

PyObject* MinatenPython_runner(void) { return runner_module; }

/* sys.NAME.flush(), its failure cleared (Py_FinalizeEx flushes again and reports it). */
static void flush_file(const char* name) {
  PyObject* f = PySys_GetObject(name);
  if (f == NULL || f == Py_None) return;
  PyObject* r = PyObject_CallMethod(f, "flush", NULL);
  if (r == NULL) PyErr_Clear();
  Py_XDECREF(r);
}

void MinatenPython_flushStdFiles(void) {
  flush_file("stdout");
  flush_file("stderr");
}

/* Python 3.11: Modules/main.c Py_RunMain (exit status 120 when Py_FinalizeEx fails) */
int MinatenPython_finalize(int status) {
  Py_CLEAR(runner_module);
  Py_CLEAR(torch_module);
  return Py_FinalizeEx() < 0 ? 120 : status;
}
