/*
 * CType.h - how each schema type is passed to and returned from a C kernel.
 *
 * One X-macro list is the single source of truth for three consumers: the
 * code generator (which writes these C spellings into Functions.h and
 * NativeFunctions.h), the libffi bridge (which describes each kind to libffi
 * to call an unboxed kernel from a boxed stack), and the boxing glue (which
 * turns a C value into an IValue and back).
 *
 *   Tensor, Tensor(a)  -> const Tensor*        (borrowed)
 *   Tensor(a!)         -> Tensor*              (borrowed, written in place)
 *   Tensor?            -> const Tensor*        (NULL is None)
 *   Tensor[], Tensor?[] -> TensorList
 *   int, SymInt        -> int64_t       int?  -> OptionalInt
 *   int[], int[N]      -> IntArrayRef   int[]? -> OptionalIntArrayRef
 *   float -> double    float? -> OptionalDouble
 *   bool  -> bool      bool?  -> OptionalBool
 *   str   -> const char*  (str? : NULL is None)
 *   Scalar -> Scalar   Scalar? -> OptionalScalar
 *   ScalarType, Layout, Device, MemoryFormat and their optionals likewise.
 *   QScheme -> QScheme (an enum; boxed as an int, as c10::IValue boxes it)
 *   Dimname[]? -> OptionalDimnameList (always None: no named tensors)
 *   Generator? -> Generator*           (NULL is None: the default generator)
 *   Storage    -> Storage*             (borrowed; never NULL: at::Storage by value)
 *   bool[3]    -> const bool*          (three bools: std::array<bool, 3>, the
 *                                       output_mask of native_layer_norm_backward)
 *
 * Returns: a Tensor is a new reference (`Tensor*`, NULL on error); a tensor
 * list is a TensorList whose array the caller frees (NULL data on error);
 * numbers are returned by value and an error shows in Error_occurred(); two
 * tensors `(Tensor a, Tensor b)` come back as a TensorTuple2 (both NULL on
 * error), three as a TensorTuple3 (all NULL on error; one NULL without the
 * error indicator is an undefined tensor).
 *
 * PyTorch 1.13: torchgen/api/cpp.py (argumenttype_type, returntype_type)
 */
#ifndef MINATEN_DISPATCH_CTYPE_H
#define MINATEN_DISPATCH_CTYPE_H

#include <stdbool.h>

#include "dispatch/FunctionSchema.h"

/* _(kind, C spelling) */
#define MINATEN_FORALL_CTYPES(_)                        \
  _(Void, "void")                                       \
  _(ConstTensor, "const Tensor*")                       \
  _(MutTensor, "Tensor*")                               \
  _(TensorList, "TensorList")                           \
  _(Int, "int64_t")                                     \
  _(OptionalInt, "OptionalInt")                         \
  _(IntArrayRef, "IntArrayRef")                         \
  _(OptionalIntArrayRef, "OptionalIntArrayRef")         \
  _(Double, "double")                                   \
  _(OptionalDouble, "OptionalDouble")                   \
  _(Bool, "bool")                                       \
  _(OptionalBool, "OptionalBool")                       \
  _(String, "const char*")                              \
  _(Scalar, "Scalar")                                   \
  _(OptionalScalar, "OptionalScalar")                   \
  _(ScalarType, "ScalarType")                           \
  _(OptionalScalarType, "OptionalScalarType")           \
  _(Layout, "Layout")                                   \
  _(OptionalLayout, "OptionalLayout")                   \
  _(Device, "Device")                                   \
  _(OptionalDevice, "OptionalDevice")                   \
  _(MemoryFormat, "MemoryFormat")                       \
  _(OptionalMemoryFormat, "OptionalMemoryFormat")       \
  _(QScheme, "QScheme")                                 \
  _(OptionalDimnameList, "OptionalDimnameList")         \
  _(OptionalGenerator, "Generator*")                    \
  _(Storage, "Storage*")                                \
  _(BoolArray3, "const bool*")                          \
  _(ReturnTensor, "Tensor*")                             \
  _(TensorTuple2, "TensorTuple2")                       \
  _(TensorTuple3, "TensorTuple3")

typedef enum CTypeKind {
#define DEFINE_CTYPE_KIND(kind, spelling) CTypeKind_##kind,
  MINATEN_FORALL_CTYPES(DEFINE_CTYPE_KIND)
#undef DEFINE_CTYPE_KIND
  CTypeKind_NumKinds,
  CTypeKind_Unsupported = CTypeKind_NumKinds,
} CTypeKind;

/* The C kind of an argument, or CTypeKind_Unsupported (Dimname, Stream...). */
CTypeKind CType_ofArgument(const Argument* a);
/* The C kind of a schema's returns: Void for `()`, the kind of a single
 * return, TensorTuple2 for two tensors, TensorTuple3 for three, or Unsupported for
 * other tuples. */
CTypeKind CType_ofReturns(const FunctionSchema* s);
const char* CType_spelling(CTypeKind k);
/* The kind's name, as in the Boxing.h helpers: "IntArrayRef" for box_IntArrayRef. */
const char* CType_kindName(CTypeKind k);

#endif
