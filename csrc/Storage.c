/*
 * Storage.c - torch._C.StorageBase (Storage.h): the bytes of a tensor's
 * storage.  Two tensors share memory exactly when their storages' data_ptr()
 * agree (the dialect's same_storage).
 *
 *   t._storage()           the storage of t, untyped (a new object each call,
 *                          as 1.13's)
 *   s.data_ptr(), s.nbytes(), s.size(), len(s), s.element_size() (1),
 *   s.device, s[i] (a byte), s._get_element(dtype, i)
 *
 * s._get_element reads element i of the storage seen as dtype, for
 * TypedStorage.__getitem__.  NB(minaten): 1.13 reads it through a tensor
 * (torch.tensor([]).set_(storage)[i].item(), which a trace shows); minaten
 * reads the bytes, untraced.
 *
 * A `Storage` argument (Tensor.set_) takes a TypedStorage or an
 * UntypedStorage (THPStorage_isStorage, THPStorage_unpackGetType); the
 * boxed value is the C Storage, and back in Python (a TorchDispatchMode's
 * arguments) it is an UntypedStorage, as in 1.13.
 *
 * A lazy tensor has no storage: 1.13's NotImplementedError.
 *
 * PyTorch 1.13: torch/csrc/Storage.cpp, torch/csrc/generic/StorageMethods.cpp,
 * torch/csrc/autograd/python_variable_methods.cpp THPVariable_storage
 */
#include "csrc/Storage.h"

#include "csrc/Device.h"
#include "csrc/Dtype.h"
#include "csrc/autograd/python_variable.h"
#include "csrc/utils/handle_torch_function.h"
#include "csrc/utils/python_numbers.h"
#include "runtime/TypeCast.h"

/* torch.UntypedStorage (python/minaten/storage.py), once it set itself
 * (_set_storage_class); the class of the objects t._storage() makes */
static PyTypeObject* storage_class = &THPStorageType;

/* torch.TypedStorage, once storage.py set it (_set_typed_storage_class) */
static PyObject* typed_storage_class;

PyObject* THPStorage_Wrap(Storage* s) {
  THPStorage* self = (THPStorage*)storage_class->tp_alloc(storage_class, 0);
  if (self == NULL) return NULL;
  self->cdata = Storage_retain(s);
  return (PyObject*)self;
}

static void THPStorage_dealloc(PyObject* self) {
  Storage_release(((THPStorage*)self)->cdata);
  Py_TYPE(self)->tp_free(self);
}

static Storage* storage_of(PyObject* self) { return ((THPStorage*)self)->cdata; }

/* PyTorch 1.13: StorageMethods.cpp THPStorage_dataPtr */
static PyObject* THPStorage_dataPtr(PyObject* self, PyObject* unused) {
  (void)unused;
  return PyLong_FromVoidPtr(storage_of(self)->data);
}

/* PyTorch 1.13: StorageMethods.cpp THPStorage_nbytes (also size(), len()) */
static PyObject* THPStorage_nbytes(PyObject* self, PyObject* unused) {
  (void)unused;
  return PyLong_FromSize_t(storage_of(self)->nbytes);
}

static Py_ssize_t THPStorage_length(PyObject* self) { return (Py_ssize_t)storage_of(self)->nbytes; }

static PyObject* THPStorage_elementSize(PyObject* self, PyObject* unused) {
  (void)self, (void)unused;
  return PyLong_FromLong(1);
}

static PyObject* THPStorage_device(PyObject* self, void* unused) {
  (void)self, (void)unused;
  return THPDevice_New(Device_cpu());
}

/* The index of an element of n, negative ones counted from the end; -1 with
 * 1.13's IndexError.  PyTorch 1.13: torch/storage.py _maybe_wrap_index */
static Py_ssize_t wrap_index(PyObject* index, Py_ssize_t n) {
  int64_t i;
  if (THPUtils_unpackLong(index, &i) < 0) return -1;
  if ((i < 0 && i + n < 0) || i >= n) {
    PyErr_Format(PyExc_IndexError, "index %lld out of range for storage of size %zd", (long long)i, n);
    return -1;
  }
  return (Py_ssize_t)(i < 0 ? i + n : i);
}

/* s[i]: a byte.  PyTorch 1.13: Storage.cpp THPStorage_get (integer indices) */
static PyObject* THPStorage_get(PyObject* self, PyObject* index) {
  if (!THPUtils_checkLong(index)) {
    PyErr_Format(PyExc_TypeError, "can't index a torch.UntypedStorage with %s", Py_TYPE(index)->tp_name);
    return NULL;
  }
  Py_ssize_t i = wrap_index(index, THPStorage_length(self));
  if (i < 0) return NULL;
  return PyLong_FromLong(((const uint8_t*)storage_of(self)->data)[i]);
}

/* s._get_element(dtype, i): element i of the storage seen as dtype (a quantized
 * dtype read as its integer type), as a Python number. */
static PyObject* THPStorage_getElement(PyObject* self, PyObject* args) {
  PyObject *dtype, *index;
  if (!PyArg_ParseTuple(args, "O!O:_get_element", &THPDtypeType, &dtype, &index)) return NULL;
  ScalarType t = ((THPDtype*)dtype)->scalar_type;
  ScalarType read = ScalarType_toUnderlying(t);
  Py_ssize_t n = (Py_ssize_t)(storage_of(self)->nbytes / ScalarType_elementSize(read));
  Py_ssize_t i = wrap_index(index, n);
  if (i < 0) return NULL;
  const char* p = (const char*)storage_of(self)->data + i * (Py_ssize_t)ScalarType_elementSize(read);
  if (ScalarType_isFloating(read)) return PyFloat_FromDouble(load_double(read, p));
  if (read == ScalarType_Bool) return PyBool_FromLong(*(const uint8_t*)p != 0);
  return PyLong_FromLongLong(load_int(read, p));
}

