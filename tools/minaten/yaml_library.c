/*
 * yaml_library.c - the operators of `minaten --yaml FILE`; see yaml_library.h.
 *
 * Reading: Model_loadYaml, the code generator's reader, so that an entry
 * means here what it means in yaml/native_functions.yaml and is refused
 * with the same `file:line:col: message` (a schema that does not parse, an
 * unknown field or key, a type minaten cannot pass to C, a kernel name used
 * twice).  A second YAML document in the layout of ts_native_functions.yaml
 * (`backend: Lazy`, `full_codegen:` / `supported:`) lists operators of the
 * same file, spelled with their namespace, for the Lazy backend.
 *
 * Then the rules of a file defined at run time, checked for every entry
 * before anything is registered, each error pointing into the file:
 *
 *   - the schema names its namespace (`myops::cube(...)`).  Without one an
 *     entry means aten, as in native_functions.yaml; aten is minaten's own
 *     and is refused either way (a library's MINATEN_LIBRARY_IMPL(aten, KEY,
 *     m) overrides an aten kernel; a YAML file only adds operators);
 *   - the operator is not defined yet (1.13's "Tried to register an
 *     operator ... multiple times", with both places);
 *   - no `structured_delegate:` (the structured default is generated C:
 *     give each form its own kernel);
 *   - every kernel is found: `CPU: cube` is the C symbol at_native_cube, an
 *     entry with no `dispatch:` the CompositeImplicitAutograd kernel
 *     at_native_<base name> (`_out` added for an out= form), looked up with
 *     dlsym in the libraries loaded by --load, newest first, and then in
 *     the program (minaten exports its own kernels: `CPU: relu` reuses
 *     at_native_relu).  It is called as an unboxed kernel with the
 *     prototype NativeFunctions.h would give it (libffi, from the schema);
 *   - a kernel that is already some defined operator's (every kernel of
 *     minaten is an aten operator's: at_native_add is aten::add.Tensor's)
 *     has that operator's C prototype, so the entry's schema must agree
 *     with that operator's: Note [A kernel's schema].
 *
 * Registering: one OperatorLibrary named after the file (as given), holding
 * one MINATEN_LIBRARY_FRAGMENT-like Library per def and per kernel, so the
 * dispatch dump says `registered at my_ops.yaml:LINE` with the line of the
 * `func:` (the def) or of the kernel's name (an impl).  A kernel's library
 * is the shared object its symbol came from (what an internal error of that
 * kernel names).  An operator listed for Lazy gets the boxed recording
 * kernel the code generator registers for aten's listed operators
 * (LazyNativeFunctions_boxed, ops/lazy/), unless its entry names a `Lazy:`
 * kernel of its own: a call on lazy tensors records an IR node
 * `myops::cube(%0)`, its shape from the CPU kernel run in MetaMode.  If a
 * registration fails, the whole file is unloaded.
 *
 * NB(minaten): `variants:` is read and not used: an operator outside aten
 * is torch.ops.NS.NAME only, as a TORCH_LIBRARY operator is in 1.13.
 */
#include "tools/minaten/yaml_library.h"

#include <dlfcn.h>
#include <errno.h> /* program_invocation_short_name (GNU) */
#include <stdio.h>
#include <string.h>

#include "dispatch/CType.h"
#include "dispatch/Dispatcher.h"
#include "dispatch/Library.h"
#include "dispatch/OperatorLibrary.h"
#include "ops/lazy/LazyNativeFunctions.h"
#include "runtime/Exception.h"
#include "tools/codegen/model.h"

static const char* base_name(const char* path) {
  const char* slash = strrchr(path, '/');
  return slash != NULL ? slash + 1 : path;
}

/* A kernel found by name: the function and the object it is in. */
typedef struct FoundKernel {
  UnboxedFunction fn;
  const char* origin; /* "libmyops.so", or the program's name */
} FoundKernel;

/* Looks `symbol` up in the loaded operator libraries, newest first, then in
 * the program.  False if none has it. */
static bool find_kernel(const char* symbol, FoundKernel* out) {
  for (const OperatorLibrary* ol = OperatorLibrary_loaded(); ol != NULL; ol = ol->next) {
    if (ol->handle == NULL) continue;
    void* sym = dlsym(ol->handle, symbol);
    if (sym != NULL) {
      *out = (FoundKernel){(UnboxedFunction)sym, base_name(ol->path)};
      return true;
    }
  }
  void* sym = dlsym(RTLD_DEFAULT, symbol);
  if (sym == NULL) return false;
  *out = (FoundKernel){(UnboxedFunction)sym, program_invocation_short_name};
  return true;
}

