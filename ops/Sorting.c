/*
 * Sorting.c - median: of every element, and along one dim with the index
 * of the value chosen; sort, argsort, msort and topk along one dim (their
 * checks and outputs here, the rows' loops in ops/cpu/SortingKernel.c).
 *
 * The median is the lower one, the element at (n - 1) / 2 in sorted
 * order; a row holding a NaN has the NaN as its median (the first NaN's
 * index along dim).  Among equal values the one chosen is the one 1.13's
 * std::nth_element picks with its comparator (value, then index): the
 * element at (n - 1) / 2 when the row is ordered by value and then by
 * index, which minaten finds by sorting exactly that way.  The median of
 * an empty tensor is NaN (in an integer dtype, NaN converted as x86 does);
 * along an empty dim it is refused.
 *
 * nanmedian is median of the non-NaN values: the element at (n - NaNs - 1)
 * / 2 of 1.13's order (NaN above every number; along a dim, equal values
 * by index), NaN when the row is all NaN.  There 1.13's std::nth_element
 * leaves one of the NaNs at that place (C++'s -1 / 2 is 0) and its index
 * is whatever the partition's swaps put there, so minaten partitions with
 * libstdc++'s nth_element written out (ops/cpu/StlAlgorithms.h); of all
 * elements it partitions self's clone in memory order, which picks the
 * sign of a zero median as 1.13 does.  Its checks and messages are
 * median's ("median()", "median_cpu", "median_out").
 *
 * PyTorch 1.13: aten/src/ATen/native/Sorting.cpp (median_cpu, median_impl,
 * median_out_cpu, median_with_indices_impl, at::native::median, and the
 * nanmedian_cpu, nanmedian_out_cpu, at::native::nanmedian twins; the meta
 * and impl functions of sort.stable and topk; sort, msort, argsort,
 * argsort_stable)
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "Functions.h"
#include "NativeFunctions.h"
#include "ops/EmptyTensor.h"
#include "ops/MetaMode.h"
#include "ops/Resize.h"
#include "ops/SortingUtils.h"
#include "ops/Structured.h"
#include "ops/TensorIterator.h"
#include "ops/TensorUtils.h"
#include "ops/cpu/SortingKernel.h"
#include "runtime/Exception.h"
#include "runtime/TypeCast.h"

/* The comparators of 1.13's nanmedian (its std::nth_element calls): along
 * a dim, value then index with NaN above every number; over all elements,
 * value with NaN above every number. */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-function" /* the header's other algorithms */
#define NANMEDIAN_LESS_F(x, y) ((x)->key.f < (y)->key.f || (isnan((y)->key.f) && !isnan((x)->key.f)))
#define STL_SUFFIX nanmedian_dim_float
#define STL_LESS(x, y) \
  (((x)->key.f == (y)->key.f && (x)->index < (y)->index) || NANMEDIAN_LESS_F(x, y))
#define STL_LESS_BRANCH_FREE STL_LESS
#include "ops/cpu/StlAlgorithms.h"
#undef STL_SUFFIX
#undef STL_LESS
#undef STL_LESS_BRANCH_FREE
#define STL_SUFFIX nanmedian_dim_int
#define STL_LESS(x, y) ((x)->key.i < (y)->key.i || ((x)->key.i == (y)->key.i && (x)->index < (y)->index))
#define STL_LESS_BRANCH_FREE STL_LESS
#include "ops/cpu/StlAlgorithms.h"
#undef STL_SUFFIX
#undef STL_LESS
#undef STL_LESS_BRANCH_FREE
#define STL_SUFFIX nanmedian_all_float
#define STL_LESS NANMEDIAN_LESS_F
#define STL_LESS_BRANCH_FREE STL_LESS
#include "ops/cpu/StlAlgorithms.h"
#undef STL_SUFFIX
#undef STL_LESS
#undef STL_LESS_BRANCH_FREE
#define STL_SUFFIX nanmedian_all_int
#define STL_LESS(x, y) ((x)->key.i < (y)->key.i)
#define STL_LESS_BRANCH_FREE STL_LESS
#include "ops/cpu/StlAlgorithms.h"
#undef STL_SUFFIX
#undef STL_LESS
#undef STL_LESS_BRANCH_FREE
#pragma GCC diagnostic pop

