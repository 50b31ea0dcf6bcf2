/*
 * torch_dispatch_mode.c - TorchDispatchMode's C side: the mode stack seen
 * from Python, and the Python interpreter's half of the Python key
 * (Note [The Python key] in dispatch/PythonFallbackKernel.h).
 *
 *   torch._C._push_on_torch_dispatch_stack(mode)   `with mode:` enters
 *   torch._C._pop_torch_dispatch_stack()           ... and leaves
 *   torch._C._get_dispatch_stack_at(i), _len_torch_dispatch_stack()
 *
 * A call that reaches the Python key with a mode entered comes here
 * (concrete_dispatch_fn): its boxed arguments become Python's (args up to
 * the first keyword-only argument, less the trailing ones equal to their
 * defaults; keyword-only ones in kwargs, except those equal to their
 * defaults; a dtype, layout or memory format as its torch object, anything
 * else as torch.ops gives it), func is the operator's OpOverload
 * (torch.ops.aten.add.Tensor), a wrapped number (the 1 of `x + 1`) is the
 * Python number again, and the top mode's
 * __torch_dispatch__(func, types, args, kwargs) runs with the mode popped
 * (StashTorchDispatchModeGuard) and the keys above Python excluded.  What
 * it returns becomes the operator's returns; a Python exception it raises
 * goes out through the C frames unchanged (THPException_toError).
 *
 * PyTorch 1.13: torch/csrc/autograd/init.cpp (_push_on_torch_dispatch_stack,
 * _pop_torch_dispatch_stack, _get_dispatch_stack_at, _len_torch_dispatch_stack),
 * torch/csrc/autograd/python_variable.cpp (concrete_dispatch_fn),
 * torch/csrc/utils/torch_dispatch_mode.h (StashTorchDispatchModeGuard),
 * torch/csrc/utils/python_arg_parser.cpp (handle_torch_function_no_python_arg_parser)
 */
#include "csrc/utils/torch_dispatch_mode.h"

#include <string.h>

#include "csrc/Exceptions.h"
#include "csrc/autograd/python_variable.h"
#include "csrc/autograd/utils/wrap_outputs.h"
#include "csrc/jit/python/pybind_utils.h"
#include "dispatch/Dispatcher.h"
#include "dispatch/PythonFallbackKernel.h"
#include "dispatch/TorchDispatchModeTLS.h"
#include "runtime/Exception.h"
#include "runtime/LocalDispatchKeySet.h"

/* ---- the stack, from Python ------------------------------------------------ */

/* PyTorch 1.13: torch/csrc/autograd/init.cpp _push_on_torch_dispatch_stack */
static PyObject* push_on_torch_dispatch_stack(PyObject* module, PyObject* mode) {
  (void)module;
  Py_INCREF(mode); /* the stack's reference, until the pop hands it back */
  if (TorchDispatchModeTLS_push_onto_stack(mode) < 0) {
    Py_DECREF(mode);
    return THPException_fromError();
  }
  Py_RETURN_NONE;
}

/* PyTorch 1.13: torch/csrc/autograd/init.cpp _pop_torch_dispatch_stack */
static PyObject* pop_torch_dispatch_stack(PyObject* module, PyObject* noargs) {
  (void)module, (void)noargs;
  PyObject* mode = TorchDispatchModeTLS_pop_stack();
  if (mode == NULL) {
    PyErr_SetString(PyExc_RuntimeError, "trying to pop from empty mode stack");
    return NULL;
  }
  return mode; /* the stack's reference */
}

/* PyTorch 1.13: torch/csrc/autograd/init.cpp _get_dispatch_stack_at */
static PyObject* get_dispatch_stack_at(PyObject* module, PyObject* arg) {
  (void)module;
  Py_ssize_t idx = PyLong_AsSsize_t(arg);
  if (idx == -1 && PyErr_Occurred()) return NULL;
  PyObject* mode = TorchDispatchModeTLS_get_stack_at(idx);
  if (mode == NULL) {
    PyErr_SetString(PyExc_RuntimeError, "Tried to get stack at idx that's too big");
    return NULL;
  }
  return Py_NewRef(mode);
}

/* PyTorch 1.13: torch/csrc/autograd/init.cpp _len_torch_dispatch_stack */
static PyObject* len_torch_dispatch_stack(PyObject* module, PyObject* noargs) {
  (void)module, (void)noargs;
  return PyLong_FromLongLong(TorchDispatchModeTLS_stack_len());
}

