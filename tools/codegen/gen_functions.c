/*
 * gen_functions.c - Functions.h and Functions.c: the typed entry points.
 *
 * `at_reshape(self, shape)` is what C code (kernels, the Python bindings, tests)
 * calls; it is the first frame of every dispatch, and reads in three steps,
 * the dispatcher's own:
 *
 *   1. the dispatch key set: the union of the key sets of the tensor
 *      arguments (Tensor, Tensor?, Tensor[]), adjusted by the thread-local
 *      included/excluded sets (Dispatcher_computeDispatchKeySet);
 *   2. the kernel for the highest key (OperatorEntry_lookup);
 *   3. the call: straight to the typed C function when the kernel has one
 *      (the common case, no boxing, no allocation), or else -- a boxed
 *      kernel, a fallback, or --trace=dispatch -- the arguments are boxed as
 *      borrowed IValues and the returns unboxed (Dispatcher_callKernelBoxed)
 *      in `at_reshape_boxed`.  That path is a function of its own, marked
 *      cold, so that the common case needs no stack frame: the compiler
 *      turns the typed call into a jump (a tail call), and a dispatch costs
 *      a dozen instructions.
 *
 * A failure reaches the caller as NULL (a tensor), a TensorList with NULL
 * data, or a zero number, with the error indicator set (runtime/Exception.h).
 *
 * The other direction has a function per operator too:
 * `at_reshape_boxed_from_unboxed(kernel, args, rets)` calls one of the
 * operator's unboxed kernels with boxed arguments (the Python bindings' calls,
 * a boxed kernel redispatching), and at_register_boxed_from_unboxed() gives
 * each operator its function; see Note [Calling unboxed kernels from a
 * boxed stack] in dispatch/KernelFunction.c.
 *
 * PyTorch 1.13: torchgen/gen.py ComputeFunction (Functions.h: at::reshape),
 * ComputeOperators (Operators.cpp: at::_ops::reshape::call, which
 * Dispatcher::call runs: computeDispatchKeySet, lookup, callUnboxed)
 */
#include <string.h>

#include "tools/codegen/gen.h"
#include "tools/codegen/signature.h"

/* The key-set expression of step 1, e.g. `self->key_set`,
 * `DispatchKeySet_or(self->key_set, other->key_set)`.
 * PyTorch 1.13: ATen/core/dispatch/DispatchKeyExtractor.h multi_dispatch_key_set */
static void print_tensor_keys(FILE* f, const FunctionSchema* s) {
  size_t n = 0;
  for (size_t i = 0; i < s->num_arguments; i++)
    if (s->arguments[i].type.base == SchemaBaseType_Tensor) n++;
  if (n == 0) {
    fputs("DispatchKeySet_empty()", f);
    return;
  }
  for (size_t i = 1; i < n; i++) fputs("DispatchKeySet_or(", f);
  size_t seen = 0;
  for (size_t i = 0; i < s->num_arguments; i++) {
    const Argument* a = &s->arguments[i];
    if (a->type.base != SchemaBaseType_Tensor) continue;
    if (seen++ > 0) fputs(", ", f);
    if (a->type.is_list) {
      fputs("DispatchKeySet_ofTensorList(", f);
      CSignature_printArgName(f, a);
      fputs(")", f);
    } else if (a->type.is_optional) {
      fputs("(", f);
      CSignature_printArgName(f, a);
      fputs(" ? ", f);
      CSignature_printArgName(f, a);
      fputs("->key_set : DispatchKeySet_empty())", f);
    } else {
      CSignature_printArgName(f, a);
      fputs("->key_set", f);
    }
    if (seen > 1) fputs(")", f);
  }
}

void gen_printBoxedArgs(FILE* f, const FunctionSchema* s, const char* indent) {
  fprintf(f, "%sIValue args[%zu] = {", indent, s->num_arguments ? s->num_arguments : 1);
  if (s->num_arguments == 0) fputs("IValue_none()", f); /* C has no empty arrays */
  for (size_t i = 0; i < s->num_arguments; i++) {
    const Argument* a = &s->arguments[i];
    fprintf(f, "%sbox_%s(", i ? ", " : "", CType_kindName(CType_ofArgument(a)));
    CSignature_printArgName(f, a);
    fputs(")", f);
  }
  fputs("};\n", f);
}

