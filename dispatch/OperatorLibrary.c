/*
 * OperatorLibrary.c - dlopen, the queue of blocks, and undoing a load; see
 * OperatorLibrary.h.
 *
 * PyTorch 1.13: torch/_ops.py _Ops.load_library (ctypes.CDLL), the static
 * initializers TORCH_LIBRARY writes (torch/library.h TorchLibraryInit)
 */
#include "dispatch/OperatorLibrary.h"

#include <dlfcn.h>
#include <errno.h> /* program_invocation_short_name (GNU) */
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "runtime/Exception.h"

/* Blocks queued by constructors and not yet run, in the order queued. */
static LibraryBlock* pending_head = NULL;
static LibraryBlock** pending_tail = &pending_head;
static OperatorLibrary* loaded = NULL;

void Library_addBlock(LibraryBlock* block) {
  block->next = NULL;
  *pending_tail = block;
  pending_tail = &block->next;
}

static LibraryBlock* take_pending(void) {
  LibraryBlock* blocks = pending_head;
  pending_head = NULL;
  pending_tail = &pending_head;
  return blocks;
}

static const char* base_name(const char* path) {
  const char* slash = strrchr(path, '/');
  return slash != NULL ? slash + 1 : path;
}

static void destroy_libraries(OperatorLibrary* ol) {
  for (size_t i = ol->num_libraries; i-- > 0;) Library_destroy(ol->libraries[i]);
  free(ol->libraries);
  ol->libraries = NULL;
  ol->num_libraries = 0;
}

/* Runs `blocks` into ol: 0, or -1 with every Library made so far destroyed.
 * The error stays set, and every pending block is dropped. */
static int run_blocks(OperatorLibrary* ol, LibraryBlock* blocks) {
  size_t n = 0;
  for (LibraryBlock* b = blocks; b != NULL; b = b->next) n++;
  ol->libraries = calloc(n ? n : 1, sizeof *ol->libraries);
  TORCH_INTERNAL_ASSERT(ol->libraries != NULL);
  for (LibraryBlock* b = blocks; b != NULL; b = b->next) {
    Library* lib = Library_create(b->kind, b->ns, b->key, b->file, b->line, base_name(ol->path));
    if (lib == NULL) goto fail;
    ol->libraries[ol->num_libraries++] = lib;
    b->init(lib);
    if (lib->failed) goto fail;
  }
  return 0;
fail:
  destroy_libraries(ol);
  return -1;
}

static OperatorLibrary* new_operator_library(const char* path, void* handle) {
  OperatorLibrary* ol = calloc(1, sizeof *ol);
  TORCH_INTERNAL_ASSERT(ol != NULL);
  ol->path = strdup(path);
  ol->handle = handle;
  return ol;
}

static void free_operator_library(OperatorLibrary* ol) {
  if (ol->handle != NULL) dlclose(ol->handle);
  for (size_t i = 0; i < ol->num_strings; i++) free(ol->strings[i]);
  free(ol->strings);
  free(ol->path);
  free(ol);
}

int OperatorLibrary_registerStaticBlocks(void) {
  LibraryBlock* blocks = take_pending();
  if (blocks == NULL) return 0;
  OperatorLibrary* ol = new_operator_library(program_invocation_short_name, NULL);
  if (run_blocks(ol, blocks) < 0) {
    free_operator_library(ol);
    return -1;
  }
  ol->next = loaded;
  loaded = ol;
  return 0;
}

/* os.path.realpath: the file's real path when it exists, else the path made
 * absolute and normalized ("." and ".." components folded). */
