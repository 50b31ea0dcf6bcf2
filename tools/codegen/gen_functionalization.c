/*
 * gen_functionalization.c - RegisterFunctionalization.c, the kernels of the
 * Functionalize key (ops/functionalization/FunctionalTensorWrapper.h):
 *
 *   a view operator (select.int) with a _copy form (select_copy.int):
 *       select_int_forward / select_int_reverse, the ViewMeta's two
 *       functions (the view again, or its _copy form; its inverse in
 *       ops/functionalization/FunctionalInverses.c), and
 *       Functionalize_select_int: the _copy form on the value, wrapped as
 *       a view of the input (create_functional_tensor_with_view_meta)
 *   an in-place view operator (t_, transpose_):
 *       Functionalize_t_: the input becomes the view (mutate_view_meta)
 *   an in-place or out= operator whose functional form exists (add_.Tensor,
 *   add.out -> add.Tensor):
 *       Functionalize_add__Tensor: the inputs synced and unwrapped, the
 *       functional form called on the values, the written tensor's value
 *       replaced by its result and the write queued (replace_,
 *       commit_update)
 *   a CompositeImplicitAutograd operator (reshape, matmul): its own kernel,
 *       so that it decomposes before functionalization sees it
 *
 * Every other operator takes the boxed fallback
 * (ops/functionalization/FunctionalizeFallback.c).  An input that is
 * not functional (the key is in the thread's included set: every operator
 * passes here) runs the operator itself below Functionalize.
 *
 * NB(minaten): not generated yet, so the fallback raises for them: views
 * returning several tensors (split, unbind), writes that return several
 * tensors or take tensor lists, and writes without a functional form in
 * minaten's YAML (copy_, zero_, the random fills: 1.13 autogenerates
 * `copy`, `zero`, `uniform`, ...).  1.13 also runs each in-place operator
 * on meta tensors first, to raise its shape errors; here the generated
 * kernel checks that the result kept the written tensor's shape.
 *
 * PyTorch 1.13: torchgen/gen_functionalization_type.py,
 * build/aten/src/ATen/RegisterFunctionalization_*.cpp
 */
#include <stdbool.h>
#include <string.h>

#include "tools/codegen/gen.h"
#include "tools/codegen/signature.h"

static bool is_aten(const NativeFunction* fn) { return strcmp(fn->schema.ns, "aten") == 0; }

static const NativeFunction* find(const Model* m, const char* qualified) {
  for (size_t i = 0; i < m->num_functions; i++)
    if (strcmp(m->functions[i].qualified, qualified) == 0) return &m->functions[i];
  return NULL;
}

static bool composite_implicit(const NativeFunction* fn) {
  return NativeFunction_kernel(fn, DispatchKey_CompositeImplicitAutograd) != NULL;
}

/* The _copy form of a view operator: select.int -> select_copy.int. */
static const NativeFunction* copy_of(const Model* m, const NativeFunction* fn) {
  const FunctionSchema* s = &fn->schema;
  char name[256];
  snprintf(name, sizeof name, "%s::%s_copy%s%s", s->ns, s->name, s->overload_name[0] ? "." : "", s->overload_name);
  return find(m, name);
}

static bool is_view_kernel(const Model* m, const NativeFunction* fn) {
  return is_aten(fn) && gen_isViewOp(fn) && !composite_implicit(fn) &&
         CType_ofReturns(&fn->schema) == CTypeKind_ReturnTensor && copy_of(m, fn) != NULL;
}

static bool same_argument(const Argument* a, const Argument* b) {
  return strcmp(a->name, b->name) == 0 && a->type.base == b->type.base && a->type.is_list == b->type.is_list &&
         a->type.is_optional == b->type.is_optional && a->type.elem_optional == b->type.elem_optional;
}

/* The functional form of an in-place or out= operator: the operator of the
 * same base name (add_ -> add) with its arguments but the outs, neither a
 * view nor a write.  PyTorch 1.13: torchgen/model.py FunctionSchema.signature
 * (what NativeFunctionsGroup groups by) */