/* ---- a call through the top mode -------------------------------------------- */

/* Whether a and b are the same value, as c10::IValue's == compares an
 * argument with its default (a tensor only with itself). */
static bool ivalue_equals(const IValue* a, const IValue* b) {
  if (a->tag != b->tag) return false;
  switch (a->tag) {
    case IValueTag_None: return true;
    case IValueTag_Tensor: return a->u.tensor == b->u.tensor;
    case IValueTag_Double: return a->u.d == b->u.d;
    case IValueTag_ComplexDouble: return a->u.z.real == b->u.z.real && a->u.z.imag == b->u.z.imag;
    case IValueTag_Int: return a->u.i == b->u.i;
    case IValueTag_Bool: return a->u.b == b->u.b;
    case IValueTag_String: return strcmp(a->u.s, b->u.s) == 0;
    case IValueTag_ScalarType: return a->u.scalar_type == b->u.scalar_type;
    case IValueTag_Layout: return a->u.layout == b->u.layout;
    case IValueTag_MemoryFormat: return a->u.memory_format == b->u.memory_format;
    case IValueTag_Device: return Device_equal(a->u.device, b->u.device);
    case IValueTag_Generator: return a->u.generator == b->u.generator;
    case IValueTag_Storage: return a->u.storage == b->u.storage;
    case IValueTag_IntList: return a->u.list.size == b->u.list.size && (a->u.list.size == 0 || memcmp(a->u.list.data, b->u.list.data, a->u.list.size * sizeof(int64_t)) == 0);
    case IValueTag_DoubleList: return a->u.list.size == b->u.list.size && (a->u.list.size == 0 || memcmp(a->u.list.data, b->u.list.data, a->u.list.size * sizeof(double)) == 0);
    case IValueTag_BoolList: return a->u.list.size == b->u.list.size && (a->u.list.size == 0 || memcmp(a->u.list.data, b->u.list.data, a->u.list.size * sizeof(bool)) == 0);
    case IValueTag_TensorList: return a->u.list.size == b->u.list.size && (a->u.list.size == 0 || memcmp(a->u.list.data, b->u.list.data, a->u.list.size * sizeof(Tensor*)) == 0);
  }
  return false;
}

static bool is_default(const FunctionSchema* s, const IValue* args, size_t idx) {
  const Argument* a = &s->arguments[idx];
  return a->has_default && ivalue_equals(&a->default_value, &args[idx]);
}

/* One argument as __torch_dispatch__ receives it: a dtype, layout or
 * memory format as its torch object, anything else as torch.ops returns it.
 * PyTorch 1.13: python_variable.cpp concrete_dispatch_fn (schemaAwareToPyObject) */
static PyObject* argument_to_python(const IValue* v) {
  if (v->tag == IValueTag_Tensor && v->u.tensor->is_wrapped_number) { /* `x + 1`: the 1 */
    const Tensor* t = v->u.tensor;
    switch (t->dtype) {
      case ScalarType_Bool: return PyBool_FromLong(*(const bool*)Tensor_data(t));
      case ScalarType_Long: return PyLong_FromLongLong(*(const int64_t*)Tensor_data(t));
      case ScalarType_Double: return PyFloat_FromDouble(*(const double*)Tensor_data(t));
      default: break;
    }
  }
  IValue copy = *v;
  copy.owned = false; /* borrowed: THPUtils_wrapIValue retains what it keeps */
  bool as_object = v->tag == IValueTag_ScalarType || v->tag == IValueTag_Layout || v->tag == IValueTag_MemoryFormat;
  return THPUtils_wrapIValue(&copy, !as_object);
}

