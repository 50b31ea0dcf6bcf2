/*
 * Scalar.h - a number of any kind (the schema's `Scalar`): double, int64,
 * bool or complex (two doubles).
 *
 * NB(minaten): c10::Scalar also holds symbolic values; minaten has none.
 * The libffi bridge describes this struct as {int32, int64, double}: 24
 * bytes, which x86-64 passes in memory whatever the members' classes.
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
  ScalarTag_ComplexDouble = 3,
} ScalarTag;

typedef struct Scalar {
  ScalarTag tag;
  union {
    double d;
    int64_t i;
    struct {
      double real, imag;
    } z;
  } v;
} Scalar;

typedef struct OptionalScalar {
  bool has_value;
  Scalar value;
} OptionalScalar;

static inline Scalar Scalar_fromDouble(double d) { return (Scalar){.tag = ScalarTag_Double, .v.d = d}; }
static inline Scalar Scalar_fromLong(int64_t i) { return (Scalar){.tag = ScalarTag_Long, .v.i = i}; }
static inline Scalar Scalar_fromBool(bool b) { return (Scalar){.tag = ScalarTag_Bool, .v.i = b}; }
static inline Scalar Scalar_fromComplex(double real, double imag) {
  return (Scalar){.tag = ScalarTag_ComplexDouble, .v.z = {real, imag}};
}
/* PyTorch 1.13: c10/core/Scalar.h Scalar::to<double>.  NB(minaten): a
 * complex value gives its real part; c10 refuses a nonzero imaginary part
 * ("value cannot be converted to type double without overflow"), which
 * minaten checks where an operator reads a Scalar (TypeCast.h
 * store_scalar_checked). */
static inline double Scalar_toDouble(Scalar s) {
  return s.tag == ScalarTag_Double ? s.v.d : s.tag == ScalarTag_ComplexDouble ? s.v.z.real : (double)s.v.i;
}
/* PyTorch 1.13: c10/core/Scalar.h Scalar::to<int64_t> (truncates a double).
 * NB(minaten): a double outside int64's range (or NaN) gives INT64_MIN, as
 * x86's conversion does, instead of undefined behaviour; callers that must
 * refuse such values use ops/Copy.h store_scalar_checked. */
static inline int64_t Scalar_toLong(Scalar s) {
  if (s.tag == ScalarTag_ComplexDouble) s = (Scalar){.tag = ScalarTag_Double, .v.d = s.v.z.real};
  if (s.tag != ScalarTag_Double) return s.v.i;
  if (!(s.v.d >= -9223372036854775808.0 && s.v.d < 9223372036854775808.0)) return INT64_MIN;
  return (int64_t)s.v.d;
}
static inline bool Scalar_isFloatingPoint(Scalar s) { return s.tag == ScalarTag_Double; }
static inline bool Scalar_isIntegral(Scalar s) { return s.tag == ScalarTag_Long; }
static inline bool Scalar_isBoolean(Scalar s) { return s.tag == ScalarTag_Bool; }
static inline bool Scalar_isComplex(Scalar s) { return s.tag == ScalarTag_ComplexDouble; }
/* Whether s is the number num (a complex one with no imaginary part; a bool
 * equals no number).  PyTorch 1.13: c10/core/Scalar.h Scalar::equal */
static inline bool Scalar_equal(Scalar s, double num) {
  switch (s.tag) {
    case ScalarTag_Double: return s.v.d == num;
    case ScalarTag_Long: return (double)s.v.i == num;
    case ScalarTag_ComplexDouble: return s.v.z.real == num && s.v.z.imag == 0;
    default: return false;
  }
}
/* PyTorch 1.13: c10/core/Scalar.h Scalar::conj (a real value is itself) */
static inline Scalar Scalar_conj(Scalar s) {
  if (s.tag == ScalarTag_ComplexDouble) s.v.z.imag = -s.v.z.imag;
  return s;
}

#endif
