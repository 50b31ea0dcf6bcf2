/*
 * python_dispatch.c - torch._C's dispatcher bindings: torch.library's
 * operator libraries with Python kernels, the dispatch dumps, and
 * _load_library.
 *
 * torch.library.Library(ns, kind, dispatch_key) (python/minaten/library.py)
 * holds a torch._C._DispatchModule, made by
 * torch._C._dispatch_library(kind, ns, dispatch_key, file, line): a
 * Library (dispatch/Library.h) as 1.13's torch::Library, with the same
 * checks, worded with TORCH_LIBRARY as 1.13's are.  Its define(schema)
 * is Library_def; its impl(name, key, fn) registers the Python callable
 * fn as a boxed kernel, a PythonKernelHolder (Note [Python kernels]).
 * Destroying the module (the Library object's last reference, or gc of
 * a cycle through a kernel) undoes every registration, newest first, as
 * 1.13's RegistrationHandleRAII does, and only then lets the callables go.
 * As in 1.13 every registration says it was made at "/dev/null" (1.13's
 * "temporary workaround" in _dispatch_library) and the line library.py
 * found for the Library.
 *
 * Note [Python kernels]
 * A Python kernel is a boxed kernel (KernelFunction.boxed =
 * PythonKernelHolder_call) whose functor is its PythonKernelHolder: the
 * callable, the key it serves and a name for the dumps and traces,
 * "PythonKernelHolder(fn at FILE:LINE)".  Called, it turns the boxed
 * arguments into Python's args and kwargs as a TorchDispatchMode receives
 * them (parseIValuesToPyArgsKwargs: trailing defaults dropped, keyword-only
 * arguments by name), calls fn, and turns what fn returned into the
 * operator's returns (pushPyOutToStack, "PythonKernelHolder" in its
 * messages); an exception fn raised comes out of the operator call
 * unchanged (THPException_toError).  Nothing is excluded around the call,
 * as in 1.13: a CPU kernel reached through the autograd keys' fallthrough
 * runs with autograd still on, so what it calls records a graph, and a
 * CompositeImplicitAutograd kernel runs above autograd and the Python key,
 * so a mode or the trace sees what it calls.
 *
 * PyTorch 1.13: torch/csrc/utils/python_dispatch.cpp (PythonKernelHolder,
 * initDispatchBindings: _DispatchModule, _dispatch_library,
 * _dispatch_dump, _dispatch_dump_table)
 *
 * _load_library(path), what torch.ops.load_library
 * (python/minaten/_ops.py) calls once it has resolved the path: the
 * operator library is dlopened and its MINATEN_LIBRARY blocks run
 * (dispatch/OperatorLibrary.h), so that its operators are torch.ops.NS.NAME
 * from then on.  1.13 loads with ctypes.CDLL and lets the library's static
 * initialisers register into the already-loaded libtorch; minaten's library
 * does the same through OperatorLibrary_load.
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
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "csrc/Exceptions.h"
#include "csrc/autograd/python_variable.h"
#include "csrc/utils/torch_dispatch_mode.h"
#include "dispatch/Dispatcher.h"
#include "dispatch/Library.h"
#include "dispatch/OperatorLibrary.h"
#include "runtime/Exception.h"

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

/* ---- Python kernels (Note [Python kernels]) --------------------------------------- */

/* A Python callable registered as a kernel: the functor of its
 * KernelFunction, owned by the _DispatchModule that registered it.
 * PyTorch 1.13: python_dispatch.cpp PythonKernelHolder */
typedef struct PythonKernelHolder {
  PyObject* func;           /* a strong reference */
  DispatchKey dispatch_key; /* the key it was registered for */
  char name[512];           /* "PythonKernelHolder(mul_cpu at script.py:5)" */
  struct PythonKernelHolder* next;
} PythonKernelHolder;

