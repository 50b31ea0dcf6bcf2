/*
 * SortingQuantile.c - quantile and nanquantile: the q-th quantiles of the
 * elements (flattened) or of each row along one dim, interpolated
 * between the two sorted values around each rank.
 *
 * All eight forms are CompositeImplicitAutograd in 1.13: written here in
 * 1.13's calls (so the trace and the autograd graph are 1.13's, and the
 * gradient flows through gather and lerp):
 *
 *   q in range    q >= 0 and q <= 1, all(), compared with new_ones by
 *                 equal (is_scalar_tensor_true), on a CPU self;
 *   sorted        self flattened (no dim) or dim moved last, sort();
 *   ranks         quantile: q * (n - 1), the last index where the row
 *                 holds NaN (so its quantile is NaN); nanquantile:
 *                 q * (non-NaN count - 1), 0 where negative (all NaN);
 *                 floor_ (lower), ceil_ (higher), round_ (nearest: half
 *                 to even);
 *   values        gathered at the ranks as Long; linear and midpoint
 *                 lerp_ towards the value at the ceiled rank with weight
 *                 rank - floor (linear) or 0.5 (midpoint).
 *
 * The result is q's dim first (a 1-D q), then the rows' shape (keepdim:
 * with dim as 1; no dim and keepdim: all ones).  Checks in 1.13's order:
 * the interpolation's name (the float q's range before it), a non-empty
 * self, q at most 1-D, self float or double, q's dtype, (out='s dtype,)
 * the dim, (out resized,) q's values, at most 2**24 elements a row.
 *
 * PyTorch 1.13: aten/src/ATen/native/Sorting.cpp (get_quantile_interpolation_mode,
 * quantile_checks, quantile_output_shape, quantile_compute, quantile_out_impl,
 * quantile_impl, quantile, nanquantile and their out= and float-q forms),
 * TensorSubclassLikeUtils.h (is_scalar_tensor_true)
 */
#include <math.h>
#include <string.h>

#include "Functions.h"
#include "NativeFunctions.h"
#include "ops/Resize.h"
#include "ops/TensorUtils.h"
#include "runtime/Exception.h"

typedef enum QuantileMode { Quantile_Linear, Quantile_Lower, Quantile_Higher, Quantile_Midpoint, Quantile_Nearest } QuantileMode;

/* The mode named, or -1 with 1.13's error.
 * PyTorch 1.13: Sorting.cpp get_quantile_interpolation_mode */
static int interpolation_mode(const char* name) {
  static const char* const names[] = {"linear", "lower", "higher", "midpoint", "nearest"};
  for (int m = 0; m < 5; m++)
    if (strcmp(name, names[m]) == 0) return m;
  TORCH_CHECK(false,
              "quantile() interpolation must be one of linear, lower, higher, midpoint or nearest, but got %s", name);
fail:
  return -1;
}

/* PyTorch 1.13: Sorting.cpp quantile_checks */
static int quantile_checks(const Tensor* self, const Tensor* q) {
  TORCH_CHECK(self->numel > 0, "quantile() input tensor must be non-empty");
  TORCH_CHECK(q->dim <= 1, "quantile() q must be a scalar or 1D tensor");
  TORCH_CHECK(self->dtype == ScalarType_Float || self->dtype == ScalarType_Double,
              "quantile() input tensor must be either float or double dtype");
  TORCH_CHECK(self->dtype == q->dtype, "quantile() q tensor must be same dtype as the input tensor");
  TORCH_CHECK(Device_equal(self->device, q->device),
              "quantile() q tensor must be on the same device as the input tensor");
  return 0;
fail:
  return -1;
}

/* The result's shape into shape (q's size first when q is 1-D); its
 * number of dims.  PyTorch 1.13: Sorting.cpp quantile_output_shape */
static int64_t quantile_output_shape(OptionalInt dim, const Tensor* self, const Tensor* q, bool keepdim,
                                     int64_t wrapped, int64_t* shape) {
  int64_t n = 0;
  if (q->dim > 0) shape[n++] = q->numel;
  if (dim.has_value && self->dim > 0) {
    for (int64_t j = 0; j < self->dim; j++)
      if (j != wrapped || keepdim) shape[n++] = j == wrapped ? 1 : self->sizes[j];
  } else if (keepdim) {
    for (int64_t j = 0; j < self->dim; j++) shape[n++] = 1;
  }
  return n;
}

/* q.ge(0).logical_and_(q.le(1)).all(), true by equal with new_ones({}).
 * PyTorch 1.13: Sorting.cpp quantile_compute (is_scalar_tensor_true) */
