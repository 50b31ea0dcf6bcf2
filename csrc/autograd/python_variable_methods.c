/*
 * python_variable_methods.c - the methods of torch._C._TensorBase that 1.13
 * writes by hand rather than generating from an operator: size, stride,
 * dim, numel, nelement, storage_offset, element_size, is_contiguous,
 * data_ptr, get_device, item, to, cpu, float, double, long, int, bool,
 * short, byte, char, type, copy_, set_, the conversions to Python numbers (__bool__,
 * __float__, __int__, __index__, __complex__), __invert__, and the
 * properties T, mT, H, mH.  Every other Tensor.NAME is an operator's
 * method binding (python_bindings.c), and the reflected operators that 1.13
 * writes in Python are python/minaten/_tensor.py's.
 *
 * Each parses its arguments with the same PythonArgParser as the bindings,
 * from 1.13's signature strings.  The conversions (`to`, `float()`,
 * `cpu()`) call aten::to.dtype_layout through the dispatcher, so the trace
 * is 1.13's (`_to_copy`, or nothing when the tensor already fits); item()
 * and the number conversions run aten::_local_scalar_dense.
 *
 * PyTorch 1.13: torch/csrc/autograd/python_variable_methods.cpp (THPVariable_size,
 * THPVariable_stride, THPVariable_to, THPVariable_item, dispatch_to,
 * THPVariable_float_scalar, THPVariable_integral_scalar,
 * THPVariable_index_scalar, THPVariable_bool_scalar, THPVariable_invert,
 * THPVariable_type), torch/csrc/autograd/python_variable.cpp
 * (THPVariable_get_T, _get_mT, _get_H, _get_mH)
 */
#include "csrc/python_headers.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "Functions.h"
#include "csrc/Device.h"
#include "csrc/Dtype.h"
#include "csrc/Exceptions.h"
#include "csrc/MemoryFormat.h"
#include "ops/TensorUtils.h"
#include "csrc/Size.h"
#include "csrc/Storage.h"
#include "csrc/autograd/python_bindings.h"
#include "csrc/autograd/python_variable.h"
#include "csrc/autograd/python_variable_indexing.h"
#include "csrc/autograd/python_variable_methods.h"
#include "csrc/utils/python_arg_parser.h"
#include "csrc/utils/tensor_new.h"
#include "runtime/DefaultDtype.h"
#include "runtime/Exception.h"

#define UNUSED(x) (void)(x)

/* ---- size / stride ------------------------------------------------------------- */

/* The `Dimname dim` overload: minaten's tensors have no names.
 * PyTorch 1.13: aten/src/ATen/NamedTensorUtils.cpp dimname_to_position */
static PyObject* dimname_error(const Tensor* t, PyObject* name) {
  if (name == NULL || name == Py_None) {
    PyErr_SetString(PyExc_RuntimeError, "Please look up dimensions by name, got: name = None.");
    return NULL;
  }
  char names[512] = "";
  size_t n = 0;
  for (int64_t i = 0; i < t->dim && n < sizeof names; i++)
    n += (size_t)snprintf(names + n, sizeof names - n, "%sNone", i ? ", " : "");
  PyErr_Format(PyExc_RuntimeError, "Name '%U' not found in Tensor[%s].", name, names);
  return NULL;
}

/* size(int dim) / size() / size(Dimname dim), and the same for stride. */
static PyObject* size_or_stride(PythonArgParser* parser, bool sizes, PyObject* self, PyObject* const* args,
                                Py_ssize_t nargs, PyObject* kwnames) {
  PythonArgs r;
  int which = PythonArgParser_parse(parser, self, args, nargs, kwnames, &r);
  if (which < 0) return NULL;
  if (PythonArgs_hasTorchFunction(&r))
    return handle_torch_function_vectorcall(&r.overloaded, self, args, nargs, kwnames, THPVariableClass, parser->name,
                                            "torch.Tensor");
  const Tensor* t = THPVariable_Unpack(self);
  IntArrayRef values = sizes ? Tensor_sizes(t) : Tensor_strides(t);
  if (which == 1) {
    if (sizes) return THPSize_New(values);
    PyObject* tuple = PyTuple_New((Py_ssize_t)values.size);
    for (size_t i = 0; tuple != NULL && i < values.size; i++) {
      PyObject* v = PyLong_FromLongLong(values.data[i]);
      if (v == NULL) Py_CLEAR(tuple);
      else PyTuple_SET_ITEM(tuple, (Py_ssize_t)i, v);
    }
    return tuple;
  }
  if (which == 2) return dimname_error(t, r.args[1]);
  IValue dim;
  if (PythonArgs_toIValue(&r, 1, &dim) < 0) return NULL;
  int64_t d = maybe_wrap_dim(dim.u.i, t->dim, false);
  if (Error_occurred()) return THPException_fromError();
  return PyLong_FromLongLong(values.data[d]);
}

/* PyTorch 1.13: python_variable_methods.cpp THPVariable_size */
static PyObject* THPVariable_size(PyObject* self, PyObject* const* args, Py_ssize_t nargs, PyObject* kwnames) {
  PYTHON_ARG_PARSER(parser, "size", true, "size(Tensor self, int dim) -> int", "size(Tensor self) -> int",
                    "size(Tensor self, Dimname dim) -> int");
  return size_or_stride(&parser, true, self, args, nargs, kwnames);
}

/* PyTorch 1.13: python_variable_methods.cpp THPVariable_stride */
static PyObject* THPVariable_stride(PyObject* self, PyObject* const* args, Py_ssize_t nargs, PyObject* kwnames) {
  PYTHON_ARG_PARSER(parser, "stride", true, "stride(Tensor self, int dim) -> int", "stride(Tensor self) -> int",
                    "stride(Tensor self, Dimname dim) -> int");
  return size_or_stride(&parser, false, self, args, nargs, kwnames);
}

/* ---- simple queries ------------------------------------------------------------ */

