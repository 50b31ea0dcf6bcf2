/*
 * Boxing.c - the out-of-line part of Boxing.h.
 */
#include "dispatch/Boxing.h"

#include <stdlib.h>

void TensorList_release(TensorList l) {
  for (size_t i = 0; i < l.size; i++) Tensor_release(l.data[i]);
  free((void*)l.data);
}
