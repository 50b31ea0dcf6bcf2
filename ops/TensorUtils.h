/*
 * TensorUtils.h - geometry questions kernels ask of tensors.
 * PyTorch 1.13: aten/src/ATen/TensorUtils.h, c10/core/TensorImpl.h
 */
#ifndef MINATEN_OPS_TENSORUTILS_H
#define MINATEN_OPS_TENSORUTILS_H

#include <stdbool.h>

#include "runtime/TensorImpl.h"

/*
 * The strides that let a tensor of (oldshape, oldstride) be viewed as
 * newshape without copying, written to newstride; false if no such strides
 * exist (then reshape must copy).  See the Note in TensorUtils.c.
 * PyTorch 1.13: aten/src/ATen/TensorUtils.cpp at::detail::computeStride
 */
bool computeStride(IntArrayRef oldshape, IntArrayRef oldstride, IntArrayRef newshape,
                   int64_t* newstride);

/* computeStride on SymInts (reshape's): 1 with the strides written, 0 when
 * no view exists, -1 with SymInt's error when a stride or partial product
 * is not a valid SymInt (see SymInt_check).
 * PyTorch 1.13: aten/src/ATen/TensorUtils.cpp computeStride (SymIntArrayRef) */
int computeStride_symint(IntArrayRef oldshape, IntArrayRef oldstride, IntArrayRef newshape,
                         int64_t* newstride);

/*
 * The explainer's view of computeStride (tools/minaten/explain_reshape.c):
 * when computeStride_explain is set, the walk reports each step as it
 * takes it, so `minaten explain` tells the decisions the real code made
 * and cannot drift from them.  NULL (the default) on the hot path.
 *   ZeroDim, EmptySameShape, Empty: the cases before the walk;
 *   Chunk     old dimensions [dim, end_dim] form one contiguous subspace of
 *             numel elements spaced base_stride (view_d: the next new
 *             dimension to fill);
 *   NewDim    new dimension view_d took stride base_stride, the chunk's new
 *             dimensions now hold view_numel elements;
 *   Straddle  new dimension view_d overshoots the chunk: view_numel of the
 *             chunk's numel (no view);
 *   Result    last: result (1, 0, -1 as computeStride_symint) and the shapes.
 */
typedef enum ComputeStrideStep {
  ComputeStrideStep_ZeroDim,
  ComputeStrideStep_EmptySameShape,
  ComputeStrideStep_Empty,
  ComputeStrideStep_Chunk,
  ComputeStrideStep_NewDim,
  ComputeStrideStep_Straddle,
  ComputeStrideStep_Result,
} ComputeStrideStep;
typedef struct ComputeStrideEvent {
  ComputeStrideStep step;
  int64_t dim, end_dim, numel, base_stride, view_d, view_numel;
  int result;                               /* Result only */
  IntArrayRef oldshape, oldstride, newshape; /* Result only */
  const int64_t* newstride;                  /* Result only, when result is 1 */
} ComputeStrideEvent;
typedef void (*ComputeStrideExplainFn)(const ComputeStrideEvent* e, void* ctx);
extern ComputeStrideExplainFn computeStride_explain;
extern void* computeStride_explain_ctx;

/* PyTorch 1.13: c10/core/TensorImpl.h compute_non_overlapping_and_dense */
bool Tensor_isNonOverlappingAndDense(const Tensor* t);

/*
 * The dense strides with which a copy of a tensor keeps its dimensions'
 * order in memory (what empty_like and _to_copy give a tensor that is not
 * itself dense): dimensions sorted by stride, stride-0 dimensions staying
 * where a contiguous tensor has them.  Writes sizes.size entries.
 * PyTorch 1.13: aten/src/ATen/TensorUtils.cpp at::infer_dense_strides
 */
void infer_dense_strides(IntArrayRef sizes, IntArrayRef strides, int64_t* out);

