/*
 * python_variable.c - torch._C._TensorBase, its metaclass _TensorMeta, and
 * how a tensor and its Python object keep each other (python_variable.h).
 *
 * Note [Tensor and its PyObject]
 * A tensor has at most one Python object, kept in Tensor.pyobj, so that
 * `t.contiguous() is t`, `x.grad is x.grad` and a tensor that C returns twice
 * is the same object both times.  Two states:
 *
 *   - the object owns the tensor (owns_pyobj false): THPVariable.cdata
 *     holds one reference, Tensor.pyobj is borrowed.  The usual state.
 *   - the tensor owns the object (owns_pyobj true): nothing in Python refers
 *     to the object any more but the tensor lives on (a graph saved it, it
 *     is another tensor's .grad).  The object is kept alive by the tensor,
 *     with its attributes (t.name = ...), and its cdata is borrowed.
 *
 * When the object's last Python reference goes and the tensor has other
 * owners, the object's dealloc does not free it: it resurrects it and hands
 * it to the tensor (THPVariable_tryResurrect).  When C hands the tensor to
 * Python again (THPVariable_Wrap), ownership flips back.  When the tensor's
 * last reference goes while it owns the object, Tensor_release frees the
 * object too (Tensor_releasePyObject).  Neither state makes a reference
 * cycle between the two.
 *
 * torch.Tensor is a Python class (python/minaten/_tensor.py) whose
 * metaclass, _TensorMeta, gives it (and every subclass a user writes) this
 * file's dealloc instead of CPython's subtype_dealloc, which
 * would clear the object's __dict__ before the tensor could resurrect it.
 *
 * PyTorch 1.13: torch/csrc/autograd/python_variable.cpp (THPVariable_Wrap,
 * THPVariable_tryResurrect, THPVariable_subclass_dealloc,
 * THPVariable_subclass_traverse, THPVariableMetaType), c10/core/TensorImpl.h
 * (pyobj_, owns_pyobj)
 */
#include "csrc/autograd/python_variable.h"

#include <structmember.h>

#include "autograd/variable.h"
#include "csrc/Device.h"
#include "csrc/Dtype.h"
#include "csrc/Exceptions.h"
#include "csrc/Layout.h"
#include "csrc/Size.h"
#include "csrc/autograd/python_function.h"
#include "csrc/autograd/python_hook.h"
#include "csrc/utils/python_arg_parser.h"
#include "csrc/utils/tensor_new.h"
#include "csrc/utils/torch_dispatch_mode.h"
#include "Functions.h"
#include "ops/quantized/AffineQuantizer.h"
#include "runtime/Exception.h"

PyObject* THPVariableClass = NULL;

/* A new object of `type` owning t (a reference taken over). */
static PyObject* THPVariable_NewWithVar(PyTypeObject* type, Tensor* t) {
  PyObject* obj = type->tp_alloc(type, 0);
  if (obj == NULL) {
    Tensor_release(t);
    return NULL;
  }
  THPVariable* v = (THPVariable*)obj;
  v->cdata = t;
  v->backward_hooks = NULL;
  t->pyobj = obj;
  t->owns_pyobj = false;
  /* an instance of a class with its own __torch_dispatch__ is dispatched
   * through Python (Note [Wrapper subclasses]) */
  if (type != &THPVariableType && (PyObject*)type != THPVariableClass && THPUtils_checkHasTorchDispatch(obj))
    t->key_set = DispatchKeySet_add(DispatchKeySet_add(t->key_set, DispatchKey_Python), DispatchKey_PythonTLSSnapshot);
  return obj;
}

PyObject* THPVariable_NewWithType(PyTypeObject* type, Tensor* t) { return THPVariable_NewWithVar(type, t); }

