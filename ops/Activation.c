/*
 * Activation.c - the derivative of relu: threshold_backward; gelu and
 * gelu_backward (Note [gelu's three formulas] below).
 *
 * threshold_backward(grad_output, self, threshold) passes the gradient where
 * self > threshold and gives 0 elsewhere (a NaN in self passes it); it is
 * the binary loop (ops/BinaryOps.h) with the threshold as its scalar
 * argument, self and grad_output promoted together as 1.13's
 * build_borrowing_binary_op(grad_input, self, grad) promotes them.
 *
 * PyTorch 1.13: aten/src/ATen/native/Activation.cpp, cpu/Activation.cpp threshold_kernel
 */
#include <stdbool.h>
#include <string.h>

#include "NativeFunctions.h"
#include "ops/Activation.h"
#include "ops/BinaryOps.h"
#include "ops/MetaMode.h"
#include "ops/TensorIteratorConfig.h"
#include "ops/cpu/Loops.h"
#include "ops/mkldnn/EltwiseGelu.h"
#include "runtime/Exception.h"
#include "runtime/TypeCast.h"

/* PyTorch 1.13: Activation.cpp TORCH_IMPL_FUNC(threshold_backward_out) */
Tensor* at_native_threshold_backward(const Tensor* grad_output, const Tensor* self, Scalar threshold) {
  return binary_op(NULL, self, grad_output, BinaryOp_ThresholdBackward, threshold);
}

/* PyTorch 1.13: Activation.cpp TORCH_IMPL_FUNC(threshold_backward_out) (grad_input=) */
Tensor* at_native_threshold_backward_out(const Tensor* grad_output, const Tensor* self, Scalar threshold,
                                         Tensor* grad_input) {
  return binary_op_out(grad_input, self, grad_output, BinaryOp_ThresholdBackward, threshold);
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

/* gelu of self into out (NULL: a new output; self: in place; resize_out
 * for out=).  PyTorch 1.13: Activation.cpp TORCH_META_FUNC(gelu)
 * (build_borrowing_unary_op), TORCH_IMPL_FUNC(gelu_out_cpu) */
static Tensor* gelu_impl(Tensor* out, bool resize_out, const Tensor* self, const char* approximate) {
  GeluType type;
  TRY(get_gelutype_enum(approximate, &type) == 0);
  TensorIteratorConfig config;
  TensorIteratorConfig_unary_op(&config);
  config.resize_outputs = resize_out;
  config.complex_kernels = true; /* check_gelu_dtype refuses them in 1.13's words */
  TensorIteratorConfig_add_output(&config, out);
  TensorIteratorConfig_add_input(&config, self);
  TensorIteratorBase iter;
  TRY(TensorIterator_build(&iter, &config) == 0);
  if (!MetaMode_isEnabled()) {
    if (use_mkldnn(self) && type == GeluType_None) {
      cpu_kernel(&iter, onednn_gelu_loop2d, &iter);
    } else {
      if (check_gelu_dtype(iter.common_dtype, "GeluKernelImpl") < 0) goto release;
      if (iter.numel > 0) ((gelu_fn)DispatchStub_get(&GeluKernel))(&iter, type);
    }
  }
  Tensor* result = TensorIterator_output(&iter, 0);
  TensorIterator_release(&iter);
  return result;
release:
  TensorIterator_release(&iter);
fail:
  return NULL;
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

/* gelu_backward into grad_input (NULL: a new output; resize_out for
 * grad_input=).  PyTorch 1.13: Activation.cpp TORCH_META_FUNC(gelu_backward)
 * (build_borrowing_binary_op), TORCH_IMPL_FUNC(gelu_backward_out_cpu) */
static Tensor* gelu_backward_impl(Tensor* out, bool resize_out, const Tensor* grad, const Tensor* self,
                                  const char* approximate) {
  GeluType type;
  TRY(get_gelutype_enum(approximate, &type) == 0);
  TensorIteratorConfig config;
  TensorIteratorConfig_binary_op(&config);
  config.resize_outputs = resize_out;
  config.complex_kernels = true;
  TensorIteratorConfig_add_output(&config, out);
  TensorIteratorConfig_add_input(&config, grad);
  TensorIteratorConfig_add_input(&config, self);
  TensorIteratorBase iter;
  TRY(TensorIterator_build(&iter, &config) == 0);
  if (!MetaMode_isEnabled()) {
    if (use_mkldnn(self) && type == GeluType_None) {
      if (check_onednn_grad(grad, self) < 0) goto release;
      cpu_kernel(&iter, onednn_gelu_backward_loop2d, &iter);
    } else {
      if (check_gelu_dtype(iter.common_dtype, "GeluBackwardKernelImpl") < 0) goto release;
      if (iter.numel > 0) ((gelu_fn)DispatchStub_get(&GeluBackwardKernel))(&iter, type);
    }
  }
  Tensor* result = TensorIterator_output(&iter, 0);
  TensorIterator_release(&iter);
  return result;
release:
  TensorIterator_release(&iter);
fail:
  return NULL;
}

/* PyTorch 1.13: Activation.cpp TORCH_IMPL_FUNC(gelu_out_cpu) (functional) */
Tensor* at_native_gelu(const Tensor* self, const char* approximate) {
  return gelu_impl(NULL, false, self, approximate);
}
/* PyTorch 1.13: Activation.cpp TORCH_IMPL_FUNC(gelu_out_cpu) (in place) */
Tensor* at_native_gelu_(Tensor* self, const char* approximate) { return gelu_impl(self, false, self, approximate); }
/* PyTorch 1.13: Activation.cpp TORCH_IMPL_FUNC(gelu_out_cpu) */
Tensor* at_native_gelu_out_cpu(const Tensor* self, const char* approximate, Tensor* out) {
  return gelu_impl(out, true, self, approximate);
}
/* PyTorch 1.13: Activation.cpp TORCH_IMPL_FUNC(gelu_backward_out_cpu) (functional) */
Tensor* at_native_gelu_backward(const Tensor* grad_output, const Tensor* self, const char* approximate) {
  return gelu_backward_impl(NULL, false, grad_output, self, approximate);
}
/* PyTorch 1.13: Activation.cpp TORCH_IMPL_FUNC(gelu_backward_out_cpu) */
Tensor* at_native_gelu_backward_out_cpu(const Tensor* grad_output, const Tensor* self, const char* approximate,
                                        Tensor* grad_input) {
  return gelu_backward_impl(grad_input, true, grad_output, self, approximate);
}