/* Whether a 4-D (5-D) tensor's strides look channels-last (NHWC), the test
 * behind Tensor::suggest_memory_format().
 * PyTorch 1.13: c10/core/MemoryFormat.h is_channels_last_strides_2d/_3d */
bool Tensor_isStridesLikeChannelsLast(const Tensor* t);

/* Channels-last (ChannelsLast for 4-D strides that look it, ChannelsLast3d
 * for 5-D), else contiguous.
 * PyTorch 1.13: aten/src/ATen/core/TensorBase.h TensorBase::suggest_memory_format */
MemoryFormat Tensor_suggestMemoryFormat(const Tensor* t);

/* t.is_contiguous(memory_format): for a channels-last format, whether the
 * strides are exactly that format's, a size-1 dimension's stride free;
 * otherwise (contiguous, preserve) t's own contiguity.
 * PyTorch 1.13: c10/core/TensorImpl.h is_contiguous_default,
 * TensorImpl.cpp compute_channels_last_contiguous_2d/_3d */
bool Tensor_isContiguousMemoryFormat(const Tensor* t, MemoryFormat format);

/* t's strides set to the format's for its sizes, its storage and offset
 * kept: contiguous, or channels-last (C innermost, then W, H(, D), then
 * N).  Returns 0, or -1 with 1.13's error for a format of another rank
 * ("required rank 4 tensor to use channels_last format"), or preserve.
 * PyTorch 1.13: c10/core/TensorImpl.h TensorImpl::empty_tensor_restride,
 * c10/core/MemoryFormat.h get_channels_last_strides_2d/_3d */
int Tensor_emptyTensorRestride(Tensor* t, MemoryFormat format);

/*
 * c10::SymInt, minaten's `SymInt` being a plain int64: PyTorch reserves the
 * integers in [-2^63, -2^62 - 1] for symbolic values.  Making a SymInt of
 * one fails "Expected !is_symbolic() to be true, but got false.  (Could this
 * ...)" (SymInt_check), and converting an IntArrayRef that holds one into a
 * SymIntArrayRef (Tensor::as_strided with int sizes) fails "IntArrayRef
 * contains an int that cannot be represented as a SymInt: -9223372036854775808"
 * (SymInt_checkArrayRef).  Both return 0, or -1 with the RuntimeError set.
 * PyTorch 1.13: c10/core/SymInt.h (SymInt(int64_t), check_range),
 * c10/core/SymIntArrayRef.h fromIntArrayRef
 */
int SymInt_checkArrayRef(IntArrayRef values);
/* SymInt_check's failure: sets the RuntimeError, returns -1. */
int SymInt_checkFailed(void);
/* The integers whose top two bits are 10: c10::SymInt's tag for a pointer. */
static inline bool SymInt_isSymbolic(int64_t value) { return ((uint64_t)value >> 62) == 2; }
/* Inline: reshape's infer_size and computeStride check every product. */
static inline int SymInt_check(int64_t value) { return SymInt_isSymbolic(value) ? SymInt_checkFailed() : 0; }

/* TensorImpl::safe_compute_numel's check: the product of the sizes, taken
 * as unsigned 64-bit integers, must not overflow nor exceed INT64_MAX (a
 * negative size counts as a huge one, unless a zero comes first).  Returns
 * 0, or -1 with "numel: integer multiplication overflow".
 * PyTorch 1.13: c10/core/TensorImpl.h safe_compute_numel */
int check_numel(IntArrayRef sizes);

/* "torch.FloatTensor", as Tensor::toString() names a CPU tensor's type.
 * PyTorch 1.13: aten/src/ATen/core/Tensor.cpp TensorBase::toString */
const char* Tensor_typeString(const Tensor* t);

/* An in-place operator's result (a new reference to its self, as at_copy_
 * or at_zero_ return it) dropped: 0, or -1 when the call failed (NULL). */
static inline int done_in_place(Tensor* result) {
  if (result == NULL) return -1;
  Tensor_release(result);
  return 0;
}

#endif