/* PyTorch 1.13: python_variable_methods.cpp THPVariable_dim */
static PyObject* THPVariable_dim(PyObject* self, PyObject* unused) {
  if (check_has_torch_function(self, false)) return handle_torch_function_method(self, "dim", NULL, 0, NULL);
  UNUSED(unused);
  return PyLong_FromLongLong(THPVariable_Unpack(self)->dim);
}

/* PyTorch 1.13: python_variable_methods.cpp THPVariable_numel */
static PyObject* THPVariable_numel(PyObject* self, PyObject* unused) {
  if (check_has_torch_function(self, false)) return handle_torch_function_method(self, "numel", NULL, 0, NULL);
  UNUSED(unused);
  return PyLong_FromLongLong(THPVariable_Unpack(self)->numel);
}

/* PyTorch 1.13: python_variable_methods.cpp THPVariable_element_size */
static PyObject* THPVariable_element_size(PyObject* self, PyObject* unused) {
  if (check_has_torch_function(self, false)) return handle_torch_function_method(self, "element_size", NULL, 0, NULL);
  UNUSED(unused);
  return PyLong_FromSize_t(ScalarType_elementSize(THPVariable_Unpack(self)->dtype));
}

/* PyTorch 1.13: python_variable_methods.cpp THPVariable_storage_offset */
static PyObject* THPVariable_storage_offset(PyObject* self, PyObject* unused) {
  if (check_has_torch_function(self, false)) return handle_torch_function_method(self, "storage_offset", NULL, 0, NULL);
  UNUSED(unused);
  return PyLong_FromLongLong(THPVariable_Unpack(self)->storage_offset);
}

/* The address of the first element; 0 for a tensor without data.
 * PyTorch 1.13: python_variable_methods.cpp THPVariable_data_ptr */
static PyObject* THPVariable_data_ptr(PyObject* self, PyObject* unused) {
  if (check_has_torch_function(self, false)) return handle_torch_function_method(self, "data_ptr", NULL, 0, NULL);
  UNUSED(unused);
  const Tensor* t = THPVariable_Unpack(self);
  if (t->storage == NULL || t->storage->nbytes == 0) return PyLong_FromLong(0);
  return PyLong_FromVoidPtr(Tensor_data(t));
}

/* -1: a CPU tensor.  PyTorch 1.13: python_variable_methods.cpp THPVariable_get_device */
static PyObject* THPVariable_get_device(PyObject* self, PyObject* unused) {
  if (check_has_torch_function(self, false)) return handle_torch_function_method(self, "get_device", NULL, 0, NULL);
  UNUSED(unused);
  const Tensor* t = THPVariable_Unpack(self);
  return PyLong_FromLong(t->device.type == DeviceType_CPU ? -1 : (t->device.index < 0 ? 0 : t->device.index));
}

/* tensor.new(...): the legacy constructor's signatures with self's dtype
 * and device (csrc/utils/tensor_new.c legacy_tensor_new).
 * PyTorch 1.13: python_variable_methods.cpp THPVariable_new */
static PyObject* THPVariable_new(PyObject* self, PyObject* args, PyObject* kwargs) {
  if (check_has_torch_function(self, false)) {
    OverloadedArgs overloaded = {1, {self}};
    return handle_torch_function_args(&overloaded, self, args, kwargs, THPVariableClass, "new", "torch.Tensor");
  }
  Tensor* t = legacy_tensor_new(THPVariable_Unpack(self), args, kwargs);
  return t != NULL ? THPVariable_Wrap(t) : NULL;
}

/* PyTorch 1.13: python_variable_methods.cpp THPVariable_is_contiguous */
static PyObject* THPVariable_is_contiguous(PyObject* self, PyObject* const* args, Py_ssize_t nargs,
                                           PyObject* kwnames) {
  PYTHON_ARG_PARSER(parser, "is_contiguous", true,
                    "is_contiguous(Tensor self, *, MemoryFormat memory_format=contiguous_format) -> bool");
  PythonArgs r;
  if (PythonArgParser_parse(&parser, self, args, nargs, kwnames, &r) < 0) return NULL;
  if (PythonArgs_hasTorchFunction(&r))
    return handle_torch_function_vectorcall(&r.overloaded, self, args, nargs, kwnames, THPVariableClass, "is_contiguous",
                                            "torch.Tensor");
  MemoryFormat format = r.args[1] != NULL ? THPMemoryFormat_value(r.args[1]) : MemoryFormat_Contiguous;
  return PyBool_FromLong(Tensor_isContiguousMemoryFormat(THPVariable_Unpack(self), format));
}

/* PyTorch 1.13: python_variable_methods.cpp THPVariable_is_floating_point */
static PyObject* THPVariable_is_floating_point(PyObject* self, PyObject* noargs) {
  if (check_has_torch_function(self, false)) return handle_torch_function_method(self, "is_floating_point", NULL, 0, NULL);
  (void)noargs;
  return PyBool_FromLong(ScalarType_isFloating(THPVariable_Unpack(self)->dtype));
}

/* PyTorch 1.13: python_variable_methods.cpp THPVariable_is_complex */
static PyObject* THPVariable_is_complex(PyObject* self, PyObject* noargs) {
  if (check_has_torch_function(self, false)) return handle_torch_function_method(self, "is_complex", NULL, 0, NULL);
  (void)noargs;
  return PyBool_FromLong(ScalarType_isComplex(THPVariable_Unpack(self)->dtype));
}

/* ---- Python numbers ------------------------------------------------------------------ */

/* The one element of self, after 1.13's check (dispatch_to<T>).  0 / -1. */
static int one_element(PyObject* self, Scalar* out) {
  const Tensor* t = THPVariable_Unpack(self);
  if (t->numel != 1) {
    PyErr_SetString(PyExc_ValueError, "only one element tensors can be converted to Python scalars");
    return -1;
  }
  return THPVariable_itemScalar(t, out);
}