int parseIValuesToPyArgsKwargs(const OperatorEntry* op, const IValue* args, PyObject** py_args, PyObject** py_kwargs) {
  const FunctionSchema* s = &op->schema;
  size_t n = s->num_arguments, kwarg_only_start = n, positional_default_start;
  while (kwarg_only_start > 0 && s->arguments[kwarg_only_start - 1].kwarg_only) kwarg_only_start--;
  positional_default_start = kwarg_only_start;
  while (positional_default_start > 0 && is_default(s, args, positional_default_start - 1)) positional_default_start--;
  *py_args = PyTuple_New((Py_ssize_t)positional_default_start);
  *py_kwargs = PyDict_New();
  if (*py_args == NULL || *py_kwargs == NULL) goto fail;
  for (size_t i = 0; i < positional_default_start; i++) {
    PyObject* item = argument_to_python(&args[i]);
    if (item == NULL) goto fail;
    PyTuple_SET_ITEM(*py_args, (Py_ssize_t)i, item);
  }
  for (size_t i = kwarg_only_start; i < n; i++) {
    if (is_default(s, args, i)) continue;
    PyObject* item = argument_to_python(&args[i]);
    if (item == NULL || PyDict_SetItemString(*py_kwargs, s->arguments[i].name, item) < 0) {
      Py_XDECREF(item);
      goto fail;
    }
    Py_DECREF(item);
  }
  return 0;
fail:
  Py_CLEAR(*py_args);
  Py_CLEAR(*py_kwargs);
  return -1;
}

/* op's OpOverload, torch.ops.<ns>.<name>.<overload> ("default" for the
 * unnamed overload): a new reference, or NULL with a Python exception. */
static PyObject* op_overload(const OperatorEntry* op) {
  const FunctionSchema* s = &op->schema;
  PyObject* obj = PyImport_ImportModule("minaten");
  const char* path[] = {"ops", s->ns, s->name, s->overload_name[0] ? s->overload_name : "default"};
  for (size_t i = 0; obj != NULL && i < sizeof path / sizeof *path; i++) Py_SETREF(obj, PyObject_GetAttrString(obj, path[i]));
  return obj;
}

int pushPyOutToStack(const OperatorEntry* op, PyObject* out, IValue* rets, const char* msg) {
  const FunctionSchema* s = &op->schema;
  if (s->num_returns == 0) {
    if (out == Py_None) return 0;
    Error_set(ErrorType_RuntimeError,
              "Expected %s for %s to return None but it returned something else instead.", msg,
              op->qualified_name);
    return -1;
  }
  PyObject* seq = s->num_returns == 1 ? NULL : PySequence_Fast(out, "expected a sequence of returns");
  if (s->num_returns > 1 && seq == NULL) return THPException_toError();
  if (seq != NULL && PySequence_Fast_GET_SIZE(seq) != (Py_ssize_t)s->num_returns) {
    Py_DECREF(seq);
    Error_set(ErrorType_RuntimeError, "%s for %s returned %zd values where the schema has %zu", msg,
              op->qualified_name, PySequence_Fast_GET_SIZE(seq), s->num_returns);
    return -1;
  }
  for (size_t i = 0; i < s->num_returns; i++) {
    PyObject* v = seq != NULL ? PySequence_Fast_GET_ITEM(seq, (Py_ssize_t)i) : out;
    /* None for a Tensor return is an undefined tensor (native_layer_norm_backward's
     * gradients output_mask did not ask for), as 1.13's toIValue makes it */
    if (v == Py_None && SchemaType_isTensor(&s->returns[i].type) && !s->returns[i].type.is_list) {
      rets[i] = IValue_none();
      continue;
    }
    int r = THPUtils_toIValue(v, &s->returns[i], &rets[i]);
    if (r != 0) {
      for (size_t k = 0; k < i; k++) IValue_release(&rets[k]);
      Py_XDECREF(seq);
      if (r < 0) return THPException_toError();
      /* pybind11's cast error, as 1.13's toIValue raises it: a list's
       * caster says no more than this */
      if (s->returns[i].type.is_list) {
        Error_set(ErrorType_RuntimeError, "Unable to cast Python instance to C++ type (#define "
                  "PYBIND11_DETAILED_ERROR_MESSAGES or compile in debug mode for details)");
        return -1;
      }
      char type[128];
      PyObject* text = PyObject_Str(v);
      if (text == NULL) return THPException_toError();
      Error_set(ErrorType_RuntimeError, "Unable to cast %s to %s", PyUnicode_AsUTF8(text),
                SchemaType_format(&s->returns[i].type, type, sizeof type));
      Py_DECREF(text);
      return -1;
    }
  }
  Py_XDECREF(seq);
  return 0;
}

/* ---- subclasses with __torch_dispatch__ ---------------------------------------- */

/* torch._C._disabled_torch_dispatch_impl, torch.Tensor.__torch_dispatch__:
 * func(*args, **kwargs) below the Python key (the keys above it and it
 * excluded).  PyTorch 1.13: torch/csrc/Module.cpp THPModule_disable_torch_dispatch */
