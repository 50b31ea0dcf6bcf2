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

static CTypeKind scalar_kind(SchemaBaseType b, bool opt) {
  switch (b) {
    case SchemaBaseType_int:
    case SchemaBaseType_SymInt:
      return opt ? CTypeKind_OptionalInt : CTypeKind_Int;
    case SchemaBaseType_float:
      return opt ? CTypeKind_OptionalDouble : CTypeKind_Double;
    case SchemaBaseType_bool:
      return opt ? CTypeKind_OptionalBool : CTypeKind_Bool;
    case SchemaBaseType_str:
      return CTypeKind_String;
    case SchemaBaseType_Scalar:
      return opt ? CTypeKind_OptionalScalar : CTypeKind_Scalar;
    case SchemaBaseType_ScalarType:
      return opt ? CTypeKind_OptionalScalarType : CTypeKind_ScalarType;
    case SchemaBaseType_Layout:
      return opt ? CTypeKind_OptionalLayout : CTypeKind_Layout;
    case SchemaBaseType_Device:
      return opt ? CTypeKind_OptionalDevice : CTypeKind_Device;
    case SchemaBaseType_MemoryFormat:
      return opt ? CTypeKind_OptionalMemoryFormat : CTypeKind_MemoryFormat;
    case SchemaBaseType_QScheme:
      return opt ? CTypeKind_Unsupported : CTypeKind_QScheme;
    default:
      return CTypeKind_Unsupported;
  }
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
    return CTypeKind_Unsupported;
  }
  return scalar_kind(t->base, t->is_optional);
}

CTypeKind CType_ofReturns(const FunctionSchema* s) {
  if (s->num_returns == 0) return CTypeKind_Void;
  if (s->num_returns == 2) {
    for (size_t i = 0; i < 2; i++) {
      const SchemaType* t = &s->returns[i].type;
      if (t->base != SchemaBaseType_Tensor || t->is_list || t->is_optional) return CTypeKind_Unsupported;
    }
    return CTypeKind_TensorTuple2;
  }
  if (s->num_returns > 1) return CTypeKind_Unsupported;
  const SchemaType* t = &s->returns[0].type;
  if (t->base == SchemaBaseType_Tensor)
    return t->is_list ? CTypeKind_TensorList : t->is_optional ? CTypeKind_Unsupported
                                                                : CTypeKind_ReturnTensor;
  if (t->is_list || t->is_optional) return CTypeKind_Unsupported;
  return scalar_kind(t->base, false);
}
