/*
 * python_cpp_function.c - see python_cpp_function.h.
 *
 * The Python types of the node types are made when a node of that type is
 * first wrapped, one per NodeType, and kept for the process's life (1.13's
 * are static types, registered at import for every generated node class:
 * the same classes, made lazily).  Each is a plain (non-heap) type, as
 * 1.13's are: its name has no module, so `type(fn).__module__` is
 * 'builtins' and objects print as `<MulBackward0 object at 0x...>`; it
 * cannot be instantiated from Python ("cannot create 'MulBackward0'
 * instances") nor subclassed.
 *
 * What an object offers, as 1.13's default methods and properties:
 *   name()          the node's C++ name ("MulBackward0",
 *                   "torch::autograd::AccumulateGrad")
 *   next_functions  ((node or None, input_nr), ...), one pair per next edge
 *   requires_grad   True (1.13 returns True for every node)
 *   metadata        a dict kept with the node (not the object): what a
 *                   script stores there outlives the object, as 1.13's
 *                   PyAnomalyMetadata does
 *   register_hook(fn)     fn(grad_inputs, grad_outputs) after the node ran
 *   register_prehook(fn)  fn(grad_outputs) before it runs (python_hook.h);
 *                         both return a RemovableHandle
 *   _register_hook_dict(t) t._backward_hooks becomes a pre-hook of the
 *                         node for t's gradient (torch/_tensor.py
 *                         register_hook calls it once per tensor)
 * and AccumulateGrad adds `variable` (the leaf).
 * and, for each field a generated node saved (NodeType.saved_fields),
 *   _saved_<name>      the value: a tensor (unpacked, as the backward would:
 *                      an output gets the node as grad_fn), a tuple of
 *                      tensors, an int, a tuple of ints, a float, a bool,
 *                      a number (a Scalar), a str, or None; an int goes
 *                      through 1.13's PyLong_FromUnsignedLong, so -1 shows
 *                      as 18446744073709551615
 *   _raw_saved_<name>  a tensor field as a torch._C._autograd.SavedTensor
 *                      (csrc/autograd/python_saved_variable_hooks.c), the
 *                      same object while it lives
 * NB(minaten): 1.13's nodes also have __call__; minaten's do not.
 *
 * Note [Node objects and Python's gc]
 * A node's Python hooks hold their dicts, whose callables may hold the
 * node's object (`fn.register_hook(lambda gi, go: fn)`) or a tensor whose
 * grad_fn it is: a cycle through C.  The object reports the hooks' dicts to
 * the gc (tp_traverse), and clears them (tp_clear), only while it owns its
 * node alone (refcount 1): then the dicts are reachable through it only.
 * A node something else holds (a tensor's grad_fn, a later node's edge) is
 * reachable from outside, and its hooks must stay as they are.
 * NB(minaten): 1.13 reports the dicts whatever else holds the node.
 *
 * PyTorch 1.13: torch/csrc/autograd/python_cpp_function.cpp
 * (THPCppFunction_name, THPCppFunction_next_functions,
 * THPCppFunction_metadata, THPCppFunction_requires_grad,
 * _initFunctionPyTypeObject, functionToPyObject),
 * torch/csrc/autograd/functions/init.cpp (accumulateGradVar),
 * torch/csrc/autograd/python_anomaly_mode.h (PyAnomalyMetadata)
 */
#include "csrc/autograd/python_cpp_function.h"

#include <stdlib.h>
#include <string.h>

#include "autograd/functions/AccumulateGrad.h"
#include "autograd/variable.h"
#include "csrc/Exceptions.h"
#include "csrc/autograd/python_hook.h"
#include "csrc/autograd/python_saved_variable_hooks.h"
#include "csrc/autograd/python_variable.h"
#include "runtime/Exception.h"
#include "runtime/Scalar.h"

/* ---- the objects ---------------------------------------------------------------- */

/* The node forgets its object, then the object its node.
 * PyTorch 1.13: python_cpp_function.cpp THPCppFunction_dealloc */
static void THPCppFunction_dealloc(PyObject* self) {
  PyObject_GC_UnTrack(self);
  Py_CLEAR(((THPCppFunction*)self)->raw_saved);
  Node* node = ((THPCppFunction*)self)->cdata;
  if (node != NULL) {
    node->pyobj = NULL;
    ((THPCppFunction*)self)->cdata = NULL;
    Node_release(node); /* may free tensors, whose objects may run Python code */
  }
  Py_TYPE(self)->tp_free(self);
}

