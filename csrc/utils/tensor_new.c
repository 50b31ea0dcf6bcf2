/*
 * tensor_new.c - tensors made from Python data (tensor_new.h).
 *
 * Every constructor ends in internal_new_from_data, which takes one of
 * three routes, as 1.13's does:
 *
 *   1. a tensor: detached (copy_variables) and converted with
 *      `to(device, dtype, copy=copy_variables)`; the trace shows `detach`
 *      and `_to_copy` (or nothing, for torch.as_tensor(t));
 *   2. a NumPy array: a tensor over the array's memory
 *      (tensor_numpy.c), lifted, then `to(..., copy=copy_numpy)`: the trace
 *      shows `lift_fresh` and, for torch.tensor, `_to_copy`;
 *   3. nested sequences of numbers: the shape from the first element of
 *      each level (compute_sizes: `[[1, 2], 3]` is 2 x 2 until storing finds
 *      the 3), the dtype, unless given, from every element
 *      (infer_scalar_type: bool < int64 < the default float dtype, promoted;
 *      NumPy arrays and scalars by their dtype), a new CPU tensor filled
 *      element by element (recursive_store; store_scalar converts each
 *      Python number with 1.13's checks: "value cannot be converted to type
 *      int8 without overflow"), moved to the device, then lifted: the trace
 *      shows only `op aten::lift_fresh`.
 *
 * Route 3 builds its tensor with the Python dispatch key excluded, as 1.13
 * does (a TorchDispatchMode sees none of it): the elements' own __index__
 * and __float__ (a one-element tensor in the data) run untraced.
 *
 * The constructors:
 *   torch.tensor(data, *, dtype=None, device=None, requires_grad=False, pin_memory=False)
 *                                          copies; warns when data is a tensor
 *   torch.as_tensor(data, *, dtype=None, device=None)
 *                                          shares a tensor or an array when it can
 *   t.new_tensor(data, *, dtype=None, device=None, requires_grad=False)
 *                                          t's dtype and device, no inference
 *   torch.from_numpy(array)                shares (tensor_numpy.c)
 *   torch.frombuffer(buffer, *, dtype, count=-1, offset=0, requires_grad=False)
 *                                          shares an object's buffer (the
 *                                          buffer protocol), one dimension
 *   torch.Tensor(...)                      the legacy constructor: torch.Tensor(),
 *                                          torch.Tensor(2, 3) (uninitialised),
 *                                          torch.Tensor(torch.Size([2])),
 *                                          torch.Tensor([1, 2]) (float32 data),
 *                                          torch.Tensor(t) (an alias)
 *   torch._C._to_dlpack(t), torch._C._from_dlpack(capsule)
 *                                          DLPack capsules (csrc/DLConvertor.c)
 *
 * NB(minaten): until csrc/utils/python_arg_parser.c exists, this file
 * parses its few signatures itself (parse_args, legacy_parse), with 1.13's
 * messages for the common errors.
 *
 * PyTorch 1.13: torch/csrc/utils/tensor_new.cpp (internal_new_from_data,
 * compute_sizes, infer_scalar_type, recursive_store, tensor_ctor, as_tensor,
 * new_tensor, tensor_frombuffer, tensor_fromDLPack, legacy_tensor_generic_ctor_new,
 * legacy_new_from_sequence, new_with_sizes, indexing_tensor_from_data),
 * torch/csrc/utils/python_scalars.h store_scalar, c10/util/TypeCast.h checked_convert,
 * torch/csrc/autograd/python_torch_functions_manual.cpp (THPVariable_tensor,
 * THPVariable_as_tensor, THPVariable_from_numpy, THPVariable_frombuffer),
 * torch/csrc/Module.cpp (THPModule_toDLPack, THPModule_fromDLPack, DLPack_Capsule_Destructor)
 */
#include "csrc/utils/tensor_new.h"

#include <float.h>
#include <math.h>
#include <string.h>

#include "Functions.h"
#include "autograd/VariableTypeUtils.h"
#include "autograd/variable.h"
#include "csrc/DLConvertor.h"
#include "csrc/autograd/python_bindings.h"
#include "csrc/utils/handle_torch_function.h"
#include "csrc/Device.h"
#include "csrc/Dtype.h"
#include "csrc/Exceptions.h"
#include "csrc/Size.h"
#include "csrc/autograd/python_bindings.h"
#include "csrc/autograd/python_variable.h"
#include "csrc/utils/python_numbers.h"
#include "csrc/utils/tensor_numpy.h"
#include "runtime/DefaultDtype.h"
#include "runtime/Exception.h"
#include "runtime/LocalDispatchKeySet.h"

enum { kMaxDims = 128 }; /* tensor_new.cpp MAX_DIMS */

/* The default dtype, torch.get_default_dtype() (runtime/DefaultDtype.h).
 * PyTorch 1.13: torch/csrc/tensor/python_tensor.cpp get_default_scalar_type */
static ScalarType default_scalar_type(void) { return get_default_dtype_as_scalartype(); }

/* PyTorch 1.13: torch/csrc/utils/python_strings.h THPUtils_checkString */
static bool THPUtils_checkString(PyObject* obj) { return PyBytes_Check(obj) || PyUnicode_Check(obj); }

/* 1.13's THPUtils_checkLong, which counts NumPy's integers too. */
static bool check_long(PyObject* obj) { return THPUtils_checkLong(obj) || is_numpy_int(obj); }

/* ---- the signatures' arguments (NB(minaten): until python_arg_parser.c) --- */

typedef enum ParamType { kObject, kScalarType, kDevice, kBool, kInt64 } ParamType;

typedef struct Param {
  const char* name;
  ParamType type;
  bool keyword_only;
  bool required;
} Param;

static const char* param_type_name(ParamType t) {
  switch (t) {
    case kScalarType: return "torch.dtype";
    case kDevice: return "torch.device";
    case kBool: return "bool";
    case kInt64: return "int";
    default: return "object";
  }
}

static bool param_accepts(ParamType t, PyObject* obj) {
  switch (t) {
    case kScalarType: return obj == Py_None || THPDtype_Check(obj) || THPPythonScalarType_Check(obj);
    case kDevice: return obj == Py_None || THPDevice_Check(obj) || PyUnicode_Check(obj);
    case kBool: return PyBool_Check(obj);
    case kInt64: return check_long(obj);
    default: return true;
  }
}

/*
 * Binds args and kwargs to params: out[i] is the argument (borrowed) or
 * NULL when not given.  0, or -1 with 1.13's TypeError for too many
 * positional arguments, a missing one, one given twice, a wrong type, or an
 * unknown keyword, checked in that order.
 * PyTorch 1.13: python_arg_parser.cpp FunctionSignature::parse (extra_args,
 * missing_args, extra_kwargs)
 */
