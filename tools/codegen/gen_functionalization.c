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
 *   add.out -> add.Tensor, __ilshift__.Scalar -> __lshift__.Scalar):
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
 * A view of several outputs (split, unbind) gives each output a ViewMeta
 * naming its index; a write of several outputs (max.dim_max) replaces each
 * with its item of the functional form's tuple; a Tensor[] argument
 * (cat.out) is synced and unwrapped element by element; an out= factory
 * (arange.out) calls the factory (arange) with the out tensor's options.
 *
 * Each in-place operator runs on meta tensors first, for its own errors
 * (a shape that cannot broadcast into self), as 1.13's; when it has no Meta
 * kernel, the result is checked to keep the written tensor's shape instead.
 * resize_ is written by hand (hand_written below).
 *
 * NB(minaten): not generated yet, so the fallback raises for them:
 * bernoulli_.Tensor, whose functional form minaten's YAML does not have,
 * and the out= forms of list views (split_copy.Tensor_out).
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

/* A view of several outputs (split, unbind): Tensor(a)[]. */
static bool returns_list(const NativeFunction* fn) { return CType_ofReturns(&fn->schema) == CTypeKind_TensorList; }

static bool is_view_kernel(const Model* m, const NativeFunction* fn) {
  CTypeKind ret = CType_ofReturns(&fn->schema);
  return is_aten(fn) && gen_isViewOp(fn) && !composite_implicit(fn) &&
         (ret == CTypeKind_ReturnTensor || ret == CTypeKind_TensorList) && copy_of(m, fn) != NULL;
}

static bool same_argument(const Argument* a, const Argument* b) {
  return strcmp(a->name, b->name) == 0 && a->type.base == b->type.base && a->type.is_list == b->type.is_list &&
         a->type.is_optional == b->type.is_optional && a->type.elem_optional == b->type.elem_optional;
}

static bool has_out(const FunctionSchema* s) {
  for (size_t i = 0; i < s->num_arguments; i++)
    if (Argument_isOut(&s->arguments[i])) return true;
  return false;
}

/* Whether a factory's arguments from k on are its tensor options
 * (`*, ScalarType? dtype=None, Layout? layout=None, Device? device=None,
 * bool? pin_memory=None`): the functional form of an out= factory
 * (arange.out -> arange) takes them from the out tensor. */
static bool takes_tensor_options(const FunctionSchema* g, size_t k) {
  static const char* const kOptions[] = {"dtype", "layout", "device", "pin_memory"};
  if (g->num_arguments != k + 4) return false;
  for (size_t i = 0; i < 4; i++)
    if (strcmp(g->arguments[k + i].name, kOptions[i]) != 0) return false;
  return true;
}

/* The functional form of an in-place or out= operator: the operator of the
 * same base name (add_ -> add) with its arguments but the outs, neither a
 * view nor a write.  PyTorch 1.13: torchgen/model.py FunctionSchema.signature
 * (what NativeFunctionsGroup groups by) */
static const NativeFunction* functional_variant(const Model* m, const NativeFunction* fn) {
  const FunctionSchema* s = &fn->schema;
  size_t len = strlen(s->name);
  bool inplace = len > 1 && s->name[len - 1] == '_' && s->name[len - 2] != '_';
  char base[128];
  if (len > 5 && strncmp(s->name, "__i", 3) == 0 && strcmp(s->name + len - 2, "__") == 0)
    snprintf(base, sizeof base, "__%s", s->name + 3); /* __ilshift__ -> __lshift__ */
  else
    snprintf(base, sizeof base, "%.*s", (int)(inplace ? len - 1 : len), s->name);
  for (size_t i = 0; i < m->num_functions; i++) {
    const NativeFunction* g = &m->functions[i];
    const FunctionSchema* gs = &g->schema;
    if (g == fn || gs->is_mutable || gen_isViewOp(g) || strcmp(gs->ns, s->ns) != 0 || strcmp(gs->name, base) != 0)
      continue;
    size_t k = 0;
    bool same = true;
    for (size_t j = 0; j < s->num_arguments && same; j++) {
      if (Argument_isOut(&s->arguments[j])) continue;
      same = k < gs->num_arguments && same_argument(&s->arguments[j], &gs->arguments[k++]);
    }
    if (same && (k == gs->num_arguments || (has_out(s) && takes_tensor_options(gs, k)))) return g;
  }
  /* normal_'s is normal_functional: `normal` names the sampling functions */
  if (strcmp(s->name, "normal_") == 0) return find(m, "aten::normal_functional");
  return NULL;
}