static const NativeFunction* functional_variant(const Model* m, const NativeFunction* fn) {
  const FunctionSchema* s = &fn->schema;
  size_t len = strlen(s->name);
  bool inplace = len > 1 && s->name[len - 1] == '_' && s->name[len - 2] != '_';
  size_t base_len = inplace ? len - 1 : len;
  for (size_t i = 0; i < m->num_functions; i++) {
    const NativeFunction* g = &m->functions[i];
    const FunctionSchema* gs = &g->schema;
    if (g == fn || gs->is_mutable || gen_isViewOp(g) || strcmp(gs->ns, s->ns) != 0 ||
        strlen(gs->name) != base_len || strncmp(gs->name, s->name, base_len) != 0)
      continue;
    size_t k = 0;
    bool same = true;
    for (size_t j = 0; j < s->num_arguments && same; j++) {
      if (Argument_isOut(&s->arguments[j])) continue;
      same = k < gs->num_arguments && same_argument(&s->arguments[j], &gs->arguments[k++]);
    }
    if (same && k == gs->num_arguments) return g;
  }
  return NULL;
}

/* The one argument an in-place or out= operator writes, or NULL. */
static const Argument* written_argument(const FunctionSchema* s) {
  const Argument* w = NULL;
  for (size_t i = 0; i < s->num_arguments; i++)
    if (s->arguments[i].alias_info.is_write) {
      if (w != NULL) return NULL;
      w = &s->arguments[i];
    }
  return w;
}

static bool has_tensor_list(const FunctionSchema* s) {
  for (size_t i = 0; i < s->num_arguments; i++)
    if (SchemaType_isTensorList(&s->arguments[i].type)) return true;
  return false;
}

/* t_ -> t, transpose_ -> transpose.int: the view an in-place view makes. */
static const NativeFunction* inplace_view_of(const Model* m, const NativeFunction* fn) {
  const FunctionSchema* s = &fn->schema;
  if (!s->is_mutable || s->num_arguments == 0 || !s->arguments[0].alias_info.is_write || composite_implicit(fn))
    return NULL;
  size_t len = strlen(s->name);
  if (len < 2 || s->name[len - 1] != '_') return NULL;
  for (size_t i = 0; i < m->num_functions; i++) {
    const NativeFunction* g = &m->functions[i];
    const FunctionSchema* gs = &g->schema;
    if (!is_view_kernel(m, g) || strlen(gs->name) != len - 1 || strncmp(gs->name, s->name, len - 1) != 0 ||
        gs->num_arguments != s->num_arguments)
      continue;
    bool same = true;
    for (size_t j = 1; j < s->num_arguments && same; j++) same = same_argument(&s->arguments[j], &gs->arguments[j]);
    if (same) return g;
  }
  return NULL;
}

static bool is_mutation_kernel(const Model* m, const NativeFunction* fn) {
  const FunctionSchema* s = &fn->schema;
  return is_aten(fn) && s->is_mutable && !composite_implicit(fn) && inplace_view_of(m, fn) == NULL &&
         CType_ofReturns(s) == CTypeKind_ReturnTensor && written_argument(s) != NULL && !has_tensor_list(s) &&
         functional_variant(m, fn) != NULL;
}

/* The call's arguments with each tensor replaced by its unwrapped `name_`;
 * `skip_outs` leaves the out= arguments out (the functional form's call). */
static void print_unwrapped_args(FILE* f, const FunctionSchema* s, bool skip_outs) {
  bool first = true;
  for (size_t i = 0; i < s->num_arguments; i++) {
    const Argument* a = &s->arguments[i];
    if (skip_outs && Argument_isOut(a)) continue;
    if (!first) fputs(", ", f);
    first = false;
    CTypeKind k = CType_ofArgument(a);
    if (k == CTypeKind_MutTensor) fputs("(Tensor*)", f);
    CSignature_printArgName(f, a);
    if (k == CTypeKind_ConstTensor || k == CTypeKind_MutTensor) fputs("_", f);
  }
}