static PyMethodDef THPStorage_methods[] = {
    {"data_ptr", THPStorage_dataPtr, METH_NOARGS, NULL},
    {"nbytes", THPStorage_nbytes, METH_NOARGS, NULL},
    {"size", THPStorage_nbytes, METH_NOARGS, NULL},
    {"element_size", THPStorage_elementSize, METH_NOARGS, NULL},
    {"_get_element", THPStorage_getElement, METH_VARARGS, NULL},
    {NULL, NULL, 0, NULL}};

static PyGetSetDef THPStorage_properties[] = {{"device", THPStorage_device, NULL, NULL, NULL},
                                              {NULL, NULL, NULL, NULL, NULL}};

static PyMappingMethods THPStorage_mapping = {.mp_length = THPStorage_length, .mp_subscript = THPStorage_get};

PyTypeObject THPStorageType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "torch._C.StorageBase",
    .tp_basicsize = sizeof(THPStorage),
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE,
    .tp_dealloc = THPStorage_dealloc,
    .tp_as_mapping = &THPStorage_mapping,
    .tp_methods = THPStorage_methods,
    .tp_getset = THPStorage_properties,
};

/* t._storage(): its storage, untyped.  PyTorch 1.13: python_variable_methods.cpp THPVariable_storage */
static PyObject* THPVariable_storage(PyObject* self, PyObject* unused) {
  if (check_has_torch_function(self, false)) return handle_torch_function_method(self, "_storage", NULL, 0, NULL);
  (void)unused;
  const Tensor* t = THPVariable_Unpack(self);
  if (t->storage == NULL) {
    PyErr_SetString(PyExc_NotImplementedError,
                    "python bindings to nullptr storage (e.g., from torch.Tensor._make_wrapper_subclass) are currently "
                    "unsafe and thus disabled.  See https://github.com/pytorch/pytorch/issues/61669 for more details");
    return NULL;
  }
  return THPStorage_Wrap(t->storage);
}

static PyMethodDef tensor_methods[] = {{"_storage", THPVariable_storage, METH_NOARGS, NULL}, {NULL, NULL, 0, NULL}};

/* torch._C._set_storage_class(torch.UntypedStorage) */
static PyObject* set_storage_class(PyObject* module, PyObject* cls) {
  (void)module;
  if (!PyType_Check(cls) || !PyType_IsSubtype((PyTypeObject*)cls, &THPStorageType)) {
    PyErr_SetString(PyExc_TypeError, "_set_storage_class: expected a subclass of torch._C.StorageBase");
    return NULL;
  }
  Py_INCREF(cls); /* kept for the life of the process */
  storage_class = (PyTypeObject*)cls;
  Py_RETURN_NONE;
}

/* torch._C._set_typed_storage_class(torch.TypedStorage) */
static PyObject* set_typed_storage_class(PyObject* module, PyObject* cls) {
  (void)module;
  if (!PyType_Check(cls)) {
    PyErr_SetString(PyExc_TypeError, "_set_typed_storage_class: expected a class");
    return NULL;
  }
  Py_XSETREF(typed_storage_class, Py_NewRef(cls)); /* kept for the life of the process */
  Py_RETURN_NONE;
}

bool THPStorage_isStorage(PyObject* obj) {
  if (typed_storage_class != NULL && PyObject_TypeCheck(obj, (PyTypeObject*)typed_storage_class)) return true;
  return Py_TYPE(obj) == storage_class;
}

int THPStorage_unpackGetType(PyObject* obj, Storage** storage, ScalarType* dtype, bool* is_typed) {
  if (typed_storage_class != NULL && PyObject_TypeCheck(obj, (PyTypeObject*)typed_storage_class)) {
    PyObject* untyped = PyObject_GetAttrString(obj, "_storage");
    PyObject* type = untyped != NULL ? PyObject_GetAttrString(obj, "dtype") : NULL;
    bool ok = type != NULL && THPDtype_Check(type) && PyObject_TypeCheck(untyped, &THPStorageType);
    if (ok) {
      *storage = storage_of(untyped); /* the TypedStorage holds it */
      *dtype = ((THPDtype*)type)->scalar_type;
      *is_typed = true;
    } else if (!PyErr_Occurred()) {
      PyErr_Format(PyExc_TypeError, "not a storage '%s'", Py_TYPE(obj)->tp_name);
    }
    Py_XDECREF(untyped);
    Py_XDECREF(type);
    return ok ? 0 : -1;
  }
  if (!PyObject_TypeCheck(obj, &THPStorageType)) {
    PyErr_Format(PyExc_TypeError, "not a storage '%s'", Py_TYPE(obj)->tp_name);
    return -1;
  }
  *storage = storage_of(obj);
  *dtype = ScalarType_Byte;
  *is_typed = false;
  return 0;
}

static PyMethodDef module_methods[] = {{"_set_storage_class", set_storage_class, METH_O, NULL},
                                       {"_set_typed_storage_class", set_typed_storage_class, METH_O, NULL},
                                       {NULL, NULL, 0, NULL}};

int THPStorage_init(PyObject* module) {
  if (PyType_Ready(&THPStorageType) < 0) return -1;
  if (PyModule_AddObjectRef(module, "StorageBase", (PyObject*)&THPStorageType) < 0 ||
      PyModule_AddFunctions(module, module_methods) < 0)
    return -1;
  return THPVariable_addMethods(tensor_methods);
}
