/*
 * signature.c - C names and types of an operator's signature; see signature.h.
 * PyTorch 1.13: torchgen/api/cpp.py, torchgen/api/types.py CppSignature
 */
#include "tools/codegen/signature.h"

#include <stdarg.h>
#include <stdbool.h>
#include <string.h>

/* C11's keywords, the macros of <stdbool.h>, and the locals of a generated
 * entry point (gen_functions.c): a parameter must not be named like any. */
static const char* const kReservedNames[] = {
    "auto", "break", "case", "char", "const", "continue", "default", "do", "double", "else",
    "enum", "extern", "float", "for", "goto", "if", "inline", "int", "long", "register",
    "restrict", "return", "short", "signed", "sizeof", "static", "struct", "switch", "typedef",
    "union", "unsigned", "void", "volatile", "while", "_Alignas", "_Alignof", "_Atomic", "_Bool",
    "_Complex", "_Generic", "_Imaginary", "_Noreturn", "_Static_assert", "_Thread_local",
    "bool", "true", "false", "NULL",
    /* locals of the entry points */
    "op", "ks", "kernel", "args", "rets", "result",
};

bool CSignature_isReserved(const char* name) {
  for (size_t i = 0; i < sizeof kReservedNames / sizeof kReservedNames[0]; i++)
    if (strcmp(name, kReservedNames[i]) == 0) return true;
  return false;
}

void CSignature_printArgName(FILE* f, const Argument* a) {
  fputs(a->name, f);
  if (CSignature_isReserved(a->name)) fputc('_', f);
}

void CSignature_printParams(FILE* f, const FunctionSchema* s) {
  if (s->num_arguments == 0) fputs("void", f);
  for (size_t i = 0; i < s->num_arguments; i++) {
    fprintf(f, "%s%s ", i ? ", " : "", CType_spelling(CType_ofArgument(&s->arguments[i])));
    CSignature_printArgName(f, &s->arguments[i]);
  }
}

void CSignature_printCallArgs(FILE* f, const FunctionSchema* s) {
  for (size_t i = 0; i < s->num_arguments; i++) {
    if (i > 0) fputs(", ", f);
    CSignature_printArgName(f, &s->arguments[i]);
  }
}

void CSignature_printFunction(FILE* f, const FunctionSchema* s, const char* name_fmt, ...) {
  fprintf(f, "%s ", CSignature_returnType(s));
  va_list ap;
  va_start(ap, name_fmt);
  vfprintf(f, name_fmt, ap);
  va_end(ap);
  fputc('(', f);
  CSignature_printParams(f, s);
  fputc(')', f);
}

const char* CSignature_returnType(const FunctionSchema* s) {
  return CType_spelling(CType_ofReturns(s));
}

const char* CSignature_failureValue(CTypeKind ret, char* buf, size_t buf_size) {
  switch (ret) {
    case CTypeKind_ReturnTensor:
    case CTypeKind_String:
      return "NULL";
    case CTypeKind_TensorList:
      return "(TensorList){NULL, 0}";
    case CTypeKind_TensorTuple2:
      return "(TensorTuple2){{NULL, NULL}}";
    case CTypeKind_TensorTuple3:
      return "(TensorTuple3){{NULL, NULL, NULL}}";
    case CTypeKind_Int:
    case CTypeKind_Double:
      return "0";
    case CTypeKind_Bool:
      return "false";
    default:
      snprintf(buf, buf_size, "(%s){0}", CType_spelling(ret));
      return buf;
  }
}