static int parse_args(const char* fname, const Param* params, int n, PyObject* args, PyObject* kwargs,
                      PyObject** out) {
  Py_ssize_t nargs = PyTuple_GET_SIZE(args);
  int max_pos = 0, min_args = 0;
  for (int i = 0; i < n; i++) {
    if (!params[i].keyword_only) max_pos++;
    if (params[i].required) min_args++;
  }
  if (nargs > max_pos) { /* PyTorch 1.13: python_arg_parser.cpp extra_args ("from 2 to 1": its arithmetic) */
    if (min_args != max_pos)
      PyErr_Format(PyExc_TypeError, "%s() takes from %d to %d positional arguments but %zd were given", fname,
                   min_args, max_pos, nargs);
    else
      PyErr_Format(PyExc_TypeError, "%s() takes %d positional argument%s but %zd %s given", fname, max_pos,
                   max_pos == 1 ? "" : "s", nargs, nargs == 1 ? "was" : "were");
    return -1;
  }
  Py_ssize_t consumed = 0;
  for (int i = 0; i < n; i++) {
    PyObject* obj = NULL;
    PyObject* kw = kwargs != NULL ? PyDict_GetItemString(kwargs, params[i].name) : NULL;
    bool positional = !params[i].keyword_only && i < nargs;
    if (positional) {
      obj = PyTuple_GET_ITEM(args, i);
      if (kw != NULL) {
        PyErr_Format(PyExc_TypeError, "%s() got multiple values for argument '%s'", fname, params[i].name);
        return -1;
      }
    } else if (kw != NULL) {
      obj = kw;
      consumed++;
    }
    if (obj == NULL && params[i].required) {
      PyErr_Format(PyExc_TypeError, "%s() missing 1 required positional arguments: \"%s\"", fname, params[i].name);
      return -1;
    }
    if (obj != NULL && !param_accepts(params[i].type, obj)) {
      if (positional)
        PyErr_Format(PyExc_TypeError, "%s(): argument '%s' (position %d) must be %s, not %s", fname, params[i].name,
                     i + 1, param_type_name(params[i].type), Py_TYPE(obj)->tp_name);
      else
        PyErr_Format(PyExc_TypeError, "%s(): argument '%s' must be %s, not %s", fname, params[i].name,
                     param_type_name(params[i].type), Py_TYPE(obj)->tp_name);
      return -1;
    }
    out[i] = obj;
  }
  if (kwargs != NULL && consumed < PyDict_GET_SIZE(kwargs)) {
    PyObject *key, *value;
    Py_ssize_t pos = 0;
    while (PyDict_Next(kwargs, &pos, &key, &value)) {
      bool known = false;
      for (int i = 0; i < n && !known; i++)
        known = PyUnicode_Check(key) && PyUnicode_CompareWithASCIIString(key, params[i].name) == 0;
      if (!known) {
        PyErr_Format(PyExc_TypeError, "%s() got an unexpected keyword argument '%S'", fname, key);
        return -1;
      }
    }
  }
  return 0;
}

/* A device argument (torch.device or str; None: *has false).
 * PyTorch 1.13: python_arg_parser.h PythonArgs::deviceOptional */
static int unpack_device(PyObject* obj, Device* out, bool* has) {
  *has = obj != NULL && obj != Py_None;
  if (!*has) return 0;
  if (THPDevice_Check(obj)) {
    *out = ((THPDevice*)obj)->device;
    return 0;
  }
  const char* s = PyUnicode_AsUTF8(obj);
  if (s == NULL) return -1;
  if (Device_parse(s, out) < 0) {
    THPException_fromError();
    return -1;
  }
  return 0;
}

static bool is_true(PyObject* obj) { return obj == Py_True; }

/* ---- one element (python_scalars.h store_scalar) ------------------------- */

/* checked_convert's range test for an integer dtype: uint8 lets negative
 * ints wrap down to -255 (c10/util/TypeCast.h overflows). */
static bool int_overflows(ScalarType t, int64_t v) {
  switch (t) {
    case ScalarType_Byte: return v > 255 || (v < 0 && -(uint64_t)v > 255);
    case ScalarType_Char: return v < INT8_MIN || v > INT8_MAX;
    case ScalarType_Short: return v < INT16_MIN || v > INT16_MAX;
    case ScalarType_Int: return v < INT32_MIN || v > INT32_MAX;
    default: return false;
  }
}

static bool double_overflows(ScalarType t, double d) {
  double lo, hi;
  switch (t) {
    case ScalarType_Byte: lo = 0, hi = 255; break;
    case ScalarType_Char: lo = INT8_MIN, hi = INT8_MAX; break;
    case ScalarType_Short: lo = INT16_MIN, hi = INT16_MAX; break;
    case ScalarType_Int: lo = INT32_MIN, hi = INT32_MAX; break;
    default: lo = -9223372036854775808.0, hi = 9223372036854775808.0; break;
  }
  return isnan(d) || d < lo || d > hi;
}

static void store_int(ScalarType t, char* p, int64_t v) {
  switch (t) {
    case ScalarType_Byte: *(uint8_t*)p = (uint8_t)v; break;
    case ScalarType_Char: *(int8_t*)p = (int8_t)v; break;
    case ScalarType_Short: *(int16_t*)p = (int16_t)v; break;
    case ScalarType_Int: *(int32_t*)p = (int32_t)v; break;
    default: *(int64_t*)p = v; break;
  }
}

/* A double as float, overflowing to infinity as the hardware conversion
 * does (C leaves an out-of-range conversion undefined). */
static float to_float(double d) {
  const double half_ulp_above_max = 3.4028235677973366e38; /* FLT_MAX + ulp/2: rounds to infinity */
  if (fabs(d) > FLT_MAX) return fabs(d) < half_ulp_above_max ? copysignf(FLT_MAX, d > 0 ? 1.0f : -1.0f) : (d > 0 ? INFINITY : -INFINITY);
  return (float)d;
}

/* An integer dtype's element: a float converts (checked, truncated), any
 * other object through __index__ (THPUtils_unpackLong).
 * PyTorch 1.13: python_scalars.h unpackIntegral, c10/util/TypeCast.h checked_convert */
static int unpack_integral(char* p, ScalarType t, PyObject* obj) {
  if (PyFloat_Check(obj)) {
    double d = PyFloat_AS_DOUBLE(obj);
    if (double_overflows(t, d)) goto overflow;
    if (t == ScalarType_Long) *(int64_t*)p = d >= 9223372036854775807.0 ? INT64_MIN : (int64_t)d;
    else store_int(t, p, (int64_t)d);
    return 0;
  }
  int64_t v;
  if (THPUtils_unpackLong(obj, &v) < 0) return -1;
  if (int_overflows(t, v)) goto overflow;
  store_int(t, p, v);
  return 0;
overflow:
  PyErr_Format(PyExc_RuntimeError, "value cannot be converted to type %s without overflow", ScalarType_pyName(t));
  return -1;
}

/* PyTorch 1.13: python_numbers.h THPUtils_unpackNumberAsBool (an int that
 * overflows int64 is True, as in NumPy) */
static int unpack_number_as_bool(PyObject* obj, bool* out) {
  if (PyFloat_Check(obj)) {
    *out = PyFloat_AS_DOUBLE(obj) != 0;
    return 0;
  }
  int overflow;
  long long v = PyLong_AsLongLongAndOverflow(obj, &overflow);
  if (v == -1 && PyErr_Occurred()) return -1;
  *out = v != 0;
  return 0;
}

