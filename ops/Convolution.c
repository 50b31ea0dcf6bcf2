/* ops/Convolution.c - conv2d and the convolution operators under it.
 *
 * Models aten/src/ATen/native/Convolution.cpp of 1.13, 2-d and not
 * transposed:
 *   conv2d (CompositeImplicitAutograd): the bias dtype check, batchify (a
 *     3-d input gets unsqueeze(0), its output squeeze(0): the trace shows
 *     both), then convolution;
 *   conv2d.padding: batchify, then _convolution_mode ('same' / 'valid');
 *   convolution (CompositeExplicitAutograd, the operator autograd sees):
 *     _convolution with the global context's flags (benchmark False,
 *     deterministic False, cudnn_enabled True, allow_tf32 True);
 *   _convolution: the argument checks (check_shape_forward), then the
 *     backend of _select_conv_backend, then the backend's kernel;
 *   convolution_backward: the same checks and backend, the gradients.
 *
 * Note [the CPU convolution backends of 1.13]
 * On this build (MKLDNN available, NNPACK not) _select_conv_backend picks
 * Empty for a zero batch or zero channels; Mkldnn for Float (and
 * BFloat16, on a CPU with avx512bw) when use_mkldnn's size rule holds
 * (groups > 1, or a kernel larger than 3x3 in both dimensions, or a batch
 * above 1, or more than 20480 input elements; and strided, dilated, a batch
 * of 16 or more, a kernel not 1x1, or more than one thread); else
 * SlowDilated2d if dilated, else Slow2d.  Slow2d is thnn_conv2d ->
 * _slow_conv2d_forward per group (narrowed, made contiguous, then cat), and
 * _slow_conv2d_backward in the backward.
 * NB(minaten): Mkldnn and SlowDilated2d run through libraries in 1.13
 * (mkldnn_convolution, slow_conv_dilated2d), which minaten does not
 * declare: it computes them with the slow path's loops
 * (ops/ConvolutionMM2d.h), keeping their checks and errors.
 */
#include <stdio.h>
#include <string.h>

#include "Functions.h"
#include "NativeFunctions.h"
#include "ops/ConvolutionMM2d.h"
#include "ops/EmptyTensor.h"
#include "ops/MetaMode.h"
#include "runtime/Exception.h"
#include "runtime/Parallel.h"

typedef enum ConvBackend { ConvBackend_Empty, ConvBackend_Mkldnn, ConvBackend_SlowDilated2d, ConvBackend_Slow2d } ConvBackend;

/* The expanded parameters (2 spatial dimensions at most in minaten). */
typedef struct ConvParams {
  int64_t dim;
  int64_t stride[3], padding[3], dilation[3], output_padding[3];
  bool transposed;
  int64_t groups;
} ConvParams;

/* PyTorch 1.13: Convolution.cpp expand_param_if_needed */
static int expand_param(IntArrayRef p, const char* name, int64_t dim, int64_t* out) {
  char b[256];
  if (p.size == 1) {
    for (int64_t i = 0; i < dim; i++) out[i] = p.data[0];
    return 0;
  }
  TORCH_CHECK((int64_t)p.size == dim,
              "expected %s to be a single integer value or a list of %lld values to match the convolution dimensions, but got %s=%s",
              name, (long long)dim, name, IntArrayRef_format(p, b, sizeof b));
  for (int64_t i = 0; i < dim; i++) out[i] = p.data[i];
  return 0;
fail:
  return -1;
}

/* The checks of _convolution before check_shape_forward, and the params.
 * PyTorch 1.13: Convolution.cpp _convolution (its start) */
