/*
 * tensor_new.h - tensors made from Python data: torch.tensor, torch.as_tensor,
 * torch.from_numpy, torch.frombuffer, Tensor.new_tensor, the legacy
 * constructor torch.Tensor(...), and the DLPack exchange (torch._C._to_dlpack,
 * torch._C._from_dlpack).
 *
 * Conventions: functions returning Tensor* give a new reference, those
 * returning PyObject* a new reference; NULL means a Python exception is set.
 *
 * PyTorch 1.13: torch/csrc/utils/tensor_new.h
 */
#ifndef MINATEN_CSRC_UTILS_TENSOR_NEW_H
#define MINATEN_CSRC_UTILS_TENSOR_NEW_H

#include "csrc/python_headers.h"

#include <stdbool.h>

#include "runtime/TensorImpl.h"

/*
 * The core of every constructor: a tensor of `scalar_type` (or, with
 * type_inference, of the type the data implies) on *device_opt (or, when
 * NULL, the data tensor's device, else options_device) from `data`: a
 * tensor (detached and copied when copy_variables), a NumPy array (shared,
 * copied when copy_numpy), or nested sequences of numbers.
 * PyTorch 1.13: tensor_new.cpp internal_new_from_data
 */
Tensor* internal_new_from_data(Device options_device, ScalarType scalar_type, const Device* device_opt, PyObject* data,
                               bool copy_variables, bool copy_numpy, bool type_inference, bool pin_memory);

/* A list used as an index (t[[0, 2]]): an int64 tensor, or bool/uint8 when
 * the data is, on `device`.
 * PyTorch 1.13: tensor_new.cpp indexing_tensor_from_data */
Tensor* indexing_tensor_from_data(Device device, PyObject* data);

/* torch.Tensor(...) / torch._C._TensorBase subclasses' construction: 1.13's
 * legacy constructor signatures (an empty tensor, sizes, a tensor to alias,
 * a sequence).  PyTorch 1.13: tensor_new.cpp base_tensor_ctor */
Tensor* base_tensor_ctor(PyObject* args, PyObject* kwargs);

/* torch.LongTensor(...) and the other typed constructors
 * (csrc/tensor/python_tensor.c): base_tensor_ctor's signatures with their
 * own dtype, a tensor argument only of that dtype.
 * PyTorch 1.13: tensor_new.cpp legacy_tensor_ctor */
Tensor* legacy_tensor_ctor(ScalarType scalar_type, PyObject* args, PyObject* kwargs);

/* tensor.new(...): the same signatures with self's dtype (a CPU self: a
 * lazy one fails as in 1.13).
 * PyTorch 1.13: tensor_new.cpp legacy_tensor_new */
Tensor* legacy_tensor_new(const Tensor* self, PyObject* args, PyObject* kwargs);

/* The module functions of this file (torch.tensor, torch.as_tensor,
 * torch.from_numpy, torch.frombuffer, torch._C._to_dlpack,
 * torch._C._from_dlpack), for the table torch.X is looked up in.
 * PyTorch 1.13: python_torch_functions_manual.cpp (THPVariable_tensor, ...) */
extern PyMethodDef THPTensorNew_functions[];

/* Adds the functions to module and Tensor.new_tensor to _TensorBase. */
int THPTensorNew_init(PyObject* module);

#endif
