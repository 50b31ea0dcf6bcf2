/*
 * fuzz_python.c - libFuzzer target: statements of a script through
 * CPython and minaten's bindings, as `minaten run` runs a script.
 *
 * The process is what `minaten` is (tools/minaten/python_embed.h): the
 * operators registered (ATen's kernels, autograd's and ADInplaceOrView's),
 * then CPython started with minaten._C built in and `import torch` giving
 * minaten, once, in LLVMFuzzerInitialize.  The input, cut at its first NUL
 * and decoded as UTF-8 (bytes that are not: surrogate escapes, which the
 * compiler refuses as python3 refuses such a file), is the text of a
 * script: usually one top-level statement, a line or a block.  Each input
 * runs in a namespace of its own (runner.new_namespace, a fresh __main__):
 * first the statements of tests/probe/prelude.py, compiled once by the
 * runner (compile_statement), which define a live tensor of each kind a
 * user meets (CPU float, double, int and bool, a view, 0-dim, empty, lazy,
 * quantized per tensor and per channel, requires-grad leaf and non-leaf:
 * f, d, i, b, v, z, e, l, q, qc, x, y) and a function making a fresh one of
 * each (F(), D(), ...), so that a generated statement reaches kernels
 * instead of stopping at a NameError; then the input, through
 * runner.run_source, statement by statement: a bad statement prints
 * Python's or PyTorch's error on stdout and the next one runs.  A crash, a
 * sanitizer report or an INTERNAL ASSERT FAILED (minaten aborts) is a bug.
 *
 * Between inputs, state a statement may change for the whole process is
 * put back, so that an input does what it does whatever ran before it: the
 * namespace is cleared and the garbage collected; the torch module's,
 * torch.Tensor's and builtins' attributes (an input may assign
 * `torch.zeros = None`) are restored from a snapshot taken after start;
 * the default dtype, grad mode and the dispatch trace are reset
 * (reset_state below).  An input that names a way out of the interpreter
 * or its safety nets (os, ctypes, signal, threads, subprocess, importlib,
 * sys.setrecursionlimit, ...: `escape` below) is skipped: os._exit or
 * ctypes.string_at(0) end any Python process, and no minaten bug is found
 * there.  So is one that may import NumPy (`numpy`, `t.numpy()`,
 * `from_numpy`, `__array__`): NumPy keeps memory LeakSanitizer cannot
 * trace, and reports its own blocks as leaked.  See docs/fuzzing.md.
 *
 * Leaks (docs/fuzzing.md, "Leaks"): CPython runs with PYTHONMALLOC=malloc,
 * so every Python object is a malloc block that LeakSanitizer sees and
 * scans, and it is never finalized: what the interpreter keeps (its
 * modules, caches, interned strings) stays reachable from its globals and
 * is no leak, so no suppression is needed, of CPython's frames or any
 * other.  libFuzzer checks leaks input by input (-detect_leaks): an input
 * after which more blocks were allocated than freed is run again under a
 * leak check, and a block no longer reachable (a tensor, a storage, an
 * IValue, a string or a Python object minaten forgot) is reported with
 * the input.  The garbage collection after each input frees what the
 * input's cycles held (a function and its namespace), so that a clean
 * input balances its allocations and libFuzzer does not give up leak
 * checking, as it does after 1,000 unbalanced inputs.
 *
 * Memory: a statement may ask for any size (`torch.ones(2**40)`); as
 * glibc's malloc, ASan's then returns NULL (allocator_may_return_null,
 * which runtime/Allocator.c sets in every ASan build) and minaten must
 * raise PyTorch's out-of-memory error; libFuzzer reports an allocation
 * over its -malloc_limit_mb (2 GB by default) as an OOM, which
 * tools/scripts/fuzz.sh notes without failing (a script may use memory).
 */
#include "csrc/python_headers.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "autograd/autograd.h"
#include "dispatch/Dispatcher.h"
#include "runtime/Exception.h"
#include "tools/minaten/python_embed.h"

int LLVMFuzzerInitialize(int* argc, char*** argv);
int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size);

/* The harness's Python side, run once in a module of its own: `prelude`
 * (the prelude's compiled statements), `run_input(text)`, and the
 * snapshot it restores.  `runner` and `torch` are set before it runs. */
