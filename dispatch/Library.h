/*
 * Library.h - operator libraries: defining operators and registering kernels
 * from C code outside minaten's YAML, and taking them away again.
 *
 * The counterpart of PyTorch's TORCH_LIBRARY / TORCH_LIBRARY_IMPL.  A shared
 * object (or the program itself) writes blocks:
 *
 *   MINATEN_LIBRARY(myops, m) {                 // defines the namespace myops
 *     Library_def(m, "cube(Tensor self) -> Tensor");
 *   }
 *   MINATEN_LIBRARY_IMPL(myops, CPU, m) {       // kernels for one dispatch key
 *     Library_impl(m, "cube", MINATEN_KERNEL(cube_cpu));
 *   }
 *
 * Each block expands to a function a reader can break on
 * (minaten_library_init_myops, minaten_library_impl_myops_CPU) and to an ELF
 * constructor that queues the block when the object is loaded.  The queued
 * blocks run after dlopen returns (OperatorLibrary_load, the dialect's
 * torch.ops.load_library) or, for blocks linked into the program, when
 * minaten starts: each gets a Library `m`, and every def/impl/fallback made
 * through `m` is recorded in it, so that destroying the Library undoes them
 * (1.13's RegistrationHandleRAII): the operator leaves the registry, and a
 * kernel that shadowed another makes way for it again.
 *
 * Errors: a block cannot return one, so the first failing call marks `m`
 * failed (the error indicator holds why) and later calls do nothing; the
 * loader then destroys every Library of that object: nothing is left half
 * registered.  The checks are 1.13's (torch/csrc/api/src/library.cpp,
 * Dispatcher.cpp): one MINATEN_LIBRARY per namespace, a def only in a
 * MINATEN_LIBRARY or MINATEN_LIBRARY_FRAGMENT block and only of its own
 * namespace, an operator defined once, an impl only of its own namespace,
 * one backend fallback per key.  An impl may come before its operator's def
 * or without one (1.13 allows both; `minaten dispatch` shows its table), and
 * a second kernel for the same operator and key warns and overrides.
 *
 * PyTorch 1.13: torch/library.h (torch::Library, TORCH_LIBRARY, TORCH_LIBRARY_IMPL,
 * TORCH_LIBRARY_FRAGMENT), aten/src/ATen/core/op_registration/op_registration.h
 */
#ifndef MINATEN_DISPATCH_LIBRARY_H
#define MINATEN_DISPATCH_LIBRARY_H

#include <stdbool.h>
#include <stddef.h>

#include "dispatch/Dispatcher.h"
#include "dispatch/KernelFunction.h"

/* PyTorch 1.13: torch::Library::Kind */
typedef enum LibraryKind {
  LibraryKind_DEF,      /* MINATEN_LIBRARY: defines a namespace (once) */
  LibraryKind_IMPL,     /* MINATEN_LIBRARY_IMPL: kernels for one dispatch key */
  LibraryKind_FRAGMENT, /* MINATEN_LIBRARY_FRAGMENT: more defs for a namespace */
} LibraryKind;

/* One def, impl or fallback a Library made: what destroying it undoes. */
typedef struct LibraryRegistration {
  enum { LibraryRegistration_Def, LibraryRegistration_Impl, LibraryRegistration_Fallback } what;
  OperatorEntry* op; /* Def, Impl */
  DispatchKey key;   /* Impl, Fallback */
  int id;            /* Impl: Dispatcher_registerImpl's id */
} LibraryRegistration;

typedef struct Library {
  LibraryKind kind;
  char ns[64];       /* "myops"; "_" for a fallback-only MINATEN_LIBRARY_IMPL */
  DispatchKey key;   /* IMPL: the block's key; else DispatchKey_Undefined */
  const char* file;  /* where the block is: what the dispatch dump shows */
  int line;
  const char* origin; /* the shared object ("libmyops.so") or program it came from */
  bool failed;       /* a call failed: the error indicator says why */
  /* Made by torch.library.Library (csrc/utils/python_dispatch.c): its
   * messages name TORCH_LIBRARY, TORCH_LIBRARY_IMPL as 1.13's do, where a
   * C block's name MINATEN_LIBRARY...; an IMPL without a key takes kernels
   * for any key (1.13's torch::Library with no dispatch key). */
  bool python;
  LibraryRegistration* registrations;
  size_t num_registrations, cap_registrations;
  struct Library* next_live; /* every Library not yet destroyed */
} Library;

