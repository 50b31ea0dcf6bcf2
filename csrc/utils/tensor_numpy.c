/*
 * tensor_numpy.c - see tensor_numpy.h.
 *
 * Note [NumPy without its C API]
 * What 1.13 reads through NumPy's C API, minaten reads through Python:
 *
 *   PyArray_Check(obj)          isinstance(obj, numpy.ndarray)
 *   PyArray_IsScalar(obj, T)    isinstance(obj, numpy.T)
 *   PyArray_TYPE(arr)           arr.dtype.num (NumPy's NPY_TYPES numbers)
 *   PyArray_DIMS / STRIDES      arr.shape / arr.strides
 *   PyArray_DATA, ISWRITEABLE   arr.__array_interface__['data'] (pointer, read-only)
 *   PyArray_ITEMSIZE            arr.dtype.itemsize
 *   descr->byteorder            arr.dtype.byteorder
 *
 * The types come from the numpy module the first time a check finds it in
 * sys.modules (never imported for a check: when nothing imported NumPy, no
 * NumPy object exists).  Going the other way, tensor_to_numpy makes a small
 * object whose __array_interface__ describes the tensor's memory and asks
 * numpy.asarray for an array over it; NumPy keeps that object as the array's
 * base, and the object keeps the tensor.
 *
 * PyTorch 1.13: torch/csrc/utils/tensor_numpy.cpp
 */
#include "csrc/utils/tensor_numpy.h"

#include <string.h>

#include "autograd/variable.h"
#include "Functions.h"
#include "csrc/Exceptions.h"
#include "csrc/autograd/python_variable.h"
#include "csrc/utils/handle_torch_function.h"
#include "runtime/Exception.h"
#include "runtime/GradMode.h"

/* NumPy's NPY_TYPES numbers (numpy/ndarraytypes.h), part of its ABI. */
enum {
  NPY_BOOL = 0,
  NPY_BYTE = 1,
  NPY_UBYTE = 2,
  NPY_SHORT = 3,
  NPY_INT = 5,
  NPY_LONG = 7,
  NPY_LONGLONG = 9,
  NPY_FLOAT = 11,
  NPY_DOUBLE = 12,
  NPY_CFLOAT = 14,
  NPY_CDOUBLE = 15,
  NPY_HALF = 23,
};

/* ---- finding NumPy ------------------------------------------------------- */

/* NumPy's types, found in its module the first time it is imported, and
 * held for the life of the process. */
static struct {
  bool found;
  PyObject* ndarray;
  PyObject* integer;
  PyObject* bool_;
  PyObject* floating;
  PyObject* complexfloating;
} numpy_types;

/* Whether numpy is imported; finds its types the first time it is. */
static bool numpy_imported(void) {
  if (numpy_types.found) return true;
  static PyObject* name = NULL; /* "numpy", interned once */
  if (name == NULL && (name = PyUnicode_InternFromString("numpy")) == NULL) {
    PyErr_Clear();
    return false;
  }
  PyObject* module = PyImport_GetModule(name);
  if (module == NULL) {
    PyErr_Clear();
    return false;
  }
  PyObject* types[5];
  static const char* const names[5] = {"ndarray", "integer", "bool_", "floating", "complexfloating"};
  bool ok = true;
  for (int i = 0; i < 5; i++) {
    types[i] = PyObject_GetAttrString(module, names[i]);
    ok = ok && types[i] != NULL && PyType_Check(types[i]);
  }
  Py_DECREF(module);
  if (!ok) { /* a numpy being imported (partially initialised), or not NumPy */
    for (int i = 0; i < 5; i++) Py_XDECREF(types[i]);
    PyErr_Clear();
    return false;
  }
  numpy_types.ndarray = types[0];
  numpy_types.integer = types[1];
  numpy_types.bool_ = types[2];
  numpy_types.floating = types[3];
  numpy_types.complexfloating = types[4];
  numpy_types.found = true;
  return true;
}

bool is_numpy_available(void) {
  static int available = -1;
  if (available < 0) {
    PyObject* module = PyImport_ImportModule("numpy");
    if (module == NULL) PyErr_Clear();
    Py_XDECREF(module);
    available = module != NULL && numpy_imported();
  }
  return available == 1;
}

static bool is_instance(PyObject* obj, PyObject* type) {
  return PyObject_TypeCheck(obj, (PyTypeObject*)type);
}

