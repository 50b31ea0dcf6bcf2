/*
 * ReduceOpsVar.c - var, std, var_mean and std_mean.
 *
 * 1.13 declares each in three forms: `(self, unbiased)`, `.dim(self, dim,
 * unbiased, keepdim)` and `.correction(self, dim, *, correction, keepdim)`;
 * the first two (and `.out`) are CompositeImplicitAutograd and call the
 * third with correction = unbiased ? 1 : 0, so only `.correction` ever
 * shows in a trace, and only it has a derivative.  The CPU kernel reduces
 * over dim (every dim when None or empty) with the divisor
 * max(0, N - correction): N == correction gives inf (or NaN for a constant
 * row), an empty row NaN.  Only floating dtypes are accepted (1.13's
 * "std and var only support floating point and complex dtypes").
 *
 * NB(minaten): each row is summed in double in two passes (mean, then the
 * squared deviations); 1.13 uses Welford's update in double for rows and a
 * two-pass sum for full reductions, so results may differ in the last bit.
 *
 * PyTorch 1.13: aten/src/ATen/native/ReduceOps.cpp (var, std, var_mean,
 * std_mean, std_var_out, std_var_mean_out), native/cpu/ReduceOpsKernel.cpp
 * std_var_kernel_impl
 */
#include <math.h>

#include "Functions.h"
#include "NativeFunctions.h"
#include "ops/EmptyTensor.h"
#include "ops/ReduceOpsUtils.h"
#include "ops/Resize.h"
#include "runtime/Exception.h"
#include "runtime/safe_numerics.h"

typedef struct VarRow {
  int64_t correction;
  bool take_sqrt;
  bool all; /* var or std of one output element: std_var_all_cpu's divisor */
} VarRow;

/* The divisor of one row's sum of squared deviations: max(0, n -
 * correction).  Welford's reduction (every var_mean and std_mean, and var
 * and std with more than one output element) computes it in double, as
 * WelfordOps keeps the count and the correction; var and std of one
 * output element (std_var_all_cpu) in int64_t, where 6 - (-2**63) wraps
 * to a negative number and so gives 0 (var is then inf): minaten wraps as
 * x86-64 does, without the overflow.
 * PyTorch 1.13: native/SharedReduceOps.h WelfordOps::project,
 * ReduceOps.cpp std_var_all_cpu */
static double var_divisor(int64_t n, const VarRow* c) {
  if (c->all) {
    int64_t d = sub_wrap(n, c->correction);
    return d > 0 ? (double)d : 0.0;
  }
  double nf = (double)n, correction = (double)c->correction;
  return nf > correction ? nf - correction : 0.0;
}

/* res[0] = the variance (or its root), res[1] = the mean.
 * PyTorch 1.13: native/SharedReduceOps.h WelfordOps::project */
static void var_row(const double* v, int64_t n, void* ctx, double* res) {
  const VarRow* c = ctx;
  if (n == 0) { /* an empty input: 1.13 fills the results with NaN, whatever the correction */
    res[0] = res[1] = NAN;
    return;
  }
  double sum = 0, m2 = 0;
  for (int64_t i = 0; i < n; i++) sum += v[i];
  double mean = sum / (double)n;
  for (int64_t i = 0; i < n; i++) m2 += (v[i] - mean) * (v[i] - mean);
  double var = m2 / var_divisor(n, c);
  res[0] = c->take_sqrt ? sqrt(var) : var;
  res[1] = mean;
}

/* The variance (std with take_sqrt) over dim, and with want_mean the mean
 * too, as two fresh tensors of self's dtype.  fname names the operator in
 * var_mean's and std_mean's dtype error.
 * PyTorch 1.13: ReduceOps.cpp std_var_out, std_var_mean_out */
