/*
 * IndexCopy.c - index_copy: result = self, with source[..., i, ...] copied
 * into result[..., index[i], ...] along `dim`.
 *
 * Note [index_copy's element order]
 * 1.13's kernel runs one TensorIterator over result restrided (stride 0
 * along dim, that dim's size set to index.numel()), index restrided to
 * advance only along dim, and source; it checks each index as it reads it,
 * element by element ("index_copy_(): index 9 is out of bounds for dimension
 * 0 with size 3").  So a repeated index keeps the last source slice, and an
 * index out of range stops the copy where the iterator stands: the elements
 * before it (in the iterator's order) are already written, in place or into
 * out=.  For the layouts the iterator keeps in row-major order (source
 * contiguous) that is a row-major walk over source's shape, which minaten
 * does for every layout; a source whose strides make the iterator walk
 * another order can leave other partial writes before the error (a
 * difference only on that error path).  Nothing is copied, and no index
 * read, when source has no elements.
 *
 * PyTorch 1.13: aten/src/ATen/native/TensorAdvancedIndexing.cpp
 * (TORCH_PRECOMPUTE_META_FUNC(index_copy), TORCH_IMPL_FUNC(index_copy_out)),
 * aten/src/ATen/native/cpu/IndexKernel.cpp (index_copy_kernel)
 */
#include <stdio.h>
#include <string.h>

#include "Functions.h"
#include "NativeFunctions.h"
#include "ops/MemoryOverlap.h"
#include "ops/MetaMode.h"
#include "ops/Structured.h"
#include "ops/TensorUtils.h"
#include "runtime/Exception.h"
#include "runtime/TypeCast.h"

/* sizes without entry dim (none removed from an empty list), printed as
 * 1.13's operator<< prints a std::vector<int64_t>: "3 4", "" for none. */
static void sliced_sizes(const Tensor* t, int64_t dim, char* buf, size_t n) {
  size_t used = 0;
  buf[0] = '\0';
  bool first = true;
  for (int64_t d = 0; d < t->dim && used < n; d++) {
    if (d == dim) continue;
    used += (size_t)snprintf(buf + used, n - used, first ? "%lld" : " %lld", (long long)t->sizes[d]);
    first = false;
  }
}

/* The meta function's argument checks, after the output and overlap checks,
 * in 1.13's order.  PyTorch 1.13: TensorAdvancedIndexing.cpp
 * TORCH_PRECOMPUTE_META_FUNC(index_copy) */
static int index_copy_check_args(const Tensor* self, int64_t dim, const Tensor* index, const Tensor* source) {
  char dst[256], src[256];
  TORCH_CHECK_INDEX(index->dim < 2, "index_copy_(): Index should have dimension 1 or 0 (got %lld)",
                    (long long)index->dim);
  int64_t n = index->numel;
  if (source->dim == 0) {
    TORCH_CHECK_INDEX(n == 1, "index_copy_(): When source is scalar, index should have one element (got %lld)",
                      (long long)n);
  } else {
    TORCH_CHECK_INDEX(source->dim == self->dim || self->dim == 0,
                      "index_copy_(): When source and destination are not scalars, their dimensionality must "
                      "match. Source dimensionality (%lld), destination dimensionality (%lld)",
                      (long long)source->dim, (long long)self->dim);
  }
  TORCH_CHECK(index->dtype == ScalarType_Long, "index_copy_(): Expected a long tensor for index, but got %s",
              ScalarType_name(index->dtype));
  TORCH_CHECK(self->dtype == source->dtype,
              "index_copy_(): self and source expected to have the same dtype, but got (self) %s and (source) %s",
              ScalarType_name(self->dtype), ScalarType_name(source->dtype));
  /* the slice shapes: sizes without dim (an empty list stays empty) */
  bool same = (self->dim == 0 ? 0 : self->dim - 1) == (source->dim == 0 ? 0 : source->dim - 1);
  for (int64_t d = 0, e = 0; same && d < self->dim; d++) {
    if (d == dim) continue;
    if (e == dim) e++;
    same = self->sizes[d] == source->sizes[e++];
  }
  sliced_sizes(self, dim, dst, sizeof dst);
  sliced_sizes(source, dim, src, sizeof src);
  TORCH_CHECK(same,
              "index_copy_(): Source/destination tensor must have same slice shapes. Destination slice shape: %s "
              "at dimension %lld and source slice shape: %s at dimension 0.",
              dst, (long long)dim, src);
  TORCH_CHECK_INDEX(source->dim == 0 || n == source->sizes[dim],
                    "index_copy_(): Number of indices (%lld) should be equal to source.size(dim) (%lld)",
                    (long long)n, (long long)(source->dim == 0 ? 1 : source->sizes[dim]));
  return 0;
fail:
  return -1;
}

