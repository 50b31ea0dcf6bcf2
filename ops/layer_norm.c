/*
 * layer_norm.c - layer_norm (CompositeImplicitAutograd: the first output
 * of native_layer_norm), native_layer_norm's CPU kernel and its composite
 * one, and native_layer_norm_backward's CPU kernel.
 *
 * The input is split at normalized_shape: its last normalized_shape.size()
 * dimensions must be normalized_shape, and hold N elements per row, the
 * dimensions before them M rows.  Each row is normalized on its own; mean
 * and rstd (1 / sqrt(var + eps), the biased variance) are returned with the
 * input's leading sizes and 1 for each normalized dimension ([2, 3, 1] for
 * an input [2, 3, 4] and normalized_shape [4]).  The loops are
 * ops/cpu/layer_norm_kernel.c's; here are the checks, in 1.13's order and
 * words, and the outputs.
 *
 * PyTorch 1.13: aten/src/ATen/native/layer_norm.cpp (layer_norm_symint,
 * layer_norm_cpu, layer_norm_backward_cpu, math_native_layer_norm),
 * aten/src/ATen/native/layer_norm.h (_check_layer_norm_inputs)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "Functions.h"
#include "NativeFunctions.h"
#include "ops/EmptyTensor.h"
#include "ops/MetaMode.h"
#include "ops/layer_norm.h"
#include "runtime/Exception.h"

/* PyTorch 1.13: layer_norm.cpp DEFINE_DISPATCH(LayerNormKernel), DEFINE_DISPATCH(LayerNormBackwardKernel) */
DEFINE_DISPATCH(LayerNormKernel);
DEFINE_DISPATCH(LayerNormBackwardKernel);

static bool same_sizes(IntArrayRef a, IntArrayRef b) {
  if (a.size != b.size) return false;
  for (size_t i = 0; i < a.size; i++)
    if (a.data[i] != b.data[i]) return false;
  return true;
}

/* The input's shape against normalized_shape, as 1.13 words it. */
static int check_input_shape(const Tensor* input, IntArrayRef normalized_shape) {
  const int64_t nd = (int64_t)normalized_shape.size;
  bool ok = input->dim >= nd && same_sizes(IntArrayRef_make(input->sizes + (input->dim - nd), (size_t)nd),
                                           normalized_shape);
  if (ok) return 0;
  char shape[256], sizes[256], star[512];
  size_t n = (size_t)snprintf(star, sizeof star, "[*");
  for (size_t i = 0; i < normalized_shape.size && n < sizeof star; i++)
    n += (size_t)snprintf(star + n, sizeof star - n, ", %lld", (long long)normalized_shape.data[i]);
  if (n < sizeof star) snprintf(star + n, sizeof star - n, "]");
  Error_set(ErrorType_RuntimeError, "Given normalized_shape=%s, expected input with shape %s, but got input of size%s",
            IntArrayRef_format(normalized_shape, shape, sizeof shape), star,
            IntArrayRef_format(Tensor_sizes(input), sizes, sizeof sizes));
  return -1;
}

/* Checks the arguments and sets *M (rows) and *N (elements per row).
 * Returns 0, or -1 with the error set.
 * PyTorch 1.13: layer_norm.h _check_layer_norm_inputs */
static int check_layer_norm_inputs(const Tensor* input, IntArrayRef normalized_shape, const Tensor* weight,
                                   const Tensor* bias, int64_t* M, int64_t* N) {
  char a[256], b[256];
  TORCH_CHECK(normalized_shape.size >= 1,
              "Expected normalized_shape to be at least 1-dimensional, i.e., containing at least one element, but "
              "got normalized_shape = %s",
              IntArrayRef_format(normalized_shape, a, sizeof a));
  TORCH_CHECK(weight == NULL || same_sizes(Tensor_sizes(weight), normalized_shape),
              "Expected weight to be of same shape as normalized_shape, but got weight of shape %s and "
              "normalized_shape = %s",
              IntArrayRef_format(Tensor_sizes(weight), a, sizeof a), IntArrayRef_format(normalized_shape, b, sizeof b));
  TORCH_CHECK(bias == NULL || same_sizes(Tensor_sizes(bias), normalized_shape),
              "Expected bias to be of same shape as normalized_shape, but got bias of shape %s and "
              "normalized_shape = %s",
              IntArrayRef_format(Tensor_sizes(bias), a, sizeof a), IntArrayRef_format(normalized_shape, b, sizeof b));
  TRY(check_input_shape(input, normalized_shape) == 0);
  const int64_t axis = input->dim - (int64_t)normalized_shape.size;
  *M = 1;
  *N = 1;
  for (int64_t i = 0; i < input->dim; i++) *(i < axis ? M : N) *= input->sizes[i];
  return 0;
fail:
  return -1;
}

