/*
 * CType.c - schema type -> C type; see CType.h.
 * PyTorch 1.13: torchgen/api/cpp.py argumenttype_type / returntype_type
 */
#include "dispatch/CType.h"

static const char* const kSpelling[] = {
#define CTYPE_SPELLING(kind, spelling) spelling,
    MINATEN_FORALL_CTYPES(CTYPE_SPELLING)
#undef CTYPE_SPELLING
};
_Static_assert(sizeof kSpelling / sizeof kSpelling[0] == CTypeKind_NumKinds, "one spelling per kind");

static const char* const kKindName[] = {
#define CTYPE_KIND_NAME(kind, spelling) #kind,
    MINATEN_FORALL_CTYPES(CTYPE_KIND_NAME)
#undef CTYPE_KIND_NAME
};

const char* CType_kindName(CTypeKind k) {
  return k < CTypeKind_NumKinds ? kKindName[k] : "Unsupported";
}

const char* CType_spelling(CTypeKind k) {
  return k < CTypeKind_NumKinds ? kSpelling[k] : "<unsupported>";
}

/* The schema types passed by value: the C kind of each, and of its
 * optional (`str?` is a const char* that may be NULL; minaten passes no
 * `QScheme?`). */
static const struct {
  SchemaBaseType base;
  CTypeKind kind, optional_kind;
} kByValue[] = {
    {SchemaBaseType_int, CTypeKind_Int, CTypeKind_OptionalInt},
    {SchemaBaseType_SymInt, CTypeKind_Int, CTypeKind_OptionalInt},
    {SchemaBaseType_float, CTypeKind_Double, CTypeKind_OptionalDouble},
    {SchemaBaseType_bool, CTypeKind_Bool, CTypeKind_OptionalBool},
    {SchemaBaseType_str, CTypeKind_String, CTypeKind_String},
    {SchemaBaseType_Scalar, CTypeKind_Scalar, CTypeKind_OptionalScalar},
    {SchemaBaseType_ScalarType, CTypeKind_ScalarType, CTypeKind_OptionalScalarType},
    {SchemaBaseType_Layout, CTypeKind_Layout, CTypeKind_OptionalLayout},
    {SchemaBaseType_Device, CTypeKind_Device, CTypeKind_OptionalDevice},
    {SchemaBaseType_MemoryFormat, CTypeKind_MemoryFormat, CTypeKind_OptionalMemoryFormat},
    {SchemaBaseType_QScheme, CTypeKind_QScheme, CTypeKind_Unsupported},
    {SchemaBaseType_Generator, CTypeKind_Unsupported, CTypeKind_OptionalGenerator},
    {SchemaBaseType_Storage, CTypeKind_Storage, CTypeKind_Unsupported},
};

static CTypeKind scalar_kind(SchemaBaseType b, bool opt) {
  for (size_t i = 0; i < sizeof kByValue / sizeof kByValue[0]; i++)
    if (kByValue[i].base == b) return opt ? kByValue[i].optional_kind : kByValue[i].kind;
  return CTypeKind_Unsupported;
}

CTypeKind CType_ofArgument(const Argument* a) {
  const SchemaType* t = &a->type;
  if (t->base == SchemaBaseType_Tensor) {
    if (t->is_list) return t->is_optional ? CTypeKind_Unsupported : CTypeKind_TensorList;
    if (a->alias_info.present && a->alias_info.is_write) return CTypeKind_MutTensor;
    return CTypeKind_ConstTensor;
  }
  if (t->is_list) {
    if (t->base == SchemaBaseType_Dimname && t->is_optional && !t->elem_optional)
      return CTypeKind_OptionalDimnameList;
    if (SchemaType_isIntLike(t->base) && !t->elem_optional)
      return t->is_optional ? CTypeKind_OptionalIntArrayRef : CTypeKind_IntArrayRef;
    if (t->base == SchemaBaseType_bool && t->list_size == 3 && !t->is_optional && !t->elem_optional)
      return CTypeKind_BoolArray3;
    return CTypeKind_Unsupported;
  }
  return scalar_kind(t->base, t->is_optional);
}

CTypeKind CType_ofReturns(const FunctionSchema* s) {
  if (s->num_returns == 0) return CTypeKind_Void;
  if (s->num_returns == 2 || s->num_returns == 3) {
    for (size_t i = 0; i < s->num_returns; i++) {
      const SchemaType* t = &s->returns[i].type;
      if (t->base != SchemaBaseType_Tensor || t->is_list || t->is_optional) return CTypeKind_Unsupported;
    }
    return s->num_returns == 2 ? CTypeKind_TensorTuple2 : CTypeKind_TensorTuple3;
  }
  if (s->num_returns > 1) return CTypeKind_Unsupported;
  const SchemaType* t = &s->returns[0].type;
  if (t->base == SchemaBaseType_Tensor)
    return t->is_list ? CTypeKind_TensorList : t->is_optional ? CTypeKind_Unsupported
                                                                : CTypeKind_ReturnTensor;
  if (t->is_list || t->is_optional) return CTypeKind_Unsupported;
  return scalar_kind(t->base, false);
}
