/*
 * gen_operators.c - Operators.h and Operators.c: the operator handles.
 *
 * Every operator gets a global `OperatorEntry* at_op_<unambiguous>`, filled
 * by at_register_operators() from Dispatcher_registerDef with the schema
 * string and its YAML `file:line` (what the dispatch-table dump shows as
 * "registered at").  Entry points and registrations then use the handle
 * directly and never look an operator up by name.  The `variants:` of the
 * YAML are recorded on the entry for the Python bindings (torch.NAME for
 * `function`, t.NAME for `method`).
 *
 * NB(minaten): PyTorch's Operators.h declares a struct per operator
 * (at::_ops::reshape with call/redispatch and a static typed handle);
 * minaten keeps only the handle, and the typed call is the entry point of
 * Functions.c.
 *
 * PyTorch 1.13: torchgen/gen.py ComputeOperators (Operators.h, Operators.cpp),
 * torchgen/gen.py RegisterSchema (RegisterSchema.cpp: m.def(schema))
 */
#include "tools/codegen/gen.h"

static int gen_operators_h(const Model* m, Writer* w) {
  static const char* const includes[] = {"dispatch/OperatorEntry.h", NULL};
  FILE* f = gen_openHeader(w, m, "Operators.h", includes);
  if (f == NULL) return -1;
  fputs("\n"
        "/* Registers every operator's schema and fills the at_op_* handles.\n"
        " * Returns 0, or -1 with the error indicator set. */\n"
        "int at_register_operators(void);\n"
        "/* Gives every operator its generated boxed_from_unboxed (Functions.c). */\n"
        "void at_register_boxed_from_unboxed(void);\n",
        f);
  if (m->num_functions > 0) fputs("\n", f);
  for (size_t i = 0; i < m->num_functions; i++) {
    const NativeFunction* fn = &m->functions[i];
    fprintf(f, "extern OperatorEntry* at_op_%s; /* %s */\n", fn->unambiguous, fn->qualified);
  }
  gen_closeHeader(f);
  return 0;
}

static int gen_operators_c(const Model* m, Writer* w) {
  static const char* const includes[] = {"Operators.h", "", "dispatch/Dispatcher.h", NULL};
  FILE* f = gen_open(w, m, "Operators.c", includes);
  if (f == NULL) return -1;
  if (m->num_functions > 0) fputs("\n", f);
  for (size_t i = 0; i < m->num_functions; i++)
    fprintf(f, "OperatorEntry* at_op_%s = NULL;\n", m->functions[i].unambiguous);
  fputs("\nint at_register_operators(void) {\n", f);
  if (m->num_functions > 0) fputs("  OperatorEntry* op;\n", f);
  for (size_t i = 0; i < m->num_functions; i++) {
    const NativeFunction* fn = &m->functions[i];
    fputs("\n  op = Dispatcher_registerDef(", f);
    gen_printSchemaLiteral(f, fn);
    fputs(",\n                              ", f);
    char debug[4200];
    snprintf(debug, sizeof debug, "%s:%d", fn->loc.file, fn->loc.line);
    gen_printCString(f, debug);
    fputs(");\n  if (op == NULL) return -1;\n", f);
    fprintf(f, "  op->has_function_variant = %s;\n", fn->function_variant ? "true" : "false");
    fprintf(f, "  op->has_method_variant = %s;\n", fn->method_variant ? "true" : "false");
    fprintf(f, "  op->python_binding = true;\n");
    if (fn->python_module_nn) fprintf(f, "  op->python_module_nn = true;\n");
    fprintf(f, "  at_op_%s = op;\n", fn->unambiguous);
  }
  fputs("  return 0;\n}\n", f);
  return 0;
}

int gen_operators(const Model* m, Writer* w) {
  if (gen_operators_h(m, w) < 0) return -1;
  return gen_operators_c(m, w);
}