static int conv_params(const Tensor* weight, IntArrayRef stride, IntArrayRef padding, IntArrayRef dilation,
                       bool transposed, IntArrayRef output_padding, int64_t groups, ConvParams* p) {
  p->dim = weight->dim - 2;
  TORCH_CHECK(p->dim > 0, "weight should have at least three dimensions");
  TORCH_CHECK(groups > 0, "non-positive groups is not supported");
  TORCH_CHECK_NOT_IMPLEMENTED(p->dim <= 3, "minaten: convolutions of more than 3 spatial dimensions");
  TRY(expand_param(stride, "stride", p->dim, p->stride) == 0);
  TRY(expand_param(padding, "padding", p->dim, p->padding) == 0);
  TRY(expand_param(dilation, "dilation", p->dim, p->dilation) == 0);
  p->transposed = transposed;
  TRY(expand_param(output_padding, "output_padding", p->dim, p->output_padding) == 0);
  p->groups = groups;
  return 0;
fail:
  return -1;
}

static bool any_of(const int64_t* v, int64_t n, bool (*pred)(int64_t)) {
  for (int64_t i = 0; i < n; i++)
    if (pred(v[i])) return true;
  return false;
}
static bool is_neg(int64_t v) { return v < 0; }
static bool is_nonpos(int64_t v) { return v <= 0; }
static bool is_not_one(int64_t v) { return v != 1; }
static bool is_not_zero(int64_t v) { return v != 0; }

/* The kernel-size check of a non-transposed convolution. */
static int check_kernel_fits(const Tensor* input, const Tensor* weight, const ConvParams* p) {
  char in[128] = "", ker[128] = "";
  bool ok = true;
  for (int64_t i = 2; i < input->dim; i++) {
    int64_t is = input->sizes[i] + 2 * p->padding[i - 2], ks = p->dilation[i - 2] * (weight->sizes[i] - 1) + 1;
    ok = ok && is >= ks;
    snprintf(in + strlen(in), sizeof in - strlen(in), "%s%lld", i > 2 ? " x " : "", (long long)is);
    snprintf(ker + strlen(ker), sizeof ker - strlen(ker), "%s%lld", i > 2 ? " x " : "", (long long)ks);
  }
  TORCH_CHECK(ok, "Calculated padded input size per channel: (%s). Kernel size: (%s). Kernel size can't be greater than actual input size",
              in, ker);
  return 0;
fail:
  return -1;
}

/* PyTorch 1.13: Convolution.cpp check_shape_forward (not transposed) */
static int check_shape_forward(const Tensor* input, const Tensor* weight, const Tensor* bias, const ConvParams* p) {
  char b1[256], b2[256], b3[256];
  IntArrayRef ws = Tensor_sizes(weight);
  int64_t k = input->dim, g = p->groups;
  TORCH_CHECK(!any_of(p->padding, p->dim, is_neg), "negative padding is not supported");
  TORCH_CHECK(!any_of(p->output_padding, p->dim, is_neg), "negative output_padding is not supported");
  TORCH_CHECK(!any_of(p->stride, p->dim, is_nonpos), "non-positive stride is not supported");
  TORCH_CHECK(!any_of(p->dilation, p->dim, is_nonpos), "dilation should be greater than zero, but got %s",
              IntArrayRef_format((IntArrayRef){p->dilation, (size_t)p->dim}, b1, sizeof b1));
  TORCH_CHECK(weight->dim == k, "Expected %lld-dimensional input for %lld-dimensional weight%s, but got %lld-dimensional input of size %s instead",
              (long long)weight->dim, (long long)weight->dim, IntArrayRef_format(ws, b1, sizeof b1), (long long)k,
              IntArrayRef_format(Tensor_sizes(input), b2, sizeof b2));
  TORCH_CHECK(ws.data[0] >= g, "Given groups=%lld, expected weight to be at least %lld at dimension 0, but got weight of size %s instead",
              (long long)g, (long long)g, IntArrayRef_format(ws, b1, sizeof b1));
  TORCH_CHECK(ws.data[0] % g == 0, "Given groups=%lld, expected weight to be divisible by %lld at dimension 0, but got weight of size [%s] instead",
              (long long)g, (long long)g, IntArrayRef_format(ws, b1, sizeof b1));
  TORCH_CHECK_NOT_IMPLEMENTED(!p->transposed, "minaten: transposed convolutions");
  TORCH_CHECK(input->sizes[1] == ws.data[1] * g, "Given groups=%lld, weight of size %s, expected input%s to have %lld channels, but got %lld channels instead",
              (long long)g, IntArrayRef_format(ws, b1, sizeof b1), IntArrayRef_format(Tensor_sizes(input), b2, sizeof b2),
              (long long)(ws.data[1] * g), (long long)input->sizes[1]);
  TORCH_CHECK(bias == NULL || (bias->dim == 1 && bias->sizes[0] == ws.data[0]),
              "Given weight of size %s, expected bias to be 1-dimensional with %lld elements, but got bias of size %s instead",
              IntArrayRef_format(ws, b1, sizeof b1), (long long)ws.data[0],
              bias ? IntArrayRef_format(Tensor_sizes(bias), b3, sizeof b3) : "[0]");
  return check_kernel_fits(input, weight, p);
fail:
  return -1;
}

