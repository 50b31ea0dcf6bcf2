/*
 * formula.h - the backward formulas of derivatives.yaml, from C++ text to C.
 *
 * A formula is a C++ expression over the operator's arguments, its results
 * (`result`, or `result0`, `result1`, ... when several are unnamed),
 * `grad` / `grads` / `grads[i]` and a few tensor accessors:
 *
 *   self: -0.5 * grad * result.pow(3).conj()
 *
 * formula.c parses it into a small tree (Formula_parse) and prints C that
 * computes it (Translator_emit), one call per line, each operator call
 * through its typed entry point so that the trace shows what 1.13's shows:
 *
 *   tmp[0] = at_pow_Tensor_Scalar(result, Scalar_fromLong(3));
 *   if (tmp[0] == NULL) goto done;
 *   tmp[1] = at_mul_Scalar(grad, Scalar_fromDouble(-0.5));
 *   ...
 *
 * Names resolve as C++ resolves them in 1.13's generated Functions.cpp:
 * `x.name(...)` and `name(...)` are ATen operators (the first overload, in
 * native_functions.yaml's order, whose parameters take the arguments'
 * types: a tensor never binds a Scalar, a number never a Tensor), unless
 * `name` is one of FunctionsManual's helpers (autograd/FunctionsManual.h);
 * `a * b`, `a / b`, `-a`, `a == b`, ... are Tensor's operators (mul, div,
 * neg, eq, ...).  Operands are evaluated as 1.13's compiler evaluated them:
 * the receiver of a method first, then the arguments right to left.
 *
 * What a node must save is found by the same walk in a scan (Translator
 * with `scan` set): a tensor used as a value is saved whole; `x.sizes()`,
 * `x.scalar_type()`, `x.options()`, `x.numel()`, `x.dim()`,
 * `x.sym_strides()`, `TensorGeometry(x)`, `to_args_sizes(x)` and
 * `to_args_scalartypes(x)` of an input save only that (1.13's
 * `self_sizes`, `self_scalar_type`, ...); `x.sym_numel()`, which is not one
 * of 1.13's REPLACEMENTS, saves x whole.  gen_autograd.c puts the saved
 * values in 1.13's order (order_saved).
 *
 * PyTorch 1.13: tools/autograd/load_derivatives.py (saved_variables,
 * the REPLACEMENTS patterns), tools/autograd/gen_autograd_functions.py
 */
#ifndef MINATEN_CODEGEN_FORMULA_H
#define MINATEN_CODEGEN_FORMULA_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "dispatch/CType.h"
#include "tools/codegen/model.h"

/* The types a formula's values take: the C kinds of dispatch/CType.h, plus
 * the kinds only formulas have. */
typedef enum FType {
  FT_Tensor,         /* const Tensor* (may be NULL: undefined) */
  FT_TensorList,     /* TensorList */
  FT_Int,            /* int64_t */
  FT_Double,         /* double */
  FT_Bool,           /* bool */
  FT_Scalar,         /* Scalar */
  FT_Str,            /* const char* (NULL: nullopt) */
  FT_IntList,        /* IntArrayRef */
  FT_OptIntList,     /* OptionalIntArrayRef */
  FT_OptInt,         /* OptionalInt */
  FT_OptScalar,      /* OptionalScalar */
  FT_ScalarType,     /* ScalarType */
  FT_OptScalarType,  /* OptionalScalarType */
  FT_Layout,         /* Layout */
  FT_Options,        /* TensorOptions (autograd/FunctionsManual.h) */
  FT_Geometry,       /* const TensorGeometry* */
  FT_SizesList,      /* SizesList */
  FT_ScalarTypeList, /* ScalarTypeList */
  FT_Mask,           /* const bool*: grad_input_mask, one per input of the formula */
  FT_Other,          /* any other C kind: passed through as it is */
} FType;

typedef enum ExprKind {
  Expr_Ident,
  Expr_Int,
  Expr_Float,
  Expr_Str,
  Expr_Bool,
  Expr_Call,    /* text(args) */
  Expr_Method,  /* args[0].text(args[1..]) */
  Expr_Unary,   /* text args[0]: "-", "!", "*" */
  Expr_Binary,  /* args[0] text args[1] */
  Expr_Ternary, /* args[0] ? args[1] : args[2] */
} ExprKind;