/* "libmyops.so, libother.so" into buf: the libraries a symbol was looked
 * for in (none: ""). */
static void loaded_names(char* buf, size_t size) {
  size_t n = 0;
  buf[0] = '\0';
  for (const OperatorLibrary* ol = OperatorLibrary_loaded(); ol != NULL && n < size; ol = ol->next) {
    if (ol->handle == NULL) continue;
    n += (size_t)snprintf(buf + n, size - n, "%s%s", n ? ", " : "", base_name(ol->path));
  }
}

/*
 * Note [A kernel's schema]
 *
 * An unboxed kernel is called with the prototype the entry's schema gives
 * it (libffi), and nothing in a C symbol says what prototype it was compiled
 * with.  A kernel registered for a defined operator (each of minaten's
 * at_native_* is an aten operator's; a library's may be its own
 * operator's) does say it: that operator's schema.  `- func:
 * myops::a(Tensor self, int x) -> Tensor` with `CPU: add` would pass an
 * int where at_native_add reads a Tensor, so such an entry is refused at
 * the kernel's name, unless its schema agrees with the operator's:
 *
 *   - as many arguments and as many returns;
 *   - each argument and return of the same type: the same base type, list
 *     or not, optional or not (`Tensor?` and `Tensor` are both a const
 *     Tensor*, but None arrives as NULL), its elements optional or not.
 *     Spellings of one C value agree: `SymInt` and `int`, and a list's size
 *     (`int[2]` and `int[]`: the size only lets a bare int stand for the
 *     list; the kernel receives an IntArrayRef of any length either way);
 *   - the same alias annotations, up to the names of the alias sets:
 *     `Tensor(a!)` (written in place: a Tensor* and a version bump),
 *     `Tensor(a)` (a view), `Tensor(a -> *)` and none are four different
 *     things to autograd's fallback, the Lazy fallback and the trace, and a
 *     return aliases the same argument (`(Tensor(a) self) -> Tensor(a)`
 *     agrees with `(Tensor(b) x) -> Tensor(b)`);
 *   - names, default values, the `*` before keyword-only arguments, the
 *     overload name and return names may differ: the kernel receives values
 *     by position, defaults already filled in.
 *
 * A kernel no operator has (a library's own, not registered by it) is
 * taken on trust, as before: its prototype is its author's business.
 *
 * PyTorch 1.13: ATen/core/dispatch/OperatorEntry.cpp OperatorEntry::registerKernel
 * refuses a kernel whose CppSignature differs from the operator's
 * ("Mismatch in kernel C++ signatures"); minaten, whose C kernels carry no
 * signature, compares the schemas.
 */

/* Whether two types give the kernel the same C value (see the note). */
static bool same_type(const SchemaType* x, const SchemaType* y) {
  bool same_base = x->base == y->base || (SchemaType_isIntLike(x->base) && SchemaType_isIntLike(y->base));
  return same_base && x->is_list == y->is_list && x->is_optional == y->is_optional &&
         x->elem_optional == y->elem_optional;
}

/* The alias sets of a schema in the order they first appear (arguments,
 * then returns): an annotation's set is compared by its index here. */
typedef struct AliasSets {
  const char* names[32];
  int n;
} AliasSets;

static int alias_set_index(AliasSets* sets, const AliasInfo* a) {
  for (int i = 0; i < sets->n; i++)
    if (strcmp(sets->names[i], a->set) == 0) return i;
  if (sets->n == (int)(sizeof sets->names / sizeof sets->names[0])) return -1;
  sets->names[sets->n] = a->set;
  return sets->n++;
}

/* Whether the annotations of one position agree (see the note). */
static bool same_alias(const AliasInfo* x, AliasSets* xs, const AliasInfo* y, AliasSets* ys) {
  if (x->present != y->present) return false;
  if (!x->present) return true;
  return x->is_write == y->is_write && x->to_wildcard == y->to_wildcard &&
         alias_set_index(xs, x) == alias_set_index(ys, y);
}

/* "Tensor(a!) self" / "int[2] size": an argument or return as written. */
static const char* format_argument(const Argument* a, char* buf, size_t size) {
  SchemaType t = a->type;
  char type[64], annotation[40] = "";
  if (a->alias_info.present)
    snprintf(annotation, sizeof annotation, "(%s%s%s)", a->alias_info.set, a->alias_info.is_write ? "!" : "",
             a->alias_info.to_wildcard ? " -> *" : "");
  SchemaType_format(&t, type, sizeof type);
  /* the annotation goes after the base type's name: Tensor(a)[], Tensor(a!)? */
  size_t base_len = strlen(SchemaBaseType_name(t.base));
  snprintf(buf, size, "%.*s%s%s%s%s", (int)base_len, type, annotation, type + base_len, a->name ? " " : "",
           a->name ? a->name : "");
  return buf;
}