/* PyTorch 1.13: python_dispatch.cpp PythonKernelHolder::operator() */
static int PythonKernelHolder_call(const KernelFunction* kernel, const OperatorEntry* op, DispatchKeySet ks,
                                   IValue* args, IValue* rets) {
  (void)ks;
  const PythonKernelHolder* holder = kernel->functor;
  PyGILState_STATE gil = PyGILState_Ensure();
  /* ours for the call: the kernel may destroy its own Library */
  PyObject* func = Py_NewRef(holder->func);
  PyObject *py_args = NULL, *py_kwargs = NULL, *out = NULL;
  int r = -1;
  if (parseIValuesToPyArgsKwargs(op, args, &py_args, &py_kwargs) == 0) out = PyObject_Call(func, py_args, py_kwargs);
  if (out == NULL) THPException_toError();
  else r = pushPyOutToStack(op, out, rets, "PythonKernelHolder");
  Py_XDECREF(out);
  Py_XDECREF(py_args);
  Py_XDECREF(py_kwargs);
  Py_DECREF(func);
  PyGILState_Release(gil);
  return r;
}

/* The attribute attr of obj as a str's UTF-8 into buf, or "" (no error). */
static void str_attribute(PyObject* obj, const char* attr, char* buf, size_t size) {
  buf[0] = '\0';
  PyObject* v = obj != NULL ? PyObject_GetAttrString(obj, attr) : NULL;
  const char* text = v != NULL && PyUnicode_Check(v) ? PyUnicode_AsUTF8(v) : NULL;
  if (text != NULL) snprintf(buf, size, "%s", text);
  Py_XDECREF(v);
  PyErr_Clear();
}

/* "PythonKernelHolder(QUALNAME at FILE:LINE)": a function's own code, or
 * a callable object's __call__'s; "PythonKernelHolder(QUALNAME)" without. */
static void describe_kernel(PyObject* func, char* buf, size_t size) {
  char qualname[200], file[256];
  str_attribute(func, "__qualname__", qualname, sizeof qualname);
  if (qualname[0] == '\0') str_attribute((PyObject*)Py_TYPE(func), "__qualname__", qualname, sizeof qualname);
  PyObject* code = PyObject_GetAttrString(func, "__code__");
  if (code == NULL) {
    PyErr_Clear();
    PyObject* call = PyObject_GetAttrString(func, "__call__");
    code = call != NULL ? PyObject_GetAttrString(call, "__code__") : NULL;
    Py_XDECREF(call);
    PyErr_Clear();
  }
  long line = -1;
  str_attribute(code, "co_filename", file, sizeof file);
  PyObject* first = code != NULL ? PyObject_GetAttrString(code, "co_firstlineno") : NULL;
  if (first != NULL && PyLong_Check(first)) line = PyLong_AsLong(first);
  Py_XDECREF(first);
  Py_XDECREF(code);
  PyErr_Clear();
  if (file[0] != '\0' && line >= 0)
    snprintf(buf, size, "PythonKernelHolder(%s at %s:%ld)", qualname, file, line);
  else
    snprintf(buf, size, "PythonKernelHolder(%s)", qualname);
}

/* ---- torch._C._DispatchModule ----------------------------------------------------- */

/* PyTorch 1.13: python_dispatch.cpp's py::class_<torch::Library>(m, "_DispatchModule") */
typedef struct THPDispatchModule {
  PyObject_HEAD
  Library* lib;                /* NULL once destroyed */
  char key_name[48];           /* the Library's dispatch key as given ("" for none) */
  PythonKernelHolder* kernels; /* newest first */
} THPDispatchModule;

/* Undoes the Library's registrations, then lets its callables go. */
static void THPDispatchModule_destroy(THPDispatchModule* self) {
  Library* lib = self->lib;
  PythonKernelHolder* kernels = self->kernels;
  self->lib = NULL;
  self->kernels = NULL;
  Library_destroy(lib);
  while (kernels != NULL) {
    PythonKernelHolder* next = kernels->next;
    Py_DECREF(kernels->func);
    free(kernels);
    kernels = next;
  }
}