/* PyTorch 1.13: torch/csrc/autograd/python_variable.cpp THPVariable_Wrap */
PyObject* THPVariable_Wrap(Tensor* t) {
  if (t == NULL) Py_RETURN_NONE;
  PyObject* obj = t->pyobj;
  if (obj != NULL) {
    if (t->owns_pyobj) {
      /* the tensor owned the object: the object owns the tensor again, with
       * the reference we were given, and the caller gets the tensor's
       * reference to the object */
      t->owns_pyobj = false;
      return obj;
    }
    Tensor_release(t);
    return Py_NewRef(obj);
  }
  PyTypeObject* type = THPVariableClass != NULL ? (PyTypeObject*)THPVariableClass : &THPVariableType;
  return THPVariable_NewWithVar(type, t);
}

/* Whether the object, whose last Python reference just went, is handed to
 * its tensor instead of freed (Note [Tensor and its PyObject]).
 * PyTorch 1.13: torch/csrc/autograd/python_variable.cpp THPVariable_tryResurrect */
static bool THPVariable_tryResurrect(THPVariable* self) {
  Tensor* t = self->cdata;
  if (t == NULL || t->refcount <= 1) return false;
  TORCH_INTERNAL_ASSERT(!t->owns_pyobj && t->pyobj == (PyObject*)self);
  t->owns_pyobj = true;
  Py_INCREF(self); /* resurrected: the tensor holds this reference */
  Tensor_release(t); /* cdata is borrowed from now on */
  return true;
}

/* Tensor_releasePyObject: the last reference of a tensor that owns its
 * object is going; the object goes with it. */
static void release_pyobj(Tensor* t) {
  THPVariable* self = (THPVariable*)t->pyobj;
  t->pyobj = NULL;
  t->owns_pyobj = false;
  self->cdata = NULL; /* borrowed, and being freed by our caller */
  /* Another library may drop the tensor (one it borrowed through DLPack)
   * without the GIL, or while the interpreter is being finalized: then the
   * object is left alone, as 1.13's concrete_decref_fn leaves it.
   * PyTorch 1.13: torch/csrc/autograd/python_variable.cpp concrete_decref_fn */
  if (!Py_IsInitialized()) return;
  PyGILState_STATE gil = PyGILState_Ensure();
  Py_DECREF(self);
  PyGILState_Release(gil);
}

/* Whether the object, were Python to drop it now, would be handed to its
 * tensor rather than freed (THPVariable_tryResurrect): it owns a tensor
 * that C holds too.  See Note [Tensor objects and Python's gc].
 * PyTorch 1.13: torch/csrc/autograd/python_variable.cpp isResurrectable */
static bool isResurrectable(THPVariable* self) {
  Tensor* t = self->cdata;
  if (t == NULL || (t->pyobj == (PyObject*)self && t->owns_pyobj)) return false; /* cdata borrowed */
  return t->refcount > 1;
}

/* Drops what the object holds: its hooks, and the tensor (or, borrowed, its
 * link to the tensor).  Python's gc calls it (after CPython's subtype_clear
 * has dropped a subclass's __slots__ and __dict__) on an object it found in
 * a garbage cycle; a resurrectable object keeps its tensor (the tensor
 * takes the object over when its last Python reference goes).
 * PyTorch 1.13: THPVariable_clear */
static int THPVariable_clear(PyObject* obj) {
  THPVariable* self = (THPVariable*)obj;
  if (isResurrectable(self)) return 0;
  Py_CLEAR(self->backward_hooks);
  Tensor* t = self->cdata;
  if (t != NULL) {
    self->cdata = NULL;
    if (t->pyobj == obj) {
      bool owned = !t->owns_pyobj;
      t->pyobj = NULL;
      t->owns_pyobj = false;
      if (owned) Tensor_release(t);
    }
  }
  return 0;
}

/* The __slots__ of the heap classes between type and _TensorBase.
 * Python 3.11: Objects/typeobject.c clear_slots */
static void clear_slots(PyObject* self) {
  for (PyTypeObject* type = Py_TYPE(self); type != NULL && type != &THPVariableType; type = type->tp_base) {
    if (!(type->tp_flags & Py_TPFLAGS_HEAPTYPE) || type->tp_members == NULL) continue;
    for (PyMemberDef* mp = type->tp_members; mp->name != NULL; mp++) {
      if (mp->type != T_OBJECT_EX || (mp->flags & READONLY)) continue;
      PyObject** slot = (PyObject**)((char*)self + mp->offset);
      Py_CLEAR(*slot);
    }
  }
}