/* PyTorch 1.13: Convolution.cpp ConvParams::use_mkldnn */
static bool use_mkldnn(const Tensor* input, const Tensor* weight, const ConvParams* p) {
  if (input->dim != 4) return false; /* NB(minaten): 2-d only */
  if (input->dtype == ScalarType_BFloat16) return true; /* mkldnn_bf16_device_check: this machine's avx512bw */
  if (input->dtype != ScalarType_Float) return false;
  const int64_t* is = input->sizes;
  int64_t kw = weight->sizes[weight->dim - 1], kh = weight->sizes[weight->dim - 2];
  bool strided = any_of(p->stride, p->dim, is_not_one), dilated = any_of(p->dilation, p->dim, is_not_one);
  return (strided || dilated || is[0] >= 16 || kw != 1 || kh != 1 || at_get_num_threads() > 1) &&
         (p->groups > 1 || (kw > 3 && kh > 3) || is[0] > 1 || is[0] * is[1] * is[2] * is[3] > 20480);
}

/* The backend into *backend: 0, or -1 with the error set.
 * See Note [the CPU convolution backends of 1.13].
 * PyTorch 1.13: Convolution.cpp _select_conv_backend */
static int select_conv_backend(const Tensor* input, const Tensor* weight, const ConvParams* p, ConvBackend* backend) {
  char b[256];
  *backend = ConvBackend_Empty;
  if (input->sizes[0] == 0 || input->sizes[1] == 0) return 0;
  TORCH_CHECK(input->numel != 0, "Only zero batch or zero channel inputs are supported, but got input shape: %s",
              IntArrayRef_format(Tensor_sizes(input), b, sizeof b));
  TORCH_CHECK_NOT_IMPLEMENTED(input->dim == 4, "minaten: convolutions other than 2-d");
  *backend = use_mkldnn(input, weight, p)                 ? ConvBackend_Mkldnn
             : any_of(p->dilation, p->dim, is_not_one) ? ConvBackend_SlowDilated2d
                                                       : ConvBackend_Slow2d;
  return 0;
fail:
  return -1;
}

/* The geometry of the (non-empty, 2-d) convolution. */
static Conv2dGeometry conv_geometry(const Tensor* input, const Tensor* weight, const ConvParams* p) {
  Conv2dGeometry g = {input->sizes[0], input->sizes[1], input->sizes[2], input->sizes[3], weight->sizes[0],
                      weight->sizes[2], weight->sizes[3], 0, 0, p->stride[0], p->stride[1], p->padding[0],
                      p->padding[1], p->dilation[0], p->dilation[1], p->groups};
  g.oH = (g.H + 2 * g.pH - g.dH * (g.kH - 1) - 1) / g.sH + 1;
  g.oW = (g.W + 2 * g.pW - g.dW * (g.kW - 1) - 1) / g.sW + 1;
  return g;
}

/* torch::utils::options_to_string of a CPU tensor: "torch.FloatTensor". */
static const char* type_string(const Tensor* t, char* buf, size_t size) {
  static const char* const names[] = {"Byte", "Char", "Short", "Int", "Long", "Float", "Double", "Bool"};
  snprintf(buf, size, "torch.%sTensor", t->dtype <= ScalarType_Bool ? names[t->dtype] : ScalarType_name(t->dtype));
  return buf;
}

