/*
 * Library.c - a Library's defs, impls and fallbacks, checked as 1.13 checks
 * them, recorded, and undone by Library_destroy; see Library.h.
 *
 * PyTorch 1.13: torch/csrc/api/src/library.cpp, aten/src/ATen/core/dispatch/Dispatcher.cpp
 */
#include "dispatch/Library.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runtime/Exception.h"

static Library* live_libraries = NULL;

/* NB(minaten): a C block's messages name MINATEN_LIBRARY, the macro it
 * was written with; torch.library.Library's name TORCH_LIBRARY, as 1.13's. */
static const char* block_name(LibraryKind kind, bool python) {
  switch (kind) {
    case LibraryKind_DEF: return python ? "TORCH_LIBRARY" : "MINATEN_LIBRARY";
    case LibraryKind_IMPL: return python ? "TORCH_LIBRARY_IMPL" : "MINATEN_LIBRARY_IMPL";
    case LibraryKind_FRAGMENT: return python ? "TORCH_LIBRARY_FRAGMENT" : "MINATEN_LIBRARY_FRAGMENT";
  }
  return "?";
}

/* Marks lib failed with a RuntimeError naming the block, as 1.13 appends
 * "(Error occurred while processing TORCH_LIBRARY block at FILE:LINE)". */
static int library_fail(Library* lib, const char* fmt, ...) __attribute__((format(printf, 2, 3)));
static int library_fail(Library* lib, const char* fmt, ...) {
  char message[1024];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(message, sizeof message, fmt, ap);
  va_end(ap);
  Error_set(ErrorType_RuntimeError, "%s  (Error occurred while processing %s block at %s:%d)",
            message, block_name(lib->kind, lib->python), lib->file, lib->line);
  lib->failed = true;
  return -1;
}

static void record(Library* lib, LibraryRegistration r) {
  if (lib->num_registrations == lib->cap_registrations) {
    lib->cap_registrations = lib->cap_registrations ? 2 * lib->cap_registrations : 8;
    lib->registrations =
        realloc(lib->registrations, lib->cap_registrations * sizeof *lib->registrations);
    TORCH_INTERNAL_ASSERT(lib->registrations != NULL);
  }
  lib->registrations[lib->num_registrations++] = r;
}

/* The MINATEN_LIBRARY block (or minaten's own YAML) that defined `ns`, as
 * "FILE:LINE" into buf; false if none.  PyTorch 1.13: Dispatcher::registerLibrary */
static bool namespace_owner(const char* ns, char* buf, size_t size) {
  for (const Library* l = live_libraries; l != NULL; l = l->next_live) {
    if (l->kind == LibraryKind_DEF && strcmp(l->ns, ns) == 0) {
      snprintf(buf, size, "%s:%d", l->file, l->line);
      return true;
    }
  }
  /* minaten's own operators: 1.13 defines aten in one TORCH_LIBRARY too */
  for (size_t i = 0; i < Dispatcher_numOperators(); i++) {
    const OperatorEntry* op = Dispatcher_operator(i);
    if (op->library == NULL && strcmp(op->schema.ns, ns) == 0) {
      snprintf(buf, size, "%s", op->debug);
      return true;
    }
  }
  return false;
}

/* PyTorch 1.13: torch::Library::Library */
static Library* library_create(LibraryKind kind, const char* ns, DispatchKey key, const char* file,
                               int line, const char* origin, bool python) {
  if (kind == LibraryKind_DEF) {
    char previous[256];
    if (namespace_owner(ns, previous, sizeof previous)) {
      const char* p = python ? "TORCH" : "MINATEN";
      Error_set(ErrorType_RuntimeError,
                "Only a single %s_LIBRARY can be used to register the namespace %s; please "
                "put all of your definitions in a single %s_LIBRARY block.  If you were "
                "trying to specify implementations, consider using %s_LIBRARY_IMPL (which "
                "can be duplicated).  If you really intended to define operators for a single "
                "namespace in a distributed way, you can use %s_LIBRARY_FRAGMENT to "
                "explicitly indicate this.  Previous registration of %s_LIBRARY was "
                "registered at %s; latest registration was registered at %s:%d",
                p, ns, p, p, p, p, previous, file, line);
      return NULL;
    }
  }
  Library* lib = calloc(1, sizeof *lib);
  TORCH_INTERNAL_ASSERT(lib != NULL);
  lib->kind = kind;
  snprintf(lib->ns, sizeof lib->ns, "%s", ns);
  lib->key = key;
  lib->file = file;
  lib->line = line;
  lib->origin = origin;
  lib->python = python;
  lib->next_live = live_libraries;
  live_libraries = lib;
  return lib;
}

