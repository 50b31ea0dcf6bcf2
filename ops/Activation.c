/*
 * Activation.c - the derivative of relu: threshold_backward; gelu and
 * gelu_backward (Note [gelu's three formulas] below).
 *
 * threshold_backward(grad_output, self, threshold) passes the gradient where
 * self > threshold and gives 0 elsewhere (a NaN in self passes it); it is
 * the binary loop (ops/BinaryOps.h) with the threshold as its scalar
 * argument, self and grad_output promoted together as 1.13's
 * build_borrowing_binary_op(grad_input, self, grad) promotes them.  All
 * three are structured (Note [Structured kernels] in ops/Structured.h);
 * gelu's meta functions only build the iterator: its `approximate` is read
 * by the impl, as 1.13's.
 *
 * PyTorch 1.13: aten/src/ATen/native/Activation.cpp, cpu/Activation.cpp threshold_kernel
 */
#include <stdbool.h>
#include <string.h>

#include "NativeFunctions.h"
#include "ops/Activation.h"
#include "ops/BinaryOps.h"
#include "ops/MetaMode.h"
#include "ops/Structured.h"
#include "ops/TensorIteratorConfig.h"
#include "ops/cpu/Loops.h"
#include "ops/mkldnn/EltwiseGelu.h"
#include "runtime/Exception.h"
#include "runtime/TypeCast.h"

/* PyTorch 1.13: Activation.cpp TORCH_META_FUNC(threshold_backward) */
int at_meta_threshold_backward(StructuredOp* op, const Tensor* grad_output, const Tensor* self, Scalar threshold) {
  return binary_op_meta(op, self, grad_output, BinaryOp_ThresholdBackward, threshold);
}
/* PyTorch 1.13: Activation.cpp TORCH_IMPL_FUNC(threshold_backward_out) */
int at_impl_threshold_backward_out(StructuredOp* op, const Tensor* grad_output, const Tensor* self, Scalar threshold,
                                   Tensor* grad_input) {
  (void)grad_output, (void)self, (void)grad_input; /* the iterator holds them */
  return binary_op_run(op, BinaryOp_ThresholdBackward, threshold);
}

/*
 * Note [gelu's three formulas]
 * Which formula computes 1.13's gelu depends on the tensor, and the last bits
 * with it (measured on 80,003 floats, ops/cpu/Activation.c):
 *  - a contiguous Float (or BFloat16) self of more than one element, with
 *    approximate='none', goes to oneDNN (use_mkldnn: Debian's build has
 *    MKLDNN and torch.backends.mkldnn is on): Abramowitz and Stegun's erf
 *    with oneDNN's own exp, whatever ATEN_CPU_CAPABILITY says
 *    (ops/mkldnn/EltwiseGelu.c), gelu_backward likewise when self is such;
 *  - everything else goes to GeluKernelImpl (GeluBackwardKernelImpl):
 *    Sleef's erf, exp, tanh on vectors and libm on the tail at AVX2, libm
 *    everywhere at DEFAULT (ops/cpu/Activation.c).
 * oneDNN's backward reads grad_output as a tensor of self's shape and a
 * float type: a broadcast grad_output fails in oneDNN ("could not create a
 * primitive descriptor for a reorder primitive"), a Double one in ideep
 * ("itensor_view_from_dense expects float/bfloat16 tensor input"), as in 1.13.
 * NB(minaten): 1.13's oneDNN forward into a non-contiguous out= writes
 * elsewhere than out's elements (garbage), and its backward reads a
 * transposed grad_output in the wrong order; minaten reads and writes each
 * tensor's own elements.  minaten has no torch.backends.mkldnn switch: the
 * oneDNN path is always on, as it is by default in 1.13.
 */

/* PyTorch 1.13: Activation.cpp DEFINE_DISPATCH(GeluKernel), DEFINE_DISPATCH(GeluBackwardKernel) */
DEFINE_DISPATCH(GeluKernel);
DEFINE_DISPATCH(GeluBackwardKernel);

/* 0, or -1 with 1.13's error for another string.
 * PyTorch 1.13: native/Activation.h get_gelutype_enum */
int get_gelutype_enum(const char* approximate, GeluType* type) {
  if (strcmp(approximate, "none") == 0) *type = GeluType_None;
  else if (strcmp(approximate, "tanh") == 0) *type = GeluType_Tanh;
  else TORCH_CHECK(false, "approximate argument must be either none or tanh.");
  return 0;
fail:
  return -1;
}

/* PyTorch 1.13: Activation.cpp use_mkldnn (userEnabledMkldnn; BFloat16 with
 * mkldnn_bf16_device_check, true on a CPU with AVX-512 BW, VL and DQ) */
static bool use_mkldnn(const Tensor* input) {
  if (!input->is_contiguous || input->numel <= 1) return false;
  return input->dtype == ScalarType_Float || input->dtype == ScalarType_BFloat16;
}

/* oneDNN's loops (Note [gelu's three formulas]): each element alone, in
 * float, rounded once to the output's type. */
