/*
 * Embedding.c - embedding: the rows of a 2-d weight picked by an index
 * tensor (int64 or int32), and its dense backward, as 1.13's CPU kernels
 * compute them.
 *
 * embedding (CompositeExplicitAutograd, so a trace shows aten::embedding
 * alone): index_select of weight's rows, for indices of more than one
 * dimension through indices.reshape(-1), the result viewed as
 * indices.sizes() + [weight.size(1)].  padding_idx and scale_grad_by_freq
 * matter only to the backward.
 *
 * embedding_dense_backward: grad_weight = zeros [num_weights, grad.size(-1)],
 * and for each index i in order whose row k = indices[i] is not padding_idx,
 * grad_weight[k] += scale * grad[i] (1.13's add_stub on the row; scale 1, or
 * 1 / the count of k among the indices with scale_grad_by_freq).  Indices
 * outside [0, num_weights) are skipped, as 1.13's parallel sections skip
 * them.  embedding_backward (CompositeImplicitAutograd) calls it, or for
 * sparse=True embedding_sparse_backward, which minaten does not have.
 *
 * PyTorch 1.13: aten/src/ATen/native/Embedding.cpp
 */
#include <stdlib.h>

#include "Functions.h"
#include "NativeFunctions.h"
#include "ops/MetaMode.h"
#include "ops/TensorUtils.h"
#include "runtime/Exception.h"

/* checkScalarTypes(name, {indices, "indices", pos}, {kLong, kInt}).  0, or -1. */
static int embedding_check_indices(const Tensor* indices, int pos, const char* name) {
  TORCH_CHECK(indices->dtype == ScalarType_Long || indices->dtype == ScalarType_Int,
              "Expected tensor for argument #%d 'indices' to have one of the following scalar types: Long, Int; but "
              "got %s instead (while checking arguments for %s)",
              pos, Tensor_typeString(indices), name);
  return 0;
fail:
  return -1;
}

/* PyTorch 1.13: Embedding.cpp at::native::embedding_symint */
Tensor* at_native_embedding(const Tensor* weight, const Tensor* indices, int64_t padding_idx, bool scale_grad_by_freq,
                            bool sparse) {
  (void)padding_idx;
  (void)scale_grad_by_freq;
  (void)sparse;
  TORCH_CHECK(weight->dim == 2, "'weight' must be 2-D");
  TRY(embedding_check_indices(indices, 1, "embedding") == 0);
  if (indices->dim == 1) return at_index_select(weight, 0, indices);
  int64_t minus_one = -1, size[MINATEN_MAX_DIM];
  TORCH_CHECK(indices->dim + 1 <= MINATEN_MAX_DIM, "minaten: embedding of more than %d index dimensions",
              MINATEN_MAX_DIM - 1);
  for (int64_t i = 0; i < indices->dim; i++) size[i] = indices->sizes[i];
  size[indices->dim] = weight->sizes[1];
  Tensor* flat = at_reshape(indices, IntArrayRef_make(&minus_one, 1));
  if (flat == NULL) return NULL;
  Tensor* rows = at_index_select(weight, 0, flat);
  Tensor_release(flat);
  if (rows == NULL) return NULL;
  Tensor* out = at_view(rows, IntArrayRef_make(size, (size_t)indices->dim + 1));
  Tensor_release(rows);
  return out;
fail:
  return NULL;
}

/* NB(minaten): sparse=True would return embedding_sparse_backward's sparse
 * gradient, which minaten does not model: NotImplementedError.
 * PyTorch 1.13: Embedding.cpp at::native::embedding_backward_symint */
Tensor* at_native_embedding_backward(const Tensor* grad, const Tensor* indices, int64_t num_weights,
                                     int64_t padding_idx, bool scale_grad_by_freq, bool sparse) {
  TORCH_CHECK_NOT_IMPLEMENTED(!sparse, "minaten: embedding_backward with sparse=True (embedding_sparse_backward) is "
                              "not modelled");
  return at_embedding_dense_backward(grad, indices, num_weights, padding_idx, scale_grad_by_freq);
fail:
  return NULL;
}