/* PyTorch 1.13: python_scalars.h store_scalar */
static int store_scalar(char* p, ScalarType t, PyObject* obj) {
  switch (t) {
    case ScalarType_Byte:
    case ScalarType_Char:
    case ScalarType_Short:
    case ScalarType_Int:
    case ScalarType_Long: return unpack_integral(p, t, obj);
    case ScalarType_Float:
    case ScalarType_Double: {
      double d;
      if (THPUtils_unpackDouble(obj, &d) < 0) return -1;
      if (t == ScalarType_Float) *(float*)p = to_float(d);
      else *(double*)p = d;
      return 0;
    }
    case ScalarType_Half:
    case ScalarType_BFloat16: { /* at::convert<at::Half, double>: through float, unchecked */
      double d;
      if (THPUtils_unpackDouble(obj, &d) < 0) return -1;
      if (t == ScalarType_Half) *(Half*)p = Half_fromFloat((float)d);
      else *(BFloat16*)p = BFloat16_fromFloat((float)d);
      return 0;
    }
    case ScalarType_ComplexFloat:
    case ScalarType_ComplexDouble: { /* THPUtils_unpackComplexDouble: any number, through __complex__ */
      Py_complex c = PyComplex_AsCComplex(obj);
      if (c.real == -1.0 && PyErr_Occurred()) return -1;
      if (t == ScalarType_ComplexFloat) *(ComplexFloat*)p = (ComplexFloat){(float)c.real, (float)c.imag};
      else *(ComplexDouble*)p = (ComplexDouble){c.real, c.imag};
      return 0;
    }
    case ScalarType_Bool: return unpack_number_as_bool(obj, (bool*)p);
    default: PyErr_SetString(PyExc_RuntimeError, "invalid type"); return -1;
  }
}

/* ---- shape, dtype, elements ---------------------------------------------- */

/* The sizes of nested sequences, read along their first elements.  0, or -1
 * with an exception.  PyTorch 1.13: tensor_new.cpp compute_sizes */
static int compute_sizes(PyObject* data, int64_t* sizes, int64_t* ndim) {
  PyObject* seq = Py_NewRef(data);
  *ndim = 0;
  int rc = 0;
  while (PySequence_Check(seq)) {
    Py_ssize_t length = PySequence_Length(seq);
    if (length < 0) {
      rc = -1;
      break;
    }
    if (*ndim == kMaxDims) {
      PyErr_Format(PyExc_ValueError, "too many dimensions '%s'", Py_TYPE(seq)->tp_name);
      rc = -1;
      break;
    }
    sizes[(*ndim)++] = length;
    if (length == 0) break;
    PyObject* handle = PySequence_GetItem(seq, 0);
    if (handle == NULL) {
      PyErr_Format(PyExc_ValueError, "could not determine the shape of object type '%s'", Py_TYPE(seq)->tp_name);
      rc = -1;
      break;
    }
    Py_SETREF(seq, handle);
  }
  Py_DECREF(seq);
  /* NB(minaten): at most MINATEN_MAX_DIM dimensions (1.13 allows 128) */
  if (rc == 0 && check_max_dims(*ndim) < 0) {
    THPException_fromError();
    rc = -1;
  }
  return rc;
}

/* The dtype of data.  0, or -1 with an exception.
 * PyTorch 1.13: tensor_new.cpp infer_scalar_type */
static int infer_scalar_type(PyObject* obj, ScalarType* out) {
  if (is_numpy_array(obj) || is_numpy_scalar(obj)) return numpy_scalar_type(obj, out);
  if (PyFloat_Check(obj)) {
    /* this is always guaranteed to be a floating-point type, and makes it
     * more convenient to write e.g. torch.tensor(0.) */
    *out = default_scalar_type();
    return 0;
  }
  if (check_long(obj)) {
    *out = ScalarType_Long;
    return 0;
  }
  if (PyBool_Check(obj)) {
    *out = ScalarType_Bool;
    return 0;
  }
  if (PyComplex_Check(obj)) { /* the default dtype's complex counterpart */
    ScalarType d = default_scalar_type();
    if (d != ScalarType_Float && d != ScalarType_Double) {
      PyErr_SetString(PyExc_RuntimeError, "invalid default scalar type for complex");
      return -1;
    }
    *out = ScalarType_toComplex(d);
    return 0;
  }
  if (THPVariable_Check(obj)) {
    *out = THPVariable_Unpack(obj)->dtype;
    return 0;
  }
  if (THPUtils_checkString(obj)) {
    PyErr_Format(PyExc_TypeError, "new(): invalid data type '%s'", Py_TYPE(obj)->tp_name);
    return -1;
  }
  if (PySequence_Check(obj)) {
    Py_ssize_t length = PySequence_Length(obj);
    if (length < 0) return -1;
    /* match NumPy semantics, except use default tensor type instead of double */
    if (length == 0) {
      *out = default_scalar_type();
      return 0;
    }
    /* NB(minaten): deep nesting raises RecursionError (1.13 recurses unchecked) */
    if (Py_EnterRecursiveCall(" while inferring the dtype of nested sequences")) return -1;
    ScalarType acc = ScalarType_Undefined;
    int rc = 0;
    for (Py_ssize_t i = 0; i < length && rc == 0; i++) {
      PyObject* item = PySequence_GetItem(obj, i);
      if (item == NULL) {
        rc = -1;
        break;
      }
      ScalarType t;
      if (item == obj) {
        PyErr_SetString(PyExc_TypeError, "new(): self-referential lists are incompatible");
        rc = -1;
      } else if ((rc = infer_scalar_type(item, &t)) == 0) {
        if (acc != ScalarType_Undefined && (ScalarType_isQuantized(acc) || ScalarType_isQuantized(t)) && acc != t) {
          /* PyTorch 1.13: c10/core/ScalarType.h promoteTypes (its quantized check) */
          PyErr_Format(PyExc_RuntimeError,
                       "promoteTypes with quantized numbers is not handled yet; figure out what the correct rules "
                       "should be, offending types: %s %s",
                       ScalarType_name(acc), ScalarType_name(t));
          rc = -1;
        } else {
          acc = acc == ScalarType_Undefined ? t : promoteTypes(acc, t);
        }
      }
      Py_DECREF(item);
    }
    Py_LeaveRecursiveCall();
    if (rc == 0) *out = acc;
    return rc;
  }
  PyErr_Format(PyExc_RuntimeError, "Could not infer dtype of %s", Py_TYPE(obj)->tp_name);
  return -1;
}

/* PyTorch 1.13: tensor_new.cpp recursive_store (the warning: TORCH_WARN_ONCE) */
static int warn_list_of_ndarrays(void) {
  static bool warned = false;
  if (warned) return 0;
  warned = true;
  return PyErr_WarnEx(PyExc_UserWarning,
                      "Creating a tensor from a list of numpy.ndarrays is extremely slow. Please consider converting "
                      "the list to a single numpy.ndarray with numpy.array() before converting to a tensor. "
                      "(Triggered internally at  ./torch/csrc/utils/tensor_new.cpp:230.)",
                      1);
}

/* PyTorch 1.13: tensor_new.cpp recursive_store */
static int recursive_store(char* data, const int64_t* sizes, const int64_t* strides, int64_t dim, int64_t ndim,
                           ScalarType t, size_t elem_size, PyObject* obj) {
  if (dim == ndim) return store_scalar(data, t, obj);
  int64_t n = sizes[dim];
  PyObject* seq = PySequence_Fast(obj, "not a sequence");
  if (seq == NULL) return -1;
  Py_ssize_t seq_size = PySequence_Fast_GET_SIZE(seq);
  int rc = 0;
  if (seq_size != n) {
    PyErr_Format(PyExc_ValueError, "expected sequence of length %lld at dim %lld (got %lld)", (long long)n,
                 (long long)dim, (long long)seq_size);
    rc = -1;
  }
  for (int64_t i = 0; i < n && rc == 0; i++) {
    PyObject* item = PySequence_Fast_GET_ITEM(seq, i);
    if (is_numpy_array(item) && warn_list_of_ndarrays() < 0) {
      rc = -1;
      break;
    }
    rc = recursive_store(data, sizes, strides, dim + 1, ndim, t, elem_size, item);
    data += strides[dim] * (int64_t)elem_size;
  }
  Py_DECREF(seq);
  return rc;
}