/* PyTorch 1.13: Convolution.cpp check_input_same_type_as_parameters (the Mkldnn backend's) */
static int check_mkldnn_types(const Tensor* input, const Tensor* weight, const Tensor* bias) {
  char b1[64], b2[64];
  TORCH_CHECK(input->dtype == weight->dtype,
              "Input type (%s) and weight type (%s) should be the same or input should be a MKLDNN tensor and weight is a dense tensor",
              type_string(input, b1, sizeof b1), type_string(weight, b2, sizeof b2));
  TORCH_CHECK(bias == NULL || input->dtype == bias->dtype,
              "Input type (%s) and bias type (%s) should be the same or input should be a MKLDNN tensor and bias is a dense tensor",
              type_string(input, b1, sizeof b1), type_string(bias, b2, sizeof b2));
  return 0;
fail:
  return -1;
}

/* The Empty backend: a zero batch or zero channels; no element to compute
 * (1.13's output has 0 channels when the input has). */
static Tensor* conv_empty(const Tensor* input, const Tensor* weight, const ConvParams* p) {
  int64_t sizes[4] = {input->sizes[0], input->sizes[1] == 0 ? 0 : weight->sizes[0], 0, 0};
  for (int i = 0; i < 2; i++)
    sizes[2 + i] = (input->sizes[2 + i] + 2 * p->padding[i] - p->dilation[i] * (weight->sizes[2 + i] - 1) - 1) /
                       p->stride[i] + 1;
  return empty_cpu((IntArrayRef){sizes, 4}, input->dtype);
}

/* Mkldnn and SlowDilated2d in minaten: the direct loops (Note [the CPU
 * convolution backends of 1.13]), after the slow path's dtype checks. */
static Tensor* conv_direct(const Tensor* input, const Tensor* weight, const Tensor* bias, const ConvParams* p) {
  ScalarType st = input->dtype;
  TORCH_CHECK(st == ScalarType_Float || st == ScalarType_Double || st == ScalarType_Long || st == ScalarType_BFloat16,
              "\"slow_conv_dilated<>\" not implemented for '%s'", ScalarType_name(st));
  TORCH_CHECK(weight->dtype == st, "expected scalar type %s but found %s", ScalarType_name(st),
              ScalarType_name(weight->dtype));
  Conv2dGeometry g = conv_geometry(input, weight, p);
  int64_t sizes[4] = {g.N, g.O, g.oH, g.oW};
  Tensor* out = empty_cpu((IntArrayRef){sizes, 4}, st);
  if (out != NULL) conv2d_direct_forward(input, weight, bias, &g, out);
  return out;
fail:
  return NULL;
}

/* Tensor narrowed to group g of groups along dim, made contiguous (NULL
 * stays NULL).  PyTorch 1.13: Convolution.cpp subtensor */
static Tensor* subtensor(const Tensor* t, int64_t dim, int64_t groups, int64_t g, bool* failed) {
  if (t == NULL) return NULL;
  int64_t n = t->sizes[dim] / groups;
  Tensor* nar = at_narrow(t, dim, n * g, n);
  Tensor* r = nar != NULL ? at_contiguous(nar, MemoryFormat_Contiguous) : NULL;
  Tensor_release(nar);
  if (r == NULL) *failed = true;
  return r;
}

/* The Slow2d backend: thnn_conv2d, per group then cat when groups > 1.
 * PyTorch 1.13: Convolution.cpp _convolution (case Slow2d), _convolution_nogroup_backend */