bool is_numpy_array(PyObject* obj) { return numpy_imported() && is_instance(obj, numpy_types.ndarray); }
bool is_numpy_int(PyObject* obj) { return numpy_imported() && is_instance(obj, numpy_types.integer); }
bool is_numpy_bool(PyObject* obj) { return numpy_imported() && is_instance(obj, numpy_types.bool_); }
bool is_numpy_scalar(PyObject* obj) {
  return numpy_imported() && (is_instance(obj, numpy_types.integer) || is_instance(obj, numpy_types.bool_) ||
                              is_instance(obj, numpy_types.floating) ||
                              is_instance(obj, numpy_types.complexfloating));
}

/* ---- dtypes -------------------------------------------------------------- */

int numpy_dtype_to_aten(int npy_type, PyObject* descr, ScalarType* out) {
  switch (npy_type) {
    case NPY_DOUBLE: *out = ScalarType_Double; return 0;
    case NPY_FLOAT: *out = ScalarType_Float; return 0;
    case NPY_HALF: *out = ScalarType_Half; return 0;
    case NPY_CFLOAT: *out = ScalarType_ComplexFloat; return 0;
    case NPY_CDOUBLE: *out = ScalarType_ComplexDouble; return 0;
    case NPY_SHORT: *out = ScalarType_Short; return 0;
    case NPY_BYTE: *out = ScalarType_Char; return 0;
    case NPY_UBYTE: *out = ScalarType_Byte; return 0;
    case NPY_BOOL: *out = ScalarType_Bool; return 0;
    case NPY_INT: *out = ScalarType_Int; return 0; /* NPY_INT32 on LP64 */
    case NPY_LONG: /* NPY_INT64 on LP64 */
    case NPY_LONGLONG: *out = ScalarType_Long; return 0;
    default: break;
  }
  PyObject* type = PyObject_GetAttrString(descr, "type");
  if (type == NULL) return -1;
  PyErr_Format(PyExc_TypeError,
               "can't convert np.ndarray of type %s. The only supported types are: float64, float32, float16, "
               "complex64, complex128, int64, int32, int16, int8, uint8, and bool.",
               PyType_Check(type) ? ((PyTypeObject*)type)->tp_name : Py_TYPE(type)->tp_name);
  Py_DECREF(type);
  return -1;
}

/* descr.num as an int; -1 with an exception. */
static int descr_num(PyObject* descr) {
  PyObject* num = PyObject_GetAttrString(descr, "num");
  if (num == NULL) return -1;
  long v = PyLong_AsLong(num);
  Py_DECREF(num);
  return v == -1 && PyErr_Occurred() ? -1 : (int)v;
}

int numpy_scalar_type(PyObject* obj, ScalarType* out) {
  PyObject* descr = PyObject_GetAttrString(obj, "dtype");
  if (descr == NULL) return -1;
  int num = descr_num(descr);
  int r = num < 0 ? -1 : numpy_dtype_to_aten(num, descr, out);
  Py_DECREF(descr);
  return r;
}

/* ---- from NumPy ---------------------------------------------------------- */

/* The storage's deleter: drops the array it kept alive, with the GIL (the
 * last tensor may go in a thread that does not hold it).
 * PyTorch 1.13: tensor_numpy.cpp tensor_from_numpy's deleter lambda */
static void release_array(void* array) {
  if (!Py_IsInitialized()) return; /* exiting: left alone, as 1.13 leaves its objects */
  PyGILState_STATE gil = PyGILState_Ensure();
  Py_DECREF((PyObject*)array);
  PyGILState_Release(gil);
}

/* A tuple of ints as int64s (at most MINATEN_MAX_DIM). */
static int unpack_int_tuple(PyObject* tuple, const char* what, int64_t* out, Py_ssize_t* n) {
  if (!PyTuple_Check(tuple)) {
    PyErr_Format(PyExc_TypeError, "minaten: the array's %s is not a tuple", what);
    return -1;
  }
  *n = PyTuple_GET_SIZE(tuple);
  if (*n > MINATEN_MAX_DIM) {
    PyErr_Format(PyExc_RuntimeError, "minaten supports tensors with at most %d dimensions, but got %zd",
                 MINATEN_MAX_DIM, *n);
    return -1;
  }
  for (Py_ssize_t i = 0; i < *n; i++) {
    long long v = PyLong_AsLongLong(PyTuple_GET_ITEM(tuple, i));
    if (v == -1 && PyErr_Occurred()) return -1;
    out[i] = v;
  }
  return 0;
}

