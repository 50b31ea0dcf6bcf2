/*
 * DispatchKeySet.c - printing a key set.  PyTorch 1.13: c10/core/DispatchKeySet.cpp
 */
#include "runtime/DispatchKeySet.h"

#include <stdio.h>

const char* DispatchKeySet_format(DispatchKeySet s, char* buf, unsigned long buf_size) {
  unsigned long n = (unsigned long)snprintf(buf, buf_size, "DispatchKeySet(");
  bool first = true;
  for (int k = 1; k < DispatchKey_NumRuntimeKeys && n < buf_size; k++) {
    if (!DispatchKeySet_has(s, (DispatchKey)k)) continue;
    n += (unsigned long)snprintf(buf + n, buf_size - n, "%s%s", first ? "" : ", ",
                                 DispatchKey_name((DispatchKey)k));
    first = false;
  }
  if (n < buf_size) snprintf(buf + n, buf_size - n, ")");
  return buf;
}
