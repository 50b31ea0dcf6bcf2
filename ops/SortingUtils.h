/*
 * SortingUtils.h - the walk over every row of a tensor along one dim that
 * kthvalue, nanmedian and mode share: each row of self handed to a
 * function with the place of its value and its index in the outputs.
 *
 * PyTorch 1.13: aten/src/ATen/native/SortingUtils.h (dim_apply), and the
 * TensorIteratorConfig().declare_static_shape(sizes, squash_dim) loops of
 * Sorting.cpp and cpu/TensorCompareKernel.cpp
 */
#ifndef MINATEN_OPS_SORTINGUTILS_H
#define MINATEN_OPS_SORTINGUTILS_H

#include <stdint.h>

#include "runtime/TensorImpl.h"

/* One row: len elements of self's dtype, stride bytes apart from row; its
 * result's value written at value (values' dtype, self's) and its index at
 * *index. */
typedef void (*RowFn)(void* ctx, const char* row, int64_t len, int64_t stride, char* value, int64_t* index);

/* fn on every row of self along dim d (self->dim > 0), values and indices
 * having self's dims with size 1 at d (keepdim's shape).  The rows are
 * walked on one thread, in TensorIterator's order. */
void dim_apply_rows(const Tensor* self, int64_t d, Tensor* values, Tensor* indices, RowFn fn, void* ctx);

/* zero_numel_check_dims: IndexError "NAME: Expected reduction dim D to
 * have non-zero size." when dim d (wrapped) of self is empty (for a 0-dim
 * self: d must be 0 or -1, as given).  0, or -1 with the error set.
 * PyTorch 1.13: native/ReduceOpsUtils.h zero_numel_check_dims */
int zero_numel_check_dims(const Tensor* self, int64_t d, const char* name);

/* The outs a functional form hands to its out= form: *values empty with
 * self's dtype and device, *indices empty Long on self's device (1.13's
 * at::empty({0}, self.options()) and its kLong twin).  0, or -1 with the
 * error set and both NULL. */
int empty_values_and_indices(const Tensor* self, Tensor** values, Tensor** indices);

#endif