/* The boxed path of an entry point, as its own function: the arguments boxed
 * as borrowed IValues, the kernel called boxed, the returns unboxed. */
static void print_boxed_path(FILE* f, const NativeFunction* fn) {
  const FunctionSchema* s = &fn->schema;
  const char* u = fn->unambiguous;
  const char* ret_type = CSignature_returnType(s);
  CTypeKind ret = CType_ofReturns(s);

  /* One parameter after another, wrapped under the first at 110 columns. */
  int indent = fprintf(f, "static MINATEN_COLD %s at_%s_boxed(", ret_type, u);
  int column = indent;
  size_t n = s->num_arguments + 3;
  for (size_t i = 0; i < n; i++) {
    char param[256];
    if (i < 3) {
      static const char* const kLookup[] = {"const OperatorEntry* op", "const KernelFunction* kernel",
                                            "DispatchKeySet ks"};
      snprintf(param, sizeof param, "%s", kLookup[i]);
    } else {
      const Argument* a = &s->arguments[i - 3];
      snprintf(param, sizeof param, "%s %s%s", CType_spelling(CType_ofArgument(a)), a->name,
               CSignature_isReserved(a->name) ? "_" : "");
    }
    int width = (int)strlen(param) + (i + 1 < n ? 1 : 2); /* "," or ") {" less the space */
    if (i > 0 && column + 1 + width > 110) {
      fprintf(f, "\n%*s", indent, "");
      column = indent;
    } else if (i > 0) {
      fputc(' ', f);
      column++;
    }
    column += fprintf(f, "%s%s", param, i + 1 < n ? "," : "");
  }
  fputs(") {\n", f);
  gen_printBoxedArgs(f, s, "  ");
  fprintf(f, "  IValue rets[%zu];\n", s->num_returns ? s->num_returns : 1);
  const char* call = "Dispatcher_callKernelBoxed(op, kernel, ks, args, rets)";
  char buf[96];
  switch (ret) {
    case CTypeKind_Void:
      fprintf(f, "  %s; /* a failure stays in the error indicator */\n", call);
      break;
    case CTypeKind_ReturnTensor:
    case CTypeKind_TensorList:
      fprintf(f, "  if (%s < 0) return %s;\n", call, CSignature_failureValue(ret, buf, sizeof buf));
      fprintf(f, "  return take_%s(&rets[0]);\n", CType_kindName(ret));
      break;
    case CTypeKind_TensorTuple2:
      fprintf(f, "  if (%s < 0) return %s;\n", call, CSignature_failureValue(ret, buf, sizeof buf));
      fputs("  return take_TensorTuple2(rets);\n", f);
      break;
    case CTypeKind_TensorTuple3:
      fprintf(f, "  if (%s < 0) return %s;\n", call, CSignature_failureValue(ret, buf, sizeof buf));
      fputs("  return take_TensorTuple3(rets);\n", f);
      break;
    default:
      fprintf(f, "  if (%s < 0) return %s;\n", call, CSignature_failureValue(ret, buf, sizeof buf));
      fprintf(f, "  %s result = unbox_%s(&rets[0]);\n", ret_type, CType_kindName(ret));
      fputs("  IValue_release(&rets[0]);\n  return result;\n", f);
      break;
  }
  fputs("}\n\n", f);
}

/* `static int at_reshape_boxed_from_unboxed(UnboxedFunction kernel, IValue*
 * args, IValue* rets)`: each argument unboxed, the typed call, the result
 * pushed into rets (Boxing.h).
 * PyTorch 1.13: boxing/impl/make_boxed_from_unboxed_functor.h call */
static void print_boxed_from_unboxed(FILE* f, const NativeFunction* fn) {
  const FunctionSchema* s = &fn->schema;
  const char* u = fn->unambiguous;
  CTypeKind ret = CType_ofReturns(s);
  fprintf(f, "\nstatic int at_%s_boxed_from_unboxed(UnboxedFunction kernel, IValue* args, IValue* rets) {\n", u);
  if (s->num_arguments == 0) fputs("  (void)args;\n", f);
  if (ret == CTypeKind_Void)
    fputs("  ", f);
  else
    fprintf(f, "  %s result = ", CSignature_returnType(s));
  fprintf(f, "((at_%s_fn)kernel)(", u);
  for (size_t i = 0; i < s->num_arguments; i++)
    fprintf(f, "%sunbox_%s(&args[%zu])", i ? ", " : "", CType_kindName(CType_ofArgument(&s->arguments[i])), i);
  fputs(");\n", f);
  if (ret == CTypeKind_Void)
    fputs("  return push_Void(rets);\n}\n", f);
  else
    fprintf(f, "  return push_%s(result, rets);\n}\n", CType_kindName(ret));
}

