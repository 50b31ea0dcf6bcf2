/* ops/ConvolutionMM2d.c - the slow 2-d convolution of the CPU
 * (_slow_conv2d_forward, _slow_conv2d_backward, and thnn_conv2d above them).
 *
 * Models aten/src/ATen/native/ConvolutionMM2d.cpp: 1.13 unfolds the input
 * (im2col, "columns") and multiplies by the weight viewed as a matrix.
 * minaten sums the same products directly, per output element, in double
 * for floating types (int64 for integral ones), then rounds once.
 * NB(minaten): so a float result may differ from 1.13's gemm in the last
 * bits (within the comparison's 1e-4); integral results are equal.
 *
 * The dtype errors are 1.13's: AT_DISPATCH_ALL_TYPES_AND(BFloat16,
 * "slow_conv2d_cpu") refuses Bool and Half, and the weight's accessor
 * refuses a weight of another dtype ("expected scalar type Float but found
 * Double").
 */
#include <stdint.h>
#include <stdlib.h>

#include "Functions.h"
#include "NativeFunctions.h"
#include "ops/ConvolutionMM2d.h"
#include "ops/EmptyTensor.h"
#include "ops/MetaMode.h"
#include "ops/Resize.h"
#include "runtime/Exception.h"
#include "runtime/TypeCast.h"

static double at4(const Tensor* t, int64_t a, int64_t b, int64_t c, int64_t d) {
  const int64_t* s = t->strides;
  return load_double(t->dtype, Tensor_data(t) + (a * s[0] + b * s[1] + c * s[2] + d * s[3]) * (int64_t)Tensor_itemsize(t));
}

static bool is_integral(ScalarType t) {
  return t != ScalarType_Float && t != ScalarType_Double && t != ScalarType_BFloat16 && t != ScalarType_Half;
}

/* The part of an output point's window inside the input: kernel rows
 * [kh0, kh1) and columns [kw0, kw1), the input row of kernel row kh being
 * ih0 + kh * dH (and so for columns); the rest of the window is padding. */
typedef struct ConvWindow {
  int64_t kh0, kh1, kw0, kw1, ih0, iw0;
} ConvWindow;

/* [*lo, *hi): the kernel offsets k whose position start + k * dilation is in [0, size). */
static void window_range(int64_t start, int64_t dilation, int64_t kernel, int64_t size, int64_t* lo, int64_t* hi) {
  int64_t l = 0, h = kernel;
  while (l < h && start + l * dilation < 0) l++;
  while (h > l && start + (h - 1) * dilation >= size) h--;
  *lo = l, *hi = h;
}

static ConvWindow conv_window(const Conv2dGeometry* g, int64_t oh, int64_t ow) {
  ConvWindow win = {.ih0 = oh * g->sH - g->pH, .iw0 = ow * g->sW - g->pW};
  window_range(win.ih0, g->dH, g->kH, g->H, &win.kh0, &win.kh1);
  window_range(win.iw0, g->dW, g->kW, g->W, &win.kw0, &win.kw1);
  return win;
}

/* One output element: the sum over the window of group gi's channels. */
static double conv_point(const Tensor* in, const Tensor* w, const Conv2dGeometry* g, int64_t n, int64_t o, int64_t oh,
                         int64_t ow) {
  int64_t cg = g->C / g->groups, og = g->O / g->groups, c0 = (o / og) * cg;
  ConvWindow win = conv_window(g, oh, ow);
  double acc = 0;
  int64_t iacc = 0;
  bool integral = is_integral(in->dtype);
  for (int64_t c = 0; c < cg; c++)
    for (int64_t kh = win.kh0; kh < win.kh1; kh++)
      for (int64_t kw = win.kw0; kw < win.kw1; kw++) {
        double x = at4(in, n, c0 + c, win.ih0 + kh * g->dH, win.iw0 + kw * g->dW), y = at4(w, o, c, kh, kw);
        if (integral) iacc += (int64_t)x * (int64_t)y;
        else acc += x * y;
      }
  return integral ? (double)iacc : acc;
}

void conv2d_direct_forward(const Tensor* input, const Tensor* weight, const Tensor* bias, const Conv2dGeometry* g,
                           Tensor* out) {
  if (MetaMode_isEnabled()) return;
  char* o = Tensor_data(out);
  int64_t isz = (int64_t)Tensor_itemsize(out), k = 0;
  for (int64_t n = 0; n < g->N; n++)
    for (int64_t oc = 0; oc < g->O; oc++) {
      double b = bias == NULL ? 0 : load_double(bias->dtype, Tensor_data(bias) + oc * bias->strides[0] * (int64_t)Tensor_itemsize(bias));
      for (int64_t oh = 0; oh < g->oH; oh++)
        for (int64_t ow = 0; ow < g->oW; ow++, k++)
          store_from_double(out->dtype, o + k * isz, conv_point(input, weight, g, n, oc, oh, ow) + b);
    }
}

