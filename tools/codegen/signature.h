/*
 * signature.h - the C signature of an operator, as the generated files spell
 * it: `Tensor* at_native__reshape_alias(const Tensor* self, IntArrayRef size,
 * IntArrayRef stride)`.
 *
 * Every C type comes from dispatch/CType.h (CType_ofArgument,
 * CType_ofReturns, CType_spelling); this file only adds names.  A parameter
 * is named as in the schema, with `_` appended when that name is a C keyword
 * (`default_`) or a local variable of the generated entry points (`op_`,
 * `ks_`, ...), so that every schema yields C that compiles.
 *
 * PyTorch 1.13: torchgen/api/cpp.py (argument, returns_type),
 * torchgen/api/types.py CppSignature
 */
#ifndef MINATEN_CODEGEN_SIGNATURE_H
#define MINATEN_CODEGEN_SIGNATURE_H

#include <stdio.h>

#include "dispatch/CType.h"
#include "dispatch/FunctionSchema.h"

/* A schema name that C code cannot use as is (a keyword, an entry point's
 * local): its C name takes a trailing '_'. */
bool CSignature_isReserved(const char* name);
/* The C name of an argument: "self", "default_". */
void CSignature_printArgName(FILE* f, const Argument* a);
/* The parameter list: "const Tensor* self, IntArrayRef size", or "void". */
void CSignature_printParams(FILE* f, const FunctionSchema* s);
/* The arguments of a call that forwards every parameter: "self, size". */
void CSignature_printCallArgs(FILE* f, const FunctionSchema* s);
/* The operator's C function type around a name printed from `name_fmt`:
 * "Tensor* " name "(const Tensor* self, IntArrayRef size)", where the name
 * is a function's ("at_%s" -> at_view) or a pointer declarator's
 * ("(*at_%s_fn)" -> (*at_view_fn)). */
void CSignature_printFunction(FILE* f, const FunctionSchema* s, const char* name_fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* The C return type: "Tensor*", "TensorList", "void", "int64_t", ... */
const char* CSignature_returnType(const FunctionSchema* s);
/* A value of the return type to return on failure: "NULL", "0", "false",
 * "(TensorList){NULL, 0}", "(Scalar){0}".  Not for void. */
const char* CSignature_failureValue(CTypeKind ret, char* buf, size_t buf_size);

#endif