/* Compares `yours` (the entry's schema) with `theirs` (the kernel's
 * operator's): true if they agree; else false with the first difference
 * described in `why`. */
static bool schemas_agree(const FunctionSchema* yours, const FunctionSchema* theirs, const char* their_name,
                          char* why, size_t size) {
  if (yours->num_arguments != theirs->num_arguments) {
    snprintf(why, size, "it takes %zu argument%s where %s takes %zu", yours->num_arguments,
             yours->num_arguments == 1 ? "" : "s", their_name, theirs->num_arguments);
    return false;
  }
  if (yours->num_returns != theirs->num_returns) {
    snprintf(why, size, "it returns %zu value%s where %s returns %zu", yours->num_returns,
             yours->num_returns == 1 ? "" : "s", their_name, theirs->num_returns);
    return false;
  }
  AliasSets ys = {{0}, 0}, ts = {{0}, 0};
  size_t n = yours->num_arguments + yours->num_returns;
  for (size_t i = 0; i < n; i++) {
    bool is_return = i >= yours->num_arguments;
    size_t k = is_return ? i - yours->num_arguments : i;
    const Argument* y = is_return ? &yours->returns[k] : &yours->arguments[k];
    const Argument* t = is_return ? &theirs->returns[k] : &theirs->arguments[k];
    if (same_type(&y->type, &t->type) && same_alias(&y->alias_info, &ys, &t->alias_info, &ts)) continue;
    char ya[128], ta[128];
    snprintf(why, size, "%s %zu is `%s` where %s has `%s`", is_return ? "return" : "argument", k + 1,
             format_argument(y, ya, sizeof ya), their_name, format_argument(t, ta, sizeof ta));
    return false;
  }
  return true;
}

/* The operator whose kernel `fn` is and whose schema `yours` does not
 * agree with, the first difference in `why`; NULL if `fn` is no defined
 * operator's kernel, or if one operator that has it agrees (a kernel of
 * several operators). */
static const OperatorEntry* disagreeing_operator(UnboxedFunction fn, const FunctionSchema* yours, char* why,
                                                 size_t size) {
  const OperatorEntry* first = NULL;
  for (size_t i = 0; i < Dispatcher_numOperators(); i++) {
    const OperatorEntry* op = Dispatcher_operator(i);
    if (op->schema_text == NULL) continue; /* no schema to compare with */
    bool has = false;
    for (int key = 0; key < DispatchKey_EndOfAliasKeys && !has; key++)
      for (const KernelRegistration* r = &op->kernels[key]; r != NULL && !has; r = r->next)
        has = r->present && r->kernel.unboxed == fn;
    if (!has) continue;
    char scratch[512]; /* `why` keeps the first operator's difference */
    if (schemas_agree(yours, &op->schema, op->qualified_name, first ? scratch : why, first ? sizeof scratch : size))
      return NULL;
    if (first == NULL) first = op;
  }
  return first;
}

