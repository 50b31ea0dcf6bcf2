/*
 * ReduceOpsUtils.c - the row-gathering reduction loop of ReduceOpsUtils.h.
 *
 * One TensorIterator walk over self, in row-major order of its kept dims,
 * then its reduced ones: each output element's row is collected, converted
 * to double, and handed to the operator's row function.
 *
 * PyTorch 1.13: aten/src/ATen/native/ReduceOpsUtils.h, native/cpu/Reduce.h
 */
#include <stdlib.h>

#include "ops/MetaMode.h"
#include "ops/ReduceOpsUtils.h"
#include "ops/TensorIterator.h"
#include "runtime/Device.h"
#include "runtime/Exception.h"
#include "runtime/TypeCast.h"

/* PyTorch 1.13: ReduceOpsUtils.h make_reduction, WrapDimUtilsMulti.h dim_list_to_bitset */
int ReduceRows_init(ReduceRows* g, const Tensor* self, OptionalIntArrayRef dims, bool keepdim) {
  bool mask[MINATEN_MAX_DIM];
  bool all = !dims.has_value || dims.value.size == 0;
  for (int64_t d = 0; d < self->dim; d++) mask[d] = all;
  if (!all) {
    for (size_t i = 0; i < dims.value.size; i++) {
      int64_t d = maybe_wrap_dim(dims.value.data[i], self->dim, true);
      if (d < 0) return -1;
      if (self->dim == 0) continue;
      TORCH_CHECK(!mask[d], "dim %lld appears multiple times in the list of dims", (long long)d);
      mask[d] = true;
    }
  }
  g->nout = g->nkept = g->nred = 0;
  g->count = 1;
  g->rows = 1;
  for (int64_t d = 0; d < self->dim; d++) {
    if (mask[d]) {
      g->red[g->nred++] = d;
      g->count *= self->sizes[d];
      if (keepdim) g->out_sizes[g->nout++] = 1;
    } else {
      g->kept[g->nkept++] = d;
      g->rows *= self->sizes[d];
      g->out_sizes[g->nout++] = self->sizes[d];
    }
  }
  return 0;
fail:
  return -1;
}

/* ReduceRows_run's state along its walk: the row being gathered, the
 * output element it belongs to. */
typedef struct GatherRows {
  const ReduceRows* g;
  ScalarType in_type;
  ReduceRowFn fn;
  void* ctx;
  double* row;
  int64_t r; /* elements of the row gathered */
  int64_t n; /* its output element */
  Tensor *out0, *out1;
} GatherRows;

/* One row gathered: fn's results stored at output element n. */
static void finish_row(GatherRows* G) {
  double res[2] = {0, 0};
  G->fn(G->row, G->g->count, G->ctx, res);
  store_from_double(G->out0->dtype, Tensor_data(G->out0) + G->n * (int64_t)Tensor_itemsize(G->out0), res[0]);
  if (G->out1)
    store_from_double(G->out1->dtype, Tensor_data(G->out1) + G->n * (int64_t)Tensor_itemsize(G->out1), res[1]);
  G->n++;
}

/* The loop over a tile of self: each element converted into the row,
 * which is handed to fn when complete.
 * PyTorch 1.13: native/cpu/Reduce.h binary_kernel_reduce (its reduction_body) */
static void gather_rows_loop2d(void* ctx, char** data, const int64_t* strides, int64_t size0, int64_t size1) {
  GatherRows* G = ctx;
  for (int64_t j = 0; j < size1; j++) {
    const char* p = data[0] + j * strides[1];
    for (int64_t i = 0; i < size0; i++, p += strides[0]) {
      G->row[G->r++] = load_double(G->in_type, p);
      if (G->r == G->g->count) {
        finish_row(G);
        G->r = 0;
      }
    }
  }
}

/* The walk is TensorIterator's in C order over self's dimensions
 * rearranged as [kept..., reduced...] (initLinear): each output element's
 * row comes whole, in row-major order, the rows in the outputs' order.
 * PyTorch 1.13: native/cpu/Reduce.h binary_kernel_reduce (one row per output element) */
