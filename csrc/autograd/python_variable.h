/*
 * python_variable.h - the tensor as a Python object: torch._C._TensorBase,
 * the C type that torch.Tensor (python/minaten/_tensor.py) subclasses.
 *
 * A THPVariable holds a Tensor (runtime/TensorImpl.h), and the tensor points
 * back at it (Tensor.pyobj), so that one tensor is one Python object
 * however often C hands it to Python: Note [Tensor and its PyObject] in
 * python_variable.c.
 *
 * Conventions: functions returning PyObject* give a new reference, or NULL
 * with a Python exception set.
 *
 * PyTorch 1.13: torch/csrc/autograd/python_variable.h
 */
#ifndef MINATEN_CSRC_AUTOGRAD_PYTHON_VARIABLE_H
#define MINATEN_CSRC_AUTOGRAD_PYTHON_VARIABLE_H

#include "csrc/python_headers.h"

#include "runtime/TensorImpl.h"

typedef struct THPVariable {
  PyObject_HEAD
  /* Owned while the object owns the tensor (cdata->owns_pyobj false),
   * borrowed while the tensor owns the object. */
  Tensor* cdata;
  /* The hooks of t.register_hook (a dict), or NULL. */
  PyObject* backward_hooks;
} THPVariable;

extern PyTypeObject THPVariableType;  /* torch._C._TensorBase */
extern PyTypeObject THPVariableMetaType; /* torch._C._TensorMeta */
/* torch.Tensor, once python/minaten/_tensor.py defined it (_set_tensor_class);
 * the type new tensor objects get.  PyTorch 1.13: THPVariableClass */
extern PyObject* THPVariableClass;

static inline int THPVariable_Check(PyObject* obj) { return PyObject_TypeCheck(obj, &THPVariableType); }
/* The tensor of a THPVariable (borrowed). */
static inline Tensor* THPVariable_Unpack(PyObject* obj) { return ((THPVariable*)obj)->cdata; }

/* The Python object of a tensor, taking over the reference `t` (NULL:
 * None): its existing object when it has one, else a new torch.Tensor.
 * PyTorch 1.13: torch/csrc/autograd/python_variable.cpp THPVariable_Wrap */
PyObject* THPVariable_Wrap(Tensor* t);

/* A new object of type (torch.Tensor or a subclass) for t, which has none
 * yet (a reference taken over).
 * PyTorch 1.13: torch/csrc/autograd/python_variable.cpp THPVariable_NewWithVar */
PyObject* THPVariable_NewWithType(PyTypeObject* type, Tensor* t);

/* Adds methods / properties to torch._C._TensorBase (the files of csrc/ that
 * model 1.13's python_variable_methods.cpp and friends each add theirs, from
 * Module.c): 0, or -1 with a Python exception set. */
int THPVariable_addMethods(PyMethodDef* methods);
int THPVariable_addProperties(PyGetSetDef* properties);

/* Adds Tensor.as_subclass and the static Tensor._make_subclass (after
 * THPVariable_init): 0, or -1. */
int THPVariable_initSubclassMethods(void);

/* Readies the types, adds _TensorBase and _TensorMeta to module. */
int THPVariable_init(PyObject* module);

#endif
