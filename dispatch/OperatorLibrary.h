/*
 * OperatorLibrary.h - loading operator libraries: shared objects whose
 * MINATEN_LIBRARY blocks (dispatch/Library.h) define operators and register
 * kernels, and unloading them again.
 *
 *   OperatorLibrary_load("libmyops.so")   the dialect's torch.ops.load_library,
 *                                         `minaten --load libmyops.so`
 *
 * Loading is dlopen (RTLD_NOW: a symbol the object needs and nothing
 * provides fails the load, naming it) and then running the blocks the
 * object's constructors queued, each with a Library of its own.  If a block
 * fails, every Library of the object is destroyed, the object is closed, and
 * nothing it registered is left.  The path is resolved as 1.13's
 * torch.ops.load_library resolves it (os.path.realpath: relative to the
 * current directory), and loading a path that is loaded already does nothing,
 * as in 1.13 (dlopen of a loaded object runs no constructor again).
 *
 * Blocks linked into the program itself (a C program that embeds minaten and
 * defines its operators) are queued before main() runs;
 * OperatorLibrary_registerStaticBlocks runs them once the built-in operators
 * are registered.
 *
 * PyTorch 1.13: torch/_ops.py _Ops.load_library, c10::RegistrationHandleRAII
 */
#ifndef MINATEN_DISPATCH_OPERATORLIBRARY_H
#define MINATEN_DISPATCH_OPERATORLIBRARY_H

#include <stddef.h>

#include "dispatch/Library.h"

typedef struct OperatorLibrary {
  char* path;       /* resolved, absolute */
  void* handle;     /* dlopen's; NULL for the program's own blocks */
  Library** libraries; /* one per block, in the order they ran */
  size_t num_libraries;
  char** strings;   /* OperatorLibrary_keepString's copies */
  size_t num_strings;
  struct OperatorLibrary* next;
} OperatorLibrary;

/* Loads the shared object at `path` and runs its blocks.  Returns it (the
 * same one if it is loaded already), or NULL with OSError (dlopen's message:
 * no such file, an undefined symbol) or the RuntimeError of the block that
 * failed. */
OperatorLibrary* OperatorLibrary_load(const char* path);
/* Undoes every registration of the object's blocks (newest block first)
 * and closes it. */
void OperatorLibrary_unload(OperatorLibrary* lib);
/* Runs the blocks linked into the program (no-op if there are none).
 * Returns 0, or -1 with the failing block's error (its registrations and
 * those of the blocks before it undone). */
int OperatorLibrary_registerStaticBlocks(void);
/* The loaded objects, newest first (the dialect's torch.ops.loaded_libraries). */
const OperatorLibrary* OperatorLibrary_loaded(void);
/* An OperatorLibrary with no shared object behind it, for Libraries made
 * by other means than a block (the operators of `minaten --yaml FILE`,
 * tools/minaten/yaml_library.c): named `name`, kept as given (its
 * Libraries may point their `file` at ol->path), listed with the loaded
 * objects, and unloaded like them: OperatorLibrary_unload destroys what
 * OperatorLibrary_adopt handed it, newest first. */
OperatorLibrary* OperatorLibrary_create(const char* name);
/* Hands `lib` to ol: unloading ol destroys it. */
void OperatorLibrary_adopt(OperatorLibrary* ol, Library* lib);
/* A copy of `s` that lives as long as ol: for what a registration points
 * at without owning it (a kernel's name). */
const char* OperatorLibrary_keepString(OperatorLibrary* ol, const char* s);
/* Unloads everything (at exit, so that valgrind sees no leak). */
void OperatorLibrary_unloadAll(void);

#endif