static Tensor* conv_slow2d(const Tensor* input, const Tensor* weight, const Tensor* bias, const ConvParams* p) {
  IntArrayRef ks = {weight->sizes + 2, 2}, st = {p->stride, 2}, pad = {p->padding, 2};
  Tensor* in = at_contiguous(input, MemoryFormat_Contiguous);
  if (in == NULL || p->groups == 1) {
    Tensor* r = in != NULL ? at_thnn_conv2d(in, weight, ks, bias, st, pad) : NULL;
    Tensor_release(in);
    return r;
  }
  Tensor* outs[64] = {NULL};
  Tensor* r = NULL;
  bool failed = p->groups > 64;
  TORCH_CHECK_NOT_IMPLEMENTED(!failed, "minaten: more than 64 groups on the slow convolution path");
  for (int64_t g = 0; g < p->groups && !failed; g++) {
    Tensor* ig = subtensor(in, 1, p->groups, g, &failed);
    Tensor* wg = subtensor(weight, 0, p->groups, g, &failed);
    Tensor* bg = subtensor(bias, 0, p->groups, g, &failed);
    if (!failed) failed = (outs[g] = at_thnn_conv2d(ig, wg, ks, bg, st, pad)) == NULL;
    Tensor_release(ig);
    Tensor_release(wg);
    Tensor_release(bg);
  }
  if (!failed) r = at_cat((TensorList){outs, (size_t)p->groups}, 1);
  for (int64_t g = 0; g < p->groups; g++) Tensor_release(outs[g]);
fail:
  Tensor_release(in);
  return r;
}

/* PyTorch 1.13: Convolution.cpp at::native::_convolution */
Tensor* at_native__convolution(const Tensor* input, const Tensor* weight, const Tensor* bias, IntArrayRef stride,
                               IntArrayRef padding, IntArrayRef dilation, bool transposed, IntArrayRef output_padding,
                               int64_t groups, bool benchmark, bool deterministic, bool cudnn_enabled,
                               bool allow_tf32) {
  (void)benchmark, (void)deterministic, (void)cudnn_enabled, (void)allow_tf32; /* CUDA's */
  ConvParams p;
  TRY(conv_params(weight, stride, padding, dilation, transposed, output_padding, groups, &p) == 0);
  TRY(check_shape_forward(input, weight, bias, &p) == 0);
  ConvBackend backend;
  TRY(select_conv_backend(input, weight, &p, &backend) == 0);
  switch (backend) {
    case ConvBackend_Empty: return conv_empty(input, weight, &p);
    case ConvBackend_Mkldnn:
      TRY(check_mkldnn_types(input, weight, bias) == 0);
      return conv_direct(input, weight, bias, &p);
    case ConvBackend_SlowDilated2d: return conv_direct(input, weight, bias, &p);
    case ConvBackend_Slow2d: return conv_slow2d(input, weight, bias, &p);
  }
fail:
  return NULL;
}

/* The overload without allow_tf32, which takes the context's (True).
 * PyTorch 1.13: Convolution.cpp at::native::_convolution (the deprecated overload) */
Tensor* at_native__convolution_deprecated(const Tensor* input, const Tensor* weight, const Tensor* bias,
                                          IntArrayRef stride, IntArrayRef padding, IntArrayRef dilation,
                                          bool transposed, IntArrayRef output_padding, int64_t groups, bool benchmark,
                                          bool deterministic, bool cudnn_enabled) {
  return at__convolution(input, weight, bias, stride, padding, dilation, transposed, output_padding, groups,
                         benchmark, deterministic, cudnn_enabled, true);
}

/* PyTorch 1.13: Convolution.cpp at::native::convolution */
Tensor* at_native_convolution(const Tensor* input, const Tensor* weight, const Tensor* bias, IntArrayRef stride,
                              IntArrayRef padding, IntArrayRef dilation, bool transposed, IntArrayRef output_padding,
                              int64_t groups) {
  return at__convolution(input, weight, bias, stride, padding, dilation, transposed, output_padding, groups, false,
                         false, true, true);
}

/* PyTorch 1.13: Convolution.cpp batchify */
static Tensor* batchify(const Tensor* input, int64_t num_spatial_dims, const char* func_name, bool* is_batched) {
  char b[256];
  int64_t no_batch = num_spatial_dims + 1;
  *is_batched = input->dim == no_batch + 1;
  TORCH_CHECK(input->dim == no_batch || *is_batched,
              "Expected %lldD (unbatched) or %lldD (batched) input to %s, but got input of size: %s", (long long)no_batch,
              (long long)(no_batch + 1), func_name, IntArrayRef_format(Tensor_sizes(input), b, sizeof b));
  return *is_batched ? Tensor_retain((Tensor*)input) : at_unsqueeze(input, 0);
fail:
  return NULL;
}

