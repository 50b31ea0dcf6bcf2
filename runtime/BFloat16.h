/*
 * BFloat16.h - bfloat16: the top 16 bits of a float (1 sign bit, 8 exponent
 * bits, 7 mantissa bits), so it has float's range with 8 bits of precision.
 *
 * As with Half (runtime/Half.h), kernels widen to float, compute and narrow.
 * Narrowing rounds to nearest, ties to even, by adding 0x7FFF plus the
 * lowest kept bit and truncating; every NaN becomes 0x7FC0 (a positive quiet
 * NaN), as c10's round_to_nearest_even does.  A double narrows through
 * float.
 *
 * PyTorch 1.13: c10/util/BFloat16.h (f32_from_bits, round_to_nearest_even)
 */
#ifndef MINATEN_RUNTIME_BFLOAT16_H
#define MINATEN_RUNTIME_BFLOAT16_H

#include <stdint.h>

#include "runtime/Half.h"

typedef struct BFloat16 {
  uint16_t x;
} BFloat16;

/* Exact.  PyTorch 1.13: c10/util/BFloat16.h detail::f32_from_bits */
static inline float BFloat16_toFloat(BFloat16 b) { return float_from_bits((uint32_t)b.x << 16); }

/* PyTorch 1.13: c10/util/BFloat16.h detail::round_to_nearest_even */
static inline BFloat16 BFloat16_fromFloat(float f) {
  if (f != f) return (BFloat16){0x7fc0};
  uint32_t w = float_to_bits(f);
  uint32_t rounding_bias = ((w >> 16) & 1) + 0x7fff;
  return (BFloat16){(uint16_t)((w + rounding_bias) >> 16)};
}

#endif