/* See Note [Node objects and Python's gc].
 * PyTorch 1.13: python_cpp_function.cpp THPCppFunction_traverse */
static int THPCppFunction_traverse(PyObject* self, visitproc visit, void* arg) {
  const Node* node = ((THPCppFunction*)self)->cdata;
  if (node == NULL || node->refcount != 1) return 0;
  for (uint32_t i = 0; i < node->num_pre_hooks; i++) Py_VISIT(FunctionPreHook_pyDict(node->pre_hooks[i]));
  for (uint32_t i = 0; i < node->num_post_hooks; i++) Py_VISIT(FunctionPostHook_pyDict(node->post_hooks[i]));
  return 0;
}

/* Empties the Python hooks' dicts of a node the object owns alone (the
 * hooks stay, with nothing to call).  See Note [Node objects and Python's gc]. */
static int THPCppFunction_clear(PyObject* self) {
  const Node* node = ((THPCppFunction*)self)->cdata;
  if (node == NULL || node->refcount != 1) return 0;
  for (uint32_t i = 0; i < node->num_pre_hooks; i++) {
    PyObject* dict = FunctionPreHook_pyDict(node->pre_hooks[i]);
    if (dict != NULL) PyDict_Clear(dict);
  }
  for (uint32_t i = 0; i < node->num_post_hooks; i++) {
    PyObject* dict = FunctionPostHook_pyDict(node->post_hooks[i]);
    if (dict != NULL) PyDict_Clear(dict);
  }
  return 0;
}

/* `Function._register_hook(dict, hook)`: dict (None: a new OrderedDict)
 * gets hook under a new RemovableHandle's id; returns (dict, handle).
 * NB(minaten): 1.13 calls the Python staticmethod
 * torch.autograd.function._HookMixin._register_hook; the same steps in C.
 * PyTorch 1.13: python_cpp_function.cpp callRegisterFn */
static PyObject* callRegisterFn(PyObject* dict, PyObject* hook) {
  PyObject *hooks_module = NULL, *handle = NULL, *id = NULL, *result = NULL;
  if (dict == Py_None) {
    PyObject* collections = PyImport_ImportModule("collections");
    dict = collections != NULL ? PyObject_CallMethod(collections, "OrderedDict", NULL) : NULL;
    Py_XDECREF(collections);
    if (dict == NULL) return NULL;
  } else {
    Py_INCREF(dict);
  }
  if ((hooks_module = PyImport_ImportModule("minaten.utils.hooks")) == NULL) goto done;
  if ((handle = PyObject_CallMethod(hooks_module, "RemovableHandle", "O", dict)) == NULL) goto done;
  if ((id = PyObject_GetAttrString(handle, "id")) == NULL || PyObject_SetItem(dict, id, hook) < 0) goto done;
  result = PyTuple_Pack(2, dict, handle);
done:
  Py_DECREF(dict);
  Py_XDECREF(hooks_module);
  Py_XDECREF(handle);
  Py_XDECREF(id);
  return result;
}

/* fn.register_hook(hook): the node's PyFunctionPostHook (made on first
 * use) gets hook; its handle.
 * PyTorch 1.13: python_cpp_function.cpp registerFunctionHook */
static PyObject* THPCppFunction_register_hook(PyObject* self, PyObject* hook) {
  Node* node = ((THPCppFunction*)self)->cdata;
  PyObject* dict = Py_None;
  for (uint32_t i = 0; i < node->num_post_hooks && dict == Py_None; i++) {
    PyObject* d = FunctionPostHook_pyDict(node->post_hooks[i]);
    if (d != NULL) dict = d;
  }
  PyObject* res = callRegisterFn(dict, hook);
  if (res == NULL) return NULL;
  if (dict == Py_None) {
    FunctionPostHook* post = PyFunctionPostHook_new(PyTuple_GET_ITEM(res, 0));
    if (post == NULL || Node_add_post_hook(node, post) < 0) {
      Py_DECREF(res);
      return post == NULL ? NULL : THPException_fromError();
    }
  }
  PyObject* handle = Py_NewRef(PyTuple_GET_ITEM(res, 1));
  Py_DECREF(res);
  return handle;
}

/* fn.register_prehook(hook): the same with the node's PyFunctionPreHook.
 * PyTorch 1.13: python_cpp_function.cpp registerFunctionPreHook */
