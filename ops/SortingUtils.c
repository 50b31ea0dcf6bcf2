/*
 * SortingUtils.c - the row walk of kthvalue, nanmedian and mode, and their
 * fresh outs; see SortingUtils.h.
 *
 * PyTorch 1.13: aten/src/ATen/native/SortingUtils.h, ReduceOpsUtils.h
 */
#include "ops/SortingUtils.h"

#include "Functions.h"
#include "ops/TensorIterator.h"
#include "runtime/Exception.h"

typedef struct RowWalk {
  RowFn fn;
  void* ctx;
  int64_t len, stride; /* the row's length, and its stride in bytes */
} RowWalk;

/* One tile of rows: data = {values, indices, self} at each row's start.
 * PyTorch 1.13: the loops of Sorting.cpp kthvalue_out_impl_cpu and
 * cpu/TensorCompareKernel.cpp compare_base_kernel_core */
static void row_loop2d(void* ctx, char** data, const int64_t* strides, int64_t size0, int64_t size1) {
  const RowWalk* w = ctx;
  for (int64_t j = 0; j < size1; j++)
    for (int64_t i = 0; i < size0; i++)
      w->fn(w->ctx, data[2] + j * strides[5] + i * strides[2], w->len, w->stride,
            data[0] + j * strides[3] + i * strides[0], (int64_t*)(data[1] + j * strides[4] + i * strides[1]));
}

/* PyTorch 1.13: TensorIteratorConfig::declare_static_shape(sizes, squash_dim) and for_each */
void dim_apply_rows(const Tensor* self, int64_t d, Tensor* values, Tensor* indices, RowFn fn, void* ctx) {
  int64_t shape[MINATEN_MAX_DIM], vstrides[MINATEN_MAX_DIM], istrides[MINATEN_MAX_DIM], sstrides[MINATEN_MAX_DIM];
  int64_t vitem = (int64_t)Tensor_itemsize(values), iitem = (int64_t)Tensor_itemsize(indices);
  int64_t sitem = (int64_t)Tensor_itemsize(self);
  for (int64_t k = 0; k < self->dim; k++) {
    shape[k] = k == d ? 1 : self->sizes[k];
    sstrides[k] = self->strides[k] * sitem;
    vstrides[k] = values->strides[k] * vitem;
    istrides[k] = indices->strides[k] * iitem;
  }
  RowWalk w = {fn, ctx, self->sizes[d], self->strides[d] * sitem};
  TensorIteratorBase iter;
  char* data[3] = {Tensor_data(values), Tensor_data(indices), Tensor_data(self)};
  const int64_t* strides[3] = {vstrides, istrides, sstrides};
  TensorIterator_initStrided(&iter, data, strides, 3, shape, self->dim);
  TensorIterator_serial_for_each(&iter, row_loop2d, &w, 0, iter.numel);
}

/* PyTorch 1.13: native/ReduceOpsUtils.h zero_numel_check_dims */
int zero_numel_check_dims(const Tensor* self, int64_t d, const char* name) {
  if (self->dim == 0)
    TORCH_CHECK_INDEX(d == 0 || d == -1, "%s: Expected reduction dim %lld to have non-zero size.", name, (long long)d);
  else
    TORCH_CHECK_INDEX(self->sizes[d] != 0, "%s: Expected reduction dim %lld to have non-zero size.", name,
                      (long long)d);
  return 0;
fail:
  return -1;
}

int empty_values_and_indices(const Tensor* self, Tensor** values, Tensor** indices) {
  int64_t zero = 0;
  IntArrayRef empty_shape = {&zero, 1};
  *indices = NULL;
  *values = at_empty_memory_format(empty_shape, (OptionalScalarType){true, self->dtype}, kNoLayout,
                                   (OptionalDevice){true, self->device}, kNoPinMemory, kNoMemoryFormat);
  if (*values == NULL) return -1;
  *indices = at_empty_memory_format(empty_shape, (OptionalScalarType){true, ScalarType_Long}, kNoLayout,
                                    (OptionalDevice){true, self->device}, kNoPinMemory, kNoMemoryFormat);
  if (*indices != NULL) return 0;
  Tensor_release(*values);
  *values = NULL;
  return -1;
}
