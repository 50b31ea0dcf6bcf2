/*
 * gen_register.c - the kernels and their registration:
 *
 *   NativeFunctions.h   one prototype per kernel name, typed from the
 *                       schema of the operator that names it
 *   Register<Key>.c     at_register_<Key>(): Dispatcher_registerImpl of each
 *                       (operator, kernel) of the `dispatch:` sections at
 *                       that key; one file per key a YAML may name, written
 *                       even when it registers nothing
 *   RegisterLazy.c      besides any `Lazy:` kernel of the YAML, the boxed
 *                       LazyNativeFunctions_boxed (ops/lazy/) at every
 *                       operator with a CPU or CompositeExplicitAutograd
 *                       kernel, except those making quantized tensors
 *   RegisterCompositeExplicitAutogradNonFunctional.c  besides the YAML's
 *                       kernels, the default kernel of every structured
 *                       operator (`structured_delegate:`): the boxed
 *                       StructuredDefault_functional / _inplace
 *                       (ops/StructuredDefault.h), which calls the delegate
 *                       named in the operator's structured_delegate field
 *   RegisterCompositeExplicitAutograd.c  besides the YAML's kernels, the
 *                       kernel of every out= form an `autogen:` line makes:
 *                       the boxed AutogenOut_kernel (ops/AutogenOut.h), which
 *                       calls the functional recorded in the operator's
 *                       autogen_functional field
 *   RegisterBackendSelect.c  the boxed BackendSelect kernel, at every
 *                       operator with tensor options (factories)
 *   RegisterAll.c       at_register_all(): operators, standard fallbacks,
 *                       then each key's kernels, in a fixed order
 *
 * Registration records "Register<Key>.c" and __LINE__, so the dispatch-table
 * dump ("CPU: registered at RegisterCPU.c:12 [kernel]") points into these
 * files as PyTorch's points into RegisterCPU.cpp.
 *
 * NB(minaten): at_register_<Key> returns int (0, or -1 with the error
 * indicator set, e.g. a key registered twice) where PyTorch's static
 * TORCH_LIBRARY_IMPL initialisers throw.
 *
 * PyTorch 1.13: torchgen/dest/native_functions.py (NativeFunctions.h),
 * torchgen/gen_lazy_tensor.py (RegisterLazy.cpp from ts_native_functions.yaml),
 * torchgen/dest/register_dispatch_key.py RegisterDispatchKey
 * (RegisterCPU.cpp: TORCH_LIBRARY_IMPL(aten, CPU, m) { m.impl(...); }),
 * torchgen/gen.py needs_backend_select, ComputeBackendSelect
 */
#include <stdbool.h>
#include <string.h>

#include "tools/codegen/gen.h"
#include "tools/codegen/signature.h"

/* ---- structured operators (Note [Structured kernels] in ops/Structured.h) ---- */

/* An in-place form: its first argument is written (add_.Tensor). */
static bool is_inplace(const NativeFunction* fn) {
  return fn->schema.num_arguments > 0 && fn->schema.arguments[0].alias_info.is_write;
}

/* The operator named `name` in fn's namespace, or NULL. */
static const NativeFunction* find_in_namespace(const Model* m, const NativeFunction* fn, const char* name) {
  char qualified[256];
  snprintf(qualified, sizeof qualified, "%s::%s", fn->schema.ns, name);
  for (size_t i = 0; i < m->num_functions; i++)
    if (strcmp(m->functions[i].qualified, qualified) == 0) return &m->functions[i];
  return NULL;
}

/* The `structured: True` operator fn is, or delegates to; NULL if none. */
static const NativeFunction* structured_of(const Model* m, const NativeFunction* fn) {
  if (fn->structured) return fn;
  if (fn->structured_delegate == NULL) return NULL;
  const NativeFunction* d = find_in_namespace(m, fn, fn->structured_delegate);
  return d != NULL && d->structured ? d : NULL;
}

/* The functional form of structured operator s: the form delegating to it
 * that writes no argument (add.Tensor for add.out); NULL if none. */
static const NativeFunction* functional_of(const Model* m, const NativeFunction* s) {
  const char* name = s->qualified + strlen(s->schema.ns) + 2; /* "add.out" */
  for (size_t i = 0; i < m->num_functions; i++) {
    const NativeFunction* f = &m->functions[i];
    if (f != s && f->structured_delegate != NULL && !is_inplace(f) && strcmp(f->structured_delegate, name) == 0 &&
        strcmp(f->schema.ns, s->schema.ns) == 0)
      return f;
  }
  return NULL;
}