/* at_register_boxed_from_unboxed(): every operator's boxed_from_unboxed. */
static void print_register_boxed_from_unboxed(FILE* f, const Model* m) {
  fputs("\n/* Gives every operator the function above that calls its unboxed kernels\n"
        " * from a boxed stack.  Called by at_register_all, after at_register_operators. */\n"
        "void at_register_boxed_from_unboxed(void) {\n",
        f);
  for (size_t i = 0; i < m->num_functions; i++) {
    const char* u = m->functions[i].unambiguous;
    fprintf(f, "  at_op_%s->boxed_from_unboxed = at_%s_boxed_from_unboxed;\n", u, u);
  }
  fputs("}\n", f);
}

/* PyTorch 1.13: torchgen/gen.py ComputeOperators (call), ComputeFunction */
static void print_entry_point(FILE* f, const NativeFunction* fn) {
  const FunctionSchema* s = &fn->schema;
  const char* u = fn->unambiguous;
  CTypeKind ret = CType_ofReturns(s);

  fputs("\n", f);
  gen_printBanner(f, fn, "");
  fputs("typedef ", f);
  CSignature_printFunction(f, s, "(*at_%s_fn)", u);
  fputs(";\n\n", f);
  print_boxed_path(f, fn);
  CSignature_printFunction(f, s, "at_%s", u);
  fprintf(f, " {\n  const OperatorEntry* op = at_op_%s;\n", u);
  fputs("  DispatchKeySet ks = Dispatcher_computeDispatchKeySet(op, ", f);
  print_tensor_keys(f, s);
  fputs(");\n", f);
  fputs("  const KernelFunction* kernel = OperatorEntry_lookup(op, ks);\n", f);
  fputs("  if (kernel->unboxed != NULL && !Dispatcher_verbose) {\n", f);
  fprintf(f, "    %s((at_%s_fn)kernel->unboxed)(", ret == CTypeKind_Void ? "" : "return ", u);
  CSignature_printCallArgs(f, s);
  fputs(");\n", f);
  if (ret == CTypeKind_Void) fputs("    return;\n", f);
  fputs("  }\n", f);
  fprintf(f, "  %sat_%s_boxed(op, kernel, ks", ret == CTypeKind_Void ? "" : "return ", u);
  if (s->num_arguments > 0) fputs(", ", f);
  CSignature_printCallArgs(f, s);
  fputs(");\n}\n", f);
  print_boxed_from_unboxed(f, fn);
}

static int gen_functions_h(const Model* m, Writer* w) {
  FILE* f = gen_openHeader(w, m, "Functions.h", kGenTypeIncludes);
  if (f == NULL) return -1;
  for (size_t i = 0; i < m->num_functions; i++) {
    const NativeFunction* fn = &m->functions[i];
    fputs("\n", f);
    gen_printBanner(f, fn, "");
    CSignature_printFunction(f, &fn->schema, "at_%s", fn->unambiguous);
    fputs(";\n", f);
  }
  gen_closeHeader(f);
  return 0;
}

static int gen_functions_c(const Model* m, Writer* w) {
  static const char* const includes[] = {"Functions.h", "", "Operators.h", "dispatch/Boxing.h",
                                         "dispatch/Dispatcher.h", NULL};
  FILE* f = gen_open(w, m, "Functions.c", includes);
  if (f == NULL) return -1;
  for (size_t i = 0; i < m->num_functions; i++) print_entry_point(f, &m->functions[i]);
  print_register_boxed_from_unboxed(f, m);
  return 0;
}

int gen_functions(const Model* m, Writer* w) {
  if (gen_functions_h(m, w) < 0) return -1;
  return gen_functions_c(m, w);
}
