/*
 * TensorUtils.c - see TensorUtils.h.
 * PyTorch 1.13: aten/src/ATen/TensorUtils.cpp, c10/core/TensorImpl.cpp
 */
#include "ops/TensorUtils.h"

#include <stdlib.h>

#include "ops/TensorIterator.h"
#include "runtime/Exception.h"
#include "runtime/safe_numerics.h"

/* PyTorch's int64 products wrap on overflow in practice: mul_wrap
 * (runtime/safe_numerics.h). */
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
 *
 * Size-1 dimensions of the new shape take any stride; the loop gives them
 * base * numel-so-far (so [6] viewed as [1, 6, 1] gets strides [6, 1, 1]),
 * and the `newshape[view_d] == 1` test lets trailing ones be consumed at the
 * last boundary.  Three cases come before the walk:
 *   - a 0-dim tensor has one element: every new dimension gets stride 1;
 *   - no element and the same shape: keep the old strides (NumPy does);
 *   - no element otherwise: contiguous strides, as if freshly allocated
 *     (sizes 0 and 1 counting as 1), since no element has to stay put.
 */

/* *var = a * b, wrapped like PyTorch's int64_t; with SymInts (reshape),
 * the product must also be a valid SymInt: false with SymInt's error. */
static bool product(int64_t* var, int64_t a, int64_t b, bool symint) {
  *var = mul_wrap(a, b);
  return !symint || SymInt_check(*var) == 0;
}

ComputeStrideExplainFn computeStride_explain;
void* computeStride_explain_ctx;

/* Tells the explainer (minaten explain) one step of the walk; a NULL test
 * on the hot path. */
static void explain_step(ComputeStrideStep step, int64_t dim, int64_t end_dim, int64_t numel, int64_t base_stride,
                         int64_t view_d, int64_t view_numel) {
  if (computeStride_explain == NULL) return;
  ComputeStrideEvent e = {.step = step, .dim = dim, .end_dim = end_dim, .numel = numel, .base_stride = base_stride,
                          .view_d = view_d, .view_numel = view_numel};
  computeStride_explain(&e, computeStride_explain_ctx);
}