/* The name of s's impl function: its CPU kernel's (at_impl_add_out). */
static const char* impl_name(const NativeFunction* s) { return NativeFunction_kernel(s, DispatchKey_CPU)->kernel; }

/* What minaten's generator supports of a structured operator, checked once
 * before any file is written; `file:line:col: message` and -1 if not. */
static int check_structured(const Model* m) {
  for (size_t i = 0; i < m->num_functions; i++) {
    const NativeFunction* fn = &m->functions[i];
    const SourceLoc* l = &fn->structured_loc;
    if (fn->structured) {
      if (NativeFunction_kernel(fn, DispatchKey_CPU) == NULL)
        return SourceLoc_error(*l, "%s is structured but has no CPU kernel (it names the impl function)",
                               fn->qualified);
      bool writes = fn->schema.num_returns >= 1 && fn->schema.num_returns <= 2;
      for (size_t r = 0; writes && r < fn->schema.num_returns; r++) writes = fn->schema.returns[r].alias_info.is_write;
      if (!writes)
        return SourceLoc_error(*l, "%s is structured but is not an out= operator of one or two outputs (minaten "
                                   "generates structured kernels of at most two)",
                               fn->qualified);
      if (functional_of(m, fn) == NULL)
        return SourceLoc_error(*l, "%s is structured but no functional form has 'structured_delegate: %s'",
                               fn->qualified, fn->qualified + strlen(fn->schema.ns) + 2);
    } else if (structured_of(m, fn) != NULL && NativeFunction_kernel(fn, DispatchKey_CPU) != NULL) {
      const BackendKernel* k = NativeFunction_kernel(fn, DispatchKey_CPU);
      return SourceLoc_error(k->loc, "%s delegates to structured %s, whose CPU kernel is generated; remove its CPU "
                                     "kernel",
                             fn->qualified, fn->structured_delegate);
    }
  }
  return 0;
}

/* The meta function's prototype: the functional form's parameters after
 * the StructuredOp.  PyTorch 1.13: TORCH_META_FUNC2(add, Tensor) ->
 * at::meta::structured_add_Tensor::meta */
static void print_meta_prototype(FILE* f, const Model* m, const NativeFunction* s) {
  const NativeFunction* functional = functional_of(m, s);
  fprintf(f, "int at_meta_%s(StructuredOp* op", functional->unambiguous);
  if (functional->schema.num_arguments > 0) fputs(", ", f);
  CSignature_printParams(f, &functional->schema);
  fputs(")", f);
}

/* The impl function's prototype: the out= operator's parameters after the
 * StructuredOp.  PyTorch 1.13: TORCH_IMPL_FUNC(add_out) ->
 * at::native::structured_add_out::impl */
static void print_impl_prototype(FILE* f, const NativeFunction* s) {
  fprintf(f, "int at_impl_%s(StructuredOp* op, ", impl_name(s));
  CSignature_printParams(f, &s->schema);
  fputs(")", f);
}

/* PyTorch 1.13: torchgen/dest/native_functions.py compute_native_function_declaration */
int gen_native_functions(const Model* m, Writer* w) {
  if (check_structured(m) < 0) return -1;
  FILE* f = gen_openHeader(w, m, "NativeFunctions.h", kGenTypeIncludes);
  if (f == NULL) return -1;
  fputs("\ntypedef struct StructuredOp StructuredOp; /* ops/Structured.h */\n", f);
  for (size_t i = 0; i < m->num_functions; i++) {
    const NativeFunction* fn = &m->functions[i];
    if (fn->structured) {
      fprintf(f, "\n/* %s (structured: Note [Structured kernels] in ops/Structured.h) */\n", fn->qualified);
      print_meta_prototype(f, m, fn);
      fputs(";\n", f);
      print_impl_prototype(f, fn);
      fputs(";\n", f);
    }
    for (size_t k = 0; k < fn->num_kernels; k++) {
      const char* kernel = fn->kernels[k].kernel;
      /* a structured operator's CPU kernel names its impl function */
      if (fn->structured && fn->kernels[k].key == DispatchKey_CPU) continue;
      bool declared = false;
      for (size_t j = 0; j < k; j++) declared = declared || strcmp(fn->kernels[j].kernel, kernel) == 0;
      if (declared) continue;
      /* The keys it serves: "CPU, QuantizedCPU". */
      fprintf(f, "\n/* %s:", fn->qualified);
      const char* sep = " ";
      for (size_t j = k; j < fn->num_kernels; j++) {
        if (strcmp(fn->kernels[j].kernel, kernel) != 0) continue;
        fprintf(f, "%s%s", sep, DispatchKey_name(fn->kernels[j].key));
        sep = ", ";
      }
      fputs(" */\n", f);
      CSignature_printFunction(f, &fn->schema, "at_native_%s", kernel);
      fputs(";\n", f);
    }
  }
  gen_closeHeader(f);
  return 0;
}

