/*
 * python_variable_autograd.c - the autograd side of torch._C._TensorBase:
 * the properties requires_grad, grad (and _grad), grad_fn (and _grad_fn),
 * is_leaf, retains_grad, output_nr, _version, _base, data and
 * _backward_hooks, and the methods requires_grad_, retain_grad, detach_
 * and _is_view.  (1.13 keeps the properties in python_variable.cpp and the
 * methods in python_variable_methods.cpp and the generated bindings; they
 * are together here, added to the type by THPVariableAutograd_init.)
 *
 * Everything reads or writes the tensor's AutogradMeta through
 * autograd/variable.h, as 1.13's getters and setters go through
 * VariableHooks; a tensor without a meta is a leaf that requires nothing.
 * Python objects come from THPVariable_Wrap and functionToPyObject, so
 * identity holds: `x.grad is x.grad`, `y.grad_fn is y.grad_fn`,
 * `x.requires_grad_() is x`.
 *
 * The three refusals of a dtype that cannot require grad differ in 1.13,
 * and so here: a factory's `requires_grad=True` says "Only Tensors of
 * floating point and complex dtype can require gradients"
 * (set_requires_grad), `t.requires_grad_()` "only Tensors of floating point
 * dtype can require gradients" (requires_grad_), and `t.requires_grad =
 * True` "only Tensors of floating point and complex dtype can require
 * gradients" (below).
 *
 * Reading the .grad of a non-leaf that does not retain it warns (1.13's
 * TensorBase::grad), through Python's warnings module
 * (Note [Warnings from C, through Python's warnings module], csrc/Exceptions.h).
 *
 * PyTorch 1.13: torch/csrc/autograd/python_variable.cpp (THPVariable_get_requires_grad,
 * THPVariable_set_requires_grad, THPVariable_get_grad, THPVariable_set_grad,
 * THPVariable_get_grad_fn, THPVariable_set_grad_fn, THPVariable_is_leaf,
 * THPVariable_get_retains_grad, THPVariable_get_output_nr,
 * THPVariable_get_version, THPVariable_get_base, THPVariable_get_data,
 * THPVariable_set_data, THPVariable_get_backwards_hooks,
 * THPVariable_set_backwards_hooks), torch/csrc/autograd/python_variable_methods.cpp
 * (THPVariable_requires_grad_, THPVariable__is_view),
 * torch/csrc/autograd/VariableTypeManual.cpp (retain_grad, detach_),
 * aten/src/ATen/core/TensorBody.h (TensorBase::grad, its warning),
 * torch/csrc/autograd/utils/error_messages.h (requires_grad_leaf_error)
 */
#include "csrc/python_headers.h"

#include "autograd/VariableTypeManual.h"
#include "autograd/VariableTypeUtils.h"
#include "autograd/variable.h"
#include "csrc/Exceptions.h"
#include "csrc/autograd/python_cpp_function.h"
#include "csrc/autograd/python_hook.h"
#include "csrc/autograd/python_variable.h"
#include "csrc/utils/python_arg_parser.h"
#include "runtime/Exception.h"

/* The message of a refused change of a non-leaf's requires_grad.
 * PyTorch 1.13: torch/csrc/autograd/utils/error_messages.h requires_grad_leaf_error */
static const char* requires_grad_leaf_error(bool requires_grad) {
  return requires_grad ? "you can only change requires_grad flags of leaf variables."
                       : "you can only change requires_grad flags of leaf variables. If you want to use a computed "
                         "variable in a subgraph that doesn't require differentiation use var_no_grad = "
                         "var.detach().";
}

/* ---- properties ---------------------------------------------------------------- */

/* PyTorch 1.13: python_variable.cpp THPVariable_get_requires_grad */
static PyObject* THPVariable_get_requires_grad(PyObject* self, void* unused) {
  if (check_has_torch_function(self, false)) return handle_torch_function_getter(self, "requires_grad");
  (void)unused;
  return PyBool_FromLong(requires_grad(THPVariable_Unpack(self)));
}

