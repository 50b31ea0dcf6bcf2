/*
 * AutogenFunctional.h - the kernel of a functional form 1.13 generates from
 * an in-place operator.
 *
 * `autogen: zero` under zero_ (and resize, resize_as, set.*, uniform,
 * exponential, random.*) makes a functional operator that no one wrote,
 * which functionalization calls for the in-place one.  torchgen's kernel
 * clones self, runs the in-place operator on the clone and returns the
 * clone:
 *
 *   auto self_clone = clone_arg(self);
 *   at::_ops::zero_::call(self_clone);
 *   return self_clone;
 *
 * minaten's YAML writes these as entries of their own (`tags: generated`),
 * each kernel two lines on this helper:
 *
 *   Tensor* out = at_clone(self, kNoMemoryFormat);
 *   return out == NULL ? NULL : AutogenFunctional_result(out, at_zero_(out));
 *
 * PyTorch 1.13: torchgen/native_function_generation.py
 * (gen_composite_functional_kernel)
 */
#ifndef MINATEN_OPS_AUTOGENFUNCTIONAL_H
#define MINATEN_OPS_AUTOGENFUNCTIONAL_H

#include "runtime/TensorImpl.h"

/* The clone `out` after the in-place call on it returned `r` (a new
 * reference, NULL on error): out, or NULL with out released. */
static inline Tensor* AutogenFunctional_result(Tensor* out, Tensor* r) {
  if (r == NULL) {
    Tensor_release(out);
    return NULL;
  }
  Tensor_release(r);
  return out;
}

#endif
