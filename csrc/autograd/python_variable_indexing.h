/*
 * python_variable_indexing.h - t[index] and t[index] = value on
 * torch._C._TensorBase (its mapping methods: mp_length, mp_subscript,
 * mp_ass_subscript).
 *
 * PyTorch 1.13: torch/csrc/autograd/python_variable_indexing.h
 */
#ifndef MINATEN_CSRC_AUTOGRAD_PYTHON_VARIABLE_INDEXING_H
#define MINATEN_CSRC_AUTOGRAD_PYTHON_VARIABLE_INDEXING_H

#include "csrc/python_headers.h"

#include "runtime/TensorImpl.h"

/* PyTorch 1.13: python_variable_indexing.cpp THPVariable_length */
Py_ssize_t THPVariable_length(PyObject* self);
/* PyTorch 1.13: python_variable_indexing.cpp THPVariable_getitem */
PyObject* THPVariable_getitem(PyObject* self, PyObject* index);
/* PyTorch 1.13: python_variable_indexing.cpp THPVariable_setitem */
int THPVariable_setitem(PyObject* self, PyObject* index, PyObject* value);

/* The value of an assignment (a tensor, or a Python bool, int, float or
 * complex made a 0-dim tensor of dtype on device) as a new reference, or NULL
 * with the Python error set ("can't assign a str to a torch.FloatTensor").
 * PyTorch 1.13: python_variable_indexing.cpp valueToTensor (also read by
 * python_variable.cpp's real and imag setters) */
Tensor* valueToTensor(ScalarType dtype, Device device, PyObject* value);

/* Sets THPVariableType.tp_as_mapping.  Called before THPVariable_init
 * readies the type, so that PyType_Ready makes its __getitem__,
 * __setitem__, __delitem__ and __len__ slot wrappers, as 1.13's
 * THPVariableType has them. */
int THPVariable_initIndexing(void);

#endif
