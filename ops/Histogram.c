/*
 * Histogram.c - histc: a histogram of the elements of a float tensor in
 * `bins` equal bins between min and max (the data's own extremes when
 * min == max), elements outside [min, max] left out.
 *
 * Note [histc's bins]
 * 1.13 computes the bin edges with linspace into a tensor of self's dtype
 * and maps an element x to the bin
 *     (int64_t)((x - left) * bins / (right - left))
 * with left, right the first and last edge (min and max rounded to self's
 * dtype), every step in self's dtype (so in float for float32, and rounded
 * to bfloat16 after each step for bfloat16), the last edge belonging to the
 * last bin.  No search corrects the division (torch.histogram's does), so a
 * value near an inner edge goes where the rounded division puts it, and a
 * NaN in the first bin (Note [histc's NaN]).  The counts are kept in self's
 * dtype.  When min == max (the default 0, 0) the data's extremes are used
 * (aminmax, only when there is data; a NaN makes them NaN and the range is
 * refused), then equal extremes widen to
 * [x - 1, x + 1].  The dtype checks come from the steps 1.13 takes: out='s
 * dtype, bins > 0, the range (Scalar::to<double>, aminmax: "aminmax_cpu"
 * for float16), linspace ("linspace_cpu" for bool), then the kernel's
 * dispatch ("histogram_cpu": float, double, bfloat16 only).
 *
 * PyTorch 1.13: aten/src/ATen/native/Histogram.cpp (histogramdd_prepare_out,
 * histc_select_outer_bin_edges, histogram_histc_cpu_out, histogram_histc_cpu),
 * aten/src/ATen/native/cpu/HistogramKernel.cpp (histogramdd_cpu_contiguous,
 * LINEAR_INTERPOLATION)
 */
#include <math.h>

#include "Functions.h"
#include "NativeFunctions.h"
#include "ops/EmptyTensor.h"
#include "ops/MetaMode.h"
#include "ops/Resize.h"
#include "runtime/BFloat16.h"
#include "runtime/Exception.h"
#include "runtime/TypeCast.h"

/* Scalar::to<double>: a complex value with an imaginary part is refused. */
static int scalar_to_double(Scalar s, double* out) {
  TORCH_CHECK(!Scalar_isComplex(s) || s.v.z.imag == 0, "value cannot be converted to type double without overflow");
  *out = Scalar_toDouble(s);
  return 0;
fail:
  return -1;
}

/* PyTorch 1.13: Histogram.cpp histc_select_outer_bin_edges */
static int histc_outer_edges(const Tensor* self, Scalar min, Scalar max, double* left, double* right) {
  TRY(scalar_to_double(min, left) == 0);
  TRY(scalar_to_double(max, right) == 0);
  if (*left == *right && self->numel > 0) {
    TensorTuple2 mm = at_aminmax(self, kNoInt, false);
    TRY(mm.items[0] != NULL);
    *left = load_double(mm.items[0]->dtype, Tensor_data(mm.items[0]));
    *right = load_double(mm.items[1]->dtype, Tensor_data(mm.items[1]));
    Tensor_release(mm.items[0]);
    Tensor_release(mm.items[1]);
  }
  if (*left == *right) {
    *left -= 1;
    *right += 1;
  }
  TORCH_CHECK(isfinite(*left) && isfinite(*right), "torch.histc: range of [%g, %g] is not finite", *left, *right);
  TORCH_CHECK(*left < *right, "torch.histc: max must be larger than min");
  return 0;
fail:
  return -1;
}

static float bf16(float x) { return BFloat16_toFloat(BFloat16_fromFloat(x)); }

/* The bin of x, or -1 when x is outside [left, right] (Note [histc's bins]).
 *
 * Note [histc's NaN]
 * 1.13's kernel skips an element when `elt < left || right < elt`, which a
 * NaN passes; its bin is then static_cast<int64_t>(NaN), x86's
 * 0x8000000000000000, and hist[that * stride 1] wraps around to hist[0]
 * (the byte offset, times 2, 4 or 8, is 0 modulo 2^64): every NaN counts in
 * the first bin, in every dtype (measured: [1., nan] in 2 bins over [1, 2]
 * gives [2., 0.]).  minaten puts it there without the overflow. */