/* grad_input and grad_weight: every (output, window element) pair adds its
 * product once, into double accumulators, rounded at the end. */
static void conv_backward_accumulate(const Tensor* go, const Tensor* in, const Tensor* w, const Conv2dGeometry* g,
                                     double* gi, double* gw, double* gb) {
  int64_t cg = g->C / g->groups, og = g->O / g->groups;
  for (int64_t n = 0; n < g->N; n++)
    for (int64_t o = 0; o < g->O; o++) {
      int64_t c0 = (o / og) * cg;
      for (int64_t oh = 0; oh < g->oH; oh++)
        for (int64_t ow = 0; ow < g->oW; ow++) {
          double d = at4(go, n, o, oh, ow);
          if (gb != NULL) gb[o] += d;
          ConvWindow win = conv_window(g, oh, ow);
          for (int64_t c = 0; c < cg; c++)
            for (int64_t kh = win.kh0; kh < win.kh1; kh++)
              for (int64_t kw = win.kw0; kw < win.kw1; kw++) {
                int64_t ih = win.ih0 + kh * g->dH, iw = win.iw0 + kw * g->dW;
                if (gi != NULL) gi[((n * g->C + c0 + c) * g->H + ih) * g->W + iw] += d * at4(w, o, c, kh, kw);
                if (gw != NULL) gw[((o * cg + c) * g->kH + kh) * g->kW + kw] += d * at4(in, n, c0 + c, ih, iw);
              }
        }
    }
}

static void store_all(Tensor* t, const double* v) {
  if (t == NULL) return;
  int64_t isz = (int64_t)Tensor_itemsize(t);
  for (int64_t i = 0; i < t->numel; i++) store_from_double(t->dtype, Tensor_data(t) + i * isz, v[i]);
}

void conv2d_direct_backward(const Tensor* grad_output, const Tensor* input, const Tensor* weight,
                            const Conv2dGeometry* g, Tensor* grad_input, Tensor* grad_weight, Tensor* grad_bias) {
  if (MetaMode_isEnabled()) return;
  double* gi = grad_input ? calloc((size_t)grad_input->numel + 1, sizeof(double)) : NULL;
  double* gw = grad_weight ? calloc((size_t)grad_weight->numel + 1, sizeof(double)) : NULL;
  double* gb = grad_bias ? calloc((size_t)grad_bias->numel + 1, sizeof(double)) : NULL;
  if ((grad_input && !gi) || (grad_weight && !gw) || (grad_bias && !gb)) abort();
  conv_backward_accumulate(grad_output, input, weight, g, gi, gw, gb);
  store_all(grad_input, gi);
  store_all(grad_weight, gw);
  store_all(grad_bias, gb);
  free(gi);
  free(gw);
  free(gb);
}

/* The checks of the slow path, in 1.13's order; fills g (groups 1).
 * PyTorch 1.13: ConvolutionMM2d.cpp slow_conv2d_shape_check */