/* The checks of the top of the file, for one entry; 0 or -1 after printing. */
static int check_entry(const NativeFunction* f) {
  const char* paren = strchr(f->func, '(');
  const char* sep = strstr(f->func, "::");
  if (sep == NULL || (paren != NULL && paren < sep))
    return SourceLoc_error(f->loc,
                    "%s has no namespace, so it would be aten's, and aten is minaten's own: "
                    "name one of yours (myops::%s(...))",
                    f->qualified + strlen("aten::"), f->schema.name);
  if (strcmp(f->schema.ns, "aten") == 0)
    return SourceLoc_error(f->loc,
                    "%s: the aten namespace is minaten's own: define your operators in a namespace "
                    "of yours (myops::%s(...)); to replace an aten kernel, register it from a "
                    "library's MINATEN_LIBRARY_IMPL(aten, KEY, m) block",
                    f->qualified, f->schema.name);
  if (f->structured_delegate != NULL)
    return SourceLoc_error(f->structured_delegate_loc,
                    "structured_delegate is not supported by --yaml (the structured default "
                    "kernel is generated C): give %s a kernel of its own in `dispatch:`",
                    f->qualified);
  if (f->structured)
    return SourceLoc_error(f->structured_loc,
                    "structured: True is not supported by --yaml (the wrappers around the meta and "
                    "impl functions are generated C): give %s a kernel of its own in `dispatch:`",
                    f->qualified);
  const OperatorEntry* existing = Dispatcher_findSchema(f->qualified);
  if (existing != NULL)
    return SourceLoc_error(f->loc,
                    "Tried to register an operator (%s) with the same name and overload name "
                    "multiple times. Each overload's schema should only be registered with a "
                    "single call to def(). Duplicate registration: registered at %s:%d. Original "
                    "registration: registered at %s",
                    f->func, f->loc.file, f->loc.line, existing->debug);
  for (size_t k = 0; k < f->num_kernels; k++) {
    char symbol[256];
    snprintf(symbol, sizeof symbol, "at_native_%s", f->kernels[k].kernel);
    FoundKernel found;
    if (find_kernel(symbol, &found)) {
      char why[512];
      const OperatorEntry* op = disagreeing_operator(found.fn, &f->schema, why, sizeof why);
      if (op == NULL) continue;
      bool qualified = strstr(op->schema_text, "::") != NULL;
      return SourceLoc_error(f->kernels[k].loc,
                             "%s kernel of %s: %s is the kernel of %s%s%s, so %s must have its types and alias "
                             "annotations (names and defaults may differ): %s",
                             DispatchKey_name(f->kernels[k].key), f->qualified, symbol, qualified ? "" : op->schema.ns,
                             qualified ? "" : "::", op->schema_text, f->qualified, why);
    }
    char libraries[512];
    loaded_names(libraries, sizeof libraries);
    return SourceLoc_error(f->kernels[k].loc,
                    "%s kernel of %s: no symbol %s in %s%s%s: --load the library that defines it",
                    DispatchKey_name(f->kernels[k].key), f->qualified, symbol,
                    libraries[0] ? "the libraries loaded (" : "minaten, and no library is loaded",
                    libraries, libraries[0] ? ") or in minaten" : "");
  }
  return 0;
}

/* A Library of the file's unit for one registration at `line`. */
static Library* new_library(OperatorLibrary* unit, const NativeFunction* f, int line, const char* origin) {
  Library* lib = Library_create(LibraryKind_FRAGMENT, f->schema.ns, DispatchKey_Undefined, unit->path,
                                line, origin);
  if (lib != NULL) OperatorLibrary_adopt(unit, lib);
  return lib;
}

/* Registers one checked entry into the unit; 0 or -1 (error indicator set). */
static int register_entry(OperatorLibrary* unit, const NativeFunction* f) {
  Library* lib = new_library(unit, f, f->loc.line, NULL);
  if (lib == NULL || Library_def(lib, f->func) < 0) return -1;
  for (size_t k = 0; k < f->num_kernels; k++) {
    const BackendKernel* bk = &f->kernels[k];
    char symbol[256];
    snprintf(symbol, sizeof symbol, "at_native_%s", bk->kernel);
    FoundKernel found;
    bool ok = find_kernel(symbol, &found); /* check_entry found it */
    TORCH_INTERNAL_ASSERT(ok);
    const char* name = OperatorLibrary_keepString(unit, symbol);
    lib = new_library(unit, f, bk->loc.line, found.origin);
    if (lib == NULL ||
        Library_implForKey(lib, f->qualified, bk->key, KernelFunction_makeUnboxed(found.fn, name)) < 0)
      return -1;
  }
  if (f->lazy_lowered && NativeFunction_kernel(f, DispatchKey_Lazy) == NULL) {
    /* minaten's own kernel: no library to name (origin NULL) */
    lib = new_library(unit, f, f->loc.line, NULL);
    if (lib == NULL || Library_implForKey(lib, f->qualified, DispatchKey_Lazy, MINATEN_LAZY_KERNEL) < 0) return -1;
  }
  return 0;
}

int YamlLibrary_load(const char* path) {
  Model model;
  Model_init(&model);
  int rc = Model_loadYaml(&model, path, path);
  for (size_t i = 0; rc == 0 && i < model.num_functions; i++) rc = check_entry(&model.functions[i]);
  if (rc == 0) {
    OperatorLibrary* unit = OperatorLibrary_create(path);
    for (size_t i = 0; rc == 0 && i < model.num_functions; i++) {
      if (register_entry(unit, &model.functions[i]) < 0) {
        rc = SourceLoc_error(model.functions[i].loc, "%s: %s", ErrorType_name(Error_type()), Error_message());
        Error_clear();
      }
    }
    if (rc < 0) OperatorLibrary_unload(unit);
  }
  Model_free(&model);
  return rc;
}
