/*
 * Multinomial.c - multinomial: n_sample category indices drawn from each
 * row of probabilities (1 or 2 dims, Float or Double; the rows need not
 * sum to 1).
 *
 * Two routes, as in 1.13:
 *   - without replacement, or one sample: the Gumbel trick.  With q a
 *     tensor of Exp(1) draws (exponential_, in q's memory order), the
 *     categories of the n_sample largest p / q are a draw without
 *     replacement (argmax for one sample, topk for more: so the order of
 *     ties is topk's).  The probabilities are checked first, as tensors
 *     (max < inf, min >= 0; no row summing to 0);
 *   - with replacement: the kernel (ops/cpu/MultinomialKernel.c), one
 *     uniform draw per sample placed in the row's cumulative distribution.
 *
 * PyTorch 1.13: aten/src/ATen/native/Distributions.cpp (multinomial_out,
 * multinomial)
 */
#include <math.h>

#include "Functions.h"
#include "NativeFunctions.h"
#include "ops/DistributionTemplates.h"
#include "ops/EmptyTensor.h"
#include "ops/MetaMode.h"
#include "runtime/Exception.h"
#include "runtime/TypeCast.h"

DEFINE_DISPATCH(multinomial_with_replacement_stub);

/* A 0-dim tensor's value as a double, or NAN with the error set when t is
 * NULL (an operator failed). */
static double value_of(Tensor* t) {
  if (t == NULL) return NAN;
  double v = load_double(t->dtype, Tensor_data(t));
  Tensor_release(t);
  return v;
}

/* The checks of the route without replacement: every probability finite
 * and >= 0, no row (or the vector) summing to 0.  0, or -1 with 1.13's
 * error. */
static int check_probabilities(const Tensor* self) {
  double max = value_of(at_max(self));
  TRY(!Error_occurred());
  double min = value_of(at_min(self));
  TRY(!Error_occurred());
  TORCH_CHECK(max < INFINITY && min >= 0, "probability tensor contains either `inf`, `nan` or element < 0");
  bool zero_row = false;
  if (self->dim == 1) {
    zero_row = value_of(at_sum(self, (OptionalScalarType){0})) == 0;
  } else {
    int64_t dim1 = 1;
    Tensor* sums = at_sum_dim_IntList(self, (OptionalIntArrayRef){true, IntArrayRef_make(&dim1, 1)}, false,
                                      (OptionalScalarType){0});
    TRY(sums != NULL);
    for (int64_t i = 0; i < sums->numel && !zero_row; i++)
      zero_row = load_double(sums->dtype, (const char*)Tensor_data(sums) + i * sums->strides[0] *
                                                                            (int64_t)Tensor_itemsize(sums)) == 0;
    Tensor_release(sums);
  }
  TRY(!Error_occurred());
  TORCH_CHECK(!zero_row, "invalid multinomial distribution (sum of probabilities <= 0)");
  return 0;
fail:
  return -1;
}

/* The route without replacement (or of one sample) into result:
 * q = Exp(1) draws, q = self / q, then argmax or topk's indices.
 * PyTorch 1.13: Distributions.cpp multinomial_out (its fast path) */
static int multinomial_gumbel(const Tensor* self, int64_t n_sample, Generator* gen, Tensor* result) {
  Tensor *q = NULL, *r = NULL, *vals = NULL;
  TRY(check_probabilities(self) == 0);
  TRY((q = at_empty_like(self, (OptionalScalarType){0}, kNoLayout, (OptionalDevice){0}, kNoPinMemory,
                         kNoMemoryFormat)) != NULL);
  TRY((r = at_exponential_(q, 1, gen)) != NULL);
  Tensor_release(r);
  TRY((r = at_div_out(self, q, q)) != NULL);
  Tensor_release(r);
  if (n_sample == 1) {
    TRY((r = at_argmax_out(q, (OptionalInt){true, -1}, true, result)) != NULL);
    Tensor_release(r);
  } else {
    TRY((vals = empty_cpu(IntArrayRef_make(result->sizes, (size_t)result->dim), self->dtype)) != NULL);
    TensorTuple2 t = at_topk_values(q, n_sample, -1, true, true, vals, result);
    TRY(t.items[0] != NULL);
    Tensor_release(t.items[0]);
    Tensor_release(t.items[1]);
  }
  Tensor_release(vals);
  Tensor_release(q);
  return 0;
fail:
  Tensor_release(vals);
  Tensor_release(q);
  return -1;
}

/* PyTorch 1.13: Distributions.cpp multinomial_out */
Tensor* at_native_multinomial_out(const Tensor* self, int64_t n_sample, bool with_replacement, Generator* generator,
                                  Tensor* result) {
  TORCH_CHECK(self->dim > 0 && self->dim <= 2, "prob_dist must be 1 or 2 dim");
  TORCH_CHECK(ScalarType_isFloating(self->dtype), "multinomial only supports floating-point dtypes for input, got: %s",
              ScalarType_name(self->dtype));
  TORCH_CHECK(result->dtype == ScalarType_Long, "multinomial expects Long tensor out, got: %s",
              ScalarType_name(result->dtype));
  TORCH_CHECK(n_sample > 0, "cannot sample n_sample <= 0 samples");
  int64_t n_categories = self->sizes[self->dim - 1];
  TORCH_CHECK(with_replacement || n_sample <= n_categories,
              "cannot sample n_sample > prob_dist.size(-1) samples without replacement");
  TORCH_CHECK(n_categories <= (INT64_C(1) << 24), "number of categories cannot exceed 2^24");
  TORCH_CHECK(self->dtype != ScalarType_Half, "multinomial is not implemented for half on CPU");
  int64_t sizes[2] = {self->sizes[0], n_sample};
  IntArrayRef shape = self->dim == 1 ? IntArrayRef_make(&n_sample, 1) : IntArrayRef_make(sizes, 2);
  Tensor* r = at_resize_(result, shape, kNoMemoryFormat);
  TRY(r != NULL);
  Tensor_release(r);
  if (result->numel == 0 || MetaMode_isEnabled()) return Tensor_retain(result);
  if (!with_replacement || n_sample == 1) {
    TRY(multinomial_gumbel(self, n_sample, generator, result) == 0);
  } else {
    multinomial_with_replacement_fn draw =
        (multinomial_with_replacement_fn)DispatchStub_get(&multinomial_with_replacement_stub);
    TRY(draw(result, self, n_sample, generator) == 0);
  }
  return Tensor_retain(result);
fail:
  return NULL;
}

/* PyTorch 1.13: Distributions.cpp multinomial: into an empty Long tensor */
Tensor* at_native_multinomial(const Tensor* self, int64_t n_sample, bool with_replacement, Generator* generator) {
  int64_t zero = 0;
  Tensor* result = empty_cpu(IntArrayRef_make(&zero, 1), ScalarType_Long);
  if (result == NULL) return NULL;
  Tensor* r = at_native_multinomial_out(self, n_sample, with_replacement, generator, result);
  Tensor_release(result);
  return r;
}
