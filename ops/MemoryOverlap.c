/*
 * MemoryOverlap.c - see MemoryOverlap.h.
 * PyTorch 1.13: aten/src/ATen/MemoryOverlap.cpp
 */
#include "ops/MemoryOverlap.h"

#include <string.h>

#include "ops/TensorUtils.h"
#include "runtime/Exception.h"

bool has_internal_overlap(const Tensor* t) {
  if (Tensor_isNonOverlappingAndDense(t)) return false;
  for (int64_t i = 0; i < t->dim; i++)
    if (t->sizes[i] > 1 && t->strides[i] == 0) return true;
  return false; /* No or TooHard: PyTorch lets both through */
}

MemOverlapStatus get_overlap_status(const Tensor* a, const Tensor* b) {
  if (a == b) return MemOverlapStatus_Full;
  if (a->numel == 0 || b->numel == 0) return MemOverlapStatus_No;
  if (!Tensor_isNonOverlappingAndDense(a) || !Tensor_isNonOverlappingAndDense(b)) return MemOverlapStatus_TooHard;
  if (a->storage == NULL || a->storage != b->storage) return MemOverlapStatus_No;
  const char* a_begin = Tensor_data(a);
  const char* b_begin = Tensor_data(b);
  const char* a_end = a_begin + a->numel * (int64_t)Tensor_itemsize(a);
  const char* b_end = b_begin + b->numel * (int64_t)Tensor_itemsize(b);
  if (a_begin == b_begin && a_end == b_end)
    return a->dim == b->dim && memcmp(a->strides, b->strides, (size_t)a->dim * sizeof(int64_t)) == 0
               ? MemOverlapStatus_Full
               : MemOverlapStatus_Partial;
  return a_begin < b_end && b_begin < a_end ? MemOverlapStatus_Partial : MemOverlapStatus_No;
}

int assert_no_internal_overlap(const Tensor* t) {
  TORCH_CHECK(!has_internal_overlap(t),
              "unsupported operation: more than one element of the written-to tensor refers to a "
              "single memory location. Please clone() the tensor before performing the operation.");
  return 0;
fail:
  return -1;
}

/* The message of both checks between an input and the written-to tensor. */
static const char kInputOverlap[] =
    "unsupported operation: some elements of the input tensor and the written-to tensor "
    "refer to a single memory location. Please clone() the tensor before performing the "
    "operation.";

int assert_no_partial_overlap(const Tensor* a, const Tensor* b) {
  TORCH_CHECK(!has_partial_overlap(a, b), "%s", kInputOverlap);
  return 0;
fail:
  return -1;
}

int assert_no_overlap(const Tensor* a, const Tensor* b) {
  MemOverlapStatus lap = get_overlap_status(a, b);
  TORCH_CHECK(lap != MemOverlapStatus_Partial && lap != MemOverlapStatus_Full, "%s", kInputOverlap);
  return 0;
fail:
  return -1;
}
