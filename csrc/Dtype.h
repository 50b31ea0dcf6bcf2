/*
 * Dtype.h - torch.dtype: one Python object per scalar type, made once
 * (torch.float32 is torch.float), so dtypes compare by identity.
 *
 * PyTorch 1.13: torch/csrc/Dtype.h (THPDtype), torch/csrc/utils/tensor_dtypes.cpp
 * (the module's names for them)
 */
#ifndef MINATEN_CSRC_DTYPE_H
#define MINATEN_CSRC_DTYPE_H

#include "csrc/python_headers.h"

#include "runtime/ScalarType.h"

typedef struct THPDtype {
  PyObject_HEAD
  ScalarType scalar_type;
} THPDtype;

extern PyTypeObject THPDtypeType;

static inline int THPDtype_Check(PyObject* obj) { return Py_IS_TYPE(obj, &THPDtypeType); }
/* The dtype object of a scalar type (a borrowed reference; never NULL once
 * THPDtype_init ran). */
PyObject* THPDtype_get(ScalarType t);
/* Readies the type and adds torch.float32, torch.float, ... to module. */
int THPDtype_init(PyObject* module);

#endif