static int THPDispatchModule_traverse(PyObject* self, visitproc visit, void* arg) {
  for (PythonKernelHolder* k = ((THPDispatchModule*)self)->kernels; k != NULL; k = k->next) Py_VISIT(k->func);
  return 0;
}

static int THPDispatchModule_clear(PyObject* self) {
  THPDispatchModule_destroy((THPDispatchModule*)self);
  return 0;
}

static void THPDispatchModule_dealloc(PyObject* self) {
  PyObject_GC_UnTrack(self);
  THPDispatchModule_destroy((THPDispatchModule*)self);
  PyObject_GC_Del(self);
}

/* A failed call leaves the Library usable, as 1.13's throwing call does
 * (a C block's Library stays failed: its loader undoes it). */
static PyObject* library_error(Library* lib) {
  lib->failed = false;
  return THPException_fromError();
}

static Library* live_library(THPDispatchModule* self) {
  if (self->lib == NULL) PyErr_SetString(PyExc_RuntimeError, "this torch.library.Library was destroyed");
  return self->lib;
}

/* PyTorch 1.13: python_dispatch.cpp parseAliasAnalysisKind */
static bool is_alias_analysis_kind(const char* k) {
  return strcmp(k, "") == 0 || strcmp(k, "CONSERVATIVE") == 0 || strcmp(k, "FROM_SCHEMA") == 0 ||
         strcmp(k, "PURE_FUNCTION") == 0;
}

/* _DispatchModule.define(schema, alias_analysis=""): the operator's name
 * as the schema spells it ("foo", "mylib::foo"; no overload name).
 * NB(minaten): the alias analysis kind is checked, not kept.
 * PyTorch 1.13: python_dispatch.cpp _DispatchModule.define */
static PyObject* THPDispatchModule_define(PyObject* self, PyObject* args, PyObject* kwargs) {
  static char* kwlist[] = {"schema", "alias_analysis", NULL};
  const char* schema = NULL;
  const char* alias = "";
  if (!PyArg_ParseTupleAndKeywords(args, kwargs, "s|s:define", kwlist, &schema, &alias)) return NULL;
  if (!is_alias_analysis_kind(alias)) return PyErr_Format(PyExc_RuntimeError, "could not parse %s", alias);
  /* torch::schema(...) parses before the Library sees it
   * (torch/csrc/jit/frontend/function_schema_parser.cpp parseSchema) */
  if (strchr(schema, '(') == NULL) {
    PyErr_SetString(PyExc_RuntimeError, "Tried to parse a function schema but only the operator name was given");
    return NULL;
  }
  FunctionSchema parsed;
  SchemaParseError err;
  if (FunctionSchema_parse(schema, &parsed, &err) < 0) {
    /* NB(minaten): minaten's schema parser's words, not 1.13's lexer's
     * ("expected ) but found 'arrow' here:" and the schema marked) */
    return PyErr_Format(PyExc_RuntimeError, "%s at column %d of schema '%s'", err.message, err.column, schema);
  }
  /* the parser takes a schema without a namespace as aten's */
  const char* sep = strstr(schema, "::");
  bool explicit_ns = sep != NULL && sep < strchr(schema, '(');
  PyObject* name = PyUnicode_FromFormat("%s%s%s", explicit_ns ? parsed.ns : "", explicit_ns ? "::" : "", parsed.name);
  FunctionSchema_free(&parsed);
  if (name == NULL) return NULL;
  Library* lib = live_library((THPDispatchModule*)self);
  if (lib == NULL || Library_def(lib, schema) < 0) {
    Py_DECREF(name);
    return lib == NULL ? NULL : library_error(lib);
  }
  return name;
}

/* The dispatch keys 1.13's c10::parseDispatchKey knows: a kernel
 * registered for one minaten has not is accepted and never called. */