/* The ViewMeta's arguments unboxed: `unbox_Int(&meta->args[1])`, ... */
static void print_meta_args(FILE* f, const FunctionSchema* s) {
  for (size_t i = 1; i < s->num_arguments; i++)
    fprintf(f, ", unbox_%s(&meta->args[%zu])", CType_kindName(CType_ofArgument(&s->arguments[i])), i);
}

/* select_int_forward and select_int_reverse.
 * PyTorch 1.13: gen_functionalization_type.py emit_view_functionalization_body
 * (the ViewMeta's two lambdas) */
static void print_view_meta_functions(FILE* f, const NativeFunction* fn, const NativeFunction* copy) {
  const FunctionSchema* s = &fn->schema;
  fprintf(f, "\nstatic Tensor* %s_forward(const Tensor* base, const ViewMeta* meta) {\n", fn->unambiguous);
  fprintf(f, "  return meta->reapply_views ? at_%s(base", fn->unambiguous);
  print_meta_args(f, s);
  fprintf(f, ")\n                             : at_%s(base", copy->unambiguous);
  print_meta_args(f, s);
  fputs(");\n}\n", f);
  fprintf(f, "static Tensor* %s_reverse(const Tensor* base, const Tensor* mutated_view, const ViewMeta* meta) {\n",
          fn->unambiguous);
  fprintf(f, "  return FunctionalInverses_%s_inverse(base, mutated_view, meta->reapply_views", copy->unambiguous);
  print_meta_args(f, s);
  fputs(");\n}\n", f);
}

/* The banner, then `static Tensor* Functionalize_<op>(<params>) {`. */
static void print_kernel_head(FILE* f, const NativeFunction* fn) {
  fputs("\n", f);
  gen_printBanner(f, fn, "");
  fputs("/* PyTorch 1.13: build/aten/src/ATen/RegisterFunctionalization_*.cpp */\nstatic ", f);
  CSignature_printFunction(f, &fn->schema, "Functionalize_%s", fn->unambiguous);
  fputs(" {\n", f);
}

static void print_redispatch_nonfunctional(FILE* f, const NativeFunction* fn, const char* self) {
  fprintf(f, "  if (!functionalization_isFunctionalTensor(%s)) {\n", self);
  fputs("    DispatchKeyGuard guard = AutoDispatchSkipFunctionalize_push();\n", f);
  fprintf(f, "    Tensor* out = at_%s(", fn->unambiguous);
  CSignature_printCallArgs(f, &fn->schema);
  fputs(");\n    DispatchKeyGuard_pop(guard);\n    return out;\n  }\n", f);
}

/* PyTorch 1.13: gen_functionalization_type.py emit_view_functionalization_body */
static void print_view_kernel(FILE* f, const NativeFunction* fn, const NativeFunction* copy) {
  const FunctionSchema* s = &fn->schema;
  print_view_meta_functions(f, fn, copy);
  print_kernel_head(f, fn);
  print_redispatch_nonfunctional(f, fn, "self");
  fputs("  bool reapply_views = functionalization_getReapplyViewsTLS();\n", f);
  fputs("  const Tensor* self_ = functionalization_fromFunctionalTensor(self);\n", f);
  fputs("  Tensor* tmp_output;\n  {\n    DispatchKeyGuard guard = AutoDispatchSkipFunctionalize_push();\n", f);
  fprintf(f, "    tmp_output = reapply_views ? at_%s(", fn->unambiguous);
  print_unwrapped_args(f, s, false);
  fprintf(f, ") : at_%s(", copy->unambiguous);
  print_unwrapped_args(f, s, false);
  fputs(");\n    DispatchKeyGuard_pop(guard);\n  }\n  if (tmp_output == NULL) return NULL;\n", f);
  gen_printBoxedArgs(f, s, "  ");
  fprintf(f, "  ViewMeta* meta = ViewMeta_new(%s_forward, %s_reverse, args, %zu, reapply_views);\n", fn->unambiguous,
          fn->unambiguous, s->num_arguments);
  fputs("  if (meta == NULL) {\n    Tensor_release(tmp_output);\n    return NULL;\n  }\n", f);
  fputs("  Tensor* out = functionalization_createFunctionalTensorWithViewMeta(tmp_output, self, meta, 0);\n", f);
  fputs("  /* Note [Propagating strides in the functionalization pass] */\n", f);
  fprintf(f, "  if (out != NULL && functionalization_setViewOffset(out, self, at_op_%s, args) < 0) {\n", fn->unambiguous);
  fputs("    Tensor_release(out);\n    return NULL;\n  }\n  return out;\n}\n", f);
}

