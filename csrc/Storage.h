/*
 * Storage.h - a tensor's storage as a Python object: torch.UntypedStorage
 * (bytes, what t._storage() returns), under the Python TypedStorage that
 * t.storage() returns (python/minaten/storage.py).
 *
 * PyTorch 1.13: torch/csrc/Storage.h (THPStorage)
 */
#ifndef MINATEN_CSRC_STORAGE_H
#define MINATEN_CSRC_STORAGE_H

#include "csrc/python_headers.h"

#include "runtime/Storage.h"

typedef struct THPStorage {
  PyObject_HEAD
  Storage* cdata; /* owned reference */
} THPStorage;

extern PyTypeObject THPStorageType;

/* Adds torch._C.StorageBase and Tensor._storage(): 0, or -1 with a Python
 * exception set. */
int THPStorage_init(PyObject* module);

#endif
