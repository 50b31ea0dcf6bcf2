/*
 * Storage.h - a reference-counted buffer of bytes that tensors view.
 *
 * A tensor is a view of (storage, offset, sizes, strides); views share their
 * base's storage and hold one reference to it.  `same_storage(a, b)` compares
 * storages.  Storage_new counts in the allocator (Allocator.h).
 *
 * PyTorch 1.13: c10/core/StorageImpl.h
 */
#ifndef MINATEN_RUNTIME_STORAGE_H
#define MINATEN_RUNTIME_STORAGE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct Storage {
  int64_t refcount;
  size_t nbytes;
  void* data;
  /* NULL when the allocator owns data; else the last release calls
   * deleter(deleter_ctx) and does not free data (1.13's DataPtr deleter). */
  void (*deleter)(void* ctx);
  void* deleter_ctx;
  /* PyTorch 1.13: c10/core/StorageImpl.h StorageImpl::resizable_ */
  bool resizable;
} Storage;

/* New storage of nbytes (uninitialised), refcount 1; NULL + error on OOM. */
Storage* Storage_new(size_t nbytes);
/* A meta storage: nbytes long and no data (data is NULL).  Resizable; a
 * resize only changes nbytes.  PyTorch 1.13: aten/src/ATen/EmptyTensor.cpp
 * empty_meta (GetAllocator(kMeta), whose allocations are nullptr) */
Storage* Storage_newMeta(size_t nbytes);
/* True for a storage from Storage_newMeta. */
bool Storage_isMeta(const Storage* s);
/* A storage over nbytes at data that the caller's owner keeps alive until
 * deleter(ctx) is called at the last release.  Not resizable.  NULL + error
 * on OOM (the deleter is not called: data is still the caller's).  PyTorch 1.13: aten/src/ATen/templates/Functions.h
 * from_blob (TensorMaker::make_tensor, InefficientStdFunctionContext) */
Storage* Storage_newFromBlob(void* data, size_t nbytes, void (*deleter)(void* ctx), void* ctx);
/* Grows or shrinks s to nbytes, keeping the first bytes; every tensor
 * sharing s sees the new buffer.  0, or -1 with the error on OOM or when s
 * is not resizable.
 * PyTorch 1.13: aten/src/ATen/native/Resize.cpp resize_bytes_cpu */
int Storage_resize(Storage* s, size_t nbytes);
/* Returns s with one more reference. */
Storage* Storage_retain(Storage* s);
/* Drops a reference (NULL is allowed); frees at zero. */
void Storage_release(Storage* s);

#endif
