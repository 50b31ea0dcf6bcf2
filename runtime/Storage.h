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

#include <stddef.h>
#include <stdint.h>

typedef struct Storage {
  int64_t refcount;
  size_t nbytes;
  void* data;
} Storage;

/* New storage of nbytes (uninitialised), refcount 1; NULL + error on OOM. */
Storage* Storage_new(size_t nbytes);
/* Grows or shrinks s to nbytes, keeping the first bytes; every tensor
 * sharing s sees the new buffer.  0, or -1 with the error on OOM.
 * PyTorch 1.13: aten/src/ATen/native/Resize.cpp resize_bytes_cpu */
int Storage_resize(Storage* s, size_t nbytes);
/* Returns s with one more reference. */
Storage* Storage_retain(Storage* s);
/* Drops a reference (NULL is allowed); frees at zero. */
void Storage_release(Storage* s);

#endif