Library* Library_create(LibraryKind kind, const char* ns, DispatchKey key, const char* file,
                        int line, const char* origin) {
  return library_create(kind, ns, key, file, line, origin, false);
}

Library* Library_createPython(LibraryKind kind, const char* ns, DispatchKey key, const char* file, int line) {
  return library_create(kind, ns, key, file, line, NULL, true);
}

/* Newest first, so an operator loses its kernels before its schema, and a
 * kernel that shadowed another one of the same library goes before it. */
void Library_destroy(Library* lib) {
  if (lib == NULL) return;
  for (size_t i = lib->num_registrations; i-- > 0;) {
    LibraryRegistration* r = &lib->registrations[i];
    switch (r->what) {
      case LibraryRegistration_Def:
        r->op->library = NULL;
        Dispatcher_deregisterDef(r->op);
        break;
      case LibraryRegistration_Impl:
        Dispatcher_deregisterImpl(r->op, r->key, r->id);
        break;
      case LibraryRegistration_Fallback:
        Dispatcher_deregisterFallback(r->key);
        break;
    }
  }
  for (Library** link = &live_libraries; *link != NULL; link = &(*link)->next_live) {
    if (*link == lib) {
      *link = lib->next_live;
      break;
    }
  }
  free(lib->registrations);
  free(lib);
}

/* The namespace a name or schema spells out before "::" (into ns), if any:
 * only before the '(' of a schema. */
static bool explicit_namespace(const char* text, char* ns, size_t size) {
  const char* sep = strstr(text, "::");
  const char* paren = strchr(text, '(');
  if (sep == NULL || (paren != NULL && paren < sep)) return false;
  snprintf(ns, size, "%.*s", (int)(sep - text), text);
  return true;
}

/* PyTorch 1.13: torch::Library::_def */
int Library_def(Library* lib, const char* schema) {
  if (lib->failed) return -1;
  if (lib->kind == LibraryKind_IMPL)
    return library_fail(lib,
                        "def(\"%.*s\"): Cannot define an operator inside of a %s "
                        "block.  All def()s should be placed in the (unique) %s "
                        "block for their namespace.",
                        (int)strcspn(schema, "("), schema, block_name(LibraryKind_IMPL, lib->python), block_name(LibraryKind_DEF, lib->python));
  char ns[64];
  char text[1024];
  if (explicit_namespace(schema, ns, sizeof ns)) {
    if (strcmp(ns, lib->ns) != 0)
      return library_fail(lib,
                          "Explicitly provided namespace (%s) in schema string does not match "
                          "namespace of enclosing %s block (%s).  Move this definition to the "
                          "(unique) %s block corresponding to this namespace (and "
                          "consider deleting the namespace from your schema string.)",
                          ns, block_name(lib->kind, lib->python), lib->ns, block_name(LibraryKind_DEF, lib->python));
    snprintf(text, sizeof text, "%s", schema);
  } else {
    snprintf(text, sizeof text, "%s::%s", lib->ns, schema);
  }

  char debug[512];
  snprintf(debug, sizeof debug, "%s:%d", lib->file, lib->line);
  FunctionSchema parsed;
  SchemaParseError err;
  if (FunctionSchema_parse(text, &parsed, &err) < 0) {
    /* the column within the string the block wrote */
    int column = err.column - (int)(strlen(text) - strlen(schema));
    return library_fail(lib, "def(\"%s\"): %s at column %d", schema, err.message,
                        column > 0 ? column : 1);
  }
  char name[sizeof((OperatorEntry*)0)->qualified_name];
  FunctionSchema_qualifiedName(&parsed, name, sizeof name);
  FunctionSchema_free(&parsed);
  OperatorEntry* existing = Dispatcher_findSchema(name);
  /* Dispatcher::registerDef's check: torch.library's error, as 1.13's, has
   * no "(Error occurred while processing ...)", which a C block's keeps */
#define DUPLICATE_DEF                                                                              \
  "Tried to register an operator (%s) with the same name and overload name multiple times. Each " \
  "overload's schema should only be registered with a single call to def(). Duplicate "          \
  "registration: registered at %s. Original registration: registered at %s"
  if (existing != NULL && lib->python) {
    Error_set(ErrorType_RuntimeError, DUPLICATE_DEF, text, debug, existing->debug);
    lib->failed = true;
    return -1;
  }
  if (existing != NULL) return library_fail(lib, DUPLICATE_DEF, text, debug, existing->debug);
#undef DUPLICATE_DEF
  OperatorEntry* op = Dispatcher_registerDef(text, debug);
  if (op == NULL) {
    lib->failed = true;
    return -1;
  }
  op->library = lib;
  /* an operator of a library is torch.ops.NS.NAME only,
   * as in 1.13 (no torch.NAME, no method): python_binding stays false */
  record(lib, (LibraryRegistration){.what = LibraryRegistration_Def, .op = op});
  return 0;
}

