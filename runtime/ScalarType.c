/*
 * ScalarType.c - tables generated from the one list in ScalarType.h.
 * PyTorch 1.13: c10/core/ScalarType.h
 */
#include "runtime/ScalarType.h"

#include <float.h>

#include "runtime/Exception.h"

static const size_t kElementSize[] = {
#define SIZE_ENTRY(ctype, name, pyname) sizeof(ctype),
    MINATEN_FORALL_SCALAR_TYPES(SIZE_ENTRY)
#undef SIZE_ENTRY
};
static const char* const kName[] = {
#define NAME_ENTRY(ctype, name, pyname) #name,
    MINATEN_FORALL_SCALAR_TYPES(NAME_ENTRY)
#undef NAME_ENTRY
};
static const char* const kPyName[] = {
#define PYNAME_ENTRY(ctype, name, pyname) #pyname,
    MINATEN_FORALL_SCALAR_TYPES(PYNAME_ENTRY)
#undef PYNAME_ENTRY
};
_Static_assert(sizeof kElementSize / sizeof kElementSize[0] == ScalarType_NumOptions,
               "one entry per scalar type");

size_t ScalarType_elementSize(ScalarType t) {
  TORCH_INTERNAL_ASSERT(t < ScalarType_NumOptions);
  return kElementSize[t];
}

const char* ScalarType_name(ScalarType t) {
  return t < ScalarType_NumOptions ? kName[t] : "Undefined";
}

const char* ScalarType_pyName(ScalarType t) {
  return t < ScalarType_NumOptions ? kPyName[t] : "undefined";
}

bool ScalarType_isFloating(ScalarType t) {
  return t == ScalarType_Float || t == ScalarType_Double || ScalarType_isReducedFloating(t);
}

bool ScalarType_isReducedFloating(ScalarType t) { return t == ScalarType_Half || t == ScalarType_BFloat16; }

double ScalarType_floatingMax(ScalarType t) {
  TORCH_INTERNAL_ASSERT(ScalarType_isFloating(t));
  return t == ScalarType_Float    ? FLT_MAX
         : t == ScalarType_Double ? DBL_MAX
         : t == ScalarType_Half   ? 65504.0
                                  : 3.3895313892515355e38;
}

bool ScalarType_isComplex(ScalarType t) { return t == ScalarType_ComplexFloat || t == ScalarType_ComplexDouble; }

ScalarType ScalarType_toReal(ScalarType t) {
  return t == ScalarType_ComplexFloat ? ScalarType_Float : t == ScalarType_ComplexDouble ? ScalarType_Double : t;
}

ScalarType ScalarType_toComplex(ScalarType t) {
  switch (t) {
    case ScalarType_BFloat16: /* "BFloat16 has range equivalent to Float" */
    case ScalarType_Float:
    case ScalarType_ComplexFloat: return ScalarType_ComplexFloat;
    case ScalarType_Double:
    case ScalarType_ComplexDouble: return ScalarType_ComplexDouble;
    default: return ScalarType_Undefined; /* Half's complex32: minaten has none */
  }
}

bool ScalarType_isIntegral(ScalarType t, bool include_bool) {
  switch (t) {
    case ScalarType_Byte:
    case ScalarType_Char:
    case ScalarType_Short:
    case ScalarType_Int:
    case ScalarType_Long:
      return true;
    case ScalarType_Bool:
      return include_bool;
    default:
      return false;
  }
}

bool ScalarType_isQuantized(ScalarType t) {
  return t == ScalarType_QInt8 || t == ScalarType_QUInt8 || t == ScalarType_QInt32;
}

ScalarType ScalarType_toUnderlying(ScalarType t) {
  switch (t) {
    case ScalarType_QInt8: return ScalarType_Char;
    case ScalarType_QUInt8: return ScalarType_Byte;
    case ScalarType_QInt32: return ScalarType_Int;
    default: return t;
  }
}

