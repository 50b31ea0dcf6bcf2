/*
 * Size.c - torch.Size (Size.h).
 *
 * A tuple subclass: torch.Size([2, 3]) takes any iterable of ints (or of
 * tensors that are integers, read by __index__); repr() is
 * "torch.Size([2, 3])"; concatenating, repeating and slicing a Size give a
 * Size; numel() multiplies the sizes.
 *
 * PyTorch 1.13: torch/csrc/Size.cpp
 */
#include "csrc/Size.h"

PyObject* THPSize_New(IntArrayRef sizes) {
  PyObject* self = THPSizeType.tp_alloc(&THPSizeType, (Py_ssize_t)sizes.size);
  if (self == NULL) return NULL;
  for (size_t i = 0; i < sizes.size; i++) {
    PyObject* v = PyLong_FromLongLong(sizes.data[i]);
    if (v == NULL) {
      Py_DECREF(self);
      return NULL;
    }
    PyTuple_SET_ITEM(self, (Py_ssize_t)i, v);
  }
  return self;
}

/* A tuple as a new torch.Size (each item already an int). */
static PyObject* size_from_tuple(PyObject* tuple) {
  if (tuple == NULL) return NULL;
  Py_ssize_t n = PyTuple_GET_SIZE(tuple);
  PyObject* self = THPSizeType.tp_alloc(&THPSizeType, n);
  if (self != NULL)
    for (Py_ssize_t i = 0; i < n; i++) PyTuple_SET_ITEM(self, i, Py_NewRef(PyTuple_GET_ITEM(tuple, i)));
  Py_DECREF(tuple);
  return self;
}

/* PyTorch 1.13: torch/csrc/Size.cpp THPSize_pynew */
static PyObject* THPSize_pynew(PyTypeObject* type, PyObject* args, PyObject* kwargs) {
  PyObject* self = PyTuple_Type.tp_new(type, args, kwargs);
  if (self == NULL) return NULL;
  Py_ssize_t n = PyTuple_GET_SIZE(self);
  for (Py_ssize_t i = 0; i < n; i++) {
    PyObject* item = PyTuple_GET_ITEM(self, i);
    if (PyLong_CheckExact(item)) continue;
    PyObject* index = PyLong_Check(item) || PyObject_HasAttrString(item, "__index__") ? PyNumber_Index(item) : NULL;
    if (index == NULL) {
      if (!PyErr_Occurred() || PyErr_ExceptionMatches(PyExc_TypeError)) {
        PyErr_Clear();
        PyErr_Format(PyExc_TypeError, "torch.Size() takes an iterable of 'int' (item %zd is '%s')", i,
                     Py_TYPE(item)->tp_name);
      }
      Py_DECREF(self);
      return NULL;
    }
    PyTuple_SET_ITEM(self, i, index); /* the tuple is new: its items may still be replaced */
    Py_DECREF(item);
  }
  return self;
}

/* PyTorch 1.13: torch/csrc/Size.cpp THPSize_repr */
static PyObject* THPSize_repr(PyObject* self) {
  PyObject* list = PySequence_List(self);
  if (list == NULL) return NULL;
  PyObject* r = PyUnicode_FromFormat("torch.Size(%R)", list);
  Py_DECREF(list);
  return r;
}

static PyObject* THPSize_concat(PyObject* a, PyObject* b) {
  return size_from_tuple(PyTuple_Type.tp_as_sequence->sq_concat(a, b));
}
static PyObject* THPSize_repeat(PyObject* self, Py_ssize_t n) {
  return size_from_tuple(PyTuple_Type.tp_as_sequence->sq_repeat(self, n));
}
/* t.shape[1:] is a torch.Size; t.shape[0] an int */
static PyObject* THPSize_subscript(PyObject* self, PyObject* item) {
  PyObject* r = PyTuple_Type.tp_as_mapping->mp_subscript(self, item);
  if (r == NULL || !PySlice_Check(item)) return r;
  return size_from_tuple(r);
}

/* PyTorch 1.13: torch/csrc/Size.cpp THPSize_numel */
static PyObject* THPSize_numel(PyObject* self, PyObject* noargs) {
  (void)noargs;
  long long numel = 1;
  for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(self); i++) {
    long long v = PyLong_AsLongLong(PyTuple_GET_ITEM(self, i));
    if (v == -1 && PyErr_Occurred()) return NULL;
    numel *= v;
  }
  return PyLong_FromLongLong(numel);
}

/* PyTorch 1.13: torch/csrc/Size.cpp THPSize_reduce: pickled as (torch.Size, (tuple,)) */
static PyObject* THPSize_reduce(PyObject* self, PyObject* noargs) {
  (void)noargs;
  PyObject* tuple = PySequence_Tuple(self);
  if (tuple == NULL) return NULL;
  return Py_BuildValue("(O(N))", (PyObject*)&THPSizeType, tuple);
}

static PySequenceMethods THPSize_as_sequence = {.sq_concat = THPSize_concat, .sq_repeat = THPSize_repeat};
static PyMappingMethods THPSize_as_mapping = {.mp_subscript = THPSize_subscript};
static PyMethodDef THPSize_methods[] = {{"numel", THPSize_numel, METH_NOARGS, NULL},
                                        {"__reduce__", THPSize_reduce, METH_NOARGS, NULL},
                                        {NULL, NULL, 0, NULL}};

PyTypeObject THPSizeType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "torch.Size",
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_TUPLE_SUBCLASS, /* sizes inherited from tuple */
    .tp_repr = THPSize_repr,
    .tp_as_sequence = &THPSize_as_sequence,
    .tp_as_mapping = &THPSize_as_mapping,
    .tp_methods = THPSize_methods,
    .tp_new = THPSize_pynew,
};

int THPSize_init(PyObject* module) {
  THPSizeType.tp_base = &PyTuple_Type;
  if (PyType_Ready(&THPSizeType) < 0) return -1;
  return PyModule_AddObjectRef(module, "Size", (PyObject*)&THPSizeType);
}