static const char* const kTorchDispatchKeys[] = {
    "Undefined", "CompositeExplicitAutogradNonFunctional", "CompositeExplicitAutograd",
    "CompositeImplicitAutogradNestedTensor", "CompositeImplicitAutograd", "AutogradOther", "Autograd",
    "BackendSelect", "ADInplaceOrView", "PythonTLSSnapshot", "Python", "Dense", "CPU", "CUDA", "HIP", "XLA",
    "MPS", "IPU", "XPU", "HPU", "VE", "Lazy", "Meta", "PrivateUse1", "PrivateUse2", "PrivateUse3", "Quantized",
    "QuantizedCPU", "QuantizedCUDA", "QuantizedXPU", "Sparse", "SparseCPU", "SparseCUDA", "SparseHIP",
    "SparseXPU", "SparseVE", "NestedTensor", "NestedTensorCPU", "NestedTensorCUDA", "AutogradFunctionality",
    "AutogradCPU", "AutogradCUDA", "AutogradXLA", "AutogradMPS", "AutogradIPU", "AutogradXPU", "AutogradHPU",
    "AutogradLazy", "AutogradMeta", "AutogradPrivateUse1", "AutogradPrivateUse2", "AutogradPrivateUse3",
    "AutogradNestedTensor", "FPGA", "ORT", "Vulkan", "Metal", "Named", "Conjugate", "Negative", "ZeroTensor",
    "Functionalize", "Tracer", "AutocastCPU", "AutocastXPU", "AutocastCUDA", "FuncTorchBatched",
    "FuncTorchVmapMode", "FuncTorchGradWrapper", "FuncTorchDynamicLayerBackMode",
    "FuncTorchDynamicLayerFrontMode", "Batched", "VmapMode", "SparseCsrCPU", "SparseCsrCUDA",
    "PythonDispatcher", "TESTING_ONLY_GenericWrapper", "TESTING_ONLY_GenericMode", "DeferredInit", "MkldnnCPU",
    "CustomRNGKeyId",
};

/* A key's name as 1.13 parses it: 0 with *key minaten's key (Undefined for
 * "" and for a key minaten has not), or -1 with 1.13's RuntimeError.
 * PyTorch 1.13: c10/core/DispatchKey.cpp parseDispatchKey */
static int parse_dispatch_key(const char* name, DispatchKey* key) {
  *key = DispatchKey_Undefined;
  if (name[0] == '\0') return 0;
  for (size_t i = 0; i < sizeof kTorchDispatchKeys / sizeof *kTorchDispatchKeys; i++) {
    if (strcmp(kTorchDispatchKeys[i], name) != 0) continue;
    DispatchKey k = DispatchKey_parse(name);
    if (k != DispatchKey_EndOfAliasKeys) *key = k;
    return 0;
  }
  PyErr_Format(PyExc_RuntimeError, "could not parse dispatch key: %s", name);
  return -1;
}

/* _DispatchModule.impl(name, dispatch, func): registers func as name's
 * kernel for the key dispatch ("" or "Undefined": the Library's key, or
 * CompositeImplicitAutograd, 1.13's catch-all).
 * NB(minaten): a key minaten has not (CUDA, SparseCPU, ...) is accepted, as in
 * 1.13, with a warning that the kernel will never run.
 * PyTorch 1.13: python_dispatch.cpp _DispatchModule.impl */
