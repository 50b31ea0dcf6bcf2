/*
 * Scalar.h - a number of any kind (the schema's `Scalar`): double, int64 or bool.
 *
 * NB(minaten): c10::Scalar also holds complex and symbolic values; minaten has
 * neither.  The libffi bridge describes this struct as {int32, int64}: the
 * union is one eightbyte classified INTEGER on x86-64, as int64 is.
 *
 * PyTorch 1.13: c10/core/Scalar.h
 */
#ifndef MINATEN_RUNTIME_SCALAR_H
#define MINATEN_RUNTIME_SCALAR_H

#include <stdbool.h>
#include <stdint.h>

typedef enum ScalarTag {
  ScalarTag_Double = 0,
  ScalarTag_Long = 1,
  ScalarTag_Bool = 2,
} ScalarTag;

typedef struct Scalar {
  ScalarTag tag;
  union {
    double d;
    int64_t i;
  } v;
} Scalar;

typedef struct OptionalScalar {
  bool has_value;
  Scalar value;
} OptionalScalar;

static inline Scalar Scalar_fromDouble(double d) { return (Scalar){.tag = ScalarTag_Double, .v.d = d}; }
static inline Scalar Scalar_fromLong(int64_t i) { return (Scalar){.tag = ScalarTag_Long, .v.i = i}; }
static inline Scalar Scalar_fromBool(bool b) { return (Scalar){.tag = ScalarTag_Bool, .v.i = b}; }
/* PyTorch 1.13: c10/core/Scalar.h Scalar::to<double> */
static inline double Scalar_toDouble(Scalar s) {
  return s.tag == ScalarTag_Double ? s.v.d : (double)s.v.i;
}
/* PyTorch 1.13: c10/core/Scalar.h Scalar::to<int64_t> (truncates a double).
 * NB(minaten): a double outside int64's range (or NaN) gives INT64_MIN, as
 * x86's conversion does, instead of undefined behaviour; callers that must
 * refuse such values use ops/Copy.h store_scalar_checked. */
static inline int64_t Scalar_toLong(Scalar s) {
  if (s.tag != ScalarTag_Double) return s.v.i;
  if (!(s.v.d >= -9223372036854775808.0 && s.v.d < 9223372036854775808.0)) return INT64_MIN;
  return (int64_t)s.v.d;
}
static inline bool Scalar_isFloatingPoint(Scalar s) { return s.tag == ScalarTag_Double; }
static inline bool Scalar_isIntegral(Scalar s) { return s.tag == ScalarTag_Long; }
static inline bool Scalar_isBoolean(Scalar s) { return s.tag == ScalarTag_Bool; }

#endif