static int check_q_in_range(const Tensor* q) {
  Tensor *ge = NULL, *le = NULL, *all = NULL, *ones = NULL;
  int rc = -1;
  TRY((ge = at_ge_Scalar(q, Scalar_fromLong(0))) != NULL);
  TRY((le = at_le_Scalar(q, Scalar_fromLong(1))) != NULL);
  TRY(done_in_place(at_logical_and_(ge, le)) == 0);
  TRY((all = at_all(ge)) != NULL);
  TRY((ones = at_new_ones(all, (IntArrayRef){NULL, 0}, (OptionalScalarType){true, all->dtype}, kNoLayout,
                          (OptionalDevice){true, all->device}, kNoPinMemory)) != NULL);
  bool in_range = at_equal(all, ones);
  TRY(!Error_occurred());
  TORCH_CHECK(in_range, "quantile() q values must be in the range [0, 1]");
  rc = 0;
fail:
  Tensor_release(ge);
  Tensor_release(le);
  Tensor_release(all);
  Tensor_release(ones);
  return rc;
}

/* The values of self to pick from: flattened (no dim) or with the dim
 * moved last, sorted along the last dim.
 * PyTorch 1.13: Sorting.cpp quantile_compute */
static Tensor* sorted_rows(const Tensor* self, OptionalInt dim, int64_t wrapped) {
  Tensor *moved = NULL, *t = NULL;
  TensorTuple2 s = {{NULL, NULL}};
  if (!dim.has_value) {
    TRY((moved = at_flatten_using_ints(self, 0, -1)) != NULL);
  } else if (wrapped == self->dim - 1) {
    moved = Tensor_retain((Tensor*)self);
  } else {
    TRY((t = at_unsqueeze(self, -1)) != NULL);
    TRY((moved = at_transpose_int(t, wrapped, -1)) != NULL);
  }
  s = at_sort(moved, -1, false);
  Tensor_release(s.items[1]);
fail:
  Tensor_release(t);
  Tensor_release(moved);
  return s.items[0];
}

/* nanquantile's ranks: q * (the row's non-NaN count - 1), 0 where negative.
 * PyTorch 1.13: Sorting.cpp quantile_compute (ignore_nan) */
static Tensor* nan_ignoring_ranks(const Tensor* sorted, const Tensor* q) {
  Tensor *isnan_ = NULL, *count = NULL, *less = NULL, *ranks = NULL, *negative = NULL;
  int64_t last = -1;
  TRY((isnan_ = at_isnan(sorted)) != NULL);
  TRY(done_in_place(at_logical_not_(isnan_)) == 0);
  TRY((count = at_sum_dim_IntList(isnan_, (OptionalIntArrayRef){true, {&last, 1}}, true,
                                  (OptionalScalarType){false, ScalarType_Long})) != NULL);
  TRY((less = at_sub_Scalar(count, Scalar_fromLong(1), Scalar_fromLong(1))) != NULL);
  TRY((ranks = at_mul_Tensor(q, less)) != NULL);
  TRY((negative = at_lt_Scalar(ranks, Scalar_fromLong(0))) != NULL);
  TRY(done_in_place(at_masked_fill__Scalar(ranks, negative, Scalar_fromLong(0))) == 0);
  goto done;
fail:
  Tensor_release(ranks);
  ranks = NULL;
done:
  Tensor_release(isnan_);
  Tensor_release(count);
  Tensor_release(less);
  Tensor_release(negative);
  return ranks;
}

/* quantile's ranks: q * (n - 1), broadcast with the rows' "holds a NaN",
 * which sets the last index.  PyTorch 1.13: Sorting.cpp quantile_compute */
static Tensor* nan_last_ranks(const Tensor* sorted, const Tensor* q) {
  Tensor *scaled = NULL, *isnan_ = NULL, *any = NULL, *ranks = NULL;
  TensorList tl = {NULL, 0};
  int64_t last_index = sorted->sizes[sorted->dim - 1] - 1;
  TRY((scaled = at_mul_Scalar(q, Scalar_fromLong(last_index))) != NULL);
  TRY((isnan_ = at_isnan(sorted)) != NULL);
  TRY((any = at_any_dim(isnan_, -1, true)) != NULL);
  Tensor* pair[2] = {scaled, any};
  tl = at_broadcast_tensors((TensorList){pair, 2});
  TRY(tl.data != NULL);
  ranks = at_masked_fill_Scalar(tl.data[0], tl.data[1], Scalar_fromLong(last_index));
fail:
  TensorList_releaseAll(tl);
  Tensor_release(scaled);
  Tensor_release(isnan_);
  Tensor_release(any);
  return ranks;
}

/* values_below (the values at the ranks, rounded as mode says) moved
 * towards the values above for linear and midpoint.
 * PyTorch 1.13: Sorting.cpp quantile_compute (after the ranks) */
