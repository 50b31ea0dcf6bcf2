/*
 * Half.h - float16 (IEEE 754 binary16): 1 sign bit, 5 exponent bits, 10
 * mantissa bits.  Largest finite value 65504, smallest normal 2^-14,
 * smallest subnormal 2^-24.
 *
 * A Half is its 16 bits; kernels never do arithmetic on it.  They widen it
 * to float, compute, and narrow the result, as c10::Half's operators do
 * (each `a + b` on two Halfs is float(a) + float(b) rounded back to Half).
 *
 * Narrowing rounds to nearest, ties to even; beyond 65520 (the midpoint
 * between 65504 and 2^16) gives inf; every NaN becomes 0x7E00 with its sign,
 * as c10's fp16_ieee_from_fp32_value does.  A double narrows through float
 * (static_cast<c10::Half>(double) has only a float constructor to go
 * through), so 1.13 rounds twice, and so does minaten.
 *
 * PyTorch 1.13: c10/util/Half.h (fp16_ieee_to_fp32_value,
 * fp16_ieee_from_fp32_value)
 */
#ifndef MINATEN_RUNTIME_HALF_H
#define MINATEN_RUNTIME_HALF_H

#include <stdint.h>
#include <string.h>

typedef struct Half {
  uint16_t x;
} Half;

static inline uint32_t float_to_bits(float f) {
  uint32_t w;
  memcpy(&w, &f, sizeof w);
  return w;
}

static inline float float_from_bits(uint32_t w) {
  float f;
  memcpy(&f, &w, sizeof f);
  return f;
}

/* Exact: every float16 is a float.  PyTorch 1.13: c10/util/Half.h fp16_ieee_to_fp32_value */
static inline float Half_toFloat(Half h) {
  uint32_t sign = (uint32_t)(h.x & 0x8000) << 16;
  uint32_t exponent = (h.x >> 10) & 0x1f;
  uint32_t mantissa = h.x & 0x3ff;
  if (exponent == 0x1f) /* inf, or NaN with its payload */
    return float_from_bits(sign | 0x7f800000u | mantissa << 13);
  if (exponent == 0) { /* zero or subnormal: mantissa * 2^-24 */
    float magnitude = (float)mantissa * 0x1p-24f;
    return sign ? -magnitude : magnitude;
  }
  return float_from_bits(sign | (exponent + 112) << 23 | mantissa << 13);
}

/* Round to nearest even.  PyTorch 1.13: c10/util/Half.h fp16_ieee_from_fp32_value */
static inline Half Half_fromFloat(float f) {
  uint32_t w = float_to_bits(f);
  uint16_t sign = (uint16_t)((w >> 16) & 0x8000);
  uint32_t magnitude = w & 0x7fffffffu;
  if (magnitude > 0x7f800000u) return (Half){(uint16_t)(sign | 0x7e00)}; /* NaN */
  if (magnitude >= 0x477ff000u) return (Half){(uint16_t)(sign | 0x7c00)}; /* >= 65520: inf */
  uint32_t exponent = magnitude >> 23; /* float's biased exponent */
  uint32_t kept, rest, halfway;
  if (exponent >= 113) { /* a normal half: rebias 127 -> 15, drop 13 mantissa bits */
    kept = (exponent - 112) << 10 | (magnitude >> 13 & 0x3ff);
    rest = magnitude & 0x1fff;
    halfway = 0x1000;
  } else if (exponent >= 102) { /* a subnormal half: the value in units of 2^-24 */
    uint32_t shift = 126 - exponent; /* 14..24 */
    uint32_t significand = (magnitude & 0x7fffff) | 0x800000;
    kept = significand >> shift;
    rest = significand & ((1u << shift) - 1);
    halfway = 1u << (shift - 1);
  } else { /* below 2^-25: rounds to zero */
    return (Half){sign};
  }
  /* A carry out of the mantissa moves to the next binade, as it should. */
  if (rest > halfway || (rest == halfway && (kept & 1))) kept++;
  return (Half){(uint16_t)(sign | kept)};
}

#endif
