/*
 * UniqueDim.c - unique_consecutive (each run of equal elements kept once),
 * unique_dim and unique_dim_consecutive (the same over the slices along a
 * dim, compared whole).
 *
 * Note [unique over a dim]
 * 1.13 moves dim to the front with transpose(dim, 0), makes that contiguous
 * and views it as rows [size(dim), -1]; unique_dim sorts the row numbers
 * with std::sort and a lexicographic comparator (x < y, then x > y, per
 * element: a NaN compares neither, so the next element decides), then
 * walks the rows in that order keeping a row that is not at::equal to the
 * last kept one (NaN never equal).  The inverse (row -> position) and the
 * counts are always filled, whatever the flags say.  The output is the kept
 * rows stacked, viewed back and transposed(0, dim): a non-contiguous result
 * for dim > 0, as 1.13's.  A selected dim of size 0 returns
 * empty(self.sizes()) when it is the only zero-sized dim; other zero-sized
 * dims are refused.
 *
 * unique_consecutive without dim (or with dim 0 on a 1-d tensor) works on
 * the flattened elements: `value != last` starts a run (so every NaN is its
 * own run), the inverse has self's shape when asked for, the counts are
 * there when asked for (with elements).
 *
 * PyTorch 1.13: aten/src/ATen/native/Unique.cpp (unique_consecutive_cpu_template,
 * _unique_dim_cpu_impl, _unique_dim_cpu_template, unique_dim_cpu,
 * unique_dim_consecutive_cpu, unique_consecutive_cpu)
 */
#include <stdlib.h>
#include <string.h>

#include "Functions.h"
#include "NativeFunctions.h"
#include "ops/EmptyTensor.h"
#include "runtime/Exception.h"
#include "runtime/TypeCast.h"

/* The rows being sorted: n rows of `width` elements of dtype at data. */
typedef struct RowSet {
  const char* data;
  ScalarType dtype;
  int64_t width;
  size_t item;
} RowSet;

static _Thread_local const RowSet* g_rows; /* the rows std::sort's comparator reads */

/* 1.13's comparator: the first element where one row is < or > the other. */
static bool rows_less(int64_t a, int64_t b) {
  const RowSet* r = g_rows;
  for (int64_t i = 0; i < r->width; i++) {
    double x = load_double(r->dtype, r->data + (size_t)(a * r->width + i) * r->item);
    double y = load_double(r->dtype, r->data + (size_t)(b * r->width + i) * r->item);
    if (x < y) return true;
    if (x > y) return false;
  }
  return false;
}

/* at::equal of two rows (NaN equals nothing). */
static bool rows_equal(const RowSet* r, int64_t a, int64_t b) {
  for (int64_t i = 0; i < r->width; i++) {
    if (load_double(r->dtype, r->data + (size_t)(a * r->width + i) * r->item) !=
        load_double(r->dtype, r->data + (size_t)(b * r->width + i) * r->item))
      return false;
  }
  return true;
}

#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-function" /* the header's other algorithms */
#define STL_SUFFIX unique_rows /* std::sort with the row comparator */
#define STL_LESS(x, y) rows_less((x)->index, (y)->index)
#define STL_LESS_BRANCH_FREE(x, y) rows_less((x)->index, (y)->index)
#include "ops/cpu/StlAlgorithms.h"
#undef STL_SUFFIX
#undef STL_LESS
#undef STL_LESS_BRANCH_FREE
#pragma GCC diagnostic pop

static bool unique_dtype_ok(ScalarType t) { return !ScalarType_isComplex(t) && t != ScalarType_Half; }

/* The kept rows (in order[0..n) order, kept[] marking them) stacked into
 * a tensor of orig's shape with size(0) = m, transposed back to dim. */
static Tensor* stack_rows(const RowSet* r, const Tensor* flat_src, const int64_t* keep, int64_t m, int64_t dim) {
  int64_t sizes[64];
  for (int64_t d = 0; d < flat_src->dim; d++) sizes[d] = flat_src->sizes[d];
  sizes[0] = m;
  Tensor* out = empty_cpu(IntArrayRef_make(sizes, (size_t)flat_src->dim), r->dtype);
  if (out == NULL) return NULL;
  size_t row = (size_t)r->width * r->item;
  for (int64_t k = 0; k < m; k++) memcpy(Tensor_data(out) + (size_t)k * row, r->data + (size_t)keep[k] * row, row);
  Tensor* t = at_transpose_int(out, 0, dim);
  Tensor_release(out);
  return t;
}