/* Makes a Library (what a block's `m` is).  NULL with a RuntimeError if a
 * MINATEN_LIBRARY for `ns` exists already (another library, or minaten's
 * own YAML for aten).  PyTorch 1.13: torch::Library::Library */
Library* Library_create(LibraryKind kind, const char* ns, DispatchKey key, const char* file,
                        int line, const char* origin);
/* Library_create for torch.library.Library: the same checks, worded with
 * TORCH_LIBRARY; `key` may be DispatchKey_Undefined for an IMPL (no key). */
Library* Library_createPython(LibraryKind kind, const char* ns, DispatchKey key, const char* file, int line);
/* Undoes every registration of `lib`, newest first, and frees it. */
void Library_destroy(Library* lib);

/* Defines an operator: "cube(Tensor self) -> Tensor", or with the library's
 * own namespace spelled out ("myops::cube(...)").  Returns 0, or -1 (and
 * marks lib failed).  PyTorch 1.13: torch::Library::def */
int Library_def(Library* lib, const char* schema);
/* Registers a kernel for operator `name` ("cube", "cube.overload" or
 * "myops::cube"): for the block's key in a MINATEN_LIBRARY_IMPL, for
 * CompositeImplicitAutograd in a MINATEN_LIBRARY (1.13's catch-all).
 * PyTorch 1.13: torch::Library::impl */
int Library_impl(Library* lib, const char* name, KernelFunction kernel);
/* The same for an explicit key (torch::dispatch(key, fn) in 1.13), which in
 * a MINATEN_LIBRARY_IMPL block must be the block's own. */
int Library_implForKey(Library* lib, const char* name, DispatchKey key, KernelFunction kernel);
/* Registers a backend fallback for the block's key: a boxed kernel (or
 * KernelFunction_makeFallthrough()) serving every operator that has no
 * kernel of its own for it.  Only in MINATEN_LIBRARY_IMPL(_, KEY, m).
 * PyTorch 1.13: torch::Library::fallback */
int Library_fallback(Library* lib, KernelFunction kernel);

/* Kernels, named after the function (what traces and the dump print). */
#define MINATEN_KERNEL(fn) KernelFunction_makeUnboxed((UnboxedFunction)(fn), #fn)
#define MINATEN_BOXED_KERNEL(fn) KernelFunction_makeBoxed((fn), #fn)

/* A block: queued by its object's constructor, run by the loader. */
typedef struct LibraryBlock {
  LibraryKind kind;
  const char* ns;
  DispatchKey key;
  void (*init)(Library* m);
  const char* file;
  int line;
  struct LibraryBlock* next;
} LibraryBlock;

/* Queues a block (called by the constructors the macros write). */
void Library_addBlock(LibraryBlock* block);

#define MINATEN_LIBRARY_CAT_(a, b) a##b
#define MINATEN_LIBRARY_CAT(a, b) MINATEN_LIBRARY_CAT_(a, b)
#define MINATEN_LIBRARY_BLOCK_(kind_, ns_, key_, m, fn)                                            \
  static void fn(Library* m);                                                                     \
  static LibraryBlock MINATEN_LIBRARY_CAT(fn, _block) = {kind_, #ns_, key_, fn, __FILE__, __LINE__, \
                                                         NULL};                                   \
  __attribute__((constructor)) static void MINATEN_LIBRARY_CAT(fn, _queue)(void) {                \
    Library_addBlock(&MINATEN_LIBRARY_CAT(fn, _block));                                           \
  }                                                                                               \
  static void fn(Library* m)

/* PyTorch 1.13: TORCH_LIBRARY */
#define MINATEN_LIBRARY(ns, m) \
  MINATEN_LIBRARY_BLOCK_(LibraryKind_DEF, ns, DispatchKey_Undefined, m, minaten_library_init_##ns)
/* PyTorch 1.13: TORCH_LIBRARY_FRAGMENT */
#define MINATEN_LIBRARY_FRAGMENT(ns, m)                                \
  MINATEN_LIBRARY_BLOCK_(LibraryKind_FRAGMENT, ns, DispatchKey_Undefined, m, \
                         MINATEN_LIBRARY_CAT(minaten_library_fragment_##ns##_, __LINE__))
/* PyTorch 1.13: TORCH_LIBRARY_IMPL */
#define MINATEN_LIBRARY_IMPL(ns, key, m) \
  MINATEN_LIBRARY_BLOCK_(LibraryKind_IMPL, ns, DispatchKey_##key, m, minaten_library_impl_##ns##_##key)

#endif