int Library_impl(Library* lib, const char* name, KernelFunction kernel) {
  DispatchKey key = lib->kind == LibraryKind_IMPL && lib->key != DispatchKey_Undefined
                        ? lib->key : DispatchKey_CompositeImplicitAutograd;
  return Library_implForKey(lib, name, key, kernel);
}

/* PyTorch 1.13: torch::Library::_impl */
int Library_implForKey(Library* lib, const char* name, DispatchKey key, KernelFunction kernel) {
  if (lib->failed) return -1;
  char ns[64];
  char qualified[sizeof((OperatorEntry*)0)->qualified_name];
  if (explicit_namespace(name, ns, sizeof ns)) {
    if (strcmp(ns, lib->ns) != 0)
      return library_fail(lib,
                          "impl(\"%s\", ...): Explicitly provided namespace (%s) in operator name "
                          "does not match namespace of enclosing %s block (%s).  Move this "
                          "definition to the %s block corresponding to this namespace (and "
                          "consider deleting the namespace from your schema string.)",
                          name, ns, block_name(lib->kind, lib->python), lib->ns, block_name(lib->kind, lib->python));
    snprintf(qualified, sizeof qualified, "%s", name);
  } else {
    snprintf(qualified, sizeof qualified, "%s::%s", lib->ns, name);
  }
  if (lib->kind == LibraryKind_IMPL && key != lib->key && !(lib->python && lib->key == DispatchKey_Undefined))
    return library_fail(lib,
                        "impl(\"%s\", ...): Explicitly provided dispatch key (%s) is inconsistent "
                        "with the dispatch key of the enclosing %s block (%s).  "
                        "Please declare a separate %s block for this dispatch "
                        "key and move your impl() there.",
                        name, DispatchKey_name(key), block_name(LibraryKind_IMPL, lib->python), DispatchKey_name(lib->key),
                        block_name(LibraryKind_IMPL, lib->python));
  if (key == DispatchKey_Undefined || key == DispatchKey_NumRuntimeKeys || key >= DispatchKey_EndOfAliasKeys)
    return library_fail(lib, "impl(\"%s\", ...): %s is not a dispatch key a kernel can be registered for",
                        name, DispatchKey_name(key));
  if (!KernelFunction_isValid(&kernel))
    return library_fail(lib, "impl(\"%s\", ...): the kernel is NULL", name);
  OperatorEntry* op = Dispatcher_registerName(qualified);
  int id = Dispatcher_registerLibraryImpl(op, key, kernel, lib->file, lib->line, lib->origin);
  record(lib, (LibraryRegistration){.what = LibraryRegistration_Impl, .op = op, .key = key, .id = id});
  return 0;
}

/* PyTorch 1.13: torch::Library::_fallback, Dispatcher::registerFallback */
int Library_fallback(Library* lib, KernelFunction kernel) {
  if (lib->failed) return -1;
  if (lib->kind != LibraryKind_IMPL)
    return library_fail(lib, "fallback(...): Cannot define a fallback outside of a "
                             "MINATEN_LIBRARY_IMPL block");
  if (lib->key >= DispatchKey_NumRuntimeKeys || lib->key == DispatchKey_Undefined)
    return library_fail(lib, "fallback(...): %s is not a runtime dispatch key: a fallback "
                             "serves a runtime key", DispatchKey_name(lib->key));
  const KernelRegistration* previous = Dispatcher_backendFallback(lib->key);
  if (previous->present)
    return library_fail(lib,
                        "Tried to register multiple backend fallbacks for the same dispatch key "
                        "%s; previous registration registered at %s:%d, new registration "
                        "registered at %s:%d",
                        DispatchKey_name(lib->key), previous->file, previous->line, lib->file,
                        lib->line);
  Dispatcher_registerFallback(lib->key, kernel, lib->file, lib->line);
  record(lib, (LibraryRegistration){.what = LibraryRegistration_Fallback, .key = lib->key});
  return 0;
}
