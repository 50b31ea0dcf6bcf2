/*
 * TensorShape.h - what TensorShape.c (reshape and its family),
 * TensorShapeViews.c (the strided views) and quantized/TensorShape.c (the
 * quantized views) share.
 * PyTorch 1.13: aten/src/ATen/native/TensorShape.cpp, TensorShape.h
 */
#ifndef MINATEN_OPS_TENSORSHAPE_H
#define MINATEN_OPS_TENSORSHAPE_H

#include "runtime/TensorImpl.h"

/* A view of self with new sizes and strides and self's storage offset,
 * made directly, with no checks (the caller computed a valid geometry).
 * PyTorch 1.13: aten/src/ATen/native/TensorShape.cpp alias_with_sizes_and_strides */
Tensor* alias_with_sizes_and_strides(const Tensor* self, IntArrayRef sizes, IntArrayRef strides);

/* The sizes and strides of a tensor with a new size-1 dimension at `dim`,
 * whose stride spans the dimension it is put in front of (1 at the end), so
 * that a contiguous tensor stays contiguous; in wrapping arithmetic, as
 * PyTorch's int64.  `dim` is wrapped (0 <= dim <= tensor->dim) and the
 * tensor has fewer than MINATEN_MAX_DIM dimensions (check_max_dims): the
 * callers (unsqueeze, unsqueeze_, unsqueeze_quantized) check both first.
 * PyTorch 1.13: aten/src/ATen/native/TensorShape.cpp inferUnsqueezeGeometry */
typedef struct InferUnsqueezeGeometryResult {
  int64_t sizes[MINATEN_MAX_DIM];
  int64_t strides[MINATEN_MAX_DIM];
  size_t dim; /* tensor->dim + 1 */
} InferUnsqueezeGeometryResult;
InferUnsqueezeGeometryResult inferUnsqueezeGeometry(const Tensor* tensor, int64_t dim);

/* 0 when the elements of a view with this geometry (non-negative strides)
 * lie inside `storage`, else -1 with as_strided's RuntimeError ("Storage
 * size calculation overflowed with sizes=... and strides=...", or
 * "setStorage: sizes ..., strides ..., storage offset ..., and itemsize ...
 * requiring a storage size of ... are out of bounds for storage of size
 * ...").  A geometry with no element fits any storage.
 * PyTorch 1.13: aten/src/ATen/native/Resize.h checkInBoundsForStorage */
int checkInBoundsForStorage(IntArrayRef size, IntArrayRef stride, int64_t storage_offset, size_t itemsize,
                            const Storage* storage);

/*
 * self.as_strided(size, stride, storage_offset) called with int sizes, as
 * the view kernels call it: the lists are converted to SymInt lists first
 * (which refuses the ints PyTorch reserves for symbolic values), then
 * aten::as_strided is dispatched, so the backend's as_strided kernel makes
 * the view and checks it against the storage.  New reference, or NULL.
 * PyTorch 1.13: aten/src/ATen/core/TensorBody.h Tensor::as_strided
 */
Tensor* Tensor_as_strided(const Tensor* self, IntArrayRef size, IntArrayRef stride, OptionalInt storage_offset);

/* The slice kernel called directly with ints, as split_with_sizes calls it:
 * no SymInt conversion, so an end that wrapped to -2**63 is clamped like any
 * other.  New reference, or NULL.
 * PyTorch 1.13: aten/src/ATen/native/TensorShape.cpp at::native::slice */
Tensor* slice_int(const Tensor* self, int64_t dim, OptionalInt start, OptionalInt end, int64_t step);

#endif