static void print_register_prototype(FILE* f, const char* key_name) {
  fprintf(f, "int at_register_%s(void);\n", key_name);
}

/* What an operator registers at a key: the unboxed at_native_<kernel>, or
 * the boxed kernel `boxed` (the BackendSelect kernel, the generic lazy
 * kernel), or nothing (both NULL). */
typedef struct Registration {
  const char* kernel;
  const char* boxed;
  bool wrapper; /* kernel is a structured wrapper of Register<Key>.c, not at_native_<kernel> */
} Registration;

/* One registration: `Dispatcher_registerImpl(op, key, kernel, file, __LINE__)`. */
static void print_register_impl(FILE* f, const NativeFunction* fn, const char* key_name, Registration r,
                                const char* file_name) {
  fprintf(f, "  /* %s  ", fn->qualified);
  gen_printCommentText(f, fn->loc.file);
  fprintf(f, ":%d */\n", fn->loc.line);
  fprintf(f, "  if (Dispatcher_registerImpl(at_op_%s, DispatchKey_%s,\n", fn->unambiguous, key_name);
  if (r.kernel != NULL && r.wrapper)
    fprintf(f, "                              KernelFunction_makeUnboxed((UnboxedFunction)wrapper_%s_%s, "
               "\"wrapper_%s_%s\"),\n",
            key_name, r.kernel, key_name, r.kernel);
  else if (r.kernel != NULL)
    fprintf(f, "                              KernelFunction_makeUnboxed((UnboxedFunction)at_native_%s, "
               "\"at_native_%s\"),\n",
            r.kernel, r.kernel);
  else
    fprintf(f, "                              KernelFunction_makeBoxed(%s, \"%s\"),\n", r.boxed, r.boxed);
  fprintf(f, "                              \"%s\", __LINE__) < 0)\n", file_name);
  fputs("    return -1;\n\n", f);
}

/* The operators the Lazy backend records: those the TS backend lowers
 * (listed by yaml/ts_native_functions.yaml), when they compute on the CPU
 * (a CPU or CompositeExplicitAutograd kernel, or one autogen makes).  Every
 * other operator that reaches the Lazy key runs on the CPU through the
 * backend fallback, or decomposes first when it has a
 * CompositeExplicitAutograd kernel.  Views are not among them: a lazy
 * tensor is a functional one, whose views reach the backend as their
 * *_copy operators; on a lazy tensor outside functionalization a view
 * reaches the fallback, which refuses it, as 1.13's does.
 * PyTorch 1.13: torchgen/gen_lazy_tensor.py (ts_native_functions.yaml),
 * torch/csrc/lazy/ts_backend/ts_eager_fallback.cpp */
static bool has_lazy_support(const Model* m, const NativeFunction* fn) {
  if (strcmp(fn->schema.ns, "aten") != 0 || !fn->lazy_lowered) return false;
  return NativeFunction_kernel(fn, DispatchKey_CPU) != NULL || structured_of(m, fn) != NULL || fn->autogen_functional != NULL ||
         NativeFunction_kernel(fn, DispatchKey_CompositeExplicitAutograd) != NULL ||
         NativeFunction_kernel(fn, DispatchKey_CompositeExplicitAutogradNonFunctional) != NULL;
}

/* PyTorch 1.13: torchgen/gen.py needs_backend_select */
static bool needs_backend_select(const NativeFunction* fn) {
  const char* name = fn->schema.name;
  size_t len = strlen(name);
  if ((len >= 5 && strcmp(name + len - 5, "_like") == 0) || strncmp(name, "new_", 4) == 0)
    return false;
  return NativeFunction_hasTensorOptions(fn);
}