static double scalar_to_double(Scalar s) { return Scalar_toDouble(s); }

/* A complex element read as a real number: c10's Scalar::to<double> refuses
 * a nonzero imaginary part. */
static int real_of(Scalar s, double* out) {
  if (s.tag == ScalarTag_ComplexDouble && s.v.z.imag != 0) {
    PyErr_SetString(PyExc_RuntimeError, "value cannot be converted to type double without overflow");
    return -1;
  }
  *out = Scalar_toDouble(s);
  return 0;
}

/* PyTorch 1.13: python_variable_methods.cpp THPVariable_item */
static PyObject* THPVariable_item(PyObject* self, PyObject* unused) {
  if (check_has_torch_function(self, false)) return handle_torch_function_method(self, "item", NULL, 0, NULL);
  UNUSED(unused);
  Scalar s;
  if (one_element(self, &s) < 0) return NULL;
  ScalarType dtype = THPVariable_Unpack(self)->dtype;
  if (s.tag == ScalarTag_ComplexDouble) return PyComplex_FromDoubles(s.v.z.real, s.v.z.imag);
  if (ScalarType_isFloating(dtype)) return PyFloat_FromDouble(scalar_to_double(s));
  if (dtype == ScalarType_Bool) return PyBool_FromLong(scalar_to_double(s) != 0);
  return PyLong_FromLongLong(s.tag == ScalarTag_Double ? (int64_t)s.v.d : s.v.i);
}

/* PyTorch 1.13: python_variable_methods.cpp THPVariable_float_scalar */
static PyObject* THPVariable_float_scalar(PyObject* self, PyObject* unused) {
  if (check_has_torch_function(self, false)) return handle_torch_function_method(self, "__float__", NULL, 0, NULL);
  UNUSED(unused);
  Scalar s;
  double d;
  if (one_element(self, &s) < 0 || real_of(s, &d) < 0) return NULL;
  return PyFloat_FromDouble(d);
}

/* PyTorch 1.13: python_variable_methods.cpp THPVariable_complex_scalar */
static PyObject* THPVariable_complex_scalar(PyObject* self, PyObject* unused) {
  if (check_has_torch_function(self, false)) return handle_torch_function_method(self, "__complex__", NULL, 0, NULL);
  UNUSED(unused);
  Scalar s;
  if (one_element(self, &s) < 0) return NULL;
  if (s.tag == ScalarTag_ComplexDouble) return PyComplex_FromDoubles(s.v.z.real, s.v.z.imag);
  return PyComplex_FromDoubles(scalar_to_double(s), 0.0);
}

/* int(t): a floating tensor's value truncated without overflow (a Python
 * int has none).  PyTorch 1.13: python_variable_methods.cpp THPVariable_integral_scalar */
static PyObject* THPVariable_integral_scalar(PyObject* self, PyObject* unused) {
  if (check_has_torch_function(self, false)) return handle_torch_function_method(self, "__int__", NULL, 0, NULL);
  UNUSED(unused);
  Scalar s;
  double d;
  if (one_element(self, &s) < 0) return NULL;
  if (ScalarType_isFloating(THPVariable_Unpack(self)->dtype) || s.tag == ScalarTag_ComplexDouble)
    return real_of(s, &d) < 0 ? NULL : PyLong_FromDouble(d);
  return PyLong_FromLongLong(s.tag == ScalarTag_Double ? (int64_t)s.v.d : s.v.i);
}

/* PyTorch 1.13: python_variable_methods.cpp THPVariable_index_scalar */
static PyObject* THPVariable_index_scalar(PyObject* self, PyObject* unused) {
  if (check_has_torch_function(self, false)) return handle_torch_function_method(self, "__index__", NULL, 0, NULL);
  UNUSED(unused);
  const Tensor* t = THPVariable_Unpack(self);
  if (!ScalarType_isIntegral(t->dtype, true) || t->numel != 1) {
    PyErr_SetString(PyExc_TypeError, "only integer tensors of a single element can be converted to an index");
    return NULL;
  }
  Scalar s;
  if (one_element(self, &s) < 0) return NULL;
  return PyLong_FromLongLong(s.tag == ScalarTag_Double ? (int64_t)s.v.d : s.v.i);
}

/* bool(t): at::is_nonzero.  PyTorch 1.13: python_variable_methods.cpp
 * THPVariable_bool_scalar, aten/src/ATen/native/TensorProperties.cpp is_nonzero */
static PyObject* THPVariable_bool_scalar(PyObject* self, PyObject* unused) {
  if (check_has_torch_function(self, false)) return handle_torch_function_method(self, "__bool__", NULL, 0, NULL);
  UNUSED(unused);
  bool nonzero = at_is_nonzero(THPVariable_Unpack(self));
  if (Error_occurred()) return THPException_fromError();
  return PyBool_FromLong(nonzero);
}

/* ~t.  PyTorch 1.13: python_variable_methods.cpp THPVariable_invert */
static PyObject* THPVariable_invert(PyObject* self, PyObject* unused) {
  if (check_has_torch_function(self, false)) return handle_torch_function_method(self, "__invert__", NULL, 0, NULL);
  UNUSED(unused);
  if (!ScalarType_isIntegral(THPVariable_Unpack(self)->dtype, true)) {
    PyErr_SetString(PyExc_TypeError, "~ (operator.invert) is only implemented on integer and Boolean-type tensors");
    return NULL;
  }
  return THPBinding_callMethod("bitwise_not", self, NULL, 0, NULL);
}

/* ---- conversions -------------------------------------------------------------------- */

/* self.to(...) as dispatch_to does, through aten::to.dtype_layout: NULL
 * dtype/device keep self's.  PyTorch 1.13: python_variable_methods.cpp dispatch_to */
