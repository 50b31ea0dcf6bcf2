/* ops/DilatedMaxPool2d.c - max_pool2d_with_indices and its backward on the CPU.
 *
 * Models aten/src/ATen/native/DilatedMaxPool2d.cpp (the structured meta
 * functions: the argument checks, in 1.13's order, and the output sizes of
 * Pool.h's pooling_output_shape / pool2d_shape_check) and the contiguous
 * loops of native/cpu/MaxPoolKernel.cpp (cpu_max_pool, cpu_max_pool_backward).
 *
 * Note [max pooling's NaN and its first index]
 * Each window starts with maxval = -inf and the index of its first element
 * inside the input (after the padding is skipped); an element replaces the
 * maximum when it is greater or is NaN.  So a window of -inf keeps its first
 * index, ties keep the first, and the last NaN of a window wins.  Comparisons
 * are exact in any wider type, so values and indices are bit-exact.
 *
 * Indices are per plane (h * W + w), as 1.13's.  Inputs are 3-d [C, H, W]
 * or 4-d [N, C, H, W] of Float, Double or BFloat16 ("max_pool2d" not
 * implemented for the others, as 1.13's AT_DISPATCH_FLOATING_TYPES_AND).
 * NB(minaten): the output is always contiguous; 1.13 keeps a channels_last
 * input's layout.
 */
#include <math.h>
#include <stdint.h>

#include "Functions.h"
#include "NativeFunctions.h"
#include "ops/EmptyTensor.h"
#include "ops/MetaMode.h"
#include "ops/Resize.h"
#include "ops/Structured.h"
#include "ops/TensorUtils.h"
#include "runtime/Exception.h"
#include "runtime/TypeCast.h"

/* The pooling geometry of one call, after the meta checks. */
typedef struct Pool2dParams {
  int64_t kH, kW, dH, dW, padH, padW, dilH, dilW;
  int64_t planes, iH, iW, oH, oW; /* planes = N * C */
} Pool2dParams;

/* 1.13's div_rtn: division rounding toward negative infinity. */
static int64_t div_rtn(int64_t x, int64_t y) {
  int64_t q = x / y, r = x % y;
  if (r != 0 && ((r < 0) != (y < 0))) --q;
  return q;
}

/* The output size of one dimension into *size: 0, or -1 with the error set.
 * PyTorch 1.13: aten/src/ATen/native/Pool.h pooling_output_shape_pad_lr */
static int pooling_output_shape(int64_t in, int64_t k, int64_t pad, int64_t stride, int64_t dil, bool ceil_mode,
                                int64_t* size) {
  TORCH_CHECK(stride != 0, "stride should not be zero");
  TORCH_CHECK(pad >= 0, "pad must be non-negative, but got pad: %lld", (long long)pad);
  TORCH_CHECK(pad <= k / 2, "pad should be at most half of kernel size, but got pad=%lld and kernel_size=%lld",
              (long long)pad, (long long)k);
  int64_t out = div_rtn(in + 2 * pad - dil * (k - 1) - 1 + (ceil_mode ? stride - 1 : 0), stride) + 1;
  if (ceil_mode && (out - 1) * stride >= in + pad) --out; /* the last window starts inside the input */
  *size = out;
  return 0;
fail:
  return -1;
}

/* PyTorch 1.13: aten/src/ATen/native/Pool.h pool2d_shape_check */
static int pool2d_shape_check(const Tensor* input, const Pool2dParams* p) {
  int64_t nd = input->dim, C = input->sizes[nd - 3];
  TORCH_CHECK(p->kW > 0 && p->kH > 0, "kernel size should be greater than zero, but got kH: %lld kW: %lld",
              (long long)p->kH, (long long)p->kW);
  TORCH_CHECK(p->dW > 0 && p->dH > 0, "stride should be greater than zero, but got dH: %lld dW: %lld",
              (long long)p->dH, (long long)p->dW);
  TORCH_CHECK(p->dilH > 0 && p->dilW > 0, "dilation should be greater than zero, but got dilationH: %lld dilationW: %lld",
              (long long)p->dilH, (long long)p->dilW);
  bool valid_dims = input->sizes[1] != 0 && input->sizes[2] != 0;
  char b[256];
  TORCH_CHECK((nd == 3 && input->sizes[0] != 0 && valid_dims) || (nd == 4 && valid_dims && input->sizes[3] != 0),
              "Expected 3D or 4D (batch mode) tensor with optional 0 dim batch size for input, but got:%s",
              IntArrayRef_format(Tensor_sizes(input), b, sizeof b));
  TORCH_CHECK(p->kW / 2 >= p->padW && p->kH / 2 >= p->padH,
              "pad should be smaller than or equal to half of kernel size, but got padW = %lld, padH = %lld, kW = %lld, kH = %lld",
              (long long)p->padW, (long long)p->padH, (long long)p->kW, (long long)p->kH);
  TORCH_CHECK(p->oW >= 1 && p->oH >= 1,
              "Given input size: (%lldx%lldx%lld). Calculated output size: (%lldx%lldx%lld). Output size is too small",
              (long long)C, (long long)p->iH, (long long)p->iW, (long long)C, (long long)p->oH, (long long)p->oW);
  return 0;
fail:
  return -1;
}