/* The output of an unbatched call squeezed back. */
static Tensor* unbatchify(Tensor* output, bool is_batched) {
  if (output == NULL || is_batched) return output;
  Tensor* r = at_squeeze_dim(output, 0);
  Tensor_release(output);
  return r;
}

/* PyTorch 1.13: Convolution.cpp at::native::conv2d */
Tensor* at_native_conv2d(const Tensor* input, const Tensor* weight, const Tensor* bias, IntArrayRef stride,
                         IntArrayRef padding, IntArrayRef dilation, int64_t groups) {
  TORCH_CHECK(bias == NULL || bias->dtype == input->dtype, "Input type (%s) and bias type (%s) should be the same",
              ScalarType_typeMetaName(input->dtype), ScalarType_typeMetaName(bias->dtype));
  TORCH_CHECK_NOT_IMPLEMENTED(!ScalarType_isComplex(input->dtype), "minaten: complex convolutions");
  bool is_batched;
  Tensor* in = batchify(input, 2, "conv2d", &is_batched);
  if (in == NULL) return NULL;
  int64_t zeros[2] = {0, 0};
  Tensor* out = at_convolution(in, weight, bias, stride, padding, dilation, false, (IntArrayRef){zeros, 2}, groups);
  Tensor_release(in);
  return unbatchify(out, is_batched);
fail:
  return NULL;
}

/* PyTorch 1.13: Convolution.cpp at::native::conv2d (the str padding overload) */
Tensor* at_native_conv2d_padding(const Tensor* input, const Tensor* weight, const Tensor* bias, IntArrayRef stride,
                                 const char* padding, IntArrayRef dilation, int64_t groups) {
  bool is_batched;
  TORCH_CHECK_NOT_IMPLEMENTED(!ScalarType_isComplex(input->dtype), "minaten: complex convolutions");
  Tensor* in = batchify(input, 2, "conv2d", &is_batched);
  if (in == NULL) return NULL;
  Tensor* out = at__convolution_mode(in, weight, bias, stride, padding, dilation, groups);
  Tensor_release(in);
  return unbatchify(out, is_batched);
fail:
  return NULL;
}

/* padding='same': stride 1, the padding dilation * (k - 1) split in two.
 * NB(minaten): an odd total (an even kernel with an odd dilation) needs
 * 1.13's constant_pad_nd, which minaten does not have: NotImplementedError.
 * PyTorch 1.13: Convolution.cpp convolution_same */
static Tensor* convolution_same(const Tensor* input, const Tensor* weight, const Tensor* bias, IntArrayRef stride,
                                IntArrayRef dilation, int64_t groups) {
  char b1[256], b2[256];
  int64_t k = weight->dim, dim = k - 2, pad[3] = {0, 0, 0}, zeros[3] = {0, 0, 0};
  TORCH_CHECK(k > 2, "weight should have at least three dimensions");
  TORCH_CHECK(k == input->dim, "Expected %lld-dimensional input for %lld-dimensional weight%s, but got %lld-dimensional input of size %s instead",
              (long long)k, (long long)k, IntArrayRef_format(Tensor_sizes(weight), b1, sizeof b1), (long long)input->dim,
              IntArrayRef_format(Tensor_sizes(input), b2, sizeof b2));
  TORCH_CHECK((int64_t)stride.size == dim || stride.size == 1, "stride cannot broadcast to %lld dimensions", (long long)dim);
  TORCH_CHECK((int64_t)dilation.size == dim || dilation.size == 1, "dilation cannot broadcast to %lld dimensions",
              (long long)dim);
  for (size_t i = 0; i < stride.size; i++)
    TORCH_CHECK(stride.data[i] == 1, "padding='same' is not supported for strided convolutions");
  TORCH_CHECK_NOT_IMPLEMENTED(dim <= 3, "minaten: convolutions of more than 3 spatial dimensions");
  for (int64_t i = 0; i < dim; i++) {
    int64_t d = dilation.size == 1 ? dilation.data[0] : dilation.data[i], total = d * (weight->sizes[i + 2] - 1);
    TORCH_CHECK_NOT_IMPLEMENTED(total % 2 == 0,
                                "minaten: padding='same' with an even kernel and an odd dilation (1.13 pads the input with constant_pad_nd, which minaten does not have)");
    pad[i] = total / 2;
  }
  return at_convolution(input, weight, bias, stride, (IntArrayRef){pad, (size_t)dim}, dilation, false,
                        (IntArrayRef){zeros, (size_t)dim}, groups);
fail:
  return NULL;
}

