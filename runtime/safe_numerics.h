/*
 * safe_numerics.h - int64 arithmetic on sizes and strides without undefined
 * behaviour.
 *
 * PyTorch computes sizes, strides and offsets in int64_t and, where it does
 * not check, lets them wrap (a `torch.cat` of three tensors of size 2**62
 * asks for a tensor of size -2**62 and fails on the negative size).  C calls
 * a signed overflow undefined, so minaten does the same arithmetic in
 * uint64_t, which wraps exactly as the two's complement hardware PyTorch runs
 * on does: the *_wrap functions give PyTorch's wrapped values, the *_overflows
 * functions PyTorch's checked ones (c10/util/safe_numerics.h).
 *
 * Invariant: every size, stride or offset computed from a number the user
 * typed goes through one of these (or a check that bounds it first).
 *
 * PyTorch 1.13: c10/util/safe_numerics.h
 */
#ifndef MINATEN_RUNTIME_SAFE_NUMERICS_H
#define MINATEN_RUNTIME_SAFE_NUMERICS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

static inline int64_t add_wrap(int64_t a, int64_t b) { return (int64_t)((uint64_t)a + (uint64_t)b); }
static inline int64_t sub_wrap(int64_t a, int64_t b) { return (int64_t)((uint64_t)a - (uint64_t)b); }
static inline int64_t mul_wrap(int64_t a, int64_t b) { return (int64_t)((uint64_t)a * (uint64_t)b); }

/* true when a * b (or a + b) does not fit in uint64_t; *out gets the wrapped value.
 * PyTorch 1.13: c10/util/safe_numerics.h mul_overflows, add_overflows */
static inline bool mul_overflows_u64(uint64_t a, uint64_t b, uint64_t* out) { return __builtin_mul_overflow(a, b, out); }
static inline bool add_overflows_u64(uint64_t a, uint64_t b, uint64_t* out) { return __builtin_add_overflow(a, b, out); }

/* The product of n sizes, each read as uint64_t (a negative size is a huge
 * number), into *out; true when any partial product overflowed, even if a
 * later 0 makes the final product 0 ([2**62, 8, 0] overflows, [2**61, 0] and
 * [0, 2**63-1] do not).
 * PyTorch 1.13: c10/util/safe_numerics.h safe_multiplies_u64 */
static inline bool safe_multiplies_u64(const int64_t* sizes, size_t n, uint64_t* out) {
  uint64_t prod = 1;
  bool overflow = false;
  for (size_t i = 0; i < n; i++) overflow |= __builtin_mul_overflow(prod, (uint64_t)sizes[i], &prod);
  *out = prod;
  return overflow;
}

#endif
