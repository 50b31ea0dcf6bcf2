/*
 * tensor_list.c - Tensor.tolist(): a tensor's elements as nested Python
 * lists of ints, floats or bools (a 0-dim tensor gives the number itself).
 *
 * The elements are read straight from memory, following the strides, as
 * 1.13 does: nothing reaches the dispatcher for a CPU tensor, so the trace
 * shows nothing.  A lazy tensor is first copied to the CPU, a call the
 * trace shows (`op aten::_to_copy`), as 1.13's toBackend(CPU) is.  A
 * quantized tensor has no Python numbers for its elements: "invalid type"
 * at the first element (an empty one gives []).
 *
 * PyTorch 1.13: torch/csrc/utils/tensor_list.cpp (recursive_to_list,
 * tensor_to_list), torch/csrc/utils/python_scalars.h load_scalar,
 * torch/csrc/autograd/python_variable_methods.cpp THPVariable_tolist
 */
#include "csrc/python_headers.h"

#include "Functions.h"
#include "csrc/Exceptions.h"
#include "csrc/autograd/python_variable.h"
#include "csrc/utils/handle_torch_function.h"
#include "csrc/utils/tensor_list.h"
#include "runtime/TypeCast.h"

/* PyTorch 1.13: torch/csrc/utils/python_scalars.h load_scalar */
static PyObject* load_scalar(const char* data, ScalarType t) {
  switch (t) {
    case ScalarType_Byte: return PyLong_FromLong(*(const uint8_t*)data);
    case ScalarType_Char: return PyLong_FromLong(*(const int8_t*)data);
    case ScalarType_Short: return PyLong_FromLong(*(const int16_t*)data);
    case ScalarType_Int: return PyLong_FromLong(*(const int32_t*)data);
    case ScalarType_Long: return PyLong_FromLongLong(*(const int64_t*)data);
    case ScalarType_Float: return PyFloat_FromDouble(*(const float*)data);
    case ScalarType_Double: return PyFloat_FromDouble(*(const double*)data);
    case ScalarType_Half:
    case ScalarType_BFloat16: return PyFloat_FromDouble(load_double(t, data));
    case ScalarType_ComplexFloat: {
      const ComplexFloat* z = (const ComplexFloat*)data;
      return PyComplex_FromDoubles(z->real, z->imag);
    }
    case ScalarType_ComplexDouble: {
      const ComplexDouble* z = (const ComplexDouble*)data;
      return PyComplex_FromDoubles(z->real, z->imag);
    }
    case ScalarType_Bool: return PyBool_FromLong(load_int(t, data)); /* any nonzero byte (TypeCast.h) */
    default: PyErr_SetString(PyExc_RuntimeError, "invalid type"); return NULL;
  }
}

/* PyTorch 1.13: torch/csrc/utils/tensor_list.cpp recursive_to_list */
static PyObject* recursive_to_list(const char* data, const Tensor* t, int64_t dim, size_t elem_size) {
  if (dim == t->dim) return load_scalar(data, t->dtype);
  int64_t n = t->sizes[dim];
  PyObject* list = PyList_New((Py_ssize_t)n);
  if (list == NULL) return NULL;
  for (int64_t i = 0; i < n; i++) {
    PyObject* item = recursive_to_list(data, t, dim + 1, elem_size);
    if (item == NULL) {
      Py_DECREF(list);
      return NULL;
    }
    PyList_SET_ITEM(list, (Py_ssize_t)i, item);
    data += t->strides[dim] * (int64_t)elem_size;
  }
  return list;
}

PyObject* tensor_to_list(const Tensor* tensor) {
  Tensor* conj_resolved = at_resolve_conj(tensor);
  if (conj_resolved == NULL) return THPException_fromError();
  Tensor* data = at_resolve_neg(conj_resolved);
  Tensor_release(conj_resolved);
  if (data == NULL) return THPException_fromError();
  if (data->device.type != DeviceType_CPU) {
    Tensor* cpu = at_to_dtype_layout(data, kNoDtype, kNoLayout, (OptionalDevice){true, Device_cpu()}, kNoPinMemory,
                                     false, false, kNoMemoryFormat);
    Tensor_release(data);
    if (cpu == NULL) return THPException_fromError();
    data = cpu;
  }
  if (data->numel != 0 && (data->storage == NULL || Tensor_data(data) == NULL)) {
    Tensor_release(data);
    PyErr_SetString(PyExc_RuntimeError, "tolist() shouldn't be called on a tensor with unallocated storage");
    return NULL;
  }
  PyObject* r = recursive_to_list(Tensor_data(data), data, 0, Tensor_itemsize(data));
  Tensor_release(data);
  return r;
}

/* t.tolist().  PyTorch 1.13: python_variable_methods.cpp THPVariable_tolist */
static PyObject* THPVariable_tolist(PyObject* self, PyObject* unused) {
  if (check_has_torch_function(self, false)) return handle_torch_function_method(self, "tolist", NULL, 0, NULL);
  (void)unused;
  const Tensor* t = THPVariable_Unpack(self);
  if (DispatchKeySet_has(t->key_set, DispatchKey_Python)) { /* is_python_dispatch() */
    PyErr_SetString(PyExc_RuntimeError, ".tolist() is not supported for tensor subclasses.");
    return NULL;
  }
  return tensor_to_list(t);
}

static PyMethodDef tensor_list_methods[] = {{"tolist", THPVariable_tolist, METH_NOARGS, NULL},
                                            {NULL, NULL, 0, NULL}};

int THPUtils_initTensorList(PyObject* module) {
  (void)module;
  return THPVariable_addMethods(tensor_list_methods);
}