/* The meta function's argument checks and sizes, in 1.13's order.
 * PyTorch 1.13: DilatedMaxPool2d.cpp TORCH_META_FUNC(max_pool2d_with_indices) */
static int max_pool2d_meta(const Tensor* input, IntArrayRef ks, IntArrayRef st, IntArrayRef pad, IntArrayRef dil,
                           bool ceil_mode, Pool2dParams* p) {
  TORCH_CHECK(ks.size == 1 || ks.size == 2, "max_pool2d: kernel_size must either be a single int, or a tuple of two ints");
  p->kH = ks.data[0];
  p->kW = ks.size == 1 ? p->kH : ks.data[1];
  TORCH_CHECK(st.size == 0 || st.size == 1 || st.size == 2,
              "max_pool2d: stride must either be omitted, a single int, or a tuple of two ints");
  p->dH = st.size == 0 ? p->kH : st.data[0];
  p->dW = st.size == 0 ? p->kW : st.size == 1 ? p->dH : st.data[1];
  TORCH_CHECK(pad.size == 1 || pad.size == 2, "max_pool2d: padding must be either be a single int, or a tuple of two ints");
  p->padH = pad.data[0];
  p->padW = pad.size == 1 ? p->padH : pad.data[1];
  TORCH_CHECK(dil.size == 1 || dil.size == 2, "max_pool2d: dilation must be either a single int, or a tuple of two ints");
  p->dilH = dil.data[0];
  p->dilW = dil.size == 1 ? p->dilH : dil.data[1];
  TORCH_CHECK(input->dim == 3 || input->dim == 4, "non-empty 3D or 4D (batch mode) tensor expected for input");
  int64_t nd = input->dim;
  p->planes = input->sizes[nd - 3] * (nd == 4 ? input->sizes[0] : 1);
  p->iH = input->sizes[nd - 2];
  p->iW = input->sizes[nd - 1];
  TRY(pooling_output_shape(p->iH, p->kH, p->padH, p->dH, p->dilH, ceil_mode, &p->oH) == 0);
  TRY(pooling_output_shape(p->iW, p->kW, p->padW, p->dW, p->dilW, ceil_mode, &p->oW) == 0);
  return pool2d_shape_check(input, p);
fail:
  return -1;
}

/* The output's sizes: the input's with H, W replaced. */
static void pool_out_sizes(const Tensor* input, const Pool2dParams* p, int64_t* sizes) {
  for (int64_t d = 0; d < input->dim; d++) sizes[d] = input->sizes[d];
  sizes[input->dim - 2] = p->oH;
  sizes[input->dim - 1] = p->oW;
}

/* One output element: its window's maximum and index (Note [max pooling's NaN and its first index]).
 * PyTorch 1.13: native/cpu/MaxPoolKernel.cpp cpu_max_pool */
static void max_pool_window(const Tensor* in, const char* plane, const Pool2dParams* p, int64_t oh, int64_t ow,
                            double* maxval, int64_t* maxindex) {
  int64_t ih0 = oh * p->dH - p->padH, iw0 = ow * p->dW - p->padW;
  int64_t ih1 = ih0 + (p->kH - 1) * p->dilH + 1, iw1 = iw0 + (p->kW - 1) * p->dilW + 1;
  if (ih1 > p->iH) ih1 = p->iH;
  if (iw1 > p->iW) iw1 = p->iW;
  while (ih0 < 0) ih0 += p->dilH;
  while (iw0 < 0) iw0 += p->dilW;
  int64_t sh = in->strides[in->dim - 2], sw = in->strides[in->dim - 1], isz = (int64_t)Tensor_itemsize(in);
  *maxindex = ih0 * p->iW + iw0;
  *maxval = -INFINITY;
  for (int64_t ih = ih0; ih < ih1; ih += p->dilH) {
    for (int64_t iw = iw0; iw < iw1; iw += p->dilW) {
      double val = load_double(in->dtype, plane + (ih * sh + iw * sw) * isz);
      if (val > *maxval || isnan(val)) {
        *maxval = val;
        *maxindex = ih * p->iW + iw;
      }
    }
  }
}

