/*
 * TensorCompareMode.c - mode: the most frequent value of each row along
 * one dim, and an index of it, as the named tuple (values, indices).
 *
 * Note [mode's sort and ties]
 * 1.13 copies each row into (value, index) pairs, sorts them with
 * std::sort on the value alone (not stable: equal values come out in the
 * order introsort's swaps leave), then walks the runs of equal values: a
 * run longer than every earlier one becomes the mode, its value and the
 * index of the run's LAST pair.  So among values as frequent, the
 * smallest wins, and the index returned is the one std::sort left last
 * in its run (not always the last occurrence): minaten sorts with
 * libstdc++'s std::sort written out (ops/cpu/StlAlgorithms.h) to leave
 * the same order.  NaN equals nothing, so each NaN is a run of one; where
 * NaNs sort is whatever the comparisons (all false) leave.
 *
 * Checks, in 1.13's order: the outs' dtypes ("expected scalar type ...
 * for values output"), the dim; an empty self has its outs resized (an
 * empty dim refused), a 0-dim self is copied (index 0).  The kernel's
 * dtype dispatch (all types, Half, BFloat16, Bool) comes before the outs
 * are unsqueezed at dim (without keepdim, when they have at least dim
 * dims), resized to keepdim's shape, filled, and squeezed back.
 * NB(minaten): mode_stub's kernel (1.13's cpu/TensorCompareKernel.cpp)
 * is here beside its caller, walked on one thread.
 *
 * PyTorch 1.13: aten/src/ATen/native/TensorCompare.cpp (mode, mode_out),
 * native/cpu/TensorCompareKernel.cpp (mode_kernel_impl,
 * compare_base_kernel_core), ReduceOpsUtils.h (zero_numel_tensor_resize,
 * _dimreduce_return_trivial_no_ident)
 */
#include <math.h>
#include <stdlib.h>

#include "Functions.h"
#include "NativeFunctions.h"
#include "ops/MetaMode.h"
#include "ops/Resize.h"
#include "ops/SortingUtils.h"
#include "ops/TensorUtils.h"
#include "runtime/Exception.h"
#include "runtime/TypeCast.h"

#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-function" /* the header's other algorithms */
#define STL_SUFFIX mode_float /* i.first < j.first on a floating value */
#define STL_LESS(x, y) ((x)->key.f < (y)->key.f)
#define STL_LESS_BRANCH_FREE STL_LESS
#include "ops/cpu/StlAlgorithms.h"
#undef STL_SUFFIX
#undef STL_LESS
#undef STL_LESS_BRANCH_FREE
#define STL_SUFFIX mode_int
#define STL_LESS(x, y) ((x)->key.i < (y)->key.i)
#define STL_LESS_BRANCH_FREE STL_LESS
#include "ops/cpu/StlAlgorithms.h"
#undef STL_SUFFIX
#undef STL_LESS
#undef STL_LESS_BRANCH_FREE
#pragma GCC diagnostic pop

typedef struct ModeRow {
  ScalarType dtype;
  bool floating;
  SortItem* items; /* the row's pairs */
} ModeRow;

static inline bool same_value(const ModeRow* r, const SortItem* a, const SortItem* b) {
  return r->floating ? a->key.f == b->key.f : a->key.i == b->key.i;
}

/* One row: sorted, then its longest run (see Note [mode's sort and ties]).
 * PyTorch 1.13: cpu/TensorCompareKernel.cpp mode_kernel_impl (its loop) */
static void mode_row(void* ctx, const char* row, int64_t len, int64_t stride, char* value, int64_t* index) {
  const ModeRow* r = ctx;
  SortItem* e = r->items;
  for (int64_t i = 0; i < len; i++) {
    if (r->floating) e[i].key.f = load_double(r->dtype, row + i * stride);
    else e[i].key.i = load_int(r->dtype, row + i * stride);
    e[i].index = i;
  }
  if (r->floating) stl_sort_mode_float(e, e + len);
  else stl_sort_mode_int(e, e + len);
  const SortItem* mode = NULL;
  int64_t freq = 0, max_freq = 0;
  for (int64_t i = 0; i < len; i++) {
    freq++;
    if (i == len - 1 || !same_value(r, &e[i], &e[i + 1])) {
      if (freq > max_freq) {
        mode = &e[i];
        max_freq = freq;
      }
      freq = 0;
    }
  }
  if (r->floating) store_from_double(r->dtype, value, mode->key.f);
  else store_from_int64(r->dtype, value, mode->key.i);
  *index = mode->index;
}

/* The outs at keepdim's shape, every row's mode, the outs squeezed back.
 * PyTorch 1.13: cpu/TensorCompareKernel.cpp mode_kernel_impl (compare_base_kernel_core) */