/* The dealloc of _TensorBase and of every class _TensorMeta makes: CPython's
 * subtype_dealloc (weak references, __slots__, __dict__), with the
 * resurrection first.  (Their clear is CPython's subtype_clear, which ends
 * in _TensorBase's; their traverse THPVariable_subclass_traverse.)
 * PyTorch 1.13: torch/csrc/autograd/python_variable.cpp THPVariable_subclass_dealloc */
static void THPVariable_subclass_dealloc(PyObject* self) {
  if (THPVariable_tryResurrect((THPVariable*)self)) return;
  PyTypeObject* type = Py_TYPE(self);
  PyObject_GC_UnTrack(self);
  if (type->tp_weaklistoffset != 0) PyObject_ClearWeakRefs(self);
  clear_slots(self);
  if (type->tp_dictoffset != 0) {
    PyObject** dictptr = _PyObject_GetDictPtr(self);
    if (dictptr != NULL) Py_CLEAR(*dictptr);
  }
  THPVariable_clear(self);
  type->tp_free(self);
  if (type->tp_flags & Py_TPFLAGS_HEAPTYPE) Py_DECREF(type);
}

/*
 * Note [Tensor objects and Python's gc]
 *
 * Python's gc finds garbage cycles by subtracting, from each object's
 * reference count, the references other objects it tracks report (their
 * tp_traverse): what is left comes from outside, and an object nothing
 * outside reaches is garbage.  A tensor's object reports what it holds in
 * Python: its subclass's __slots__ and __dict__ (a tensor attribute, `y.me
 * = y`, `y.fn = y.grad_fn`), its class, and its _backward_hooks.  So a
 * cycle through tensor attributes is collected, as in 1.13.
 *
 * Two exceptions, 1.13's:
 *
 *   - an object whose tensor C also holds (a graph saved it, it is another
 *     tensor's .grad: isResurrectable) reports nothing.  C's references are
 *     invisible to the gc, so the object counts as reachable from outside,
 *     which it is: dropping it would lose its attributes while the tensor
 *     lives on.  A cycle through C (`x.fn = y.grad_fn`: the node holds x's
 *     AccumulateGrad, which holds x) is not collected, in 1.13 neither.
 *   - the tensor's grad_fn is reported only where 1.13 does: when the
 *     object owns the tensor alone and the tensor owns the grad_fn alone,
 *     the node's Python object is only reachable through this object.  A
 *     C node (1.13's THPCppFunction) has an object that holds a reference
 *     to the node: a C node with an object is never owned by its tensor
 *     alone, and nothing is reported.  A custom
 *     autograd.Function's PyNode (csrc/autograd/python_function.c), whose
 *     Python object, the ctx, it holds, is what that rule is for: its ctx
 *     is reported.
 *
 * The objects are made by tp_alloc, never by object_new, so CPython 3.11
 * keeps their attributes in a real dict (no inline values) and
 * _PyObject_GetDictPtr only reads the pointer.
 *
 * PyTorch 1.13: torch/csrc/autograd/python_variable.cpp
 * THPVariable_subclass_traverse, isResurrectable, THPVariable_clear;
 * Python 3.11: Objects/typeobject.c subtype_traverse, traverse_slots
 */

/* _TensorBase's part: the hooks.  The dict of t.register_hook is held by
 * the object (_backward_hooks) and by a hook in C: the tensor's own (a
 * leaf's, AutogradMeta.hooks) or its grad_fn's pre-hook.  The tensor's
 * are reported when the object owns the tensor alone (not
 * isResurrectable), its grad_fn's when moreover the tensor owns the
 * grad_fn alone, so that `y.register_hook(lambda g: y)` is collected.
 * NB(minaten): 1.13 reports the grad_fn's hooks only for a PyNode.
 * PyTorch 1.13: the end of THPVariable_subclass_traverse */