/* PyTorch 1.13: Convolution.cpp at::native::_convolution_mode */
Tensor* at_native__convolution_mode(const Tensor* input, const Tensor* weight, const Tensor* bias, IntArrayRef stride,
                                    const char* padding, IntArrayRef dilation, int64_t groups) {
  int64_t zero = 0;
  if (strcmp(padding, "same") == 0) return convolution_same(input, weight, bias, stride, dilation, groups);
  if (strcmp(padding, "valid") == 0)
    return at_convolution(input, weight, bias, stride, (IntArrayRef){&zero, 1}, dilation, false,
                          (IntArrayRef){&zero, 1}, groups);
  TORCH_CHECK(false, "Invalid padding string: '%s'", padding);
fail:
  return NULL;
}

static void release3(Tensor** t) {
  for (int i = 0; i < 3; i++) Tensor_release(t[i]);
}

/* The Slow2d gradients of one group (or all, groups 1).
 * PyTorch 1.13: Convolution.cpp _convolution_backward_nogroup_backend (case Slow2d) */
static int slow2d_backward_group(const Tensor* go, const Tensor* in, const Tensor* w, const ConvParams* p,
                                 const bool* mask, Tensor** out) {
  IntArrayRef ks = {w->sizes + 2, 2}, st = {p->stride, 2}, pad = {p->padding, 2};
  TensorTuple3 r = at__slow_conv2d_backward_output_mask(go, in, w, ks, st, pad, mask);
  for (int i = 0; i < 3; i++) out[i] = r.items[i];
  return (mask[0] && !out[0]) || (mask[1] && !out[1]) || (mask[2] && !out[2]) ? -1 : 0;
}

/* Slow2d: per group then cat when groups > 1.
 * PyTorch 1.13: Convolution.cpp convolution_backward (case Slow2d) */
static int slow2d_backward(const Tensor* go, const Tensor* in, const Tensor* w, const ConvParams* p, const bool* mask,
                           Tensor** out) {
  if (p->groups == 1) return slow2d_backward_group(go, in, w, p, mask, out);
  TORCH_CHECK_NOT_IMPLEMENTED(p->groups <= 64, "minaten: more than 64 groups on the slow convolution path");
  Tensor* parts[3][64] = {{NULL}};
  bool failed = false;
  for (int64_t g = 0; g < p->groups && !failed; g++) {
    Tensor* gg = subtensor(go, 1, p->groups, g, &failed);
    Tensor* ig = subtensor(in, 1, p->groups, g, &failed);
    Tensor* wg = subtensor(w, 0, p->groups, g, &failed);
    Tensor* r[3] = {NULL, NULL, NULL};
    if (!failed) failed = slow2d_backward_group(gg, ig, wg, p, mask, r) != 0;
    for (int i = 0; i < 3; i++) parts[i][g] = r[i];
    Tensor_release(gg);
    Tensor_release(ig);
    Tensor_release(wg);
  }
  for (int i = 0; i < 3; i++)
    if (!failed && mask[i]) failed = (out[i] = at_cat((TensorList){parts[i], (size_t)p->groups}, i == 0 ? 1 : 0)) == NULL;
  for (int i = 0; i < 3; i++)
    for (int64_t g = 0; g < p->groups; g++) Tensor_release(parts[i][g]);
  return failed ? -1 : 0;
fail:
  return -1;
}