/* The default kernel of a structured operator: a functional or in-place form
 * with `structured_delegate:` and no kernel of its own at the key.
 * PyTorch 1.13: torchgen/dest/register_dispatch_key.py StructuredRegisterDispatchKey
 * (structured_<op>_default_backend_functional / _inplace) */
static const char* structured_default(const NativeFunction* fn) {
  if (fn->structured_delegate == NULL) return NULL;
  return is_inplace(fn) ? "StructuredDefault_inplace" : "StructuredDefault_functional";
}

/* An in-place operator in 1.13's sense (SchemaKind.inplace): a name ending
 * in `_` (add_), or an augmented-assignment dunder (__iand__, __ilshift__).
 * PyTorch 1.13: torchgen/model.py BaseOperatorName.parse */
static bool is_inplace_kind(const NativeFunction* fn) {
  static const char* const kAugmented[] = {"add", "sub", "mul", "div", "mod", "pow", "lshift", "rshift", "and", "xor",
                                           "or", NULL};
  const char* name = fn->schema.name;
  size_t n = strlen(name);
  if (n > 5 && strncmp(name, "__i", 3) == 0 && strcmp(name + n - 2, "__") == 0) {
    for (const char* const* a = kAugmented; *a != NULL; a++)
      if (strlen(*a) == n - 5 && strncmp(name + 3, *a, n - 5) == 0) return true;
    return false;
  }
  return n > 1 && name[n - 1] == '_' && strncmp(name, "__", 2) != 0;
}

/*
 * Note [in-place meta kernels]
 * An in-place operator with no Meta kernel of its own, no composite kernel
 * to defer to, not structured, and one return (masked_fill_.Scalar,
 * bernoulli_.float, relu_, __ilshift__.Scalar) still has one at Meta in
 * 1.13: a generated wrapper that writes nothing, a meta tensor having no
 * data, and checks only that self is a meta tensor ("Cannot inplace into
 * non-meta tensor with meta tensor argument" when another argument brought
 * the call to Meta).  So `torch.empty(3, device="meta").relu_()` returns
 * self with its shape unchecked against anything.
 * PyTorch 1.13: torchgen/dest/register_dispatch_key.py
 * RegisterDispatchKey.gen_unstructured (inplace_meta)
 */
static bool gets_inplace_meta(const Model* m, const NativeFunction* fn) {
  return is_inplace_kind(fn) && fn->schema.num_returns == 1 && fn->schema.num_arguments > 0 &&
         NativeFunction_kernel(fn, DispatchKey_Meta) == NULL && structured_of(m, fn) == NULL &&
         fn->structured_delegate == NULL && NativeFunction_kernel(fn, DispatchKey_CompositeImplicitAutograd) == NULL &&
         NativeFunction_kernel(fn, DispatchKey_CompositeExplicitAutograd) == NULL &&
         NativeFunction_kernel(fn, DispatchKey_CompositeExplicitAutogradNonFunctional) == NULL;
}

/* The wrapper of Note [in-place meta kernels]. */
static void print_inplace_meta_wrapper(FILE* f, const NativeFunction* fn) {
  const FunctionSchema* s = &fn->schema;
  fprintf(f, "\n/* %s at Meta: writes nothing (Note [in-place meta kernels] in\n"
             " * tools/codegen/gen_register.c).  PyTorch 1.13: RegisterMeta.cpp wrapper_%s */\nstatic ",
          fn->qualified, fn->unambiguous);
  CSignature_printFunction(f, s, "wrapper_Meta_%s", fn->unambiguous);
  fputs(" {\n", f);
  for (size_t i = 1; i < s->num_arguments; i++) {
    fputs("  (void)", f);
    CSignature_printArgName(f, &s->arguments[i]);
    fputs(";\n", f);
  }
  fputs("  TORCH_CHECK_NOT_IMPLEMENTED(", f);
  CSignature_printArgName(f, &s->arguments[0]);
  fputs("->device.type == DeviceType_Meta,\n"
        "                              \"Cannot inplace into non-meta tensor with meta tensor argument\");\n"
        "  return Tensor_retain(", f);
  CSignature_printArgName(f, &s->arguments[0]);
  fputs(");\nfail:\n  return NULL;\n}\n", f);
}