typedef struct MedianItem {
  double d;    /* the value, floating dtypes */
  int64_t i;   /* the value, integer dtypes */
  int64_t pos; /* its index along the row */
} MedianItem;

static int by_value_then_index_floating(const void* a, const void* b) {
  const MedianItem *x = a, *y = b;
  if (x->d != y->d) return x->d < y->d ? -1 : 1;
  return x->pos < y->pos ? -1 : x->pos > y->pos;
}
static int by_value_then_index_integer(const void* a, const void* b) {
  const MedianItem *x = a, *y = b;
  if (x->i != y->i) return x->i < y->i ? -1 : 1;
  return x->pos < y->pos ? -1 : x->pos > y->pos;
}

/* The median of n items read from p with stride (in elements): the item
 * chosen (its value stored at out, its position at *index).
 * PyTorch 1.13: Sorting.cpp median_with_indices_impl (the per-row lambda) */
static void median_row(const Tensor* self, const char* p, int64_t n, int64_t stride, MedianItem* buf, char* out,
                       int64_t* index) {
  bool floating = ScalarType_isFloating(self->dtype);
  int64_t item = (int64_t)Tensor_itemsize(self);
  for (int64_t k = 0; k < n; k++) {
    const char* e = p + k * stride * item;
    buf[k].pos = k;
    if (floating) buf[k].d = load_double(self->dtype, e);
    else buf[k].i = load_int(self->dtype, e);
    if (floating && isnan(buf[k].d)) { /* a NaN is the median */
      store_from_double(self->dtype, out, buf[k].d);
      *index = k;
      return;
    }
  }
  qsort(buf, (size_t)n, sizeof *buf, floating ? by_value_then_index_floating : by_value_then_index_integer);
  const MedianItem* m = &buf[(n - 1) / 2];
  if (floating) store_from_double(self->dtype, out, m->d);
  else store_from_int64(self->dtype, out, m->i);
  *index = m->pos;
}

/* The nanmedian of n items read from p with stride (in elements): the
 * non-NaN item at (n - NaNs - 1) / 2 in the order of 1.13's comparator
 * (the first item when all are NaN: C++'s -1 / 2 is 0), where libstdc++'s
 * std::nth_element leaves it (by_index: the comparator along a dim, value
 * then index; otherwise value only, items in self's memory order).
 * PyTorch 1.13: Sorting.cpp median_with_indices_impl, median_impl (ignore_nan) */
static void nanmedian_row(const Tensor* self, const char* p, int64_t n, int64_t stride, SortItem* buf, bool by_index,
                          char* out, int64_t* index) {
  bool floating = ScalarType_isFloating(self->dtype);
  int64_t item = (int64_t)Tensor_itemsize(self), num_nan = 0;
  for (int64_t k = 0; k < n; k++) {
    const char* e = p + k * stride * item;
    buf[k].index = k;
    if (floating) buf[k].key.f = load_double(self->dtype, e);
    else buf[k].key.i = load_int(self->dtype, e);
    num_nan += floating && isnan(buf[k].key.f);
  }
  SortItem* nth = buf + (n - num_nan - 1) / 2;
  if (floating && by_index) stl_nth_element_nanmedian_dim_float(buf, nth, buf + n);
  else if (by_index) stl_nth_element_nanmedian_dim_int(buf, nth, buf + n);
  else if (floating) stl_nth_element_nanmedian_all_float(buf, nth, buf + n);
  else stl_nth_element_nanmedian_all_int(buf, nth, buf + n);
  if (floating) store_from_double(self->dtype, out, nth->key.f);
  else store_from_int64(self->dtype, out, nth->key.i);
  *index = nth->index;
}

/* What each row's median needs: self, the row's length and stride (in
 * elements) along dim, the buffer (room for len MedianItems, used as
 * SortItems by nanmedian), whether NaNs are ignored (nanmedian). */
typedef struct MedianLoop {
  const Tensor* self;
  int64_t len, stride;
  MedianItem* buf;
  bool ignore_nan;
} MedianLoop;

/* The loop over a tile of rows: data = {values, indices, self} at each
 * row's first element.  PyTorch 1.13: Sorting.cpp median_with_indices_impl (its loop) */