static int slow_conv2d_shape_check(const Tensor* input, const Tensor* weight, const Tensor* bias, IntArrayRef ks,
                                   IntArrayRef stride, IntArrayRef padding, Conv2dGeometry* g) {
  char b[256];
  int64_t kH = ks.data[0], kW = ks.size > 1 ? ks.data[1] : kH;
  int64_t sH = stride.data[0], sW = stride.size > 1 ? stride.data[1] : sH;
  int64_t pH = padding.data[0], pW = padding.size > 1 ? padding.data[1] : pH;
  TORCH_CHECK(kW > 0 && kH > 0, "kernel size should be greater than zero, but got kernel_height: %lld kernel_width: %lld",
              (long long)kH, (long long)kW);
  TORCH_CHECK(sW > 0 && sH > 0, "stride should be greater than zero, but got stride_height: %lld stride_width: %lld",
              (long long)sH, (long long)sW);
  TORCH_CHECK(weight->numel > 0 && (weight->dim == 2 || weight->dim == 4), "non-empty 2D or 4D weight tensor expected, but got: %s",
              IntArrayRef_format(Tensor_sizes(weight), b, sizeof b));
  TORCH_CHECK(bias == NULL || (bias->dim == 1 && bias->sizes[0] == weight->sizes[0]),
              "Expected a tensor of dimension 1 and tensor.size[0] == %lld but got: dimension %lld and tensor.size[0] = %lld",
              (long long)weight->sizes[0], (long long)(bias ? bias->dim : 0), (long long)(bias && bias->dim ? bias->sizes[0] : 0));
  TORCH_CHECK(input->dim == 4, "Expected 4D input tensor, but got: %s", IntArrayRef_format(Tensor_sizes(input), b, sizeof b));
  for (int64_t d = 2; d < 4; d++)
    TORCH_CHECK(input->sizes[d] != 0, "Expected non-zero size for input dimension %lld, but got input shape: %s. Only the batch and channel dimensions support size 0.",
                (long long)d, IntArrayRef_format(Tensor_sizes(input), b, sizeof b));
  int64_t eH = input->sizes[2] + 2 * pH, eW = input->sizes[3] + 2 * pW;
  TORCH_CHECK(eH >= kH && eW >= kW, "Calculated padded input size per channel: (%lld x %lld). Kernel size: (%lld x %lld). Kernel size can't be greater than actual input size",
              (long long)eH, (long long)eW, (long long)kH, (long long)kW);
  /* NB(minaten): 1.13 also takes the weight as a [O, C * kH * kW] matrix. */
  TORCH_CHECK_NOT_IMPLEMENTED(weight->dim == 4, "minaten: _slow_conv2d with a 2-D weight");
  Conv2dGeometry r = {input->sizes[0], input->sizes[1], input->sizes[2], input->sizes[3], weight->sizes[0], kH, kW,
                      (eH - kH) / sH + 1, (eW - kW) / sW + 1, sH, sW, pH, pW, 1, 1, 1};
  TORCH_CHECK(input->sizes[1] == 0 || input->sizes[1] == weight->sizes[1],
              "Expected a tensor of dimension 4 and tensor.size[1] == %lld but got: dimension 4 and tensor.size[1] = %lld",
              (long long)weight->sizes[1], (long long)input->sizes[1]);
  *g = r;
  return 0;
fail:
  return -1;
}

/* AT_DISPATCH_ALL_TYPES_AND(BFloat16, "slow_conv2d_cpu"), then the weight's
 * accessor<scalar_t>. */
static int slow_conv2d_check_dtypes(const Tensor* input, const Tensor* weight) {
  ScalarType st = input->dtype;
  TORCH_CHECK(st != ScalarType_Bool && st != ScalarType_Half && st != ScalarType_ComplexFloat &&
                  st != ScalarType_ComplexDouble,
              "\"slow_conv2d_cpu\" not implemented for '%s'", ScalarType_name(st));
  TORCH_CHECK(weight->dtype == st, "expected scalar type %s but found %s", ScalarType_name(st),
              ScalarType_name(weight->dtype));
  return 0;
fail:
  return -1;
}

/* PyTorch 1.13: ConvolutionMM2d.cpp slow_conv2d_forward_out_cpu */
Tensor* at_native_slow_conv2d_forward_out_cpu(const Tensor* self, const Tensor* weight, IntArrayRef kernel_size,
                                              const Tensor* bias, IntArrayRef stride, IntArrayRef padding,
                                              Tensor* output) {
  Conv2dGeometry g;
  TRY(slow_conv2d_shape_check(self, weight, bias, kernel_size, stride, padding, &g) == 0);
  int64_t sizes[4] = {g.N, g.O, g.oH, g.oW};
  TRY(resize_output(output, (IntArrayRef){sizes, 4}) >= 0);
  TRY(slow_conv2d_check_dtypes(self, weight) == 0);
  if (output->numel == 0 || MetaMode_isEnabled()) return Tensor_retain(output);
  if (output->is_contiguous) {
    conv2d_direct_forward(self, weight, bias, &g, output);
    return Tensor_retain(output);
  }
  Tensor* tmp = empty_cpu((IntArrayRef){sizes, 4}, output->dtype);
  TRY(tmp != NULL);
  conv2d_direct_forward(self, weight, bias, &g, tmp);
  Tensor* c = at_copy_(output, tmp, false);
  Tensor_release(tmp);
  TRY(c != NULL);
  return c;
fail:
  return NULL;
}

/* PyTorch 1.13: ConvolutionMM2d.cpp slow_conv2d_forward_cpu */
Tensor* at_native_slow_conv2d_forward_cpu(const Tensor* self, const Tensor* weight, IntArrayRef kernel_size,
                                          const Tensor* bias, IntArrayRef stride, IntArrayRef padding) {
  Tensor* out = empty_cpu((IntArrayRef){(int64_t[]){0}, 1}, self->dtype);
  if (out == NULL) return NULL;
  Tensor* r = at_native_slow_conv2d_forward_out_cpu(self, weight, kernel_size, bias, stride, padding, out);
  Tensor_release(out);
  return r;
}