/* `t.requires_grad = b`.  PyTorch 1.13: python_variable.cpp THPVariable_set_requires_grad */
static int THPVariable_set_requires_grad(PyObject* self, PyObject* obj, void* unused) {
  if (check_has_torch_function(self, false)) return handle_torch_function_setter(self, "requires_grad", obj);
  (void)unused;
  Tensor* t = THPVariable_Unpack(self);
  if (obj == NULL || !PyBool_Check(obj)) {
    PyErr_SetString(PyExc_RuntimeError, "requires_grad must be a bool");
    return -1;
  }
  bool flag = obj == Py_True;
  if (!is_leaf(t)) {
    PyErr_SetString(PyExc_RuntimeError, requires_grad_leaf_error(flag));
    return -1;
  }
  if (flag && !isDifferentiableType(t->dtype)) {
    PyErr_SetString(PyExc_RuntimeError, "only Tensors of floating point and complex dtype can require gradients");
    return -1;
  }
  if (set_requires_grad(t, flag) < 0) {
    THPException_fromError();
    return -1;
  }
  return 0;
}

/* t.grad, and the warning of a non-leaf's.
 * PyTorch 1.13: python_variable.cpp THPVariable_get_grad, TensorBody.h TensorBase::grad */
static PyObject* THPVariable_get_grad(PyObject* self, void* unused) {
  if (check_has_torch_function(self, false)) return handle_torch_function_getter(self, "grad");
  (void)unused;
  const Tensor* t = THPVariable_Unpack(self);
  Tensor* grad = Tensor_grad(t);
  PyWarningHandler w;
  PyWarningHandler_enter(&w);
  if (!is_leaf(t) && !retains_grad(t) && grad == NULL)
    Warning_warn("The .grad attribute of a Tensor that is not a leaf Tensor is being accessed. Its .grad "
                 "attribute won't be populated during autograd.backward(). If you indeed want the .grad field to "
                 "be populated for a non-leaf Tensor, use .retain_grad() on the non-leaf Tensor. If you access "
                 "the non-leaf Tensor by mistake, make sure you access the leaf Tensor instead. See "
                 "github.com/pytorch/pytorch/pull/30531 for more informations. (Triggered internally at  "
                 "./build/aten/src/ATen/core/TensorBody.h:480.)");
  return PyWarningHandler_exit(&w, THPVariable_Wrap(grad != NULL ? Tensor_retain(grad) : NULL));
}

/* Whether a gradient's TensorOptions are the variable's (type_equal: the
 * dtype, device type and layout; minaten has the strided layout only). */
static bool options_type_equal(const Tensor* a, const Tensor* b) {
  return a->dtype == b->dtype && a->device.type == b->device.type;
}

/* `t.grad = g`, `del t.grad`.  PyTorch 1.13: python_variable.cpp THPVariable_set_grad */
static int THPVariable_set_grad(PyObject* self, PyObject* py_grad, void* unused) {
  if (check_has_torch_function(self, false)) return handle_torch_function_setter(self, "grad", py_grad);
  (void)unused;
  Tensor* var = THPVariable_Unpack(self);
  if (py_grad == NULL || py_grad == Py_None) { /* var.mutable_grad().reset() */
    if (set_grad(var, NULL) < 0) {
      THPException_fromError();
      return -1;
    }
    return 0;
  }
  if (!THPVariable_Check(py_grad)) {
    /* TORCH_CHECK_TYPE's pieces joined without a space, as 1.13 prints them */
    PyErr_Format(PyExc_TypeError, "assigned grad expected to be a Tensor or None but got grad of type%s",
                 Py_TYPE(py_grad)->tp_name);
    return -1;
  }
  const char* error = NULL;
  const Tensor* grad = THPVariable_Unpack(py_grad);
  if (py_grad == self) error = "can't assign Variable as its own grad";
  else if (!options_type_equal(grad, var)) error = "assigned grad has data of a different type";
  else if (!Tensor_hasSizes(grad, Tensor_sizes(var))) error = "assigned grad has data of a different size";
  if (error != NULL) {
    PyErr_SetString(PyExc_RuntimeError, error);
    return -1;
  }
  if (set_grad(var, grad) < 0) {
    THPException_fromError();
    return -1;
  }
  return 0;
}

