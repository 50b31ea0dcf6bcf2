/*
 * Generator.c - torch.Generator; see Generator.h.
 * PyTorch 1.13: torch/csrc/Generator.cpp
 */
#include "csrc/Generator.h"

#include <string.h>

#include "csrc/Device.h"
#include "csrc/Exceptions.h"
#include "csrc/autograd/python_variable.h"
#include "csrc/utils/python_numbers.h"
#include "ops/EmptyTensor.h"

PyObject* THPGenerator_Wrap(Generator* g) {
  if (g->pyobj != NULL) return Py_NewRef((PyObject*)g->pyobj);
  THPGenerator* self = PyObject_New(THPGenerator, &THPGeneratorType);
  if (self == NULL) return NULL;
  self->cdata = Generator_retain(g);
  g->pyobj = self;
  return (PyObject*)self;
}

static void THPGenerator_dealloc(PyObject* obj) {
  THPGenerator* self = (THPGenerator*)obj;
  if (self->cdata != NULL) {
    if (self->cdata->pyobj == self) self->cdata->pyobj = NULL;
    Generator_release(self->cdata);
  }
  Py_TYPE(obj)->tp_free(obj);
}

/* 1.13 parses the device as any torch.device, then refuses all but CPU.
 * Returns 0, or -1 with a Python exception set. */
static int check_generator_device(PyObject* device) {
  if (device == Py_None) return 0;
  const char* type = NULL;
  Device d;
  if (THPDevice_Check(device)) {
    d = ((THPDevice*)device)->device;
  } else if (PyLong_Check(device) && !PyBool_Check(device)) {
    type = "CUDA"; /* a bare index is a CUDA device, as in 1.13 */
  } else if (PyUnicode_Check(device)) {
    const char* text = PyUnicode_AsUTF8(device);
    if (text == NULL) return -1;
    if (strncmp(text, "cuda", 4) == 0) type = "CUDA";
    else if (Device_parse(text, &d) < 0) {
      THPException_fromError();
      return -1;
    }
  } else {
    PyErr_Format(PyExc_TypeError,
                 "Generator() received an invalid combination of arguments - got (%s), but expected "
                 "(Device device)",
                 Py_TYPE(device)->tp_name);
    return -1;
  }
  if (type == NULL && d.type == DeviceType_CPU) return 0;
  if (type == NULL) type = "LAZY";
  PyErr_Format(PyExc_RuntimeError, "Device type %s is not supported for torch.Generator() api.", type);
  return -1;
}

/* PyTorch 1.13: torch/csrc/Generator.cpp THPGenerator_pynew
 * ("Generator(Device device=None)"): a generator seeded with 67280421310721,
 * c10's default_rng_seed_val */
static PyObject* THPGenerator_pynew(PyTypeObject* type, PyObject* args, PyObject* kwargs) {
  static char* kwlist[] = {"device", NULL};
  PyObject* device = Py_None;
  if (!PyArg_ParseTupleAndKeywords(args, kwargs, "|O:Generator", kwlist, &device)) return NULL;
  if (check_generator_device(device) < 0) return NULL;
  Generator* g = CPUGeneratorImpl_new(67280421310721ull);
  if (g == NULL) return THPException_fromError();
  THPGenerator* self = (THPGenerator*)type->tp_alloc(type, 0);
  if (self == NULL) {
    Generator_release(g);
    return NULL;
  }
  self->cdata = g;
  g->pyobj = self;
  return (PyObject*)self;
}

/* PyTorch 1.13: THPGenerator_getState */
static PyObject* THPGenerator_getState(PyObject* self, PyObject* unused) {
  (void)unused;
  Generator* g = THPGenerator_Unwrap(self);
  int64_t size = CPUGeneratorImplState_size;
  Tensor* state = empty_cpu(IntArrayRef_make(&size, 1), ScalarType_Byte);
  if (state == NULL) return THPException_fromError();
  pthread_mutex_lock(&g->mutex);
  CPUGeneratorImpl_getState(g, (uint8_t*)Tensor_data(state));
  pthread_mutex_unlock(&g->mutex);
  return THPVariable_Wrap(state);
}