/* PyTorch 1.13: gen_functionalization_type.py (inplace views:
 * emit_inplace_functionalization_body with mutate_view_meta) */
static void print_inplace_view_kernel(FILE* f, const NativeFunction* fn, const NativeFunction* view) {
  const FunctionSchema* s = &fn->schema;
  print_kernel_head(f, fn);
  print_redispatch_nonfunctional(f, fn, "self");
  gen_printBoxedArgs(f, s, "  ");
  fprintf(f, "  ViewMeta* meta = ViewMeta_new(%s_forward, %s_reverse, args, %zu, "
             "functionalization_getReapplyViewsTLS());\n",
          view->unambiguous, view->unambiguous, s->num_arguments);
  fputs("  if (meta == NULL || functionalization_mutateViewMeta(self, meta) < 0) return NULL;\n", f);
  fputs("  /* Note [Propagating strides in the functionalization pass] */\n", f);
  fprintf(f, "  if (functionalization_setViewOffset(self, self, at_op_%s, args) < 0) return NULL;\n", fn->unambiguous);
  fputs("  return Tensor_retain(self);\n}\n", f);
}

/* PyTorch 1.13: gen_functionalization_type.py emit_inplace_functionalization_body */
static void print_mutation_kernel(FILE* f, const NativeFunction* fn, const NativeFunction* functional) {
  const FunctionSchema* s = &fn->schema;
  const Argument* written = written_argument(s);
  char out[64];
  snprintf(out, sizeof out, "%s", written->name);
  if (CSignature_isReserved(out)) strncat(out, "_", sizeof out - strlen(out) - 1);
  print_kernel_head(f, fn);
  /* sync and unwrap every tensor argument */
  for (size_t i = 0; i < s->num_arguments; i++) {
    const Argument* a = &s->arguments[i];
    CTypeKind k = CType_ofArgument(a);
    if (k != CTypeKind_ConstTensor && k != CTypeKind_MutTensor) continue;
    fputs("  if (functionalization_sync(", f);
    CSignature_printArgName(f, a);
    fputs(") < 0) return NULL;\n  const Tensor* ", f);
    CSignature_printArgName(f, a);
    fputs("_ = functionalization_fromFunctionalTensor(", f);
    CSignature_printArgName(f, a);
    fputs(");\n", f);
  }
  /* the written tensor is not functional: the others must not be either */
  fprintf(f, "  if (!functionalization_isFunctionalTensor(%s)) {\n", out);
  bool any = false;
  for (size_t i = 0; i < s->num_arguments; i++) {
    const Argument* a = &s->arguments[i];
    CTypeKind k = CType_ofArgument(a);
    if ((k != CTypeKind_ConstTensor && k != CTypeKind_MutTensor) || a == written) continue;
    fputs(any ? " ||\n        functionalization_isFunctionalTensor(" : "    if (functionalization_isFunctionalTensor(",
          f);
    CSignature_printArgName(f, a);
    fputs(")", f);
    any = true;
  }
  if (any)
    fputs(") {\n      Error_set(ErrorType_RuntimeError, \"%s\", kMutatingNonFunctional);\n      return NULL;\n    }\n",
          f);
  fputs("    DispatchKeyGuard guard = AutoDispatchSkipFunctionalize_push();\n", f);
  fprintf(f, "    Tensor* result = at_%s(", fn->unambiguous);
  print_unwrapped_args(f, s, false);
  fputs(");\n    DispatchKeyGuard_pop(guard);\n    if (result == NULL) return NULL;\n", f);
  fprintf(f, "    Tensor_release(result);\n    return Tensor_retain(%s);\n  }\n", out);
  fputs("  Tensor* tmp_output;\n  {\n    DispatchKeyGuard guard = AutoDispatchSkipFunctionalize_push();\n", f);
  fprintf(f, "    tmp_output = at_%s(", functional->unambiguous);
  print_unwrapped_args(f, s, true);
  fputs(");\n    DispatchKeyGuard_pop(guard);\n  }\n  if (tmp_output == NULL) return NULL;\n", f);
  if (!Argument_isOut(written))
    fprintf(f, "  if (functionalization_checkInplaceShape(%s, tmp_output) < 0) {\n"
               "    Tensor_release(tmp_output);\n    return NULL;\n  }\n",
            out);
  fprintf(f, "  int rc = functionalization_replace_(%s, tmp_output);\n  Tensor_release(tmp_output);\n", out);
  fprintf(f, "  if (rc < 0 || functionalization_commitUpdate(%s) < 0 || functionalization_sync(%s) < 0) return NULL;\n",
          out, out);
  fprintf(f, "  return Tensor_retain(%s);\n}\n", out);
}