/* PyTorch 1.13: python_variable.cpp THPVariable_get_grad_fn */
static PyObject* THPVariable_get_grad_fn(PyObject* self, void* unused) {
  if (check_has_torch_function(self, false)) return handle_torch_function_getter(self, "grad_fn");
  (void)unused;
  Node* fn = grad_fn(THPVariable_Unpack(self)); /* a view written in place may get a new one */
  if (fn == NULL && Error_occurred()) return THPException_fromError();
  return functionToPyObject(fn);
}

/* `t._grad_fn = None`: detach_().  PyTorch 1.13: python_variable.cpp THPVariable_set_grad_fn */
static int THPVariable_set_grad_fn(PyObject* self, PyObject* obj, void* unused) {
  (void)unused;
  if (obj == NULL) {
    PyErr_SetString(PyExc_RuntimeError, "Deletion of _grad_fn not allowed. Detach tensor instead!");
    return -1;
  }
  if (obj != Py_None) {
    PyErr_SetString(PyExc_RuntimeError, "_grad_fn can be only set to None");
    return -1;
  }
  if (VariableType_detach_(THPVariable_Unpack(self)) < 0) {
    THPException_fromError();
    return -1;
  }
  return 0;
}

/* `!self.grad_fn()`, through grad_fn(): a view made in no_grad mode whose
 * base was written since refuses, as grad_fn does.
 * PyTorch 1.13: python_variable.cpp THPVariable_is_leaf */
static PyObject* THPVariable_is_leaf(PyObject* self, void* unused) {
  if (check_has_torch_function(self, false)) return handle_torch_function_getter(self, "is_leaf");
  (void)unused;
  Node* fn = grad_fn(THPVariable_Unpack(self));
  if (fn == NULL && Error_occurred()) return THPException_fromError();
  return PyBool_FromLong(fn == NULL);
}

/* PyTorch 1.13: python_variable.cpp THPVariable_get_retains_grad */
static PyObject* THPVariable_get_retains_grad(PyObject* self, void* unused) {
  if (check_has_torch_function(self, false)) return handle_torch_function_getter(self, "retains_grad");
  (void)unused;
  return PyBool_FromLong(retains_grad(THPVariable_Unpack(self)));
}

/* PyTorch 1.13: python_variable.cpp THPVariable_get_output_nr */
static PyObject* THPVariable_get_output_nr(PyObject* self, void* unused) {
  if (check_has_torch_function(self, false)) return handle_torch_function_getter(self, "output_nr");
  (void)unused;
  return PyLong_FromUnsignedLong(output_nr(THPVariable_Unpack(self)));
}

/* The version of the tensor's data (Note [Version counters],
 * runtime/TensorImpl.h).  PyTorch 1.13: python_variable.cpp THPVariable_get_version */
static PyObject* THPVariable_get_version(PyObject* self, void* unused) {
  if (check_has_torch_function(self, false)) return handle_torch_function_getter(self, "_version");
  (void)unused;
  const Tensor* t = THPVariable_Unpack(self);
  if (Tensor_isInference(t)) { /* it has none (runtime/InferenceMode.h) */
    PyErr_SetString(PyExc_RuntimeError, "Inference tensors do not track version counter.");
    return NULL;
  }
  return PyLong_FromUnsignedLong(Tensor_version(t));
}

/* The base of a view (as_view set it), else None.
 * PyTorch 1.13: python_variable.cpp THPVariable_get_base */
static PyObject* THPVariable_get_base(PyObject* self, void* unused) {
  if (check_has_torch_function(self, false)) return handle_torch_function_getter(self, "_base");
  (void)unused;
  const AutogradMeta* m = get_autograd_meta(THPVariable_Unpack(self));
  if (m != NULL && m->is_view && m->base != NULL) return THPVariable_Wrap(Tensor_retain(m->base));
  Py_RETURN_NONE;
}