typedef struct Expr {
  ExprKind kind;
  char* text;
  struct Expr** args;
  size_t num_args;
  int col; /* 0-based offset of the expression in the formula text */
} Expr;

/* Parses `text`.  NULL on a syntax error, with a message and its 0-based
 * column in err / *err_col. */
Expr* Formula_parse(const char* text, char* err, size_t err_size, int* err_col);
void Expr_free(Expr* e);

/* What a node saves for its formulas: one field each. */
typedef enum SavedKind {
  Saved_Tensor,      /* an input tensor, whole: SavedVariable name_ */
  Saved_Output,      /* a result, whole: SavedVariable name_ */
  Saved_TensorList,  /* an input Tensor[] / Tensor?[]: SavedVariable* name_ + name_size_ */
  Saved_Arg,         /* a non-tensor argument, by value (lists copied) */
  Saved_Sizes,       /* name_sizes: IntArrayRef (copied) */
  Saved_Strides,     /* name_strides: IntArrayRef (copied) */
  Saved_ScalarType,  /* name_scalar_type */
  Saved_Options,     /* name_options: TensorOptions */
  Saved_Numel,       /* name_numel: int64_t */
  Saved_Dim,         /* name_dim: int64_t */
  Saved_Geometry,    /* name_geometry: TensorGeometry */
  Saved_ArgsSizes,   /* name_args_sizes: SizesList */
  Saved_ArgsScalarTypes, /* name_args_scalartypes: ScalarTypeList */
  Saved_OptSizes,    /* name_sizes_opt: OptionalIntArrayRef (x->sym_sizes() of a Tensor? x) */
} SavedKind;

typedef struct Saved {
  SavedKind kind;
  const Argument* arg; /* the argument or return it comes from */
  unsigned uses;       /* bit i: formula i uses it */
  char result_name[24]; /* the name of an unnamed return: result, or result0, result1, ... */
  bool sym;            /* Sizes/Strides first asked as x.sym_sizes(): Python calls it x_sym_sizes */
  bool info;           /* Sizes/Options of zeros_like(x) only: 1.13's TypeAndSize, not shown in Python */
} Saved;

enum { kMaxSaved = 24 };

/* How a formula's names bind: the operator's schema, and for each
 * differentiable output the C expression of its gradient. */
typedef struct Translator {
  const Model* m;
  const FunctionSchema* schema;
  FILE* out;
  const char* indent;
  bool scan;            /* collect `saved`, print nothing that matters */
  bool in_kernel;       /* names are the VariableType kernel's parameters
                         * (an output_differentiability condition) */
  unsigned formula_bit; /* the bit of the formula being translated */
  Saved saved[kMaxSaved];
  size_t num_saved;
  int num_tmps;         /* Tensor* tmp[] used so far */
  int num_list_tmps;    /* TensorList ltmp[] used so far */
  char err[256];
  int err_col;
} Translator;

/* The C value of an expression: its text, type, whether it is an owned
 * temporary (tmp[i] / ltmp[i]) rather than a borrowed name, and whether it
 * may be an undefined tensor (NULL without an error: norm_backward's `{}`). */
typedef struct FValue {
  FType type;
  char c[1024];
  int tmp;  /* index into tmp[] (or ltmp[] for a list), or -1 */
  bool undef;
} FValue;

/* Prints the statements computing `e` into T->out and describes its result
 * in *v.  Returns 0, or -1 with T->err / T->err_col set. */
int Translator_emit(Translator* T, const Expr* e, FValue* v);

/* The saved entry of (kind, argument), added if new. */
Saved* Translator_save(Translator* T, SavedKind kind, const Argument* arg);

/* The name of what a saved entry comes from: the argument's, or "result"
 * for an unnamed return. */
const char* Saved_name(const Saved* s);

/* The C field of a saved entry: "self_", "self_sizes", ... into buf. */
const char* Saved_fieldName(const Saved* s, char* buf, size_t size);

/* The name Python shows it under after `_saved_` (1.13's SavedAttribute
 * name: "self", "self_sym_sizes", "dim") into buf; NULL for an entry 1.13
 * does not show (a ScalarType, TensorOptions, TensorGeometry, TypeAndSize,
 * a list of sizes or of scalar types, a Layout). */
const char* Saved_pythonName(const Saved* s, char* buf, size_t size);

#endif