static int64_t histc_bin(ScalarType t, double x, double left, double right, int64_t bins) {
  if (isnan(x)) return 0; /* Note [histc's NaN] */
  if (x < left || x > right) return -1;
  int64_t pos;
  if (t == ScalarType_Double) {
    pos = (int64_t)((x - left) * (double)bins / (right - left));
  } else if (t == ScalarType_Float) {
    pos = (int64_t)(((float)x - (float)left) * (float)bins / ((float)right - (float)left));
  } else { /* bfloat16: c10's operators round after each step */
    pos = (int64_t)bf16(bf16(bf16((float)x - (float)left) * bf16((float)bins)) / bf16((float)right - (float)left));
  }
  return pos == bins ? bins - 1 : pos;
}

/* hist[bin of each element] += 1, in hist's dtype.
 * PyTorch 1.13: cpu/HistogramKernel.cpp histogramdd_cpu_contiguous */
static int histc_fill(const Tensor* self, Tensor* hist, int64_t bins, double left, double right) {
  Tensor* input = NULL;
  ScalarType t = self->dtype;
  /* the edges are linspace's first and last, in self's dtype */
  char edge[8];
  store_from_double(t, edge, left);
  left = load_double(t, edge);
  store_from_double(t, edge, right);
  right = load_double(t, edge);
  TRY((input = at_contiguous(self, MemoryFormat_Contiguous)) != NULL);
  size_t item = Tensor_itemsize(input);
  size_t hitem = Tensor_itemsize(hist);
  for (int64_t i = 0; i < input->numel; i++) {
    int64_t pos = histc_bin(t, load_double(t, Tensor_data(input) + (size_t)i * item), left, right, bins);
    if (pos < 0) continue;
    char* h = Tensor_data(hist) + pos * (int64_t)hitem;
    double v = load_double(t, h) + 1;
    store_from_double(t, h, v);
  }
  Tensor_release(input);
  return 0;
fail:
  return -1;
}

/* PyTorch 1.13: Histogram.cpp histogram_histc_cpu_out (Note [histc's bins]) */
Tensor* at_native_histogram_histc_cpu_out(const Tensor* self, int64_t bins, Scalar min, Scalar max, Tensor* out) {
  double left, right;
  ScalarType t = self->dtype;
  /* histogramdd_prepare_out */
  TORCH_CHECK(out->dtype == t, "torch.histogram: input tensor and hist tensor should have the same dtype, but got "
              "input %s and hist %s", ScalarType_typeMetaName(t), ScalarType_typeMetaName(out->dtype));
  TORCH_CHECK(bins > 0, "torch.histogram(): bins must be > 0, but got %lld for dimension 0", (long long)bins);
  TRY(resize_output(out, IntArrayRef_make(&bins, 1)) >= 0);
  TRY(histc_outer_edges(self, min, max, &left, &right) == 0);
  /* linspace_cpu_out into the edges */
  TORCH_CHECK(t != ScalarType_Bool, "\"linspace_cpu\" not implemented for '%s'", ScalarType_name(t));
  /* histogramdd_out_cpu_template: hist.fill_(0), then the dispatch */
  Tensor* zeroed = at_fill__Scalar(out, Scalar_fromLong(0));
  TRY(zeroed != NULL);
  Tensor_release(zeroed);
  TORCH_CHECK(t == ScalarType_Float || t == ScalarType_Double || t == ScalarType_BFloat16,
              "\"histogram_cpu\" not implemented for '%s'", ScalarType_name(t));
  if (MetaMode_isEnabled()) return Tensor_retain(out);
  TRY(histc_fill(self, out, bins, left, right) == 0);
  return Tensor_retain(out);
fail:
  return NULL;
}

/* PyTorch 1.13: Histogram.cpp histogram_histc_cpu */
Tensor* at_native_histogram_histc_cpu(const Tensor* self, int64_t bins, Scalar min, Scalar max) {
  int64_t zero = 0;
  Tensor* hist = empty_cpu(IntArrayRef_make(&zero, 1), self->dtype);
  if (hist == NULL) return NULL;
  Tensor* r = at_native_histogram_histc_cpu_out(self, bins, min, max, hist);
  Tensor_release(hist);
  return r;
}
