/*
 * TypeCast.c - element conversion between dtypes (see TypeCast.h).
 * PyTorch 1.13: c10/util/TypeCast.h, c10/core/DynamicCast.h
 */
#include "runtime/TypeCast.h"

#include <float.h>
#include <math.h>
#include <stdbool.h>

#include "runtime/Exception.h"

void store_from_int64(ScalarType t, char* p, int64_t v) {
  switch (t) {
    case ScalarType_Byte: *(uint8_t*)p = (uint8_t)v; break;
    case ScalarType_Char: *(int8_t*)p = (int8_t)(uint8_t)v; break;
    case ScalarType_Short: *(int16_t*)p = (int16_t)(uint16_t)v; break;
    case ScalarType_Int: *(int32_t*)p = (int32_t)(uint32_t)v; break;
    case ScalarType_Long: *(int64_t*)p = v; break;
    case ScalarType_Float: *(float*)p = (float)v; break;
    case ScalarType_Double: *(double*)p = (double)v; break;
    case ScalarType_Bool: *(uint8_t*)p = v != 0; break;
    case ScalarType_Half: *(Half*)p = Half_fromFloat((float)v); break;
    case ScalarType_BFloat16: *(BFloat16*)p = BFloat16_fromFloat((float)v); break;
    case ScalarType_ComplexFloat: *(ComplexFloat*)p = (ComplexFloat){(float)v, 0}; break;
    case ScalarType_ComplexDouble: *(ComplexDouble*)p = (ComplexDouble){(double)v, 0}; break;
    default: TORCH_INTERNAL_ASSERT(!"store_from_int64: quantized dtype");
  }
}

void store_from_double(ScalarType t, char* p, double v) {
  switch (t) {
    /* NB: double -> float beyond FLT_MAX is inf under C's Annex F (IEC
     * 60559), which GCC and Clang implement on x86-64, as PyTorch gets. */
    case ScalarType_Float: *(float*)p = (float)v; break;
    case ScalarType_Double: *(double*)p = v; break;
    /* Through float, as c10::Half(float) is the only way in (Half.h). */
    case ScalarType_Half: *(Half*)p = Half_fromFloat((float)v); break;
    case ScalarType_BFloat16: *(BFloat16*)p = BFloat16_fromFloat((float)v); break;
    case ScalarType_Bool: *(uint8_t*)p = v != 0; break;
    case ScalarType_ComplexFloat: *(ComplexFloat*)p = (ComplexFloat){(float)v, 0}; break;
    case ScalarType_ComplexDouble: *(ComplexDouble*)p = (ComplexDouble){v, 0}; break;
    case ScalarType_Long: *(int64_t*)p = double_to_int64(v); break;
    case ScalarType_Byte: *(uint8_t*)p = (uint8_t)double_to_int64(v); break;
    default: store_from_int64(t, p, double_to_int32(v)); break;
  }
}

/* One complex value into dtype t: both parts into a complex type, the real
 * part alone into any other (c10's static_cast_with_inter_type takes
 * .real(): 0.5+1j is false as a bool). */
static void store_from_complex(ScalarType t, char* p, double real, double imag) {
  if (t == ScalarType_ComplexFloat)
    *(ComplexFloat*)p = (ComplexFloat){(float)real, (float)imag};
  else if (t == ScalarType_ComplexDouble)
    *(ComplexDouble*)p = (ComplexDouble){real, imag};
  else
    store_from_double(t, p, real);
}

void store_scalar(ScalarType t, char* p, Scalar s) {
  if (s.tag == ScalarTag_ComplexDouble)
    store_from_complex(t, p, s.v.z.real, s.v.z.imag);
  else if (s.tag == ScalarTag_Double)
    store_from_double(t, p, s.v.d);
  else
    store_from_int64(t, p, s.v.i);
}

/* The limits Scalar::to<T> checks against, and the C++ type name its
 * message uses.  PyTorch 1.13: c10/util/TypeCast.h checked_convert */
static bool integer_limits(ScalarType t, double* lo, double* hi, const char** name) {
  switch (t) {
    case ScalarType_Byte: *lo = 0, *hi = 255, *name = "uint8_t"; return true;
    case ScalarType_Char: *lo = -128, *hi = 127, *name = "int8_t"; return true;
    case ScalarType_Short: *lo = -32768, *hi = 32767, *name = "int16_t"; return true;
    case ScalarType_Int: *lo = -2147483648.0, *hi = 2147483647.0, *name = "int"; return true;
    /* NB: numeric_limits<int64_t>::max() rounds up to 2^63 as a double, so
     * 2^63 itself passes the check (and then converts to INT64_MIN). */
    case ScalarType_Long: *lo = -9223372036854775808.0, *hi = 9223372036854775808.0, *name = "int64_t"; return true;
    default: return false;
  }
}