/* PyTorch 1.13: tensor_numpy.cpp warn_numpy_not_writeable (TORCH_WARN_ONCE) */
static int warn_numpy_not_writeable(void) {
  static bool warned = false;
  if (warned) return 0;
  warned = true;
  return PyErr_WarnEx(PyExc_UserWarning,
                      "The given NumPy array is not writable, and PyTorch does not support non-writable tensors. "
                      "This means writing to this tensor will result in undefined behavior. You may want to copy "
                      "the array to protect its data or make it writable before converting it to a tensor. This "
                      "type of warning will be suppressed for the rest of this program. (Triggered internally at  "
                      "./torch/csrc/utils/tensor_numpy.cpp:199.)",
                      1);
}

/* NumPy strides use bytes. Torch strides use element counts: the ndim
 * strides divided by the element size, in place.  0, or -1 with 1.13's
 * ValueError (a stride not a multiple of it, or negative).
 * PyTorch 1.13: torch/csrc/utils/tensor_numpy.cpp tensor_from_numpy */
static int strides_in_elements(int64_t* strides, Py_ssize_t ndim, long long element_size_in_bytes) {
  for (Py_ssize_t i = 0; i < ndim; i++) {
    if (element_size_in_bytes == 0 || strides[i] % element_size_in_bytes != 0) {
      PyErr_SetString(PyExc_ValueError,
                      "given numpy array strides not a multiple of the element byte size. Copy the numpy array to "
                      "reallocate the memory.");
      return -1;
    }
    strides[i] /= element_size_in_bytes;
  }
  for (Py_ssize_t i = 0; i < ndim; i++) {
    if (strides[i] < 0) {
      PyErr_SetString(PyExc_ValueError,
                      "At least one stride in the given numpy array is negative, and tensors with negative strides "
                      "are not currently supported. (You can probably work around this by making a copy of your "
                      "array  with array.copy().) ");
      return -1;
    }
  }
  return 0;
}

/* 0 when the dtype `descr` is in the machine's byte order
 * (PyArray_EquivByteorders(byteorder, NPY_NATIVE): '=' and '|' are
 * native), else -1 with 1.13's ValueError.
 * PyTorch 1.13: torch/csrc/utils/tensor_numpy.cpp tensor_from_numpy */
static int check_native_byteorder(PyObject* descr) {
  PyObject* byteorder = PyObject_GetAttrString(descr, "byteorder");
  if (byteorder == NULL) return -1;
  const char* order = PyUnicode_Check(byteorder) ? PyUnicode_AsUTF8(byteorder) : NULL;
  int r = -1;
  if (order == NULL) {
    if (!PyErr_Occurred()) PyErr_SetString(PyExc_TypeError, "minaten: the array's byte order is not a str");
    goto done;
  }
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
  const char foreign = '>';
#else
  const char foreign = '<';
#endif
  if (order[0] == foreign) {
    PyErr_SetString(PyExc_ValueError,
                    "given numpy array has byte order different from the native byte order. Conversion between "
                    "byte orders is currently not supported.");
    goto done;
  }
  r = 0;
done:
  Py_DECREF(byteorder);
  return r;
}