static PyObject* dispatch_to(PyObject* self, const ScalarType* dtype, const Device* device, bool non_blocking,
                             bool copy, const MemoryFormat* memory_format) {
  IValue args[8] = {IValue_borrowTensor(THPVariable_Unpack(self)),
                    dtype ? IValue_fromScalarType(*dtype) : IValue_none(),
                    IValue_none(),
                    device ? IValue_fromDevice(*device) : IValue_none(),
                    IValue_none(),
                    IValue_fromBool(non_blocking),
                    IValue_fromBool(copy),
                    memory_format ? IValue_fromMemoryFormat(*memory_format) : IValue_none()};
  return THPUtils_callOpBoxed("aten::to.dtype_layout", args, false);
}

/* PyTorch 1.13: python_variable_methods.cpp THPVariable_to, parse_to_conversion */
static PyObject* THPVariable_to(PyObject* self, PyObject* const* args, Py_ssize_t nargs, PyObject* kwnames) {
  PYTHON_ARG_PARSER(parser, "to", true,
                    "to(Tensor self, Device? device=None, ScalarType? dtype=None, bool non_blocking=False, bool "
                    "copy=False, *, MemoryFormat? memory_format=None) -> Tensor",
                    "to(Tensor self, ScalarType dtype, bool non_blocking=False, bool copy=False, *, MemoryFormat? "
                    "memory_format=None) -> Tensor",
                    "to(Tensor self, Tensor tensor, bool non_blocking=False, bool copy=False, *, MemoryFormat? "
                    "memory_format=None) -> Tensor");
  PythonArgs r;
  int which = PythonArgParser_parse(&parser, self, args, nargs, kwnames, &r);
  if (which < 0) return NULL;
  if (PythonArgs_hasTorchFunction(&r))
    return handle_torch_function_vectorcall(&r.overloaded, self, args, nargs, kwnames, THPVariableClass, "to",
                                            "torch.Tensor");
  IValue v[6];
  int n = which == 0 ? 6 : 5;
  for (int i = 1; i < n; i++) {
    if (PythonArgs_toIValue(&r, i, &v[i]) < 0) {
      while (--i >= 1) IValue_release(&v[i]);
      return NULL;
    }
  }
  Device device;
  ScalarType dtype;
  bool has_device = false, has_dtype = false;
  if (which == 0) {
    if ((has_device = v[1].tag == IValueTag_Device)) device = v[1].u.device;
    if ((has_dtype = v[2].tag == IValueTag_ScalarType)) dtype = v[2].u.scalar_type;
  } else if (which == 1) {
    dtype = v[1].u.scalar_type, has_dtype = true;
  } else {
    const Tensor* other = v[1].u.tensor;
    device = other->device, has_device = true;
    dtype = other->dtype, has_dtype = true;
  }
  int k = which == 0 ? 3 : 2; /* non_blocking */
  bool non_blocking = v[k].u.b, copy = v[k + 1].u.b;
  bool has_memory_format = v[k + 2].tag == IValueTag_MemoryFormat;
  MemoryFormat memory_format = has_memory_format ? v[k + 2].u.memory_format : MemoryFormat_Preserve;
  for (int i = 1; i < n; i++) IValue_release(&v[i]); /* a number given for `tensor` was wrapped */
  if (!has_device && !has_dtype && !copy && !has_memory_format) return Py_NewRef(self);
  return dispatch_to(self, has_dtype ? &dtype : NULL, has_device ? &device : NULL, non_blocking, copy,
                     has_memory_format ? &memory_format : NULL);
}

/* float(*, MemoryFormat? memory_format=None) and friends; cpu() likewise.
 * PyTorch 1.13: python_variable_methods.cpp THPVariable_to_type, THPVariable_cpu */
static PyObject* convert(PythonArgParser* parser, const ScalarType* dtype, const Device* device, PyObject* self,
                         PyObject* const* args, Py_ssize_t nargs, PyObject* kwnames) {
  PythonArgs r;
  if (PythonArgParser_parse(parser, self, args, nargs, kwnames, &r) < 0) return NULL;
  if (PythonArgs_hasTorchFunction(&r))
    return handle_torch_function_vectorcall(&r.overloaded, self, args, nargs, kwnames, THPVariableClass, parser->name,
                                            "torch.Tensor");
  PyObject* mf = r.args[1];
  MemoryFormat memory_format = mf != NULL ? THPMemoryFormat_value(mf) : MemoryFormat_Preserve;
  return dispatch_to(self, dtype, device, false, false, mf != NULL ? &memory_format : NULL);
}

#define DTYPE_METHOD(fname, pyname, scalar_type)                                                          \
  static PyObject* fname(PyObject* self, PyObject* const* args, Py_ssize_t nargs, PyObject* kwnames) {    \
    PYTHON_ARG_PARSER(parser, pyname, true,                                                               \
                      pyname "(Tensor self, *, MemoryFormat? memory_format=None) -> Tensor");             \
    ScalarType t = scalar_type;                                                                           \
    return convert(&parser, &t, NULL, self, args, nargs, kwnames);                                        \
  }
DTYPE_METHOD(THPVariable_float, "float", ScalarType_Float)
DTYPE_METHOD(THPVariable_double, "double", ScalarType_Double)
DTYPE_METHOD(THPVariable_long, "long", ScalarType_Long)
DTYPE_METHOD(THPVariable_int, "int", ScalarType_Int)
DTYPE_METHOD(THPVariable_bool, "bool", ScalarType_Bool)
DTYPE_METHOD(THPVariable_short, "short", ScalarType_Short)
DTYPE_METHOD(THPVariable_byte, "byte", ScalarType_Byte)
DTYPE_METHOD(THPVariable_char, "char", ScalarType_Char)
DTYPE_METHOD(THPVariable_half, "half", ScalarType_Half)
DTYPE_METHOD(THPVariable_bfloat16, "bfloat16", ScalarType_BFloat16)

static PyObject* THPVariable_cpu(PyObject* self, PyObject* const* args, Py_ssize_t nargs, PyObject* kwnames) {
  PYTHON_ARG_PARSER(parser, "cpu", true, "cpu(Tensor self, *, MemoryFormat? memory_format=None) -> Tensor");
  Device cpu = Device_cpu();
  return convert(&parser, NULL, &cpu, self, args, nargs, kwnames);
}

