/*
 * SummaryOps.c - bincount: how often each non-negative integer occurs in a
 * 1-d integer tensor (or the sum of the weights at its positions).
 *
 * Note [bincount's dtypes]
 * The result is int64 without weights; with weights it is float32 when the
 * weights are float32 (summed in float), else float64, the weights converted
 * first (int, bool, bfloat16, float16 weights all give float64, and the
 * conversion happens before any check, so a complex weight warns first).
 * An empty 1-d input returns zeros(minlength) of int64 whatever the weights.
 * The checks come in 1.13's order: the input dtype (the dispatch, "bincount_cpu"),
 * minlength, then the 1-d/non-negative check (min() read only when 1-d),
 * then the weights' shape.
 *
 * PyTorch 1.13: aten/src/ATen/native/SummaryOps.cpp (_bincount_cpu,
 * _bincount_cpu_template)
 */
#include "Functions.h"
#include "NativeFunctions.h"
#include "ops/EmptyTensor.h"
#include "runtime/Exception.h"
#include "runtime/TypeCast.h"

/* The one element of a 0-dim tensor t as int64 (t = self.min() or max()). */
static int64_t scalar_of(Tensor* t) {
  int64_t v = load_int(t->dtype, Tensor_data(t));
  Tensor_release(t);
  return v;
}

/* PyTorch 1.13: SummaryOps.cpp _bincount_cpu_template */
static Tensor* bincount_template(const Tensor* self, const Tensor* weights, int64_t minlength) {
  Tensor* out = NULL;
  Tensor* t;
  TORCH_CHECK(minlength >= 0, "minlength should be >= 0");
  if (self->dim == 1 && self->numel == 0) {
    int64_t n = minlength;
    return at_zeros(IntArrayRef_make(&n, 1), (OptionalScalarType){true, ScalarType_Long}, kNoLayout, kNoDevice,
                    kNoPinMemory);
  }
  bool negative = false;
  if (self->dim == 1) {
    TRY((t = at_min(self)) != NULL);
    negative = scalar_of(t) < 0;
  }
  TORCH_CHECK(self->dim == 1 && !negative, "bincount only supports 1-d non-negative integral inputs.");
  TRY((t = at_max(self)) != NULL);
  int64_t nbins = scalar_of(t) + 1;
  TORCH_CHECK(weights == NULL || (weights->dim == 1 && weights->sizes[0] == self->sizes[0]),
              "weights should be 1-d and have the same length as input");
  if (nbins < minlength) nbins = minlength;
  ScalarType dtype = weights == NULL ? ScalarType_Long : weights->dtype;
  TRY((out = at_zeros(IntArrayRef_make(&nbins, 1), (OptionalScalarType){true, dtype}, kNoLayout, kNoDevice,
                      kNoPinMemory)) != NULL);
  const char* in = Tensor_data(self);
  size_t isize = Tensor_itemsize(self);
  for (int64_t i = 0; i < self->sizes[0]; i++) {
    int64_t bin = load_int(self->dtype, in + (size_t)i * isize);
    if (weights == NULL) {
      ((int64_t*)Tensor_data(out))[bin] += 1;
    } else if (dtype == ScalarType_Float) {
      ((float*)Tensor_data(out))[bin] += ((const float*)Tensor_data(weights))[i];
    } else {
      ((double*)Tensor_data(out))[bin] += ((const double*)Tensor_data(weights))[i];
    }
  }
  return out;
fail:
  Tensor_release(out);
  return NULL;
}

/* PyTorch 1.13: SummaryOps.cpp _bincount_cpu (Note [bincount's dtypes]) */
Tensor* at_native__bincount_cpu(const Tensor* self, const Tensor* weights, int64_t minlength) {
  Tensor *input = NULL, *w = NULL, *out = NULL;
  TORCH_CHECK(ScalarType_isIntegral(self->dtype, false), "\"bincount_cpu\" not implemented for '%s'",
              ScalarType_name(self->dtype));
  TRY((input = at_contiguous(self, MemoryFormat_Contiguous)) != NULL);
  if (weights != NULL) {
    TRY((w = at_contiguous(weights, MemoryFormat_Contiguous)) != NULL);
    if (w->dtype != ScalarType_Float) {
      Tensor* d = at_to_dtype(w, ScalarType_Double, false, false, kNoMemoryFormat);
      Tensor_release(w);
      TRY((w = d) != NULL);
    }
  }
  out = bincount_template(input, w, minlength);
fail:
  Tensor_release(input);
  Tensor_release(w);
  return out;
}
