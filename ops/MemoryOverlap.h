/*
 * MemoryOverlap.h - whether a written-to tensor overlaps itself or an input.
 *
 * An operator writing into a tensor given by the caller (in place, out=,
 * copy_) refuses two layouts whose result would depend on the order of the
 * writes: an output of which several elements share one memory location
 * (an expanded tensor), and an input that shares only part of the output's
 * memory.  Both are decided only where it is cheap, for dense tensors;
 * anything harder passes, as in PyTorch.
 *
 * PyTorch 1.13: aten/src/ATen/MemoryOverlap.h
 */
#ifndef MINATEN_OPS_MEMORYOVERLAP_H
#define MINATEN_OPS_MEMORYOVERLAP_H

#include <stdbool.h>

#include "runtime/TensorImpl.h"

/* has_internal_overlap(t) == MemOverlap::Yes: not dense, and some
 * dimension of more than one element has stride 0.
 * PyTorch 1.13: aten/src/ATen/MemoryOverlap.cpp has_internal_overlap */
bool has_internal_overlap(const Tensor* t);

/* How two tensors share memory: Full when they are one tensor, or dense
 * over the same bytes with the same strides; Partial when two dense tensors
 * of one storage have intersecting byte ranges otherwise; No when they
 * cannot share a byte; TooHard when either is not dense.
 * PyTorch 1.13: aten/src/ATen/MemoryOverlap.h MemOverlapStatus, get_overlap_status */
typedef enum MemOverlapStatus {
  MemOverlapStatus_Full,
  MemOverlapStatus_Partial,
  MemOverlapStatus_No,
  MemOverlapStatus_TooHard,
} MemOverlapStatus;
MemOverlapStatus get_overlap_status(const Tensor* a, const Tensor* b);

static inline bool has_partial_overlap(const Tensor* a, const Tensor* b) {
  return get_overlap_status(a, b) == MemOverlapStatus_Partial;
}

/* 0, or -1 with PyTorch's "unsupported operation: ..." RuntimeError.
 * PyTorch 1.13: aten/src/ATen/MemoryOverlap.cpp assert_no_internal_overlap,
 * assert_no_partial_overlap */
int assert_no_internal_overlap(const Tensor* t);
int assert_no_partial_overlap(const Tensor* a, const Tensor* b);
/* The same message for a Full overlap too (cat's inputs and out).
 * PyTorch 1.13: aten/src/ATen/MemoryOverlap.cpp assert_no_overlap */
int assert_no_overlap(const Tensor* a, const Tensor* b);

#endif
