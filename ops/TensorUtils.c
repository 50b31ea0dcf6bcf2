/*
 * TensorUtils.c - see TensorUtils.h.
 * PyTorch 1.13: aten/src/ATen/TensorUtils.cpp, c10/core/TensorImpl.cpp
 */
#include "ops/TensorUtils.h"

#include <stdlib.h>

/*
 * Note [computeStride: viewing a strided tensor with a new shape]
 * ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
 * A view keeps the storage, so every element must stay where it is; only
 * the (sizes, strides) bookkeeping may change.  Cut the old shape into
 * "chunks": maximal runs of dimensions d, d+1, ... that are contiguous with
 * respect to each other, i.e. stride[d] == size[d+1] * stride[d+1] (size-1
 * dimensions never break a chunk, their stride is irrelevant).  Inside a
 * chunk the elements are evenly spaced by the chunk's innermost stride (its
 * "base stride"), exactly like a contiguous block, so any regrouping of the
 * chunk's elements into new dimensions is expressible with strides that are
 * multiples of the base stride.  Across chunks nothing can be merged.
 *
 * So walk both shapes from the innermost dimension out: accumulate old
 * dimensions into the current chunk; at each chunk boundary, consume new
 * dimensions (giving each the stride base * numel-so-far) until they hold as
 * many elements as the chunk.  If a new dimension would straddle the boundary
 * (view_numel overshoots tensor_numel), the view is impossible: that is the
 * "at least one dimension spans across two contiguous subspaces" of view's
 * error, and the reason reshape then falls back to clone + _unsafe_view.
 *
 * Example: a [2, 3, 4] contiguous tensor permuted to sizes [4, 2, 3] with
 * strides [1, 12, 4] has chunks {4 (stride 1)} and {2, 3 (base 4)}; it can be
 * viewed as [4, 6] (strides [1, 4]) but not as [8, 3].
 */
bool computeStride(IntArrayRef oldshape, IntArrayRef oldstride, IntArrayRef newshape,
                   int64_t* newstride) {
  if (oldshape.size == 0) {
    for (size_t i = 0; i < newshape.size; i++) newstride[i] = 1;
    return true;
  }
  int64_t numel = IntArrayRef_product(oldshape);
  bool same_shape = oldshape.size == newshape.size;
  for (size_t i = 0; same_shape && i < oldshape.size; i++) same_shape = oldshape.data[i] == newshape.data[i];
  if (numel == 0 && same_shape) {
    for (size_t i = 0; i < oldstride.size; i++) newstride[i] = oldstride.data[i];
    return true;
  }
  int64_t nd = (int64_t)newshape.size;
  if (numel == 0) {
    /* No element to keep in place: any strides do; use contiguous ones. */
    for (int64_t view_d = nd - 1; view_d >= 0; view_d--) {
      if (view_d == nd - 1)
        newstride[view_d] = 1;
      else
        newstride[view_d] = (newshape.data[view_d + 1] > 1 ? newshape.data[view_d + 1] : 1) *
                            newstride[view_d + 1];
    }
    return true;
  }
  int64_t view_d = nd - 1;
  int64_t chunk_base_stride = oldstride.data[oldstride.size - 1];
  int64_t tensor_numel = 1;
  int64_t view_numel = 1;
  for (int64_t tensor_d = (int64_t)oldshape.size - 1; tensor_d >= 0; tensor_d--) {
    tensor_numel *= oldshape.data[tensor_d];
    /* End of a chunk: the next dimension out is not contiguous with this one. */
    if (tensor_d == 0 || (oldshape.data[tensor_d - 1] != 1 &&
                          oldstride.data[tensor_d - 1] != tensor_numel * chunk_base_stride)) {
      while (view_d >= 0 && (view_numel < tensor_numel || newshape.data[view_d] == 1)) {
        newstride[view_d] = view_numel * chunk_base_stride;
        view_numel *= newshape.data[view_d];
        view_d--;
      }
      if (view_numel != tensor_numel) return false;
      if (tensor_d > 0) {
        chunk_base_stride = oldstride.data[tensor_d - 1];
        tensor_numel = 1;
        view_numel = 1;
      }
    }
  }
  return view_d == -1;
}

bool Tensor_isNonOverlappingAndDense(const Tensor* t) {
  int64_t dim = t->dim;
  if (dim == 1) return t->sizes[0] < 2 || t->strides[0] == 1;
  /* Sort dimensions by stride, size-0/1 dimensions last (insertion sort:
   * dims are few). */
  int64_t perm[MINATEN_MAX_DIM];
  for (int64_t i = 0; i < dim; i++) perm[i] = i;
  for (int64_t i = 1; i < dim; i++) {
    int64_t p = perm[i], j = i;
    while (j > 0) {
      int64_t q = perm[j - 1];
      bool p_before_q = t->sizes[p] >= 2 && (t->sizes[q] < 2 || t->strides[p] < t->strides[q]);
      if (!p_before_q) break;
      perm[j] = q;
      j--;
    }
    perm[j] = p;
  }
  int64_t require_stride = 1;
  for (int64_t i = 0; i < dim; i++) {
    int64_t size = t->sizes[perm[i]];
    if (size < 2) return true;
    if (t->strides[perm[i]] != require_stride) return false;
    require_stride *= size;
  }
  return true;
}

const char* Tensor_typeString(const Tensor* t) {
  switch (t->dtype) {
    case ScalarType_Byte: return "torch.ByteTensor";
    case ScalarType_Char: return "torch.CharTensor";
    case ScalarType_Short: return "torch.ShortTensor";
    case ScalarType_Int: return "torch.IntTensor";
    case ScalarType_Long: return "torch.LongTensor";
    case ScalarType_Float: return "torch.FloatTensor";
    case ScalarType_Double: return "torch.DoubleTensor";
    case ScalarType_Bool: return "CPUBoolType"; /* sic: 1.13 has no legacy BoolTensor name */
    case ScalarType_QUInt8: return "torch.quantized.QUInt8Tensor";
    case ScalarType_QInt8: return "torch.quantized.QInt8Tensor";
    case ScalarType_QInt32: return "torch.quantized.QInt32Tensor";
    default: return "UndefinedType";
  }
}
