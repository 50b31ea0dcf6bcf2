/*
 * Module.c - the extension module minaten._C (torch._C in 1.13): its
 * initialisation registers minaten's operators with the dispatcher (once
 * per process), then makes the types and functions of csrc/.
 *
 * The Python package around it is python/minaten/ (torch/ in 1.13):
 * `import minaten as torch`.  The same module is built into the `minaten`
 * executable (tools/minaten/main.c, PyImport_AppendInittab), where `import
 * torch` is minaten.
 *
 * PyTorch 1.13: torch/csrc/Module.cpp (initModule), torch/csrc/stub.c (PyInit__C)
 */
#include "csrc/TypeInfo.h"
#include "csrc/python_headers.h"

#include "autograd/autograd.h"
#include "csrc/Device.h"
#include "csrc/Generator.h"
#include "csrc/Dtype.h"
#include "csrc/Exceptions.h"
#include "csrc/Layout.h"
#include "csrc/MemoryFormat.h"
#include "csrc/QScheme.h"
#include "csrc/Size.h"
#include "csrc/Storage.h"
#include "csrc/autograd/init.h"
#include "csrc/autograd/python_bindings.h"
#include "csrc/autograd/python_anomaly_mode.h"
#include "csrc/autograd/python_cpp_function.h"
#include "csrc/autograd/python_function.h"
#include "csrc/autograd/python_engine.h"
#include "csrc/autograd/python_variable.h"
#include "csrc/autograd/python_saved_variable_hooks.h"
#include "csrc/autograd/python_variable_autograd.h"
#include "csrc/autograd/python_variable_indexing.h"
#include "csrc/autograd/python_variable_methods.h"
#include "csrc/autograd/python_variable_wrapper_subclass.h"
#include "csrc/autograd/utils/wrap_outputs.h"
#include "csrc/jit/python/init.h"
#include "csrc/lazy/python/init.h"
#include "csrc/utils/disable_torch_function.h"
#include "csrc/utils/handle_torch_function.h"
#include "csrc/utils/python_dispatch.h"
#include "csrc/utils/python_torch_function_mode.h"
#include "csrc/utils/python_numbers.h"
#include "csrc/utils/python_dispatch_trace.h"
#include "csrc/utils/torch_dispatch_mode.h"
#include "csrc/utils/tensor_list.h"
#include "csrc/tensor/python_tensor.h"
#include "csrc/utils/tensor_new.h"
#include "csrc/utils/tensor_numpy.h"
#include "csrc/utils/tensor_str.h"
#include "dispatch/Dispatcher.h"
#include "dispatch/OperatorLibrary.h"
#include "runtime/DefaultDtype.h"
#include "runtime/Exception.h"
#include "runtime/Parallel.h"

PyMODINIT_FUNC PyInit__C(void);

/* minaten's operators, their autograd and ADInplaceOrView kernels, and the
 * MINATEN_LIBRARY blocks linked in: once per process (the `minaten`
 * executable registers them before Python starts). */
static int register_operators(void) {
  if (Dispatcher_numOperators() > 0) return 0;
  if (at_register_all() < 0 || at_register_VariableType() < 0 || at_register_ADInplaceOrViewType() < 0 ||
      OperatorLibrary_registerStaticBlocks() < 0) {
    THPException_fromError();
    return -1;
  }
  return 0;
}

/* torch._C._set_default_dtype(d): d must be a floating dtype, else a
 * TypeError (a non-dtype first, in its own words); torch.set_default_dtype
 * (python/minaten/__init__.py) calls it.  1.13 also sets torch.Storage to
 * the new default's storage class there; minaten has no typed storage
 * classes (torch.FloatStorage), so there is none to set.
 * Returns None, or NULL with the error set.
 * PyTorch 1.13: torch/csrc/Module.cpp THPModule_setDefaultDtype,
 * torch/csrc/tensor/python_tensor.cpp py_set_default_dtype, set_default_tensor_type */
static PyObject* THPModule_setDefaultDtype(PyObject* unused, PyObject* dtype) {
  (void)unused;
  if (!THPDtype_Check(dtype)) {
    PyErr_SetString(PyExc_TypeError, "invalid dtype object: only floating-point types are supported as the default type");
    return NULL;
  }
  ScalarType scalar_type = ((THPDtype*)dtype)->scalar_type;
  if (!ScalarType_isFloating(scalar_type)) {
    PyErr_SetString(PyExc_TypeError, "only floating-point types are supported as the default type");
    return NULL;
  }
  set_default_dtype(scalar_type);
  Py_RETURN_NONE;
}

/* torch.get_default_dtype(): the dtype object of the default dtype (a new
 * reference).  PyTorch 1.13: torch/csrc/Module.cpp THPModule_getDefaultDtype */