static void median_loop2d(void* ctx, char** data, const int64_t* strides, int64_t size0, int64_t size1) {
  const MedianLoop* L = ctx;
  for (int64_t j = 0; j < size1; j++)
    for (int64_t i = 0; i < size0; i++) {
      int64_t index;
      const char* row = data[2] + j * strides[5] + i * strides[2];
      char* value = data[0] + j * strides[3] + i * strides[0];
      if (L->ignore_nan) nanmedian_row(L->self, row, L->len, L->stride, (SortItem*)L->buf, true, value, &index);
      else median_row(L->self, row, L->len, L->stride, L->buf, value, &index);
      *(int64_t*)(data[1] + j * strides[4] + i * strides[1]) = index;
    }
}

/* 1.13's iterator of median along d: values and indices (unsqueezed at d
 * without keepdim) and self, over self's shape with d squashed to size 1,
 * one element per row.  NB(minaten): walked on one thread, the rows
 * sharing one buffer (1.13 splits them over its threads, which changes no
 * result).
 * PyTorch 1.13: Sorting.cpp median_with_indices_impl (declare_static_shape's squash_dim) */
static void median_kernel(Tensor* values, Tensor* indices, const Tensor* self, int64_t d, bool keepdim,
                          MedianLoop* L) {
  int64_t shape[MINATEN_MAX_DIM], vstrides[MINATEN_MAX_DIM], istrides[MINATEN_MAX_DIM], sstrides[MINATEN_MAX_DIM];
  int64_t vitem = (int64_t)Tensor_itemsize(values), iitem = (int64_t)Tensor_itemsize(indices);
  int64_t sitem = (int64_t)Tensor_itemsize(self);
  for (int64_t k = 0, j = 0; k < self->dim; k++) {
    shape[k] = k == d ? 1 : self->sizes[k];
    sstrides[k] = self->strides[k] * sitem;
    if (k == d && !keepdim) { /* unsqueeze(d)'s stride: size * stride of the dim after, or 1 */
      vstrides[k] = (j < values->dim ? values->sizes[j] * values->strides[j] : 1) * vitem;
      istrides[k] = (j < indices->dim ? indices->sizes[j] * indices->strides[j] : 1) * iitem;
      continue;
    }
    vstrides[k] = values->strides[j] * vitem;
    istrides[k] = indices->strides[j] * iitem;
    j++;
  }
  TensorIteratorBase iter;
  char* data[3] = {Tensor_data(values), Tensor_data(indices), Tensor_data(self)};
  const int64_t* strides[3] = {vstrides, istrides, sstrides};
  TensorIterator_initStrided(&iter, data, strides, 3, shape, self->dim);
  TensorIterator_serial_for_each(&iter, median_loop2d, L, 0, iter.numel);
}

static bool median_dtype_ok(ScalarType t) {
  return t != ScalarType_Bool && t != ScalarType_Half && !ScalarType_isQuantized(t) && !ScalarType_isComplex(t);
}

/* PyTorch 1.13: Sorting.cpp nanmedian_cpu (median_impl, ignore_nan = true):
 * self cloned (its memory order kept), partitioned as 1.13's
 * std::nth_element does. */
Tensor* at_native_nanmedian_cpu(const Tensor* self) {
  Tensor *in = NULL, *out = NULL;
  SortItem* buf = NULL;
  TORCH_CHECK(median_dtype_ok(self->dtype), "\"median_cpu\" not implemented for '%s'", ScalarType_name(self->dtype));
  TRY((out = empty_cpu((IntArrayRef){NULL, 0}, self->dtype)) != NULL);
  if (MetaMode_isEnabled()) return out;
  if (self->numel == 0) { /* 1.13 reads past the end: NaN, as median's */
    store_from_double(out->dtype, Tensor_data(out), NAN);
    return out;
  }
  TRY((in = at_clone(self, kNoMemoryFormat)) != NULL);
  buf = malloc(sizeof *buf * (size_t)self->numel);
  TORCH_CHECK(buf != NULL, "minaten: out of memory");
  int64_t index;
  nanmedian_row(in, Tensor_data(in), in->numel, 1, buf, false, Tensor_data(out), &index);
  free(buf);
  Tensor_release(in);
  return out;
fail:
  free(buf);
  Tensor_release(in);
  Tensor_release(out);
  return NULL;
}

