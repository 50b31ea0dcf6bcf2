/*
 * ScalarType.h - element types of tensors.
 *
 * One X-macro list gives every table: the enum, the C type used by kernels,
 * the element size, PyTorch's C++ name (`Float`, shown in lazy IR and in
 * some messages) and the Python name (`float32`, shown by `torch.float32`).
 * The quantized types store their integer representation (`quint8` holds a
 * uint8_t) and become usable with the QuantizedCPU backend.  Half and
 * BFloat16 are 16-bit structs (runtime/Half.h, runtime/BFloat16.h) that the
 * kernels widen to float; ComplexFloat and ComplexDouble are pairs of
 * floats and doubles (runtime/Complex.h).
 *
 * PyTorch 1.13: c10/core/ScalarType.h (AT_FORALL_SCALAR_TYPES_WITH_COMPLEX_AND_QINTS)
 */
#ifndef MINATEN_RUNTIME_SCALARTYPE_H
#define MINATEN_RUNTIME_SCALARTYPE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "runtime/BFloat16.h"
#include "runtime/Complex.h"
#include "runtime/Half.h"

/* _(c type, Name, python name) */
#define MINATEN_FORALL_SCALAR_TYPES(_) \
  _(uint8_t, Byte, uint8)              \
  _(int8_t, Char, int8)                \
  _(int16_t, Short, int16)             \
  _(int32_t, Int, int32)               \
  _(int64_t, Long, int64)              \
  _(float, Float, float32)             \
  _(double, Double, float64)           \
  _(bool, Bool, bool)                  \
  _(int8_t, QInt8, qint8)              \
  _(uint8_t, QUInt8, quint8)           \
  _(int32_t, QInt32, qint32)          \
  _(Half, Half, float16)               \
  _(BFloat16, BFloat16, bfloat16)      \
  _(ComplexFloat, ComplexFloat, complex64) \
  _(ComplexDouble, ComplexDouble, complex128)

/* The largest element (complex128): the size of a buffer that holds one
 * element of any dtype. */
#define MINATEN_MAX_ELEMENT_SIZE 16

typedef enum ScalarType {
#define DEFINE_SCALAR_TYPE(ctype, name, pyname) ScalarType_##name,
  MINATEN_FORALL_SCALAR_TYPES(DEFINE_SCALAR_TYPE)
#undef DEFINE_SCALAR_TYPE
  ScalarType_NumOptions,
  ScalarType_Undefined = ScalarType_NumOptions,
} ScalarType;

/* A dtype as a number in c10::ScalarType's enum (ComplexHalf, which
 * minaten lacks, keeps its place: Float is 6, Bool 11), which is how
 * TorchScript and torch.ops hand a dtype to Python; and back (Undefined
 * for a number minaten has no dtype for).  PyTorch 1.13: c10/core/ScalarType.h */
int ScalarType_toC10Index(ScalarType t);
ScalarType ScalarType_fromC10Index(int64_t i);

/* PyTorch 1.13: c10/core/ScalarType.h elementSize */
size_t ScalarType_elementSize(ScalarType t);
/* PyTorch's C++ name: "Float". PyTorch 1.13: c10/core/ScalarType.h toString */
const char* ScalarType_name(ScalarType t);
/* Python's name without "torch.": "float32". */
const char* ScalarType_pyName(ScalarType t);
/* caffe2::TypeMeta's name, as some messages print a dtype: "float",
 * "long int", "c10::quint8". */
const char* ScalarType_typeMetaName(ScalarType t);
/* PyTorch 1.13: c10/core/ScalarType.h isFloatingType */
bool ScalarType_isFloating(ScalarType t);
/* Half or BFloat16: floating types narrower than float, which kernels
 * compute in float.  PyTorch 1.13: c10/core/ScalarType.h isReducedFloatingType */
bool ScalarType_isReducedFloating(ScalarType t);
/* The largest finite value of a floating type t: FLT_MAX, DBL_MAX, 65504
 * for Half, 0x7F7F's 3.3895e38 for BFloat16.
 * PyTorch 1.13: std::numeric_limits<scalar_t>::max() (c10/util/Half.h, BFloat16.h) */
double ScalarType_floatingMax(ScalarType t);
/* complex64 or complex128.  PyTorch 1.13: c10/core/ScalarType.h isComplexType */
bool ScalarType_isComplex(ScalarType t);
/* complex64 -> float32, complex128 -> float64; any other type itself.
 * PyTorch 1.13: c10/core/ScalarType.h toValueType (toRealValueType) */
ScalarType ScalarType_toReal(ScalarType t);
/* float32 and bfloat16 -> complex64, float64 -> complex128; a complex type
 * itself; Undefined for any other (float16's complex32 is not in minaten).
 * PyTorch 1.13: c10/core/ScalarType.h toComplexType */
ScalarType ScalarType_toComplex(ScalarType t);
/* PyTorch 1.13: c10/core/ScalarType.h isIntegralType(t, includeBool) */
bool ScalarType_isIntegral(ScalarType t, bool include_bool);
/* PyTorch 1.13: c10/core/ScalarType.h isQIntType */
bool ScalarType_isQuantized(ScalarType t);
/* The integer type a quantized type stores (quint8 -> Byte); any other
 * type itself.  PyTorch 1.13: c10/core/ScalarType.h toUnderlying */
ScalarType ScalarType_toUnderlying(ScalarType t);
/* The dtype both promote to: bool < integers (uint8 with int8 gives int16)
 * < half, bfloat16 (the two together give float) < float < double <
 * complex64 < complex128, where complex64 with double gives complex128.  PyTorch 1.13: c10/core/ScalarType.h promoteTypes */
ScalarType promoteTypes(ScalarType a, ScalarType b);
/* Whether an operation's result of dtype from may be written into a tensor
 * of dtype to (no complex into real, no floating into integral, nothing
 * but bool into bool).
 * PyTorch 1.13: c10/core/ScalarType.h canCast */
bool canCast(ScalarType from, ScalarType to);

/*
 * AT_DISPATCH_ALL_TYPES-style switch: expands BODY once per non-quantized
 * dtype with `scalar_t` typedef'd to the C type.  Used as
 *   MINATEN_DISPATCH_ALL_TYPES(dtype, { ...use scalar_t... });
 */
#define MINATEN_DISPATCH_CASE_(ctype, name, pyname, BODY) \
  case ScalarType_##name: {                              \
    typedef ctype scalar_t;                              \
    BODY;                                                \
    break;                                               \
  }
#define MINATEN_DISPATCH_ALL_TYPES(DTYPE, ...)                       \
  switch (DTYPE) {                                                   \
    MINATEN_DISPATCH_CASE_(uint8_t, Byte, uint8, __VA_ARGS__)        \
    MINATEN_DISPATCH_CASE_(int8_t, Char, int8, __VA_ARGS__)          \
    MINATEN_DISPATCH_CASE_(int16_t, Short, int16, __VA_ARGS__)       \
    MINATEN_DISPATCH_CASE_(int32_t, Int, int32, __VA_ARGS__)         \
    MINATEN_DISPATCH_CASE_(int64_t, Long, int64, __VA_ARGS__)        \
    MINATEN_DISPATCH_CASE_(float, Float, float32, __VA_ARGS__)       \
    MINATEN_DISPATCH_CASE_(double, Double, float64, __VA_ARGS__)     \
    MINATEN_DISPATCH_CASE_(bool, Bool, bool, __VA_ARGS__)            \
    default:                                                         \
      break;                                                         \
  }

#endif
