/*
 * InputBuffer.c - see InputBuffer.h.
 * PyTorch 1.13: torch/csrc/autograd/input_buffer.cpp
 */
#include "autograd/InputBuffer.h"

#include <stdlib.h>

#include "Functions.h"
#include "runtime/Exception.h"

int InputBuffer_init(InputBuffer* self, size_t size) {
  self->size = size;
  self->buffer = NULL;
  if (size == 0) return 0;
  self->buffer = calloc(size, sizeof *self->buffer);
  TORCH_CHECK_ALLOC(self->buffer != NULL);
  return 0;
fail:
  return -1;
}

/* PyTorch 1.13: torch/csrc/autograd/input_buffer.cpp accumulate (dense
 * tensors: ATen doesn't route sparse additions correctly, the sparse cases
 * are the only ones 1.13 does in place) */
static int accumulate(InputBuffer* self, size_t pos, Tensor* var) {
  Tensor* old_var = self->buffer[pos];
  Tensor* sum = at_add_Tensor(old_var, var, Scalar_fromLong(1));
  Tensor_release(var);
  if (sum == NULL) return -1;
  self->buffer[pos] = sum;
  Tensor_release(old_var);
  return 0;
}

int InputBuffer_add(InputBuffer* self, size_t pos, Tensor* var) {
  TORCH_INTERNAL_ASSERT(pos < self->size);
  if (var == NULL) return 0;
  if (self->buffer[pos] == NULL) {
    self->buffer[pos] = var;
    return 0;
  }
  return accumulate(self, pos, var);
}

void InputBuffer_release(InputBuffer* self) {
  for (size_t i = 0; i < self->size; i++) Tensor_release(self->buffer[i]);
  free(self->buffer);
  self->buffer = NULL;
  self->size = 0;
}