/* The legacy type name of a tensor ("torch.FloatTensor",
 * "torch.quantized.QUInt8Tensor", "torch.lazy.FloatTensor").
 * PyTorch 1.13: torch/csrc/utils/tensor_types.cpp type_to_string */
static void legacy_type_name(const Tensor* t, char* buf, size_t n) {
  const char* prefix = ScalarType_isQuantized(t->dtype) ? "quantized." : t->device.type == DeviceType_Lazy ? "lazy." : "";
  snprintf(buf, n, "torch.%s%sTensor", prefix, t->dtype < ScalarType_NumOptions ? ScalarType_name(t->dtype) : "Unknown");
}

/* type(dtype=None, non_blocking=False): the legacy type name, or self
 * converted to a dtype given as a dtype or as a CPU type name (to(dtype):
 * self itself when it has that dtype already).
 * PyTorch 1.13: python_variable_methods.cpp THPVariable_type */
static PyObject* THPVariable_type(PyObject* self, PyObject* const* args, Py_ssize_t nargs, PyObject* kwnames) {
  PYTHON_ARG_PARSER(parser, "type", true,
                    "type(Tensor self, Any? dtype=None, bool non_blocking=False, *, MemoryFormat? "
                    "memory_format=None) -> Tensor");
  PythonArgs r;
  if (PythonArgParser_parse(&parser, self, args, nargs, kwnames, &r) < 0) return NULL;
  if (PythonArgs_hasTorchFunction(&r))
    return handle_torch_function_vectorcall(&r.overloaded, self, args, nargs, kwnames, THPVariableClass, "type",
                                            "torch.Tensor");
  const Tensor* t = THPVariable_Unpack(self);
  PyObject* d = r.args[1];
  bool non_blocking = r.args[2] == Py_True;
  if (d == NULL || d == Py_None) {
    /* 1.13's type names have no meta backend (backendToString) */
    if (t->device.type == DeviceType_Meta) return PyErr_Format(PyExc_RuntimeError, "Unimplemented backend Meta");
    char name[64];
    legacy_type_name(t, name, sizeof name);
    return PyUnicode_FromString(name);
  }
  ScalarType dtype;
  if (PyUnicode_Check(d) || PyType_Check(d)) { /* a name, or a legacy type (torch.LongTensor) by its name */
    const char* s = d == THPVariableClass ? "torch.Tensor"
                    : PyType_Check(d)     ? ((PyTypeObject*)d)->tp_name
                                          : PyUnicode_AsUTF8(d);
    if (s == NULL) return NULL;
    int found = -1;
    for (int i = 0; i < ScalarType_NumOptions; i++) { /* the CPU types: "torch.LongTensor" */
      char name[64];
      snprintf(name, sizeof name, "torch.%sTensor", ScalarType_name((ScalarType)i));
      if (!ScalarType_isQuantized((ScalarType)i) && strcmp(s, name) == 0) found = i;
    }
    if (strcmp(s, "torch.Tensor") == 0) found = get_default_dtype_as_scalartype(); /* the default type */
    if (found < 0) {
      PyErr_Format(PyExc_ValueError, "invalid type: '%s'", s);
      return NULL;
    }
    dtype = (ScalarType)found;
    Device cpu = Device_cpu();
    if (t->dtype == dtype && t->device.type == DeviceType_CPU) return Py_NewRef(self);
    return dispatch_to(self, &dtype, &cpu, non_blocking, false, NULL);
  }
  if (THPDtype_Check(d)) {
    dtype = ((THPDtype*)d)->scalar_type;
    if (t->dtype == dtype) return Py_NewRef(self);
    Device device = t->device; /* 1.13 passes self's device on: _to_copy(dtype=..., device=...) */
    return dispatch_to(self, &dtype, &device, non_blocking, false, NULL);
  }
  PyErr_SetString(PyExc_TypeError, "dtype must be a type, str, or dtype object");
  return NULL;
}

/* self.copy_(other, non_blocking=False): aten::copy_ (whose schema names
 * it `src`).  NB(minaten): 1.13's deprecated `async=` signature is not
 * bound (it is counted for the TypeError of a call that fits neither).
 * PyTorch 1.13: python_variable_methods.cpp THPVariable_copy_ */
static PyObject* THPVariable_copy_(PyObject* self, PyObject* const* args, Py_ssize_t nargs, PyObject* kwnames) {
  PYTHON_ARG_PARSER_HIDDEN(parser, "copy_", true, 1,
                           "copy_(Tensor(a!) self, Tensor other, bool non_blocking=False) -> Tensor(a!)");
  PythonArgs r;
  if (PythonArgParser_parse(&parser, self, args, nargs, kwnames, &r) < 0) return NULL;
  if (PythonArgs_hasTorchFunction(&r))
    return handle_torch_function_vectorcall(&r.overloaded, self, args, nargs, kwnames, THPVariableClass, "copy_",
                                            "torch.Tensor");
  IValue stack[3];
  if (PythonArgs_toIValues(&r, stack) < 0) return NULL;
  return THPUtils_callOpBoxed("aten::copy_", stack, false);
}

/* ---- set_ -------------------------------------------------------------------------- */

/* A Storage argument's check that 1.13's binding makes before the call
 * (a c10::Storage has no dtype): a TypedStorage must have self's.
 * PyTorch 1.13: python_variable_methods.cpp THPVariable_set_ (PythonArgs::storage) */
static int check_storage_dtype(const Tensor* self, PyObject* obj) {
  Storage* storage;
  ScalarType dtype;
  bool is_typed;
  if (THPStorage_unpackGetType(obj, &storage, &dtype, &is_typed) < 0) return -1;
  if (is_typed && dtype != self->dtype) {
    PyErr_Format(PyExc_RuntimeError,
                 "Expected a Storage of type %s or an UntypedStorage, but got type %s for argument 1 'storage'",
                 ScalarType_typeMetaName(self->dtype), ScalarType_name(dtype));
    return -1;
  }
  return 0;
}