/* ---- internal_new_from_data ---------------------------------------------- */

/* x.to(device, dtype, non_blocking=False, copy=copy): the composite `to`,
 * which calls _to_copy only when something changes.  NULL + exception. */
static Tensor* to_device_dtype(const Tensor* t, Device device, ScalarType dtype, bool copy) {
  Tensor* r = at_to_dtype_layout(t, (OptionalScalarType){true, dtype}, kNoLayout, (OptionalDevice){true, device},
                                 kNoPinMemory, false, copy, kNoMemoryFormat);
  if (r == NULL) THPException_fromError();
  return r;
}

/* at::lift_fresh under at::AutoDispatchBelowADInplaceOrView (lift has no
 * autograd kernel): the one call of route 3 a TorchDispatchMode sees. */
static Tensor* lift_fresh(Tensor* t) {
  DispatchKeyGuard guard = AutoDispatchBelowADInplaceOrView_push();
  Tensor* r = at_lift_fresh(t);
  DispatchKeyGuard_pop(guard);
  if (r == NULL) THPException_fromError();
  return r;
}

/* The message of an allocation in pinned memory without CUDA (1.13's
 * at::empty(..., pin_memory=True) on a CPU-only build, from c10's CUDA hooks). */
static void pinned_memory_error(void) {
  PyErr_SetString(PyExc_RuntimeError,
                  "Pinned memory requires CUDA. PyTorch splits its backend into two shared libraries: a CPU "
                  "library and a CUDA library; this error has occurred because you are trying to use some CUDA "
                  "functionality, but the CUDA library has not been loaded by the dynamic linker for some reason.  "
                  "The CUDA library MUST be loaded, EVEN IF you don't directly use any symbols from the CUDA "
                  "library! One common culprit is a lack of -Wl,--no-as-needed in your link arguments; many "
                  "dynamic linkers will delete dynamic library dependencies if you don't depend on any of their "
                  "symbols.  You can check if this has occurred by using ldd on your binary to see if there is a "
                  "dependency on *_cuda.so library.");
}

/* Route 3's tensor, before lifting: built with the Python key excluded. */
static Tensor* new_from_sequence_data(Device device, ScalarType scalar_type, PyObject* data, bool type_inference,
                                      bool pin_memory) {
  int64_t sizes[kMaxDims], strides[MINATEN_MAX_DIM], ndim;
  if (compute_sizes(data, sizes, &ndim) < 0) return NULL;
  ScalarType inferred = scalar_type;
  if (type_inference && infer_scalar_type(data, &inferred) < 0) return NULL;
  if (pin_memory) {
    pinned_memory_error();
    return NULL;
  }
  IntArrayRef size_ref = IntArrayRef_make(sizes, (size_t)ndim);
  computeContiguousStrides(size_ref, strides);
  int64_t numel = 1;
  for (int64_t d = 0; d < ndim; d++) {
    if (__builtin_mul_overflow(numel, sizes[d], &numel)) {
      PyErr_SetString(PyExc_RuntimeError, "numel: integer multiplication overflow");
      return NULL;
    }
  }
  size_t elem_size = ScalarType_elementSize(inferred);
  Storage* storage = Storage_new((size_t)numel * elem_size);
  if (storage == NULL) {
    THPException_fromError();
    return NULL;
  }
  /* at::empty(sizes, dtype) with a quantized dtype is a plain CPU tensor in
   * 1.13 too: its elements cannot be stored ("invalid type"), but an empty
   * one is made. */
  Tensor* t = Tensor_new(storage, 0, size_ref, IntArrayRef_make(strides, (size_t)ndim), inferred, Device_cpu(),
                         DispatchKey_CPU);
  Storage_release(storage);
  if (t == NULL) {
    THPException_fromError();
    return NULL;
  }
  if (numel != 0 && recursive_store(Tensor_data(t), sizes, strides, 0, ndim, inferred, elem_size, data) < 0) {
    Tensor_release(t);
    return NULL;
  }
  if (device.type != DeviceType_CPU) {
    Tensor* moved = to_device_dtype(t, device, inferred, false);
    Tensor_release(t);
    t = moved;
  }
  return t;
}

Tensor* internal_new_from_data(Device options_device, ScalarType scalar_type, const Device* device_opt, PyObject* data,
                               bool copy_variables, bool copy_numpy, bool type_inference, bool pin_memory) {
  if (THPUtils_checkString(data)) {
    PyErr_Format(PyExc_TypeError, "new(): invalid data type '%s'", Py_TYPE(data)->tp_name);
    return NULL;
  }
  if (THPVariable_Check(data)) {
    if (pin_memory) {
      PyErr_SetString(PyExc_RuntimeError, "Can't pin tensor constructed from a variable");
      return NULL;
    }
    const Tensor* var = THPVariable_Unpack(data);
    Tensor* detached = NULL;
    if (copy_variables) {
      if ((detached = at_detach(var)) == NULL) {
        THPException_fromError();
        return NULL;
      }
      var = detached;
    }
    /* infer the scalar type and device type; it's not expected to infer the
     * layout since these constructors are defined per-layout-type */
    Tensor* r = to_device_dtype(var, device_opt != NULL ? *device_opt : var->device,
                                type_inference ? var->dtype : scalar_type, copy_variables);
    Tensor_release(detached);
    return r;
  }
  if (is_numpy_array(data)) {
    if (pin_memory) {
      PyErr_SetString(PyExc_RuntimeError, "Can't pin tensor constructed from numpy");
      return NULL;
    }
    Tensor* tensor = tensor_from_numpy(data, /*warn_if_not_writeable=*/!copy_numpy);
    if (tensor == NULL) return NULL;
    Tensor* r = to_device_dtype(tensor, device_opt != NULL ? *device_opt : options_device,
                                type_inference ? tensor->dtype : scalar_type, copy_numpy);
    Tensor_release(tensor);
    return r;
  }
  Device device = device_opt != NULL ? *device_opt : options_device;
  /* What the data's own methods (__index__, __float__, __iter__ of a tensor
   * inside it) and the copy to the device run is not for the trace: 1.13
   * excludes its Python key here (and its functorch and fake keys, which
   * minaten does not have).  It excludes Functionalize too (Note
   * [Functionalization <> torch.Tensor constructor]): a copy to the lazy
   * device stays unwrapped, and lift_fresh wraps it. */
  DispatchKeyGuard guard = ExcludeDispatchKeyGuard_push(
      DispatchKeySet_or(DispatchKeySet_of(DispatchKey_Python), DispatchKeySet_of(DispatchKey_Functionalize)));
  Tensor* tensor = new_from_sequence_data(device, scalar_type, data, type_inference, pin_memory);
  DispatchKeyGuard_pop(guard);
  if (tensor == NULL) return NULL;
  Tensor* lifted = lift_fresh(tensor);
  Tensor_release(tensor);
  return lifted;
}

Tensor* indexing_tensor_from_data(Device device, PyObject* data) {
  /* Specific to tensor indexing, converts an indexing list to an indexing
   * tensor (type Byte or Long) */
  ScalarType inferred;
  if (infer_scalar_type(data, &inferred) < 0) return NULL;
  if (inferred != ScalarType_Byte && inferred != ScalarType_Bool) inferred = ScalarType_Long;
  return internal_new_from_data(device, inferred, &device, data, false, false, false, false);
}

