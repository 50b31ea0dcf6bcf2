/*
 * Size.h - torch.Size: a tuple of ints (a subclass of tuple), what
 * t.shape and t.size() return.
 *
 * PyTorch 1.13: torch/csrc/Size.h (THPSize)
 */
#ifndef MINATEN_CSRC_SIZE_H
#define MINATEN_CSRC_SIZE_H

#include "csrc/python_headers.h"

#include "runtime/ArrayRef.h"

extern PyTypeObject THPSizeType;

static inline int THPSize_Check(PyObject* obj) { return Py_IS_TYPE(obj, &THPSizeType); }
/* A new torch.Size of the sizes; NULL with a Python exception set. */
PyObject* THPSize_New(IntArrayRef sizes);
int THPSize_init(PyObject* module);

#endif