static void onednn_gelu_loop2d(void* ctx, char** data, const int64_t* strides, int64_t size0, int64_t size1) {
  const TensorIteratorBase* iter = ctx;
  ScalarType t = iter->common_dtype, tx = iter->tensors[1]->dtype;
  for (int64_t j = 0; j < size1; j++) {
    char *o = data[0] + j * strides[2], *x = data[1] + j * strides[3];
    for (int64_t i = 0; i < size0; i++, o += strides[0], x += strides[1])
      store_from_double(t, o, onednn_gelu_erf_fwd((float)load_double(tx, x)));
  }
}
static void onednn_gelu_backward_loop2d(void* ctx, char** data, const int64_t* strides, int64_t size0,
                                        int64_t size1) {
  const TensorIteratorBase* iter = ctx;
  ScalarType t = iter->common_dtype, tg = iter->tensors[1]->dtype, tx = iter->tensors[2]->dtype;
  for (int64_t j = 0; j < size1; j++) {
    char *o = data[0] + j * strides[3], *g = data[1] + j * strides[4], *x = data[2] + j * strides[5];
    for (int64_t i = 0; i < size0; i++, o += strides[0], g += strides[1], x += strides[2])
      store_from_double(t, o, onednn_gelu_erf_bwd((float)load_double(tg, g), (float)load_double(tx, x)));
  }
}

/* The dtypes GeluKernelImpl's AT_DISPATCH takes (BFloat16 through its
 * reduced-float branch), else its error. */
static int check_gelu_dtype(ScalarType t, const char* name) {
  TORCH_CHECK(t == ScalarType_Float || t == ScalarType_Double || t == ScalarType_BFloat16,
              "\"%s\" not implemented for '%s'", name, ScalarType_name(t));
  return 0;
fail:
  return -1;
}

/* PyTorch 1.13: Activation.cpp TORCH_META_FUNC(gelu) (build_borrowing_unary_op) */
int at_meta_gelu(StructuredOp* op, const Tensor* self, const char* approximate) {
  (void)approximate; /* read by the impl: a meta tensor takes any string */
  TensorIteratorConfig config;
  TensorIteratorConfig_unary_op(&config);
  config.complex_kernels = true; /* check_gelu_dtype refuses them in 1.13's words */
  TensorIteratorConfig_add_output(&config, StructuredOp_maybeGetOutput(op, 0));
  TensorIteratorConfig_add_input(&config, self);
  return StructuredOp_build(op, &config);
}
/* PyTorch 1.13: Activation.cpp TORCH_IMPL_FUNC(gelu_out_cpu) */
int at_impl_gelu_out_cpu(StructuredOp* op, const Tensor* self, const char* approximate, Tensor* out) {
  (void)out;
  GeluType type;
  if (get_gelutype_enum(approximate, &type) < 0) return -1;
  TensorIteratorBase* iter = &op->iter;
  if (MetaMode_isEnabled()) return 0;
  if (use_mkldnn(self) && type == GeluType_None) {
    cpu_kernel(iter, onednn_gelu_loop2d, iter);
    return 0;
  }
  if (check_gelu_dtype(iter->common_dtype, "GeluKernelImpl") < 0) return -1;
  if (iter->numel > 0) ((gelu_fn)DispatchStub_get(&GeluKernel))(iter, type);
  return 0;
}

/* oneDNN's refusals of grad_output (Note [gelu's three formulas]). */
static int check_onednn_grad(const Tensor* grad, const Tensor* self) {
  IntArrayRef gs = Tensor_sizes(grad), ss = Tensor_sizes(self);
  bool same = gs.size == ss.size && (gs.size == 0 || memcmp(gs.data, ss.data, gs.size * sizeof(int64_t)) == 0);
  TORCH_CHECK(grad->dtype == ScalarType_Float || grad->dtype == ScalarType_BFloat16,
              "itensor_view_from_dense expects float/bfloat16 tensor input");
  TORCH_CHECK(same,
              "could not create a primitive descriptor for a reorder primitive");
  return 0;
fail:
  return -1;
}

/* PyTorch 1.13: Activation.cpp TORCH_META_FUNC(gelu_backward) (build_borrowing_binary_op) */
int at_meta_gelu_backward(StructuredOp* op, const Tensor* grad_output, const Tensor* self, const char* approximate) {
  (void)approximate;
  TensorIteratorConfig config;
  TensorIteratorConfig_binary_op(&config);
  config.complex_kernels = true;
  TensorIteratorConfig_add_output(&config, StructuredOp_maybeGetOutput(op, 0));
  TensorIteratorConfig_add_input(&config, grad_output);
  TensorIteratorConfig_add_input(&config, self);
  return StructuredOp_build(op, &config);
}
/* PyTorch 1.13: Activation.cpp TORCH_IMPL_FUNC(gelu_backward_out_cpu) */
int at_impl_gelu_backward_out_cpu(StructuredOp* op, const Tensor* grad_output, const Tensor* self,
                                  const char* approximate, Tensor* grad_input) {
  (void)grad_input;
  GeluType type;
  if (get_gelutype_enum(approximate, &type) < 0) return -1;
  TensorIteratorBase* iter = &op->iter;
  if (MetaMode_isEnabled()) return 0;
  if (use_mkldnn(self) && type == GeluType_None) {
    if (check_onednn_grad(grad_output, self) < 0) return -1;
    cpu_kernel(iter, onednn_gelu_backward_loop2d, iter);
    return 0;
  }
  if (check_gelu_dtype(iter->common_dtype, "GeluBackwardKernelImpl") < 0) return -1;
  if (iter->numel > 0) ((gelu_fn)DispatchStub_get(&GeluBackwardKernel))(iter, type);
  return 0;
}
