/*
 * Storage.h - torch.UntypedStorage: a tensor's storage as a Python object,
 * what Tensor._storage() returns (and Tensor.storage() wraps in a
 * torch.TypedStorage, python/minaten/storage.py).
 *
 * PyTorch 1.13: torch/csrc/Storage.h (THPStorage)
 */
#ifndef MINATEN_CSRC_STORAGE_H
#define MINATEN_CSRC_STORAGE_H

#include "csrc/python_headers.h"

#include "runtime/Storage.h"

typedef struct THPStorage {
  PyObject_HEAD
  Storage* cdata; /* one reference, released with the object */
} THPStorage;

extern PyTypeObject THPStorageType;

/* A new torch.UntypedStorage over s (takes a new reference to s); NULL with a
 * Python exception set.  PyTorch 1.13: torch/csrc/Storage.cpp THPStorage_New */
PyObject* THPStorage_New(Storage* s);
int THPStorage_init(PyObject* module);

#endif