/* The arguments an in-place or out= operator writes, into w[0..3): how
 * many, or -1 if one is not a single tensor (an out= list). */
static int written_arguments(const FunctionSchema* s, const Argument* w[3]) {
  int n = 0;
  for (size_t i = 0; i < s->num_arguments; i++) {
    const Argument* a = &s->arguments[i];
    if (!a->alias_info.is_write) continue;
    if (n == 3 || SchemaType_isTensorList(&a->type)) return -1;
    w[n++] = a;
  }
  return n;
}

static bool is_tensor(CTypeKind k) { return k == CTypeKind_ConstTensor || k == CTypeKind_MutTensor; }

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

/* An in-place or out= operator returning what it wrote, one tensor or a
 * tuple (max.dim_max), with a functional form returning as many. */
/* Writes whose Functionalize kernel is written by hand
 * (ops/functionalization/FunctionalizeFallback.c): resize_ may grow the
 * storage or be a view.
 * PyTorch 1.13: gen_functionalization_type.py MUTABLE_OPS_NOT_USING_FUNCTIONALIZATION */
static bool hand_written(const FunctionSchema* s) { return strcmp(s->name, "resize_") == 0; }

static bool is_mutation_kernel(const Model* m, const NativeFunction* fn) {
  const FunctionSchema* s = &fn->schema;
  if (!is_aten(fn) || !s->is_mutable || composite_implicit(fn) || inplace_view_of(m, fn) != NULL || hand_written(s))
    return false;
  const Argument* w[3];
  int n = written_arguments(s, w);
  CTypeKind ret = CType_ofReturns(s);
  int returned = ret == CTypeKind_ReturnTensor ? 1 : ret == CTypeKind_TensorTuple2 ? 2 : ret == CTypeKind_TensorTuple3 ? 3 : 0;
  const NativeFunction* g = functional_variant(m, fn);
  return n > 0 && n == returned && g != NULL && CType_ofReturns(&g->schema) == ret;
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
    if (is_tensor(k) || k == CTypeKind_TensorList) fputs("_", f);
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
  bool list = returns_list(fn);
  fprintf(f, "\nstatic Tensor* %s_forward(const Tensor* base, const ViewMeta* meta) {\n", fn->unambiguous);
  fprintf(f, "  %s meta->reapply_views ? at_%s(base", list ? "TensorList views =" : "return", fn->unambiguous);
  print_meta_args(f, s);
  fprintf(f, ")\n         %*s: at_%s(base", list ? 19 : 15, "", copy->unambiguous);
  print_meta_args(f, s);
  fputs(");\n", f);
  if (list) fputs("  return functionalization_takeListItem(views, meta->out_index);\n", f);
  fputs("}\n", f);
  fprintf(f, "static Tensor* %s_reverse(const Tensor* base, const Tensor* mutated_view, const ViewMeta* meta) {\n",
          fn->unambiguous);
  fprintf(f, "  return FunctionalInverses_%s_inverse(base, mutated_view, meta->reapply_views%s", copy->unambiguous,
          list ? ", meta->out_index" : "");
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
  fprintf(f, "    %s out = at_%s(", returns_list(fn) ? "TensorList" : "Tensor*", fn->unambiguous);
  CSignature_printCallArgs(f, &fn->schema);
  fputs(");\n    DispatchKeyGuard_pop(guard);\n    return out;\n  }\n", f);
}