/* PyTorch 1.13: THPGenerator_setState, CPUGeneratorImpl.cpp check_rng_state */
static PyObject* THPGenerator_setState(PyObject* self, PyObject* new_state) {
  if (!THPVariable_Check(new_state)) {
    PyErr_Format(PyExc_TypeError, "expected a torch.ByteTensor, but got %s", Py_TYPE(new_state)->tp_name);
    return NULL;
  }
  const Tensor* t = THPVariable_Unpack(new_state);
  if (t->device.type != DeviceType_CPU || t->dtype != ScalarType_Byte) {
    PyErr_SetString(PyExc_TypeError, "RNG state must be a torch.ByteTensor");
    return NULL;
  }
  Generator* g = THPGenerator_Unwrap(self);
  pthread_mutex_lock(&g->mutex);
  int rc = CPUGeneratorImpl_setState(g, (const uint8_t*)Tensor_data(t), t->numel);
  pthread_mutex_unlock(&g->mutex);
  if (rc < 0) return THPException_fromError();
  return Py_NewRef(self);
}

/* An int seed as 64 bits: read unsigned, else signed (two's complement).
 * PyTorch 1.13: THPGenerator_manualSeed */
static PyObject* THPGenerator_manualSeed(PyObject* self, PyObject* seed) {
  if (!THPUtils_checkLong(seed)) {
    PyErr_Format(PyExc_RuntimeError, "manual_seed expected a long, but got %s", Py_TYPE(seed)->tp_name);
    return NULL;
  }
  uint64_t value = PyLong_AsUnsignedLongLong(seed);
  if (value == (uint64_t)-1 && PyErr_Occurred()) {
    if (!PyErr_ExceptionMatches(PyExc_OverflowError)) return NULL;
    PyErr_Clear();
    int64_t signed_value;
    if (THPUtils_unpackLong(seed, &signed_value) < 0) return NULL;
    value = (uint64_t)signed_value;
  }
  Generator* g = THPGenerator_Unwrap(self);
  pthread_mutex_lock(&g->mutex);
  CPUGeneratorImpl_setCurrentSeed(g, value);
  pthread_mutex_unlock(&g->mutex);
  return Py_NewRef(self);
}

/* PyTorch 1.13: THPGenerator_seed */
static PyObject* THPGenerator_seed(PyObject* self, PyObject* unused) {
  (void)unused;
  Generator* g = THPGenerator_Unwrap(self);
  pthread_mutex_lock(&g->mutex);
  uint64_t seed = CPUGeneratorImpl_seed(g);
  pthread_mutex_unlock(&g->mutex);
  return PyLong_FromUnsignedLongLong(seed);
}

/* PyTorch 1.13: THPGenerator_initialSeed */
static PyObject* THPGenerator_initialSeed(PyObject* self, PyObject* unused) {
  (void)unused;
  return PyLong_FromUnsignedLongLong(CPUGeneratorImpl_currentSeed(THPGenerator_Unwrap(self)));
}

/* PyTorch 1.13: THPGenerator_get_device */
static PyObject* THPGenerator_get_device(PyObject* self, void* unused) {
  (void)self;
  (void)unused;
  return THPDevice_New(Device_cpu());
}

static PyMethodDef THPGenerator_methods[] = {
    {"get_state", THPGenerator_getState, METH_NOARGS, NULL},
    {"set_state", THPGenerator_setState, METH_O, NULL},
    {"manual_seed", THPGenerator_manualSeed, METH_O, NULL},
    {"seed", THPGenerator_seed, METH_NOARGS, NULL},
    {"initial_seed", THPGenerator_initialSeed, METH_NOARGS, NULL},
    {NULL, NULL, 0, NULL},
};

static PyGetSetDef THPGenerator_properties[] = {
    {"device", THPGenerator_get_device, NULL, NULL, NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

PyTypeObject THPGeneratorType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "torch._C.Generator",
    .tp_basicsize = sizeof(THPGenerator),
    .tp_dealloc = THPGenerator_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE,
    .tp_methods = THPGenerator_methods,
    .tp_getset = THPGenerator_properties,
    .tp_new = THPGenerator_pynew,
};

int THPGenerator_init(PyObject* module) {
  if (PyType_Ready(&THPGeneratorType) < 0) return -1;
  if (PyModule_AddObjectRef(module, "Generator", (PyObject*)&THPGeneratorType) < 0) return -1;
  PyObject* default_generator = THPGenerator_Wrap(getDefaultCPUGenerator());
  if (default_generator == NULL) return -1;
  int rc = PyModule_AddObjectRef(module, "default_generator", default_generator);
  Py_DECREF(default_generator);
  return rc;
}
