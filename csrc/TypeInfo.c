/*
 * TypeInfo.c - torch.finfo and torch.iinfo: the numerical limits of a
 * floating (or complex) and of an integer dtype.
 *
 * finfo(dtype) holds bits, eps, max, min, tiny (= smallest_normal) and
 * resolution (10 ** -digits10) of the dtype's real type: finfo(complex64)
 * describes float32, and its dtype attribute says "float32".  finfo() is
 * the default dtype's.  iinfo(dtype) holds bits, min and max, as Python
 * ints; it refuses bool, and takes the quantized integer types (their
 * underlying integers).  Both print through C++'s ostream (6 significant
 * digits, %g), compare equal when their dtypes are the same, and are not
 * hashable.  The values are the limits of c10's types: Half's max 65504,
 * BFloat16's 0x7F7F (3.3895313892515355e+38), tiny the smallest normal.
 *
 * PyTorch 1.13: torch/csrc/TypeInfo.cpp
 */
#include "csrc/TypeInfo.h"

#include <float.h>
#include <stdint.h>

#include "csrc/Dtype.h"
#include "csrc/utils/python_arg_parser.h"
#include "runtime/DefaultDtype.h"

typedef struct THPDTypeInfo {
  PyObject_HEAD
  ScalarType type;
} THPDTypeInfo;

/* A floating type's limits (c10's numeric_limits), by its real type. */
typedef struct FloatLimits {
  double eps, max, tiny, resolution;
} FloatLimits;

static FloatLimits float_limits(ScalarType t) {
  switch (t) {
    case ScalarType_Half: return (FloatLimits){0.0009765625, 65504.0, 6.103515625e-05, 1e-3};
    case ScalarType_BFloat16: return (FloatLimits){0.0078125, 3.3895313892515355e+38, FLT_MIN, 1e-2};
    case ScalarType_Float: return (FloatLimits){FLT_EPSILON, FLT_MAX, FLT_MIN, 1e-6};
    default: return (FloatLimits){DBL_EPSILON, DBL_MAX, DBL_MIN, 1e-15};
  }
}

/* An integer type's limits (a quantized type's: its underlying integer's). */
static void int_limits(ScalarType t, int64_t* min, int64_t* max) {
  switch (t) {
    case ScalarType_Byte: case ScalarType_QUInt8: *min = 0, *max = UINT8_MAX; break;
    case ScalarType_Char: case ScalarType_QInt8: *min = INT8_MIN, *max = INT8_MAX; break;
    case ScalarType_Short: *min = INT16_MIN, *max = INT16_MAX; break;
    case ScalarType_Int: case ScalarType_QInt32: *min = INT32_MIN, *max = INT32_MAX; break;
    default: *min = INT64_MIN, *max = INT64_MAX; break;
  }
}

static ScalarType info_type(PyObject* self) { return ((THPDTypeInfo*)self)->type; }

static PyObject* THPDTypeInfo_new(PyTypeObject* type, ScalarType t) {
  THPDTypeInfo* self = (THPDTypeInfo*)type->tp_alloc(type, 0);
  if (self != NULL) self->type = t;
  return (PyObject*)self;
}


/* PyTorch 1.13: TypeInfo.cpp THPFInfo_pynew */
static PyObject* THPFInfo_pynew(PyTypeObject* type, PyObject* args, PyObject* kwargs) {
  PYTHON_ARG_PARSER(parser, "finfo", false, "finfo(ScalarType type) -> ()", "finfo() -> ()");
  PythonArgs r;
  int which = PythonArgParser_parseTupleDict(&parser, NULL, args, kwargs, &r);
  if (which < 0) return NULL;
  ScalarType t = which == 1 ? get_default_dtype() : PythonArgs_scalartype(r.args[0]);
  if (!ScalarType_isFloating(t) && !ScalarType_isComplex(t))
    return PyErr_Format(PyExc_TypeError,
                        "torch.finfo() requires a floating point input type. Use torch.iinfo to handle '%s'",
                        type->tp_name);
  return THPDTypeInfo_new(type, t);
}

/* PyTorch 1.13: TypeInfo.cpp THPIInfo_pynew */
static PyObject* THPIInfo_pynew(PyTypeObject* type, PyObject* args, PyObject* kwargs) {
  PYTHON_ARG_PARSER(parser, "iinfo", false, "iinfo(ScalarType type) -> ()");
  PythonArgs r;
  if (PythonArgParser_parseTupleDict(&parser, NULL, args, kwargs, &r) < 0) return NULL;
  ScalarType t = PythonArgs_scalartype(r.args[0]);
  if (t == ScalarType_Bool) return PyErr_Format(PyExc_TypeError, "torch.bool is not supported by torch.iinfo");
  if (!ScalarType_isIntegral(t, false) && !ScalarType_isQuantized(t))
    return PyErr_Format(PyExc_TypeError,
                        "torch.iinfo() requires an integer input type. Use torch.finfo to handle '%s'", type->tp_name);
  return THPDTypeInfo_new(type, t);
}

/* ==, != by dtype; False (==) for anything that is not a type info.
 * PyTorch 1.13: TypeInfo.cpp THPDTypeInfo_compare */
static PyObject* THPDTypeInfo_compare(PyObject* a, PyObject* b, int op) {
  if (op != Py_EQ && op != Py_NE) Py_RETURN_NOTIMPLEMENTED;
  bool same = Py_TYPE(a) == Py_TYPE(b) && info_type(a) == info_type(b);
  return PyBool_FromLong(op == Py_EQ ? same : !same);
}