/* t made contiguous (expect_contiguous), or NULL for NULL; a new reference.
 * Sets *failed on an error. */
static Tensor* contiguous_or_null(const Tensor* t, bool* failed) {
  if (t == NULL) return NULL;
  Tensor* c = at_contiguous(t, MemoryFormat_Contiguous);
  if (c == NULL) *failed = true;
  return c;
}

/* The dtype checks of 1.13's kernel: AT_DISPATCH_FLOATING_TYPES_AND(BFloat16)
 * on X, then data_ptr<scalar_t>() of each other operand, in order.
 * NB(minaten): BFloat16, which 1.13 computes with float moments, is not
 * modelled: it raises as Half does. */
static int check_kernel_dtypes(const char* name, const Tensor* X, const Tensor* const* others, size_t n) {
  TORCH_CHECK(X->dtype == ScalarType_Float || X->dtype == ScalarType_Double, "\"%s\" not implemented for '%s'", name,
              ScalarType_name(X->dtype));
  for (size_t i = 0; i < n; i++)
    TORCH_CHECK(others[i] == NULL || others[i]->dtype == X->dtype, "expected scalar type %s but found %s",
                ScalarType_name(X->dtype), ScalarType_name(others[i]->dtype));
  return 0;
fail:
  return -1;
}

/* mean's and rstd's shape: the input's leading sizes, then a 1 for each
 * normalized dimension. */
static IntArrayRef stat_shape(const Tensor* input, size_t normalized_ndim, int64_t* buf) {
  const int64_t axis = input->dim - (int64_t)normalized_ndim;
  for (int64_t i = 0; i < input->dim; i++) buf[i] = i < axis ? input->sizes[i] : 1;
  return IntArrayRef_make(buf, (size_t)input->dim);
}

/* PyTorch 1.13: layer_norm.cpp layer_norm_cpu */
TensorTuple3 at_native_layer_norm_cpu(const Tensor* input, IntArrayRef normalized_shape, const Tensor* weight,
                                      const Tensor* bias, double eps) {
  TensorTuple3 r = {{NULL, NULL, NULL}};
  Tensor *X = NULL, *gamma = NULL, *beta = NULL;
  int64_t M, N, stat[MINATEN_MAX_DIM];
  bool failed = false;
  TRY(check_layer_norm_inputs(input, normalized_shape, weight, bias, &M, &N) == 0);
  X = contiguous_or_null(input, &failed);
  gamma = contiguous_or_null(weight, &failed);
  beta = contiguous_or_null(bias, &failed);
  TRY(!Error_occurred());
  TRY((r.items[0] = empty_cpu(Tensor_sizes(X), X->dtype)) != NULL);
  TRY((r.items[1] = empty_cpu(stat_shape(input, normalized_shape.size, stat), X->dtype)) != NULL);
  TRY((r.items[2] = empty_cpu(stat_shape(input, normalized_shape.size, stat), X->dtype)) != NULL);
  if (!MetaMode_isEnabled()) {
    const Tensor* others[] = {gamma, beta};
    TRY(check_kernel_dtypes("LayerNormKernelImpl", X, others, 2) == 0);
    ((layer_norm_forward_fn)DispatchStub_get(&LayerNormKernel))(X, gamma, beta, M, N, eps, r.items[0], r.items[1],
                                                                 r.items[2]);
  }
  Tensor_release(X);
  Tensor_release(gamma);
  Tensor_release(beta);
  return r;
fail:
  Tensor_release(X);
  Tensor_release(gamma);
  Tensor_release(beta);
  for (int i = 0; i < 3; i++) Tensor_release(r.items[i]);
  return (TensorTuple3){{NULL, NULL, NULL}};
}

/* PyTorch 1.13: layer_norm.cpp math_native_layer_norm
 * NB(minaten): 1.13 normalizes with native_batch_norm on a view of the
 * input, which minaten does not have: after the same checks this raises
 * what 1.13 raises on a quantized tensor, the one backend (beside Lazy's
 * own kernel) that reaches this kernel, without the table of
 * native_batch_norm's kernels that 1.13's message ends with. */
