/*
 * IndexAdd.c - index_add: result = self, with alpha * source[..., i, ...]
 * added to result[..., index[i], ...] along `dim` (an index may repeat: its
 * slices accumulate).  as_strided's backward calls it to scatter gradients
 * into overlapping memory.
 *
 * The three forms share one loop.  A slice of result and one of source are
 * added with add_ (the loop 1.13 writes in full, "Equivalent to: for i:
 * self.select(dim, index[i]).add_(source.select(dim, i))"), so the slices
 * broadcast as add_ broadcasts them, with add_'s errors; 1.13 builds that
 * add's iterator once, before it reads an index, so minaten checks the first
 * pair of slices in MetaMode before the loop.
 *
 * PyTorch 1.13: aten/src/ATen/native/TensorAdvancedIndexing.cpp
 * (TORCH_META_FUNC(index_add) -> index_func_meta_impl, index_add_cpu_)
 */
#include "Functions.h"
#include "NativeFunctions.h"
#include "ops/MemoryOverlap.h"
#include "ops/MetaMode.h"
#include "ops/Structured.h"
#include "ops/TensorUtils.h"
#include "runtime/Exception.h"
#include "runtime/TypeCast.h"

/* The checks of index_add's meta function, in 1.13's order; *dim wrapped.
 * PyTorch 1.13: TensorAdvancedIndexing.cpp index_func_meta_impl */
static int index_add_meta(const Tensor* self, int64_t* dim, const Tensor* index, const Tensor* source) {
  char sizes[256];
  *dim = maybe_wrap_dim(*dim, self->dim, true);
  TRY(*dim >= 0);
  TORCH_CHECK_INDEX(index->dim <= 1,
                    "index_add_(): Index is supposed to be a vector, but got dim: %lld with type: %s and size: %s",
                    (long long)index->dim, ScalarType_name(index->dtype),
                    IntArrayRef_format(Tensor_sizes(index), sizes, sizeof sizes));
  TORCH_CHECK(index->dtype == ScalarType_Long || index->dtype == ScalarType_Int,
              "index_add_(): Expected dtype int32/int64 for index but got: %s", ScalarType_name(index->dtype));
  TORCH_CHECK(self->dtype == source->dtype, "index_add_(): self (%s) and source (%s) must have the same scalar type",
              ScalarType_name(self->dtype), ScalarType_name(source->dtype));
  TORCH_CHECK(*dim == 0 || *dim < source->dim,
              "index_add_(): Indexing dim %lld is out of bounds of the source tensor with dim %lld", (long long)*dim,
              (long long)source->dim);
  int64_t source_size = source->dim == 0 ? 1 : source->sizes[*dim];
  TORCH_CHECK(index->numel == source_size,
              "index_add_(): Number of indices (%lld) should be equal to source.size(dim): (%lld), for dim: %lld",
              (long long)index->numel, (long long)source_size, (long long)*dim);
  return 0;
fail:
  return -1;
}

/* t's slice i along dim, or t itself when t is 0-dim and `whole` allows it
 * (a 0-dim self or source is one element). */
static Tensor* slice(const Tensor* t, int64_t dim, int64_t i, bool whole) {
  return whole && t->dim == 0 ? Tensor_retain(t) : at_select_int(t, dim, i);
}

/* alpha as the add kernel takes it: converted to result's dtype with
 * Scalar::to's overflow check.  1.13 calls add's kernel directly, without
 * add's checks of alpha's type, so alpha=0.5 adds nothing to an integer
 * tensor.  Returns 0, or -1 with the overflow error. */
static int alpha_for(ScalarType dtype, Scalar* alpha) {
  char value[16];
  if (store_scalar_checked(dtype, value, *alpha) < 0) return -1;
  *alpha = ScalarType_isIntegral(dtype, true) ? Scalar_fromLong(load_int(dtype, value))
                                              : Scalar_fromDouble(load_double(dtype, value));
  return 0;
}