static PyObject* THPCppFunction_register_prehook(PyObject* self, PyObject* hook) {
  Node* node = ((THPCppFunction*)self)->cdata;
  PyObject* dict = Py_None;
  for (uint32_t i = 0; i < node->num_pre_hooks && dict == Py_None; i++)
    if (node->pre_hooks[i]->type == &PyFunctionPreHook_type) dict = FunctionPreHook_pyDict(node->pre_hooks[i]);
  PyObject* res = callRegisterFn(dict, hook);
  if (res == NULL) return NULL;
  if (dict == Py_None) {
    FunctionPreHook* pre = PyFunctionPreHook_new(PyTuple_GET_ITEM(res, 0));
    if (pre == NULL || Node_add_pre_hook(node, pre) < 0) {
      Py_DECREF(res);
      return pre == NULL ? NULL : THPException_fromError();
    }
  }
  PyObject* handle = Py_NewRef(PyTuple_GET_ITEM(res, 1));
  Py_DECREF(res);
  return handle;
}

/* fn._register_hook_dict(t): t._backward_hooks, called on the gradient of
 * t's output_nr before the node runs.
 * PyTorch 1.13: python_cpp_function.cpp THPCppFunction_register_hook_dict */
static PyObject* THPCppFunction_register_hook_dict(PyObject* self, PyObject* var) {
  if (!THPVariable_Check(var)) {
    PyErr_SetString(PyExc_TypeError, "_register_hook_dict expected a variable");
    return NULL;
  }
  Node* node = ((THPCppFunction*)self)->cdata;
  PyObject* dict = ((THPVariable*)var)->backward_hooks;
  FunctionPreHook* hook = PyFunctionTensorPreHook_new(dict != NULL ? dict : Py_None, output_nr(THPVariable_Unpack(var)));
  if (hook == NULL) return NULL;
  if (Node_add_pre_hook(node, hook) < 0) return THPException_fromError();
  Py_RETURN_NONE;
}

/* fn.name().  PyTorch 1.13: python_cpp_function.cpp THPCppFunction_name */
static PyObject* THPCppFunction_name(PyObject* self, PyObject* noargs) {
  (void)noargs;
  return PyUnicode_FromString(Node_name(((THPCppFunction*)self)->cdata));
}

/* fn.next_functions.  PyTorch 1.13: python_cpp_function.cpp THPCppFunction_next_functions */
static PyObject* THPCppFunction_next_functions(PyObject* self, void* unused) {
  (void)unused;
  const Node* node = ((THPCppFunction*)self)->cdata;
  PyObject* functions = PyTuple_New(node->num_next_edges);
  if (functions == NULL) return NULL;
  for (uint32_t i = 0; i < node->num_next_edges; i++) {
    Edge edge = node->next_edges[i];
    PyObject* fn = functionToPyObject(edge.function);
    PyObject* pair = fn != NULL ? Py_BuildValue("(NI)", fn, (unsigned int)edge.input_nr) : NULL;
    if (pair == NULL) {
      Py_DECREF(functions);
      return NULL;
    }
    PyTuple_SET_ITEM(functions, i, pair);
  }
  return functions;
}

/* PyTorch 1.13: python_cpp_function.cpp THPCppFunction_requires_grad */
static PyObject* THPCppFunction_requires_grad(PyObject* self, void* unused) {
  (void)self, (void)unused;
  Py_RETURN_TRUE;
}

/* fn.metadata: the node's dict, made on first access.
 * PyTorch 1.13: python_cpp_function.cpp THPCppFunction_metadata,
 * Node::metadata, python_anomaly_mode.h PyAnomalyMetadata::dict */
static PyObject* THPCppFunction_metadata(PyObject* self, void* unused) {
  (void)unused;
  Node* node = ((THPCppFunction*)self)->cdata;
  if (node->metadata == NULL && (node->metadata = PyDict_New()) == NULL) return NULL;
  return Py_NewRef((PyObject*)node->metadata);
}

/* The last release of a node with metadata, which may come from C without
 * the GIL (another library dropping a tensor it borrowed through DLPack,
 * whose graph goes with it) or after the interpreter was finalized (then
 * the dict is left alone).  PyTorch 1.13: ~PyAnomalyMetadata (its
 * pybind11::gil_scoped_acquire) */
static void release_metadata(Node* node) {
  PyObject* dict = node->metadata;
  node->metadata = NULL;
  if (!Py_IsInitialized()) return;
  PyGILState_STATE gil = PyGILState_Ensure();
  Py_DECREF(dict);
  PyGILState_Release(gil);
}