/* PyTorch 1.13: gen_functionalization_type.py emit_view_functionalization_body */
static void print_view_kernel(FILE* f, const NativeFunction* fn, const NativeFunction* copy) {
  const FunctionSchema* s = &fn->schema;
  bool list = returns_list(fn);
  const char* type = list ? "TensorList" : "Tensor*";
  print_view_meta_functions(f, fn, copy);
  print_kernel_head(f, fn);
  print_redispatch_nonfunctional(f, fn, "self");
  fputs("  bool reapply_views = functionalization_getReapplyViewsTLS();\n", f);
  fputs("  const Tensor* self_ = functionalization_fromFunctionalTensor(self);\n", f);
  fprintf(f, "  %s tmp_output;\n  {\n    DispatchKeyGuard guard = AutoDispatchSkipFunctionalize_push();\n", type);
  fprintf(f, "    tmp_output = reapply_views ? at_%s(", fn->unambiguous);
  print_unwrapped_args(f, s, false);
  fprintf(f, ") : at_%s(", copy->unambiguous);
  print_unwrapped_args(f, s, false);
  fputs(");\n    DispatchKeyGuard_pop(guard);\n  }\n", f);
  fputs(list ? "  if (tmp_output.data == NULL && Error_occurred()) return tmp_output;\n"
             : "  if (tmp_output == NULL) return NULL;\n",
        f);
  gen_printBoxedArgs(f, s, "  ");
  fprintf(f, "  ViewMeta* meta = ViewMeta_new(%s_forward, %s_reverse, args, %zu, reapply_views);\n", fn->unambiguous,
          fn->unambiguous, s->num_arguments);
  if (list) {
    fputs("  if (meta == NULL) {\n    TensorList_releaseAll(tmp_output);\n    return (TensorList){NULL, 0};\n  }\n", f);
    fputs("  TensorList out = functionalization_createFunctionalTensorsWithViewMeta(tmp_output, self, meta);\n", f);
    fputs("  /* Note [Propagating strides in the functionalization pass] */\n", f);
    fprintf(f, "  if (out.data != NULL && functionalization_setViewOffsets(out, self, at_op_%s, args) < 0) {\n",
            fn->unambiguous);
    fputs("    TensorList_releaseAll(out);\n    return (TensorList){NULL, 0};\n  }\n  return out;\n}\n", f);
  } else {
    fputs("  if (meta == NULL) {\n    Tensor_release(tmp_output);\n    return NULL;\n  }\n", f);
    fputs("  Tensor* out = functionalization_createFunctionalTensorWithViewMeta(tmp_output, self, meta, 0);\n", f);
    fputs("  /* Note [Propagating strides in the functionalization pass] */\n", f);
    fprintf(f, "  if (out != NULL && functionalization_setViewOffset(out, self, at_op_%s, args) < 0) {\n",
            fn->unambiguous);
    fputs("    Tensor_release(out);\n    return NULL;\n  }\n  return out;\n}\n", f);
  }
}

/* PyTorch 1.13: gen_functionalization_type.py (inplace views:
 * emit_inplace_functionalization_body with mutate_view_meta) */
static void print_inplace_view_kernel(FILE* f, const NativeFunction* fn, const NativeFunction* view) {
  const FunctionSchema* s = &fn->schema;
  print_kernel_head(f, fn);
  print_redispatch_nonfunctional(f, fn, "self");
  gen_printBoxedArgs(f, s, "  ");
  fputs("  /* Note [Propagating strides in the functionalization pass]: the reference run first */\n", f);
  fputs("  int64_t offset;\n", f);
  fprintf(f, "  if (functionalization_viewOffset(self, at_op_%s, args, &offset) < 0) return NULL;\n", fn->unambiguous);
  fprintf(f, "  ViewMeta* meta = ViewMeta_new(%s_forward, %s_reverse, args, %zu, "
             "functionalization_getReapplyViewsTLS());\n",
          view->unambiguous, view->unambiguous, s->num_arguments);
  fputs("  if (meta == NULL || functionalization_mutateViewMeta(self, meta) < 0) return NULL;\n", f);
  fputs("  self->storage_offset = offset;\n", f);
  fputs("  return Tensor_retain(self);\n}\n", f);
}

/* `written[0]`, or `(TensorTuple2){{written[0], written[1]}}`: the
 * written arguments, each with one more reference. */
static void print_written_result(FILE* f, const Argument* const* w, int n, const char* indent) {
  fprintf(f, "%sresult = ", indent);
  if (n > 1) fprintf(f, "(TensorTuple%d){{", n);
  for (int i = 0; i < n; i++) {
    fputs(i ? ", Tensor_retain(" : "Tensor_retain(", f);
    CSignature_printArgName(f, w[i]);
    fputs(")", f);
  }
  fputs(n > 1 ? "}};\n" : ";\n", f);
}

/* Releases what a call returned: `r`, or each of r.items. */
static void print_release_result(FILE* f, const char* r, int n, const char* indent) {
  if (n == 1) fprintf(f, "%sTensor_release(%s);\n", indent, r);
  else fprintf(f, "%sfor (int i = 0; i < %d; i++) Tensor_release(%s.items[i]);\n", indent, n, r);
}

/* PyTorch 1.13: gen_functionalization_type.py emit_inplace_functionalization_body */
/* A write's kernel, as in print_mutation_kernel: its written arguments,
 * its return type and how a failed call of that type reads. */
typedef struct WriteKernel {
  const NativeFunction* fn;
  const NativeFunction* functional;
  const Argument* w[3];
  int n;
  const char* ret_type; /* Tensor*, TensorTuple2, TensorTuple3 */
  const char* failed;   /* "%s == NULL", "%s.items[0] == NULL" */
} WriteKernel;