/* Mkldnn and SlowDilated2d in minaten: the direct loops. */
static int direct_backward(const Tensor* go, const Tensor* in, const Tensor* w, const ConvParams* p, const bool* mask,
                           int64_t nbias, Tensor** out) {
  Conv2dGeometry g = conv_geometry(in, w, p);
  if (mask[0]) out[0] = empty_cpu(Tensor_sizes(in), in->dtype);
  if (mask[1]) out[1] = empty_cpu(Tensor_sizes(w), w->dtype);
  if (mask[2]) out[2] = empty_cpu((IntArrayRef){&nbias, 1}, w->dtype);
  if ((mask[0] && !out[0]) || (mask[1] && !out[1]) || (mask[2] && !out[2])) return -1;
  conv2d_direct_backward(go, in, w, &g, out[0], out[1], out[2]);
  return 0;
}

/* Empty: zeros of the inputs' sizes.  PyTorch 1.13: convolution_backward (case Empty) */
static int empty_backward(const Tensor* in, const Tensor* w, const bool* mask, OptionalIntArrayRef bias_sizes,
                          Tensor** out) {
  OptionalScalarType dt = {true, w->dtype};
  if (mask[0]) out[0] = at_zeros_like(in, kNoDtype, kNoLayout, kNoDevice, kNoPinMemory, kNoMemoryFormat);
  if (mask[1]) out[1] = at_zeros_like(w, kNoDtype, kNoLayout, kNoDevice, kNoPinMemory, kNoMemoryFormat);
  int64_t nbias = w->sizes[0];
  IntArrayRef bs = bias_sizes.has_value ? bias_sizes.value : (IntArrayRef){&nbias, 1};
  if (mask[2]) out[2] = at_zeros(bs, dt, kNoLayout, kNoDevice, kNoPinMemory);
  return (mask[0] && !out[0]) || (mask[1] && !out[1]) || (mask[2] && !out[2]) ? -1 : 0;
}

/* PyTorch 1.13: Convolution.cpp at::native::convolution_backward */
TensorTuple3 at_native_convolution_backward(const Tensor* grad_output, const Tensor* input, const Tensor* weight,
                                            OptionalIntArrayRef bias_sizes, IntArrayRef stride, IntArrayRef padding,
                                            IntArrayRef dilation, bool transposed, IntArrayRef output_padding,
                                            int64_t groups, const bool* output_mask) {
  Tensor* out[3] = {NULL, NULL, NULL};
  char b[256];
  ConvParams p;
  TRY(conv_params(weight, stride, padding, dilation, transposed, output_padding, groups, &p) == 0);
  TRY(check_shape_forward(input, weight, NULL, &p) == 0);
  TORCH_CHECK(input->dim == grad_output->dim, "Expected input and grad_output to have the same number of dimensions, but got: %lld and %lld",
              (long long)input->dim, (long long)grad_output->dim);
  TORCH_CHECK(!any_of(p.output_padding, p.dim, is_not_zero),
              "output_padding is not supported for non-transposed convolutions; got: %s",
              IntArrayRef_format((IntArrayRef){p.output_padding, (size_t)p.dim}, b, sizeof b));
  ConvBackend backend;
  TRY(select_conv_backend(input, weight, &p, &backend) == 0);
  bool mask[3] = {output_mask[0], output_mask[1], output_mask[2]}; /* 1.13 computes grad_bias with no bias_sizes too */
  int rc = -1;
  switch (backend) {
    case ConvBackend_Empty: rc = empty_backward(input, weight, mask, bias_sizes, out); break;
    case ConvBackend_Mkldnn: TRY(check_mkldnn_types(input, weight, NULL) == 0); /* fallthrough */
    case ConvBackend_SlowDilated2d: rc = direct_backward(grad_output, input, weight, &p, mask, weight->sizes[0], out); break;
    case ConvBackend_Slow2d: rc = slow2d_backward(grad_output, input, weight, &p, mask, out); break;
  }
  TRY(rc == 0);
  return (TensorTuple3){{out[0], out[1], out[2]}};
fail:
  release3(out);
  return (TensorTuple3){{NULL, NULL, NULL}};
}