static int THPVariable_traverse(PyObject* self, visitproc visit, void* arg) {
  if (isResurrectable((THPVariable*)self)) return 0;
  Py_VISIT(((THPVariable*)self)->backward_hooks);
  const Tensor* t = ((THPVariable*)self)->cdata;
  const AutogradMeta* meta = t != NULL ? get_autograd_meta(t) : NULL;
  if (meta == NULL) return 0;
  for (uint32_t i = 0; i < meta->num_hooks; i++) Py_VISIT(FunctionPreHook_pyDict(meta->hooks[i]));
  const Node* fn = meta->grad_fn;
  if (fn != NULL && fn->refcount == 1) {
    for (uint32_t i = 0; i < fn->num_pre_hooks; i++) Py_VISIT(FunctionPreHook_pyDict(fn->pre_hooks[i]));
    for (uint32_t i = 0; i < fn->num_post_hooks; i++) Py_VISIT(FunctionPostHook_pyDict(fn->post_hooks[i]));
    /* the ctx of a custom Function's node that only this tensor holds (Note
     * [PyNode and Python's gc], csrc/autograd/python_function.c) */
    if (t->refcount == 1 && PyNode_Check(fn)) Py_VISIT(((PyNode*)fn)->obj);
  }
  return 0;
}

/* The traverse of every class _TensorMeta makes (torch.Tensor and its
 * subclasses): CPython's subtype_traverse (__slots__, __dict__, the class)
 * unless the object is resurrectable, then _TensorBase's.
 * PyTorch 1.13: torch/csrc/autograd/python_variable.cpp THPVariable_subclass_traverse */
static int THPVariable_subclass_traverse(PyObject* self, visitproc visit, void* arg) {
  if (isResurrectable((THPVariable*)self)) return 0;
  PyTypeObject* type = Py_TYPE(self);
  for (PyTypeObject* base = type; base != NULL && base != &THPVariableType; base = base->tp_base) {
    if (!(base->tp_flags & Py_TPFLAGS_HEAPTYPE) || base->tp_members == NULL) continue;
    for (PyMemberDef* mp = base->tp_members; mp->name != NULL; mp++) { /* traverse_slots */
      if (mp->type != T_OBJECT_EX || (mp->flags & READONLY)) continue;
      Py_VISIT(*(PyObject**)((char*)self + mp->offset));
    }
  }
  if (type->tp_dictoffset != 0) {
    PyObject** dictptr = _PyObject_GetDictPtr(self);
    if (dictptr != NULL) Py_VISIT(*dictptr);
  }
  if (type->tp_flags & Py_TPFLAGS_HEAPTYPE) Py_VISIT(type);
  return THPVariable_traverse(self, visit, arg);
}

/* torch.Tensor(...) and every subclass's construction: 1.13's legacy
 * constructor (csrc/utils/tensor_new.c base_tensor_ctor).
 * PyTorch 1.13: torch/csrc/autograd/python_variable.cpp THPVariable_pynew */
static PyObject* THPVariable_pynew(PyTypeObject* type, PyObject* args, PyObject* kwargs) {
  if (type == &THPVariableType) {
    PyErr_SetString(PyExc_RuntimeError, "Cannot directly construct _TensorBase; subclass it and then construct that");
    return NULL;
  }
  Tensor* t = base_tensor_ctor(args, kwargs);
  if (t == NULL) return NULL;
  if (t->pyobj != NULL) { /* PyTorch 1.13: python_variable.cpp THPVariable_NewWithVar */
    PyErr_Format(PyExc_RuntimeError,
                 "Creating a new Tensor subclass %s but the raw Tensor object is already associated to a python "
                 "object of type %s",
                 type->tp_name, Py_TYPE((PyObject*)t->pyobj)->tp_name);
    Tensor_release(t);
    return NULL;
  }
  return THPVariable_NewWithVar(type, t);
}

/* ---- the properties every tensor has ---------------------------------- */

