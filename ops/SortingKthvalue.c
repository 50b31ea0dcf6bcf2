/*
 * SortingKthvalue.c - kthvalue: the k-th smallest element of each row
 * along one dim, and its index, as the named tuple (values, indices).
 *
 * Note [kthvalue's quickselect]
 * 1.13 copies each row (self cloned contiguous, with an index row 0..n-1)
 * and partitions it with TH's quickselect (Sedgewick's Program 2: a
 * median-of-three pivot, then Hoare's scan from both ends), swapping the
 * value and its index together, until the k-th place holds the k-th
 * value; the index returned is whatever index that place then holds.
 * Among equal values the one picked therefore depends on the swaps, not
 * on a rule such as "the first": minaten makes the same swaps on the same
 * comparisons (quick_select below, step for step).  The comparison is
 * "greater, or NaN" ((isnan(x) && !isnan(y)) || x > y): NaN sorts above
 * every number, so the largest k of a row holding NaN give NaN.
 *
 * Checks, in 1.13's order: the dim (a 0-dim self takes 0 and -1), an
 * empty dim (IndexError "kthvalue(): Expected reduction dim D to have
 * non-zero size."), k in [1, size], values overlapping self, the outs'
 * dtypes; then the outs resized to keepdim's shape (an out with self's
 * dims less one is first unsqueezed at dim, so the resize warning names
 * that shape), and the dtype dispatch (all types and BFloat16: Bool, Half
 * and complex "not implemented").  A 0-dim self is copied, index 0.
 *
 * PyTorch 1.13: aten/src/ATen/native/Sorting.cpp (quick_select_template,
 * kthvalue_out_impl_cpu, kthvalue_out_cpu, kthvalue), ReduceOpsUtils.h
 * (_reduction_with_indices_allocate_or_resize_output)
 */
#include <math.h>
#include <stdlib.h>

#include "Functions.h"
#include "NativeFunctions.h"
#include "ops/MemoryOverlap.h"
#include "ops/MetaMode.h"
#include "ops/Resize.h"
#include "ops/SortingUtils.h"
#include "ops/TensorUtils.h"
#include "runtime/Exception.h"
#include "runtime/TypeCast.h"

/* A row's element: its value (a double for the floating dtypes, an int64
 * for the others, both exact) and its index along the row. */
typedef struct KthItem {
  double f;
  int64_t i;
  int64_t index;
} KthItem;

typedef struct KthRow {
  ScalarType dtype;
  bool floating;
  int64_t k;
  KthItem* items; /* the row's copy */
} KthRow;

/* 1.13's comparator: x greater than y, or x NaN and y not. */
static inline bool gt_or_nan(const KthRow* r, const KthItem* x, const KthItem* y) {
  if (r->floating) return (isnan(x->f) && !isnan(y->f)) || x->f > y->f;
  return x->i > y->i;
}

static inline void swap_items(KthItem* a, int64_t x, int64_t y) {
  KthItem t = a[x];
  a[x] = a[y];
  a[y] = t;
}

/* See Note [kthvalue's quickselect].
 * PyTorch 1.13: Sorting.cpp quick_select_template */
static void quick_select(const KthRow* r, KthItem* arr, int64_t n, int64_t k) {
  int64_t L = 0, R = n - 1;
  for (;;) {
    if (R <= L) return; /* one element only */
    if (R == L + 1) {   /* two elements only */
      if (gt_or_nan(r, &arr[L], &arr[R])) swap_items(arr, L, R);
      return;
    }
    int64_t P = (L + R) >> 1; /* median of three for the pivot */
    swap_items(arr, P, L + 1);
    if (gt_or_nan(r, &arr[L + 1], &arr[R])) swap_items(arr, L + 1, R);
    if (gt_or_nan(r, &arr[L], &arr[R])) swap_items(arr, L, R);
    if (gt_or_nan(r, &arr[L + 1], &arr[L])) swap_items(arr, L + 1, L);
    int64_t i = L + 1, j = R;
    KthItem piv = arr[L];
    for (;;) {
      do i++;
      while (gt_or_nan(r, &piv, &arr[i]));
      do j--;
      while (gt_or_nan(r, &arr[j], &piv));
      if (j < i) break;
      swap_items(arr, i, j);
    }
    swap_items(arr, L, j);
    if (j <= k) L = i; /* re-set the active partition */
    if (j >= k) R = j - 1;
  }
}

/* One row: copied with its indices, partitioned, its k-th place stored.
 * PyTorch 1.13: Sorting.cpp kthvalue_out_impl_cpu (its loop) */
static void kthvalue_row(void* ctx, const char* row, int64_t len, int64_t stride, char* value, int64_t* index) {
  const KthRow* r = ctx;
  for (int64_t j = 0; j < len; j++) {
    const char* e = row + j * stride;
    if (r->floating) r->items[j].f = load_double(r->dtype, e);
    else r->items[j].i = load_int(r->dtype, e);
    r->items[j].index = j;
  }
  quick_select(r, r->items, len, r->k - 1);
  const KthItem* m = &r->items[r->k - 1];
  if (r->floating) store_from_double(r->dtype, value, m->f);
  else store_from_int64(r->dtype, value, m->i);
  *index = m->index;
}

