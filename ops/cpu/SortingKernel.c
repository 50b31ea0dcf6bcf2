/*
 * SortingKernel.c - sort and topk along one dim, row by row: each row's
 * values and their indices along dim as (key, index) items, put in order
 * by libstdc++'s own algorithms (StlAlgorithms.h, once per comparator), so
 * that equal values come out in 1.13's order.  Compiled once per CPU
 * capability and registered into sort_stub and topk_stub (Note [CPU
 * capability dispatch] in ops/DispatchStub.h).
 *
 * The comparators order NaN above every number (numpy's order): in
 * ascending order `x < y`, or x a number and y a NaN; descending, `x > y`,
 * or x a NaN and y a number.  Two NaNs are equal.  Each comes twice: with
 * && and || (the NaN test only when the comparison fails: fastest where
 * the comparison's branch predicts well, as in a partition) and with & and
 * | (no branch at all: the merge of a stable sort, whose choices are
 * random).
 *
 * PyTorch 1.13: aten/src/ATen/native/cpu/SortingKernel.cpp (sort_kernel,
 * topk_kernel, KeyValueCompAsc, KeyValueCompDesc, _dim_apply),
 * native/TopKImpl.h (topk_impl_loop)
 */
#include <math.h>
#include <stdbool.h>
#include <stdlib.h>

#include "ops/TensorIterator.h"
#include "ops/cpu/SortingKernel.h"
#include "runtime/Exception.h"

#define STL_SUFFIX float_asc /* KeyValueCompAsc on a floating dtype */
#define STL_LESS(x, y) ((x)->key.f < (y)->key.f || (!isnan((x)->key.f) && isnan((y)->key.f)))
#define STL_LESS_BRANCH_FREE(x, y) (((x)->key.f < (y)->key.f) | (!isnan((x)->key.f) & !!isnan((y)->key.f)))
#include "ops/cpu/StlAlgorithms.h"
#undef STL_SUFFIX
#undef STL_LESS
#undef STL_LESS_BRANCH_FREE
#define STL_SUFFIX float_desc /* KeyValueCompDesc on a floating dtype */
#define STL_LESS(x, y) ((x)->key.f > (y)->key.f || (isnan((x)->key.f) && !isnan((y)->key.f)))
#define STL_LESS_BRANCH_FREE(x, y) (((x)->key.f > (y)->key.f) | (!!isnan((x)->key.f) & !isnan((y)->key.f)))
#include "ops/cpu/StlAlgorithms.h"
#undef STL_SUFFIX
#undef STL_LESS
#undef STL_LESS_BRANCH_FREE
#define STL_SUFFIX int_asc
#define STL_LESS(x, y) ((x)->key.i < (y)->key.i)
#define STL_LESS_BRANCH_FREE STL_LESS
#include "ops/cpu/StlAlgorithms.h"
#undef STL_SUFFIX
#undef STL_LESS
#undef STL_LESS_BRANCH_FREE
#define STL_SUFFIX int_desc
#define STL_LESS(x, y) ((x)->key.i > (y)->key.i)
#define STL_LESS_BRANCH_FREE STL_LESS
#include "ops/cpu/StlAlgorithms.h"
#undef STL_SUFFIX
#undef STL_LESS
#undef STL_LESS_BRANCH_FREE

/* The four orders, each with its algorithms. */
typedef struct SortOrder {
  void (*sort)(SortItem* first, SortItem* last);
  void (*stable_sort)(SortItem* first, SortItem* last, SortItem* buf);
  void (*partial_sort)(SortItem* first, SortItem* middle, SortItem* last);
  void (*nth_element)(SortItem* first, SortItem* nth, SortItem* last);
} SortOrder;