/* self.set_(), set_(source_storage), set_(source_storage, storage_offset,
 * size, stride=None), set_(source_tensor), set_(source_tensor,
 * storage_offset, size, stride=None): 1.13 writes this binding by hand, to
 * check a TypedStorage's dtype (and, with an internal assert, a source
 * tensor's) before the call; the Storage form's offset and sizes print as
 * ints, the Tensor form's as SymInts.  A stride of None is the operator's
 * default, [] (contiguous).  It does not hand the call to __torch_function__
 * (a tensor subclass's or a TorchFunctionMode's), as 1.13's does not.
 * PyTorch 1.13: python_variable_methods.cpp THPVariable_set_ */
static PyObject* THPVariable_set_(PyObject* self, PyObject* const* args, Py_ssize_t nargs, PyObject* kwnames) {
  PYTHON_ARG_PARSER(parser, "set_", true, "set_(Tensor(a!) self) -> Tensor(a!)",
                    "set_(Tensor(a!) self, Storage source) -> Tensor(a!)",
                    "set_(Tensor(a!) self, Storage source, int storage_offset, int[] size, int[]? stride=None) -> "
                    "Tensor(a!)",
                    "set_(Tensor(a!) self, Tensor source) -> Tensor(a!)",
                    "set_(Tensor(a!) self, Tensor source, SymInt storage_offset, SymInt[] size, SymInt[]? "
                    "stride=None) -> Tensor(a!)");
  static const char* const kOperators[] = {"aten::set_", "aten::set_.source_Storage",
                                           "aten::set_.source_Storage_storage_offset", "aten::set_.source_Tensor",
                                           "aten::set_.source_Tensor_storage_offset"};
  PythonArgs r;
  int which = PythonArgParser_parse(&parser, self, args, nargs, kwnames, &r);
  if (which < 0) return NULL;
  /* no __torch_function__: 1.13's binding never asks (a subclass's, or a mode's) */
  const Tensor* t = THPVariable_Unpack(self);
  if ((which == 1 || which == 2) && check_storage_dtype(t, r.args[1]) < 0) return NULL;
  IValue stack[5];
  if (PythonArgs_toIValues(&r, stack) < 0) return NULL;
  if (which == 3 && stack[1].u.tensor->dtype != t->dtype) {
    IValue_release(&stack[1]);
    PyErr_SetString(PyExc_RuntimeError, "source.dtype() == self.dtype() INTERNAL ASSERT FAILED at "
                                        "\"./torch/csrc/autograd/generated/python_variable_methods.cpp\":16761, "
                                        "please report a bug to PyTorch. ");
    return NULL;
  }
  if ((which == 2 || which == 4) && stack[4].tag == IValueTag_None) stack[4] = IValue_borrowIntList(IntArrayRef_make(NULL, 0));
  return THPUtils_callOpBoxed(kOperators[which], stack, false);
}

/* ---- nonzero ----------------------------------------------------------------------- */

/* self.nonzero().unbind(1): a tuple with one index tensor per dimension (a
 * 0-dim tensor counts as one).  NB(minaten): 1.13 calls aten::nonzero_numpy,
 * a CompositeImplicitAutograd operator minaten does not register; the
 * operators it runs are these.
 * PyTorch 1.13: aten/src/ATen/native/TensorAdvancedIndexing.cpp nonzero_numpy */
static PyObject* dispatch_nonzero_numpy(PyObject* self) {
  const Tensor* t = THPVariable_Unpack(self);
  PyObject* unsqueezed = NULL;
  if (t->dim == 0) {
    IValue u[2] = {IValue_borrowTensor(t), IValue_fromInt(0)};
    if ((unsqueezed = THPUtils_callOpBoxed("aten::unsqueeze", u, false)) == NULL) return NULL;
    t = THPVariable_Unpack(unsqueezed);
  }
  IValue n[1] = {IValue_borrowTensor(t)};
  PyObject* indices = THPUtils_callOpBoxed("aten::nonzero", n, false);
  Py_XDECREF(unsqueezed);
  if (indices == NULL) return NULL;
  IValue b[2] = {IValue_borrowTensor(THPVariable_Unpack(indices)), IValue_fromInt(1)};
  PyObject* r = THPUtils_callOpBoxed("aten::unbind.int", b, false); /* a tuple, as the bindings wrap Tensor[] */
  Py_DECREF(indices);
  return r;
}

/* PyTorch 1.13: python_variable_methods.cpp THPVariable_nonzero */
static PyObject* THPVariable_nonzero(PyObject* self, PyObject* const* args, Py_ssize_t nargs, PyObject* kwnames) {
  PYTHON_ARG_PARSER(parser, "nonzero", true, "nonzero(Tensor self) -> Tensor",
                    "nonzero(Tensor self, *, bool as_tuple) -> Tensor");
  PythonArgs r;
  int which = PythonArgParser_parse(&parser, self, args, nargs, kwnames, &r);
  if (which < 0) return NULL;
  if (PythonArgs_hasTorchFunction(&r))
    return handle_torch_function_vectorcall(&r.overloaded, self, args, nargs, kwnames, THPVariableClass, "nonzero",
                                            "torch.Tensor");
  if (which == 1 && r.args[1] == Py_True) return dispatch_nonzero_numpy(self);
  IValue n[1] = {IValue_borrowTensor(THPVariable_Unpack(self))};
  return THPUtils_callOpBoxed("aten::nonzero", n, false);
}

/* torch.nonzero(input, *, as_tuple=False, out=None).
 * PyTorch 1.13: python_torch_functions_manual.cpp THPVariable_nonzero */
