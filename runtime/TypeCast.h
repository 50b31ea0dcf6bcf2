/*
 * TypeCast.h - one element of any dtype, read or written as a C number.
 *
 * The loops of copy_, fill_, the elementwise and reduction operators and the
 * front end's tensor constructors all read and write single elements through
 * these functions, so every dtype conversion in minaten is the one below.
 *
 * PyTorch 1.13: c10/util/TypeCast.h (static_cast_with_inter_type, convert,
 * checked_convert), c10/core/DynamicCast.h (fetch_and_cast, cast_and_store)
 */
#ifndef MINATEN_RUNTIME_TYPECAST_H
#define MINATEN_RUNTIME_TYPECAST_H

#include <stdint.h>

#include "runtime/Scalar.h"
#include "runtime/ScalarType.h"

/* ---- element conversion -------------------------------------------------
 * PyTorch converts with C++ casts (c10::convert, static_cast_with_inter_type).
 * A floating value outside an integer type's range is undefined behaviour in
 * C and C++; Debian's x86-64 build gives what the cvttsd2si instructions
 * give, and minaten computes those results without undefined behaviour:
 *
 *   to int64           truncate; out of range or NaN -> INT64_MIN
 *   to int32           truncate; out of range or NaN -> INT32_MIN
 *   to int16, int8     through int32, then keep the low bits
 *   to uint8           through int64, then keep the low bits (TypeCast.h
 *                      casts to int64 first, on purpose: -1.5 -> 255)
 *   to bool            v != 0 (NaN is true)
 *
 * Integers narrow by keeping their low bits (two's complement), as C++ does.
 * Checked against PyTorch 1.13: float64 3000000001.0 -> uint8 1, int8 0. */

/* cvttsd2si, 64-bit destination. */
static inline int64_t double_to_int64(double d) {
  if (!(d >= -9223372036854775808.0 && d < 9223372036854775808.0)) return INT64_MIN;
  return (int64_t)d;
}
/* cvttsd2si, 32-bit destination. */
static inline int32_t double_to_int32(double d) {
  if (!(d > -2147483649.0 && d < 2147483648.0)) return INT32_MIN;
  return (int32_t)d;
}

/* Writes one value of dtype t (not quantized) at p, converting as PyTorch's
 * C++ casts do on x86-64 (see "element conversion" above: a float out of an
 * integer type's range gives what cvttsd2si gives, never UB). */
void store_from_int64(ScalarType t, char* p, int64_t v);
void store_from_double(ScalarType t, char* p, double v);
void store_scalar(ScalarType t, char* p, Scalar s);
/* store_scalar with Scalar::to<T>'s overflow check: 0, or -1 and PyTorch's
 * "value cannot be converted to type uint8_t without overflow".
 * PyTorch 1.13: c10/util/TypeCast.h checked_convert */
int store_scalar_checked(ScalarType t, char* p, Scalar s);

/* A float as the Half or BFloat16 t holds it: v rounded to t and widened
 * back, which is what each operation of c10::Half (c10::BFloat16) returns. */
static inline float reduced_round(ScalarType t, float v) {
  return t == ScalarType_Half ? Half_toFloat(Half_fromFloat(v)) : BFloat16_toFloat(BFloat16_fromFloat(v));
}

/* Converts one element of dtype st at src into dtype dt at dst (neither
 * quantized), as copy_ does. */
void convert_element(ScalarType dt, char* dst, ScalarType st, const char* src);

/* One element of dtype t at p, read as double (any dtype; a complex one's
 * real part, as c10::convert reads it) or as int64 (integers and bools).  Shared by the elementwise and reduction loops.
 * PyTorch 1.13: c10/core/DynamicCast.h fetch_and_cast */
double load_double(ScalarType t, const char* p);
int64_t load_int(ScalarType t, const char* p);

#endif
