/*
 * gen_inplace_or_view.c - ADInplaceOrViewType.c, the kernels of the
 * ADInplaceOrView key, which sits between the autograd keys and the
 * backends (docs/architecture.md, "The autograd keys"):
 *
 *   ADInplaceOrView_<op>  for a view operator: call the operator below
 *                         ADInplaceOrView, then make its output a view of
 *                         its first argument (as_view: `_base`, the base's
 *                         version counter, the creation meta; for a
 *                         non-differentiable view such as view.dtype, a
 *                         header of its own sharing the counter);
 *                         for an in-place or out= operator: call it below
 *                         ADInplaceOrView, then bump the version counter of
 *                         each tensor it wrote (increment_version)
 *   at_register_ADInplaceOrViewType()  registers them at the ADInplaceOrView
 *                         key; every other operator falls through there
 *
 * Which operators get one, with 1.13's rules: an aten operator that is a
 * view (gen_isViewOp) or writes in place and returns what it wrote (schema
 * is_mutable, at least one return), and is not CompositeImplicitAutograd
 * (that one decomposes, and what it decomposes into has kernels here), nor
 * one of 1.13's hand-written ones (kManualAutograd: detach and copy_ have
 * hand-written kernels in autograd/VariableTypeManual.c, which registers
 * them; resize_ has none at all, so resizing does not bump the version).
 * An operator whose YAML names an ADInplaceOrView kernel gets none
 * generated.
 *
 * Nested calls do not bump twice: the kernel calls the operator with
 * ADInplaceOrView excluded, so whatever that operator's kernel calls runs
 * below this key too.
 *
 * A differentiable view of a tensor without as_strided (a lazy one) also
 * hands as_view the replay of the call (ViewFunc_new with the boxed
 * arguments: 1.13's `view_func` lambda, autograd/ViewFunc.h).  1.13 also
 * replays view_as_real, view_as_complex, _conj and _neg_view on every
 * backend (their views change metadata as_strided cannot express); minaten
 * has none of them.
 *
 * PyTorch 1.13: tools/autograd/gen_inplace_or_view_type.py (VIEW_FUNCTIONS,
 * emit_inplace_or_view_body, emit_view_body), tools/autograd/gen_trace_type.py
 * (MANUAL_AUTOGRAD), torch/csrc/autograd/generated/ADInplaceOrViewType_*.cpp
 */
#include <stdbool.h>
#include <string.h>

#include "tools/codegen/gen.h"
#include "tools/codegen/signature.h"

bool gen_isViewOp(const NativeFunction* fn) {
  const FunctionSchema* s = &fn->schema;
  return s->num_returns == 1 && s->returns[0].alias_info.present && !s->returns[0].alias_info.is_write &&
         s->num_arguments > 0 && s->arguments[0].alias_info.present && strcmp(s->name, "lift_fresh") != 0;
}

/* Operators whose kernels 1.13 writes by hand, or not at all, by base name.
 * PyTorch 1.13: tools/autograd/gen_trace_type.py MANUAL_BACKEND,
 * MANUAL_AUTOGRAD_AND_TRACER */
static const char* const kManualAutograd[] = {
    "options", "data", "set_data", "is_leaf", "output_nr", "_version", "retain_grad", "_backward",
    "requires_grad_", "resize_", "resize_as_", "detach", "detach_", "copy_", "_fw_primal", "_make_dual", NULL};

/* NB(minaten): where minaten's YAML and derivatives.yaml are not 1.13's.
 * matmul is CompositeImplicitAutograd in both, but 1.13's derivatives.yaml
 * gives it a formula for nested tensors (an AutogradNestedTensor block,
 * which yaml/derivatives.yaml drops), and an out= variant whose functional
 * variant has derivatives counts as derived: 1.13 has a kernel for
 * matmul.out.  floor_divide_.Scalar is CompositeImplicitAutograd in 1.13
 * and CompositeExplicitAutograd here, so 1.13 has none for it.
 * PyTorch 1.13: tools/autograd/gen_variable_type.py dispatch_strategy,
 * tools/autograd/load_derivatives.py (match_differentiability_info) */
static const char* const kDerivedIn113[] = {"aten::matmul.out", NULL};
static const char* const kImplicitIn113[] = {"aten::floor_divide_.Scalar", NULL};

static bool listed(const char* const* list, const char* name) {
  for (; *list != NULL; list++)
    if (strcmp(*list, name) == 0) return true;
  return false;
}