/* AccumulateGrad's fn.variable: the leaf.
 * PyTorch 1.13: torch/csrc/autograd/functions/init.cpp accumulateGradVar */
static PyObject* accumulateGradVar(PyObject* self, void* unused) {
  (void)unused;
  const AccumulateGrad* node = (const AccumulateGrad*)((THPCppFunction*)self)->cdata;
  return THPVariable_Wrap(Tensor_retain(node->variable));
}

/* PyTorch 1.13: python_cpp_function.h THP_FUNCTION_DEFAULT_METHODS */
static PyMethodDef default_methods[] = {{"_register_hook_dict", THPCppFunction_register_hook_dict, METH_O, NULL},
                                        {"register_hook", THPCppFunction_register_hook, METH_O, NULL},
                                        {"register_prehook", THPCppFunction_register_prehook, METH_O, NULL},
                                        {"name", THPCppFunction_name, METH_NOARGS, NULL},
                                        {NULL, NULL, 0, NULL}};

/* PyTorch 1.13: python_cpp_function.h THP_FUNCTION_DEFAULT_PROPERTIES */
static PyGetSetDef default_properties[] = {
    {"next_functions", THPCppFunction_next_functions, NULL, NULL, NULL},
    {"requires_grad", THPCppFunction_requires_grad, NULL, NULL, NULL},
    {"metadata", THPCppFunction_metadata, NULL, NULL, NULL},
    {NULL, NULL, NULL, NULL, NULL}};

/* PyTorch 1.13: functions/init.cpp accumulate_grad_properties */
static PyGetSetDef accumulate_grad_properties[] = {
    {"next_functions", THPCppFunction_next_functions, NULL, NULL, NULL},
    {"requires_grad", THPCppFunction_requires_grad, NULL, NULL, NULL},
    {"metadata", THPCppFunction_metadata, NULL, NULL, NULL},
    {"variable", accumulateGradVar, NULL, NULL, NULL},
    {NULL, NULL, NULL, NULL, NULL}};

/* ---- the saved fields: _saved_<name>, _raw_saved_<name> ------------------------ */

/* 1.13's getters convert int64_t with PyLong_FromUnsignedLong. */
static PyObject* unsigned_long(int64_t v) { return PyLong_FromUnsignedLongLong((unsigned long long)v); }

static PyObject* int_tuple(IntArrayRef list) {
  PyObject* tuple = PyTuple_New((Py_ssize_t)list.size);
  for (size_t i = 0; tuple != NULL && i < list.size; i++) {
    PyObject* item = unsigned_long(list.data[i]);
    if (item == NULL) Py_CLEAR(tuple);
    else PyTuple_SET_ITEM(tuple, (Py_ssize_t)i, item);
  }
  return tuple;
}

/* PyTorch 1.13: gen_autograd_functions.py GETTER_BODY_SCALAR */
static PyObject* scalar_value(Scalar v) {
  switch (v.tag) {
    case ScalarTag_Double: return PyFloat_FromDouble(v.v.d);
    case ScalarTag_Long: return PyLong_FromLongLong(v.v.i);
    case ScalarTag_Bool: return PyBool_FromLong(v.v.i != 0);
    case ScalarTag_ComplexDouble: return PyComplex_FromDoubles(v.v.z.real, v.v.z.imag);
  }
  PyErr_SetString(PyExc_RuntimeError, "Unknown scalar type");
  return NULL;
}

/* A saved tensor, unpacked for the node as its backward would. */
static PyObject* unpack_saved(Node* node, const SavedVariable* variable) {
  Tensor* t = SavedVariable_unpack(variable, node);
  if (t == NULL && Error_occurred()) return THPException_fromError();
  return THPVariable_Wrap(t);
}

/* grad_fn._saved_<name>: the field `closure` (a SavedField) of the node.
 * PyTorch 1.13: the generated THP<Node>_<name>_getter (python_functions.cpp) */
