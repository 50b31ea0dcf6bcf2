/*
 * array.h - arrays that grow one element at a time, geometrically.
 *
 * The front end's arrays (a text's tokens, a call's arguments and keyword
 * arguments, a block's statements, a list's items) grow by appending.  Such
 * an array keeps no capacity of its own: holding n elements, it has room for
 * array_capacity(n), the smallest power of two >= n, so appending reallocates
 * only when n is 0 or a power of two, to twice the room.  N appends then cost
 * O(N) element copies instead of O(N^2): with one realloc per element, a
 * 10,000-term expression took 26 s under ASan.  An array may shrink (n
 * decreases) but must not be allocated with less room than array_capacity(n).
 */
#ifndef MINATEN_TOOLS_MINATEN_ARRAY_H
#define MINATEN_TOOLS_MINATEN_ARRAY_H

#include <stddef.h>
#include <stdlib.h>

#include "runtime/Exception.h"

/* The room an array of n elements has: 0, 1, 2, 4, 8, ... */
static inline int array_capacity(int n) {
  int cap = 1;
  if (n <= 0) return 0;
  while (cap < n) {
    TORCH_INTERNAL_ASSERT(cap <= (1 << 29));
    cap *= 2;
  }
  return cap;
}

/* Room for element n of `items` (n elements of `size` bytes so far): the
 * array itself, or a reallocated one of twice the room. */
static inline void* array_grow(void* items, int n, size_t size) {
  if (n > 0 && (n & (n - 1)) != 0) return items; /* room up to the next power of two */
  TORCH_INTERNAL_ASSERT(n <= (1 << 29));
  void* bigger = realloc(items, (n == 0 ? 1 : 2 * (size_t)n) * size);
  TORCH_INTERNAL_ASSERT(bigger != NULL);
  return bigger;
}

#endif