/* PyTorch 1.13: c10/util/TypeCast.h checked_convert, c10/util/Half.h overflows */
int store_scalar_checked(ScalarType t, char* p, Scalar s) {
  double lo, hi;
  const char* name = "float";
  bool overflow = false;
  if (s.tag == ScalarTag_ComplexDouble) {
    /* a real type takes no imaginary part; complex64 takes each part as a
     * float does */
    double max = t == ScalarType_ComplexFloat ? FLT_MAX : INFINITY;
    overflow = ScalarType_isComplex(t) ? (isfinite(s.v.z.real) && fabs(s.v.z.real) > max) ||
                                             (isfinite(s.v.z.imag) && fabs(s.v.z.imag) > max)
                                       : t != ScalarType_Bool && s.v.z.imag != 0; /* bool holds any */
    if (!overflow && !ScalarType_isComplex(t))
      return store_scalar_checked(t, p, Scalar_fromDouble(s.v.z.real));
    name = t == ScalarType_ComplexFloat    ? "c10::complex<float>"
           : t == ScalarType_ComplexDouble ? "c10::complex<double>"
           : t == ScalarType_Double        ? "double"
           : ScalarType_isFloating(t)      ? (t == ScalarType_Float ? "float" : t == ScalarType_Half ? "at::Half" : "at::BFloat16")
           : !integer_limits(t, &lo, &hi, &name) ? "float" : name;
  } else if (ScalarType_isComplex(t)) {
    overflow = false; /* complex128 holds every real Scalar; complex64 as float (below) */
    if (t == ScalarType_ComplexFloat && s.tag != ScalarTag_Bool) {
      double v = s.tag == ScalarTag_Double ? s.v.d : (double)s.v.i;
      overflow = isfinite(v) && fabs(v) > FLT_MAX;
      name = "c10::complex<float>";
    }
  } else if (s.tag == ScalarTag_Bool || t == ScalarType_Bool || t == ScalarType_Double) {
    overflow = false; /* bool and double hold every Scalar */
  } else if (ScalarType_isFloating(t)) {
    /* inf and NaN convert; finite values beyond the largest finite value do
     * not, even those that would round down to it. */
    double max = ScalarType_floatingMax(t);
    double v = s.tag == ScalarTag_Double ? s.v.d : (double)s.v.i;
    overflow = isfinite(v) && (v < -max || v > max);
    name = t == ScalarType_Float ? "float" : t == ScalarType_Half ? "at::Half" : "at::BFloat16";
  } else if (integer_limits(t, &lo, &hi, &name)) {
    if (s.tag == ScalarTag_Double) {
      overflow = isnan(s.v.d) || s.v.d < lo || s.v.d > hi;
    } else if (lo == 0) {
      /* Unsigned: negative integers may wrap, as in two's complement
       * arithmetic (uint8 accepts -255 and stores 1), but not beyond. */
      uint64_t magnitude = s.v.i < 0 ? 0 - (uint64_t)s.v.i : (uint64_t)s.v.i;
      overflow = (double)magnitude > hi;
    } else {
      overflow = (double)s.v.i < lo || (double)s.v.i > hi;
    }
  }
  if (overflow) {
    Error_set(ErrorType_RuntimeError, "value cannot be converted to type %s without overflow", name);
    return -1;
  }
  store_scalar(t, p, s);
  return 0;
}

void convert_element(ScalarType dt, char* dst, ScalarType st, const char* src) {
  switch (st) {
    case ScalarType_ComplexFloat: {
      ComplexFloat z = *(const ComplexFloat*)src;
      store_from_complex(dt, dst, z.real, z.imag);
      break;
    }
    case ScalarType_ComplexDouble: {
      ComplexDouble z = *(const ComplexDouble*)src;
      store_from_complex(dt, dst, z.real, z.imag);
      break;
    }
    case ScalarType_Float: store_from_double(dt, dst, *(const float*)src); break;
    case ScalarType_Double: store_from_double(dt, dst, *(const double*)src); break;
    case ScalarType_Half: store_from_double(dt, dst, Half_toFloat(*(const Half*)src)); break;
    case ScalarType_BFloat16: store_from_double(dt, dst, BFloat16_toFloat(*(const BFloat16*)src)); break;
    case ScalarType_Byte: store_from_int64(dt, dst, *(const uint8_t*)src); break;
    case ScalarType_Char: store_from_int64(dt, dst, *(const int8_t*)src); break;
    case ScalarType_Short: store_from_int64(dt, dst, *(const int16_t*)src); break;
    case ScalarType_Int: store_from_int64(dt, dst, *(const int32_t*)src); break;
    case ScalarType_Long: store_from_int64(dt, dst, *(const int64_t*)src); break;
    /* Read bools as bytes: an uninitialised bool tensor may hold any byte. */
    case ScalarType_Bool: store_from_int64(dt, dst, *(const uint8_t*)src != 0); break;
    default: TORCH_INTERNAL_ASSERT(!"convert_element: quantized dtype");
  }
}

double load_double(ScalarType t, const char* p) {
  switch (t) {
    case ScalarType_Float: return *(const float*)p;
    case ScalarType_Double: return *(const double*)p;
    case ScalarType_Half: return Half_toFloat(*(const Half*)p);
    case ScalarType_BFloat16: return BFloat16_toFloat(*(const BFloat16*)p);
    case ScalarType_Bool: return *(const uint8_t*)p != 0; /* a bool view of other bytes may hold any byte */
    case ScalarType_Byte: return *(const uint8_t*)p;
    case ScalarType_Char: return *(const int8_t*)p;
    case ScalarType_Short: return *(const int16_t*)p;
    case ScalarType_Int: return *(const int32_t*)p;
    case ScalarType_ComplexFloat: return ((const ComplexFloat*)p)->real; /* c10::convert takes .real() */
    case ScalarType_ComplexDouble: return ((const ComplexDouble*)p)->real;
    default: return (double)*(const int64_t*)p;
  }
}

int64_t load_int(ScalarType t, const char* p) {
  switch (t) {
    case ScalarType_Bool: return *(const uint8_t*)p != 0; /* a bool view of other bytes may hold any byte */
    case ScalarType_Byte: return *(const uint8_t*)p;
    case ScalarType_Char: return *(const int8_t*)p;
    case ScalarType_Short: return *(const int16_t*)p;
    case ScalarType_Int: return *(const int32_t*)p;
    case ScalarType_Long: return *(const int64_t*)p;
    default: return (int64_t)load_double(t, p); /* not reached: floats compute as double */
  }
}