static PyObject* THPVariable_get_shape(PyObject* self, void* unused) {
  if (check_has_torch_function(self, false)) return handle_torch_function_getter(self, "shape");
  (void)unused;
  return THPSize_New(Tensor_sizes(THPVariable_Unpack(self)));
}

static PyObject* THPVariable_get_dtype(PyObject* self, void* unused) {
  if (check_has_torch_function(self, false)) return handle_torch_function_getter(self, "dtype");
  (void)unused;
  return Py_NewRef(THPDtype_get(THPVariable_Unpack(self)->dtype));
}

static PyObject* THPVariable_get_device(PyObject* self, void* unused) {
  if (check_has_torch_function(self, false)) return handle_torch_function_getter(self, "device");
  (void)unused;
  return THPDevice_New(THPVariable_Unpack(self)->device);
}

static PyObject* THPVariable_get_layout(PyObject* self, void* unused) {
  if (check_has_torch_function(self, false)) return handle_torch_function_getter(self, "layout");
  (void)self, (void)unused;
  return Py_NewRef(THPLayout_get(Layout_Strided));
}

static PyObject* THPVariable_get_ndim(PyObject* self, void* unused) {
  if (check_has_torch_function(self, false)) return handle_torch_function_getter(self, "ndim");
  (void)unused;
  return PyLong_FromLongLong(THPVariable_Unpack(self)->dim);
}

static PyObject* THPVariable_is_quantized(PyObject* self, void* unused) {
  if (check_has_torch_function(self, false)) return handle_torch_function_getter(self, "is_quantized");
  (void)unused;
  return PyBool_FromLong(Tensor_isQuantized(THPVariable_Unpack(self)));
}

static PyObject* THPVariable_is_meta(PyObject* self, void* unused) {
  if (check_has_torch_function(self, false)) return handle_torch_function_getter(self, "is_meta");
  (void)unused;
  return PyBool_FromLong(THPVariable_Unpack(self)->device.type == DeviceType_Meta);
}

static PyObject* THPVariable_is_cuda(PyObject* self, void* unused) {
  if (check_has_torch_function(self, false)) return handle_torch_function_getter(self, "is_cuda");
  (void)self, (void)unused;
  Py_RETURN_FALSE;
}

/* PyTorch 1.13: torch/csrc/autograd/python_variable.cpp THPVariable_properties */
static PyGetSetDef THPVariable_properties[] = {
    {"shape", THPVariable_get_shape, NULL, NULL, NULL},
    {"dtype", THPVariable_get_dtype, NULL, NULL, NULL},
    {"device", THPVariable_get_device, NULL, NULL, NULL},
    {"layout", THPVariable_get_layout, NULL, NULL, NULL},
    {"ndim", THPVariable_get_ndim, NULL, NULL, NULL},
    {"is_quantized", THPVariable_is_quantized, NULL, NULL, NULL},
    {"is_cuda", THPVariable_is_cuda, NULL, NULL, NULL},
    {"is_meta", THPVariable_is_meta, NULL, NULL, NULL},
    {NULL, NULL, NULL, NULL, NULL}};

PyTypeObject THPVariableType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "torch._C._TensorBase",
    .tp_basicsize = sizeof(THPVariable),
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE | Py_TPFLAGS_HAVE_GC,
    .tp_dealloc = THPVariable_subclass_dealloc,
    .tp_traverse = THPVariable_traverse,
    .tp_clear = THPVariable_clear,
    .tp_getset = THPVariable_properties,
    .tp_new = THPVariable_pynew,
};

/* ---- _TensorMeta: the metaclass of torch.Tensor ------------------------ */

/* Every class made with _TensorMeta (torch.Tensor, a user's subclass) gets
 * this file's dealloc (Note [Tensor and its PyObject]) and traverse
 * (Note [Tensor objects and Python's gc]).
 * PyTorch 1.13: torch/csrc/autograd/python_variable.cpp THPVariableMetaType_init */
