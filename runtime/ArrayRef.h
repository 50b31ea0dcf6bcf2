/*
 * ArrayRef.h - non-owning views of arrays, and the optionals kernels take.
 *
 * Kernel signatures map schema types to these C types (see
 * dispatch/FunctionSchema.h, `SchemaType_cType`):
 *   int[] / SymInt[] -> IntArrayRef      int? -> OptionalInt
 *   Tensor[]         -> TensorList       int[]? -> OptionalIntArrayRef
 *   float? -> OptionalDouble  bool? -> OptionalBool  ...
 * They are passed by value, exactly as c10::ArrayRef and c10::optional are,
 * and the libffi bridge describes each of them as a struct.
 *
 * PyTorch 1.13: c10/util/ArrayRef.h, c10/util/Optional.h
 */
#ifndef MINATEN_RUNTIME_ARRAYREF_H
#define MINATEN_RUNTIME_ARRAYREF_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "runtime/CPUGeneratorImpl.h" /* Generator*, the C type of `Generator?` */
#include "runtime/Device.h"
#include "runtime/MemoryFormat.h"
#include "runtime/ScalarType.h"

typedef struct Tensor Tensor;

/* Most tensors have few dimensions; kernels keep shapes in stack arrays of
 * this size.  PyTorch's DimVector has 5 inline slots and grows; minaten refuses
 * more than MINATEN_MAX_DIM dimensions instead (see TensorImpl.c). */
#define MINATEN_MAX_DIM 64

typedef struct IntArrayRef {
  const int64_t* data;
  size_t size;
} IntArrayRef;

typedef struct TensorList {
  Tensor* const* data;
  size_t size;
} TensorList;

/* `Dimname[]? names`: minaten has no named tensors, so only None (has_value
 * false) is ever passed; the type exists so that empty.names can be bound. */
typedef struct OptionalDimnameList {
  bool has_value;
} OptionalDimnameList;

/* Two tensors returned together, as `(Tensor values, Tensor indices)`
 * (::std::tuple<at::Tensor, at::Tensor> in PyTorch): new references, both
 * NULL on error. */
typedef struct TensorTuple2 {
  Tensor* items[2];
} TensorTuple2;

/* Three tensors returned together, as native_layer_norm's `(Tensor, Tensor,
 * Tensor)` (output, mean, rstd): new references, all NULL on error (the
 * error indicator set); a NULL item without an error is an undefined
 * tensor (native_layer_norm_backward's gradients that output_mask leaves
 * out), None when boxed. */
typedef struct TensorTuple3 {
  Tensor* items[3];
} TensorTuple3;

typedef struct OptionalInt {
  bool has_value;
  int64_t value;
} OptionalInt;

typedef struct OptionalDouble {
  bool has_value;
  double value;
} OptionalDouble;

typedef struct OptionalBool {
  bool has_value;
  bool value;
} OptionalBool;

typedef struct OptionalScalarType {
  bool has_value;
  ScalarType value;
} OptionalScalarType;

typedef struct OptionalLayout {
  bool has_value;
  Layout value;
} OptionalLayout;

typedef struct OptionalDevice {
  bool has_value;
  Device value;
} OptionalDevice;

typedef struct OptionalMemoryFormat {
  bool has_value;
  MemoryFormat value;
} OptionalMemoryFormat;

typedef struct OptionalIntArrayRef {
  bool has_value;
  IntArrayRef value;
} OptionalIntArrayRef;

/*
 * The empty optionals: what an omitted argument (`None`, c10::nullopt)
 * becomes, one definition each for every kernel that passes "no option" on.
 * Named after the schema arguments they usually fill.  The value field of an
 * empty optional is never read.
 */
static const OptionalScalarType kNoDtype = {false, ScalarType_Float};
static const OptionalLayout kNoLayout = {false, Layout_Strided};
static const OptionalDevice kNoDevice = {false, {DeviceType_CPU, -1}};
static const OptionalBool kNoPinMemory = {false, false};
static const OptionalMemoryFormat kNoMemoryFormat = {false, MemoryFormat_Contiguous};
static const OptionalInt kNoInt = {false, 0};
static const OptionalIntArrayRef kNoIntArrayRef = {false, {NULL, 0}};

static inline IntArrayRef IntArrayRef_make(const int64_t* data, size_t size) {
  IntArrayRef r = {data, size};
  return r;
}

/* Product of the entries (1 for an empty list). PyTorch 1.13: c10/util/accumulate.h multiply_integers */
static inline int64_t IntArrayRef_product(IntArrayRef a) {
  uint64_t p = 1; /* wraps as PyTorch's int64_t does, without undefined behaviour */
  for (size_t i = 0; i < a.size; i++) p *= (uint64_t)a.data[i];
  return (int64_t)p;
}

/* Formats `[2, 3]` into buf (as PyTorch prints an IntArrayRef); returns buf. */
const char* IntArrayRef_format(IntArrayRef a, char* buf, size_t buf_size);

#endif