static PyObject* THPDispatchModule_impl(PyObject* self_, PyObject* args, PyObject* kwargs) {
  static char* kwlist[] = {"name", "dispatch", "func", NULL};
  THPDispatchModule* self = (THPDispatchModule*)self_;
  const char* name = NULL;
  const char* key_name = NULL;
  PyObject* func = NULL;
  if (!PyArg_ParseTupleAndKeywords(args, kwargs, "ssO:impl", kwlist, &name, &key_name, &func)) return NULL;
  DispatchKey key;
  if (parse_dispatch_key(key_name, &key) < 0) return NULL;
  Library* lib = live_library(self);
  if (lib == NULL) return NULL;
  bool catch_all = key_name[0] == '\0' || strcmp(key_name, "Undefined") == 0;
  if (!catch_all && key == DispatchKey_Undefined) { /* a key minaten has not */
    if (lib->kind == LibraryKind_IMPL && self->key_name[0] != '\0' && strcmp(self->key_name, key_name) != 0)
      return PyErr_Format(PyExc_RuntimeError,
                          "impl(\"%s\", ...): Explicitly provided dispatch key (%s) is inconsistent with the "
                          "dispatch key of the enclosing TORCH_LIBRARY_IMPL block (%s).  Please declare a "
                          "separate TORCH_LIBRARY_IMPL block for this dispatch key and move your impl() there.  "
                          "(Error occurred while processing TORCH_LIBRARY_IMPL block at %s:%d)",
                          name, key_name, self->key_name, lib->file, lib->line);
    if (PyErr_WarnFormat(PyExc_UserWarning, 1,
                         "minaten has no dispatch key %s: the kernel registered for %s will never run", key_name,
                         name) < 0)
      return NULL;
    Py_RETURN_NONE;
  }
  if (catch_all) key = lib->key != DispatchKey_Undefined ? lib->key : DispatchKey_CompositeImplicitAutograd;
  PythonKernelHolder* holder = calloc(1, sizeof *holder);
  if (holder == NULL) return PyErr_NoMemory();
  holder->func = Py_NewRef(func);
  holder->dispatch_key = key;
  describe_kernel(func, holder->name, sizeof holder->name);
  PyWarningHandler w;
  PyWarningHandler_enter(&w);
  int r = Library_implForKey(lib, name, key,
                             KernelFunction_makeFromBoxedFunctor(PythonKernelHolder_call, holder, holder->name));
  if (r < 0) {
    Py_DECREF(holder->func);
    free(holder);
    return PyWarningHandler_exit(&w, library_error(lib));
  }
  holder->next = self->kernels;
  self->kernels = holder;
  return PyWarningHandler_exit(&w, Py_NewRef(Py_None));
}

static PyMethodDef THPDispatchModule_methods[] = {
    {"define", (PyCFunction)(void (*)(void))THPDispatchModule_define, METH_VARARGS | METH_KEYWORDS, NULL},
    {"impl", (PyCFunction)(void (*)(void))THPDispatchModule_impl, METH_VARARGS | METH_KEYWORDS, NULL},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject THPDispatchModuleType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "torch._C._DispatchModule",
    .tp_basicsize = sizeof(THPDispatchModule),
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_GC,
    .tp_dealloc = THPDispatchModule_dealloc,
    .tp_traverse = THPDispatchModule_traverse,
    .tp_clear = THPDispatchModule_clear,
    .tp_methods = THPDispatchModule_methods,
};

/* torch._C._dispatch_library(kind, name, dispatch, file="/dev/null", linenum=0).
 * PyTorch 1.13: python_dispatch.cpp _dispatch_library, parseKind */