/* 1: strides written; 0: no view possible; -1: error set (SymInt only). */
static int computeStride_walk(IntArrayRef oldshape, IntArrayRef oldstride, IntArrayRef newshape,
                              int64_t* newstride, bool symint) {
  if (oldshape.size == 0) {
    explain_step(ComputeStrideStep_ZeroDim, 0, 0, 1, 1, -1, 1);
    for (size_t i = 0; i < newshape.size; i++) newstride[i] = 1;
    return 1;
  }
  /* multiply_integers: wraps past a size-0 dim; with SymInts, each partial
   * product must be a valid SymInt ([2**62, 2, 0] is refused at 2**63). */
  int64_t numel = 1;
  for (size_t i = 0; i < oldshape.size; i++)
    if (!product(&numel, numel, oldshape.data[i], symint)) return -1;
  bool same_shape = oldshape.size == newshape.size;
  for (size_t i = 0; same_shape && i < oldshape.size; i++) same_shape = oldshape.data[i] == newshape.data[i];
  if (numel == 0 && same_shape) {
    explain_step(ComputeStrideStep_EmptySameShape, 0, 0, 0, 0, -1, 0);
    for (size_t i = 0; i < oldstride.size; i++) newstride[i] = oldstride.data[i];
    return 1;
  }
  int64_t nd = (int64_t)newshape.size;
  if (numel == 0) {
    /* No element to keep in place: any strides do; use contiguous ones. */
    explain_step(ComputeStrideStep_Empty, 0, 0, 0, 0, -1, 0);
    for (int64_t view_d = nd - 1; view_d >= 0; view_d--) {
      if (view_d == nd - 1)
        newstride[view_d] = 1;
      else
        if (!product(&newstride[view_d], newshape.data[view_d + 1] > 1 ? newshape.data[view_d + 1] : 1,
                     newstride[view_d + 1], symint))
          return -1;
    }
    return 1;
  }
  int64_t view_d = nd - 1;
  /* stride for each subspace in the chunk */
  int64_t chunk_base_stride = oldstride.data[oldstride.size - 1];
  /* numel in current chunk */
  int64_t tensor_numel = 1;
  int64_t view_numel = 1;
  int64_t chunk_end = (int64_t)oldshape.size - 1; /* the chunk's innermost dimension, for the explainer */
  for (int64_t tensor_d = (int64_t)oldshape.size - 1; tensor_d >= 0; tensor_d--) {
    tensor_numel *= oldshape.data[tensor_d];
    /* End of a chunk: the next dimension out is not contiguous with this one. */
    if (tensor_d == 0 || (oldshape.data[tensor_d - 1] != 1 &&
                          oldstride.data[tensor_d - 1] != mul_wrap(tensor_numel, chunk_base_stride))) {
      explain_step(ComputeStrideStep_Chunk, tensor_d, chunk_end, tensor_numel, chunk_base_stride, view_d, view_numel);
      /* Give the chunk's elements to new dimensions, innermost first. */
      while (view_d >= 0 && (view_numel < tensor_numel || newshape.data[view_d] == 1)) {
        if (!product(&newstride[view_d], view_numel, chunk_base_stride, symint) ||
            !product(&view_numel, view_numel, newshape.data[view_d], symint))
          return -1;
        explain_step(ComputeStrideStep_NewDim, tensor_d, chunk_end, tensor_numel, newstride[view_d], view_d,
                     view_numel);
        view_d--;
      }
      if (view_numel != tensor_numel) {
        /* a new dimension straddles the chunk's end */
        explain_step(ComputeStrideStep_Straddle, tensor_d, chunk_end, tensor_numel, chunk_base_stride, view_d + 1,
                     view_numel);
        return 0;
      }
      if (tensor_d > 0) {
        chunk_base_stride = oldstride.data[tensor_d - 1];
        tensor_numel = 1;
        view_numel = 1;
        chunk_end = tensor_d - 1;
      }
    }
  }
  return view_d == -1;
}

/*
 * NB(minaten): the walk's answer for the commonest input, a tensor with
 * elements whose strides are exactly the contiguous ones (size-1 dimensions
 * included: is_contiguous ignores their strides, the walk does not).  It is
 * then one chunk of base stride 1, so every new dimension gets the product
 * of the new sizes after it: the new shape's contiguous strides.  With
 * elements, no product exceeds numel, so none overflows or is symbolic; a
 * product that overflows (beside a size-0 dimension: [0, 2**62, 2]) is the
 * walk's to handle.  1 (strides written) or 0 (not that case, or the
 * numels differ: walk).  PyTorch has no such shortcut; the result is
 * the same, and the explainer always walks.
 */
static int computeStride_contiguous(IntArrayRef oldshape, IntArrayRef oldstride, IntArrayRef newshape,
                                    int64_t* newstride) {
  if (oldshape.size == 0) return 0;
  int64_t expected = 1;
  for (size_t d = oldshape.size; d-- > 0;) {
    if (oldstride.data[d] != expected || oldshape.data[d] <= 0) return 0;
    if (__builtin_mul_overflow(expected, oldshape.data[d], &expected)) return 0; /* [0, 2, 2**62]: walk */
  }
  int64_t stride = 1;
  for (size_t d = newshape.size; d-- > 0;) {
    newstride[d] = stride;
    if (newshape.data[d] <= 0 || __builtin_mul_overflow(stride, newshape.data[d], &stride)) return 0;
  }
  return stride == expected; /* the callers' infer_size made it so; else walk */
}

/* The walk, then its answer for the explainer. */
static int computeStride_impl(IntArrayRef oldshape, IntArrayRef oldstride, IntArrayRef newshape,
                              int64_t* newstride, bool symint) {
  if (computeStride_explain == NULL && computeStride_contiguous(oldshape, oldstride, newshape, newstride)) return 1;
  int result = computeStride_walk(oldshape, oldstride, newshape, newstride, symint);
  if (computeStride_explain != NULL) {
    ComputeStrideEvent e = {.step = ComputeStrideStep_Result, .view_d = -1, .result = result};
    e.oldshape = oldshape;
    e.oldstride = oldstride;
    e.newshape = newshape;
    e.newstride = newstride;
    computeStride_explain(&e, computeStride_explain_ctx);
  }
  return result;
}

