/*
 * InputBuffer.h - the gradients a node has received so far, one slot per
 * node input.
 *
 * A tensor used twice in the forward sends two gradients to the same input
 * of the same node; the buffer sums them before the node runs (it is "an
 * implicit addition node for all of the gradients flowing here", 1.13's
 * NodeTask comment).  In 1.13 the sum of two dense gradients is always out of
 * place, `old_var + var`, so the trace shows aten::add.Tensor (in-place
 * accumulation came after 1.13).
 *
 * The engine owns each buffer: a slot holds one reference (or NULL, an
 * undefined gradient) until the node has run.
 *
 * PyTorch 1.13: torch/csrc/autograd/input_buffer.h, input_buffer.cpp
 */
#ifndef MINATEN_AUTOGRAD_INPUTBUFFER_H
#define MINATEN_AUTOGRAD_INPUTBUFFER_H

#include <stddef.h>

#include "runtime/TensorImpl.h"

/* PyTorch 1.13: torch/csrc/autograd/input_buffer.h InputBuffer */
typedef struct InputBuffer {
  Tensor** buffer; /* size slots, each owned or NULL */
  size_t size;
} InputBuffer;

/* size empty slots; 0, or -1 with a RuntimeError (out of memory).
 * PyTorch 1.13: InputBuffer::InputBuffer(size_t) */
int InputBuffer_init(InputBuffer* self, size_t size);

/* Adds var (its reference is taken over; NULL: nothing to add) into slot pos.
 * Returns 0, or -1 with the error set (var released).
 * PyTorch 1.13: torch/csrc/autograd/input_buffer.cpp InputBuffer::add, accumulate */
int InputBuffer_add(InputBuffer* self, size_t pos, Tensor* var);

/* Drops every slot's reference and the slots. */
void InputBuffer_release(InputBuffer* self);

#endif