/* ---- torch.tensor, torch.as_tensor, t.new_tensor ------------------------- */

/* new_tensor.detach_() (a new tensor is a leaf already: nothing to do), then
 * new_tensor.set_requires_grad(requires_grad).  Takes t; NULL on error. */
static Tensor* finish_leaf(Tensor* t, bool requires_grad) {
  if (t != NULL && set_requires_grad(t, requires_grad) < 0) {
    Tensor_release(t);
    THPException_fromError();
    return NULL;
  }
  return t;
}

/* PyTorch 1.13: tensor_new.cpp tensor_ctor / new_tensor's warning */
static int warn_copy_construct(PyObject* data, const char* instead) {
  if (!THPVariable_Check(data)) return 0;
  return PyErr_WarnFormat(PyExc_UserWarning, 1,
                          "To copy construct from a tensor, it is recommended to use sourceTensor.clone().detach() "
                          "or sourceTensor.clone().detach().requires_grad_(True), rather than %s(sourceTensor).",
                          instead);
}

/* torch.tensor(data, *, dtype=None, device=None, requires_grad=False, pin_memory=False)
 * PyTorch 1.13: python_torch_functions_manual.cpp THPVariable_tensor, tensor_new.cpp tensor_ctor */
static PyObject* THPVariable_tensor(PyObject* self, PyObject* args, PyObject* kwargs) {
  (void)self;
  static const Param params[] = {{"data", kObject, false, true},
                                 {"dtype", kScalarType, true, false},
                                 {"device", kDevice, true, false},
                                 {"pin_memory", kBool, true, false},
                                 {"requires_grad", kBool, true, false},
                                 {"names", kObject, true, false}};
  PyObject* a[6];
  if (parse_args("tensor", params, 6, args, kwargs, a) < 0) return NULL;
  if (torch_function_mode_enabled()) /* r.has_torch_function(): data is no Tensor argument, only a mode */
    return handle_torch_function_args(&(OverloadedArgs){0, {NULL}}, NULL, args, kwargs, THPVariableFunctionsModule,
                                      "tensor", "torch");
  if (a[5] != NULL && a[5] != Py_None) {
    PyErr_SetString(PyExc_RuntimeError, "minaten: named tensors are not supported (names=...)");
    return NULL;
  }
  Device device;
  bool has_device;
  if (unpack_device(a[2], &device, &has_device) < 0) return NULL;
  if (warn_copy_construct(a[0], "torch.tensor") < 0) return NULL;
  bool type_inference = a[1] == NULL || a[1] == Py_None;
  ScalarType dtype = type_inference ? default_scalar_type() : PythonArgs_scalartype(a[1]);
  Tensor* t = internal_new_from_data(has_device ? device : Device_cpu(), dtype, has_device ? &device : NULL, a[0],
                                     /*copy_variables=*/true, /*copy_numpy=*/true, type_inference, is_true(a[3]));
  t = finish_leaf(t, is_true(a[4]));
  return t == NULL ? NULL : THPVariable_Wrap(t);
}

/* torch.as_tensor(data, *, dtype=None, device=None)
 * PyTorch 1.13: python_torch_functions_manual.cpp THPVariable_as_tensor, tensor_new.cpp as_tensor */
static PyObject* THPVariable_as_tensor(PyObject* self, PyObject* args, PyObject* kwargs) {
  (void)self;
  static const Param params[] = {
      {"data", kObject, false, true}, {"dtype", kScalarType, true, false}, {"device", kDevice, true, false}};
  PyObject* a[3];
  if (parse_args("as_tensor", params, 3, args, kwargs, a) < 0) return NULL;
  if (torch_function_mode_enabled())
    return handle_torch_function_args(&(OverloadedArgs){0, {NULL}}, NULL, args, kwargs, THPVariableFunctionsModule,
                                      "as_tensor", "torch");
  Device device;
  bool has_device;
  if (unpack_device(a[2], &device, &has_device) < 0) return NULL;
  bool type_inference = a[1] == NULL || a[1] == Py_None;
  ScalarType dtype = type_inference ? default_scalar_type() : PythonArgs_scalartype(a[1]);
  Tensor* t = internal_new_from_data(has_device ? device : Device_cpu(), dtype, has_device ? &device : NULL, a[0],
                                     /*copy_variables=*/false, /*copy_numpy=*/false, type_inference, false);
  return t == NULL ? NULL : THPVariable_Wrap(t);
}

/* t.new_tensor(data, *, dtype=None, device=None, requires_grad=False)
 * PyTorch 1.13: python_variable_methods.cpp THPVariable_new_tensor, tensor_new.cpp new_tensor */
static PyObject* THPVariable_new_tensor(PyObject* self, PyObject* args, PyObject* kwargs) {
  static const Param params[] = {{"data", kObject, false, true},
                                 {"dtype", kScalarType, true, false},
                                 {"device", kDevice, true, false},
                                 {"requires_grad", kBool, true, false}};
  PyObject* a[4];
  if (parse_args("new_tensor", params, 4, args, kwargs, a) < 0) return NULL;
  if (check_has_torch_function(self, false)) { /* self, the one Tensor argument */
    OverloadedArgs o = {0, {NULL}};
    if (OverloadedArgs_check(&o, self) < 0) return NULL;
    return handle_torch_function_args(&o, self, args, kwargs, THPVariableClass, "new_tensor", "torch.Tensor");
  }
  const Tensor* t = THPVariable_Unpack(self);
  Device device;
  bool has_device;
  if (unpack_device(a[2], &device, &has_device) < 0) return NULL;
  if (warn_copy_construct(a[0], "tensor.new_tensor") < 0) return NULL;
  if (t->device.type == DeviceType_Lazy) {
    /* NB: 1.13 takes the options of a lazy tensor from its highest dispatch
     * key, Functionalize, which names no device: new_tensor of a lazy
     * tensor always fails there (typeIdWithDefault, dispatchKeyToTensorOptions) */
    PyErr_SetString(PyExc_RuntimeError, "DispatchKey Functionalize doesn't correspond to a device");
    return NULL;
  }
  ScalarType dtype = a[1] == NULL || a[1] == Py_None ? t->dtype : PythonArgs_scalartype(a[1]);
  /* typeIdWithDefault: the options' device is t's unless device= is given */
  Tensor* r = internal_new_from_data(has_device ? device : t->device, dtype, has_device ? &device : NULL, a[0],
                                     /*copy_variables=*/true, /*copy_numpy=*/true, /*type_inference=*/false, false);
  r = finish_leaf(r, is_true(a[3]));
  return r == NULL ? NULL : THPVariable_Wrap(r);
}

/* torch.from_numpy(ndarray).  PyTorch 1.13: python_torch_functions_manual.cpp THPVariable_from_numpy */
static PyObject* THPVariable_from_numpy(PyObject* self, PyObject* arg) {
  (void)self;
  Tensor* t = tensor_from_numpy(arg, true);
  return t == NULL ? NULL : THPVariable_Wrap(t);
}

/* ---- torch.frombuffer ------------------------------------------------------ */

/* The storage's deleter: releases the buffer view (and so its exporter). */
static void release_buffer(void* ctx) {
  Py_buffer* view = ctx;
  if (!Py_IsInitialized()) return; /* exiting: left alone, as 1.13 leaves its objects */
  PyGILState_STATE gil = PyGILState_Ensure();
  PyBuffer_Release(view);
  PyMem_RawFree(view);
  PyGILState_Release(gil);
}