static PyObject* dispatch_library(PyObject* module, PyObject* args, PyObject* kwargs) {
  (void)module;
  static char* kwlist[] = {"kind", "name", "dispatch", "file", "linenum", NULL};
  const char *kind_name = NULL, *ns = NULL, *key_name = NULL, *file = "/dev/null";
  unsigned int line = 0;
  if (!PyArg_ParseTupleAndKeywords(args, kwargs, "sss|sI:_dispatch_library", kwlist, &kind_name, &ns, &key_name,
                                   &file, &line))
    return NULL;
  LibraryKind kind;
  if (strcmp(kind_name, "DEF") == 0) kind = LibraryKind_DEF;
  else if (strcmp(kind_name, "IMPL") == 0) kind = LibraryKind_IMPL;
  else if (strcmp(kind_name, "FRAGMENT") == 0) kind = LibraryKind_FRAGMENT;
  else return PyErr_Format(PyExc_RuntimeError, "could not parse %s", kind_name);
  DispatchKey key;
  if (parse_dispatch_key(key_name, &key) < 0) return NULL;
  if (strlen(ns) >= sizeof ((Library*)0)->ns) return PyErr_Format(PyExc_RuntimeError, "namespace too long: %s", ns);
  THPDispatchModule* self = PyObject_GC_New(THPDispatchModule, &THPDispatchModuleType);
  if (self == NULL) return NULL;
  self->kernels = NULL;
  snprintf(self->key_name, sizeof self->key_name, "%s", key_name);
  /* "/dev/null": 1.13's "temporary workaround", whatever file library.py passes */
  self->lib = Library_createPython(kind, ns, key, "/dev/null", (int)line);
  PyObject_GC_Track(self);
  if (self->lib == NULL) {
    Py_DECREF(self);
    return THPException_fromError();
  }
  return (PyObject*)self;
}

/* ---- the dumps ------------------------------------------------------------------- */

/* What print(op) wrote to a FILE*, as a str; NULL with an exception. */
static PyObject* dump_to_str(const OperatorEntry* op, void (*print)(const OperatorEntry*, FILE*)) {
  char* text = NULL;
  size_t size = 0;
  FILE* f = open_memstream(&text, &size);
  if (f == NULL) return PyErr_NoMemory();
  print(op, f);
  fclose(f);
  PyObject* s = PyUnicode_FromStringAndSize(text, (Py_ssize_t)size);
  free(text);
  return s;
}

/* PyTorch 1.13: OperatorEntry::dumpState.  NB(minaten): keys in minaten's
 * order, kernels as "(none) [ boxed ]" or "[ unboxed ]" (1.13 prints an
 * unboxed kernel's C++ signature), the alias analysis kind always FROM_SCHEMA. */
static void dump_state(const OperatorEntry* op, FILE* f) {
  fprintf(f, "name: %s\n", op->qualified_name);
  if (op->schema_text != NULL) {
    bool qualified = strstr(op->schema_text, "::") != NULL;
    fprintf(f, "schema: %s%s%s\ndebug: registered at %s\nalias analysis kind: FROM_SCHEMA\n",
            qualified ? "" : op->schema.ns, qualified ? "" : "::", op->schema_text, op->debug);
  } else {
    fprintf(f, "schema: (none)\n");
  }
  for (int k = 0; k < DispatchKey_EndOfAliasKeys; k++) {
    bool first = true;
    for (const KernelRegistration* r = &op->kernels[k]; r != NULL && r->present; r = r->next, first = false)
      fprintf(f, "%s%s%s: %sregistered at %s:%d :: (none) [ %s%s]\n", DispatchKey_name((DispatchKey)k),
              DispatchKey_isAlias((DispatchKey)k) ? "[alias]" : "", first ? "" : " (inactive)",
              r->kernel.fallthrough ? "fallthrough " : "", r->file, r->line, r->kernel.boxed ? "boxed " : "",
              r->kernel.unboxed ? "unboxed " : "");
  }
}

/* The operator "ns::name[.overload]" names, with a schema or kernels;
 * NULL if none (with an exception only if arg is no str).  1.13 drops an
 * operator that has neither (Dispatcher::cleanup); minaten keeps the entry
 * (Dispatcher.h) and so passes over it here.
 * PyTorch 1.13: Dispatcher::findOp */
static const OperatorEntry* find_op(PyObject* arg) {
  const char* name = PyUnicode_AsUTF8(arg);
  const OperatorEntry* op = name != NULL ? Dispatcher_findOp(name) : NULL;
  if (op == NULL || op->schema_text != NULL) return op;
  for (int k = 0; k < DispatchKey_EndOfAliasKeys; k++)
    if (op->kernels[k].present) return op;
  return NULL;
}