#define SORT_ORDER(suffix) \
  {stl_sort_##suffix, stl_stable_sort_##suffix, stl_partial_sort_##suffix, stl_nth_element_##suffix}
static const SortOrder kFloatAsc = SORT_ORDER(float_asc), kFloatDesc = SORT_ORDER(float_desc);
static const SortOrder kIntAsc = SORT_ORDER(int_asc), kIntDesc = SORT_ORDER(int_desc);

static const SortOrder* sort_order(ScalarType t, bool descending) {
  if (ScalarType_isFloating(t)) return descending ? &kFloatDesc : &kFloatAsc;
  return descending ? &kIntDesc : &kIntAsc;
}

/* The loop of load_row and store_row for one C type: KEY is the item's
 * key field (f or i). */
#define LOAD_ROW(ctype, KEY) \
  for (int64_t j = 0; j < n; j++) items[j].key.KEY = *(const ctype*)(p + j * stride), items[j].index = j
#define STORE_ROW(ctype, KEY)                                           \
  for (int64_t j = 0; j < n; j++) {                                     \
    *(ctype*)(values + j * vstride) = (ctype)items[j].key.KEY;          \
    *(int64_t*)(indices + j * istride) = items[j].index;                \
  }

/* Half and BFloat16 keys are their values widened to float (exact). */
#define LOAD_REDUCED_ROW(type)                                                                 \
  for (int64_t j = 0; j < n; j++)                                                              \
  items[j].key.f = type##_toFloat(*(const type*)(p + j * stride)), items[j].index = j
#define STORE_REDUCED_ROW(type)                                                                \
  for (int64_t j = 0; j < n; j++) {                                                            \
    *(type*)(values + j * vstride) = type##_fromFloat((float)items[j].key.f);                  \
    *(int64_t*)(indices + j * istride) = items[j].index;                                       \
  }

/* A row of n elements at p, stride apart (bytes), as items: one loop per
 * dtype (the dtype is not looked at per element). */
static void load_row(SortItem* items, ScalarType t, const char* p, int64_t n, int64_t stride) {
  switch (t) {
    case ScalarType_Float: LOAD_ROW(float, f); break;
    case ScalarType_Double: LOAD_ROW(double, f); break;
    case ScalarType_Half: LOAD_REDUCED_ROW(Half); break;
    case ScalarType_BFloat16: LOAD_REDUCED_ROW(BFloat16); break;
    case ScalarType_Long: LOAD_ROW(int64_t, i); break;
    case ScalarType_Int: LOAD_ROW(int32_t, i); break;
    case ScalarType_Short: LOAD_ROW(int16_t, i); break;
    case ScalarType_Char: LOAD_ROW(int8_t, i); break;
    default: LOAD_ROW(uint8_t, i); break; /* Byte, Bool */
  }
}

/* The first n items into a values row and an indices row. */
static void store_row(const SortItem* items, ScalarType t, char* values, int64_t vstride, char* indices,
                      int64_t istride, int64_t n) {
  switch (t) {
    case ScalarType_Float: STORE_ROW(float, f); break;
    case ScalarType_Double: STORE_ROW(double, f); break;
    case ScalarType_Half: STORE_REDUCED_ROW(Half); break;
    case ScalarType_BFloat16: STORE_REDUCED_ROW(BFloat16); break;
    case ScalarType_Long: STORE_ROW(int64_t, i); break;
    case ScalarType_Int: STORE_ROW(int32_t, i); break;
    case ScalarType_Short: STORE_ROW(int16_t, i); break;
    case ScalarType_Char: STORE_ROW(int8_t, i); break;
    default: STORE_ROW(uint8_t, i); break; /* Byte, Bool: a sorted bool is 0 or 1 as it was */
  }
}

/* The strides (bytes) of t over shape: t's own, dim's squashed (any). */
static void byte_strides(const Tensor* t, int64_t* out) {
  for (int64_t d = 0; d < t->dim; d++) out[d] = t->strides[d] * (int64_t)Tensor_itemsize(t);
}

/* What a row loop needs: the rows' length and strides along dim, the
 * order, and the items (and a merge buffer) of one row. */
typedef struct RowLoop {
  ScalarType dtype;
  int64_t len, k;         /* the row's length; topk's k */
  int64_t stride[3];      /* along dim (bytes): values, indices, self */
  bool stable, sorted;    /* sort's stable; topk's sorted */
  const SortOrder* order; /* topk: largest is the descending order */
  SortItem *items, *buf;
} RowLoop;

/* One row of sort: the values row (data[0]) sorted, indices (data[1]) set.
 * PyTorch 1.13: SortingKernel.cpp sort_kernel_impl */
static void sort_row(const RowLoop* L, char* values, char* indices) {
  load_row(L->items, L->dtype, values, L->len, L->stride[0]);
  if (L->stable) L->order->stable_sort(L->items, L->items + L->len, L->buf);
  else L->order->sort(L->items, L->items + L->len);
  store_row(L->items, L->dtype, values, L->stride[0], indices, L->stride[1], L->len);
}

/* One row of topk: self's row (data[2]) into k values and indices.
 * PyTorch 1.13: TopKImpl.h topk_impl_loop (its per-row body) */
static void topk_row(const RowLoop* L, char* values, char* indices, const char* self) {
  int64_t n = L->len, k = L->k;
  SortItem* q = L->items;
  load_row(q, L->dtype, self, n, L->stride[2]);
  if (k * 64 <= n) { /* use_partial_sort */
    L->order->partial_sort(q, q + k, q + n);
  } else {
    L->order->nth_element(q, q + k - 1, q + n);
    if (L->sorted) L->order->sort(q, q + k - 1); /* the k-th is in place already */
  }
  store_row(q, L->dtype, values, L->stride[0], indices, L->stride[1], k);
}

/* data = {values, indices[, self]} at each row's first element. */
static void sort_loop2d(void* ctx, char** data, const int64_t* strides, int64_t size0, int64_t size1) {
  const RowLoop* L = ctx;
  for (int64_t j = 0; j < size1; j++)
    for (int64_t i = 0; i < size0; i++)
      sort_row(L, data[0] + j * strides[2] + i * strides[0], data[1] + j * strides[3] + i * strides[1]);
}
static void topk_loop2d(void* ctx, char** data, const int64_t* strides, int64_t size0, int64_t size1) {
  const RowLoop* L = ctx;
  for (int64_t j = 0; j < size1; j++)
    for (int64_t i = 0; i < size0; i++)
      topk_row(L, data[0] + j * strides[3] + i * strides[0], data[1] + j * strides[4] + i * strides[1],
               data[2] + j * strides[5] + i * strides[2]);
}

/* The rows of the operands (values, indices[, self]) along dim, walked by
 * a TensorIterator over shape with dim squashed to size 1.
 * NB(minaten): on one thread (1.13 splits the rows over its threads,
 * which changes no result).
 * PyTorch 1.13: SortingKernel.cpp _dim_apply (declare_static_shape's squash_dims) */
static int walk_rows(RowLoop* L, Tensor* const* ops, int nops, int64_t dim, loop2d_t loop) {
  const Tensor* shape_of = ops[nops - 1];
  int64_t shape[MINATEN_MAX_DIM], strides[3][MINATEN_MAX_DIM];
  char* data[3];
  const int64_t* stride_ptrs[3];
  for (int a = 0; a < nops; a++) {
    byte_strides(ops[a], strides[a]);
    data[a] = Tensor_data(ops[a]);
    stride_ptrs[a] = strides[a];
    L->stride[a] = strides[a][dim];
  }
  for (int64_t d = 0; d < shape_of->dim; d++) shape[d] = d == dim ? 1 : shape_of->sizes[d];
  /* the row's items, and for a stable sort the merge's buffer after them */
  L->items = malloc(sizeof(SortItem) * (size_t)(L->len ? (L->stable ? 2 : 1) * L->len : 1));
  TORCH_CHECK(L->items != NULL, "minaten: out of memory");
  L->buf = L->stable ? L->items + L->len : NULL;
  TensorIteratorBase iter;
  TensorIterator_initStrided(&iter, data, stride_ptrs, nops, shape, shape_of->dim);
  TensorIterator_serial_for_each(&iter, loop, L, 0, iter.numel);
  free(L->items);
  return 0;
fail:
  return -1;
}

/* PyTorch 1.13: native/cpu/SortingKernel.cpp sort_kernel */
static int sort_kernel(Tensor* values, Tensor* indices, int64_t dim, bool descending, bool stable) {
  RowLoop L = {.dtype = values->dtype, .len = values->sizes[dim], .stable = stable,
               .order = sort_order(values->dtype, descending)};
  Tensor* ops[2] = {values, indices};
  return walk_rows(&L, ops, 2, dim, sort_loop2d);
}

/* PyTorch 1.13: native/cpu/SortingKernel.cpp topk_kernel */
static int topk_kernel(Tensor* values, Tensor* indices, const Tensor* self, int64_t k, int64_t dim, bool largest,
                       bool sorted) {
  RowLoop L = {.dtype = self->dtype, .len = self->sizes[dim], .k = k, .sorted = sorted,
               .order = sort_order(self->dtype, largest)};
  Tensor* ops[3] = {values, indices, (Tensor*)self};
  return walk_rows(&L, ops, 3, dim, topk_loop2d);
}

REGISTER_DISPATCH(sort_fn, sort_stub, sort_kernel);
REGISTER_DISPATCH(topk_fn, topk_stub, topk_kernel);