bool computeStride(IntArrayRef oldshape, IntArrayRef oldstride, IntArrayRef newshape, int64_t* newstride) {
  return computeStride_impl(oldshape, oldstride, newshape, newstride, false) == 1;
}

int computeStride_symint(IntArrayRef oldshape, IntArrayRef oldstride, IntArrayRef newshape, int64_t* newstride) {
  return computeStride_impl(oldshape, oldstride, newshape, newstride, true);
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
    require_stride = mul_wrap(require_stride, size); /* wraps past a size-0 dim */
  }
  return true;
}

void infer_dense_strides(IntArrayRef sizes, IntArrayRef strides, int64_t* out) {
  /* TensorIterator's order, so that strides propagate alike everywhere:
   * smaller stride first, equal strides by size, and a stride-0 dimension is
   * no reason to move.  A size-0 dimension counts as 1 (no element anyway). */
  const int64_t* ops[1] = {strides.data};
  output_strides((int64_t)sizes.size, sizes.data, ops, 1, out);
}

/* Walks the dimensions in channels-last order (C, then W, H, ..., then N);
 * each stride must be at least the extent of the previous one.  A trivial C
 * (stride 0) or an ambiguous N11..1 layout stays NCHW. */
static bool is_channels_last_strides(const Tensor* t, const int* order, int n) {
  int64_t min = 0;
  if (t->strides[1] == 0) return false;
  for (int k = 0; k < n; k++) {
    int d = order[k];
    if (t->sizes[d] == 0) return false;
    if (t->strides[d] < min) return false;
    if (d == 0 && min == t->strides[1]) return false;
    min = t->strides[d];
    if (t->sizes[d] > 1) min = mul_wrap(min, t->sizes[d]);
  }
  return true;
}

/* The channels-last formats' dimension order, innermost first. */
static const int kChannelsLastOrder2d[] = {1, 3, 2, 0};
static const int kChannelsLastOrder3d[] = {1, 4, 3, 2, 0};

bool Tensor_isStridesLikeChannelsLast(const Tensor* t) {
  if (t->dim == 4) return is_channels_last_strides(t, kChannelsLastOrder2d, 4);
  if (t->dim == 5) return is_channels_last_strides(t, kChannelsLastOrder3d, 5);
  return false;
}

MemoryFormat Tensor_suggestMemoryFormat(const Tensor* t) {
  if (!Tensor_isStridesLikeChannelsLast(t)) return MemoryFormat_Contiguous;
  return t->dim == 4 ? MemoryFormat_ChannelsLast : MemoryFormat_ChannelsLast3d;
}

/* Each dimension in the format's order has the stride of the elements
 * inside it; a size-1 dimension's stride is free.
 * PyTorch 1.13: c10/core/TensorImpl.cpp compute_channels_last_contiguous_2d/_3d */
static bool is_channels_last_contiguous(const Tensor* t, const int* order, int n) {
  if (t->dim != n) return false;
  int64_t expected = 1;
  for (int k = 0; k < n; k++) {
    int d = order[k];
    if (t->sizes[d] == 1) continue;
    if (t->strides[d] != expected) return false;
    expected = mul_wrap(expected, t->sizes[d]);
  }
  return true;
}

bool Tensor_isContiguousMemoryFormat(const Tensor* t, MemoryFormat format) {
  if (format == MemoryFormat_ChannelsLast) return is_channels_last_contiguous(t, kChannelsLastOrder2d, 4);
  if (format == MemoryFormat_ChannelsLast3d) return is_channels_last_contiguous(t, kChannelsLastOrder3d, 5);
  return t->is_contiguous;
}