/* What `fn` registers at `key`. */
static Registration registration_at(const Model* m, const NativeFunction* fn, DispatchKey key) {
  if (key == DispatchKey_BackendSelect)
    return (Registration){NULL, needs_backend_select(fn) ? "BackendSelect_boxedKernel" : NULL, false};
  if ((key == DispatchKey_CPU || key == DispatchKey_Meta) && structured_of(m, fn) != NULL)
    return (Registration){fn->unambiguous, NULL, true};
  const BackendKernel* k = NativeFunction_kernel(fn, key);
  if (k != NULL) return (Registration){k->kernel, NULL, false};
  if (key == DispatchKey_Meta && gets_inplace_meta(m, fn)) return (Registration){fn->unambiguous, NULL, true};
  if (key == DispatchKey_CompositeExplicitAutogradNonFunctional)
    return (Registration){NULL, structured_default(fn), false};
  if (key == DispatchKey_CompositeExplicitAutograd && fn->autogen_functional != NULL)
    return (Registration){NULL, "AutogenOut_kernel", false};
  return (Registration){NULL, key == DispatchKey_Lazy && has_lazy_support(m, fn) ? "LazyNativeFunctions_boxed" : NULL,
                        false};
}

/* The wrapper of a form of a structured operator at the CPU or Meta key:
 * the meta function, then (CPU) the impl function into the outputs.
 * PyTorch 1.13: torchgen/dest/register_dispatch_key.py
 * StructuredRegisterDispatchKey (RegisterCPU.cpp, RegisterMeta.cpp
 * wrapper_add_Tensor, wrapper_add__Tensor, wrapper_add_out_out) */
static void print_structured_wrapper(FILE* f, const Model* m, const NativeFunction* fn, DispatchKey key) {
  const NativeFunction* s = structured_of(m, fn);
  const NativeFunction* functional = functional_of(m, s);
  const char* key_name = DispatchKey_name(key);
  const char* device = key == DispatchKey_Meta ? "DeviceType_Meta" : "DeviceType_CPU";
  const char* kind = fn == s ? "out" : is_inplace(fn) ? "inplace" : "functional";
  size_t n = s->schema.num_returns;                        /* outputs: 1 or 2 */
  const char* fail = n == 1 ? "StructuredOp_release" : "StructuredOp_release2";
  fprintf(f, "\n/* %s: structured_%s_%s (meta%s).  PyTorch 1.13: Register%s.cpp wrapper_%s */\n", fn->qualified,
          impl_name(s), kind, key == DispatchKey_Meta ? " only: a meta tensor has no data" : ", then impl", key_name,
          fn->unambiguous);
  fputs("static ", f);
  CSignature_printFunction(f, &fn->schema, "wrapper_%s_%s", key_name, fn->unambiguous);
  fputs(" {\n  StructuredOp op;\n", f);
  if (fn == s) { /* the out= arguments are the last n */
    fputs("  Tensor* outs[] = {", f);
    for (size_t i = s->schema.num_arguments - n; i < s->schema.num_arguments; i++) {
      CSignature_printArgName(f, &s->schema.arguments[i]);
      fputs(i + 1 < s->schema.num_arguments ? ", " : "};\n", f);
    }
    fprintf(f, "  StructuredOp_initOut(&op, %s, outs, %zu);\n", device, n);
  } else if (is_inplace(fn)) {
    fprintf(f, "  StructuredOp_initInplace(&op, %s, ", device);
    CSignature_printArgName(f, &fn->schema.arguments[0]);
    fputs(");\n", f);
  } else {
    fprintf(f, "  StructuredOp_initFunctional(&op, %s, %zu);\n", device, n);
  }
  fprintf(f, "  if (at_meta_%s(&op", functional->unambiguous);
  for (size_t i = 0; i < functional->schema.num_arguments; i++) {
    fputs(", ", f);
    CSignature_printArgName(f, &functional->schema.arguments[i]);
  }
  fprintf(f, ") < 0) return %s(&op);\n", fail);
  if (key != DispatchKey_Meta) {
    fprintf(f, "  if (at_impl_%s(&op", impl_name(s));
    for (size_t i = 0; i < functional->schema.num_arguments; i++) {
      fputs(", ", f);
      CSignature_printArgName(f, &functional->schema.arguments[i]);
    }
    for (size_t i = 0; i < n; i++) fprintf(f, ", op.outputs[%zu]", i);
    fprintf(f, ") < 0) return %s(&op);\n", fail);
  }
  fputs(n == 1 ? "  return StructuredOp_output(&op, 0);\n}\n" : "  return StructuredOp_outputs2(&op);\n}\n", f);
}