/* The walk of _unique_dim_cpu_impl over the rows in `order`: keep[] gets
 * the kept rows, inverse[row] its position, counts[position] its count;
 * returns how many were kept. */
static int64_t unique_rows_walk(const RowSet* r, const int64_t* order, int64_t n, int64_t* keep, int64_t* inverse,
                                int64_t* counts) {
  int64_t m = 0;
  for (int64_t k = 0; k < n; k++) {
    if (k == 0 || !rows_equal(r, order[k], keep[m - 1])) {
      keep[m] = order[k];
      counts[m++] = 0;
    }
    inverse[order[k]] = m - 1;
    counts[m - 1]++;
  }
  return m;
}

/* The empty results of a zero-sized selected dim, or the refusal of other
 * zero-sized dims; 1 when self has no zero-sized dim (go on), 0 done, -1. */
static int unique_dim_empty(const Tensor* self, int64_t dim, TensorTuple3* r) {
  int64_t zero_dims = 0, zero = 0;
  for (int64_t d = 0; d < self->dim; d++) zero_dims += self->sizes[d] == 0;
  if (self->sizes[dim] == 0) {
    TORCH_CHECK(zero_dims == 1, "Number of zero sized dimensions is more than one, so unique cannot be applied ");
    r->items[0] = empty_cpu(Tensor_sizes(self), self->dtype);
    r->items[1] = empty_cpu(IntArrayRef_make(&zero, 1), ScalarType_Long);
    r->items[2] = empty_cpu(IntArrayRef_make(&zero, 1), ScalarType_Long);
    return 0;
  }
  TORCH_CHECK(zero_dims == 0, "There are 0 sized dimensions, and they aren't selected, so unique cannot be applied");
  return 1;
fail:
  return -1;
}

/* PyTorch 1.13: Unique.cpp _unique_dim_cpu_template (Note [unique over a dim]) */
static TensorTuple3 unique_dim_template(const Tensor* self, int64_t dim, bool consecutive) {
  TensorTuple3 r = {{NULL, NULL, NULL}};
  Tensor *moved = NULL, *flat = NULL;
  SortItem* items = NULL;
  int64_t *order = NULL, *keep = NULL;
  TORCH_CHECK(unique_dtype_ok(self->dtype), "\"unique_dim\" not implemented for '%s'", ScalarType_name(self->dtype));
  dim = maybe_wrap_dim(dim, self->dim, false);
  TRY(dim >= 0);
  int go = unique_dim_empty(self, dim, &r);
  TRY(go >= 0);
  if (go == 0) return r;
  TRY((moved = at_transpose_int(self, dim, 0)) != NULL);
  TRY((flat = at_contiguous(moved, MemoryFormat_Contiguous)) != NULL);
  int64_t n = flat->sizes[0];
  RowSet rows = {Tensor_data(flat), flat->dtype, flat->numel / n, Tensor_itemsize(flat)};
  items = malloc((size_t)n * sizeof *items);
  order = malloc((size_t)n * sizeof *order);
  keep = malloc((size_t)n * sizeof *keep);
  TORCH_CHECK(items != NULL && order != NULL && keep != NULL, "minaten: out of memory in unique_dim");
  for (int64_t i = 0; i < n; i++) items[i].index = i;
  if (!consecutive) {
    const RowSet* saved = g_rows;
    g_rows = &rows;
    stl_sort_unique_rows(items, items + n);
    g_rows = saved;
  }
  for (int64_t i = 0; i < n; i++) order[i] = items[i].index;
  TRY((r.items[1] = empty_cpu(IntArrayRef_make(&n, 1), ScalarType_Long)) != NULL);
  TRY((r.items[2] = empty_cpu(IntArrayRef_make(&n, 1), ScalarType_Long)) != NULL);
  int64_t m = unique_rows_walk(&rows, order, n, keep, (int64_t*)Tensor_data(r.items[1]),
                               (int64_t*)Tensor_data(r.items[2]));
  /* counts = at::narrow(counts, 0, 0, m) */
  Tensor* narrowed = at_narrow(r.items[2], 0, 0, m);
  TRY(narrowed != NULL);
  Tensor_release(r.items[2]);
  r.items[2] = narrowed;
  TRY((r.items[0] = stack_rows(&rows, flat, keep, m, dim)) != NULL);
  goto done;
fail:
  for (int k = 0; k < 3; k++) Tensor_release(r.items[k]);
  r = (TensorTuple3){{NULL, NULL, NULL}};
done:
  free(items);
  free(order);
  free(keep);
  Tensor_release(moved);
  Tensor_release(flat);
  return r;
}