/* Each asked-for gradient resized to its input's sizes; then the loops.
 * PyTorch 1.13: ConvolutionMM2d.cpp slow_conv2d_backward_out_cpu */
TensorTuple3 at_native_slow_conv2d_backward_out_cpu(const Tensor* grad_output, const Tensor* self,
                                                    const Tensor* weight, IntArrayRef kernel_size,
                                                    IntArrayRef stride, IntArrayRef padding, Tensor* grad_input,
                                                    Tensor* grad_weight, Tensor* grad_bias) {
  TensorTuple3 r = {{NULL, NULL, NULL}};
  Conv2dGeometry g;
  TRY(slow_conv2d_shape_check(self, weight, NULL, kernel_size, stride, padding, &g) == 0);
  TRY(slow_conv2d_check_dtypes(self, weight) == 0);
  TRY(grad_input == NULL || resize_output(grad_input, Tensor_sizes(self)) >= 0);
  TRY(grad_weight == NULL || resize_output(grad_weight, Tensor_sizes(weight)) >= 0);
  int64_t o = g.O;
  TRY(grad_bias == NULL || resize_output(grad_bias, (IntArrayRef){&o, 1}) >= 0);
  Tensor* outs[3] = {grad_input, grad_weight, grad_bias};
  Tensor* work[3] = {NULL, NULL, NULL};
  bool ok = true;
  for (int i = 0; i < 3 && ok; i++)
    if (outs[i] != NULL) ok = (work[i] = outs[i]->is_contiguous ? Tensor_retain(outs[i]) : empty_cpu(Tensor_sizes(outs[i]), outs[i]->dtype)) != NULL;
  if (ok) conv2d_direct_backward(grad_output, self, weight, &g, work[0], work[1], work[2]);
  for (int i = 0; i < 3; i++) {
    Tensor* c = ok && work[i] != NULL && work[i] != outs[i] ? at_copy_(outs[i], work[i], false) : NULL;
    ok = ok && (work[i] == outs[i] || c != NULL);
    Tensor_release(c);
    Tensor_release(work[i]);
    r.items[i] = outs[i] != NULL ? Tensor_retain(outs[i]) : NULL;
  }
  if (ok) return r;
  for (int i = 0; i < 3; i++) Tensor_release(r.items[i]);
  return (TensorTuple3){{NULL, NULL, NULL}};
fail:
  return r;
}

/* PyTorch 1.13: ConvolutionMM2d.cpp slow_conv2d_backward_cpu */
TensorTuple3 at_native_slow_conv2d_backward_cpu(const Tensor* grad_output, const Tensor* self, const Tensor* weight,
                                                IntArrayRef kernel_size, IntArrayRef stride, IntArrayRef padding,
                                                const bool* output_mask) {
  Tensor* g[3] = {NULL, NULL, NULL};
  int64_t zero = 0;
  for (int i = 0; i < 3; i++)
    if (output_mask[i] && (g[i] = empty_cpu((IntArrayRef){&zero, 1}, grad_output->dtype)) == NULL) goto fail;
  TensorTuple3 r = at_native_slow_conv2d_backward_out_cpu(grad_output, self, weight, kernel_size, stride, padding,
                                                          g[0], g[1], g[2]);
  for (int i = 0; i < 3; i++) Tensor_release(g[i]);
  return r;
fail:
  for (int i = 0; i < 3; i++) Tensor_release(g[i]);
  return (TensorTuple3){{NULL, NULL, NULL}};
}

/* PyTorch 1.13: ConvolutionMM2d.cpp at::native::thnn_conv2d_out */
Tensor* at_native_thnn_conv2d_out(const Tensor* self, const Tensor* weight, IntArrayRef kernel_size, const Tensor* bias,
                                  IntArrayRef stride, IntArrayRef padding, Tensor* out) {
  return at__slow_conv2d_forward_output(self, weight, kernel_size, bias, stride, padding, out);
}

/* PyTorch 1.13: ConvolutionMM2d.cpp at::native::thnn_conv2d */
Tensor* at_native_thnn_conv2d(const Tensor* self, const Tensor* weight, IntArrayRef kernel_size, const Tensor* bias,
                              IntArrayRef stride, IntArrayRef padding) {
  return at__slow_conv2d_forward(self, weight, kernel_size, bias, stride, padding);
}