/* result[..., s, ...] += alpha * source[..., i, ...] (s = the i-th index),
 * or, with `meta`, add_'s shape checks of that pair only. */
static int add_slices(Tensor* result, int64_t dim, int64_t s, const Tensor* source, int64_t i, Scalar alpha,
                      bool meta) {
  bool was = meta ? MetaMode_enter() : MetaMode_isEnabled();
  /* 1.13 splits on self's dimensions: slices of a tensor, elements of a
   * vector (whose source is one too) */
  bool vector = result->dim <= 1;
  Tensor* r = slice(result, dim, s, true);
  Tensor* src = r ? slice(source, dim, i, vector) : NULL;
  Tensor* sum = src ? at_add__Tensor(r, src, alpha) : NULL;
  MetaMode_restore(was);
  Tensor_release(sum);
  Tensor_release(src);
  Tensor_release(r);
  return sum != NULL ? 0 : -1;
}

/* result[..., index[i], ...] += alpha * source[..., i, ...] for every i.
 * PyTorch 1.13: TensorAdvancedIndexing.cpp TORCH_IMPL_FUNC(index_add_cpu_out) */
static int index_add_into(Tensor* result, int64_t dim, const Tensor* index, const Tensor* source, Scalar alpha) {
  int64_t n = index->numel;
  TORCH_CHECK(result->dim > 1 || source->dim <= 1, "source.dim() (%lld) must one or zero for given self.dim() (%lld)",
              (long long)source->dim, (long long)result->dim);
  if (n == 0) return 0;
  TRY(alpha_for(result->dtype, &alpha) == 0);
  /* add_'s iterator is built (and checked) before any index is read */
  TRY(add_slices(result, dim, 0, source, 0, alpha, true) == 0);
  if (MetaMode_isEnabled()) return 0;
  int64_t limit = result->dim == 0 ? 1 : result->sizes[dim];
  int64_t step = (index->dim ? index->strides[0] : 0) * (int64_t)Tensor_itemsize(index);
  for (int64_t i = 0; i < n; i++) {
    int64_t s = load_int(index->dtype, Tensor_data(index) + i * step);
    TORCH_CHECK_INDEX(s >= 0 && s < limit, "index out of range in self");
    TRY(add_slices(result, dim, s, source, i, alpha, false) == 0);
  }
  return 0;
fail:
  return -1;
}

/* PyTorch 1.13: TensorAdvancedIndexing.cpp TORCH_PRECOMPUTE_META_FUNC(index_add)
 * (index_func_meta_impl): the checks, then the output (self's sizes and
 * dtype), then the overlaps of a given one */
int at_meta_index_add(StructuredOp* op, const Tensor* self, int64_t dim, const Tensor* index, const Tensor* source,
                      Scalar alpha) {
  (void)alpha;
  Tensor* given = StructuredOp_maybeGetOutput(op, 0);
  TRY(index_add_meta(self, &dim, index, source) == 0);
  TRY(StructuredOp_setOutputRawStrided(op, 0, Tensor_sizes(self), kNoStrides, self->dtype) == 0);
  if (given != NULL) {
    TRY(assert_no_internal_overlap(given) == 0);
    TRY(assert_no_overlap(given, index) == 0);
    TRY(assert_no_overlap(given, source) == 0);
  }
  return 0;
fail:
  return -1;
}

/* PyTorch 1.13: TensorAdvancedIndexing.cpp TORCH_IMPL_FUNC(index_add_cpu_out) */
int at_impl_index_add_cpu_out(StructuredOp* op, const Tensor* self, int64_t dim, const Tensor* index,
                              const Tensor* source, Scalar alpha, Tensor* out) {
  (void)op;
  dim = maybe_wrap_dim(dim, self->dim, true);
  if (dim < 0) return -1;
  if (out != self && done_in_place(at_copy_(out, self, false)) < 0) return -1; /* result.copy_(self) */
  return index_add_into(out, dim, index, source, alpha);
}