/* t.data: a new tensor over the same data, outside autograd.
 * PyTorch 1.13: python_variable.cpp THPVariable_get_data */
static PyObject* THPVariable_get_data(PyObject* self, void* unused) {
  if (check_has_torch_function(self, false)) return handle_torch_function_getter(self, "data");
  (void)unused;
  Tensor* data = variable_data(THPVariable_Unpack(self));
  if (data == NULL) return THPException_fromError();
  return THPVariable_Wrap(data);
}

/* `t.data = other`.  PyTorch 1.13: python_variable.cpp THPVariable_set_data */
static int THPVariable_set_data(PyObject* self, PyObject* data, void* unused) {
  if (check_has_torch_function(self, false)) return handle_torch_function_setter(self, "data", data);
  (void)unused;
  if (data == NULL) {
    PyErr_SetString(PyExc_RuntimeError, "Deleting tensor data is not allowed. Delete tensor instead!");
    return -1;
  }
  if (!THPVariable_Check(data)) {
    PyErr_Format(PyExc_TypeError, "Variable data has to be a tensor, but got %s", Py_TYPE(data)->tp_name);
    return -1;
  }
  if (set_data(THPVariable_Unpack(self), THPVariable_Unpack(data)) < 0) {
    THPException_fromError();
    return -1;
  }
  return 0;
}

/* PyTorch 1.13: python_variable.cpp THPVariable_get_backwards_hooks */
static PyObject* THPVariable_get_backwards_hooks(PyObject* self, void* unused) {
  if (check_has_torch_function(self, false)) return handle_torch_function_getter(self, "_backward_hooks");
  (void)unused;
  PyObject* hooks = ((THPVariable*)self)->backward_hooks;
  return Py_NewRef(hooks != NULL ? hooks : Py_None);
}

/* `t._backward_hooks = d` (torch/_tensor.py's register_hook keeps its hooks
 * there): the tensor's own hooks become one PyFunctionTensorPreHook over d
 * (none for None), which a leaf's AccumulateGrad calls; a non-leaf's
 * grad_fn gets its pre-hook over the same dict from _register_hook_dict.
 * PyTorch 1.13: python_variable.cpp THPVariable_set_backwards_hooks */
static int THPVariable_set_backwards_hooks(PyObject* self, PyObject* obj, void* unused) {
  if (check_has_torch_function(self, false)) return handle_torch_function_setter(self, "_backward_hooks", obj);
  (void)unused;
  if (obj == NULL) {
    PyErr_SetString(PyExc_RuntimeError, "Deletion of _backwards_hooks not allowed!");
    return -1;
  }
  if (obj == Py_None) obj = NULL;
  Py_XSETREF(((THPVariable*)self)->backward_hooks, Py_XNewRef(obj));
  Tensor* tensor = THPVariable_Unpack(self);
  clear_hooks(tensor);
  if (obj != NULL) {
    FunctionPreHook* hook = PyFunctionTensorPreHook_new(obj, 0);
    if (hook == NULL) return -1;
    if (add_hook(tensor, hook) < 0) {
      THPException_fromError();
      return -1;
    }
  }
  return 0;
}

/* PyTorch 1.13: python_variable.cpp THPVariable_properties (the autograd ones) */
static PyGetSetDef properties[] = {
    {"_grad_fn", THPVariable_get_grad_fn, THPVariable_set_grad_fn, NULL, NULL},
    {"grad_fn", THPVariable_get_grad_fn, NULL, NULL, NULL},
    {"is_leaf", THPVariable_is_leaf, NULL, NULL, NULL},
    {"retains_grad", THPVariable_get_retains_grad, NULL, NULL, NULL},
    {"data", THPVariable_get_data, THPVariable_set_data, NULL, NULL},
    {"_grad", THPVariable_get_grad, THPVariable_set_grad, NULL, NULL},
    {"grad", THPVariable_get_grad, THPVariable_set_grad, NULL, NULL},
    {"_base", THPVariable_get_base, NULL, NULL, NULL},
    {"_version", THPVariable_get_version, NULL, NULL, NULL},
    {"output_nr", THPVariable_get_output_nr, NULL, NULL, NULL},
    {"requires_grad", THPVariable_get_requires_grad, THPVariable_set_requires_grad, NULL, NULL},
    {"_backward_hooks", THPVariable_get_backwards_hooks, THPVariable_set_backwards_hooks, NULL, NULL},
    {NULL, NULL, NULL, NULL, NULL}};