/* torch._C._dispatch_dump(name): "" for no such operator.
 * PyTorch 1.13: python_dispatch.cpp _dispatch_dump */
static PyObject* dispatch_dump(PyObject* module, PyObject* arg) {
  (void)module;
  const OperatorEntry* op = find_op(arg);
  if (op == NULL) return PyErr_Occurred() ? NULL : PyUnicode_FromString("");
  return dump_to_str(op, dump_state);
}

/* torch._C._dispatch_dump_table(name): the table as `minaten dispatch
 * NAME` prints it, "" for no such operator.  NB(minaten): minaten's keys
 * only, each entry followed by its kernel's name (a Python kernel's
 * "PythonKernelHolder(fn at FILE:LINE)").
 * PyTorch 1.13: python_dispatch.cpp _dispatch_dump_table */
static PyObject* dispatch_dump_table(PyObject* module, PyObject* arg) {
  (void)module;
  const OperatorEntry* op = find_op(arg);
  if (op == NULL) return PyErr_Occurred() ? NULL : PyUnicode_FromString("");
  return dump_to_str(op, OperatorEntry_dumpComputedTable);
}

/* ---- what an operator has ----------------------------------------------------- */

/* The operator `name` for the queries below; NULL with 1.13's
 * "operator NAME does not exist". */
static const OperatorEntry* existing_op(const char* name) {
  const OperatorEntry* op = Dispatcher_findOp(name);
  if (op == NULL) PyErr_Format(PyExc_RuntimeError, "operator %s does not exist", name);
  return op;
}

/* torch._C._dispatch_has_kernel(name): whether the operator exists (has
 * a schema or a kernel).  PyTorch 1.13: python_dispatch.cpp _dispatch_has_kernel */
static PyObject* dispatch_has_kernel(PyObject* module, PyObject* arg) {
  (void)module;
  const OperatorEntry* op = find_op(arg);
  if (op == NULL && PyErr_Occurred()) return NULL;
  return PyBool_FromLong(op != NULL);
}

/* The arguments (name, key) of the two queries below; -1 with an exception. */
static int parse_name_and_key(PyObject* args, const OperatorEntry** op, DispatchKey* key) {
  const char* name = NULL;
  const char* key_name = NULL;
  if (!PyArg_ParseTuple(args, "ss", &name, &key_name)) return -1;
  if (parse_dispatch_key(key_name, key) < 0) return -1;
  *op = existing_op(name);
  return *op != NULL ? 0 : -1;
}

/* torch._C._dispatch_has_kernel_for_dispatch_key(name, key): whether a
 * kernel was registered for the key itself (an alias key included).
 * PyTorch 1.13: OperatorEntry::hasKernelForDispatchKey */
static PyObject* dispatch_has_kernel_for_dispatch_key(PyObject* module, PyObject* args) {
  (void)module;
  const OperatorEntry* op;
  DispatchKey key;
  if (parse_name_and_key(args, &op, &key) < 0) return NULL;
  return PyBool_FromLong(key != DispatchKey_Undefined && op->kernels[key].present);
}

/* torch._C._dispatch_has_computed_kernel_for_dispatch_key(name, key):
 * whether the runtime key's table entry has a kernel, however it got there
 * (its own, an alias key's, a backend fallback): what torch._decomp asks
 * before it registers a Python meta kernel.
 * PyTorch 1.13: OperatorEntry::hasComputedKernelForDispatchKey */
static PyObject* dispatch_has_computed_kernel_for_dispatch_key(PyObject* module, PyObject* args) {
  (void)module;
  const OperatorEntry* op;
  DispatchKey key;
  if (parse_name_and_key(args, &op, &key) < 0) return NULL;
  if (DispatchKey_isAlias(key)) {
    PyErr_SetString(PyExc_RuntimeError, "Alias keys do not have runtime kernel registrations.");
    return NULL;
  }
  return PyBool_FromLong(key != DispatchKey_Undefined && op->tableSource[key] != DispatchTableSource_Missing);
}