/* PyTorch 1.13: Sorting.cpp median_cpu (median_impl, ignore_nan = false) */
Tensor* at_native_median_cpu(const Tensor* self) {
  Tensor *flat = NULL, *out = NULL;
  MedianItem* buf = NULL;
  TORCH_CHECK(median_dtype_ok(self->dtype), "\"median_cpu\" not implemented for '%s'", ScalarType_name(self->dtype));
  TRY((out = empty_cpu((IntArrayRef){NULL, 0}, self->dtype)) != NULL);
  if (MetaMode_isEnabled()) return out;
  if (self->numel == 0) {
    store_from_double(out->dtype, Tensor_data(out), NAN);
    return out;
  }
  TRY((flat = at_reshape(self, (IntArrayRef){&self->numel, 1})) != NULL);
  buf = malloc(sizeof *buf * (size_t)self->numel);
  TORCH_CHECK(buf != NULL, "minaten: out of memory");
  int64_t index;
  median_row(flat, Tensor_data(flat), flat->numel, flat->strides[0], buf, Tensor_data(out), &index);
  free(buf);
  Tensor_release(flat);
  return out;
fail:
  free(buf);
  Tensor_release(flat);
  Tensor_release(out);
  return NULL;
}

/* median (nanmedian: ignore_nan) along dim into (values, indices),
 * checked in 1.13's order: the dim, an empty dim, indices' dtype, values'
 * dtype; then both resized.
 * PyTorch 1.13: Sorting.cpp median_with_indices_impl */
static TensorTuple2 median_with_indices_impl(const Tensor* self, int64_t dim, bool keepdim, Tensor* values,
                                             Tensor* indices, bool ignore_nan) {
  TensorTuple2 r = {{NULL, NULL}};
  MedianItem* buf = NULL;
  int64_t d = maybe_wrap_dim(dim, self->dim, true);
  TRY(d >= 0);
  if (self->dim == 0)
    TORCH_CHECK_INDEX(dim == 0 || dim == -1, "median(): Expected reduction dim %lld to have non-zero size.",
                      (long long)dim);
  else
    TORCH_CHECK_INDEX(self->sizes[d] != 0, "median(): Expected reduction dim %lld to have non-zero size.",
                      (long long)d);
  TORCH_CHECK(indices->dtype == ScalarType_Long,
              "Expected tensor for argument #1 'indices' to have scalar type Long; but got %s instead (while checking "
              "arguments for median)",
              Tensor_typeString(indices));
  TORCH_CHECK(values->dtype == self->dtype,
              "Expected tensor for 'values' to have the same type as tensor for argument #2 'self'; but type %s does "
              "not equal %s (while checking arguments for median)",
              Tensor_typeString(values), Tensor_typeString(self));
  int64_t shape[MINATEN_MAX_DIM], n = 0;
  for (int64_t k = 0; k < self->dim; k++)
    if (k != d) shape[n++] = self->sizes[k];
    else if (keepdim) shape[n++] = 1;
  IntArrayRef out_shape = IntArrayRef_make(shape, (size_t)n);
  TRY(resize_output(values, out_shape) >= 0);
  TRY(resize_output(indices, out_shape) >= 0);
  TORCH_CHECK(median_dtype_ok(self->dtype), "\"median_out\" not implemented for '%s'", ScalarType_name(self->dtype));
  if (!MetaMode_isEnabled() && values->numel > 0) {
    int64_t len = self->dim ? self->sizes[d] : 1, stride = self->dim ? self->strides[d] : 1;
    buf = malloc(sizeof *buf * (size_t)len);
    TORCH_CHECK(buf != NULL, "minaten: out of memory");
    MedianLoop L = {self, len, stride, buf, ignore_nan};
    median_kernel(values, indices, self, d, keepdim, &L);
    free(buf);
  }
  r.items[0] = Tensor_retain(values);
  r.items[1] = Tensor_retain(indices);
  return r;
fail:
  free(buf);
  return r;
}

/* PyTorch 1.13: Sorting.cpp median_out_cpu */
TensorTuple2 at_native_median_out_cpu(const Tensor* self, int64_t dim, bool keepdim, Tensor* values, Tensor* indices) {
  return median_with_indices_impl(self, dim, keepdim, values, indices, false);
}