static int64_t embedding_index(const Tensor* indices, int64_t i) {
  const char* p = Tensor_data(indices) + i * (int64_t)Tensor_itemsize(indices);
  return indices->dtype == ScalarType_Long ? *(const int64_t*)p : (int64_t) * (const int32_t*)p;
}

/* grad_weight[k] += scale * grad[i], through add_ on the two rows (the
 * add kernel's own rounding: 1.13's add_stub).  0, or -1. */
static int embedding_add_row(Tensor* grad_weight, const Tensor* grad, int64_t k, int64_t i, double scale) {
  int rc = -1;
  Tensor* dst = at_select_int(grad_weight, 0, k);
  Tensor* src = at_select_int(grad, 0, i);
  if (dst != NULL && src != NULL) {
    Tensor* r = at_add__Tensor(dst, src, scale == 1.0 ? Scalar_fromLong(1) : Scalar_fromDouble(scale));
    rc = r == NULL ? -1 : 0;
    Tensor_release(r);
  }
  Tensor_release(dst);
  Tensor_release(src);
  return rc;
}

/* NB(minaten): with scale_grad_by_freq, 1.13 counts each index in an array
 * of num_weights entries without checking it (an index out of range writes
 * outside the array); minaten counts only those in range.
 * PyTorch 1.13: Embedding.cpp at::native::embedding_dense_backward_cpu */
Tensor* at_native_embedding_dense_backward_cpu(const Tensor* grad_, const Tensor* indices, int64_t num_weights,
                                               int64_t padding_idx, bool scale_grad_by_freq) {
  Tensor *grad_weight = NULL, *idx = NULL, *grad_c = NULL, *grad = NULL;
  int64_t* counts = NULL;
  TRY(embedding_check_indices(indices, 2, "embedding_backward") == 0);
  int64_t cols = grad_->dim > 0 ? grad_->sizes[grad_->dim - 1] : 1;
  int64_t gw_size[2] = {num_weights, cols};
  TRY((grad_weight = at_zeros(IntArrayRef_make(gw_size, 2), (OptionalScalarType){true, grad_->dtype}, kNoLayout,
                              kNoDevice, kNoPinMemory)) != NULL);
  TRY((idx = at_contiguous(indices, MemoryFormat_Contiguous)) != NULL);
  int64_t numel = indices->numel;
  int64_t g_size[2] = {numel, cols};
  TRY((grad_c = at_contiguous(grad_, MemoryFormat_Contiguous)) != NULL);
  TRY((grad = at_view(grad_c, IntArrayRef_make(g_size, 2))) != NULL);
  if (MetaMode_isEnabled()) goto done;
  if (scale_grad_by_freq) {
    counts = calloc(num_weights > 0 ? (size_t)num_weights : 1, sizeof *counts);
    TORCH_CHECK_ALLOC(counts != NULL);
    for (int64_t i = 0; i < numel; i++) {
      int64_t k = embedding_index(idx, i);
      if (k >= 0 && k < num_weights) counts[k]++;
    }
  }
  for (int64_t i = 0; i < numel; i++) {
    int64_t k = embedding_index(idx, i);
    if (k == padding_idx || k < 0 || k >= num_weights) continue;
    double scale = 1.0;
    if (scale_grad_by_freq) scale /= (double)counts[k];
    TRY(embedding_add_row(grad_weight, grad, k, i, scale) == 0);
  }
done:
  free(counts);
  Tensor_release(idx);
  Tensor_release(grad_c);
  Tensor_release(grad);
  return grad_weight;
fail:
  free(counts);
  Tensor_release(idx);
  Tensor_release(grad_c);
  Tensor_release(grad);
  Tensor_release(grad_weight);
  return NULL;
}