/* The operator fn's `structured_delegate:` names (in fn's namespace): an
 * out= form whose arguments are fn's, then its `out` arguments.  NULL after
 * printing `file:line:col: message` when it is not one. */
static const NativeFunction* find_delegate(const Model* m, const NativeFunction* fn) {
  char qualified[256];
  snprintf(qualified, sizeof qualified, "%s::%s", fn->schema.ns, fn->structured_delegate);
  const SourceLoc* l = &fn->structured_delegate_loc;
  for (size_t i = 0; i < m->num_functions; i++) {
    const NativeFunction* d = &m->functions[i];
    if (strcmp(d->qualified, qualified) != 0) continue;
    const FunctionSchema* ds = &d->schema;
    bool ok = ds->num_arguments > fn->schema.num_arguments && ds->num_returns > 0;
    for (size_t a = 0; ok && a < ds->num_arguments; a++) {
      const Argument* arg = &ds->arguments[a];
      if (a < fn->schema.num_arguments)
        ok = strcmp(arg->name, fn->schema.arguments[a].name) == 0;
      else
        ok = arg->kwarg_only && arg->alias_info.is_write && arg->type.base == SchemaBaseType_Tensor;
    }
    if (!ok) {
      fprintf(stderr, "%s:%d:%d: structured_delegate '%s' does not take %s's arguments followed by its outputs\n",
              l->file, l->line, l->col, fn->structured_delegate, fn->qualified);
      return NULL;
    }
    /* The default kernel shapes its outputs with the form's CPU kernel
     * (ops/StructuredDefault.c): written by hand, or generated for a
     * delegate that is structured itself. */
    if (NativeFunction_kernel(fn, DispatchKey_CPU) == NULL && !d->structured) {
      fprintf(stderr, "%s:%d:%d: %s has structured_delegate '%s' but no CPU kernel (minaten makes one only from a "
                      "delegate with structured: True)\n",
              l->file, l->line, l->col, fn->qualified, fn->structured_delegate);
      return NULL;
    }
    return d;
  }
  fprintf(stderr, "%s:%d:%d: unknown structured_delegate '%s'\n", l->file, l->line, l->col, fn->structured_delegate);
  return NULL;
}

/* Register<Key>.c: at_register_<Key>(), the registration_at(fn, key) of
 * every operator that has one; for Lazy, then the eager fallback.
 * PyTorch 1.13: torchgen/dest/register_dispatch_key.py RegisterDispatchKey,
 * torchgen/gen.py ComputeBackendSelect (Target.REGISTRATION) */