static void print_registration(FILE* f, const NativeFunction* fn, const char* kernel) {
  fprintf(f, "  if (Dispatcher_registerImpl(at_op_%s, DispatchKey_Functionalize,\n", fn->unambiguous);
  fprintf(f, "                              KernelFunction_makeUnboxed((UnboxedFunction)%s, \"%s\"),\n", kernel,
          kernel);
  fputs("                              \"RegisterFunctionalization.c\", __LINE__) < 0)\n    return -1;\n", f);
}

int gen_functionalization(const Model* m, Writer* w) {
  static const char* const includes[] = {"Functions.h",
                                         "NativeFunctions.h",
                                         "Operators.h",
                                         "dispatch/Boxing.h",
                                         "dispatch/Dispatcher.h",
                                         "ops/functionalization/FunctionalInverses.h",
                                         "ops/functionalization/FunctionalTensorWrapper.h",
                                         "runtime/Exception.h",
                                         NULL};
  FILE* f = gen_open(w, m, "RegisterFunctionalization.c", includes);
  if (f == NULL) return -1;
  fputs("\n/* The Functionalize kernels of the views, the writes and the\n"
        " * CompositeImplicitAutograd operators, and the fallback\n"
        " * (FunctionalizeFallback.c).  Returns 0, or -1 with the error indicator set. */\n"
        "int at_register_Functionalization(void);\n"
        "void at_register_FunctionalizeFallbackKernel(void);\n",
        f);
  for (size_t i = 0; i < m->num_functions; i++) {
    const NativeFunction* fn = &m->functions[i];
    if (is_view_kernel(m, fn)) print_view_kernel(f, fn, copy_of(m, fn));
  }
  for (size_t i = 0; i < m->num_functions; i++) {
    const NativeFunction* fn = &m->functions[i];
    const NativeFunction* view = is_aten(fn) ? inplace_view_of(m, fn) : NULL;
    if (view != NULL) print_inplace_view_kernel(f, fn, view);
    else if (is_mutation_kernel(m, fn)) print_mutation_kernel(f, fn, functional_variant(m, fn));
  }
  fputs("\nint at_register_Functionalization(void) {\n  at_register_FunctionalizeFallbackKernel();\n", f);
  for (size_t i = 0; i < m->num_functions; i++) {
    const NativeFunction* fn = &m->functions[i];
    char kernel[300];
    if (!is_aten(fn)) continue;
    if (composite_implicit(fn)) {
      /* PyTorch 1.13: gen_functionalization_type.py (CompositeImplicitAutograd
       * kernels are registered to Functionalize too, to decompose first) */
      snprintf(kernel, sizeof kernel, "at_native_%s",
               NativeFunction_kernel(fn, DispatchKey_CompositeImplicitAutograd)->kernel);
    } else if (is_view_kernel(m, fn) || (inplace_view_of(m, fn) != NULL) || is_mutation_kernel(m, fn)) {
      snprintf(kernel, sizeof kernel, "Functionalize_%s", fn->unambiguous);
    } else {
      continue;
    }
    print_registration(f, fn, kernel);
  }
  fputs("  return 0;\n}\n", f);
  return 0;
}
