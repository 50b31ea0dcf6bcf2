/*
 * Device.c - torch.device (Device.h).
 *
 *   torch.device("cpu"), torch.device("lazy:0"), torch.device("lazy", 0),
 *   torch.device(type="lazy", index=0), torch.device(d)
 *
 * str() is "lazy:0", repr() "device(type='lazy', index=0)"; equal devices
 * compare and hash equal.
 *
 * PyTorch 1.13: torch/csrc/Device.cpp
 */
#include "csrc/Device.h"

#include <stdio.h>

#include "csrc/Exceptions.h"

PyObject* THPDevice_New(Device d) {
  THPDevice* self = PyObject_New(THPDevice, &THPDeviceType);
  if (self == NULL) return NULL;
  self->device = d;
  return (PyObject*)self;
}

/* PyTorch 1.13: torch/csrc/Device.cpp THPDevice_repr */
static PyObject* THPDevice_repr(PyObject* self) {
  Device d = ((THPDevice*)self)->device;
  if (d.index >= 0) return PyUnicode_FromFormat("device(type='%s', index=%d)", DeviceType_name(d.type), (int)d.index);
  return PyUnicode_FromFormat("device(type='%s')", DeviceType_name(d.type));
}

/* PyTorch 1.13: torch/csrc/Device.cpp THPDevice_str */
static PyObject* THPDevice_str(PyObject* self) {
  char buf[32];
  return PyUnicode_FromString(Device_format(((THPDevice*)self)->device, buf, sizeof buf));
}

/* PyTorch 1.13: torch/csrc/Device.cpp THPDevice_pynew: the signatures
 * "Device(Device device)" and "Device(c10::string_view type, int64_t? index=-1)" */
static PyObject* THPDevice_pynew(PyTypeObject* type, PyObject* args, PyObject* kwargs) {
  (void)type;
  static char* kwlist[] = {"type", "index", NULL};
  PyObject* first = NULL;
  PyObject* index = Py_None;
  if (!PyArg_ParseTupleAndKeywords(args, kwargs, "O|O:device", kwlist, &first, &index)) return NULL;
  if (THPDevice_Check(first) && index == Py_None && PyTuple_GET_SIZE(args) == 1) return Py_NewRef(first);
  if (!PyUnicode_Check(first) || (index != Py_None && !PyLong_Check(index))) {
    PyErr_Format(PyExc_TypeError, "device() received an invalid combination of arguments - got (%s%s%s)",
                 Py_TYPE(first)->tp_name, index == Py_None ? "" : ", ", index == Py_None ? "" : Py_TYPE(index)->tp_name);
    return NULL;
  }
  const char* text = PyUnicode_AsUTF8(first);
  if (text == NULL) return NULL;
  char buf[128];
  if (index != Py_None) {
    long i = PyLong_AsLong(index);
    if (i == -1 && PyErr_Occurred()) return NULL;
    if (i < 0) {
      PyErr_Format(PyExc_RuntimeError, "Device index must not be negative");
      return NULL;
    }
    snprintf(buf, sizeof buf, "%s:%ld", text, i);
    text = buf;
  }
  Device d;
  if (Device_parse(text, &d) < 0) return THPException_fromError();
  return THPDevice_New(d);
}

static PyObject* THPDevice_type(PyObject* self, void* unused) {
  (void)unused;
  return PyUnicode_FromString(DeviceType_name(((THPDevice*)self)->device.type));
}

static PyObject* THPDevice_index(PyObject* self, void* unused) {
  (void)unused;
  Device d = ((THPDevice*)self)->device;
  if (d.index < 0) Py_RETURN_NONE;
  return PyLong_FromLong(d.index);
}

/* PyTorch 1.13: torch/csrc/Device.cpp THPDevice_rc */
static PyObject* THPDevice_rc(PyObject* a, PyObject* b, int op) {
  if (!THPDevice_Check(a) || !THPDevice_Check(b) || (op != Py_EQ && op != Py_NE)) Py_RETURN_NOTIMPLEMENTED;
  Device x = ((THPDevice*)a)->device, y = ((THPDevice*)b)->device;
  int eq = x.type == y.type && x.index == y.index;
  return PyBool_FromLong(op == Py_EQ ? eq : !eq);
}

/* PyTorch 1.13: torch/csrc/Device.cpp THPDevice_hash */
static Py_hash_t THPDevice_hash(PyObject* self) {
  Device d = ((THPDevice*)self)->device;
  return (Py_hash_t)(d.type * 1000 + d.index + 1) + 2; /* never -1 */
}

static PyGetSetDef THPDevice_properties[] = {{"type", THPDevice_type, NULL, NULL, NULL},
                                             {"index", THPDevice_index, NULL, NULL, NULL},
                                             {NULL, NULL, NULL, NULL, NULL}};

PyTypeObject THPDeviceType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "torch.device",
    .tp_basicsize = sizeof(THPDevice),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_repr = THPDevice_repr,
    .tp_str = THPDevice_str,
    .tp_hash = THPDevice_hash,
    .tp_richcompare = THPDevice_rc,
    .tp_getset = THPDevice_properties,
    .tp_new = THPDevice_pynew,
};

int THPDevice_init(PyObject* module) {
  if (PyType_Ready(&THPDeviceType) < 0) return -1;
  return PyModule_AddObjectRef(module, "device", (PyObject*)&THPDeviceType);
}