/* The strides of Tensor_emptyTensorRestride, into out. */
static int memory_format_strides(IntArrayRef sizes, MemoryFormat format, int64_t* out) {
  switch (format) {
    case MemoryFormat_Contiguous: computeContiguousStrides(sizes, out); return 0;
    case MemoryFormat_ChannelsLast:
    case MemoryFormat_ChannelsLast3d: {
      bool is_2d = format == MemoryFormat_ChannelsLast;
      int n = is_2d ? 4 : 5;
      TORCH_CHECK((int)sizes.size == n, "required rank %d tensor to use %s format", n,
                  is_2d ? "channels_last" : "channels_last_3d");
      const int* order = is_2d ? kChannelsLastOrder2d : kChannelsLastOrder3d;
      int64_t stride = 1; /* no max(size, 1): a size-0 C gives the rest 0 */
      for (int k = 0; k < n; k++) {
        out[order[k]] = stride;
        stride = mul_wrap(stride, sizes.data[order[k]]);
      }
      return 0;
    }
    case MemoryFormat_Preserve: break;
  }
  Error_set(ErrorType_RuntimeError, "unsupported memory format Preserve");
fail:
  return -1;
}

int Tensor_emptyTensorRestride(Tensor* t, MemoryFormat format) {
  int64_t strides[MINATEN_MAX_DIM];
  if (memory_format_strides(Tensor_sizes(t), format, strides) < 0) return -1;
  return Tensor_setSizesAndStrides(t, Tensor_sizes(t), IntArrayRef_make(strides, (size_t)t->dim));
}

int SymInt_checkFailed(void) {
  Error_set(ErrorType_RuntimeError,
            "Expected !is_symbolic() to be true, but got false.  (Could this error message be "
            "improved?  If so, please report an enhancement request to PyTorch.)");
  return -1;
}

int SymInt_checkArrayRef(IntArrayRef values) {
  for (size_t i = 0; i < values.size; i++) {
    if (SymInt_isSymbolic(values.data[i])) {
      Error_set(ErrorType_RuntimeError,
                "IntArrayRef contains an int that cannot be represented as a SymInt: %lld",
                (long long)values.data[i]);
      return -1;
    }
  }
  return 0;
}

int check_numel(IntArrayRef sizes) {
  uint64_t n = 1;
  bool overflows = false;
  for (size_t i = 0; i < sizes.size; i++) overflows |= __builtin_mul_overflow(n, (uint64_t)sizes.data[i], &n);
  if (overflows || n > (uint64_t)INT64_MAX) {
    Error_set(ErrorType_RuntimeError, "numel: integer multiplication overflow");
    return -1;
  }
  return 0;
}

/* The legacy type names, where 1.13 has one (torch.FloatTensor), and
 * otherwise TensorBase::toString's <dispatch key><dtype>Type. */
static const char* const kTypeString[ScalarType_NumOptions] = {
    [ScalarType_Byte] = "torch.ByteTensor",
    [ScalarType_Char] = "torch.CharTensor",
    [ScalarType_Short] = "torch.ShortTensor",
    [ScalarType_Int] = "torch.IntTensor",
    [ScalarType_Long] = "torch.LongTensor",
    [ScalarType_Float] = "torch.FloatTensor",
    [ScalarType_Double] = "torch.DoubleTensor",
    [ScalarType_Bool] = "CPUBoolType", /* sic: 1.13 has no legacy BoolTensor name */
    [ScalarType_ComplexFloat] = "torch.ComplexFloatTensor",
    [ScalarType_ComplexDouble] = "torch.ComplexDoubleTensor",
    [ScalarType_QUInt8] = "QuantizedCPUQUInt8Type",
    [ScalarType_QInt8] = "QuantizedCPUQInt8Type",
    [ScalarType_QInt32] = "QuantizedCPUQInt32Type",
};

const char* Tensor_typeString(const Tensor* t) {
  return (unsigned)t->dtype < ScalarType_NumOptions && kTypeString[t->dtype] ? kTypeString[t->dtype] : "UndefinedType";
}
