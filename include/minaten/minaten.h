/*
 * minaten.h - minaten as a C library: the one header a program includes.
 *
 * It gives, with libminaten (libminaten.so.0, or libminaten.a):
 *   - tensors: runtime/TensorImpl.h (Tensor, Tensor_retain / Tensor_release,
 *     Tensor_sizes, Tensor_strides, Tensor_data) and the values a call
 *     takes (runtime/ScalarType.h, Scalar.h, ArrayRef.h: IntArrayRef_make,
 *     kNoDtype, ...);
 *   - every operator's typed entry point, at_<op>[_<overload>] (the
 *     generated Functions.h: at_arange, at_reshape, at_add_Tensor, ...),
 *     which returns a new reference, or NULL with the error indicator set;
 *   - the dispatcher and its registration calls (dispatch/Dispatcher.h:
 *     Dispatcher_registerDef, Dispatcher_registerImpl, Dispatcher_findSchema,
 *     Dispatcher_callBoxed);
 *   - operator libraries (dispatch/Library.h: MINATEN_LIBRARY(ns, m) { ... }
 *     and MINATEN_LIBRARY_IMPL(ns, CPU, m) { ... } blocks, Library_def,
 *     Library_impl; dispatch/OperatorLibrary.h: OperatorLibrary_load and
 *     _unload, torch.ops.load_library's C side; ops/lazy/LazyNativeFunctions.h:
 *     MINATEN_LAZY_KERNEL, an operator's Lazy kernel; docs/operator-libraries.md);
 *   - the thread-local error indicator (runtime/Exception.h: Error_occurred,
 *     ErrorType_name(Error_type()), Error_message, Error_clear);
 *   - the embedding API below (tools/minaten/embed.c): start minaten (and
 *     CPython, with minaten's module built in: `import torch` is minaten),
 *     run a Python script or a string of Python, stop.
 *
 * Compile and link against an installed minaten (`cmake --install build
 * --prefix P`; the headers are under P/include/minaten, and name each other
 * by their paths in minaten's tree, so both -I directories are needed):
 *
 *   cc app.c $(pkg-config --cflags --libs minaten)          # PKG_CONFIG_PATH=P/lib/pkgconfig
 *
 *   find_package(minaten REQUIRED)                           # CMAKE_PREFIX_PATH=P
 *   target_link_libraries(app PRIVATE minaten::minaten)
 *
 * dispatch/OperatorEntry.h includes <uthash.h> (header-only: Debian's
 * uthash-dev).  For example, with the error checks a real program makes:
 *
 *   #include <stdio.h>
 *   #include <minaten/minaten.h>
 *   int main(void) {
 *     if (minaten_init() < 0) return 1;
 *     Tensor* a = at_arange(Scalar_fromLong(6), kNoDtype, kNoLayout, kNoDevice, kNoPinMemory);
 *     Tensor* b = at_reshape(a, IntArrayRef_make((int64_t[]){2, 3}, 2));
 *     printf("%lld\n", (long long)Tensor_sizes(b).data[0]);      // 2
 *     Tensor_release(b), Tensor_release(a);
 *     minaten_run_string("print(torch.arange(6).reshape(2, 3))");
 *     minaten_shutdown();
 *   }
 */
#ifndef MINATEN_MINATEN_H
#define MINATEN_MINATEN_H

#include "runtime/Exception.h"
#include "runtime/TensorImpl.h"
#include "Functions.h"
#include "dispatch/Dispatcher.h"
#include "dispatch/Library.h"
#include "dispatch/OperatorLibrary.h"
#include "ops/lazy/LazyNativeFunctions.h"

/* ---- the embedding API: PyTorch has no C counterpart; a thin layer over
 * CPython's Py_Initialize, PyRun_SimpleString, PyRun_SimpleFile and
 * Py_FinalizeEx.  One interpreter per process, its variables kept from one
 * run to the next (CPython's __main__), on the calling thread.  minaten's
 * Python package is found beside libminaten (its install's
 * lib/python3/dist-packages, or the build tree's build/python). */

/* Registers every operator and its kernels (ATen's, autograd's, the
 * ADInplaceOrView ones: what the minaten command does at start-up) and
 * starts Python.  Call it before anything else of this header.
 * 0 (also when already initialised), or -1 with the error indicator set
 * (then minaten is unusable; as after minaten_shutdown). */
int minaten_init(void);

/* Runs `code`, Python statements separated by newlines (a whole
 * module, as `python3 -c CODE`, named <string>): to its end, or to the first
 * error, whose traceback is then printed on stderr as python3 prints it.
 * 0, or -1 after printing the error (the indicator is left clear). */
int minaten_run_string(const char* code);

/* Runs the script at `path` as minaten_run_string runs a string (a whole
 * module named `path`, as `python3 PATH` runs it; not line by line as
 * `minaten run` runs it).  0, or -1 after printing on stderr the error, or why the file
 * cannot be read or is not UTF-8 (python3's messages). */
int minaten_run_file(const char* path);

/* Finalizes Python (its variables go) and frees every operator, for good: a
 * later minaten_init fails (minaten starts once per process).  Release the
 * tensors the program holds before it. */
void minaten_shutdown(void);

#endif