static PyObject* disabled_torch_dispatch_impl(PyObject* module, PyObject* a) {
  (void)module;
  PyObject *func = NULL, *types = NULL, *args = NULL, *kwargs = NULL;
  if (!PyArg_ParseTuple(a, "OO|OO", &func, &types, &args, &kwargs)) return NULL;
  PyObject* empty = args == NULL ? PyTuple_New(0) : NULL;
  DispatchKeyGuard guard =
      ExcludeDispatchKeyGuard_push(DispatchKeySet_remove(DispatchKeySet_full(), DispatchKeySet_fullAfter(DispatchKey_Python)));
  PyObject* out = args != NULL || empty != NULL ? PyObject_Call(func, args != NULL ? args : empty, kwargs == Py_None ? NULL : kwargs) : NULL;
  DispatchKeyGuard_pop(guard);
  Py_XDECREF(empty);
  return out;
}

static PyMethodDef disabled_torch_dispatch_def = {"_disabled_torch_dispatch_impl", disabled_torch_dispatch_impl,
                                                  METH_VARARGS, NULL};
static PyObject* disabled_torch_dispatch = NULL; /* the function object, for the check below */

PyObject* THPUtils_disabledTorchDispatchImpl(void) { return disabled_torch_dispatch; }

/* Whether obj (a tensor) is of a class with a __torch_dispatch__ of its own.
 * PyTorch 1.13: python_variable.cpp check_has_torch_dispatch */
bool THPUtils_checkHasTorchDispatch(PyObject* obj) {
  if (Py_IS_TYPE(obj, &THPVariableType) || (PyObject*)Py_TYPE(obj) == THPVariableClass) return false;
  PyObject* attr = PyObject_GetAttrString(obj, "__torch_dispatch__");
  if (attr == NULL) PyErr_Clear();
  bool has = attr != NULL && attr != disabled_torch_dispatch;
  Py_XDECREF(attr);
  return has;
}

/* Appends t's object to overloaded[0..*n) if its class overrides
 * __torch_dispatch__ and no argument of the same class is there; a subclass
 * goes before its base classes.  PyTorch 1.13: python_arg_parser.cpp
 * append_overloaded_arg */
static void append_overloaded_arg(Tensor* t, PyObject** overloaded, int* n, int max) {
  if (t == NULL || !DispatchKeySet_has(t->key_set, DispatchKey_Python) || t->pyobj == NULL || *n == max) return;
  PyObject* obj = t->pyobj;
  if (!THPUtils_checkHasTorchDispatch(obj)) return;
  int at = *n;
  for (int i = 0; i < *n; i++) {
    if (Py_TYPE(overloaded[i]) == Py_TYPE(obj)) return;
    if (at == *n && PyType_IsSubtype(Py_TYPE(obj), Py_TYPE(overloaded[i]))) at = i;
  }
  for (int i = *n; i > at; i--) overloaded[i] = overloaded[i - 1];
  overloaded[at] = Py_NewRef(obj);
  (*n)++;
}

/* The tuple of the overloaded arguments' classes. */
static PyObject* overloaded_types(PyObject* const* overloaded, int n) {
  PyObject* types = PyTuple_New(n);
  for (int i = 0; types != NULL && i < n; i++) PyTuple_SET_ITEM(types, i, Py_NewRef((PyObject*)Py_TYPE(overloaded[i])));
  return types;
}

/* Each overloaded argument's class's __torch_dispatch__ in turn, until one
 * returns something else than NotImplemented.
 * PyTorch 1.13: python_arg_parser.cpp handle_torch_function_no_python_arg_parser */
static PyObject* call_subclasses(const OperatorEntry* op, PyObject* func, PyObject* const* overloaded, int n,
                                 PyObject* types, PyObject* args, PyObject* kwargs) {
  for (int i = 0; i < n; i++) {
    PyObject* out = PyObject_CallMethod(overloaded[i], "__torch_dispatch__", "OOOO", func, types, args, kwargs);
    if (out != Py_NotImplemented) return out;
    Py_DECREF(out);
  }
  PyObject* list = PySequence_List(types);
  if (list != NULL)
    PyErr_Format(PyExc_TypeError,
                 "no implementation found for 'torch._ops.%s.%s.%s' on types that implement __torch_dispatch__: %R",
                 op->schema.ns, op->schema.name, op->schema.overload_name[0] ? op->schema.overload_name : "default", list);
  Py_XDECREF(list);
  return NULL;
}