Tensor* tensor_from_numpy(PyObject* obj, bool warn_if_not_writeable) {
  if (!is_numpy_available()) {
    PyErr_SetString(PyExc_RuntimeError, "Numpy is not available");
    return NULL;
  }
  if (!is_numpy_array(obj)) {
    PyErr_Format(PyExc_TypeError, "expected np.ndarray (got %s)", Py_TYPE(obj)->tp_name);
    return NULL;
  }
  Tensor* result = NULL;
  PyObject *interface = NULL, *shape = NULL, *np_strides = NULL, *descr = NULL, *itemsize_obj = NULL;
  interface = PyObject_GetAttrString(obj, "__array_interface__");
  if (interface == NULL) goto done;
  PyObject* data = PyDict_GetItemString(interface, "data"); /* borrowed: (pointer, read-only) */
  if (data == NULL || !PyTuple_Check(data) || PyTuple_GET_SIZE(data) != 2) {
    PyErr_SetString(PyExc_TypeError, "minaten: the array's __array_interface__ has no data pointer");
    goto done;
  }
  void* data_ptr = PyLong_AsVoidPtr(PyTuple_GET_ITEM(data, 0));
  int readonly = PyObject_IsTrue(PyTuple_GET_ITEM(data, 1));
  if ((data_ptr == NULL && PyErr_Occurred()) || readonly < 0) goto done;
  if (readonly && warn_if_not_writeable && warn_numpy_not_writeable() < 0) goto done;

  int64_t sizes[MINATEN_MAX_DIM], strides[MINATEN_MAX_DIM];
  Py_ssize_t ndim, nstrides;
  if ((shape = PyObject_GetAttrString(obj, "shape")) == NULL || unpack_int_tuple(shape, "shape", sizes, &ndim) < 0)
    goto done;
  if ((np_strides = PyObject_GetAttrString(obj, "strides")) == NULL ||
      unpack_int_tuple(np_strides, "strides", strides, &nstrides) < 0)
    goto done;
  if ((descr = PyObject_GetAttrString(obj, "dtype")) == NULL) goto done;
  if ((itemsize_obj = PyObject_GetAttrString(descr, "itemsize")) == NULL) goto done;
  long long element_size_in_bytes = PyLong_AsLongLong(itemsize_obj);
  if (element_size_in_bytes == -1 && PyErr_Occurred()) goto done;
  if (strides_in_elements(strides, ndim, element_size_in_bytes) < 0) goto done;
  if (check_native_byteorder(descr) < 0) goto done;
  int num = descr_num(descr);
  ScalarType dtype;
  if (num < 0 || numpy_dtype_to_aten(num, descr, &dtype) < 0) goto done;

  /* The bytes the tensor can reach (its storage's size): from the data
   * pointer to its last element. */
  int64_t numel = 1, extent = 0;
  for (Py_ssize_t i = 0; i < ndim; i++) {
    numel *= sizes[i];
    extent += (sizes[i] - 1) * strides[i];
  }
  size_t nbytes = numel == 0 ? 0 : (size_t)(extent + 1) * (size_t)element_size_in_bytes;
  Py_INCREF(obj); /* the storage's, dropped by release_array */
  Storage* storage = Storage_newFromBlob(data_ptr, nbytes, release_array, obj);
  if (storage == NULL) {
    Py_DECREF(obj);
    THPException_fromError();
    goto done;
  }
  Tensor* blob = Tensor_new(storage, 0, IntArrayRef_make(sizes, (size_t)ndim),
                            IntArrayRef_make(strides, (size_t)ndim), dtype, Device_cpu(), DispatchKey_CPU);
  Storage_release(storage);
  if (blob != NULL) {
    result = at_lift_fresh(blob);
    Tensor_release(blob);
  }
  if (result == NULL) THPException_fromError();
done:
  Py_XDECREF(interface);
  Py_XDECREF(shape);
  Py_XDECREF(np_strides);
  Py_XDECREF(descr);
  Py_XDECREF(itemsize_obj);
  return result;
}

/* ---- to NumPy ------------------------------------------------------------ */

/*
 * The object NumPy makes the array from: its __array_interface__ describes
 * the tensor's memory, and it keeps the tensor (a detached alias) alive for
 * as long as the array, whose base it becomes.
 * NB(minaten): 1.13 makes the array with PyArray_New and sets the tensor
 * itself as its base (arr.base is a torch.Tensor); here the base is this
 * object, which holds the tensor.
 */
typedef struct TensorArrayInterface {
  PyObject_HEAD
  Tensor* tensor;      /* owned */
  PyObject* interface; /* the dict */
} TensorArrayInterface;

static void TensorArrayInterface_dealloc(PyObject* self) {
  TensorArrayInterface* t = (TensorArrayInterface*)self;
  Tensor_release(t->tensor);
  Py_XDECREF(t->interface);
  Py_TYPE(self)->tp_free(self);
}

static PyObject* TensorArrayInterface_get(PyObject* self, void* unused) {
  (void)unused;
  return Py_NewRef(((TensorArrayInterface*)self)->interface);
}

static PyGetSetDef TensorArrayInterface_properties[] = {
    {"__array_interface__", TensorArrayInterface_get, NULL, NULL, NULL}, {NULL, NULL, NULL, NULL, NULL}};

static PyTypeObject TensorArrayInterfaceType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "torch._C._TensorArrayInterface",
    .tp_basicsize = sizeof(TensorArrayInterface),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "The memory of a tensor as NumPy's array interface: the base of the arrays t.numpy() makes.",
    .tp_dealloc = TensorArrayInterface_dealloc,
    .tp_getset = TensorArrayInterface_properties,
};