/* Every tensor argument synced and unwrapped into `name_` (a Tensor[]
 * into `name_` and the array `name_values`). */
static void print_unwrap_arguments(FILE* f, const FunctionSchema* s) {
  for (size_t i = 0; i < s->num_arguments; i++) {
    const Argument* a = &s->arguments[i];
    CTypeKind k = CType_ofArgument(a);
    if (!is_tensor(k) && k != CTypeKind_TensorList) continue;
    fputs(k == CTypeKind_TensorList ? "  TensorList " : "  const Tensor* ", f);
    CSignature_printArgName(f, a);
    fputs(k == CTypeKind_TensorList ? "_;\n  Tensor** " : "_ = NULL;\n", f);
    if (k == CTypeKind_TensorList) {
      CSignature_printArgName(f, a);
      fputs("_values = NULL;\n", f);
    }
  }
  for (size_t i = 0; i < s->num_arguments; i++) {
    const Argument* a = &s->arguments[i];
    CTypeKind k = CType_ofArgument(a);
    if (k == CTypeKind_TensorList) {
      fputs("  if (functionalization_unwrapTensorList(", f);
      CSignature_printArgName(f, a);
      fputs(", &", f);
      CSignature_printArgName(f, a);
      fputs("_, &", f);
      CSignature_printArgName(f, a);
      fputs("_values) < 0) goto done;\n", f);
    } else if (is_tensor(k)) {
      fputs("  if (functionalization_sync(", f);
      CSignature_printArgName(f, a);
      fputs(") < 0) goto done;\n  ", f);
      CSignature_printArgName(f, a);
      fputs("_ = functionalization_fromFunctionalTensor(", f);
      CSignature_printArgName(f, a);
      fputs(");\n", f);
    }
  }
}

/* The written tensors are not all functional: the operator itself runs
 * below Functionalize, unless another argument is functional (an error). */
static void print_nonfunctional_write(FILE* f, const WriteKernel* k) {
  const FunctionSchema* s = &k->fn->schema;
  char cond[64];
  fputs("  if (!(", f);
  for (int i = 0; i < k->n; i++) {
    fputs(i ? " && functionalization_isFunctionalTensor(" : "functionalization_isFunctionalTensor(", f);
    CSignature_printArgName(f, k->w[i]);
    fputs(")", f);
  }
  fputs(")) {\n", f);
  bool any = false;
  for (size_t i = 0; i < s->num_arguments; i++) {
    const Argument* a = &s->arguments[i];
    CTypeKind kind = CType_ofArgument(a);
    if (a->alias_info.is_write || (!is_tensor(kind) && kind != CTypeKind_TensorList)) continue;
    fputs(any ? " ||\n        " : "    if (", f);
    fputs(kind == CTypeKind_TensorList ? "functionalization_isFunctionalTensorList("
                                       : "functionalization_isFunctionalTensor(",
          f);
    CSignature_printArgName(f, a);
    fputs(")", f);
    any = true;
  }
  if (any)
    fputs(") {\n      Error_set(ErrorType_RuntimeError, \"%s\", kMutatingNonFunctional);\n      goto done;\n    }\n",
          f);
  fputs("    DispatchKeyGuard guard = AutoDispatchSkipFunctionalize_push();\n", f);
  fprintf(f, "    %s r = at_%s(", k->ret_type, k->fn->unambiguous);
  print_unwrapped_args(f, s, false);
  fputs(");\n    DispatchKeyGuard_pop(guard);\n", f);
  snprintf(cond, sizeof cond, k->failed, "r");
  fprintf(f, "    if (%s) goto done;\n", cond);
  print_release_result(f, "r", k->n, "    ");
  print_written_result(f, k->w, k->n, "    ");
  fputs("    goto done;\n  }\n", f);
}

/* The functional form on the values; each written tensor's value replaced
 * by its result and the write queued (replace_, commit_update, sync). */
