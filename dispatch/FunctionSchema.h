/*
 * FunctionSchema.h - PyTorch's function-schema syntax, parsed.
 *
 *   aten::add.Tensor(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor
 *   ^ns   ^name ^overload          ^kwarg-only marker      ^default  ^returns
 *
 * Types: a base type name (Tensor, int, SymInt, float, bool, str, Scalar,
 * ScalarType, Layout, Device, MemoryFormat, Dimname, Generator, Storage,
 * Stream, QScheme, ...), optionally a list `T[]` or fixed-size list `T[2]`,
 * optionally `?` (after the base: `Tensor?[]` is a list of optional tensors;
 * after the list: `int[]?` is an optional list).  Tensors may carry an alias
 * annotation: `Tensor(a)` (a view of alias set a), `Tensor(a!)` (written in
 * place), `Tensor(a)[]`, `Tensor(a -> *)`.  Returns are one type, `()`, or a
 * parenthesised tuple, each optionally named (`-> (Tensor values, Tensor indices)`).
 * The namespace defaults to `aten` when the name has no `ns::` prefix, as in
 * native_functions.yaml.
 *
 * NB(minaten): there are no symbolic sizes; SymInt parses (and is kept as
 * SchemaBaseType_SymInt for printing) but binds exactly like int.
 *
 * PyTorch 1.13: torchgen/model.py (FunctionSchema, Argument, Type, Annotation),
 * torch/csrc/jit/frontend/function_schema_parser.cpp
 */
#ifndef MINATEN_DISPATCH_FUNCTIONSCHEMA_H
#define MINATEN_DISPATCH_FUNCTIONSCHEMA_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "runtime/IValue.h"

/* _(enum suffix, spelling in a schema) */
#define MINATEN_FORALL_SCHEMA_BASE_TYPES(_) \
  _(Tensor, "Tensor")                       \
  _(int, "int")                             \
  _(SymInt, "SymInt")                       \
  _(float, "float")                         \
  _(bool, "bool")                           \
  _(str, "str")                             \
  _(Scalar, "Scalar")                       \
  _(ScalarType, "ScalarType")               \
  _(Layout, "Layout")                       \
  _(Device, "Device")                       \
  _(MemoryFormat, "MemoryFormat")           \
  _(QScheme, "QScheme")                     \
  _(Dimname, "Dimname")                     \
  _(Generator, "Generator")                 \
  _(Storage, "Storage")                     \
  _(Stream, "Stream")                       \
  _(Any, "Any")

typedef enum SchemaBaseType {
#define DEFINE_SCHEMA_BASE_TYPE(e, spelling) SchemaBaseType_##e,
  MINATEN_FORALL_SCHEMA_BASE_TYPES(DEFINE_SCHEMA_BASE_TYPE)
#undef DEFINE_SCHEMA_BASE_TYPE
  SchemaBaseType_NumTypes,
} SchemaBaseType;

typedef struct SchemaType {
  SchemaBaseType base;
  bool elem_optional; /* `Tensor?[]`: the elements are optional */
  bool is_list;       /* `T[]` or `T[N]` */
  int64_t list_size;  /* N of `T[N]`, or -1 */
  bool is_optional;   /* `T?` or `T[]?`: the whole value may be None */
} SchemaType;

typedef struct AliasInfo {
  bool present;     /* an annotation was written */
  char set[16];     /* "a" of `Tensor(a!)` */
  bool is_write;    /* `!` */
  bool to_wildcard; /* `(a -> *)` */
} AliasInfo;

typedef struct Argument {
  char* name;          /* NULL for an unnamed return */
  SchemaType type;
  AliasInfo alias_info;
  bool kwarg_only;     /* after `*` */
  bool has_default;
  char* default_text;  /* the default as written ("None", "[]", "1", "contiguous_format") */
  IValue default_value; /* owned; the default parsed for the argument's type */
} Argument;

typedef struct FunctionSchema {
  char* ns;            /* "aten" */
  char* name;          /* "add" */
  char* overload_name; /* "Tensor", or "" for the default overload */
  Argument* arguments;
  size_t num_arguments;
  Argument* returns;
  size_t num_returns;
  bool is_mutable;     /* some argument is written in place (`!`) */
} FunctionSchema;

/* Where and why a parse failed: 1-based column within the schema text. */
typedef struct SchemaParseError {
  int column;
  char message[256];
} SchemaParseError;

/*
 * Parses `text` into *out (zeroed first).  Returns 0, or -1 with *err filled
 * (nothing to free then).  Defaults are parsed into IValues for the argument
 * type: `None`, `True`/`False`, integers, floats (`1e-05`, `-inf`), strings
 * in quotes, lists `[]`/`[0, 1]`, a bare integer for a list (`int[1] dim=1`
 * means `[1]`), and the enum names `contiguous_format`, `preserve_format`,
 * `long`, `float`, `strided`, `Mean`, `per_tensor_affine`, ... as ints/enums.
 * PyTorch 1.13: torch/csrc/jit/frontend/function_schema_parser.cpp parseSchema
 */
int FunctionSchema_parse(const char* text, FunctionSchema* out, SchemaParseError* err);
void FunctionSchema_free(FunctionSchema* s);

/* "aten::add.Tensor" / "aten::reshape" into buf; returns buf. */
const char* FunctionSchema_qualifiedName(const FunctionSchema* s, char* buf, size_t buf_size);
/* The type as written: "Tensor?[]", "int[2]", "SymInt[]". Returns buf. */
const char* SchemaType_format(const SchemaType* t, char* buf, size_t buf_size);
const char* SchemaBaseType_name(SchemaBaseType b);

/* Predicates on argument types, used by codegen, the key extractor and the
 * interpreter. */
static inline bool SchemaType_isTensor(const SchemaType* t) {
  return t->base == SchemaBaseType_Tensor && !t->is_list;
}
static inline bool SchemaType_isTensorList(const SchemaType* t) {
  return t->base == SchemaBaseType_Tensor && t->is_list;
}
static inline bool SchemaType_isIntLike(SchemaBaseType b) {
  return b == SchemaBaseType_int || b == SchemaBaseType_SymInt;
}
/* An out= argument: keyword-only and written, a tensor or a list of them
 * (`*, Tensor(a!) out`, split_copy.Tensor_out's `*, Tensor(a!)[] out`).
 * PyTorch 1.13: aten/src/ATen/core/function_schema.h Argument::is_out */
static inline bool Argument_isOut(const Argument* a) {
  return a->kwarg_only && a->alias_info.present && a->alias_info.is_write && a->type.base == SchemaBaseType_Tensor;
}

#endif