static int THPVariableMetaType_init(PyObject* cls, PyObject* args, PyObject* kwargs) {
  if (PyType_Type.tp_init(cls, args, kwargs) < 0) return -1;
  ((PyTypeObject*)cls)->tp_dealloc = THPVariable_subclass_dealloc;
  ((PyTypeObject*)cls)->tp_traverse = THPVariable_subclass_traverse;
  return 0;
}

PyTypeObject THPVariableMetaType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "torch._C._TensorMeta",
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE,
    .tp_init = THPVariableMetaType_init,
};

/* ---- extending the type from other files ------------------------------- */

int THPVariable_addMethods(PyMethodDef* methods) {
  for (PyMethodDef* m = methods; m->ml_name != NULL; m++) {
    PyObject* descr = PyDescr_NewMethod(&THPVariableType, m);
    if (descr == NULL) return -1;
    int r = PyDict_SetItemString(THPVariableType.tp_dict, m->ml_name, descr);
    Py_DECREF(descr);
    if (r < 0) return -1;
  }
  PyType_Modified(&THPVariableType);
  return 0;
}

int THPVariable_addProperties(PyGetSetDef* properties) {
  for (PyGetSetDef* p = properties; p->name != NULL; p++) {
    PyObject* descr = PyDescr_NewGetSet(&THPVariableType, p);
    if (descr == NULL) return -1;
    int r = PyDict_SetItemString(THPVariableType.tp_dict, p->name, descr);
    Py_DECREF(descr);
    if (r < 0) return -1;
  }
  PyType_Modified(&THPVariableType);
  return 0;
}

/* torch._C._set_tensor_class(torch.Tensor), from python/minaten/_tensor.py. */
static PyObject* set_tensor_class(PyObject* module, PyObject* cls) {
  (void)module;
  if (!PyType_Check(cls) || !PyType_IsSubtype((PyTypeObject*)cls, &THPVariableType)) {
    PyErr_SetString(PyExc_TypeError, "_set_tensor_class: expected a subclass of torch._C._TensorBase");
    return NULL;
  }
  Py_XSETREF(THPVariableClass, Py_NewRef(cls));
  Py_RETURN_NONE;
}

static PyMethodDef module_methods[] = {{"_set_tensor_class", set_tensor_class, METH_O, NULL},
                                       {NULL, NULL, 0, NULL}};

int THPVariable_init(PyObject* module) {
  Tensor_releasePyObject = release_pyobj;
  THPVariableMetaType.tp_base = &PyType_Type;
  if (PyType_Ready(&THPVariableMetaType) < 0) return -1;
  /* _TensorBase is an instance of _TensorMeta, so every subclass is made by it */
  Py_SET_TYPE(&THPVariableType, &THPVariableMetaType);
  if (PyType_Ready(&THPVariableType) < 0) return -1;
  if (PyModule_AddObjectRef(module, "_TensorMeta", (PyObject*)&THPVariableMetaType) < 0 ||
      PyModule_AddObjectRef(module, "_TensorBase", (PyObject*)&THPVariableType) < 0)
    return -1;
  return PyModule_AddFunctions(module, module_methods);
}

/* ---- tensor subclasses: as_subclass and _make_subclass -------------------- */

/* A new object of cls owning t (a reference taken over); cls must be a
 * subclass of _TensorBase.
 * PyTorch 1.13: torch/csrc/autograd/python_variable.cpp THPVariable_NewWithVar */
static PyObject* new_with_var_of_class(PyObject* cls, Tensor* t) {
  if (!PyType_Check(cls)) {
    PyErr_Format(PyExc_TypeError, "cls must be a type (got %s)", Py_TYPE(cls)->tp_name);
    Tensor_release(t);
    return NULL;
  }
  if (!PyType_IsSubtype((PyTypeObject*)cls, &THPVariableType)) {
    PyErr_SetString(PyExc_RuntimeError,
                    "Creating a Tensor subclass from a class that does not inherit from Tensor is not possible. Make "
                    "sure your class inherits from Tensor.");
    Tensor_release(t);
    return NULL;
  }
  return THPVariable_NewWithVar((PyTypeObject*)cls, t);
}