/* ---- methods ------------------------------------------------------------------- */

/* requires_grad_(bool requires_grad=True): self.
 * PyTorch 1.13: python_variable_methods.cpp THPVariable_requires_grad_ */
static PyObject* THPVariable_requires_grad_(PyObject* self, PyObject* const* args, Py_ssize_t nargs,
                                            PyObject* kwnames) {
  PYTHON_ARG_PARSER(parser, "requires_grad_", true,
                    "requires_grad_(Tensor self, bool requires_grad=True) -> Tensor");
  PythonArgs r;
  if (PythonArgParser_parse(&parser, self, args, nargs, kwnames, &r) < 0) return NULL;
  if (PythonArgs_hasTorchFunction(&r))
    return handle_torch_function_vectorcall(&r.overloaded, self, args, nargs, kwnames, THPVariableClass,
                                            "requires_grad_", "torch.Tensor");
  bool flag = r.args[1] == NULL || r.args[1] == Py_True;
  if (requires_grad_(THPVariable_Unpack(self), flag) < 0) return THPException_fromError();
  return Py_NewRef(self);
}

/* retain_grad().  PyTorch 1.13: VariableTypeManual.cpp retain_grad,
 * variable.cpp VariableHooks::retain_grad */
static PyObject* THPVariable_retain_grad(PyObject* self, PyObject* noargs) {
  if (check_has_torch_function(self, false)) return handle_torch_function_method(self, "retain_grad", NULL, 0, NULL);
  (void)noargs;
  if (retain_grad(THPVariable_Unpack(self)) < 0) return THPException_fromError();
  Py_RETURN_NONE;
}

/* detach_(): self, now a leaf that requires nothing.
 * PyTorch 1.13: VariableTypeManual.cpp detach_ */
static PyObject* THPVariable_detach_(PyObject* self, PyObject* noargs) {
  if (check_has_torch_function(self, false)) return handle_torch_function_method(self, "detach_", NULL, 0, NULL);
  (void)noargs;
  if (VariableType_detach_(THPVariable_Unpack(self)) < 0) return THPException_fromError();
  return Py_NewRef(self);
}

/* PyTorch 1.13: python_variable_methods.cpp THPVariable__is_view */
static PyObject* THPVariable__is_view(PyObject* self, PyObject* noargs) {
  if (check_has_torch_function(self, false)) return handle_torch_function_method(self, "_is_view", NULL, 0, NULL);
  (void)noargs;
  const AutogradMeta* m = get_autograd_meta(THPVariable_Unpack(self));
  return PyBool_FromLong(m != NULL && m->is_view);
}

#define FASTCALL(f) (PyCFunction)(void (*)(void))(f), METH_FASTCALL | METH_KEYWORDS

static PyMethodDef methods[] = {{"requires_grad_", FASTCALL(THPVariable_requires_grad_), NULL},
                                {"retain_grad", THPVariable_retain_grad, METH_NOARGS, NULL},
                                {"detach_", THPVariable_detach_, METH_NOARGS, NULL},
                                {"_is_view", THPVariable__is_view, METH_NOARGS, NULL},
                                {NULL, NULL, 0, NULL}};

int THPVariableAutograd_init(PyObject* module) {
  (void)module;
  if (THPVariable_addProperties(properties) < 0 || THPVariable_addMethods(methods) < 0) return -1;
  return 0;
}
