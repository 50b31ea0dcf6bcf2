/*
 * MultinomialKernel.c - multinomial with replacement: for each row of
 * probabilities, the normalized cumulative distribution, then n_sample
 * uniform draws in [0, 1), each placed by binary search among the
 * cumulative sums.  Compiled once per CPU capability and registered into
 * multinomial_with_replacement_stub (Note [CPU capability dispatch] in
 * ops/DispatchStub.h).
 *
 * The arithmetic is the row's dtype's: for Float the sums and quotients
 * are computed in double and rounded to float after each operation, which
 * gives float arithmetic's results bit for bit (a double holds the exact
 * sum or quotient of two floats closely enough that rounding it again to
 * float changes nothing).  The draws are uniform_real_distribution<double>,
 * one per sample, rows in order, the generator locked throughout.
 *
 * PyTorch 1.13: aten/src/ATen/native/cpu/MultinomialKernel.cpp
 * (multinomial_with_replacement_apply)
 */
#include <math.h>
#include <stdlib.h>

#include "ops/DistributionTemplates.h"
#include "runtime/DistributionsHelper.h"
#include "runtime/Exception.h"
#include "runtime/TypeCast.h"

/* x as the dtype computes it: rounded to float for Float. */
static inline double narrow(bool is_float, double x) { return is_float ? (double)(float)x : x; }

/* One row: its cumulative distribution cum[0..n) (normalized, the last set
 * to 1), then n_sample draws into out (stride ostride, elements).  0, or -1
 * with 1.13's error for a negative, infinite or NaN entry or a zero sum. */
static int multinomial_row(const Tensor* self, const char* row, int64_t stride, int64_t n, double* cum,
                           int64_t n_sample, Generator* gen, int64_t* out, int64_t ostride) {
  bool is_float = self->dtype == ScalarType_Float || self->dtype == ScalarType_BFloat16; /* acc_type: float */
  double sum = 0;
  for (int64_t j = 0; j < n; j++) {
    double val = load_double(self->dtype, row + j * stride);
    TORCH_CHECK(val >= 0, "invalid multinomial distribution (encountering probability entry < 0)");
    TORCH_CHECK(isfinite(val), "invalid multinomial distribution (encountering probability entry = infinity or NaN)");
    sum = narrow(is_float, sum + val);
    cum[j] = sum;
  }
  TORCH_CHECK(sum > 0, "invalid multinomial distribution (sum of probabilities <= 0)");
  for (int64_t j = 0; j < n; j++) cum[j] = narrow(is_float, cum[j] / sum);
  for (int64_t s = 0; s < n_sample; s++) {
    double u = uniform_real_distribution_double(gen, 0.0, 1.0);
    cum[n - 1] = 1; /* the last bucket ends at 1 */
    int64_t left = 0, right = n; /* the first slot whose cumulative sum is >= u */
    while (right - left > 0) {
      int64_t mid = left + (right - left) / 2;
      if (cum[mid] < u) left = mid + 1;
      else right = mid;
    }
    out[s * ostride] = left;
  }
  return 0;
fail:
  return -1;
}

/* PyTorch 1.13: native/cpu/MultinomialKernel.cpp multinomial_with_replacement_kernel_impl */
static int multinomial_with_replacement_kernel(Tensor* result, const Tensor* self, int64_t n_sample,
                                               Generator* generator) {
  Generator* gen = get_generator_or_default(generator);
  int64_t n = self->sizes[self->dim - 1], n_dist = self->dim > 1 ? self->sizes[0] : 1;
  int64_t item = (int64_t)Tensor_itemsize(self);
  int64_t self_stride0 = self->dim > 1 ? self->strides[0] * item : 0, self_stride1 = self->strides[self->dim - 1] * item;
  int64_t out_stride0 = result->dim > 1 ? result->strides[0] : 0, out_stride1 = result->strides[result->dim - 1];
  double* cum = malloc(sizeof(double) * (size_t)(n > 0 ? n : 1));
  TORCH_CHECK(cum != NULL, "minaten: out of memory");
  int rc = 0;
  pthread_mutex_lock(&gen->mutex); /* Note [Acquire lock when using random generators] */
  for (int64_t i = 0; i < n_dist && rc == 0; i++)
    rc = multinomial_row(self, (const char*)Tensor_data(self) + i * self_stride0, self_stride1, n, cum, n_sample,
                         gen, (int64_t*)Tensor_data(result) + i * out_stride0, out_stride1);
  pthread_mutex_unlock(&gen->mutex);
  free(cum);
  return rc;
fail:
  return -1;
}

REGISTER_DISPATCH(multinomial_with_replacement_fn, multinomial_with_replacement_stub,
                  multinomial_with_replacement_kernel);