static PyObject* THPCppFunction_saved_getter(PyObject* self, void* closure) {
  Node* node = ((THPCppFunction*)self)->cdata;
  const SavedField* field = closure;
  const char* at = (const char*)node + field->offset;
  switch (field->kind) {
    case SavedField_Variable: return unpack_saved(node, (const SavedVariable*)at);
    case SavedField_VariableList: {
      const SavedVariable* list = *(SavedVariable* const*)at;
      size_t n = *(const size_t*)((const char*)node + field->size_offset);
      PyObject* tuple = PyTuple_New((Py_ssize_t)n);
      for (size_t i = 0; tuple != NULL && i < n; i++) {
        PyObject* item = unpack_saved(node, &list[i]);
        if (item == NULL) Py_CLEAR(tuple);
        else PyTuple_SET_ITEM(tuple, (Py_ssize_t)i, item);
      }
      return tuple;
    }
    case SavedField_Int: return unsigned_long(*(const int64_t*)at);
    case SavedField_OptionalInt: {
      const OptionalInt* v = (const OptionalInt*)at;
      return v->has_value ? unsigned_long(v->value) : Py_NewRef(Py_None);
    }
    case SavedField_IntList: return int_tuple(*(const IntArrayRef*)at);
    case SavedField_OptionalIntList: {
      const OptionalIntArrayRef* v = (const OptionalIntArrayRef*)at;
      return v->has_value ? int_tuple(v->value) : Py_NewRef(Py_None);
    }
    case SavedField_Double: return PyFloat_FromDouble(*(const double*)at);
    case SavedField_OptionalDouble: {
      const OptionalDouble* v = (const OptionalDouble*)at;
      return v->has_value ? PyFloat_FromDouble(v->value) : Py_NewRef(Py_None);
    }
    case SavedField_Bool: return PyBool_FromLong(*(const bool*)at);
    case SavedField_Scalar: return scalar_value(*(const Scalar*)at);
    case SavedField_OptionalScalar: {
      const OptionalScalar* v = (const OptionalScalar*)at;
      return v->has_value ? scalar_value(v->value) : Py_NewRef(Py_None);
    }
    case SavedField_String: {
      const char* v = *(const char* const*)at;
      return v != NULL ? PyUnicode_FromString(v) : Py_NewRef(Py_None);
    }
  }
  Py_RETURN_NONE;
}

/* grad_fn._raw_saved_<name>: the SavedTensor of a tensor field, the same
 * object while it lives (the node's object keeps {name: weakref}), as
 * 1.13's pybind11 returns its registered instance.
 * PyTorch 1.13: the generated THP<Node>_<name>_raw_getter */
static PyObject* THPCppFunction_raw_saved_getter(PyObject* self, void* closure) {
  THPCppFunction* obj = (THPCppFunction*)self;
  const SavedField* field = closure;
  if (obj->raw_saved == NULL && (obj->raw_saved = PyDict_New()) == NULL) return NULL;
  PyObject* ref = PyDict_GetItemString(obj->raw_saved, field->name); /* borrowed */
  PyObject* existing = ref != NULL ? PyWeakref_GetObject(ref) : NULL;
  if (existing != NULL && existing != Py_None) return Py_NewRef(existing);
  SavedVariable* variable = (SavedVariable*)((char*)obj->cdata + field->offset);
  PyObject* saved = THPSavedTensor_make(self, variable);
  if (saved == NULL) return NULL;
  PyObject* weak = PyWeakref_NewRef(saved, NULL);
  if (weak == NULL || PyDict_SetItemString(obj->raw_saved, field->name, weak) < 0) Py_CLEAR(saved);
  Py_XDECREF(weak);
  return saved;
}

/* The node type's properties: defaults, then its saved fields' (owned by
 * the type, for the process's life).  NULL with an exception.
 * PyTorch 1.13: gen_autograd_functions.py PY_FUNCTION_PROPS_AND_GETTERS */
static PyGetSetDef* node_properties(const NodeType* node_type, const PyGetSetDef* defaults) {
  size_t num_defaults = 0, num_fields = 0;
  while (defaults[num_defaults].name != NULL) num_defaults++;
  for (size_t i = 0; i < node_type->num_saved_fields; i++)
    num_fields += node_type->saved_fields[i].kind == SavedField_Variable ? 2 : 1;
  PyGetSetDef* props = PyMem_Calloc(num_defaults + num_fields + 1, sizeof *props);
  if (props == NULL) return (PyGetSetDef*)PyErr_NoMemory();
  memcpy(props, defaults, num_defaults * sizeof *props);
  PyGetSetDef* p = props + num_defaults;
  for (size_t i = 0; i < node_type->num_saved_fields; i++) {
    const SavedField* field = &node_type->saved_fields[i];
    PyObject* name = PyUnicode_FromFormat("_saved_%s", field->name);
    PyObject* raw = field->kind == SavedField_Variable ? PyUnicode_FromFormat("_raw_saved_%s", field->name) : NULL;
    if (name == NULL || (field->kind == SavedField_Variable && raw == NULL)) {
      Py_XDECREF(name);
      PyMem_Free(props);
      return NULL;
    }
    /* the names live as long as the type: the strings are kept (interned, never freed) */
    PyUnicode_InternInPlace(&name);
    *p++ = (PyGetSetDef){PyUnicode_AsUTF8(name), THPCppFunction_saved_getter, NULL, NULL, (void*)field};
    if (raw != NULL) {
      PyUnicode_InternInPlace(&raw);
      *p++ = (PyGetSetDef){PyUnicode_AsUTF8(raw), THPCppFunction_raw_saved_getter, NULL, NULL, (void*)field};
    }
  }
  return props;
}