const char* ScalarType_typeMetaName(ScalarType t) {
  switch (t) {
    case ScalarType_Byte: return "unsigned char";
    case ScalarType_Char: return "signed char";
    case ScalarType_Short: return "short int";
    case ScalarType_Int: return "int";
    case ScalarType_Long: return "long int";
    case ScalarType_Float: return "float";
    case ScalarType_Double: return "double";
    case ScalarType_Bool: return "bool";
    case ScalarType_QInt8: return "c10::qint8";
    case ScalarType_QUInt8: return "c10::quint8";
    case ScalarType_QInt32: return "c10::qint32";
    case ScalarType_Half: return "c10::Half";
    case ScalarType_BFloat16: return "c10::BFloat16";
    case ScalarType_ComplexFloat: return "c10::complex<float>";
    case ScalarType_ComplexDouble: return "c10::complex<double>";
    default: return "nullptr (uninitialized)";
  }
}

static int int_rank(ScalarType t) {
  switch (t) {
    case ScalarType_Char: return 1;
    case ScalarType_Short: return 2;
    case ScalarType_Int: return 4;
    case ScalarType_Long: return 8;
    default: return 0;
  }
}

ScalarType promoteTypes(ScalarType a, ScalarType b) {
  if (a == ScalarType_Undefined) return b;
  if (b == ScalarType_Undefined) return a;
  if (a == b) return a;
  if (a == ScalarType_Bool) return b;
  if (b == ScalarType_Bool) return a;
  /* A complex type with anything: complex, as wide as the wider of the two
   * (complex64 with float64 gives complex128). */
  if (ScalarType_isComplex(a) || ScalarType_isComplex(b)) {
    bool wide = a == ScalarType_ComplexDouble || b == ScalarType_ComplexDouble || a == ScalarType_Double ||
                b == ScalarType_Double;
    return wide ? ScalarType_ComplexDouble : ScalarType_ComplexFloat;
  }
  if (a == ScalarType_Double || b == ScalarType_Double) return ScalarType_Double;
  if (a == ScalarType_Float || b == ScalarType_Float) return ScalarType_Float;
  /* Half and BFloat16 hold each other's values only in float. */
  if (ScalarType_isReducedFloating(a) && ScalarType_isReducedFloating(b)) return ScalarType_Float;
  if (ScalarType_isReducedFloating(a)) return a;
  if (ScalarType_isReducedFloating(b)) return b;
  /* Two integer types: uint8 with int8 needs int16; otherwise the wider. */
  if (a == ScalarType_Byte || b == ScalarType_Byte) {
    ScalarType other = a == ScalarType_Byte ? b : a;
    return other == ScalarType_Char ? ScalarType_Short : other;
  }
  return int_rank(a) > int_rank(b) ? a : b;
}

bool canCast(ScalarType from, ScalarType to) {
  if (ScalarType_isComplex(from) && !ScalarType_isComplex(to)) return false;
  if (ScalarType_isFloating(from) && ScalarType_isIntegral(to, true)) return false;
  if (from != ScalarType_Bool && to == ScalarType_Bool) return false;
  return true;
}

/* c10's numbering of the dtypes minaten has (AT_FORALL_SCALAR_TYPES_WITH_COMPLEX_AND_QINTS's order) */
static const int8_t kC10Index[ScalarType_NumOptions] = {
    [ScalarType_Byte] = 0,  [ScalarType_Char] = 1,   [ScalarType_Short] = 2,  [ScalarType_Int] = 3,
    [ScalarType_Long] = 4,  [ScalarType_Float] = 6,  [ScalarType_Double] = 7, [ScalarType_Bool] = 11,
    [ScalarType_QInt8] = 12, [ScalarType_QUInt8] = 13, [ScalarType_QInt32] = 14, [ScalarType_Half] = 5,
    [ScalarType_BFloat16] = 15, [ScalarType_ComplexFloat] = 9, [ScalarType_ComplexDouble] = 10,
};

int ScalarType_toC10Index(ScalarType t) { return t < ScalarType_NumOptions ? kC10Index[t] : -1; }

ScalarType ScalarType_fromC10Index(int64_t i) {
  for (int t = 0; t < ScalarType_NumOptions; t++)
    if (kC10Index[t] == i) return (ScalarType)t;
  return ScalarType_Undefined;
}
