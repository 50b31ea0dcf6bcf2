/*
 * Storage.h - a tensor's storage as a Python object: torch.UntypedStorage
 * (bytes, what t._storage() returns), under the Python TypedStorage that
 * t.storage() returns (python/minaten/storage.py); both are what a
 * `Storage` argument takes (Tensor.set_).
 *
 * PyTorch 1.13: torch/csrc/Storage.h (THPStorage)
 */
#ifndef MINATEN_CSRC_STORAGE_H
#define MINATEN_CSRC_STORAGE_H

#include "csrc/python_headers.h"

#include <stdbool.h>

#include "runtime/ScalarType.h"
#include "runtime/Storage.h"

typedef struct THPStorage {
  PyObject_HEAD
  Storage* cdata; /* owned reference */
} THPStorage;

extern PyTypeObject THPStorageType;

/* A new torch.UntypedStorage object over s (retained); NULL with a Python
 * exception.  PyTorch 1.13: torch/csrc/Storage.cpp THPStorage_New */
PyObject* THPStorage_Wrap(Storage* s);

/* Whether obj is a storage a `Storage` argument takes: a torch.TypedStorage,
 * or a torch.UntypedStorage (exactly).  PyTorch 1.13:
 * torch/csrc/DynamicTypes.cpp isStorage */
bool THPStorage_isStorage(PyObject* obj);

/* The storage of such an object (borrowed: obj keeps it), the dtype of a
 * TypedStorage (Byte for an UntypedStorage) and whether it was typed.
 * 0, or -1 with a Python exception.
 * PyTorch 1.13: torch/csrc/DynamicTypes.cpp createStorageGetType */
int THPStorage_unpackGetType(PyObject* obj, Storage** storage, ScalarType* dtype, bool* is_typed);

/* Adds torch._C.StorageBase and Tensor._storage(): 0, or -1 with a Python
 * exception set. */
int THPStorage_init(PyObject* module);

#endif