static PyObject* THPVariable_nonzero_function(PyObject* module, PyObject* const* args, Py_ssize_t nargs,
                                              PyObject* kwnames) {
  UNUSED(module);
  PYTHON_ARG_PARSER(parser, "nonzero", false,
                    "nonzero(Tensor self, *, bool as_tuple=False, Tensor(a!)? out=None) -> Tensor");
  PythonArgs r;
  if (PythonArgParser_parse(&parser, NULL, args, nargs, kwnames, &r) < 0) return NULL;
  if (PythonArgs_hasTorchFunction(&r))
    return handle_torch_function_vectorcall(&r.overloaded, NULL, args, nargs, kwnames, THPVariableFunctionsModule,
                                            "nonzero", "torch");
  PyObject* out = r.args[2];
  if (r.args[1] == Py_True) {
    if (out != NULL) {
      PyErr_SetString(PyExc_RuntimeError, "nonzero does not support the out kwarg when as_tuple is True");
      return NULL;
    }
    return dispatch_nonzero_numpy(r.args[0]);
  }
  if (out != NULL) {
    IValue o[2] = {IValue_borrowTensor(THPVariable_Unpack(r.args[0])), IValue_borrowTensor(THPVariable_Unpack(out))};
    return THPUtils_callOpBoxed("aten::nonzero.out", o, false);
  }
  IValue n[1] = {IValue_borrowTensor(THPVariable_Unpack(r.args[0]))};
  return THPUtils_callOpBoxed("aten::nonzero", n, false);
}

/* ---- properties ----------------------------------------------------------------------- */

/* x.T: permute with the dims reversed, deprecated (TORCH_WARN_ONCE) for
 * anything but a matrix or a scalar.  NB(minaten): 1.13 calls aten::numpy_T,
 * a CompositeImplicitAutograd operator minaten does not register; its
 * permute is what both traces show.
 * PyTorch 1.13: python_variable.cpp THPVariable_get_T, TensorShape.cpp numpy_T */
static PyObject* THPVariable_get_T(PyObject* self, void* unused) {
  if (check_has_torch_function(self, false)) return handle_torch_function_getter(self, "T");
  UNUSED(unused);
  const Tensor* t = THPVariable_Unpack(self);
  static bool warned = false;
  PyWarningHandler w; /* Note [Warnings from C, through Python's warnings module] */
  PyWarningHandler_enter(&w);
  if (t->dim != 2 && t->dim != 0 && !warned) {
    warned = true;
    Warning_warn("The use of `x.T` on tensors of dimension other than 2 to reverse their shape is deprecated "
                 "and it will throw an error in a future release. Consider `x.mT` to transpose batches of "
                 "matrices or `x.permute(*torch.arange(x.ndim - 1, -1, -1))` to reverse the dimensions of a "
                 "tensor. (Triggered internally at  ./aten/src/ATen/native/TensorShape.cpp:3277.)");
  }
  int64_t dims[MINATEN_MAX_DIM];
  for (int64_t i = 0; i < t->dim; i++) dims[i] = t->dim - 1 - i;
  IValue args[2] = {IValue_borrowTensor(t), IValue_borrowIntList(IntArrayRef_make(dims, (size_t)t->dim))};
  return PyWarningHandler_exit(&w, THPUtils_callOpBoxed("aten::permute", args, false));
}

static PyObject* unary_property(PyObject* self, const char* op) {
  IValue args[1] = {IValue_borrowTensor(THPVariable_Unpack(self))};
  return THPUtils_callOpBoxed(op, args, false);
}

/* PyTorch 1.13: python_variable.cpp THPVariable_get_mT, THPVariable_get_mH, THPVariable_get_H */
static PyObject* THPVariable_get_mT(PyObject* self, void* unused) {
  if (check_has_torch_function(self, false)) return handle_torch_function_getter(self, "mT");
  UNUSED(unused);
  return unary_property(self, "aten::mT");
}
static PyObject* THPVariable_get_mH(PyObject* self, void* unused) {
  if (check_has_torch_function(self, false)) return handle_torch_function_getter(self, "mH");
  UNUSED(unused);
  return unary_property(self, "aten::mH");
}
static PyObject* THPVariable_get_H(PyObject* self, void* unused) {
  if (check_has_torch_function(self, false)) return handle_torch_function_getter(self, "H");
  UNUSED(unused);
  return unary_property(self, "aten::matrix_H");
}

/* x.real: aten::real (x itself, for minaten's real dtypes); x.imag: aten::imag
 * (1.13's "imag is not implemented for tensors with non-complex dtypes.").
 * PyTorch 1.13: python_variable.cpp THPVariable_get_real, THPVariable_get_imag */
static PyObject* THPVariable_get_real(PyObject* self, void* unused) {
  if (check_has_torch_function(self, false)) return handle_torch_function_getter(self, "real");
  UNUSED(unused);
  return unary_property(self, "aten::real");
}
static PyObject* THPVariable_get_imag(PyObject* self, void* unused) {
  if (check_has_torch_function(self, false)) return handle_torch_function_getter(self, "imag");
  UNUSED(unused);
  return unary_property(self, "aten::imag");
}

/* x.real = value: the value (valueToTensor, in the real part's dtype) copied
 * into at::real(x) with copy_, so it broadcasts and is refused as copy_'s
 * source is; x.imag = value fails in at::imag first.  No __torch_function__
 * here, as in 1.13.  NB(minaten): `del x.real` is a TypeError; 1.13's setter
 * reads the missing value and crashes.
 * PyTorch 1.13: python_variable.cpp THPVariable_set_real, THPVariable_set_imag */