/* torch._C.DispatchKeySet: a tensor's keys, printed as
 * "DispatchKeySet(CPU, ADInplaceOrView, AutogradCPU)" and compared by value.
 * PyTorch 1.13: torch/csrc/utils/python_dispatch.cpp (py::class_<c10::DispatchKeySet>) */
typedef struct THPDispatchKeySet {
  PyObject_HEAD
  DispatchKeySet set;
} THPDispatchKeySet;

static PyObject* THPDispatchKeySet_repr(PyObject* self) {
  char buf[512];
  return PyUnicode_FromString(DispatchKeySet_format(((THPDispatchKeySet*)self)->set, buf, sizeof buf));
}

static PyTypeObject THPDispatchKeySetType;

static PyObject* THPDispatchKeySet_richcompare(PyObject* a, PyObject* b, int op) {
  if ((op != Py_EQ && op != Py_NE) || !PyObject_TypeCheck(b, &THPDispatchKeySetType)) Py_RETURN_NOTIMPLEMENTED;
  bool eq = DispatchKeySet_equals(((THPDispatchKeySet*)a)->set, ((THPDispatchKeySet*)b)->set);
  return PyBool_FromLong(op == Py_EQ ? eq : !eq);
}

static PyTypeObject THPDispatchKeySetType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "torch._C.DispatchKeySet",
    .tp_basicsize = sizeof(THPDispatchKeySet),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_repr = THPDispatchKeySet_repr,
    .tp_richcompare = THPDispatchKeySet_richcompare,
};

/* torch._C._dispatch_keys(tensor): the tensor's DispatchKeySet.
 * PyTorch 1.13: python_dispatch.cpp _dispatch_keys (x.key_set()) */
static PyObject* dispatch_keys(PyObject* module, PyObject* arg) {
  (void)module;
  if (!THPVariable_Check(arg)) {
    PyErr_Format(PyExc_TypeError,
                 "_dispatch_keys(): incompatible function arguments. The following argument types are supported:\n"
                 "    1. (arg0: torch.Tensor) -> torch._C.DispatchKeySet\n");
    return NULL;
  }
  THPDispatchKeySet* r = PyObject_New(THPDispatchKeySet, &THPDispatchKeySetType);
  if (r != NULL) r->set = THPVariable_Unpack(arg)->key_set;
  return (PyObject*)r;
}

static PyMethodDef methods[] = {
    {"_dispatch_keys", dispatch_keys, METH_O, NULL},
    {"_load_library", load_library, METH_O, NULL},
    {"_dispatch_library", (PyCFunction)(void (*)(void))dispatch_library, METH_VARARGS | METH_KEYWORDS, NULL},
    {"_dispatch_dump", dispatch_dump, METH_O, NULL},
    {"_dispatch_dump_table", dispatch_dump_table, METH_O, NULL},
    {"_dispatch_has_kernel", dispatch_has_kernel, METH_O, NULL},
    {"_dispatch_has_kernel_for_dispatch_key", dispatch_has_kernel_for_dispatch_key, METH_VARARGS, NULL},
    {"_dispatch_has_computed_kernel_for_dispatch_key", dispatch_has_computed_kernel_for_dispatch_key, METH_VARARGS,
     NULL},
    {NULL, NULL, 0, NULL},
};

int THPDispatch_init(PyObject* module) {
  if (PyType_Ready(&THPDispatchModuleType) < 0) return -1;
  if (PyType_Ready(&THPDispatchKeySetType) < 0) return -1;
  if (PyModule_AddObjectRef(module, "DispatchKeySet", (PyObject*)&THPDispatchKeySetType) < 0) return -1;
  if (PyModule_AddObjectRef(module, "_DispatchModule", (PyObject*)&THPDispatchModuleType) < 0) return -1;
  return PyModule_AddFunctions(module, methods);
}
