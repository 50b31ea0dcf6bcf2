/*
 * Storage.c - torch.UntypedStorage (Storage.h): the bytes under a tensor.
 *
 * t._storage() gives a new torch.UntypedStorage over t's storage each call
 * (1.13 creates a new Python object each time too); it holds a reference,
 * so the bytes outlive the tensor while the object lives.  What it answers:
 * data_ptr() (the storage's first byte, not the tensor's: a view's
 * storage_offset is not counted), nbytes(), size() and len() (bytes, for an
 * untyped storage), element_size() (1), device.  Two tensors share memory
 * exactly when their storages' data_ptr() are equal, which is how PyTorch's
 * tests tell a view (test_view_ops.py's is_view_of).
 *
 * NB(minaten): 1.13's torch.UntypedStorage is a Python subclass of the C type
 * torch._C.StorageBase (torch/storage.py); here the C type carries the name
 * itself (named torch.storage.UntypedStorage, as 1.13 prints it).  A tensor
 * without storage (lazy) raises 1.13's NotImplementedError.
 *
 * PyTorch 1.13: torch/csrc/Storage.cpp, torch/csrc/generic/StorageMethods.cpp
 */
#include "csrc/Storage.h"

#include "csrc/Device.h"
#include "csrc/autograd/python_variable.h"

PyObject* THPStorage_New(Storage* s) {
  THPStorage* self = PyObject_New(THPStorage, &THPStorageType);
  if (self == NULL) return NULL;
  self->cdata = Storage_retain(s);
  return (PyObject*)self;
}

static void THPStorage_dealloc(PyObject* self) {
  Storage_release(((THPStorage*)self)->cdata);
  PyObject_Free(self);
}

/* PyTorch 1.13: StorageMethods.cpp THPStorage_dataPtr */
static PyObject* THPStorage_dataPtr(PyObject* self, PyObject* unused) {
  (void)unused;
  return PyLong_FromVoidPtr(((THPStorage*)self)->cdata->data);
}

/* PyTorch 1.13: StorageMethods.cpp THPStorage_nbytes */
static PyObject* THPStorage_nbytes(PyObject* self, PyObject* unused) {
  (void)unused;
  return PyLong_FromSize_t(((THPStorage*)self)->cdata->nbytes);
}

/* PyTorch 1.13: StorageMethods.cpp THPStorage_elementSize (an untyped storage's element is a byte) */
static PyObject* THPStorage_elementSize(PyObject* self, PyObject* unused) {
  (void)self, (void)unused;
  return PyLong_FromLong(1);
}

/* PyTorch 1.13: StorageMethods.cpp THPStorage_length */
static Py_ssize_t THPStorage_length(PyObject* self) {
  return (Py_ssize_t)((THPStorage*)self)->cdata->nbytes;
}

/* PyTorch 1.13: torch/csrc/StorageMethods.cpp THPStorage_device */
static PyObject* THPStorage_device(PyObject* self, void* unused) {
  (void)self, (void)unused;
  Device cpu = {DeviceType_CPU, -1};
  return THPDevice_New(cpu);
}

static PyMethodDef THPStorage_methods[] = {
    {"data_ptr", THPStorage_dataPtr, METH_NOARGS, NULL},
    {"nbytes", THPStorage_nbytes, METH_NOARGS, NULL},
    {"size", THPStorage_nbytes, METH_NOARGS, NULL},
    {"element_size", THPStorage_elementSize, METH_NOARGS, NULL},
    {NULL, NULL, 0, NULL},
};

static PyGetSetDef THPStorage_properties[] = {
    {"device", THPStorage_device, NULL, NULL, NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PySequenceMethods THPStorage_sequence = {.sq_length = THPStorage_length};

PyTypeObject THPStorageType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "torch.storage.UntypedStorage",
    .tp_basicsize = sizeof(THPStorage),
    .tp_dealloc = THPStorage_dealloc,
    .tp_as_sequence = &THPStorage_sequence,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_methods = THPStorage_methods,
    .tp_getset = THPStorage_properties,
};

/* t._storage(): the storage under t.
 * PyTorch 1.13: python_variable_methods.cpp THPVariable_storage (createPyObject(self.storage())) */
static PyObject* THPVariable__storage(PyObject* self, PyObject* unused) {
  (void)unused;
  const Tensor* t = THPVariable_Unpack(self);
  if (t->storage == NULL) {
    PyErr_SetString(PyExc_NotImplementedError,
                    "python bindings to nullptr storage (e.g., from torch.Tensor._make_wrapper_subclass) are "
                    "currently unsafe and thus disabled.  See https://github.com/pytorch/pytorch/issues/61669 "
                    "for more details");
    return NULL;
  }
  return THPStorage_New(t->storage);
}

static PyMethodDef variable_methods[] = {
    {"_storage", THPVariable__storage, METH_NOARGS, NULL},
    {NULL, NULL, 0, NULL},
};

int THPStorage_init(PyObject* module) {
  if (PyType_Ready(&THPStorageType) < 0) return -1;
  if (PyModule_AddObjectRef(module, "UntypedStorage", (PyObject*)&THPStorageType) < 0) return -1;
  return THPVariable_addMethods(variable_methods);
}