/* mode.__torch_dispatch__(func, types, args, kwargs) with mode off the
 * stack while it runs, then put back.
 * PyTorch 1.13: utils/torch_dispatch_mode.h StashTorchDispatchModeGuard,
 * python_arg_parser.cpp handle_torch_function_no_python_arg_parser */
static PyObject* call_top_mode(PyObject* func, PyObject* types, PyObject* args, PyObject* kwargs) {
  PyObject* mode = TorchDispatchModeTLS_pop_stack(); /* the stack's reference, now ours */
  PyObject* out = PyObject_CallMethod(mode, "__torch_dispatch__", "OOOO", func, types, args, kwargs);
  if (TorchDispatchModeTLS_push_onto_stack(mode) < 0) { /* out of memory: the mode is gone */
    Py_DECREF(mode);
    Py_XDECREF(out);
    PyErr_NoMemory();
    return NULL;
  }
  return out;
}

/* PyTorch 1.13: python_variable.cpp concrete_dispatch_fn */
enum { kMaxOverloaded = 16 }; /* distinct subclasses among one call's arguments */

static int concrete_dispatch_fn(const OperatorEntry* op, IValue* args, IValue* rets) {
  PyGILState_STATE gil = PyGILState_Ensure();
  /* the handler runs below autograd and ADInplaceOrView, as the call had */
  DispatchKeySet above_python = DispatchKeySet_remove( /* ADInplaceOrView, the autograd keys, PythonTLSSnapshot */
      DispatchKeySet_full(), DispatchKeySet_add(DispatchKeySet_fullAfter(DispatchKey_Python), DispatchKey_Python));
  DispatchKeyGuard guard = ExcludeDispatchKeyGuard_push(above_python);
  PyObject *py_args = NULL, *py_kwargs = NULL, *out = NULL, *types = NULL;
  PyObject* overloaded[kMaxOverloaded];
  int n = 0;
  for (size_t i = 0; i < op->schema.num_arguments; i++) {
    if (args[i].tag == IValueTag_Tensor) append_overloaded_arg(args[i].u.tensor, overloaded, &n, kMaxOverloaded);
    if (args[i].tag != IValueTag_TensorList) continue;
    TensorList l = IValue_toTensorList(&args[i]);
    for (size_t k = 0; k < l.size; k++) append_overloaded_arg(l.data[k], overloaded, &n, kMaxOverloaded);
  }
  PyObject* func = op_overload(op);
  int r = -1;
  if (func != NULL && (types = overloaded_types(overloaded, n)) != NULL &&
      parseIValuesToPyArgsKwargs(op, args, &py_args, &py_kwargs) == 0)
    out = TorchDispatchModeTLS_stack_len() > 0 ? call_top_mode(func, types, py_args, py_kwargs)
                                               : call_subclasses(op, func, overloaded, n, types, py_args, py_kwargs);
  for (int i = 0; i < n; i++) Py_DECREF(overloaded[i]);
  Py_XDECREF(types);
  if (out == NULL) THPException_toError();
  else r = pushPyOutToStack(op, out, rets, "__torch_dispatch__");
  Py_XDECREF(out);
  Py_XDECREF(py_args);
  Py_XDECREF(py_kwargs);
  Py_XDECREF(func);
  DispatchKeyGuard_pop(guard);
  PyGILState_Release(gil);
  return r;
}

static PyMethodDef methods[] = {
    {"_push_on_torch_dispatch_stack", push_on_torch_dispatch_stack, METH_O, NULL},
    {"_pop_torch_dispatch_stack", pop_torch_dispatch_stack, METH_NOARGS, NULL},
    {"_get_dispatch_stack_at", get_dispatch_stack_at, METH_O, NULL},
    {"_len_torch_dispatch_stack", len_torch_dispatch_stack, METH_NOARGS, NULL},
    {NULL, NULL, 0, NULL},
};

int THPTorchDispatchMode_init(PyObject* module) {
  PyInterpreter_setDispatch(concrete_dispatch_fn);
  disabled_torch_dispatch = PyCFunction_NewEx(&disabled_torch_dispatch_def, NULL, NULL);
  if (disabled_torch_dispatch == NULL ||
      PyModule_AddObjectRef(module, "_disabled_torch_dispatch_impl", disabled_torch_dispatch) < 0)
    return -1;
  return PyModule_AddFunctions(module, methods);
}
