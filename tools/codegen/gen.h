/*
 * gen.h - from the model to the generated files, named after PyTorch's:
 *
 *   Operators.h/.c       an OperatorEntry* per operator (at_op_reshape) and
 *                        at_register_operators(), which registers every schema
 *                        (gen_operators.c)
 *   Functions.h/.c       the typed entry points (at_reshape): compute the key
 *                        set, look up the kernel, call it unboxed, or box the
 *                        arguments for a boxed kernel (gen_functions.c)
 *   NativeFunctions.h    the kernel prototypes (at_native_reshape)
 *   Register<Key>.c      at_register_<Key>(): the kernels of one dispatch key
 *   RegisterBackendSelect.c  the BackendSelect kernel of each factory
 *   RegisterAll.c        at_register_all()          (all three: gen_register.c)
 *   AutogradFunctions.h/.c  the backward nodes of derivatives.yaml's entries
 *   VariableType.c       their Autograd kernels and at_register_VariableType()
 *                        (both: gen_autograd.c, compiled into minaten_autograd)
 *   ADInplaceOrViewType.c  the ADInplaceOrView kernels of views and in-place
 *                        operators, at_register_ADInplaceOrViewType()
 *                        (gen_inplace_or_view.c, minaten_autograd)
 *
 * Every file is printed into a Writer (writer.h), so nothing reaches the disk
 * until every file is complete.  Generated C must read like hand-written C
 * (readable as hand-written C): a first line naming the inputs, a banner with the schema
 * and its `file:line` above each operator, no function-like macros, no #line.
 *
 * PyTorch 1.13: torchgen/gen.py (gen_aggregated_headers, gen_source_files),
 * torchgen/dest/register_dispatch_key.py, torchgen/gen_backend_select.py
 */
#ifndef MINATEN_CODEGEN_GEN_H
#define MINATEN_CODEGEN_GEN_H

#include <stdbool.h>
#include <stdio.h>

#include "tools/codegen/model.h"
#include "tools/codegen/writer.h"

/* Prints every generated file into w.  Returns 0, or -1 (message on stderr). */
int gen_all(const Model* m, Writer* w);

int gen_operators(const Model* m, Writer* w);       /* Operators.h, Operators.c */
int gen_functions(const Model* m, Writer* w);       /* Functions.h, Functions.c */
int gen_native_functions(const Model* m, Writer* w); /* NativeFunctions.h */
int gen_registrations(const Model* m, Writer* w);   /* Register*.c */
int gen_autograd(const Model* m, Writer* w);        /* AutogradFunctions.h/.c, VariableType.c */
int gen_inplace_or_view(const Model* m, Writer* w); /* ADInplaceOrViewType.c */
int gen_functionalization(const Model* m, Writer* w); /* RegisterFunctionalization.c */

/* Shared by the generators. */

/* A view operator: its one return aliases its first argument, unwritten
 * (`Tensor(a)`, `Tensor(a)[]`).  lift_fresh's result is a new tensor in
 * 1.13, though its schema says Tensor(a).
 * PyTorch 1.13: tools/autograd/gen_inplace_or_view_type.py VIEW_FUNCTIONS */
bool gen_isViewOp(const NativeFunction* fn);
/* The operator's arguments, boxed, as a local array `args`:
 * `IValue args[2] = {box_ConstTensor(self), box_IntArrayRef(size)};`
 * (borrowed: lists and tensors point at the caller's). */
void gen_printBoxedArgs(FILE* f, const FunctionSchema* s, const char* indent);

/* Starts file `name` with its `@generated` line, then one #include line
 * for each entry of `includes` (NULL-terminated): "Operators.h" is quoted,
 * "<stdbool.h>" printed as it is, "" makes a blank line.  NULL on failure. */
FILE* gen_open(Writer* w, const Model* m, const char* name, const char* const includes[]);
/* The same for a header "Name.h": its include guard MINATEN_GENERATED_NAME_H
 * opens, then a blank line and the includes; gen_closeHeader closes it. */
FILE* gen_openHeader(Writer* w, const Model* m, const char* name, const char* const includes[]);
void gen_closeHeader(FILE* f);
/* What a header declaring typed functions of tensors includes (Functions.h,
 * NativeFunctions.h). */
extern const char* const kGenTypeIncludes[];
/* The schema with its namespace ("aten::reshape(...)" even where the YAML
 * omits `aten::`), safe inside a C comment. */
void gen_printSchema(FILE* f, const NativeFunction* fn);
/* The same as a C string literal, quotes included: what Operators.c registers. */
void gen_printSchemaLiteral(FILE* f, const NativeFunction* fn);
/* Text inside a C comment (a `*` `/` in it is split). */
void gen_printCommentText(FILE* f, const char* s);
/* `s` as a C string literal, quotes included. */
void gen_printCString(FILE* f, const char* s);
/* The banner comment above an operator's code, each line prefixed with
 * `indent`: the schema (gen_printSchema), then ` * file:line` of its entry. */
void gen_printBanner(FILE* f, const NativeFunction* fn, const char* indent);

#endif