static TensorTuple2 std_var(const char* fname, const Tensor* self, OptionalIntArrayRef dim, OptionalInt correction,
                            bool keepdim, bool take_sqrt, bool want_mean) {
  TensorTuple2 r = {{NULL, NULL}};
  ReduceRows g;
  if (!want_mean)
    TORCH_CHECK(ScalarType_isFloating(self->dtype), "std and var only support floating point and complex dtypes");
  else
    TORCH_CHECK(ScalarType_isFloating(self->dtype), "%s only support floating point and complex dtypes", fname);
  TRY(ReduceRows_init(&g, self, dim, keepdim) == 0);
  IntArrayRef sizes = IntArrayRef_make(g.out_sizes, (size_t)g.nout);
  TRY((r.items[0] = empty_cpu(sizes, self->dtype)) != NULL);
  if (want_mean) TRY((r.items[1] = empty_cpu(sizes, self->dtype)) != NULL);
  VarRow ctx = {correction.has_value ? correction.value : 1, take_sqrt, !want_mean && g.rows <= 1};
  TRY(ReduceRows_run(&g, self, var_row, &ctx, r.items[0], r.items[1]) == 0);
  return r;
fail:
  Tensor_release(r.items[0]);
  Tensor_release(r.items[1]);
  r.items[0] = r.items[1] = NULL;
  return r;
}

static OptionalInt unbiased_correction(bool unbiased) { return (OptionalInt){true, unbiased ? 1 : 0}; }

/* PyTorch 1.13: ReduceOps.cpp at::native::var (correction) */
Tensor* at_native_var_correction(const Tensor* self, OptionalIntArrayRef dim, OptionalInt correction, bool keepdim) {
  return std_var("var", self, dim, correction, keepdim, false, false).items[0];
}
/* PyTorch 1.13: ReduceOps.cpp at::native::std (correction) */
Tensor* at_native_std_correction(const Tensor* self, OptionalIntArrayRef dim, OptionalInt correction, bool keepdim) {
  return std_var("std", self, dim, correction, keepdim, true, false).items[0];
}
/* PyTorch 1.13: ReduceOps.cpp at::native::var_mean (correction) */
TensorTuple2 at_native_var_mean_correction(const Tensor* self, OptionalIntArrayRef dim, OptionalInt correction,
                                           bool keepdim) {
  return std_var("var_mean", self, dim, correction, keepdim, false, true);
}
/* PyTorch 1.13: ReduceOps.cpp at::native::std_mean (correction) */
TensorTuple2 at_native_std_mean_correction(const Tensor* self, OptionalIntArrayRef dim, OptionalInt correction,
                                           bool keepdim) {
  return std_var("std_mean", self, dim, correction, keepdim, true, true);
}

/* var/std into out: self must be floating; out takes the result in its
 * own dtype: a floating one always, another only for a full reduction of
 * a non-empty tensor (1.13's std_var_all_cpu path; a row reduction
 * dispatches on out's dtype and refuses it; an empty input fills out with
 * NaN, which an integer out refuses).
 * PyTorch 1.13: ReduceOps.cpp std_var_out */
static Tensor* std_var_out(const Tensor* self, OptionalIntArrayRef dim, OptionalInt correction, bool keepdim,
                           Tensor* out, bool take_sqrt) {
  ReduceRows g;
  TORCH_CHECK(ScalarType_isFloating(self->dtype), "std and var only support floating point and complex dtypes");
  TRY(ReduceRows_init(&g, self, dim, keepdim) == 0);
  if (!ScalarType_isFloating(out->dtype)) {
    if (self->numel == 0) {
      TRY(resize_output(out, IntArrayRef_make(g.out_sizes, (size_t)g.nout)) >= 0);
      return at_fill__Scalar(out, Scalar_fromDouble(NAN));
    }
    TORCH_CHECK(g.rows <= 1, "\"std_cpu\" not implemented for '%s'", ScalarType_name(out->dtype));
  }
  return resize_and_copy_out(out, std_var("var", self, dim, correction, keepdim, take_sqrt, false).items[0]);
fail:
  return NULL;
}