/* PyTorch 1.13: gen_inplace_or_view_type.py inplace_or_view_method_definition,
 * gen_variable_type.py use_derived */
static bool has_kernel(const NativeFunction* fn) {
  const FunctionSchema* s = &fn->schema;
  if (strcmp(s->ns, "aten") != 0 || listed(kManualAutograd, s->name) ||
      NativeFunction_kernel(fn, DispatchKey_ADInplaceOrView) != NULL)
    return false;
  bool derived = (NativeFunction_kernel(fn, DispatchKey_CompositeImplicitAutograd) == NULL &&
                  !listed(kImplicitIn113, fn->qualified)) ||
                 listed(kDerivedIn113, fn->qualified);
  return derived && (gen_isViewOp(fn) || (s->is_mutable && s->num_returns > 0));
}

/* Whether the derivatives.yaml entry of a view operator says its output is
 * not differentiable (view.dtype: `output_differentiability: [False]`).
 * PyTorch 1.13: gen_inplace_or_view_type.py emit_view_body (no
 * differentiable output: as_view(..., false, false)) */
static bool non_differentiable_view(const Model* m, const NativeFunction* fn) {
  size_t n = strlen(fn->qualified) - strlen("aten::");
  for (size_t i = 0; i < m->num_derivatives; i++) {
    const DerivativeEntry* d = &m->derivatives[i];
    if (strncmp(d->name, fn->qualified + strlen("aten::"), n) != 0 || d->name[n] != '(') continue;
    return d->num_output_differentiability > 0 && strcmp(d->output_differentiability[0], "False") == 0;
  }
  return false;
}

/* The kernel of a view operator.
 * PyTorch 1.13: gen_inplace_or_view_type.py VIEW_REDISPATCH, emit_view_body */
static void print_view_body(FILE* f, const Model* m, const NativeFunction* fn, const char* base) {
  const FunctionSchema* s = &fn->schema;
  CTypeKind ret = CType_ofReturns(s);
  fprintf(f, "  %s tmp;\n  {\n", CSignature_returnType(s));
  fprintf(f, "    DispatchKeyGuard guard = AutoDispatchBelowADInplaceOrView_push();\n    tmp = at_%s(",
          fn->unambiguous);
  CSignature_printCallArgs(f, s);
  fputs(");\n    DispatchKeyGuard_pop(guard);\n  }\n", f);
  if (ret == CTypeKind_TensorList) {
    fputs("  if (tmp.data == NULL && Error_occurred()) return tmp;\n", f);
    fputs("  CreationMeta creation_meta = InferenceMode_is_enabled() ? CreationMeta_INFERENCE_MODE\n"
          "                              : GradMode_is_enabled() ? CreationMeta_MULTI_OUTPUT_NODE\n"
          "                                                      : CreationMeta_NO_GRAD_MODE;\n", f);
    fprintf(f, "  if (as_view_list(/* base */ %s, /* output */ tmp, creation_meta) < 0) {\n", base);
    fputs("    TensorList_releaseAll(tmp);\n    return (TensorList){NULL, 0};\n  }\n  return tmp;\n", f);
    return;
  }
  fputs("  if (tmp == NULL) return NULL;\n", f);
  bool differentiable = !non_differentiable_view(m, fn);
  if (differentiable) {
    fputs("  ViewFunc* func = NULL;\n", f);
    fprintf(f, "  if (!Tensor_supportAsStrided(%s)) { /* replayed, not as_strided (autograd/ViewFunc.h) */\n", base);
    gen_printBoxedArgs(f, s, "    ");
    fprintf(f, "    func = ViewFunc_new(at_op_%s, args, %zu);\n", fn->unambiguous, s->num_arguments);
    fputs("    if (func == NULL) {\n      Tensor_release(tmp);\n      return NULL;\n    }\n  }\n", f);
  }
  fputs("  CreationMeta creation_meta = InferenceMode_is_enabled() ? CreationMeta_INFERENCE_MODE\n"
        "                              : GradMode_is_enabled() ? CreationMeta_DEFAULT\n"
        "                                                      : CreationMeta_NO_GRAD_MODE;\n", f);
  fprintf(f,
          "  return as_view(/* base */ %s, /* output */ tmp, /* is_bw_differentiable */ %s, /* view_func */ %s, "
          "creation_meta);\n",
          base, differentiable ? "true" : "false", differentiable ? "func" : "NULL");
}

/* The kernel of an in-place or out= operator: each argument it writes gets
 * one more version (1.13 bumps its return names, which are those arguments).
 * PyTorch 1.13: gen_inplace_or_view_type.py INPLACE_REDISPATCH, increment_version */