/* NumPy's type string of a dtype: "<f4", "|b1".
 * PyTorch 1.13: tensor_numpy.cpp aten_to_numpy_dtype */
static const char* numpy_typestr(ScalarType t) {
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define MINATEN_NPY_ORDER "<"
#else
#define MINATEN_NPY_ORDER ">"
#endif
  switch (t) {
    case ScalarType_Double: return MINATEN_NPY_ORDER "f8";
    case ScalarType_Float: return MINATEN_NPY_ORDER "f4";
    case ScalarType_Half: return MINATEN_NPY_ORDER "f2";
    case ScalarType_ComplexFloat: return MINATEN_NPY_ORDER "c8";
    case ScalarType_ComplexDouble: return MINATEN_NPY_ORDER "c16";
    case ScalarType_Long: return MINATEN_NPY_ORDER "i8";
    case ScalarType_Int: return MINATEN_NPY_ORDER "i4";
    case ScalarType_Short: return MINATEN_NPY_ORDER "i2";
    case ScalarType_Char: return "|i1";
    case ScalarType_Byte: return "|u1";
    case ScalarType_Bool: return "|b1";
    default: return NULL;
  }
#undef MINATEN_NPY_ORDER
}

/* A tuple of n int64s, each times `scale`. */
static PyObject* int_tuple(const int64_t* v, int64_t n, int64_t scale) {
  PyObject* t = PyTuple_New((Py_ssize_t)n);
  for (int64_t i = 0; t != NULL && i < n; i++) {
    PyObject* item = PyLong_FromLongLong(v[i] * scale);
    if (item == NULL) Py_CLEAR(t);
    else PyTuple_SET_ITEM(t, (Py_ssize_t)i, item);
  }
  return t;
}

/* The interface dict of t (CPU, of a NumPy dtype). */
static PyObject* array_interface(const Tensor* t, const char* typestr) {
  int64_t itemsize = (int64_t)Tensor_itemsize(t);
  /* An empty tensor's array has all strides 0, as NumPy makes it for 1.13
   * (which passes no data).  NumPy reads a NULL data pointer as "no data":
   * any address serves when there are no elements. */
  static const int64_t zeros[MINATEN_MAX_DIM] = {0};
  static char no_data;
  void* data = t->numel == 0 ? (void*)&no_data : (void*)Tensor_data(t);
  return Py_BuildValue("{s:i,s:N,s:s,s:(N,O),s:N}", "version", 3, "shape", int_tuple(t->sizes, t->dim, 1),
                       "typestr", typestr, "data", PyLong_FromVoidPtr(data), Py_False, "strides",
                       int_tuple(t->numel == 0 ? zeros : t->strides, t->dim, itemsize));
}