/* PyTorch 1.13: Unique.cpp unique_dim_cpu (it always sorts) */
TensorTuple3 at_native_unique_dim_cpu(const Tensor* self, int64_t dim, bool sorted, bool return_inverse,
                                      bool return_counts) {
  (void)sorted, (void)return_inverse, (void)return_counts;
  return unique_dim_template(self, dim, false);
}

/* PyTorch 1.13: Unique.cpp unique_dim_consecutive_cpu */
TensorTuple3 at_native_unique_dim_consecutive_cpu(const Tensor* self, int64_t dim, bool return_inverse,
                                                  bool return_counts) {
  (void)return_inverse, (void)return_counts;
  return unique_dim_template(self, dim, true);
}

/* PyTorch 1.13: Unique.cpp unique_consecutive_cpu_template */
static TensorTuple3 unique_consecutive_template(const Tensor* self, bool return_inverse, bool return_counts) {
  TensorTuple3 r = {{NULL, NULL, NULL}};
  Tensor* input = NULL;
  int64_t* runs = NULL; /* where each run starts */
  int64_t zero = 0;
  ScalarType t = self->dtype;
  TORCH_CHECK(unique_dtype_ok(t), "\"unique\" not implemented for '%s'", ScalarType_name(t));
  TRY((input = at_contiguous(self, MemoryFormat_Contiguous)) != NULL);
  int64_t n = input->numel;
  size_t item = Tensor_itemsize(input);
  runs = malloc(((size_t)n + 1) * sizeof *runs);
  TORCH_CHECK(runs != NULL, "minaten: out of memory in unique_consecutive");
  TRY((r.items[1] = empty_cpu(return_inverse ? Tensor_sizes(self) : IntArrayRef_make(&zero, 1), ScalarType_Long)) !=
      NULL);
  int64_t m = 0;
  double last = 0;
  for (int64_t i = 0; i < n; i++) {
    double v = load_double(t, Tensor_data(input) + (size_t)i * item);
    if (i == 0 || v != last) {
      runs[m++] = i;
      last = v;
    }
    if (return_inverse) ((int64_t*)Tensor_data(r.items[1]))[i] = m - 1;
  }
  runs[m] = n;
  TRY((r.items[0] = empty_cpu(IntArrayRef_make(&m, 1), t)) != NULL);
  for (int64_t k = 0; k < m; k++)
    memcpy(Tensor_data(r.items[0]) + (size_t)k * item, Tensor_data(input) + (size_t)runs[k] * item, item);
  int64_t nc = return_counts && n > 0 ? m : 0;
  TRY((r.items[2] = empty_cpu(IntArrayRef_make(&nc, 1), ScalarType_Long)) != NULL);
  for (int64_t k = 0; k < nc; k++) ((int64_t*)Tensor_data(r.items[2]))[k] = runs[k + 1] - runs[k];
  goto done;
fail:
  for (int k = 0; k < 3; k++) Tensor_release(r.items[k]);
  r = (TensorTuple3){{NULL, NULL, NULL}};
done:
  free(runs);
  Tensor_release(input);
  return r;
}

/* PyTorch 1.13: Unique.cpp unique_consecutive_cpu */
TensorTuple3 at_native_unique_consecutive_cpu(const Tensor* self, bool return_inverse, bool return_counts,
                                              OptionalInt dim) {
  if (!dim.has_value || (dim.value == 0 && self->dim == 1))
    return unique_consecutive_template(self, return_inverse, return_counts);
  return at_native_unique_dim_consecutive_cpu(self, dim.value, return_inverse, return_counts);
}