/* An out of the reduction: its dtype checked, unsqueezed at d when it has
 * self's dims less one and keepdim is false, resized to shape.
 * PyTorch 1.13: ReduceOpsUtils.h _reduction_with_indices_allocate_or_resize_output (one output) */
static int allocate_or_resize(Tensor* out, const Tensor* self, int64_t d, bool keepdim, IntArrayRef shape) {
  if (!keepdim && out->dim == self->dim - 1) TRY(done_in_place(at_unsqueeze_(out, d)) == 0);
  TRY(resize_output(out, shape) >= 0);
  return 0;
fail:
  return -1;
}

/* PyTorch 1.13: Sorting.cpp kthvalue_out_impl_cpu (its checks, in order) */
static int kthvalue_checks(const Tensor* self, int64_t k, int64_t d, const Tensor* values) {
  TRY(zero_numel_check_dims(self, d, "kthvalue()") == 0);
  TORCH_CHECK(k >= 1 && k <= (self->dim > 0 ? self->sizes[d] : 1),
              "kthvalue(): selected number k out of range for dimension %lld", (long long)d);
  TRY(assert_no_overlap(self, values) == 0);
  return 0;
fail:
  return -1;
}

/* The rows' k-th values into values and indices (keepdim's shape).
 * PyTorch 1.13: Sorting.cpp kthvalue_out_impl_cpu (AT_DISPATCH_ALL_TYPES_AND(BFloat16, "kthvalue_cpu")) */
static int kthvalue_kernel(const Tensor* self, int64_t k, int64_t d, Tensor* values, Tensor* indices) {
  ScalarType t = self->dtype;
  TORCH_CHECK(t != ScalarType_Bool && t != ScalarType_Half && !ScalarType_isComplex(t) && !ScalarType_isQuantized(t),
              "\"kthvalue_cpu\" not implemented for '%s'", ScalarType_name(t));
  if (MetaMode_isEnabled() || values->numel == 0) return 0;
  KthRow r = {t, ScalarType_isFloating(t), k, malloc(sizeof(KthItem) * (size_t)self->sizes[d])};
  TORCH_CHECK(r.items != NULL, "minaten: out of memory");
  dim_apply_rows(self, d, values, indices, kthvalue_row, &r);
  free(r.items);
  return 0;
fail:
  return -1;
}

/* PyTorch 1.13: Sorting.cpp kthvalue_out_cpu (kthvalue_out_impl_cpu) */
TensorTuple2 at_native_kthvalue_out_cpu(const Tensor* self, int64_t k, int64_t dim, bool keepdim, Tensor* values,
                                        Tensor* indices) {
  TensorTuple2 r = {{NULL, NULL}};
  int64_t d = maybe_wrap_dim(dim, self->dim, true);
  TRY(d >= 0);
  TRY(kthvalue_checks(self, k, d, values) == 0);
  int64_t shape[MINATEN_MAX_DIM];
  for (int64_t j = 0; j < self->dim; j++) shape[j] = j == d ? 1 : self->sizes[j];
  IntArrayRef out_shape = IntArrayRef_make(shape, (size_t)self->dim);
  TORCH_CHECK(values->dtype == self->dtype, "output values must be of same type as input");
  TRY(allocate_or_resize(values, self, d, keepdim, out_shape) == 0);
  TORCH_CHECK(indices->dtype == ScalarType_Long, "output indices must be of scalar type Long");
  TRY(allocate_or_resize(indices, self, d, keepdim, out_shape) == 0);
  if (self->dim == 0 && self->numel == 1) {
    TRY(done_in_place(at_copy_(values, self, false)) == 0);
    TRY(done_in_place(at_zero_(indices)) == 0);
  } else {
    TRY(kthvalue_kernel(self, k, d, values, indices) == 0);
    if (!keepdim) {
      TRY(done_in_place(at_squeeze__dim(values, d)) == 0);
      TRY(done_in_place(at_squeeze__dim(indices, d)) == 0);
    }
  }
  r.items[0] = Tensor_retain(values);
  r.items[1] = Tensor_retain(indices);
fail:
  return r;
}

/* PyTorch 1.13: Sorting.cpp kthvalue (into empty tensors through kthvalue.values) */
TensorTuple2 at_native_kthvalue(const Tensor* self, int64_t k, int64_t dim, bool keepdim) {
  TensorTuple2 r = {{NULL, NULL}};
  Tensor *values = NULL, *indices = NULL;
  TRY(empty_values_and_indices(self, &values, &indices) == 0);
  r = at_kthvalue_values(self, k, dim, keepdim, values, indices);
fail:
  Tensor_release(values);
  Tensor_release(indices);
  return r;
}