static Tensor* interpolate(const Tensor* sorted, Tensor* ranks, QuantileMode mode) {
  Tensor *below_i = NULL, *below = NULL, *weights = NULL, *above_i = NULL, *above = NULL;
  if (mode == Quantile_Lower) TRY(done_in_place(at_floor_(ranks)) == 0);
  else if (mode == Quantile_Higher) TRY(done_in_place(at_ceil_(ranks)) == 0);
  else if (mode == Quantile_Nearest) TRY(done_in_place(at_round_(ranks)) == 0);
  TRY((below_i = at_to_dtype(ranks, ScalarType_Long, false, false, kNoMemoryFormat)) != NULL);
  TRY((below = at_gather(sorted, -1, below_i, false)) != NULL);
  if (mode == Quantile_Linear || mode == Quantile_Midpoint) {
    if (mode == Quantile_Midpoint)
      weights = at_full_like(ranks, Scalar_fromDouble(0.5), (OptionalScalarType){false, ScalarType_Float}, kNoLayout,
                             kNoDevice, kNoPinMemory, kNoMemoryFormat);
    else weights = at_sub_Tensor(ranks, below_i, Scalar_fromLong(1));
    TRY(weights != NULL);
    TRY(done_in_place(at_ceil_(ranks)) == 0);
    TRY((above_i = at_to_dtype(ranks, ScalarType_Long, false, false, kNoMemoryFormat)) != NULL);
    TRY((above = at_gather(sorted, -1, above_i, false)) != NULL);
    TRY(done_in_place(at_lerp__Tensor(below, above, weights)) == 0);
  }
  goto done;
fail:
  Tensor_release(below);
  below = NULL;
done:
  Tensor_release(below_i);
  Tensor_release(weights);
  Tensor_release(above_i);
  Tensor_release(above);
  return below;
}

/* The quantiles of self (checked) at q, in the result's shape.
 * PyTorch 1.13: Sorting.cpp quantile_compute */
static Tensor* quantile_compute(const Tensor* self, const Tensor* q, OptionalInt dim, QuantileMode mode,
                                bool ignore_nan, int64_t wrapped, const int64_t* out_shape, int64_t n) {
  Tensor *sorted = NULL, *viewed = NULL, *ranks = NULL, *values = NULL;
  if (self->device.type == DeviceType_CPU) TRY(check_q_in_range(q) == 0);
  TRY((sorted = sorted_rows(self, dim, wrapped)) != NULL);
  /* the rows' shape (the result's without q's dim), then the row */
  int64_t in_shape[MINATEN_MAX_DIM + 1], m = 0;
  for (int64_t j = q->dim > 0 ? 1 : 0; j < n; j++) in_shape[m++] = out_shape[j];
  in_shape[m++] = sorted->sizes[sorted->dim - 1];
  TRY((viewed = at_view(sorted, IntArrayRef_make(in_shape, (size_t)m))) != NULL);
  TORCH_CHECK(in_shape[m - 1] <= (1 << 24), "quantile() input tensor is too large");
  TRY((ranks = ignore_nan ? nan_ignoring_ranks(viewed, q) : nan_last_ranks(viewed, q)) != NULL);
  TRY((values = interpolate(viewed, ranks, mode)) != NULL);
  if (q->dim == 0) {
    TRY(done_in_place(at_squeeze__dim(values, -1)) == 0);
  } else {
    TRY(done_in_place(at_unsqueeze_(values, 0)) == 0);
    TRY(done_in_place(at_transpose_(values, 0, -1)) == 0);
    TRY(done_in_place(at_squeeze__dim(values, -1)) == 0);
  }
  goto done;
fail:
  Tensor_release(values);
  values = NULL;
done:
  Tensor_release(sorted);
  Tensor_release(viewed);
  Tensor_release(ranks);
  return values;
}

/* quantile or nanquantile of a tensor q, into out when out is not NULL.
 * PyTorch 1.13: Sorting.cpp quantile_impl, quantile_out_impl */
