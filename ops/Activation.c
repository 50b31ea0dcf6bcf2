/*
 * Activation.c - the derivative of relu: threshold_backward.
 *
 * threshold_backward(grad_output, self, threshold) passes the gradient where
 * self > threshold and gives 0 elsewhere (a NaN in self passes it); it is
 * the binary loop (ops/BinaryOps.h) with the threshold as its scalar
 * argument, self and grad_output promoted together as 1.13's
 * build_borrowing_binary_op(grad_input, self, grad) promotes them.
 *
 * PyTorch 1.13: aten/src/ATen/native/Activation.cpp, cpu/Activation.cpp threshold_kernel
 */
#include "NativeFunctions.h"
#include "ops/BinaryOps.h"

/* PyTorch 1.13: Activation.cpp TORCH_IMPL_FUNC(threshold_backward_out) */
Tensor* at_native_threshold_backward(const Tensor* grad_output, const Tensor* self, Scalar threshold) {
  return binary_op(NULL, self, grad_output, BinaryOp_ThresholdBackward, threshold);
}

/* PyTorch 1.13: Activation.cpp TORCH_IMPL_FUNC(threshold_backward_out) (grad_input=) */
Tensor* at_native_threshold_backward_out(const Tensor* grad_output, const Tensor* self, Scalar threshold,
                                         Tensor* grad_input) {
  return binary_op_out(grad_input, self, grad_output, BinaryOp_ThresholdBackward, threshold);
}