/* PyTorch 1.13: Sorting.cpp nanmedian_out_cpu */
TensorTuple2 at_native_nanmedian_out_cpu(const Tensor* self, int64_t dim, bool keepdim, Tensor* values,
                                         Tensor* indices) {
  return median_with_indices_impl(self, dim, keepdim, values, indices, true);
}

/* median.dim's or nanmedian.dim's fresh outs, through the out= form. */
static TensorTuple2 median_dim_fresh(const Tensor* self, int64_t dim, bool keepdim, bool ignore_nan) {
  TensorTuple2 r = {{NULL, NULL}};
  Tensor *values = NULL, *indices = NULL;
  TRY(empty_values_and_indices(self, &values, &indices) == 0);
  r = ignore_nan ? at_nanmedian_dim_values(self, dim, keepdim, values, indices)
                 : at_median_dim_values(self, dim, keepdim, values, indices);
fail:
  Tensor_release(values);
  Tensor_release(indices);
  return r;
}

/* PyTorch 1.13: Sorting.cpp at::native::median (dim): into fresh tensors through median.dim_values */
TensorTuple2 at_native_median_dim(const Tensor* self, int64_t dim, bool keepdim) {
  return median_dim_fresh(self, dim, keepdim, false);
}

/* PyTorch 1.13: Sorting.cpp at::native::nanmedian (dim): into fresh tensors through nanmedian.dim_values */
TensorTuple2 at_native_nanmedian_dim(const Tensor* self, int64_t dim, bool keepdim) {
  return median_dim_fresh(self, dim, keepdim, true);
}

DEFINE_DISPATCH(sort_stub);
DEFINE_DISPATCH(topk_stub);

/* sort.stable's outputs: self's sizes, dense strides (self's when self
 * is dense, 1.13's issue 65863, so as not to allocate too much memory).
 * PyTorch 1.13: Sorting.cpp TORCH_META_FUNC2(sort, stable) */
int at_meta_sort_stable(StructuredOp* op, const Tensor* self, OptionalBool stable, int64_t dim, bool descending) {
  (void)descending;
  TORCH_CHECK(stable.has_value,
              "stable.has_value() INTERNAL ASSERT FAILED at \"./aten/src/ATen/native/Sorting.cpp\":42, please report "
              "a bug to PyTorch. sort(): c10::optional<bool> for stable has to have value.");
  TRY(maybe_wrap_dim(dim, self->dim, true) >= 0);
  int64_t strides[MINATEN_MAX_DIM];
  IntArrayRef sizes = IntArrayRef_make(self->sizes, (size_t)self->dim);
  IntArrayRef self_strides = IntArrayRef_make(self->strides, (size_t)self->dim);
  if (Tensor_isNonOverlappingAndDense(self)) memcpy(strides, self->strides, sizeof(int64_t) * (size_t)self->dim);
  else infer_dense_strides(sizes, self_strides, strides);
  IntArrayRef out_strides = IntArrayRef_make(strides, (size_t)self->dim);
  TRY(StructuredOp_setOutputRawStrided(op, 0, sizes, out_strides, self->dtype) == 0);
  return StructuredOp_setOutputRawStrided(op, 1, sizes, out_strides, ScalarType_Long);
fail:
  return -1;
}

/* values = self, sorted in place along dim (indices alongside).
 * PyTorch 1.13: Sorting.cpp TORCH_IMPL_FUNC(sort_stable_out) */
int at_impl_sort_stable_out(StructuredOp* op, const Tensor* self, OptionalBool stable, int64_t dim, bool descending,
                            Tensor* values, Tensor* indices) {
  (void)op;
  if (MetaMode_isEnabled()) return 0;
  TRY(done_in_place(at_copy_(values, self, false)) == 0);
  if (self->dim == 0 && self->numel == 1) {
    TRY(done_in_place(at_zero_(indices)) == 0);
  } else if (self->dim > 0) {
    TORCH_CHECK(!ScalarType_isComplex(self->dtype), "\"sorting_kernel_method_name\" not implemented for '%s'",
                ScalarType_name(self->dtype));
    sort_fn sort = (sort_fn)DispatchStub_get(&sort_stub);
    TRY(sort(values, indices, maybe_wrap_dim(dim, self->dim, true), descending, stable.value) == 0);
  }
  return 0;
fail:
  return -1;
}