/* t.as_subclass(cls): an alias of t (aten::alias: the same storage, a new
 * tensor, whose _base is t) as an instance of cls.  Not overridden by
 * __torch_function__, in 1.13 neither: Tensor.__torch_function__ calls it.
 * PyTorch 1.13: torch/csrc/autograd/python_variable.cpp THPVariable_as_subclass */
static PyObject* THPVariable_as_subclass(PyObject* self, PyObject* const* args, Py_ssize_t nargs, PyObject* kwnames) {
  PYTHON_ARG_PARSER(parser, "as_subclass", true, "as_subclass(Tensor self, Any cls) -> Tensor");
  PythonArgs r;
  if (PythonArgParser_parse(&parser, self, args, nargs, kwnames, &r) < 0) return NULL;
  PyObject* cls = r.args[1];
  if (!PyType_Check(cls)) {
    PyErr_Format(PyExc_TypeError, "cls must be a type (got %s)", Py_TYPE(cls)->tp_name);
    return NULL;
  }
  Tensor* alias = at_alias(THPVariable_Unpack(self));
  if (alias == NULL) return THPException_fromError();
  return new_with_var_of_class(cls, alias);
}

/* torch.Tensor._make_subclass(cls, data, require_grad=False): a detached
 * tensor of data's storage (a leaf, requiring grad as asked), as an
 * instance of cls.  NB(minaten): 1.13 stashes the TorchDispatchMode around
 * the detach; minaten does not (a mode sees aten::detach), and the
 * keyword-only dispatch_sizes_strides_policy and dispatch_device are not
 * taken.  PyTorch 1.13: torch/csrc/autograd/python_variable.cpp THPVariable_make_subclass */
static PyObject* THPVariable_make_subclass(PyObject* unused, PyObject* const* args, Py_ssize_t nargs,
                                           PyObject* kwnames) {
  (void)unused;
  PYTHON_ARG_PARSER(parser, "_make_subclass", false,
                    "_make_subclass(Any cls, Tensor data, bool require_grad=False) -> Tensor");
  PythonArgs r;
  if (PythonArgParser_parse(&parser, NULL, args, nargs, kwnames, &r) < 0) return NULL;
  PyObject* cls = r.args[0];
  if (!PyType_Check(cls)) {
    PyErr_Format(PyExc_TypeError, "cls must be a type (got %s)", Py_TYPE(cls)->tp_name);
    return NULL;
  }
  if (!THPVariable_Check(r.args[1])) {
    PyErr_Format(PyExc_TypeError, "_make_subclass(): argument 'data' (position 2) must be Tensor, not %s",
                 Py_TYPE(r.args[1])->tp_name);
    return NULL;
  }
  Tensor* data = at_detach(THPVariable_Unpack(r.args[1]));
  if (data == NULL) return THPException_fromError();
  if (r.args[2] == Py_True && set_requires_grad(data, true) < 0) {
    Tensor_release(data);
    return THPException_fromError();
  }
  return new_with_var_of_class(cls, data);
}

int THPVariable_initSubclassMethods(void) {
  static PyMethodDef methods[] = {
      {"as_subclass", (PyCFunction)(void (*)(void))THPVariable_as_subclass, METH_FASTCALL | METH_KEYWORDS, NULL},
      {NULL, NULL, 0, NULL}};
  static PyMethodDef make_subclass = {"_make_subclass", (PyCFunction)(void (*)(void))THPVariable_make_subclass,
                                      METH_FASTCALL | METH_KEYWORDS, NULL};
  if (THPVariable_addMethods(methods) < 0) return -1;
  /* a staticmethod of _TensorBase (METH_STATIC) */
  PyObject* f = PyCFunction_NewEx(&make_subclass, NULL, NULL);
  PyObject* sm = f != NULL ? PyStaticMethod_New(f) : NULL;
  Py_XDECREF(f);
  int r = sm != NULL ? PyDict_SetItemString(THPVariableType.tp_dict, "_make_subclass", sm) : -1;
  Py_XDECREF(sm);
  PyType_Modified(&THPVariableType);
  return r;
}