/* PyTorch 1.13: tensor_new.cpp tensor_frombuffer (its TORCH_WARN_ONCE) */
static int warn_buffer_not_writable(void) {
  static bool warned = false;
  if (warned) return 0;
  warned = true;
  return PyErr_WarnEx(PyExc_UserWarning,
                      "The given buffer is not writable, and PyTorch does not support non-writable tensors. This "
                      "means you can write to the underlying (supposedly non-writable) buffer using the tensor. You "
                      "may want to copy the buffer to protect its data or make it writable before converting it to a "
                      "tensor. This type of warning will be suppressed for the rest of this program. (Triggered "
                      "internally at  ./torch/csrc/utils/tensor_new.cpp:1563.)",
                      1);
}

/*
 * torch.frombuffer(buffer, *, dtype, count=-1, offset=0, requires_grad=False):
 * a one-dimensional CPU tensor over `count` elements of an object's buffer
 * (the buffer protocol), from byte `offset`.
 * NB(minaten): 1.13 releases the buffer view at once and keeps only the
 * exporter alive, so a bytearray can still be resized under the tensor;
 * minaten holds the view until the storage goes (resizing it then raises
 * BufferError).
 * PyTorch 1.13: python_torch_functions_manual.cpp THPVariable_frombuffer,
 * tensor_new.cpp tensor_frombuffer
 */
static PyObject* THPVariable_frombuffer(PyObject* self, PyObject* args, PyObject* kwargs) {
  (void)self;
  static const Param params[] = {{"buffer", kObject, false, true},
                                 {"dtype", kScalarType, true, true},
                                 {"count", kInt64, true, false},
                                 {"offset", kInt64, true, false},
                                 {"requires_grad", kBool, true, false}};
  PyObject* a[5];
  if (parse_args("frombuffer", params, 5, args, kwargs, a) < 0) return NULL;
  if (a[1] == Py_None) {
    PyErr_SetString(PyExc_TypeError, "frombuffer(): argument 'dtype' must be torch.dtype, not NoneType");
    return NULL;
  }
  ScalarType dtype = PythonArgs_scalartype(a[1]);
  int64_t count = -1, offset = 0;
  if ((a[2] != NULL && THPUtils_unpackLong(a[2], &count) < 0) ||
      (a[3] != NULL && THPUtils_unpackLong(a[3], &offset) < 0))
    return NULL;
  int64_t elsize = (int64_t)ScalarType_elementSize(dtype);
  if (!PyObject_CheckBuffer(a[0])) {
    PyErr_SetString(PyExc_ValueError, "object does not implement Python buffer protocol.");
    return NULL;
  }
  Py_buffer* view = PyMem_RawMalloc(sizeof *view);
  if (view == NULL) return PyErr_NoMemory();
  if (PyObject_GetBuffer(a[0], view, PyBUF_WRITABLE) < 0) {
    PyErr_Clear();
    if (PyObject_GetBuffer(a[0], view, PyBUF_SIMPLE) < 0) {
      PyErr_Clear();
      PyMem_RawFree(view);
      PyErr_SetString(PyExc_RuntimeError, "could not retrieve buffer from object");
      return NULL;
    }
    if (warn_buffer_not_writable() < 0) goto fail;
  }
  int64_t len = view->len;
  if (!(len > 0 && count != 0)) {
    PyErr_Format(PyExc_ValueError, "both buffer length (%lld) and count (%lld) must not be 0", (long long)len,
                 (long long)count);
    goto fail;
  }
  if (!(offset >= 0 && offset < len)) {
    PyErr_Format(PyExc_ValueError,
                 "offset (%lld bytes) must be non-negative and no greater than buffer length (%lld bytes) minus 1",
                 (long long)offset, (long long)len);
    goto fail;
  }
  if (!(count > 0 || (len - offset) % elsize == 0)) {
    PyErr_Format(PyExc_ValueError,
                 "buffer length (%lld bytes) after offset (%lld bytes) must be a multiple of element size (%lld)",
                 (long long)(len - offset), (long long)offset, (long long)elsize);
    goto fail;
  }
  int64_t actual_count = count < 0 ? (len - offset) / elsize : count;
  if ((unsigned __int128)offset + (unsigned __int128)actual_count * (unsigned __int128)elsize >
      (unsigned __int128)len) {
    PyErr_Format(PyExc_ValueError,
                 "requested buffer length (%lld * %lld bytes) after offset (%lld bytes) must not be greater than "
                 "actual buffer length (%lld bytes)",
                 (long long)actual_count, (long long)elsize, (long long)offset, (long long)len);
    goto fail;
  }
  Storage* storage =
      Storage_newFromBlob((char*)view->buf + offset, (size_t)(actual_count * elsize), release_buffer, view);
  if (storage == NULL) {
    THPException_fromError();
    goto fail;
  }
  Tensor* t = Tensor_new(storage, 0, IntArrayRef_make(&actual_count, 1), IntArrayRef_make(&(int64_t){1}, 1), dtype,
                         Device_cpu(), DispatchKey_CPU);
  Storage_release(storage); /* from here the storage owns the view */
  if (t == NULL) return THPException_fromError();
  t = finish_leaf(t, is_true(a[4]));
  return t == NULL ? NULL : THPVariable_Wrap(t);
fail:
  PyBuffer_Release(view);
  PyMem_RawFree(view);
  return NULL;
}

/* ---- the legacy constructor (torch.Tensor) --------------------------------- */

/* The signatures of 1.13's legacy constructor, as its invalid-arguments
 * message lists them (the hidden ones are not listed). */
static const char* const kLegacySignatures =
    " * (*, torch.device device)\n"
    " * (torch.Storage storage)\n"
    " * (Tensor other)\n"
    " * (tuple of ints size, *, torch.device device)\n"
    " * (object data, *, torch.device device)\n";

/* "new() received an invalid combination of arguments - got (int,
 * dtype=torch.dtype), but expected one of: ...".
 * NB(minaten): without the per-signature "didn't match because ..." lines.
 * PyTorch 1.13: python_arg_parser.cpp PythonArgParser::print_error */
static void legacy_invalid_arguments(PyObject* args, PyObject* kwargs) {
  PyObject* got = PyUnicode_FromString("");
  Py_ssize_t nargs = PyTuple_GET_SIZE(args);
  for (Py_ssize_t i = 0; got != NULL && i < nargs; i++)
    Py_SETREF(got, PyUnicode_FromFormat("%U%s, ", got, Py_TYPE(PyTuple_GET_ITEM(args, i))->tp_name));
  /* the keywords in reverse order, as 1.13 lists them */
  PyObject* items = kwargs != NULL ? PyDict_Items(kwargs) : PyList_New(0);
  for (Py_ssize_t i = items != NULL ? PyList_GET_SIZE(items) - 1 : -1; got != NULL && i >= 0; i--) {
    PyObject* item = PyList_GET_ITEM(items, i);
    Py_SETREF(got, PyUnicode_FromFormat("%U%S=%s, ", got, PyTuple_GET_ITEM(item, 0),
                                        Py_TYPE(PyTuple_GET_ITEM(item, 1))->tp_name));
  }
  if (items == NULL) Py_CLEAR(got);
  Py_XDECREF(items);
  if (got == NULL) return;
  /* the last ", " goes when there were positional arguments (1.13's quirk: "(x=int, )") */
  if (nargs > 0) Py_SETREF(got, PyUnicode_Substring(got, 0, PyUnicode_GET_LENGTH(got) - 2));
  if (got == NULL) return;
  PyErr_Format(PyExc_TypeError, "new() received an invalid combination of arguments - got (%U), but expected one of:\n%s",
               got, kLegacySignatures);
  Py_DECREF(got);
}