static Tensor* quantile_impl(const Tensor* self, const Tensor* q, OptionalInt dim, bool keepdim,
                             const char* interpolation, bool ignore_nan, Tensor* out) {
  Tensor* result = NULL;
  int mode = interpolation_mode(interpolation);
  TRY(mode >= 0);
  TRY(quantile_checks(self, q) == 0);
  if (out != NULL) {
    TORCH_CHECK(self->dtype == out->dtype, "quantile() out tensor must be same dtype as the input tensor");
    TORCH_CHECK(Device_equal(self->device, out->device),
                "quantile() out tensor must be on the same device as the input tensor");
  }
  int64_t wrapped = maybe_wrap_dim(dim.has_value ? dim.value : 0, self->dim, true);
  TRY(wrapped >= 0);
  int64_t shape[MINATEN_MAX_DIM + 1];
  int64_t n = quantile_output_shape(dim, self, q, keepdim, wrapped, shape);
  if (out != NULL) TRY(resize_output_dispatched(out, IntArrayRef_make(shape, (size_t)n)) >= 0);
  TRY((result = quantile_compute(self, q, dim, (QuantileMode)mode, ignore_nan, wrapped, shape, n)) != NULL);
  if (out == NULL) return result;
  TRY(done_in_place(at_copy_(out, result, false)) == 0);
  Tensor_release(result);
  return Tensor_retain(out);
fail:
  Tensor_release(result);
  return NULL;
}

/* A float q: checked, then as a 0-dim tensor of self's dtype.
 * PyTorch 1.13: Sorting.cpp quantile (double q), nanquantile (double q) and their out= forms */
static Tensor* quantile_scalar_impl(const Tensor* self, double q, OptionalInt dim, bool keepdim,
                                    const char* interpolation, bool ignore_nan, Tensor* out) {
  Tensor *qt = NULL, *r = NULL;
  TORCH_CHECK(q >= 0 && q <= 1, "quantile() q must be in the range [0, 1] but got %g", q);
  TRY((qt = at_scalar_tensor(Scalar_fromDouble(q), (OptionalScalarType){true, self->dtype},
                             (OptionalLayout){true, Layout_Strided}, (OptionalDevice){true, self->device},
                             kNoPinMemory)) != NULL);
  if (ignore_nan)
    r = out ? at_nanquantile_out(self, qt, dim, keepdim, interpolation, out)
            : at_nanquantile(self, qt, dim, keepdim, interpolation);
  else
    r = out ? at_quantile_out(self, qt, dim, keepdim, interpolation, out)
            : at_quantile(self, qt, dim, keepdim, interpolation);
fail:
  Tensor_release(qt);
  return r;
}

/* PyTorch 1.13: Sorting.cpp quantile (Tensor q) */
Tensor* at_native_quantile(const Tensor* self, const Tensor* q, OptionalInt dim, bool keepdim,
                           const char* interpolation) {
  return quantile_impl(self, q, dim, keepdim, interpolation, false, NULL);
}
/* PyTorch 1.13: Sorting.cpp quantile_out (Tensor q) */
Tensor* at_native_quantile_out(const Tensor* self, const Tensor* q, OptionalInt dim, bool keepdim,
                               const char* interpolation, Tensor* out) {
  return quantile_impl(self, q, dim, keepdim, interpolation, false, out);
}
/* PyTorch 1.13: Sorting.cpp quantile (double q) */
Tensor* at_native_quantile_scalar(const Tensor* self, double q, OptionalInt dim, bool keepdim,
                                  const char* interpolation) {
  return quantile_scalar_impl(self, q, dim, keepdim, interpolation, false, NULL);
}
/* PyTorch 1.13: Sorting.cpp quantile_out (double q) */
Tensor* at_native_quantile_scalar_out(const Tensor* self, double q, OptionalInt dim, bool keepdim,
                                      const char* interpolation, Tensor* out) {
  return quantile_scalar_impl(self, q, dim, keepdim, interpolation, false, out);
}
/* PyTorch 1.13: Sorting.cpp nanquantile (Tensor q) */
Tensor* at_native_nanquantile(const Tensor* self, const Tensor* q, OptionalInt dim, bool keepdim,
                              const char* interpolation) {
  return quantile_impl(self, q, dim, keepdim, interpolation, true, NULL);
}
/* PyTorch 1.13: Sorting.cpp nanquantile_out (Tensor q) */
Tensor* at_native_nanquantile_out(const Tensor* self, const Tensor* q, OptionalInt dim, bool keepdim,
                                  const char* interpolation, Tensor* out) {
  return quantile_impl(self, q, dim, keepdim, interpolation, true, out);
}
/* PyTorch 1.13: Sorting.cpp nanquantile (double q) */
Tensor* at_native_nanquantile_scalar(const Tensor* self, double q, OptionalInt dim, bool keepdim,
                                     const char* interpolation) {
  return quantile_scalar_impl(self, q, dim, keepdim, interpolation, true, NULL);
}
/* PyTorch 1.13: Sorting.cpp nanquantile_out (double q) */
Tensor* at_native_nanquantile_scalar_out(const Tensor* self, double q, OptionalInt dim, bool keepdim,
                                         const char* interpolation, Tensor* out) {
  return quantile_scalar_impl(self, q, dim, keepdim, interpolation, true, out);
}