TensorTuple3 at_native_math_native_layer_norm(const Tensor* input, IntArrayRef normalized_shape, const Tensor* weight,
                                              const Tensor* bias, double eps) {
  (void)eps;
  int64_t M, N;
  if (check_layer_norm_inputs(input, normalized_shape, weight, bias, &M, &N) == 0)
    Error_set(ErrorType_NotImplementedError,
              "Could not run 'aten::native_batch_norm' with arguments from the '%s' backend. This could be because "
              "the operator doesn't exist for this backend, or was omitted during the selective/custom build "
              "process (if using custom build). If you are a Facebook employee using PyTorch on mobile, please "
              "visit https://fburl.com/ptmfixes for possible resolutions. 'aten::native_batch_norm' is only "
              "available for these backends: [CPU].",
              DispatchKey_name(DispatchKeySet_highestPriorityTypeId(input->key_set)));
  return (TensorTuple3){{NULL, NULL, NULL}};
}

/* PyTorch 1.13: layer_norm.cpp at::native::layer_norm */
Tensor* at_native_layer_norm_composite(const Tensor* input, IntArrayRef normalized_shape, const Tensor* weight,
                                       const Tensor* bias, double eps, bool cudnn_enable) {
  (void)cudnn_enable; /* deprecated */
  TensorTuple3 r = at_native_layer_norm(input, normalized_shape, weight, bias, eps);
  Tensor_release(r.items[1]);
  Tensor_release(r.items[2]);
  return r.items[0];
}

/* Gradient i of the backward, if asked: a new contiguous tensor shaped
 * like `like` (1.13's empty_like, or zeros_like for dgamma and dbeta when
 * there are no rows), NULL when not asked (an undefined tensor).  Sets
 * *failed on an error. */
static Tensor* backward_output(bool asked, const Tensor* like, bool zeroed, bool* failed) {
  if (!asked || *failed) return NULL;
  if (like == NULL) { /* empty_like of an undefined tensor */
    Error_set(ErrorType_RuntimeError, "tensor does not have a device");
    *failed = true;
    return NULL;
  }
  Tensor* t = empty_cpu(Tensor_sizes(like), like->dtype);
  if (t != NULL && zeroed && !MetaMode_isEnabled()) memset(Tensor_data(t), 0, (size_t)t->numel * ScalarType_elementSize(t->dtype));
  if (t == NULL) *failed = true;
  return t;
}

/* PyTorch 1.13: layer_norm.cpp layer_norm_backward_cpu
 * NB(minaten): mean and rstd are made contiguous; 1.13 reads M values from
 * their data pointers whatever their strides and sizes. */
TensorTuple3 at_native_layer_norm_backward_cpu(const Tensor* grad_out, const Tensor* input, IntArrayRef normalized_shape,
                                               const Tensor* mean, const Tensor* rstd, const Tensor* weight,
                                               const Tensor* bias, const bool* output_mask) {
  TensorTuple3 r = {{NULL, NULL, NULL}};
  Tensor *X = NULL, *gamma = NULL, *beta = NULL, *dY = NULL, *m = NULL, *s = NULL;
  int64_t M, N;
  bool failed = false;
  TRY(check_layer_norm_inputs(input, normalized_shape, weight, bias, &M, &N) == 0);
  X = contiguous_or_null(input, &failed);
  gamma = contiguous_or_null(weight, &failed);
  beta = contiguous_or_null(bias, &failed);
  TRY(!Error_occurred());
  r.items[0] = backward_output(output_mask[0], X, false, &failed);
  r.items[1] = backward_output(output_mask[1], gamma, M <= 0, &failed);
  r.items[2] = backward_output(output_mask[2], beta, M <= 0, &failed);
  TRY(!Error_occurred());
  if (M > 0 && !MetaMode_isEnabled()) {
    dY = contiguous_or_null(grad_out, &failed);
    m = contiguous_or_null(mean, &failed);
    s = contiguous_or_null(rstd, &failed);
    TRY(!Error_occurred());
    const Tensor* others[] = {dY, m, s, gamma};
    TRY(check_kernel_dtypes("LayerNormBackwardKernelImpl", X, others, 4) == 0);
    TORCH_CHECK(dY->numel >= M * N && m->numel >= M && s->numel >= M,
                "native_layer_norm_backward: grad_out, mean or rstd has fewer elements than input's rows need");
    ((layer_norm_backward_fn)DispatchStub_get(&LayerNormBackwardKernel))(dY, X, m, s, gamma, M, N, r.items[0],
                                                                         r.items[1], r.items[2]);
  }
  goto done;
fail:
  for (int i = 0; i < 3; i++) Tensor_release(r.items[i]);
  r = (TensorTuple3){{NULL, NULL, NULL}};
done:
  Tensor_release(X);
  Tensor_release(gamma);
  Tensor_release(beta);
  Tensor_release(dY);
  Tensor_release(m);
  Tensor_release(s);
  return r;
}