static int set_part(PyObject* self, PyObject* value, Tensor* (*part)(const Tensor*), const char* name) {
  if (value == NULL) {
    PyErr_Format(PyExc_TypeError, "cannot delete attribute %s", name);
    return -1;
  }
  Tensor* self_part = part(THPVariable_Unpack(self));
  if (self_part == NULL) return THPException_fromError(), -1;
  Tensor* value_ = valueToTensor(self_part->dtype, self_part->device, value);
  if (value_ == NULL) {
    Tensor_release(self_part);
    return -1;
  }
  Tensor* r = at_copy_(self_part, value_, false);
  Tensor_release(value_);
  Tensor_release(self_part);
  if (r == NULL) return THPException_fromError(), -1;
  Tensor_release(r);
  return 0;
}
static int THPVariable_set_real(PyObject* self, PyObject* value, void* unused) {
  UNUSED(unused);
  return set_part(self, value, at_real, "real");
}
static int THPVariable_set_imag(PyObject* self, PyObject* value, void* unused) {
  UNUSED(unused);
  return set_part(self, value, at_imag, "imag");
}

static PyGetSetDef properties[] = {{"T", THPVariable_get_T, NULL, NULL, NULL},
                                   {"real", THPVariable_get_real, THPVariable_set_real, NULL, NULL},
                                   {"imag", THPVariable_get_imag, THPVariable_set_imag, NULL, NULL},
                                   {"mT", THPVariable_get_mT, NULL, NULL, NULL},
                                   {"mH", THPVariable_get_mH, NULL, NULL, NULL},
                                   {"H", THPVariable_get_H, NULL, NULL, NULL},
                                   {NULL, NULL, NULL, NULL, NULL}};

/* torch.numel(input).  PyTorch 1.13: the generated binding of aten::numel */
static PyObject* THPVariable_numel_function(PyObject* module, PyObject* const* args, Py_ssize_t nargs,
                                            PyObject* kwnames) {
  UNUSED(module);
  PYTHON_ARG_PARSER(parser, "numel", false, "numel(Tensor self) -> int");
  PythonArgs r;
  if (PythonArgParser_parse(&parser, NULL, args, nargs, kwnames, &r) < 0) return NULL;
  if (PythonArgs_hasTorchFunction(&r))
    return handle_torch_function_vectorcall(&r.overloaded, NULL, args, nargs, kwnames, THPVariableFunctionsModule,
                                            "numel", "torch");
  return PyLong_FromLongLong(THPVariable_Unpack(r.args[0])->numel);
}

/* ---- the table ------------------------------------------------------------------------ */

#define FASTCALL(f) (PyCFunction)(void (*)(void))(f), METH_FASTCALL | METH_KEYWORDS

/* PyTorch 1.13: python_variable_methods.cpp variable_methods (its hand-written part) */
static PyMethodDef methods[] = {
    {"__bool__", THPVariable_bool_scalar, METH_NOARGS, NULL},
    {"__nonzero__", THPVariable_bool_scalar, METH_NOARGS, NULL},
    {"__float__", THPVariable_float_scalar, METH_NOARGS, NULL},
    {"__complex__", THPVariable_complex_scalar, METH_NOARGS, NULL},
    {"__int__", THPVariable_integral_scalar, METH_NOARGS, NULL},
    {"__long__", THPVariable_integral_scalar, METH_NOARGS, NULL},
    {"__index__", THPVariable_index_scalar, METH_NOARGS, NULL},
    {"__invert__", THPVariable_invert, METH_NOARGS, NULL},
    {"size", FASTCALL(THPVariable_size), NULL},
    {"stride", FASTCALL(THPVariable_stride), NULL},
    {"dim", THPVariable_dim, METH_NOARGS, NULL},
    {"ndimension", THPVariable_dim, METH_NOARGS, NULL},
    {"numel", THPVariable_numel, METH_NOARGS, NULL},
    {"nelement", THPVariable_numel, METH_NOARGS, NULL},
    {"element_size", THPVariable_element_size, METH_NOARGS, NULL},
    {"storage_offset", THPVariable_storage_offset, METH_NOARGS, NULL},
    {"data_ptr", THPVariable_data_ptr, METH_NOARGS, NULL},
    {"get_device", THPVariable_get_device, METH_NOARGS, NULL},
    {"is_contiguous", FASTCALL(THPVariable_is_contiguous), NULL},
    {"new", (PyCFunction)(void (*)(void))THPVariable_new, METH_VARARGS | METH_KEYWORDS, NULL},
    {"is_floating_point", THPVariable_is_floating_point, METH_NOARGS, NULL},
    {"is_complex", THPVariable_is_complex, METH_NOARGS, NULL},
    {"item", THPVariable_item, METH_NOARGS, NULL},
    {"to", FASTCALL(THPVariable_to), NULL},
    {"cpu", FASTCALL(THPVariable_cpu), NULL},
    {"float", FASTCALL(THPVariable_float), NULL},
    {"double", FASTCALL(THPVariable_double), NULL},
    {"long", FASTCALL(THPVariable_long), NULL},
    {"int", FASTCALL(THPVariable_int), NULL},
    {"bool", FASTCALL(THPVariable_bool), NULL},
    {"short", FASTCALL(THPVariable_short), NULL},
    {"byte", FASTCALL(THPVariable_byte), NULL},
    {"char", FASTCALL(THPVariable_char), NULL},
    {"half", FASTCALL(THPVariable_half), NULL},
    {"bfloat16", FASTCALL(THPVariable_bfloat16), NULL},
    {"type", FASTCALL(THPVariable_type), NULL},
    {"copy_", FASTCALL(THPVariable_copy_), NULL},
    {"set_", FASTCALL(THPVariable_set_), NULL},
    {"nonzero", FASTCALL(THPVariable_nonzero), NULL},
    {NULL, NULL, 0, NULL}};

static PyMethodDef functions[] = {{"numel", FASTCALL(THPVariable_numel_function), NULL},
                                  {"nonzero", FASTCALL(THPVariable_nonzero_function), NULL},
                                  {NULL, NULL, 0, NULL}};

int THPVariableMethods_init(PyObject* module) {
  UNUSED(module);
  if (THPVariable_addMethods(methods) < 0 || THPVariableFunctions_addFunctions(functions) < 0) return -1;
  return THPVariable_addProperties(properties);
}