/* PyTorch 1.13: ReduceOps.cpp at::native::var_out (correction) */
Tensor* at_native_var_correction_out(const Tensor* self, OptionalIntArrayRef dim, OptionalInt correction, bool keepdim,
                                     Tensor* out) {
  return std_var_out(self, dim, correction, keepdim, out, false);
}
/* PyTorch 1.13: ReduceOps.cpp at::native::std_out (correction) */
Tensor* at_native_std_correction_out(const Tensor* self, OptionalIntArrayRef dim, OptionalInt correction, bool keepdim,
                                     Tensor* out) {
  return std_var_out(self, dim, correction, keepdim, out, true);
}

/* ---- the CompositeImplicitAutograd forms: unbiased as a correction ---- */

/* PyTorch 1.13: ReduceOps.cpp at::native::var (unbiased) */
Tensor* at_native_var(const Tensor* self, bool unbiased) {
  return at_var_correction(self, kNoIntArrayRef, unbiased_correction(unbiased), false);
}
/* PyTorch 1.13: ReduceOps.cpp at::native::var (dim, unbiased) */
Tensor* at_native_var_dim(const Tensor* self, OptionalIntArrayRef dim, bool unbiased, bool keepdim) {
  return at_var_correction(self, dim, unbiased_correction(unbiased), keepdim);
}
/* PyTorch 1.13: ReduceOps.cpp at::native::var_out (dim, unbiased) */
Tensor* at_native_var_out(const Tensor* self, OptionalIntArrayRef dim, bool unbiased, bool keepdim, Tensor* out) {
  return at_var_correction_out(self, dim, unbiased_correction(unbiased), keepdim, out);
}
/* PyTorch 1.13: ReduceOps.cpp at::native::std (unbiased) */
Tensor* at_native_std(const Tensor* self, bool unbiased) {
  return at_std_correction(self, kNoIntArrayRef, unbiased_correction(unbiased), false);
}
/* PyTorch 1.13: ReduceOps.cpp at::native::std (dim, unbiased) */
Tensor* at_native_std_dim(const Tensor* self, OptionalIntArrayRef dim, bool unbiased, bool keepdim) {
  return at_std_correction(self, dim, unbiased_correction(unbiased), keepdim);
}
/* PyTorch 1.13: ReduceOps.cpp at::native::std_out (dim, unbiased) */
Tensor* at_native_std_out(const Tensor* self, OptionalIntArrayRef dim, bool unbiased, bool keepdim, Tensor* out) {
  return at_std_correction_out(self, dim, unbiased_correction(unbiased), keepdim, out);
}
/* PyTorch 1.13: ReduceOps.cpp at::native::var_mean (unbiased) */
TensorTuple2 at_native_var_mean(const Tensor* self, bool unbiased) {
  return at_var_mean_correction(self, kNoIntArrayRef, unbiased_correction(unbiased), false);
}
/* PyTorch 1.13: ReduceOps.cpp at::native::var_mean (dim, unbiased) */
TensorTuple2 at_native_var_mean_dim(const Tensor* self, OptionalIntArrayRef dim, bool unbiased, bool keepdim) {
  return at_var_mean_correction(self, dim, unbiased_correction(unbiased), keepdim);
}
/* PyTorch 1.13: ReduceOps.cpp at::native::std_mean (unbiased) */
TensorTuple2 at_native_std_mean(const Tensor* self, bool unbiased) {
  return at_std_mean_correction(self, kNoIntArrayRef, unbiased_correction(unbiased), false);
}
/* PyTorch 1.13: ReduceOps.cpp at::native::std_mean (dim, unbiased) */
TensorTuple2 at_native_std_mean_dim(const Tensor* self, OptionalIntArrayRef dim, bool unbiased, bool keepdim) {
  return at_std_mean_correction(self, dim, unbiased_correction(unbiased), keepdim);
}
