/*
 * EmptyTensor.c - fresh CPU and meta tensors; see EmptyTensor.h.
 * PyTorch 1.13: aten/src/ATen/EmptyTensor.cpp
 */
#include "ops/EmptyTensor.h"

#include "runtime/Exception.h"
#include "runtime/safe_numerics.h"

/* PyTorch computes in uint64_t: a negative size or stride becomes a huge
 * number, which overflows or exceeds the largest storage (INT64_MAX bytes)
 * and is reported as an overflow.  A size-0 dimension returns 0 as soon as
 * it is reached, whatever came before it. */
int64_t computeStorageNbytes(IntArrayRef sizes, IntArrayRef strides, size_t itemsize) {
  uint64_t size = 1; /* one more than the offset of the last element */
  bool overflowed = false;
  for (size_t i = 0; i < sizes.size; i++) {
    if (sizes.data[i] == 0) return 0;
    uint64_t strided_size;
    overflowed |= __builtin_mul_overflow((uint64_t)strides.data[i], (uint64_t)sizes.data[i] - 1, &strided_size);
    overflowed |= __builtin_add_overflow(size, strided_size, &size);
  }
  overflowed |= __builtin_mul_overflow(size, (uint64_t)itemsize, &size);
  overflowed |= size > (uint64_t)INT64_MAX; /* storage_max() */
  return overflowed ? -1 : (int64_t)size;
}

/* The product of the sizes first (so a 0 size makes it 0 unless an earlier
 * partial product overflowed), plus the offset, times the item size.
 * PyTorch 1.13: aten/src/ATen/EmptyTensor.cpp computeStorageNbytesContiguous */
int64_t computeStorageNbytesContiguous(IntArrayRef sizes, size_t itemsize, int64_t storage_offset) {
  uint64_t size;
  bool overflowed = safe_multiplies_u64(sizes.data, sizes.size, &size);
  overflowed |= add_overflows_u64(size, (uint64_t)storage_offset, &size);
  overflowed |= mul_overflows_u64(size, (uint64_t)itemsize, &size);
  overflowed |= size > (uint64_t)INT64_MAX; /* storage_max() */
  return overflowed ? -1 : (int64_t)size;
}

/* PyTorch 1.13: aten/src/ATen/EmptyTensor.cpp check_size_nonnegative */
static int check_size_nonnegative(IntArrayRef sizes) {
  for (size_t i = 0; i < sizes.size; i++) {
    if (sizes.data[i] < 0) {
      char buf[256];
      Error_set(ErrorType_RuntimeError, "Trying to create tensor with negative dimension %lld: %s",
                (long long)sizes.data[i], IntArrayRef_format(sizes, buf, sizeof buf));
      return -1;
    }
  }
  return 0;
}

/* A tensor of fresh storage on the CPU, or of a meta storage (no data).
 * PyTorch 1.13: aten/src/ATen/EmptyTensor.cpp empty_strided_generic */
static Tensor* empty_strided_generic(IntArrayRef sizes, IntArrayRef strides, ScalarType dtype, DeviceType device) {
  if (check_size_nonnegative(sizes) < 0) return NULL;
  int64_t nbytes = computeStorageNbytes(sizes, strides, ScalarType_elementSize(dtype));
  if (nbytes < 0) {
    char b1[256], b2[256];
    Error_set(ErrorType_RuntimeError, "Storage size calculation overflowed with sizes=%s and strides=%s",
              IntArrayRef_format(sizes, b1, sizeof b1), IntArrayRef_format(strides, b2, sizeof b2));
    return NULL;
  }
  bool meta = device == DeviceType_Meta;
  Storage* storage = meta ? Storage_newMeta((size_t)nbytes) : Storage_new((size_t)nbytes);
  if (storage == NULL) return NULL;
  Tensor* t = Tensor_new(storage, 0, sizes, strides, dtype, meta ? (Device){DeviceType_Meta, -1} : Device_cpu(),
                         meta ? DispatchKey_Meta : DispatchKey_CPU);
  Storage_release(storage);
  return t;
}

Tensor* empty_strided_cpu(IntArrayRef sizes, IntArrayRef strides, ScalarType dtype) {
  return empty_strided_generic(sizes, strides, dtype, DeviceType_CPU);
}

Tensor* empty_strided_meta(IntArrayRef sizes, IntArrayRef strides, ScalarType dtype) {
  return empty_strided_generic(sizes, strides, dtype, DeviceType_Meta);
}

Tensor* empty_strided_on(DeviceType device, IntArrayRef sizes, IntArrayRef strides, ScalarType dtype) {
  return empty_strided_generic(sizes, strides, dtype, device == DeviceType_Meta ? DeviceType_Meta : DeviceType_CPU);
}

Tensor* empty_meta(IntArrayRef sizes, ScalarType dtype) {
  return empty_on(DeviceType_Meta, sizes, dtype);
}

Tensor* empty_cpu(IntArrayRef sizes, ScalarType dtype) { return empty_on(DeviceType_CPU, sizes, dtype); }

Tensor* empty_on(DeviceType device, IntArrayRef sizes, ScalarType dtype) {
  int64_t strides[MINATEN_MAX_DIM];
  if (check_max_dims((int64_t)sizes.size) < 0) return NULL;
  if (check_size_nonnegative(sizes) < 0) return NULL;
  if (check_storage_nbytes(computeStorageNbytesContiguous(sizes, ScalarType_elementSize(dtype), 0), sizes) < 0)
    return NULL;
  computeContiguousStrides(sizes, strides);
  return empty_strided_on(device, sizes, IntArrayRef_make(strides, sizes.size), dtype);
}