static PyObject* THPModule_getDefaultDtype(PyObject* unused, PyObject* noargs) {
  (void)unused, (void)noargs;
  return Py_NewRef(THPDtype_get(get_default_dtype_as_scalartype()));
}

/* torch.set_num_threads(n): n an int (not a bool), truncated to a C int,
 * then positive; else 1.13's RuntimeErrors.  Returns None, or NULL with
 * the error set.
 * NB(minaten): an int beyond int64 raises "Overflow when unpacking long"
 * where 1.13 aborts.
 * PyTorch 1.13: torch/csrc/Module.cpp THPModule_setNumThreads */
static PyObject* THPModule_setNumThreads(PyObject* unused, PyObject* arg) {
  (void)unused;
  if (!THPUtils_checkLong(arg)) {
    PyErr_Format(PyExc_RuntimeError, "set_num_threads expects an int, but got %s", Py_TYPE(arg)->tp_name);
    return NULL;
  }
  int64_t n;
  if (THPUtils_unpackLong(arg, &n) < 0) return NULL;
  int nthreads = (int)(uint32_t)(uint64_t)n; /* (int)THPUtils_unpackLong(arg) */
  if (nthreads <= 0) {
    PyErr_SetString(PyExc_RuntimeError, "set_num_threads expects a positive integer");
    return NULL;
  }
  at_set_num_threads(nthreads);
  Py_RETURN_NONE;
}

/* torch.get_num_threads().  PyTorch 1.13: torch/csrc/Module.cpp THPModule_getNumThreads */
static PyObject* THPModule_getNumThreads(PyObject* unused, PyObject* noargs) {
  (void)unused, (void)noargs;
  return PyLong_FromLong(at_get_num_threads());
}

/* PyTorch 1.13: torch/csrc/Module.cpp TorchMethods (those minaten has) */
static PyMethodDef TorchMethods[] = {
    {"_set_default_dtype", THPModule_setDefaultDtype, METH_O, NULL},
    {"get_default_dtype", THPModule_getDefaultDtype, METH_NOARGS, NULL},
    {"get_num_threads", THPModule_getNumThreads, METH_NOARGS, NULL},
    {"set_num_threads", THPModule_setNumThreads, METH_O, NULL},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module_def = {
    PyModuleDef_HEAD_INIT,
    .m_name = "minaten._C",
    .m_doc = "minaten's C extension: tensors, operators and autograd for Python (torch._C in PyTorch).",
    .m_size = -1,
    .m_methods = TorchMethods,
};

/* PyTorch 1.13: torch/csrc/Module.cpp initModule */
PyMODINIT_FUNC PyInit__C(void) {
  if (register_operators() < 0) return NULL;
  at_get_num_threads(); /* at::init_num_threads(): OMP_NUM_THREADS is read (and warned about) at import */
  PyObject* module = PyModule_Create(&module_def);
  if (module == NULL) return NULL;
  if (THPDtype_init(module) < 0 || THPLayout_init(module) < 0 || THPMemoryFormat_init(module) < 0 ||
      THPQScheme_init(module) < 0 || THPDTypeInfo_init(module) < 0 || THPDevice_init(module) < 0 || THPGenerator_init(module) < 0 || THPSize_init(module) < 0 ||
      THPVariable_initIndexing() < 0 /* sets the type's mapping methods before THPVariable_init readies it */ ||
      THPVariable_init(module) < 0 || THPVariableWrapperSubclass_init() < 0 || THPReturnTypes_init(module) < 0 || THPBindings_init(module) < 0 ||
      THPVariableMethods_init(module) < 0 || THPJit_init(module) < 0 || THPDispatch_init(module) < 0 ||
      THPTensorNew_init(module) < 0 || THPFunctionalization_init() < 0 || THPTensorTypes_init(module) < 0 || THPUtils_initNumpy(module) < 0 || THPUtils_initTensorList(module) < 0 ||
      THPTensorStr_init(module) < 0 || THPException_init(module) < 0 ||
      THPCppFunction_init(module) < 0 || THPFunction_init(module) < 0 || THPAnomalyMode_init(module) < 0 ||
      THPVariableAutograd_init(module) < 0 || THPEngine_init(module) < 0 || THPAutograd_init(module) < 0 ||
      THPDispatchTrace_init(module) < 0 || THPTorchDispatchMode_init(module) < 0 || THPLazy_init(module) < 0 ||
      THPStorage_init(module) < 0 || THPSavedVariableHooks_init(module) < 0 ||
      THPTorchFunctionMode_init(module) < 0 || THPVariable_initSubclassMethods() < 0 || THPDisableTorchFunction_init(module) < 0 ||
      THPHandleTorchFunction_init() < 0) {
    Py_DECREF(module);
    return NULL;
  }
  return module;
}