static int mode_kernel(Tensor* values, Tensor* indices, const Tensor* self, int64_t d, bool keepdim) {
  ScalarType t = self->dtype;
  TORCH_CHECK(!ScalarType_isComplex(t) && !ScalarType_isQuantized(t), "\"mode_cpu\" not implemented for '%s'",
              ScalarType_name(t));
  int64_t shape[MINATEN_MAX_DIM];
  for (int64_t j = 0; j < self->dim; j++) shape[j] = j == d ? 1 : self->sizes[j];
  if (!keepdim) {
    if (values->dim >= d) TRY(done_in_place(at_unsqueeze_(values, d)) == 0);
    if (indices->dim >= d) TRY(done_in_place(at_unsqueeze_(indices, d)) == 0);
  }
  TRY(resize_output(values, IntArrayRef_make(shape, (size_t)self->dim)) >= 0);
  TRY(resize_output(indices, IntArrayRef_make(shape, (size_t)self->dim)) >= 0);
  if (!MetaMode_isEnabled() && values->numel > 0) {
    ModeRow r = {t, ScalarType_isFloating(t), malloc(sizeof(SortItem) * (size_t)self->sizes[d])};
    TORCH_CHECK(r.items != NULL, "minaten: out of memory");
    dim_apply_rows(self, d, values, indices, mode_row, &r);
    free(r.items);
  }
  if (!keepdim) {
    TRY(done_in_place(at_squeeze__dim(values, d)) == 0);
    TRY(done_in_place(at_squeeze__dim(indices, d)) == 0);
  }
  return 0;
fail:
  return -1;
}

/* An empty self: the outs resized to the reduced shape, nothing computed.
 * PyTorch 1.13: ReduceOpsUtils.h zero_numel_tensor_resize */
static int zero_numel_tensor_resize(Tensor* values, Tensor* indices, const Tensor* self, int64_t d, bool keepdim) {
  TRY(zero_numel_check_dims(self, d, "mode()") == 0);
  int64_t shape[MINATEN_MAX_DIM], n = 0;
  for (int64_t j = 0; j < self->dim; j++)
    if (j != d || keepdim) shape[n++] = j == d ? 1 : self->sizes[j];
  TRY(resize_output(values, IntArrayRef_make(shape, (size_t)n)) >= 0);
  TRY(resize_output(indices, IntArrayRef_make(shape, (size_t)n)) >= 0);
  return 0;
fail:
  return -1;
}

/* A 0-dim self: values resized to [] (no warning) and filled with it, index 0.
 * PyTorch 1.13: ReduceOpsUtils.h _dimreduce_return_trivial_no_ident, TensorCompare.cpp mode_out */
static int mode_trivial(Tensor* values, Tensor* indices, const Tensor* self) {
  IntArrayRef scalar = {NULL, 0};
  TRY(done_in_place(at_resize_(values, scalar, kNoMemoryFormat)) == 0);
  TRY(done_in_place(at_fill__Tensor(values, self)) == 0);
  TRY(done_in_place(at_resize_(indices, scalar, kNoMemoryFormat)) == 0);
  TRY(done_in_place(at_fill__Scalar(indices, Scalar_fromLong(0))) == 0);
  return 0;
fail:
  return -1;
}

/* mode.values on Lazy tensors: 1.13's Lazy backend functionalizes the
 * out= form, mode (its CPU kernel through the Lazy fallback) then each
 * result copied into its out.
 * NB(minaten): modelled here, minaten has no functionalization pass. */
static TensorTuple2 mode_out_functionalized(const Tensor* self, int64_t dim, bool keepdim, Tensor* values,
                                            Tensor* indices) {
  TensorTuple2 m = at_mode(self, dim, keepdim), r = {{NULL, NULL}};
  TRY(m.items[0] != NULL);
  Tensor* outs[2] = {values, indices};
  for (int k = 0; k < 2; k++) {
    TRY(resize_output(outs[k], IntArrayRef_make(m.items[k]->sizes, (size_t)m.items[k]->dim)) >= 0);
    TRY(done_in_place(at_copy_(outs[k], m.items[k], false)) == 0);
  }
  r.items[0] = Tensor_retain(values);
  r.items[1] = Tensor_retain(indices);
fail:
  Tensor_release(m.items[0]);
  Tensor_release(m.items[1]);
  return r;
}

/* PyTorch 1.13: TensorCompare.cpp mode_out */
TensorTuple2 at_native_mode_out(const Tensor* self, int64_t dim, bool keepdim, Tensor* values, Tensor* indices) {
  TensorTuple2 r = {{NULL, NULL}};
  if (self->device.type == DeviceType_Lazy) return mode_out_functionalized(self, dim, keepdim, values, indices);
  TORCH_CHECK(self->dtype == values->dtype, "expected scalar type '%s' but got '%s' for values output",
              ScalarType_name(self->dtype), ScalarType_name(values->dtype));
  TORCH_CHECK(indices->dtype == ScalarType_Long, "expected scalar type 'Long' but got '%s' for indices output",
              ScalarType_name(indices->dtype));
  int64_t d = maybe_wrap_dim(dim, self->dim, true);
  TRY(d >= 0);
  if (self->numel == 0) TRY(zero_numel_tensor_resize(values, indices, self, d, keepdim) == 0);
  else if (self->dim == 0) TRY(mode_trivial(values, indices, self) == 0);
  else TRY(mode_kernel(values, indices, self, d, keepdim) == 0);
  r.items[0] = Tensor_retain(values);
  r.items[1] = Tensor_retain(indices);
fail:
  return r;
}

/* PyTorch 1.13: TensorCompare.cpp mode (into empty tensors, mode_out called directly) */
TensorTuple2 at_native_mode(const Tensor* self, int64_t dim, bool keepdim) {
  TensorTuple2 r = {{NULL, NULL}};
  Tensor *values = NULL, *indices = NULL;
  TRY(empty_values_and_indices(self, &values, &indices) == 0);
  r = at_native_mode_out(self, dim, keepdim, values, indices);
fail:
  Tensor_release(values);
  Tensor_release(indices);
  return r;
}