static const char kHarness[] =
    "import builtins, gc, re, sys\n"
    "session = runner.Session(torch)\n"
    "with open(prelude_path, encoding='utf-8') as f:\n"
    "    prelude = [runner.compile_statement(s, 'prelude.py') for s in runner.split_statements(f.read())]\n"
    "_missing = object()\n"
    "def _snapshot():\n"
    "    return [(torch.__dict__, dict(torch.__dict__)), (builtins.__dict__, dict(builtins.__dict__))]\n"
    "def _restore(d, snap):\n"
    "    if len(d) != len(snap) or any(d.get(k, _missing) is not v for k, v in snap.items()):\n"
    "        d.clear()\n"
    "        d.update(snap)\n"
    "modules = _snapshot()\n"
    "tensor_class = dict(torch.Tensor.__dict__)\n"
    "default_dtype = torch.get_default_dtype()\n"
    "set_default_dtype = getattr(torch, 'set_default_dtype', None)\n"
    "def reset_state():\n"
    "    for d, snap in modules:\n"
    "        _restore(d, snap)\n"
    "    cls = torch.Tensor\n"
    "    for k in [k for k in cls.__dict__ if k not in tensor_class]:\n"
    "        delattr(cls, k)\n"
    "    for k, v in tensor_class.items():\n"
    "        if cls.__dict__.get(k, _missing) is not v:\n"
    "            setattr(cls, k, v)\n"
    "    if set_default_dtype is not None:\n"
    "        set_default_dtype(default_dtype)\n"
    "    torch.set_grad_enabled(True)\n"
    "    session.trace_off()\n"
    "escape = re.compile(r'\\b(os|posix|ctypes|faulthandler|signal|subprocess|_?thread|threading|multiprocessing'\n"
    "                    r'|resource|importlib|__import__|setrecursionlimit|setswitchinterval|settrace|setprofile)\\b')\n"
    "def run_input(text):\n"
    "    if escape.search(text) or 'numpy' in text or '__array' in text:\n"
    "        return\n"
    "    namespace = runner.new_namespace(session, 'fuzz.py')\n"
    "    try:\n"
    "        for code in prelude:\n"
    "            exec(code, namespace)\n"
    "        runner.run_source(text, 'fuzz.py', torch, namespace=namespace)\n"
    "    finally:\n"
    "        namespace.clear()\n"
    "        reset_state()\n"
    "        gc.collect()\n";

static PyObject* run_input; /* the harness's run_input, owned */

/* A failure of the harness itself (not of an input): the reason, then abort. */
static void fail(const char* what) {
  fprintf(stderr, "fuzz_python: %s\n", what);
  if (PyErr_Occurred()) PyErr_Print();
  abort();
}

/* Registers the operators as `minaten` does (tools/minaten/main.c), starts
 * CPython (PYTHONMALLOC=malloc: see the header) and runs the harness. */
int LLVMFuzzerInitialize(int* argc, char*** argv) {
  (void)argc;
  (void)argv;
  setenv("PYTHONMALLOC", "malloc", 1);
  if (at_register_all() < 0 || at_register_VariableType() < 0 || at_register_ADInplaceOrViewType() < 0) {
    fprintf(stderr, "fuzz_python: %s: %s\n", ErrorType_name(Error_type()), Error_message());
    abort();
  }
  char* py_argv[] = {"fuzz.py", NULL};
  MinatenPythonOptions options = {.program = NULL, .argc = 1, .argv = py_argv, .path0 = NULL, .quiet = true};
  if (MinatenPython_initialize(&options) < 0) abort(); /* the reason is on stderr */
  PyObject* globals = PyDict_New();
  PyObject* prelude = PyUnicode_DecodeFSDefault(MINATEN_PROBE_PRELUDE);
  if (globals == NULL || prelude == NULL || PyDict_SetItemString(globals, "__builtins__", PyEval_GetBuiltins()) < 0 ||
      PyDict_SetItemString(globals, "runner", MinatenPython_runner()) < 0 ||
      PyDict_SetItemString(globals, "torch", MinatenPython_torch()) < 0 ||
      PyDict_SetItemString(globals, "prelude_path", prelude) < 0)
    fail("cannot set up the harness");
  PyObject* r = PyRun_String(kHarness, Py_file_input, globals, globals);
  if (r == NULL) fail("the harness failed (" MINATEN_PROBE_PRELUDE ")");
  Py_DECREF(r);
  run_input = PyDict_GetItemString(globals, "run_input");
  if (run_input == NULL) fail("no run_input");
  Py_INCREF(run_input);
  Py_DECREF(prelude);
  Py_DECREF(globals);
  return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const char* end = memchr(data, '\0', size);
  Py_ssize_t len = end != NULL ? (Py_ssize_t)(end - (const char*)data) : (Py_ssize_t)size;
  PyObject* text = PyUnicode_DecodeUTF8((const char*)data, len, "surrogateescape");
  if (text == NULL) fail("cannot decode an input");
  PyObject* r = PyObject_CallOneArg(run_input, text);
  Py_DECREF(text);
  /* run_source reports a statement's error itself; what escapes it is a
   * BaseException the runner lets through (SystemExit is a status): print
   * it and go on, as python3 would have ended the script there */
  if (r == NULL && PyErr_ExceptionMatches(PyExc_SystemExit))
    PyErr_Clear(); /* PyErr_Print would exit */
  else if (r == NULL)
    PyErr_Print();
  Py_XDECREF(r);
  MinatenPython_flushStdFiles();
  return 0;
}
