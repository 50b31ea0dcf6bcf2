/*
 * ArrayRef.c - printing of int lists in PyTorch's `[2, 3]` form.
 * PyTorch 1.13: c10/util/ArrayRef.h operator<<
 */
#include "runtime/ArrayRef.h"

#include <inttypes.h>
#include <stdio.h>

const char* IntArrayRef_format(IntArrayRef a, char* buf, size_t buf_size) {
  size_t n = 0;
  n += (size_t)snprintf(buf + n, buf_size - n, "[");
  for (size_t i = 0; i < a.size && n < buf_size; i++)
    n += (size_t)snprintf(buf + n, buf_size - n, "%s%" PRId64, i ? ", " : "", a.data[i]);
  if (n < buf_size) snprintf(buf + n, buf_size - n, "]");
  return buf;
}