static void print_inplace_body(FILE* f, const NativeFunction* fn) {
  const FunctionSchema* s = &fn->schema;
  CTypeKind ret = CType_ofReturns(s);
  fprintf(f, "  %s result;\n  {\n", CSignature_returnType(s));
  fprintf(f, "    DispatchKeyGuard guard = AutoDispatchBelowADInplaceOrView_push();\n    result = at_%s(",
          fn->unambiguous);
  CSignature_printCallArgs(f, s);
  fputs(");\n    DispatchKeyGuard_pop(guard);\n  }\n", f);
  bool tuple = ret == CTypeKind_TensorTuple2 || ret == CTypeKind_TensorTuple3;
  if (tuple) fputs("  if (result.items[0] == NULL) return result;\n", f);
  else fputs("  if (result == NULL) return NULL;\n", f);
  bool any = false;
  for (size_t i = 0; i < s->num_arguments; i++) {
    if (!s->arguments[i].alias_info.present || !s->arguments[i].alias_info.is_write) continue;
    fputs(any ? " ||\n      increment_version(" : "  if (increment_version(", f);
    CSignature_printArgName(f, &s->arguments[i]);
    fputs(") < 0", f);
    any = true;
  }
  if (any) {
    /* an inference tensor written outside inference mode: the write is
     * done, the call fails (Note [Inference mode], runtime/InferenceMode.h) */
    if (tuple)
      fprintf(f, ") {\n    for (int i = 0; i < %d; i++) Tensor_release(result.items[i]);\n"
                 "    result.items[0] = NULL;\n    return result;\n  }\n", ret == CTypeKind_TensorTuple2 ? 2 : 3);
    else fputs(") {\n    Tensor_release(result);\n    return NULL;\n  }\n", f);
  }
  fputs("  return result;\n", f);
}

static void print_kernel(FILE* f, const Model* m, const NativeFunction* fn) {
  const FunctionSchema* s = &fn->schema;
  fputs("\n", f);
  gen_printBanner(f, fn, "");
  fputs("/* PyTorch 1.13: torch/csrc/autograd/generated/ADInplaceOrViewType_*.cpp */\nstatic ", f);
  CSignature_printFunction(f, s, "ADInplaceOrView_%s", fn->unambiguous);
  fputs(" {\n", f);
  if (s->is_mutable) {
    print_inplace_body(f, fn);
  } else {
    char base[128];
    FILE* b = fmemopen(base, sizeof base, "w");
    if (b != NULL) {
      CSignature_printArgName(b, &s->arguments[0]);
      fclose(b);
    }
    print_view_body(f, m, fn, b != NULL ? base : s->arguments[0].name);
  }
  fputs("}\n", f);
}

int gen_inplace_or_view(const Model* m, Writer* w) {
  static const char* const includes[] = {"Functions.h",         "Operators.h",        "autograd/VariableTypeUtils.h",
                                         "autograd/ViewFunc.h", "autograd/variable.h", "dispatch/Boxing.h",
                                         "dispatch/Dispatcher.h", "runtime/Exception.h", "runtime/GradMode.h",
                                         "runtime/InferenceMode.h", NULL};
  FILE* f = gen_open(w, m, "ADInplaceOrViewType.c", includes);
  if (f == NULL) return -1;
  fputs("\n/* The ADInplaceOrView kernels of every view and in-place operator.\n"
        " * Returns 0, or -1 with the error indicator set. */\nint at_register_ADInplaceOrViewType(void);\n",
        f);
  for (size_t i = 0; i < m->num_functions; i++)
    if (has_kernel(&m->functions[i])) print_kernel(f, m, &m->functions[i]);
  fputs("\nint at_register_ADInplaceOrViewType(void) {\n", f);
  for (size_t i = 0; i < m->num_functions; i++) {
    const NativeFunction* fn = &m->functions[i];
    if (!has_kernel(fn)) continue;
    fprintf(f, "  if (Dispatcher_registerImpl(at_op_%s, DispatchKey_ADInplaceOrView,\n", fn->unambiguous);
    fprintf(f, "                              KernelFunction_makeUnboxed((UnboxedFunction)ADInplaceOrView_%s, "
               "\"ADInplaceOrView_%s\"),\n", fn->unambiguous, fn->unambiguous);
    fputs("                              \"ADInplaceOrViewType.c\", __LINE__) < 0)\n    return -1;\n", f);
  }
  fputs("  return 0;\n}\n", f);
  return 0;
}
