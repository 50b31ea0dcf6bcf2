/*
 * EmptyTensor.h - making CPU tensors with fresh, uninitialised storage, and
 * meta tensors, whose storage has a size and no data.
 * PyTorch 1.13: aten/src/ATen/EmptyTensor.h (at::detail::empty_cpu,
 * empty_strided_cpu, empty_meta, empty_strided_meta)
 */
#ifndef MINATEN_OPS_EMPTYTENSOR_H
#define MINATEN_OPS_EMPTYTENSOR_H

#include "runtime/TensorImpl.h"

/* Bytes a (size, stride) geometry spans: 0 if it has no element, else
 * itemsize * (1 + sum (size_i - 1) * stride_i).  Returns -1 where PyTorch
 * reports "Storage size calculation overflowed with sizes=... and strides=...".
 * PyTorch 1.13: aten/src/ATen/EmptyTensor.cpp computeStorageNbytes */
int64_t computeStorageNbytes(IntArrayRef sizes, IntArrayRef strides, size_t itemsize);

/* Bytes a contiguous tensor of these sizes needs after storage_offset
 * elements: (prod(sizes) + storage_offset) * itemsize, the product taken in
 * uint64_t ([2**61, 0] needs 0 bytes, [2**62, 8, 0] overflows).  Returns -1
 * where PyTorch reports "Storage size calculation overflowed with sizes=...".
 * PyTorch 1.13: aten/src/ATen/EmptyTensor.cpp computeStorageNbytesContiguous */
int64_t computeStorageNbytesContiguous(IntArrayRef sizes, size_t itemsize, int64_t storage_offset);

/* A contiguous CPU tensor of dtype; NULL + RuntimeError for a negative size
 * ("Trying to create tensor with negative dimension -1: [-1]") or OOM.
 * PyTorch 1.13: aten/src/ATen/EmptyTensor.cpp at::detail::empty_cpu */
Tensor* empty_cpu(IntArrayRef sizes, ScalarType dtype);
/* PyTorch 1.13: aten/src/ATen/EmptyTensor.cpp at::detail::empty_strided_cpu */
Tensor* empty_strided_cpu(IntArrayRef sizes, IntArrayRef strides, ScalarType dtype);

/* The same on the meta device: sizes, strides and dtype, with a storage of
 * the bytes they span and no data.
 * PyTorch 1.13: aten/src/ATen/EmptyTensor.cpp at::detail::empty_meta, empty_strided_meta */
Tensor* empty_meta(IntArrayRef sizes, ScalarType dtype);
Tensor* empty_strided_meta(IntArrayRef sizes, IntArrayRef strides, ScalarType dtype);

/* empty_cpu/empty_strided_cpu, or their meta forms for DeviceType_Meta:
 * the outputs an operator makes on its inputs' device. */
Tensor* empty_on(DeviceType device, IntArrayRef sizes, ScalarType dtype);
Tensor* empty_strided_on(DeviceType device, IntArrayRef sizes, IntArrayRef strides, ScalarType dtype);

#endif