/* result[..., index[i], ...] = source[..., i, ...], element by element in
 * row-major order over source (Note [index_copy's element order]).
 * PyTorch 1.13: cpu/IndexKernel.cpp index_copy_kernel */
static int index_copy_into(Tensor* result, int64_t dim, const Tensor* index, const Tensor* source) {
  if (source->numel == 0 || MetaMode_isEnabled()) return 0;
  /* a 0-dim result or source is one element along dim 0 (unsqueeze(0)) */
  int64_t nd = source->dim == 0 ? 1 : source->dim;
  int64_t one = 1, zero = 0;
  const int64_t* sizes = source->dim == 0 ? &one : source->sizes;
  const int64_t* sstrides = source->dim == 0 ? &zero : source->strides;
  const int64_t* rstrides = result->dim == 0 ? &zero : result->strides;
  int64_t limit = result->dim == 0 ? 1 : result->sizes[dim];
  int64_t istep = index->dim ? index->strides[0] : 0;
  const int64_t* idx = (const int64_t*)Tensor_data(index);
  size_t item = Tensor_itemsize(result);
  int64_t counter[64] = {0};
  for (int64_t e = 0; e < source->numel; e++) {
    int64_t k = idx[counter[dim] * istep];
    TORCH_CHECK_INDEX(k >= 0 && k < limit, "index_copy_(): index %lld is out of bounds for dimension %lld with size %lld",
                      (long long)k, (long long)dim, (long long)limit);
    int64_t soff = 0, roff = 0;
    for (int64_t d = 0; d < nd; d++) {
      soff += counter[d] * sstrides[d];
      roff += (d == dim ? k : counter[d]) * rstrides[d];
    }
    memcpy(Tensor_data(result) + roff * (int64_t)item, Tensor_data(source) + soff * (int64_t)item, item);
    for (int64_t d = nd - 1; d >= 0 && ++counter[d] == sizes[d]; d--) counter[d] = 0;
  }
  return 0;
fail:
  return -1;
}

/* PyTorch 1.13: TensorAdvancedIndexing.cpp TORCH_PRECOMPUTE_META_FUNC(index_copy):
 * the output (self's sizes and dtype), the overlaps of a given one, then
 * the arguments */
int at_meta_index_copy(StructuredOp* op, const Tensor* self, int64_t dim, const Tensor* index, const Tensor* source) {
  Tensor* given = StructuredOp_maybeGetOutput(op, 0);
  dim = maybe_wrap_dim(dim, self->dim, true);
  TRY(dim >= 0);
  TRY(StructuredOp_setOutputRawStrided(op, 0, Tensor_sizes(self), kNoStrides, self->dtype) == 0);
  if (given != NULL) {
    TRY(assert_no_internal_overlap(given) == 0);
    TRY(assert_no_overlap(given, index) == 0);
    TRY(assert_no_overlap(given, source) == 0);
  }
  return index_copy_check_args(self, dim, index, source);
fail:
  return -1;
}

/* PyTorch 1.13: TensorAdvancedIndexing.cpp TORCH_IMPL_FUNC(index_copy_out) */
int at_impl_index_copy_out(StructuredOp* op, const Tensor* self, int64_t dim, const Tensor* index,
                           const Tensor* source, Tensor* out) {
  (void)op;
  dim = maybe_wrap_dim(dim, self->dim, true);
  if (dim < 0) return -1;
  if (out != self && done_in_place(at_copy_(out, self, false)) < 0) return -1; /* result.copy_(self) */
  return index_copy_into(out, dim, index, source);
}