PyObject* tensor_to_numpy(const Tensor* tensor, bool force) {
  if (!is_numpy_available()) {
    PyErr_SetString(PyExc_RuntimeError, "Numpy is not available");
    return NULL;
  }
  char device[32];
  if (!force) {
    if (tensor->device.type != DeviceType_CPU) {
      PyErr_Format(PyExc_TypeError,
                   "can't convert %s device type tensor to numpy. Use Tensor.cpu() to copy the tensor to host "
                   "memory first.",
                   Device_format(tensor->device, device, sizeof device));
      return NULL;
    }
    if (GradMode_is_enabled() && Tensor_requiresGrad(tensor)) {
      PyErr_SetString(PyExc_RuntimeError,
                      "Can't call numpy() on Tensor that requires grad. Use tensor.detach().numpy() instead.");
      return NULL;
    }
    if (Tensor_isConj(tensor)) {
      PyErr_SetString(PyExc_RuntimeError, "Can't call numpy() on Tensor that has conjugate bit set. Use "
                                          "tensor.resolve_conj().numpy() instead.");
      return NULL;
    }
    if (Tensor_isNeg(tensor)) {
      PyErr_SetString(PyExc_RuntimeError, "Can't call numpy() on Tensor that has negative bit set. Use "
                                          "tensor.resolve_neg().numpy() instead.");
      return NULL;
    }
  }
  /* tensor.detach().cpu().resolve_conj().resolve_neg() */
  Tensor* prepared = at_detach(tensor);
  if (prepared == NULL) return THPException_fromError();
  for (int bit = 0; bit < 2 && (Tensor_isConj(prepared) || Tensor_isNeg(prepared)); bit++) {
    Tensor* resolved = bit == 0 ? at_resolve_conj(prepared) : at_resolve_neg(prepared);
    Tensor_release(prepared);
    if (resolved == NULL) return THPException_fromError();
    prepared = resolved;
  }
  if (prepared->device.type != DeviceType_CPU) {
    Tensor* cpu = at__to_copy(prepared, kNoDtype, kNoLayout, (OptionalDevice){true, Device_cpu()}, kNoPinMemory,
                              false, kNoMemoryFormat);
    Tensor_release(prepared);
    if (cpu == NULL) return THPException_fromError();
    prepared = cpu;
  }
  /* NB(minaten): 1.13 hands NumPy whatever data pointer a tensor without
   * storage has (a functional tensor's: garbage values); minaten refuses
   * as tolist() does. */
  if (prepared->storage == NULL && prepared->numel != 0) {
    PyErr_SetString(PyExc_RuntimeError, "numpy() shouldn't be called on a tensor with unallocated storage");
    Tensor_release(prepared);
    return NULL;
  }
  const char* typestr = numpy_typestr(prepared->dtype);
  if (typestr == NULL) {
    PyErr_Format(PyExc_TypeError, "Got unsupported ScalarType %s", ScalarType_name(prepared->dtype));
    Tensor_release(prepared);
    return NULL;
  }
  PyObject* result = NULL;
  TensorArrayInterface* base = PyObject_New(TensorArrayInterface, &TensorArrayInterfaceType);
  if (base == NULL) {
    Tensor_release(prepared);
    return NULL;
  }
  base->tensor = prepared;
  base->interface = array_interface(prepared, typestr);
  if (base->interface != NULL) {
    PyObject* numpy = PyImport_ImportModule("numpy");
    if (numpy != NULL) result = PyObject_CallMethod(numpy, "asarray", "O", (PyObject*)base);
    Py_XDECREF(numpy);
  }
  Py_DECREF(base);
  /* The storage keeps its bytes where the array sees them (1.13's
   * set_resizable(false); a later set_ can still free them, as in 1.13). */
  if (result != NULL && prepared->storage != NULL) prepared->storage->resizable = false;
  return result;
}

/* ---- Tensor.numpy -------------------------------------------------------- */

/* t.numpy(*, force=False).  PyTorch 1.13: python_variable_methods.cpp THPVariable_numpy */
static PyObject* THPVariable_numpy(PyObject* self, PyObject* args, PyObject* kwargs) {
  if (check_has_torch_function(self, false)) { /* PythonArgs::has_torch_function: self is its one Tensor */
    OverloadedArgs o = {0, {NULL}};
    if (OverloadedArgs_check(&o, self) < 0) return NULL;
    return handle_torch_function_args(&o, self, args, kwargs, THPVariableClass, "numpy", "torch.Tensor");
  }
  if (PyTuple_GET_SIZE(args) != 0) {
    PyErr_Format(PyExc_TypeError, "numpy() takes 0 positional arguments but %zd %s given", PyTuple_GET_SIZE(args),
                 PyTuple_GET_SIZE(args) == 1 ? "was" : "were");
    return NULL;
  }
  bool force = false;
  if (kwargs != NULL) {
    PyObject *key, *value;
    Py_ssize_t pos = 0;
    while (PyDict_Next(kwargs, &pos, &key, &value)) {
      if (!PyUnicode_Check(key) || PyUnicode_CompareWithASCIIString(key, "force") != 0) {
        PyErr_Format(PyExc_TypeError, "numpy() got an unexpected keyword argument '%S'", key);
        return NULL;
      }
      if (!PyBool_Check(value)) {
        PyErr_Format(PyExc_TypeError, "numpy(): argument 'force' must be bool, not %s", Py_TYPE(value)->tp_name);
        return NULL;
      }
      force = value == Py_True;
    }
  }
  return tensor_to_numpy(THPVariable_Unpack(self), force);
}

static PyMethodDef numpy_methods[] = {
    {"numpy", (PyCFunction)(void (*)(void))THPVariable_numpy, METH_VARARGS | METH_KEYWORDS, NULL},
    {NULL, NULL, 0, NULL}};

int THPUtils_initNumpy(PyObject* module) {
  (void)module;
  if (PyType_Ready(&TensorArrayInterfaceType) < 0) return -1;
  return THPVariable_addMethods(numpy_methods);
}