/* Which of 1.13's three callers runs the legacy signatures: torch.Tensor(...),
 * torch.LongTensor(...) and the like, or tensor.new(...).
 * PyTorch 1.13: tensor_new.cpp CtorOrNew */
typedef enum CtorOrNew { CtorOrNew_BASE_CTOR, CtorOrNew_CTOR, CtorOrNew_NEW } CtorOrNew;

/* PyTorch 1.13: tensor_new.cpp check_legacy_ctor_device */
static int check_legacy_ctor_device(const Device* device) {
  if (device == NULL || device->type == DeviceType_CPU) return 0;
  char name[32];
  Device_format(*device, name, sizeof name);
  char* colon = strchr(name, ':');
  if (colon != NULL) *colon = '\0';
  PyErr_Format(PyExc_RuntimeError, "legacy constructor expects device type: cpu but device type: %s was passed", name);
  return -1;
}

/* The parser's `SymIntArrayRef size` test: a tuple or list whose first item
 * is an index (or that is empty).  PyTorch 1.13: python_arg_parser.cpp is_int_or_symint_list */
static bool is_int_list(PyObject* obj) {
  if (!PyTuple_Check(obj) && !PyList_Check(obj)) return false;
  if (PySequence_Size(obj) == 0) return true;
  PyObject* item = PySequence_GetItem(obj, 0);
  if (item == NULL) {
    PyErr_Clear();
    return false;
  }
  bool r = THPUtils_checkIndex(item);
  Py_DECREF(item);
  return r;
}

/* The sizes of `size`, as the parser converts an int list: 0, or -1 with
 * "new(): argument 'size' must be tuple of ints, but found element of type
 * str at pos 2".  PyTorch 1.13: python_arg_parser.cpp PythonArgs::intlist */
static int unpack_sizes(PyObject* list, int64_t* sizes, int64_t* n) {
  Py_ssize_t len = PySequence_Size(list);
  if (len < 0) return -1;
  if (check_max_dims(len) < 0) {
    THPException_fromError();
    return -1;
  }
  *n = len;
  for (Py_ssize_t i = 0; i < len; i++) {
    PyObject* item = PySequence_GetItem(list, i);
    if (item == NULL) return -1;
    int ok = 0;
    if (THPUtils_checkIndex(item)) {
      PyObject* index = PyNumber_Index(item);
      if (index != NULL) {
        int overflow;
        long long v = PyLong_AsLongLongAndOverflow(index, &overflow);
        Py_DECREF(index);
        if (!(v == -1 && PyErr_Occurred()) && overflow == 0) {
          sizes[i] = v;
          ok = 1;
        }
      }
      PyErr_Clear();
    }
    if (!ok) {
      PyErr_Format(PyExc_TypeError, "new(): argument 'size' must be tuple of ints, but found element of type %s at pos %zd",
                   Py_TYPE(item)->tp_name, i + 1);
      Py_DECREF(item);
      return -1;
    }
    Py_DECREF(item);
  }
  return 0;
}

/* PyTorch 1.13: tensor_new.cpp new_with_sizes (at::empty) */
static Tensor* new_with_sizes(ScalarType scalar_type, const Device* device, IntArrayRef sizes) {
  Tensor* t = at_empty_memory_format(sizes, (OptionalScalarType){true, scalar_type}, kNoLayout,
                                     device ? (OptionalDevice){true, *device} : kNoDevice, kNoPinMemory,
                                     kNoMemoryFormat);
  if (t == NULL) THPException_fromError();
  return t;
}

/* PyTorch 1.13: tensor_new.cpp legacy_new_from_sequence */
static Tensor* legacy_new_from_sequence(ScalarType scalar_type, const Device* device, PyObject* data) {
  if (!PySequence_Check(data)) {
    PyErr_Format(PyExc_TypeError, "new(): data must be a sequence (got %s)", Py_TYPE(data)->tp_name);
    return NULL;
  }
  return internal_new_from_data(Device_cpu(), scalar_type, device, data, false, false, false, false);
}

/*
 * The legacy signatures, tried in 1.13's order:
 *   0 new(*, Device? device=None)                       an empty tensor
 *   1 new(Storage storage)                              NB(minaten): no Python storages
 *   2 new(*, int64_t cdata)|hidden                      NB(minaten): not supported
 *   3 new(Tensor other)                                 an alias
 *   4 new(Tensor other, *, Device? device=None)|hidden  refused
 *   5 new(SymIntArrayRef size, *, Device? device=None)  sizes (or a sequence: 6)
 *   6 new(PyObject* data, *, Device? device=None)       data
 * torch.Tensor (base) takes a tensor of any dtype in 3; torch.LongTensor,
 * the other typed constructors and tensor.new only one of their own dtype.
 * Every caller's device is the CPU (a lazy tensor's new() fails first:
 * legacy_tensor_new).
 * PyTorch 1.13: tensor_new.cpp legacy_tensor_generic_ctor_new
 */
static Tensor* legacy_tensor_generic_ctor_new(ScalarType scalar_type, CtorOrNew ctor_or_new, PyObject* args,
                                              PyObject* kwargs) {
  bool base = ctor_or_new == CtorOrNew_BASE_CTOR;
  Py_ssize_t nargs = PyTuple_GET_SIZE(args);
  Py_ssize_t nkw = kwargs != NULL ? PyDict_GET_SIZE(kwargs) : 0;
  PyObject* device_obj = kwargs != NULL ? PyDict_GetItemString(kwargs, "device") : NULL;
  bool only_device_kw = nkw == 0 || (nkw == 1 && device_obj != NULL);
  Device device;
  bool has_device = false;
  if (only_device_kw && device_obj != NULL && !param_accepts(kDevice, device_obj)) {
    legacy_invalid_arguments(args, kwargs);
    return NULL;
  }
  if (only_device_kw && unpack_device(device_obj, &device, &has_device) < 0) return NULL;
  const Device* device_opt = has_device ? &device : NULL;
  if (!only_device_kw) {
    legacy_invalid_arguments(args, kwargs);
    return NULL;
  }
  if (nargs == 0) { /* 0 */
    if (check_legacy_ctor_device(device_opt) < 0) return NULL;
    int64_t zero = 0;
    return new_with_sizes(scalar_type, NULL, IntArrayRef_make(&zero, 1));
  }
  PyObject* first = PyTuple_GET_ITEM(args, 0);
  if (nargs == 1 && THPVariable_Check(first)) {
    if (device_obj != NULL) { /* 4 */
      PyErr_SetString(PyExc_RuntimeError,
                      ctor_or_new == CtorOrNew_NEW
                          ? "Legacy tensor new of the form tensor.new(tensor, device=device) is not supported.  "
                            "Use torch.as_tensor(...) instead."
                          : "Legacy tensor constructor of the form torch.Tensor(tensor, device=device) is not "
                            "supported.  Use torch.tensor(...) or torch.as_tensor(...) instead.");
      return NULL;
    }
    /* 3: BASE_CTOR (aka torch.Tensor) is relaxed to accept any dtype */
    const Tensor* other = THPVariable_Unpack(first);
    if (!base && (other->dtype != scalar_type || other->device.type != DeviceType_CPU)) {
      PyErr_Format(PyExc_TypeError,
                   "expected TensorOptions(dtype=%s, device=cpu, layout=Strided, requires_grad=false (default), "
                   "pinned_memory=false (default), memory_format=(nullopt)) (got TensorOptions(dtype=%s, device=%s, "
                   "layout=Strided, requires_grad=false (default), pinned_memory=false (default), "
                   "memory_format=(nullopt)))",
                   ScalarType_typeMetaName(scalar_type), ScalarType_typeMetaName(other->dtype),
                   other->device.type == DeviceType_CPU ? "cpu" : "lazy");
      return NULL;
    }
    Tensor* r = at_alias(other);
    if (r == NULL) THPException_fromError();
    return r;
  }
  /* 5: an int list, or ints as varargs (allow_varargs_intlist) */
  bool varargs = THPUtils_checkIndex(first);
  if (varargs || (nargs == 1 && is_int_list(first))) {
    if (check_legacy_ctor_device(device_opt) < 0) return NULL;
    if (!varargs && !THPSize_Check(first)) /* new(sequence) binds here but is data */
      return legacy_new_from_sequence(scalar_type, device_opt, first);
    int64_t sizes[MINATEN_MAX_DIM], n;
    if (unpack_sizes(varargs ? args : first, sizes, &n) < 0) return NULL;
    return new_with_sizes(scalar_type, device_opt, IntArrayRef_make(sizes, (size_t)n));
  }
  if (nargs == 1) { /* 6 */
    if (check_legacy_ctor_device(device_opt) < 0) return NULL;
    return legacy_new_from_sequence(scalar_type, device_opt, first);
  }
  legacy_invalid_arguments(args, kwargs);
  return NULL;
}