/* The forward loop into contiguous output and indices. */
static void max_pool2d_loop(const Tensor* in, Tensor* out, Tensor* ind, const Pool2dParams* p) {
  int64_t nd = in->dim, C = in->sizes[nd - 3], isz = (int64_t)Tensor_itemsize(in);
  char* o = Tensor_data(out);
  int64_t* ix = (int64_t*)Tensor_data(ind);
  for (int64_t pl = 0; pl < p->planes; pl++) {
    int64_t n = pl / C, c = pl % C;
    const char* plane = Tensor_data(in) + ((nd == 4 ? n * in->strides[0] : 0) + c * in->strides[nd - 3]) * isz;
    for (int64_t oh = 0; oh < p->oH; oh++) {
      for (int64_t ow = 0; ow < p->oW; ow++) {
        double v;
        int64_t k = (pl * p->oH + oh) * p->oW + ow;
        max_pool_window(in, plane, p, oh, ow, &v, &ix[k]);
        store_from_double(out->dtype, o + k * isz, v);
      }
    }
  }
}

static int check_pool_dtype(const Tensor* t, const char* name) {
  ScalarType st = t->dtype;
  TORCH_CHECK(st == ScalarType_Float || st == ScalarType_Double || st == ScalarType_BFloat16,
              "\"%s\" not implemented for '%s'", name, ScalarType_name(st));
  return 0;
fail:
  return -1;
}

/* The loop into out and indices.  NB(minaten): an out= tensor that is not
 * contiguous is computed into a contiguous one and copied back, as the
 * structured kernel's proxy output is. */
static int pool_into(const Tensor* self, Tensor* out, Tensor* indices, const Pool2dParams* p) {
  IntArrayRef osz = Tensor_sizes(out);
  Tensor* o = out->is_contiguous ? Tensor_retain(out) : empty_cpu(osz, self->dtype);
  Tensor* i = indices->is_contiguous ? Tensor_retain(indices) : empty_cpu(osz, ScalarType_Long);
  Tensor* c1 = NULL;
  Tensor* c2 = NULL;
  bool ok = o != NULL && i != NULL;
  if (ok) max_pool2d_loop(self, o, i, p);
  ok = ok && (o == out || (c1 = at_copy_(out, o, false)) != NULL);
  ok = ok && (i == indices || (c2 = at_copy_(indices, i, false)) != NULL);
  Tensor_release(c1);
  Tensor_release(c2);
  Tensor_release(o);
  Tensor_release(i);
  return ok ? 0 : -1;
}

/* The output and indices: the input's shape with H, W pooled.
 * PyTorch 1.13: DilatedMaxPool2d.cpp TORCH_META_FUNC(max_pool2d_with_indices) */
int at_meta_max_pool2d_with_indices(StructuredOp* op, const Tensor* self, IntArrayRef kernel_size, IntArrayRef stride,
                                    IntArrayRef padding, IntArrayRef dilation, bool ceil_mode) {
  Pool2dParams p;
  int64_t sizes[4];
  if (max_pool2d_meta(self, kernel_size, stride, padding, dilation, ceil_mode, &p) < 0) return -1;
  pool_out_sizes(self, &p, sizes);
  IntArrayRef osz = {sizes, (size_t)self->dim};
  if (StructuredOp_setOutputRawStrided(op, 0, osz, kNoStrides, self->dtype) < 0) return -1;
  return StructuredOp_setOutputRawStrided(op, 1, osz, kNoStrides, ScalarType_Long);
}

/* PyTorch 1.13: DilatedMaxPool2d.cpp TORCH_IMPL_FUNC(max_pool2d_with_indices_out_cpu) */
int at_impl_max_pool2d_with_indices_out_cpu(StructuredOp* op, const Tensor* self, IntArrayRef kernel_size,
                                            IntArrayRef stride, IntArrayRef padding, IntArrayRef dilation,
                                            bool ceil_mode, Tensor* out, Tensor* indices) {
  (void)op;
  Pool2dParams p;
  if (MetaMode_isEnabled() || out->numel == 0) return 0;
  TRY(max_pool2d_meta(self, kernel_size, stride, padding, dilation, ceil_mode, &p) == 0); /* the pooling's params */
  TRY(check_pool_dtype(self, "max_pool2d") == 0);
  return pool_into(self, out, indices, &p);
fail:
  return -1;
}

/* grad_input (contiguous, zeroed) += grad_output at each output's index.
 * PyTorch 1.13: native/cpu/MaxPoolKernel.cpp cpu_max_pool_backward */
