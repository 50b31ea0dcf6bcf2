/*
 * python_variable_wrapper_subclass.c - torch.Tensor._make_wrapper_subclass:
 * the tensor a __torch_dispatch__ subclass wraps its data in.
 *
 * Note [Wrapper subclasses]
 * A wrapper subclass (the subclass_zoo's LoggingTensor) is a tensor with
 * the sizes, strides, dtype and device it is given, and the Python key in
 * its key set: every operator call on it reaches the Python key's fallback
 * (Note [The Python key] in dispatch/PythonFallbackKernel.h), which calls
 * its class's __torch_dispatch__; the class keeps the real data elsewhere
 * (`r.elem`) and runs the operator on that.  Autograd still runs above the
 * Python key, on the wrapper's metadata, so a wrapper that requires grad
 * records history as any tensor does.
 * NB(minaten): 1.13's wrapper has no storage (data_ptr() is 0, storage()
 * raises); minaten gives it an empty storage of its size, which nothing
 * reads, so that no code path has to handle a tensor without one.
 *
 * PyTorch 1.13: torch/csrc/autograd/python_variable.cpp
 * THPVariable_make_wrapper_subclass
 */
#include "csrc/autograd/python_variable_wrapper_subclass.h"

#include "autograd/variable.h"
#include "csrc/Exceptions.h"
#include "csrc/autograd/python_variable.h"
#include "csrc/utils/python_arg_parser.h"
#include "csrc/utils/torch_dispatch_mode.h"
#include "ops/EmptyTensor.h"
#include "runtime/DefaultDtype.h"
#include "runtime/Exception.h"

/* A tensor of sizes and strides (contiguous when strides is absent) at
 * storage_offset, dtype, over a storage of its own of the extent it needs.
 * A new reference, or NULL with minaten's error set. */
static Tensor* wrapper_tensor(IntArrayRef sizes, const IValue* strides, int64_t storage_offset, ScalarType dtype) {
  int64_t contiguous[MINATEN_MAX_DIM];
  TORCH_CHECK(sizes.size <= MINATEN_MAX_DIM, "too many dimensions");
  IntArrayRef st;
  if (strides->tag == IValueTag_None) {
    int64_t s = 1;
    for (size_t d = sizes.size; d-- > 0;) {
      contiguous[d] = s;
      s *= sizes.data[d] > 1 ? sizes.data[d] : 1;
    }
    st = IntArrayRef_make(contiguous, sizes.size);
  } else {
    st = IValue_toIntList(strides);
    TORCH_CHECK(st.size == sizes.size, "mismatch in length of strides and shape");
  }
  if (storage_offset == 0) return empty_strided_cpu(sizes, st, dtype);
  int64_t extent = storage_offset + 1;
  for (size_t d = 0; d < sizes.size; d++) {
    TORCH_CHECK(sizes.data[d] >= 0 && st.data[d] >= 0, "minaten: _make_wrapper_subclass takes non-negative sizes and strides");
    if (sizes.data[d] == 0) extent = storage_offset;
    else extent += (sizes.data[d] - 1) * st.data[d];
  }
  int64_t n = extent;
  Tensor* buffer = empty_cpu(IntArrayRef_make(&n, 1), dtype);
  if (buffer == NULL) return NULL;
  Tensor* t = Tensor_makeView(buffer, sizes, st, storage_offset);
  Tensor_release(buffer);
  return t;
fail:
  return NULL;
}

/* torch.Tensor._make_wrapper_subclass(cls, size, *, strides=None,
 * storage_offset=None, memory_format=None, dtype=None, layout=torch.strided,
 * device=None, pin_memory=False, requires_grad=False,
 * dispatch_sizes_strides_policy=None, dispatch_device=False): an instance of
 * cls (Note [Wrapper subclasses]).
 * PyTorch 1.13: python_variable.cpp THPVariable_make_wrapper_subclass */
static PyObject* THPVariable_make_wrapper_subclass(PyObject* unused, PyObject* const* args, Py_ssize_t nargs,
                                                   PyObject* kwnames) {
  (void)unused;
  PYTHON_ARG_PARSER(parser, "_make_wrapper_subclass", false,
                    "_make_wrapper_subclass(int[] size, *, int[]? strides=None, int? storage_offset=None, "
                    "MemoryFormat? memory_format=None, ScalarType? dtype=None, Layout? layout=None, "
                    "Device? device=None, bool pin_memory=False, bool requires_grad=False, "
                    "str? dispatch_sizes_strides_policy=None, bool dispatch_device=False) -> Tensor");
  if (nargs < 1 || !PyType_Check(args[0])) {
    PyErr_Format(PyExc_TypeError, "cls must be a type (got %s)", nargs < 1 ? "nothing" : Py_TYPE(args[0])->tp_name);
    return NULL;
  }
  PyTypeObject* cls = (PyTypeObject*)args[0];
  if (!PyType_IsSubtype(cls, &THPVariableType)) {
    PyErr_SetString(PyExc_TypeError, "cls must be a subclass of torch.Tensor");
    return NULL;
  }
  PyObject* dispatch = PyObject_GetAttrString((PyObject*)cls, "__torch_dispatch__");
  bool overridden = dispatch != NULL && dispatch != THPUtils_disabledTorchDispatchImpl();
  Py_XDECREF(dispatch);
  if (!overridden) {
    PyErr_Clear();
    PyErr_Format(PyExc_TypeError, "%s must define __torch_dispatch__", cls->tp_name);
    return NULL;
  }
  PythonArgs r;
  if (PythonArgParser_parse(&parser, NULL, args + 1, nargs - 1, kwnames, &r) < 0) return NULL;
  IValue v[11] = {0};
  if (PythonArgs_toIValues(&r, v) < 0) return NULL;
  ScalarType dtype = v[4].tag == IValueTag_None ? get_default_dtype_as_scalartype() : v[4].u.scalar_type;
  if (v[6].tag != IValueTag_None && v[6].u.device.type != DeviceType_CPU) {
    for (int i = 0; i < 11; i++) IValue_release(&v[i]);
    PyErr_SetString(PyExc_NotImplementedError, "minaten: _make_wrapper_subclass makes CPU tensors only");
    return NULL;
  }
  Tensor* t = wrapper_tensor(IValue_toIntList(&v[0]), &v[1], v[2].tag == IValueTag_None ? 0 : v[2].u.i, dtype);
  bool requires_grad = v[8].u.b;
  for (int i = 0; i < 11; i++) IValue_release(&v[i]);
  if (t == NULL) return THPException_fromError();
  if (requires_grad && set_requires_grad(t, true) < 0) {
    Tensor_release(t);
    return THPException_fromError();
  }
  return THPVariable_NewWithType(cls, t); /* which gives it the Python keys: cls has __torch_dispatch__ */
}

static PyMethodDef make_wrapper_subclass_def = {"_make_wrapper_subclass",
                                                (PyCFunction)(void (*)(void))THPVariable_make_wrapper_subclass,
                                                METH_FASTCALL | METH_KEYWORDS, NULL};

int THPVariableWrapperSubclass_init(void) {
  PyObject* fn = PyCFunction_NewEx(&make_wrapper_subclass_def, NULL, NULL);
  PyObject* method = fn != NULL ? PyStaticMethod_New(fn) : NULL;
  Py_XDECREF(fn);
  if (method == NULL) return -1;
  int rc = PyDict_SetItemString(THPVariableType.tp_dict, "_make_wrapper_subclass", method);
  Py_DECREF(method);
  PyType_Modified(&THPVariableType);
  return rc;
}