/* ---- one Python type per node type ----------------------------------------------- */

/* The types made so far: {NodeType address: type}.
 * PyTorch 1.13: python_cpp_function.cpp cpp_function_types_map */
static PyObject* cpp_function_types = NULL;

/* A new type named after the node type (its C++ name without namespace).
 * PyTorch 1.13: python_cpp_function.cpp _initFunctionPyTypeObject */
static PyTypeObject* _initFunctionPyTypeObject(const NodeType* node_type) {
  const char* colons = strrchr(node_type->name, ':');
  const char* name = colons != NULL ? colons + 1 : node_type->name;
  PyTypeObject* type = PyMem_Calloc(1, sizeof *type);
  char* tp_name = PyMem_Malloc(strlen(name) + 1);
  if (type == NULL || tp_name == NULL) {
    PyMem_Free(type);
    PyMem_Free(tp_name);
    PyErr_NoMemory();
    return NULL;
  }
  strcpy(tp_name, name);
  *type = (PyTypeObject){
      PyVarObject_HEAD_INIT(NULL, 0)
      .tp_name = tp_name,
      .tp_basicsize = sizeof(THPCppFunction),
      .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_GC,
      .tp_dealloc = THPCppFunction_dealloc,
      .tp_traverse = THPCppFunction_traverse,
      .tp_clear = THPCppFunction_clear,
      .tp_methods = default_methods,
  };
  if (node_type == &AccumulateGrad_type) {
    type->tp_getset = accumulate_grad_properties;
  } else if (node_type->num_saved_fields == 0) {
    type->tp_getset = default_properties;
  } else if ((type->tp_getset = node_properties(node_type, default_properties)) == NULL) {
    PyMem_Free(type);
    PyMem_Free(tp_name);
    return NULL;
  }
  if (PyType_Ready(type) < 0) {
    /* kept: a type that failed PyType_Ready may be referenced already */
    return NULL;
  }
  return type;
}

/* The Python type of a node type (borrowed), made on first use. */
static PyTypeObject* function_type(const NodeType* node_type) {
  PyObject* key = PyLong_FromVoidPtr((void*)node_type);
  if (key == NULL) return NULL;
  PyObject* type = PyDict_GetItemWithError(cpp_function_types, key);
  if (type == NULL && !PyErr_Occurred()) {
    type = (PyObject*)_initFunctionPyTypeObject(node_type);
    if (type != NULL && PyDict_SetItem(cpp_function_types, key, type) < 0) type = NULL;
    Py_XDECREF(type); /* the dict holds it (a type made here is never freed anyway) */
  }
  Py_DECREF(key);
  return (PyTypeObject*)type;
}

PyObject* functionToPyObject(Node* node) {
  if (node == NULL) Py_RETURN_NONE;
  if (node->pyobj != NULL) return Py_NewRef((PyObject*)node->pyobj);
  PyTypeObject* type = function_type(node->type);
  if (type == NULL) return NULL;
  PyObject* obj = type->tp_alloc(type, 0);
  if (obj == NULL) return NULL;
  ((THPCppFunction*)obj)->cdata = Node_retain(node);
  node->pyobj = obj; /* borrowed: the object clears it when it goes */
  return obj;
}

bool THPCppFunction_Check(PyObject* obj) { return Py_TYPE(obj)->tp_dealloc == THPCppFunction_dealloc; }

int THPCppFunction_init(PyObject* module) {
  (void)module;
  Node_releaseMetadata = release_metadata;
  if (cpp_function_types == NULL && (cpp_function_types = PyDict_New()) == NULL) return -1;
  return 0;
}