static void max_pool2d_backward_loop(const Tensor* go, const Tensor* ind, Tensor* gi, const Pool2dParams* p) {
  int64_t nd = go->dim, C = go->sizes[nd - 3], isz = (int64_t)Tensor_itemsize(gi);
  const int64_t* gs = go->strides;
  const int64_t* is = ind->strides;
  int64_t gsz = (int64_t)Tensor_itemsize(go);
  char* g = Tensor_data(gi);
  for (int64_t pl = 0; pl < p->planes; pl++) {
    int64_t n = pl / C, c = pl % C;
    int64_t gbase = (nd == 4 ? n * gs[0] : 0) + c * gs[nd - 3], ibase = (nd == 4 ? n * is[0] : 0) + c * is[nd - 3];
    for (int64_t oh = 0; oh < p->oH; oh++) {
      for (int64_t ow = 0; ow < p->oW; ow++) {
        int64_t k = *((const int64_t*)Tensor_data(ind) + ibase + oh * is[nd - 2] + ow * is[nd - 1]);
        if (k == -1) continue;
        char* dst = g + (pl * p->iH * p->iW + k) * isz;
        double v = load_double(go->dtype, Tensor_data(go) + (gbase + oh * gs[nd - 2] + ow * gs[nd - 1]) * gsz);
        store_from_double(gi->dtype, dst, load_double(gi->dtype, dst) + v);
      }
    }
  }
}

/* Planes, height and width of t are want's.  PyTorch 1.13: Pool.h
 * max_pool2d_backward_shape_check (its check_dim_size calls) */
static int check_dim_sizes(const Tensor* t, int64_t nd, const int64_t* want) {
  for (int64_t d = nd - 3; d < nd; d++)
    TORCH_CHECK(t->dim == nd && t->sizes[d] == want[d],
                "Expected a tensor of dimension %lld and tensor.size[%lld] == %lld but got: dimension %lld and tensor.size[%lld] = %lld",
                (long long)nd, (long long)d, (long long)want[d], (long long)t->dim, (long long)d,
                (long long)(t->dim > d ? t->sizes[d] : 0));
  return 0;
fail:
  return -1;
}

/* The forward's checks, then the sizes of grad_output and indices; the
 * gradient has the input's shape.
 * PyTorch 1.13: DilatedMaxPool2d.cpp TORCH_META_FUNC(max_pool2d_with_indices_backward) */
int at_meta_max_pool2d_with_indices_backward(StructuredOp* op, const Tensor* grad_output, const Tensor* self,
                                             IntArrayRef kernel_size, IntArrayRef stride, IntArrayRef padding,
                                             IntArrayRef dilation, bool ceil_mode, const Tensor* indices) {
  Pool2dParams p;
  TRY(max_pool2d_meta(self, kernel_size, stride, padding, dilation, ceil_mode, &p) == 0);
  TORCH_CHECK(self->dtype == grad_output->dtype, "expected dtype %s for `gradOutput` but got dtype %s",
              ScalarType_typeMetaName(self->dtype), ScalarType_typeMetaName(grad_output->dtype));
  int64_t nd = self->dim, want[4];
  pool_out_sizes(self, &p, want);
  TRY(check_dim_sizes(grad_output, nd, want) == 0);
  TRY(check_dim_sizes(indices, nd, want) == 0);
  return StructuredOp_setOutputRawStrided(op, 0, Tensor_sizes(self), kNoStrides, self->dtype);
fail:
  return -1;
}

/* grad_input = zeros, plus grad_output at each output's index.
 * PyTorch 1.13: DilatedMaxPool2d.cpp TORCH_IMPL_FUNC(max_pool2d_with_indices_backward_out_cpu) */
int at_impl_max_pool2d_with_indices_backward_out_cpu(StructuredOp* op, const Tensor* grad_output, const Tensor* self,
                                                     IntArrayRef kernel_size, IntArrayRef stride, IntArrayRef padding,
                                                     IntArrayRef dilation, bool ceil_mode, const Tensor* indices,
                                                     Tensor* grad_input) {
  (void)op;
  Pool2dParams p;
  Tensor* work = NULL;
  if (MetaMode_isEnabled() || grad_input->numel == 0) return 0;
  TRY(max_pool2d_meta(self, kernel_size, stride, padding, dilation, ceil_mode, &p) == 0); /* the pooling's params */
  TRY(check_pool_dtype(self, "max_pool2d_backward") == 0);
  TRY((work = at_zeros(Tensor_sizes(self), (OptionalScalarType){true, self->dtype}, kNoLayout, kNoDevice, kNoPinMemory)) != NULL);
  max_pool2d_backward_loop(grad_output, indices, work, &p);
  TRY(done_in_place(at_copy_(grad_input, work, false)) == 0);
  Tensor_release(work);
  return 0;
fail:
  Tensor_release(work);
  return -1;
}
