/*
 * FunctionalStorageImpl.h - what a functional tensor and its views share:
 * the base's value and the writes made through any of them since.
 *
 * Note [Functionalization: Alias Removal]
 * ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
 * `b = a.view(...)` under functionalization does not alias memory: b's
 * value is a copy (view_copy).  To keep the program's meaning, a and b share
 * one FunctionalStorageImpl.  A write to b (`b.add_(1)`) queues an update
 * here, b's new value and b's view metas (how b was made from the base),
 * and bumps the storage's generation.  A tensor of the group whose
 * generation is older is stale: before an operator reads it, it applies the
 * queued updates to the base (each replayed backwards through the view
 * metas' inverses: select_scatter, slice_scatter, ...) and regenerates its
 * own value from the base (FunctionalTensorWrapper_sync).  Updates are
 * applied lazily, when a stale tensor is read, as 1.13 does.
 *
 * PyTorch 1.13: aten/src/ATen/FunctionalStorageImpl.h
 */
#ifndef MINATEN_OPS_FUNCTIONALIZATION_FUNCTIONALSTORAGEIMPL_H
#define MINATEN_OPS_FUNCTIONALIZATION_FUNCTIONALSTORAGEIMPL_H

#include <stddef.h>
#include <stdint.h>

#include "ops/functionalization/ViewMeta.h"

/* One write: the written tensor's new value, and how that tensor is a view
 * of the base.  PyTorch 1.13: FunctionalStorageImpl::Update */
typedef struct FunctionalUpdate {
  Tensor* new_val;       /* owned reference */
  ViewMetaList view_metas; /* owned copy */
} FunctionalUpdate;

typedef struct FunctionalStorageImpl {
  int64_t refcount;
  Tensor* base;          /* owned reference: the base's value, updates not applied */
  FunctionalUpdate* updates;
  size_t num_updates, capacity;
  uint64_t generation;   /* bumped by every update */
} FunctionalStorageImpl;

/* A storage whose base value is `base` (one more reference), generation 0. */
FunctionalStorageImpl* FunctionalStorageImpl_new(const Tensor* base);
FunctionalStorageImpl* FunctionalStorageImpl_retain(FunctionalStorageImpl* s);
void FunctionalStorageImpl_release(FunctionalStorageImpl* s);

/* Queues a write (new_val retained, view_metas copied) and bumps the
 * generation.  Returns 0, or -1 with the error set (out of memory).
 * PyTorch 1.13: FunctionalStorageImpl::add_update */
int FunctionalStorageImpl_addUpdate(FunctionalStorageImpl* s, const Tensor* new_val, const ViewMetaList* view_metas);

/* Applies the queued writes to the base, in order, and clears them.
 * Runs with Functionalize skipped.  Returns 0, or -1 with the error set
 * (the base keeps the writes applied before the failing one).
 * PyTorch 1.13: FunctionalStorageImpl::apply_updates, apply_update */
int FunctionalStorageImpl_applyUpdates(FunctionalStorageImpl* s);

#endif