static void print_functional_write(FILE* f, const WriteKernel* k) {
  const FunctionSchema* s = &k->fn->schema;
  char cond[64];
  fprintf(f, "  %s tmp_output;\n  {\n    DispatchKeyGuard guard = AutoDispatchSkipFunctionalize_push();\n",
          k->ret_type);
  fprintf(f, "    tmp_output = at_%s(", k->functional->unambiguous);
  print_unwrapped_args(f, s, true);
  size_t non_out = 0;
  for (size_t i = 0; i < s->num_arguments; i++) non_out += !Argument_isOut(&s->arguments[i]);
  if (k->functional->schema.num_arguments > non_out) {
    /* an out= factory: the out tensor's options */
    fputs(", (OptionalScalarType){true, ", f);
    CSignature_printArgName(f, k->w[0]);
    fputs("->dtype}, (OptionalLayout){true, Layout_Strided}, (OptionalDevice){true, ", f);
    CSignature_printArgName(f, k->w[0]);
    fputs("->device}, kNoPinMemory", f);
  }
  fputs(");\n    DispatchKeyGuard_pop(guard);\n  }\n", f);
  snprintf(cond, sizeof cond, k->failed, "tmp_output");
  fprintf(f, "  if (%s) goto done;\n  int rc = 0;\n", cond);
  /* (resize_as_ writes a new shape: nothing to check) */
  if (k->n == 1 && !Argument_isOut(k->w[0]) && strcmp(k->fn->schema.name, "resize_as_") != 0) {
    fputs("  if (!ran_meta) rc = functionalization_checkInplaceShape(", f);
    CSignature_printArgName(f, k->w[0]);
    fputs(", tmp_output);\n", f);
  }
  for (int i = 0; i < k->n; i++) {
    char item[32];
    snprintf(item, sizeof item, k->n == 1 ? "tmp_output" : "tmp_output.items[%d]", i);
    fputs("  if (rc == 0) rc = functionalization_replace_(", f);
    CSignature_printArgName(f, k->w[i]);
    fprintf(f, ", %s);\n  if (rc == 0) rc = functionalization_commitUpdate(", item);
    CSignature_printArgName(f, k->w[i]);
    fputs(");\n  if (rc == 0) rc = functionalization_sync(", f);
    CSignature_printArgName(f, k->w[i]);
    fputs(");\n", f);
  }
  print_release_result(f, "tmp_output", k->n, "  ");
  fputs("  if (rc == 0) {\n", f);
  print_written_result(f, k->w, k->n, "    ");
  fputs("  }\n", f);
}

static void print_mutation_kernel(FILE* f, const NativeFunction* fn, const NativeFunction* functional) {
  const FunctionSchema* s = &fn->schema;
  WriteKernel k = {fn, functional, {NULL, NULL, NULL}, 0, NULL, NULL};
  k.n = written_arguments(s, k.w);
  k.ret_type = k.n == 1 ? "Tensor*" : k.n == 2 ? "TensorTuple2" : "TensorTuple3";
  k.failed = k.n == 1 ? "%s == NULL" : "%s.items[0] == NULL";
  print_kernel_head(f, fn);
  fprintf(f, "  %s result = %s;\n", k.ret_type,
          k.n == 1 ? "NULL" : k.n == 2 ? "{{NULL, NULL}}" : "{{NULL, NULL, NULL}}");
  if (k.n == 1 && !Argument_isOut(k.w[0])) {
    fputs("  /* in place: the errors of the in-place form first, on meta tensors */\n  int ran_meta;\n  {\n", f);
    gen_printBoxedArgs(f, s, "    ");
    /* (a return, not `goto done`: nothing is unwrapped yet) */
    fprintf(f, "    if ((ran_meta = functionalization_runInplaceMeta(at_op_%s, args)) < 0) return result;\n  }\n",
            fn->unambiguous);
  }
  print_unwrap_arguments(f, s);
  print_nonfunctional_write(f, &k);
  print_functional_write(f, &k);
  fputs("done:\n", f);
  for (size_t i = 0; i < s->num_arguments; i++)
    if (CType_ofArgument(&s->arguments[i]) == CTypeKind_TensorList) {
      fputs("  free(", f);
      CSignature_printArgName(f, &s->arguments[i]);
      fputs("_values);\n", f);
    }
  fputs("  return result;\n}\n", f);
}

static void print_registration(FILE* f, const NativeFunction* fn, const char* kernel) {
  fprintf(f, "  if (Dispatcher_registerImpl(at_op_%s, DispatchKey_Functionalize,\n", fn->unambiguous);
  fprintf(f, "                              KernelFunction_makeUnboxed((UnboxedFunction)%s, \"%s\"),\n", kernel,
          kernel);
  fputs("                              \"RegisterFunctionalization.c\", __LINE__) < 0)\n    return -1;\n", f);
}

int gen_functionalization(const Model* m, Writer* w) {
  static const char* const includes[] = {"<stdlib.h>",
                                         "",
                                         "Functions.h",
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