/* PyTorch 1.13: tensor_new.cpp base_tensor_ctor */
Tensor* base_tensor_ctor(PyObject* args, PyObject* kwargs) {
  return legacy_tensor_generic_ctor_new(default_scalar_type(), CtorOrNew_BASE_CTOR, args, kwargs);
}

/* PyTorch 1.13: tensor_new.cpp legacy_tensor_ctor */
Tensor* legacy_tensor_ctor(ScalarType scalar_type, PyObject* args, PyObject* kwargs) {
  return legacy_tensor_generic_ctor_new(scalar_type, CtorOrNew_CTOR, args, kwargs);
}

/* NB: a lazy tensor of 1.13 carries the Functionalize key, which
 * legacyExtractDispatchKey takes for its backend, and so lazy.new(...)
 * fails there whatever its arguments; minaten raises the same error.
 * PyTorch 1.13: tensor_new.cpp legacy_tensor_new, python_variable_methods.cpp
 * THPVariable_new (legacyExtractDispatchKey) */
Tensor* legacy_tensor_new(const Tensor* self, PyObject* args, PyObject* kwargs) {
  if (self->device.type == DeviceType_Lazy) {
    PyErr_SetString(PyExc_RuntimeError, "DispatchKey Functionalize doesn't correspond to a device");
    return NULL;
  }
  return legacy_tensor_generic_ctor_new(self->dtype, CtorOrNew_NEW, args, kwargs);
}

/* ---- DLPack ------------------------------------------------------------------ */

/* A capsule nobody consumed: its tensor goes back to its lender.
 * PyTorch 1.13: torch/csrc/Module.cpp DLPack_Capsule_Destructor */
static void DLPack_Capsule_Destructor(PyObject* data) {
  if (!PyCapsule_IsValid(data, "dltensor")) {
    /* a consumer renamed it ("used_dltensor"): it owns the tensor now */
    return;
  }
  DLManagedTensor* m = PyCapsule_GetPointer(data, "dltensor");
  if (m != NULL && m->deleter != NULL) m->deleter(m);
}

/* torch._C._to_dlpack(t) (torch.utils.dlpack.to_dlpack): a "dltensor" capsule.
 * PyTorch 1.13: torch/csrc/Module.cpp THPModule_toDLPack */
static PyObject* THPModule_toDLPack(PyObject* module, PyObject* data) {
  (void)module;
  if (!THPVariable_Check(data)) {
    PyErr_SetString(PyExc_RuntimeError, "data must be a Tensor");
    return NULL;
  }
  DLManagedTensor* m = toDLPack(THPVariable_Unpack(data));
  if (m == NULL) return THPException_fromError();
  PyObject* capsule = PyCapsule_New(m, "dltensor", DLPack_Capsule_Destructor);
  if (capsule == NULL) m->deleter(m);
  return capsule;
}

/* A tensor over a "dltensor" capsule's memory; the capsule is renamed
 * "used_dltensor" (consumed once).
 * PyTorch 1.13: tensor_new.cpp tensor_fromDLPack */
static Tensor* tensor_fromDLPack(PyObject* data) {
  DLManagedTensor* m = PyCapsule_IsValid(data, "dltensor") ? PyCapsule_GetPointer(data, "dltensor") : NULL;
  if (m == NULL) {
    PyErr_Clear();
    PyErr_SetString(PyExc_RuntimeError,
                    "from_dlpack received an invalid capsule. Note that DLTensor capsules can be consumed only once, "
                    "so you might have already constructed a tensor from it once.");
    return NULL;
  }
  /* the tensor steals the ownership of the underlying storage; its deleter
   * hands it back when the storage goes */
  Tensor* t = fromDLPack(m);
  if (t == NULL) {
    THPException_fromError();
    return NULL;
  }
  /* the capsule is consumed: from_dlpack refuses it from now on */
  if (PyCapsule_SetName(data, "used_dltensor") < 0) {
    Tensor_release(t);
    return NULL;
  }
  return t;
}

/* torch._C._from_dlpack(capsule).  PyTorch 1.13: torch/csrc/Module.cpp THPModule_fromDLPack */
static PyObject* THPModule_fromDLPack(PyObject* module, PyObject* data) {
  (void)module;
  Tensor* t = tensor_fromDLPack(data);
  return t == NULL ? NULL : THPVariable_Wrap(t);
}

/* ---- registration -------------------------------------------------------------- */

#define KW_FN(f) ((PyCFunction)(void (*)(void))(f))

/* torch.tensor & co: functions of torch._C._VariableFunctions, which
 * python/minaten/__init__.py copies into the torch module */
PyMethodDef THPTensorNew_functions[] = {
    {"tensor", KW_FN(THPVariable_tensor), METH_VARARGS | METH_KEYWORDS, NULL},
    {"as_tensor", KW_FN(THPVariable_as_tensor), METH_VARARGS | METH_KEYWORDS, NULL},
    {"from_numpy", THPVariable_from_numpy, METH_O, NULL},
    {"frombuffer", KW_FN(THPVariable_frombuffer), METH_VARARGS | METH_KEYWORDS, NULL},
    {NULL, NULL, 0, NULL}};

/* the module's own: torch._C._to_dlpack, torch._C._from_dlpack */
static PyMethodDef dlpack_functions[] = {{"_to_dlpack", THPModule_toDLPack, METH_O, NULL},
                                         {"_from_dlpack", THPModule_fromDLPack, METH_O, NULL},
                                         {NULL, NULL, 0, NULL}};

static PyMethodDef tensor_new_methods[] = {
    {"new_tensor", KW_FN(THPVariable_new_tensor), METH_VARARGS | METH_KEYWORDS, NULL}, {NULL, NULL, 0, NULL}};

int THPTensorNew_init(PyObject* module) {
  if (THPVariableFunctions_addFunctions(THPTensorNew_functions) < 0 || PyModule_AddFunctions(module, dlpack_functions) < 0)
    return -1;
  return THPVariable_addMethods(tensor_new_methods);
}
