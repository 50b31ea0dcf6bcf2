/*
 * python_tensor.c - the legacy tensor types: torch.FloatTensor,
 * torch.DoubleTensor, torch.LongTensor, torch.IntTensor,
 * torch.ShortTensor, torch.CharTensor, torch.ByteTensor, torch.BoolTensor.
 *
 * Each is a Python type whose metaclass is torch.tensortype.  It is not a
 * subclass of torch.Tensor and has no instances of its own:
 *   - calling it (torch.LongTensor([1, 2]), torch.LongTensor(2, 3)) runs
 *     the legacy constructor with its dtype (csrc/utils/tensor_new.c
 *     legacy_tensor_ctor) and returns a torch.Tensor;
 *   - isinstance(t, torch.LongTensor) asks whether t is a CPU tensor of
 *     that dtype (the metaclass's __instancecheck__);
 *   - the type knows its dtype, layout, is_cuda and is_sparse;
 *   - t.type() names it ('torch.LongTensor').
 * NB(minaten): 1.13 also copies torch.Tensor's methods into each type's
 * dict (so that torch.LongTensor.add exists, unbound); minaten does not.
 * minaten has no float16, bfloat16 or complex dtypes, so no HalfTensor,
 * BFloat16Tensor or ComplexFloatTensor.
 *
 * PyTorch 1.13: torch/csrc/tensor/python_tensor.cpp (PyTensorType,
 * Tensor_new, Tensor_instancecheck, metaclass, initialize_python_bindings)
 */
#include "csrc/tensor/python_tensor.h"

#include <stdbool.h>

#include "csrc/Dtype.h"
#include "csrc/Layout.h"
#include "csrc/autograd/python_variable.h"
#include "csrc/utils/tensor_new.h"

/* One legacy type: a Python type object, and the dtype it stands for.
 * PyTorch 1.13: python_tensor.cpp struct PyTensorType */
typedef struct PyTensorType {
  PyTypeObject py_type;
  ScalarType scalar_type;
  char name[32]; /* "torch.LongTensor": the type's tp_name */
} PyTensorType;

/* The types, in 1.13's order of its CPU dtypes (those minaten has). */
static PyTensorType tensor_types[] = {
    {.scalar_type = ScalarType_Byte, .name = "torch.ByteTensor"},
    {.scalar_type = ScalarType_Char, .name = "torch.CharTensor"},
    {.scalar_type = ScalarType_Short, .name = "torch.ShortTensor"},
    {.scalar_type = ScalarType_Int, .name = "torch.IntTensor"},
    {.scalar_type = ScalarType_Long, .name = "torch.LongTensor"},
    {.scalar_type = ScalarType_Half, .name = "torch.HalfTensor"},
    {.scalar_type = ScalarType_Float, .name = "torch.FloatTensor"},
    {.scalar_type = ScalarType_Double, .name = "torch.DoubleTensor"},
    {.scalar_type = ScalarType_Bool, .name = "torch.BoolTensor"},
    {.scalar_type = ScalarType_BFloat16, .name = "torch.BFloat16Tensor"},
};
enum { kNumTensorTypes = sizeof tensor_types / sizeof tensor_types[0] };

static PyTensorType* tensor_type(PyObject* self) { return (PyTensorType*)self; }

/* torch.LongTensor(...): the legacy constructor with the type's dtype.
 * PyTorch 1.13: python_tensor.cpp Tensor_new */
static PyObject* tensor_type_new(PyTypeObject* type, PyObject* args, PyObject* kwargs) {
  Tensor* t = legacy_tensor_ctor(((PyTensorType*)type)->scalar_type, args, kwargs);
  if (t == NULL) return NULL;
  return THPVariable_Wrap(t);
}

/* isinstance(arg, torch.LongTensor): a tensor of that dtype on the CPU, strided.
 * PyTorch 1.13: python_tensor.cpp Tensor_instancecheck */
static PyObject* Tensor_instancecheck(PyObject* self, PyObject* arg) {
  if (THPVariable_Check(arg)) {
    const Tensor* t = THPVariable_Unpack(arg);
    if (t->dtype == tensor_type(self)->scalar_type && t->device.type == DeviceType_CPU) Py_RETURN_TRUE;
  }
  Py_RETURN_FALSE;
}

/* PyTorch 1.13: python_tensor.cpp Tensor_dtype */
static PyObject* Tensor_dtype(PyObject* self, void* unused) {
  (void)unused;
  PyObject* d = THPDtype_get(tensor_type(self)->scalar_type);
  Py_XINCREF(d);
  return d;
}

/* PyTorch 1.13: python_tensor.cpp Tensor_layout (torch.strided) */
static PyObject* Tensor_layout(PyObject* self, void* unused) {
  (void)self, (void)unused;
  PyObject* l = THPLayout_get(Layout_Strided);
  Py_XINCREF(l);
  return l;
}

/* PyTorch 1.13: python_tensor.cpp Tensor_is_cuda, Tensor_is_sparse (never, here) */
static PyObject* Tensor_is_false(PyObject* self, void* unused) {
  (void)self, (void)unused;
  Py_RETURN_FALSE;
}

static PyMethodDef metaclass_methods[] = {
    {"__instancecheck__", Tensor_instancecheck, METH_O, NULL},
    {NULL, NULL, 0, NULL},
};

static PyGetSetDef metaclass_properties[] = {
    {"dtype", Tensor_dtype, NULL, NULL, NULL},
    {"layout", Tensor_layout, NULL, NULL, NULL},
    {"is_cuda", Tensor_is_false, NULL, NULL, NULL},
    {"is_sparse", Tensor_is_false, NULL, NULL, NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

/* torch.tensortype: the legacy types' metaclass, a subclass of type.
 * PyTorch 1.13: python_tensor.cpp metaclass (py_initialize_metaclass) */
static PyTypeObject metaclass = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "torch.tensortype",
    .tp_basicsize = sizeof(PyTensorType),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_methods = metaclass_methods,
    .tp_getset = metaclass_properties,
};

/* PyTorch 1.13: python_tensor.cpp initialize_python_bindings (py_initialize_tensor_type, py_bind_tensor_types) */
int THPTensorTypes_init(PyObject* module) {
  metaclass.tp_base = &PyType_Type;
  if (PyType_Ready(&metaclass) < 0) return -1;
  for (int i = 0; i < kNumTensorTypes; i++) {
    PyTensorType* t = &tensor_types[i];
    PyTypeObject* type = &t->py_type;
    Py_SET_TYPE(type, &metaclass);
    type->tp_name = t->name;
    type->tp_basicsize = sizeof(PyObject);
    type->tp_flags = Py_TPFLAGS_DEFAULT;
    type->tp_new = tensor_type_new;
    if (PyType_Ready(type) < 0) return -1;
    Py_INCREF(type);
    if (PyModule_AddObject(module, t->name + sizeof "torch." - 1, (PyObject*)type) < 0) {
      Py_DECREF(type);
      return -1;
    }
  }
  return 0;
}
