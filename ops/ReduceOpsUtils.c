/*
 * ReduceOpsUtils.c - the row-gathering reduction loop of ReduceOpsUtils.h.
 *
 * Each output element's row is collected from self's strides with an
 * odometer over the reduced dims, converted to double, and handed to the
 * operator's row function; the kept dims advance as a second odometer.
 *
 * PyTorch 1.13: aten/src/ATen/native/ReduceOpsUtils.h, native/cpu/Reduce.h
 */
#include <stdlib.h>

#include "ops/MetaMode.h"
#include "ops/ReduceOpsUtils.h"
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

/* PyTorch 1.13: native/cpu/Reduce.h binary_kernel_reduce (one row per output element) */
int ReduceRows_run(const ReduceRows* g, const Tensor* self, ReduceRowFn fn, void* ctx, Tensor* out0, Tensor* out1) {
  if (MetaMode_isEnabled() || g->rows == 0) return 0;
  double* row = malloc(sizeof(double) * (size_t)(g->count > 0 ? g->count : 1));
  if (row == NULL) {
    Error_set(ErrorType_RuntimeError, "minaten: out of memory");
    return -1;
  }
  int64_t item = (int64_t)Tensor_itemsize(self);
  int64_t kidx[MINATEN_MAX_DIM] = {0};
  char* o0 = Tensor_data(out0);
  char* o1 = out1 ? Tensor_data(out1) : NULL;
  int64_t s0 = (int64_t)Tensor_itemsize(out0), s1 = out1 ? (int64_t)Tensor_itemsize(out1) : 0;
  for (int64_t n = 0; n < g->rows; n++) {
    const char* base = Tensor_data(self);
    for (int64_t i = 0; i < g->nkept; i++) base += kidx[i] * self->strides[g->kept[i]] * item;
    int64_t ridx[MINATEN_MAX_DIM] = {0};
    for (int64_t r = 0; r < g->count; r++) {
      const char* p = base;
      for (int64_t i = 0; i < g->nred; i++) p += ridx[i] * self->strides[g->red[i]] * item;
      row[r] = load_double(self->dtype, p);
      for (int64_t i = g->nred - 1; i >= 0; i--) {
        if (++ridx[i] < self->sizes[g->red[i]]) break;
        ridx[i] = 0;
      }
    }
    double res[2] = {0, 0};
    fn(row, g->count, ctx, res);
    store_from_double(out0->dtype, o0 + n * s0, res[0]);
    if (out1) store_from_double(out1->dtype, o1 + n * s1, res[1]);
    for (int64_t i = g->nkept - 1; i >= 0; i--) {
      if (++kidx[i] < self->sizes[g->kept[i]]) break;
      kidx[i] = 0;
    }
  }
  free(row);
  return 0;
}