/* PyTorch 1.13: Sorting.cpp sort_out (not stable) */
TensorTuple2 at_native_sort_out(const Tensor* self, int64_t dim, bool descending, Tensor* values, Tensor* indices) {
  return at_sort_values_stable(self, (OptionalBool){true, false}, dim, descending, values, indices);
}

/* PyTorch 1.13: Sorting.cpp sort (not stable) */
TensorTuple2 at_native_sort(const Tensor* self, int64_t dim, bool descending) {
  return at_sort_stable(self, (OptionalBool){true, false}, dim, descending);
}

/* The tuple's one item kept, the other released. */
static Tensor* keep_item(TensorTuple2 t, int i) {
  Tensor_release(t.items[1 - i]);
  return t.items[i];
}

/* PyTorch 1.13: Sorting.cpp msort (values of sort along dim 0) */
Tensor* at_native_msort(const Tensor* self) { return keep_item(at_sort(self, 0, false), 0); }

/* PyTorch 1.13: Sorting.cpp msort_out (indices into a scratch Long tensor) */
Tensor* at_native_msort_out(const Tensor* self, Tensor* out) {
  int64_t zero = 0;
  Tensor* indices = empty_cpu(IntArrayRef_make(&zero, 1), ScalarType_Long);
  if (indices == NULL) return NULL;
  TensorTuple2 r = at_sort_values(self, 0, false, out, indices);
  Tensor_release(indices);
  Tensor_release(r.items[1]);
  return r.items[0];
}

/* PyTorch 1.13: Sorting.cpp argsort (indices of sort) */
Tensor* at_native_argsort(const Tensor* self, int64_t dim, bool descending) {
  return keep_item(at_sort(self, dim, descending), 1);
}

/* PyTorch 1.13: Sorting.cpp argsort_stable */
Tensor* at_native_argsort_stable(const Tensor* self, bool stable, int64_t dim, bool descending) {
  return keep_item(at_sort_stable(self, (OptionalBool){true, stable}, dim, descending), 1);
}

/* k checked against the dim's size, the outputs self's shape with k along
 * dim.  PyTorch 1.13: Sorting.cpp TORCH_META_FUNC(topk) */
int at_meta_topk(StructuredOp* op, const Tensor* self, int64_t k, int64_t dim, bool largest, bool sorted) {
  (void)largest, (void)sorted;
  int64_t d = maybe_wrap_dim(dim, self->dim, true);
  TRY(d >= 0);
  int64_t slice_size = self->dim > 0 ? self->sizes[d] : 1;
  TORCH_CHECK(k >= 0 && k <= slice_size, "selected index k out of range");
  int64_t sizes[MINATEN_MAX_DIM];
  memcpy(sizes, self->sizes, sizeof(int64_t) * (size_t)self->dim);
  if (self->dim > 0) sizes[d] = k;
  IntArrayRef out_sizes = IntArrayRef_make(sizes, (size_t)self->dim);
  TRY(StructuredOp_setOutputRawStrided(op, 0, out_sizes, kNoStrides, self->dtype) == 0);
  return StructuredOp_setOutputRawStrided(op, 1, out_sizes, kNoStrides, ScalarType_Long);
fail:
  return -1;
}

/* The rows' k largest (smallest).
 * PyTorch 1.13: Sorting.cpp TORCH_IMPL_FUNC(topk_out_cpu) */
int at_impl_topk_out_cpu(StructuredOp* op, const Tensor* self, int64_t k, int64_t dim, bool largest, bool sorted,
                         Tensor* values, Tensor* indices) {
  (void)op;
  if (MetaMode_isEnabled()) return 0;
  if (self->dim == 0 && self->numel == 1) {
    TRY(done_in_place(at_copy_(values, self, false)) == 0);
    return done_in_place(at_zero_(indices));
  }
  TORCH_CHECK(self->dtype != ScalarType_Bool && self->dtype != ScalarType_Half && !ScalarType_isQuantized(self->dtype) &&
                  !ScalarType_isComplex(self->dtype),
              "\"topk_cpu\" not implemented for '%s'", ScalarType_name(self->dtype));
  topk_fn topk = (topk_fn)DispatchStub_get(&topk_stub);
  return topk(values, indices, self, k, maybe_wrap_dim(dim, self->dim, true), largest, sorted);
fail:
  return -1;
}
