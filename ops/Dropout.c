/*
 * Dropout.c - dropout and dropout_: zero each element with probability p
 * and scale the rest by 1 / (1 - p), in training; the input itself
 * otherwise.
 *
 * On CPU 1.13 composes it from operators (a trace shows them): a noise
 * tensor empty_like(input), bernoulli_(1 - p) on it, div_(1 - p), then
 * input * noise (mul_ for dropout_).  p == 0, train == False or an empty
 * input return the input itself (the same tensor); p == 1 multiplies by a
 * zero tensor.  (1.13's fused native_dropout runs on CUDA and lazy tensors
 * only.)
 *
 * PyTorch 1.13: aten/src/ATen/native/Dropout.cpp (dropout, dropout_,
 * _dropout_impl)
 */
#include "Functions.h"
#include "NativeFunctions.h"
#include "runtime/Exception.h"

/* input * other, or input.mul_(other); takes other's reference. */
static Tensor* multiply(Tensor* input, Tensor* other, bool inplace) {
  Tensor* r = inplace ? at_mul__Tensor(input, other) : at_mul_Tensor(input, other);
  Tensor_release(other);
  return r;
}

/* PyTorch 1.13: Dropout.cpp _dropout_impl<feature_dropout=false, alpha_dropout=false> */
static Tensor* dropout_impl(Tensor* input, double p, bool train, bool inplace) {
  OptionalScalarType dt = {true, input->dtype};
  OptionalLayout no_layout = {0};
  OptionalDevice dev = {true, input->device};
  OptionalBool no_pin = {0};
  OptionalMemoryFormat contiguous = {true, MemoryFormat_Contiguous};
  Tensor* noise = NULL;
  TORCH_CHECK(p >= 0 && p <= 1, "dropout probability has to be between 0 and 1, but got %g", p);
  if (p == 0 || !train || input->numel == 0) return Tensor_retain(input);
  if (p == 1) {
    Tensor* zero = at_zeros(IntArrayRef_make(NULL, 0), dt, no_layout, dev, no_pin);
    return zero == NULL ? NULL : multiply(input, zero, inplace);
  }
  TRY((noise = at_empty_like(input, (OptionalScalarType){0}, no_layout, (OptionalDevice){0}, no_pin, contiguous)) !=
      NULL);
  Tensor* r = at_bernoulli__float(noise, 1 - p, NULL);
  TRY(r != NULL);
  Tensor_release(r);
  TRY((r = at_div__Scalar(noise, Scalar_fromDouble(1 - p))) != NULL);
  Tensor_release(r);
  return multiply(input, noise, inplace);
fail:
  Tensor_release(noise);
  return NULL;
}

/* PyTorch 1.13: Dropout.cpp dropout (no fused kernel on CPU) */
Tensor* at_native_dropout(const Tensor* input, double p, bool train) {
  return dropout_impl((Tensor*)input, p, train, false);
}

/* PyTorch 1.13: Dropout.cpp dropout_ */
Tensor* at_native_dropout_(Tensor* self, double p, bool train) { return dropout_impl(self, p, train, true); }