static PyObject* THPDTypeInfo_bits(PyObject* self, void* unused) {
  (void)unused;
  /* finfo(complex64).bits is float32's */
  return PyLong_FromLong((long)(ScalarType_elementSize(ScalarType_toReal(info_type(self))) * 8));
}

/* the real type's name: finfo(complex64).dtype is "float32" */
static PyObject* THPFInfo_dtype(PyObject* self, void* unused) {
  (void)unused;
  return PyUnicode_FromString(ScalarType_pyName(ScalarType_toReal(info_type(self))));
}

enum { kEps, kMax, kMin, kTiny, kResolution };
static PyObject* THPFInfo_limit(PyObject* self, void* which) {
  FloatLimits l = float_limits(ScalarType_toReal(info_type(self)));
  switch ((intptr_t)which) {
    case kEps: return PyFloat_FromDouble(l.eps);
    case kMax: return PyFloat_FromDouble(l.max);
    case kMin: return PyFloat_FromDouble(-l.max);
    case kTiny: return PyFloat_FromDouble(l.tiny);
    default: return PyFloat_FromDouble(l.resolution);
  }
}

static PyObject* THPIInfo_limit(PyObject* self, void* which) {
  int64_t min, max;
  int_limits(info_type(self), &min, &max);
  return PyLong_FromLongLong((intptr_t)which == kMax ? max : min);
}

/* PyTorch 1.13: TypeInfo.cpp THPIInfo_dtype (a quantized type has no Python name there) */
static PyObject* THPIInfo_dtype(PyObject* self, void* unused) {
  (void)unused;
  ScalarType t = info_type(self);
  if (ScalarType_isQuantized(t))
    return PyErr_Format(PyExc_RuntimeError, "\"dtype\" not implemented for '%s'", ScalarType_name(t));
  return PyUnicode_FromString(ScalarType_pyName(t));
}

/* PyTorch 1.13: TypeInfo.cpp THPFInfo_str (an ostringstream: %g) */
static PyObject* THPFInfo_str(PyObject* self) {
  FloatLimits l = float_limits(ScalarType_toReal(info_type(self)));
  char buf[256];
  snprintf(buf, sizeof buf, "finfo(resolution=%g, min=%g, max=%g, eps=%g, smallest_normal=%g, tiny=%g, dtype=%s)",
           l.resolution, -l.max, l.max, l.eps, l.tiny, l.tiny, ScalarType_pyName(ScalarType_toReal(info_type(self))));
  return PyUnicode_FromString(buf);
}

/* PyTorch 1.13: TypeInfo.cpp THPIInfo_str (the limits as doubles, %g) */
static PyObject* THPIInfo_str(PyObject* self) {
  int64_t min, max;
  int_limits(info_type(self), &min, &max);
  PyObject* dtype = THPIInfo_dtype(self, NULL);
  if (dtype == NULL) return NULL;
  char buf[160];
  snprintf(buf, sizeof buf, "iinfo(min=%g, max=%g, dtype=%s)", (double)min, (double)max, PyUnicode_AsUTF8(dtype));
  Py_DECREF(dtype);
  return PyUnicode_FromString(buf);
}

static PyGetSetDef THPFInfo_properties[] = {
    {"bits", THPDTypeInfo_bits, NULL, NULL, NULL},
    {"eps", THPFInfo_limit, NULL, NULL, (void*)(intptr_t)kEps},
    {"max", THPFInfo_limit, NULL, NULL, (void*)(intptr_t)kMax},
    {"min", THPFInfo_limit, NULL, NULL, (void*)(intptr_t)kMin},
    {"smallest_normal", THPFInfo_limit, NULL, NULL, (void*)(intptr_t)kTiny},
    {"tiny", THPFInfo_limit, NULL, NULL, (void*)(intptr_t)kTiny},
    {"resolution", THPFInfo_limit, NULL, NULL, (void*)(intptr_t)kResolution},
    {"dtype", THPFInfo_dtype, NULL, NULL, NULL},
    {NULL, NULL, NULL, NULL, NULL}};

static PyGetSetDef THPIInfo_properties[] = {
    {"bits", THPDTypeInfo_bits, NULL, NULL, NULL},
    {"max", THPIInfo_limit, NULL, NULL, (void*)(intptr_t)kMax},
    {"min", THPIInfo_limit, NULL, NULL, (void*)(intptr_t)kMin},
    {"dtype", THPIInfo_dtype, NULL, NULL, NULL},
    {NULL, NULL, NULL, NULL, NULL}};

static PyTypeObject THPFInfoType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "torch.finfo",
    .tp_basicsize = sizeof(THPDTypeInfo),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_repr = THPFInfo_str,
    .tp_str = THPFInfo_str,
    .tp_richcompare = THPDTypeInfo_compare,
    .tp_getset = THPFInfo_properties,
    .tp_new = THPFInfo_pynew,
};

static PyTypeObject THPIInfoType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "torch.iinfo",
    .tp_basicsize = sizeof(THPDTypeInfo),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_repr = THPIInfo_str,
    .tp_str = THPIInfo_str,
    .tp_richcompare = THPDTypeInfo_compare,
    .tp_getset = THPIInfo_properties,
    .tp_new = THPIInfo_pynew,
};

/* PyTorch 1.13: TypeInfo.cpp THPDTypeInfo_init */
int THPDTypeInfo_init(PyObject* module) {
  if (PyType_Ready(&THPFInfoType) < 0 || PyType_Ready(&THPIInfoType) < 0) return -1;
  if (PyModule_AddObjectRef(module, "finfo", (PyObject*)&THPFInfoType) < 0) return -1;
  return PyModule_AddObjectRef(module, "iinfo", (PyObject*)&THPIInfoType);
}