static void resolve_path(const char* path, char* out, size_t size) {
  char resolved[PATH_MAX];
  if (realpath(path, resolved) != NULL) {
    snprintf(out, size, "%s", resolved);
    return;
  }
  char joined[2 * PATH_MAX];
  char cwd[PATH_MAX];
  if (path[0] == '/' || getcwd(cwd, sizeof cwd) == NULL)
    snprintf(joined, sizeof joined, "%s", path);
  else
    snprintf(joined, sizeof joined, "%s/%s", cwd, path);
  size_t n = 0;
  out[0] = '\0';
  for (char* part = strtok(joined, "/"); part != NULL; part = strtok(NULL, "/")) {
    if (strcmp(part, ".") == 0) continue;
    if (strcmp(part, "..") == 0) {
      while (n > 0 && out[n - 1] != '/') n--;
      if (n > 0) n--;
      out[n] = '\0';
      continue;
    }
    n += (size_t)snprintf(out + n, n < size ? size - n : 0, "/%s", part);
    if (n >= size) n = size - 1;
  }
  if (n == 0) snprintf(out, size, "/");
}

/* PyTorch 1.13: torch/_ops.py _Ops.load_library */
OperatorLibrary* OperatorLibrary_load(const char* path) {
  if (pending_head != NULL && OperatorLibrary_registerStaticBlocks() < 0) return NULL;
  char resolved[PATH_MAX];
  resolve_path(path, resolved, sizeof resolved);
  for (OperatorLibrary* ol = loaded; ol != NULL; ol = ol->next)
    if (strcmp(ol->path, resolved) == 0) return ol;

  void* handle = dlopen(resolved, RTLD_NOW | RTLD_LOCAL);
  if (handle == NULL) {
    Error_set(ErrorType_OSError, "%s", dlerror());
    take_pending(); /* constructors of objects it pulled in before failing */
    return NULL;
  }
  LibraryBlock* blocks = take_pending();
  if (blocks == NULL) {
    /* the same object under another name (dlopen ran no constructor), or
     * an object with no block */
    for (OperatorLibrary* ol = loaded; ol != NULL; ol = ol->next) {
      if (ol->handle == handle) {
        dlclose(handle);
        return ol;
      }
    }
    dlclose(handle);
    Error_set(ErrorType_OSError,
              "%s: no MINATEN_LIBRARY, MINATEN_LIBRARY_FRAGMENT or MINATEN_LIBRARY_IMPL block: "
              "not an operator library (dispatch/Library.h)",
              resolved);
    return NULL;
  }
  OperatorLibrary* ol = new_operator_library(resolved, handle);
  if (run_blocks(ol, blocks) < 0) {
    free_operator_library(ol);
    return NULL;
  }
  ol->next = loaded;
  loaded = ol;
  return ol;
}

void OperatorLibrary_unload(OperatorLibrary* ol) {
  if (ol == NULL) return;
  for (OperatorLibrary** link = &loaded; *link != NULL; link = &(*link)->next) {
    if (*link == ol) {
      *link = ol->next;
      break;
    }
  }
  destroy_libraries(ol);
  free_operator_library(ol);
}

OperatorLibrary* OperatorLibrary_create(const char* name) {
  OperatorLibrary* ol = new_operator_library(name, NULL);
  ol->next = loaded;
  loaded = ol;
  return ol;
}

void OperatorLibrary_adopt(OperatorLibrary* ol, Library* lib) {
  Library** grown = realloc(ol->libraries, (ol->num_libraries + 1) * sizeof *grown);
  TORCH_INTERNAL_ASSERT(grown != NULL);
  ol->libraries = grown;
  ol->libraries[ol->num_libraries++] = lib;
}

const char* OperatorLibrary_keepString(OperatorLibrary* ol, const char* s) {
  char** grown = realloc(ol->strings, (ol->num_strings + 1) * sizeof *grown);
  TORCH_INTERNAL_ASSERT(grown != NULL);
  ol->strings = grown;
  char* copy = strdup(s);
  TORCH_INTERNAL_ASSERT(copy != NULL);
  ol->strings[ol->num_strings++] = copy;
  return copy;
}

const OperatorLibrary* OperatorLibrary_loaded(void) { return loaded; }

void OperatorLibrary_unloadAll(void) {
  while (loaded != NULL) OperatorLibrary_unload(loaded);
}