void reduction_rows_iterator(TensorIteratorBase* iter, const Tensor* self, const int64_t* kept, int64_t nkept,
                             const int64_t* red, int64_t nred) {
  int64_t item = (int64_t)Tensor_itemsize(self);
  int64_t shape[MINATEN_MAX_DIM], strides[MINATEN_MAX_DIM], n = 0;
  for (int64_t i = 0; i < nkept; i++, n++) {
    shape[n] = self->sizes[kept[i]];
    strides[n] = self->strides[kept[i]] * item;
  }
  for (int64_t i = 0; i < nred; i++, n++) {
    shape[n] = self->sizes[red[i]];
    strides[n] = self->strides[red[i]] * item;
  }
  char* data[1] = {Tensor_data(self)};
  const int64_t* operand_strides[1] = {strides};
  TensorIterator_initLinear(iter, data, operand_strides, 1, shape, n);
}

int ReduceRows_run(const ReduceRows* g, const Tensor* self, ReduceRowFn fn, void* ctx, Tensor* out0, Tensor* out1) {
  if (MetaMode_isEnabled() || g->rows == 0) return 0;
  double* row = malloc(sizeof(double) * (size_t)(g->count > 0 ? g->count : 1));
  if (row == NULL) {
    Error_set(ErrorType_RuntimeError, "minaten: out of memory");
    return -1;
  }
  GatherRows G = {g, self->dtype, fn, ctx, row, 0, 0, out0, out1};
  if (g->count == 0) { /* empty rows: fn of nothing for each output element */
    while (G.n < g->rows) finish_row(&G);
    free(row);
    return 0;
  }
  TensorIteratorBase iter;
  reduction_rows_iterator(&iter, self, g->kept, g->nkept, g->red, g->nred);
  TensorIterator_serial_for_each(&iter, gather_rows_loop2d, &G, 0, iter.numel);
  free(row);
  return 0;
}

/* PyTorch 1.13: ReduceOpsUtils.h check_scalar_type_device_layout_equal */
int check_scalar_type_device_layout_equal(const Tensor* out, const Tensor* self, ScalarType dtype) {
  char want[32], got[32];
  TORCH_CHECK(out->dtype == dtype, "expected scalar_type %s but found %s", ScalarType_name(dtype),
              ScalarType_name(out->dtype));
  TORCH_CHECK(Device_equal(out->device, self->device),
              "expected device %s but found %s", Device_format(self->device, want, sizeof want),
              Device_format(out->device, got, sizeof got));
  return 0;
fail:
  return -1;
}

void compare_base_for_each(const Tensor* self, int64_t d, bool keepdim, Tensor* out0, Tensor* out1, loop2d_t loop,
                           void* ctx) {
  int64_t shape[MINATEN_MAX_DIM], strides0[MINATEN_MAX_DIM], strides1[MINATEN_MAX_DIM], self_strides[MINATEN_MAX_DIM];
  int64_t item0 = (int64_t)Tensor_itemsize(out0), item1 = (int64_t)Tensor_itemsize(out1);
  for (int64_t k = 0; k < self->dim; k++) {
    int64_t o = keepdim || k < d ? k : k - 1;
    bool squashed = k == d && !keepdim;
    shape[k] = k == d ? 1 : self->sizes[k];
    strides0[k] = squashed ? 0 : out0->strides[o] * item0;
    strides1[k] = squashed ? 0 : out1->strides[o] * item1;
    self_strides[k] = self->strides[k] * (int64_t)Tensor_itemsize(self);
  }
  TensorIteratorBase iter;
  char* data[3] = {Tensor_data(out0), Tensor_data(out1), Tensor_data(self)};
  const int64_t* strides[3] = {strides0, strides1, self_strides};
  TensorIterator_initStrided(&iter, data, strides, 3, shape, self->dim);
  TensorIterator_for_each(&iter, loop, ctx, 1);
}
