/*
 * python_dispatch.c - torch._C._load_library(path), what
 * torch.ops.load_library (python/minaten/_ops.py) calls once it has
 * resolved the path: the operator library is dlopened and its
 * MINATEN_LIBRARY blocks run (dispatch/OperatorLibrary.h), so that its
 * operators are torch.ops.NS.NAME from then on.  1.13 loads with
 * ctypes.CDLL and lets the library's static initialisers register into
 * the already-loaded libtorch; minaten's library does the same through
 * OperatorLibrary_load.
 *
 * Note [Operator libraries in a python3 process]
 * An operator library calls minaten's functions (Library_def,
 * Dispatcher_registerImpl, at_add_Tensor, ...) and leaves them undefined,
 * to be found in the process that loads it.  In the `minaten` executable
 * they are the executable's own exported symbols.  In a plain python3 they
 * are in minaten/_C.cpython-311-*.so, which Python dlopens with
 * RTLD_LOCAL: its symbols are not visible to objects loaded later, and the
 * library's dlopen fails ("undefined symbol: Library_def").  So before the
 * first load the module promotes itself to the global scope: it finds its
 * own path with dladdr and dlopens it again with RTLD_NOLOAD | RTLD_GLOBAL,
 * which loads nothing and only changes the flags of the object already
 * there.  (cmake/python.cmake links every object of minaten's archives into
 * the module, WHOLE_ARCHIVE, so that any function a library may call is
 * there; the module exports the prefixed ones, cmake/exports.cmake.)  1.13 avoids the question: libtorch is a shared library that
 * each custom-op library links against by name.
 *
 * PyTorch 1.13: torch/_ops.py _Ops.load_library (ctypes.CDLL), torch/_utils_internal.py
 * resolve_library_path
 */
#include "csrc/utils/python_dispatch.h"

#include <dlfcn.h>
#include <stdbool.h>

#include "csrc/Exceptions.h"
#include "dispatch/OperatorLibrary.h"

/* Note [Operator libraries in a python3 process]: 0, or -1 with an
 * exception.  Inside the `minaten` executable (no separate module object),
 * there is nothing to do. */
static int promote_to_global_scope(void) {
  static bool promoted = false;
  if (promoted) return 0;
  Dl_info info;
  if (dladdr((void*)promote_to_global_scope, &info) == 0 || info.dli_fname == NULL) {
    PyErr_SetString(PyExc_OSError, "minaten: cannot find the path of minaten._C (dladdr)");
    return -1;
  }
  void* self = dlopen(info.dli_fname, RTLD_NOW | RTLD_NOLOAD | RTLD_GLOBAL);
  /* NULL: the executable itself (it exports its symbols), nothing to promote.
   * Otherwise the handle is kept: the module is never unloaded. */
  (void)self;
  promoted = true;
  return 0;
}

/* PyTorch 1.13: torch/_ops.py _Ops.load_library's ctypes.CDLL(path) */
static PyObject* load_library(PyObject* module, PyObject* arg) {
  (void)module;
  PyObject* bytes = NULL;
  if (!PyUnicode_FSConverter(arg, &bytes)) return NULL; /* "embedded null byte" */
  if (promote_to_global_scope() < 0) {
    Py_DECREF(bytes);
    return NULL;
  }
  OperatorLibrary* lib = OperatorLibrary_load(PyBytes_AS_STRING(bytes));
  Py_DECREF(bytes);
  if (lib == NULL) return THPException_fromError();
  Py_RETURN_NONE;
}

static PyMethodDef methods[] = {{"_load_library", load_library, METH_O, NULL}, {NULL, NULL, 0, NULL}};

int THPDispatch_init(PyObject* module) { return PyModule_AddFunctions(module, methods); }