static int gen_register_key(const Model* m, Writer* w, DispatchKey key) {
  static const char* const kernel_includes[] = {"NativeFunctions.h",     "Operators.h",        "dispatch/Dispatcher.h",
                                                "ops/AutogenOut.h",      "ops/Structured.h",   "ops/StructuredDefault.h",
                                                "runtime/Exception.h", NULL};
  static const char* const lazy_includes[] = {"NativeFunctions.h", "Operators.h", "dispatch/Dispatcher.h",
                                              "ops/lazy/LazyNativeFunctions.h", NULL};
  static const char* const backend_select_includes[] = {"Operators.h", "dispatch/BackendSelect.h",
                                                        "dispatch/Dispatcher.h", NULL};
  const char* key_name = DispatchKey_name(key);
  char file_name[96];
  snprintf(file_name, sizeof file_name, "Register%s.c", key_name);
  FILE* f = gen_open(w, m, file_name,
                     key == DispatchKey_BackendSelect ? backend_select_includes
                     : key == DispatchKey_Lazy        ? lazy_includes
                                                      : kernel_includes);
  if (f == NULL) return -1;
  if (key == DispatchKey_BackendSelect)
    fputs("\n"
          "/* Factories (operators with tensor options, except *_like and new_*)\n"
          " * pick their backend from their dtype and device arguments; see\n"
          " * dispatch/BackendSelect.h.  Returns 0, or -1 with the error indicator set. */\n",
          f);
  else
    fprintf(f, "\n/* The %s kernels of every operator.  Returns 0, or -1 with the error\n"
               " * indicator set. */\n",
            key_name);
  if (key == DispatchKey_CPU || key == DispatchKey_Meta)
    for (size_t i = 0; i < m->num_functions; i++)
      if (structured_of(m, &m->functions[i]) != NULL) print_structured_wrapper(f, m, &m->functions[i], key);
  if (key == DispatchKey_Meta)
    for (size_t i = 0; i < m->num_functions; i++)
      if (gets_inplace_meta(m, &m->functions[i])) print_inplace_meta_wrapper(f, &m->functions[i]);
  print_register_prototype(f, key_name);
  fprintf(f, "\nint at_register_%s(void) {\n", key_name);
  for (size_t i = 0; i < m->num_functions; i++) {
    const NativeFunction* fn = &m->functions[i];
    Registration r = registration_at(m, fn, key);
    if (r.boxed != NULL && r.boxed == structured_default(fn)) {
      const NativeFunction* d = find_delegate(m, fn);
      if (d == NULL) return -1;
      fprintf(f, "  at_op_%s->structured_delegate = at_op_%s; /* structured_delegate: %s */\n", fn->unambiguous,
              d->unambiguous, fn->structured_delegate);
    }
    if (r.boxed != NULL && strcmp(r.boxed, "AutogenOut_kernel") == 0) {
      const NativeFunction* g = NULL;
      for (size_t j = 0; j < m->num_functions && g == NULL; j++)
        if (strcmp(m->functions[j].qualified, fn->autogen_functional) == 0) g = &m->functions[j];
      if (g == NULL) return -1; /* model.c made fn from it */
      fprintf(f, "  at_op_%s->autogen_functional = at_op_%s; /* autogen: %s */\n", fn->unambiguous, g->unambiguous,
              fn->qualified);
    }
    if (r.kernel != NULL || r.boxed != NULL) print_register_impl(f, fn, key_name, r, file_name);
  }
  if (key == DispatchKey_Lazy)
    fprintf(f, "  /* every other operator: on the CPU (ltc_eager_fallback) */\n"
               "  Dispatcher_registerFallback(DispatchKey_Lazy,\n"
               "                              KernelFunction_makeBoxed(LazyNativeFunctions_eagerFallback,\n"
               "                                                       \"LazyNativeFunctions_eagerFallback\"),\n"
               "                              \"%s\", __LINE__);\n",
            file_name);
  fputs("  return 0;\n}\n", f);
  return 0;
}

static int gen_register_all(const Model* m, Writer* w) {
  static const char* const includes[] = {"<stdbool.h>", "", "Operators.h", "dispatch/Dispatcher.h", "", NULL};
  FILE* f = gen_open(w, m, "RegisterAll.c", includes);
  if (f == NULL) return -1;
  for (size_t i = 0; i < kNumKernelKeys; i++) print_register_prototype(f, DispatchKey_name(kKernelKeys[i]));
  print_register_prototype(f, "BackendSelect");
  fputs("/* the math bits' keys: ops/ConjugateFallback.c, ops/NegateFallback.c */\n"
        "void at_register_Conjugate(void);\n"
        "void at_register_Negative(void);\n"
        "/* RegisterFunctionalization.c and ops/functionalization/FunctionalizeFallback.c */\n"
        "int at_register_Functionalization(void);\n", f);
  fputs("\n"
        "/* Every operator, the fallbacks every operator shares, then the kernels of\n"
        " * each key, then the math bits' keys; once.  Returns 0, or -1 with the error indicator set. */\n"
        "int at_register_all(void) {\n"
        "  static bool done = false;\n"
        "  if (done) return 0;\n"
        "  if (at_register_operators() < 0) return -1;\n"
        "  at_register_boxed_from_unboxed();\n"
        "  Dispatcher_registerStandardFallbacks();\n",
        f);
  for (size_t i = 0; i < kNumKernelKeys; i++)
    fprintf(f, "  if (at_register_%s() < 0) return -1;\n", DispatchKey_name(kKernelKeys[i]));
  fputs("  if (at_register_BackendSelect() < 0) return -1;\n"
        "  if (at_register_Functionalization() < 0) return -1;\n"
        "  at_register_Conjugate();\n"
        "  at_register_Negative();\n"
        "  done = true;\n"
        "  return 0;\n"
        "}\n",
        f);
  return 0;
}

int gen_registrations(const Model* m, Writer* w) {
  for (size_t i = 0; i < kNumKernelKeys; i++)
    if (gen_register_key(m, w, kKernelKeys[i]) < 0) return -1;
  if (gen_register_key(m, w, DispatchKey_BackendSelect) < 0) return -1;
  return gen_register_all(m, w);
}
