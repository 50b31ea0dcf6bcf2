/*
 * python_variable.c - the autograd side of torch.Tensor in Python: the
 * properties requires_grad, is_leaf, grad, grad_fn, retains_grad,
 * output_nr, _version, _base (read, and for requires_grad and grad,
 * assigned), and the methods requires_grad_, retain_grad, detach_,
 * _is_view and backward.
 *
 * Everything here reads or writes the tensor's AutogradMeta through
 * autograd/variable.h, as 1.13's getters and setters go through
 * VariableHooks; a tensor without a meta is a leaf that requires nothing.
 * The three refusals of a dtype that cannot require grad differ in 1.13,
 * and so here: a factory's `requires_grad=True` says "Only Tensors of
 * floating point and complex dtype can require gradients" (set_requires_grad),
 * `t.requires_grad_()` "only Tensors of floating point dtype can require
 * gradients" (requires_grad_), and `t.requires_grad = True` "only Tensors
 * of floating point and complex dtype can require gradients" (below).
 *
 * `t.backward(...)` is torch/_tensor.py's Tensor.backward, which calls
 * torch.autograd.backward (python_autograd.c).
 *
 * PyTorch 1.13: torch/csrc/autograd/python_variable.cpp (THPVariable_properties:
 * THPVariable_get_requires_grad, THPVariable_set_requires_grad,
 * THPVariable_get_grad, THPVariable_set_grad, THPVariable_get_grad_fn,
 * THPVariable_is_leaf, THPVariable_get_retains_grad, THPVariable_get_output_nr,
 * THPVariable_get_version, THPVariable_get_base),
 * torch/csrc/autograd/python_variable_methods.cpp (THPVariable_requires_grad_,
 * THPVariable__is_view), torch/csrc/autograd/VariableTypeManual.cpp (detach_),
 * aten/src/ATen/core/TensorBody.h (TensorBase::grad, its warning),
 * torch/_tensor.py (Tensor.backward, Tensor.retain_grad)
 */
#include <stdio.h>
#include <string.h>

#include "autograd/variable.h"
#include "runtime/Exception.h"
#include "tools/minaten/bindings/bindings.h"

#define NELEMS(a) ((int)(sizeof(a) / sizeof((a)[0])))

/* PyTorch 1.13: c10/core/ScalarType.h isDifferentiableType (minaten has no complex dtypes) */
static bool isDifferentiableType(ScalarType t) { return ScalarType_isFloating(t); }

/* ---- properties ------------------------------------------------------------ */

/* PyTorch 1.13: aten/src/ATen/core/TensorBody.h TensorBase::grad (its TORCH_WARN) */
static Value* THPVariable_get_grad(const Tensor* t) {
  const Tensor* grad = Tensor_grad(t);
  if (!is_leaf(t) && !retains_grad(t) && grad == NULL)
    Warning_warn("The .grad attribute of a Tensor that is not a leaf Tensor is being accessed. Its .grad "
                 "attribute won't be populated during autograd.backward(). If you indeed want the .grad field to "
                 "be populated for a non-leaf Tensor, use .retain_grad() on the non-leaf Tensor. If you access "
                 "the non-leaf Tensor by mistake, make sure you access the leaf Tensor instead. See "
                 "github.com/pytorch/pytorch/pull/30531 for more informations. (Triggered internally at  "
                 "./build/aten/src/ATen/core/TensorBody.h:480.)");
  return grad != NULL ? Value_tensor(Tensor_retain((Tensor*)grad)) : Value_none();
}

/* PyTorch 1.13: python_variable.cpp THPVariable_get_base: the base of a
 * view, None otherwise (set by as_view, autograd/variable.h). */
static Value* THPVariable_get_base(const Tensor* t) {
  const AutogradMeta* m = get_autograd_meta(t);
  if (m != NULL && m->is_view && m->base != NULL) return Value_tensor(Tensor_retain(m->base));
  return Value_none();
}

/* The version of the tensor's data (Note [Version counters],
 * runtime/TensorImpl.h).  PyTorch 1.13: python_variable.cpp THPVariable_get_version */
static Value* THPVariable_get_version(const Tensor* t) { return Value_int(Tensor_version(t)); }

/* t.NAME for the autograd properties; NULL with no error set for another name.
 * PyTorch 1.13: python_variable.cpp THPVariable_properties */
Value* THPVariable_property(Value* self, const char* name) {
  const Tensor* t = self->u.tensor;
  if (strcmp(name, "requires_grad") == 0) return Value_bool(requires_grad(t));
  if (strcmp(name, "is_leaf") == 0) {
    /* `!self.grad_fn()`, through VariableHooks::grad_fn: a view made in
     * no_grad mode whose base was written since refuses, as grad_fn does
     * (THPVariable_is_leaf); C's is_leaf() reads the field, as 1.13's
     * VariableHooks::is_leaf does */
    Node* fn = grad_fn(t);
    if (fn == NULL && Error_occurred()) return NULL;
    return Value_bool(fn == NULL);
  }
  if (strcmp(name, "grad") == 0) return THPVariable_get_grad(t);
  if (strcmp(name, "grad_fn") == 0) {
    Node* fn = grad_fn(t);
    if (fn == NULL && Error_occurred()) return NULL;
    return fn != NULL ? THPFunction_wrap(fn) : Value_none();
  }
  if (strcmp(name, "retains_grad") == 0) return Value_bool(retains_grad(t));
  if (strcmp(name, "output_nr") == 0) return Value_int(output_nr(t));
  if (strcmp(name, "_version") == 0) return THPVariable_get_version(t);
  if (strcmp(name, "_base") == 0) return THPVariable_get_base(t);
  return NULL;
}

int THPVariable_autograd_suffix(const Tensor* t, char* buf, size_t size) {
  const Node* fn = grad_fn(t);
  if (fn == NULL && Error_occurred()) return -1;
  if (fn != NULL) {
    const char* colons = strrchr(Node_name(fn), ':'); /* name().rsplit("::", 1)[-1] */
    snprintf(buf, size, "grad_fn=<%s>", colons != NULL ? colons + 1 : Node_name(fn));
    return 1;
  }
  if (!requires_grad(t)) return 0;
  snprintf(buf, size, "requires_grad=True");
  return 1;
}

/* `t.requires_grad = v`.  PyTorch 1.13: python_variable.cpp THPVariable_set_requires_grad,
 * torch/csrc/autograd/utils/error_messages.h requires_grad_leaf_error */
static int THPVariable_set_requires_grad(Tensor* t, const Value* value) {
  TORCH_CHECK(value != NULL && value->kind == Value_Bool, "requires_grad must be a bool");
  bool flag = value->u.b;
  if (!is_leaf(t)) {
    if (flag) Error_set(ErrorType_RuntimeError, "you can only change requires_grad flags of leaf variables.");
    else
      Error_set(ErrorType_RuntimeError,
                "you can only change requires_grad flags of leaf variables. If you want to use a computed variable "
                "in a subgraph that doesn't require differentiation use var_no_grad = var.detach().");
    return -1;
  }
  TORCH_CHECK(!flag || isDifferentiableType(t->dtype),
              "only Tensors of floating point and complex dtype can require gradients");
  return set_requires_grad(t, flag);
fail:
  return -1;
}

/* Whether a gradient's TensorOptions are the variable's (type_equal: the
 * dtype, device type and layout; minaten has the strided layout only). */
static bool options_type_equal(const Tensor* a, const Tensor* b) {
  return a->dtype == b->dtype && a->device.type == b->device.type;
}

/* `t.grad = v`, `del t.grad`.  PyTorch 1.13: python_variable.cpp THPVariable_set_grad */
static int THPVariable_set_grad(Value* self, const Value* value) {
  Tensor* var = self->u.tensor;
  if (value == NULL || value->kind == Value_None) return set_grad(var, NULL);
  if (value->kind != Value_Tensor) {
    Error_set(ErrorType_TypeError, "assigned grad expected to be a Tensor or None but got grad of type%s",
              Value_typeName(value));
    return -1;
  }
  const Tensor* grad = value->u.tensor;
  TORCH_CHECK(grad != var, "can't assign Variable as its own grad");
  TORCH_CHECK(options_type_equal(grad, var), "assigned grad has data of a different type");
  TORCH_CHECK(Tensor_hasSizes(grad, Tensor_sizes(var)), "assigned grad has data of a different size");
  return set_grad(var, grad);
fail:
  return -1;
}

/* The properties of THPVariable_properties, for the AttributeError of a
 * read-only one. */
static const char* const kReadOnly[] = {"is_leaf", "grad_fn", "retains_grad", "output_nr", "_version", "_base",
                                        "shape", "dtype", "device", "ndim", "is_quantized", "is_cuda", "T",
                                        "mT", "mH", "H"};

int tensor_setattr(Value* self, const char* name, Value* value) {
  if (strcmp(name, "requires_grad") == 0) return THPVariable_set_requires_grad(self->u.tensor, value);
  if (strcmp(name, "grad") == 0) return THPVariable_set_grad(self, value);
  for (int i = 0; i < NELEMS(kReadOnly); i++) {
    if (strcmp(name, kReadOnly[i]) == 0) {
      Error_set(ErrorType_AttributeError, "attribute '%s' of 'torch._C._TensorBase' objects is not writable", name);
      return -1;
    }
  }
  /* NB(minaten): PyTorch lets scripts set new attributes on a tensor (and
   * delete them); minaten's values have none. */
  if (value == NULL)
    Error_set(ErrorType_AttributeError, "'Tensor' object has no attribute '%s'", name);
  else
    Error_set(ErrorType_AttributeError, "attribute '%s' of 'torch._C._TensorBase' objects is not writable", name);
  return -1;
}

/* ---- methods --------------------------------------------------------------- */

#define PARSE(name, sigs, out) \
  PythonArgParser_parse(name, sigs, NELEMS(sigs), self, args, nargs, kwnames, kwargs, nkw, out)

/* requires_grad_(bool requires_grad=True): returns self.
 * PyTorch 1.13: python_variable_methods.cpp THPVariable_requires_grad_ */
static Value* THPVariable_requires_grad_(Value* self, Value** args, int nargs, char** kwnames, Value** kwargs,
                                         int nkw) {
  static const char* const sigs[] = {"requires_grad_(Tensor self, bool requires_grad=True) -> Tensor"};
  ParsedArgs p;
  if (PARSE("requires_grad_", sigs, &p) < 0) return NULL;
  bool flag = p.slots[1] == NULL || p.slots[1]->u.b;
  ParsedArgs_release(&p);
  if (requires_grad_(self->u.tensor, flag) < 0) return NULL;
  return Value_retain(self);
}

/* retain_grad(): torch/_tensor.py Tensor.retain_grad calls the C++ one.
 * PyTorch 1.13: torch/csrc/autograd/variable.cpp VariableHooks::retain_grad */
static Value* THPVariable_retain_grad(Value* self, Value** args, int nargs, char** kwnames, Value** kwargs, int nkw) {
  (void)args, (void)kwnames, (void)kwargs;
  if (nargs + nkw > 0) {
    Error_set(ErrorType_TypeError, "retain_grad() takes 1 positional argument but %d were given", nargs + nkw + 1);
    return NULL;
  }
  return retain_grad(self->u.tensor) < 0 ? NULL : Value_none();
}

/* detach_(): self, made a leaf that requires nothing.
 * PyTorch 1.13: torch/csrc/autograd/VariableTypeManual.cpp detach_.
 * NB(minaten): an operator (aten::detach_) in 1.13, so the trace shows it
 * there; minaten has no such operator and does it here, untraced. */
static Value* THPVariable_detach_(Value* self, Value** args, int nargs, char** kwnames, Value** kwargs, int nkw) {
  (void)args, (void)kwnames, (void)kwargs;
  if (nargs + nkw > 0) {
    Error_set(ErrorType_TypeError, "detach_() takes no arguments (%d given)", nargs + nkw);
    return NULL;
  }
  Tensor* t = self->u.tensor;
  AutogradMeta* meta = get_autograd_meta(t);
  if (meta == NULL) return Value_retain(self);
  if (meta->is_view) {
    Error_set(ErrorType_RuntimeError,
              "Can't detach views in-place. Use detach() instead. If you are using DistributedDataParallel (DDP) for "
              "training, and gradient_as_bucket_view is set as True, gradients are views of DDP buckets, and hence "
              "detach_() cannot be called on these gradients. To fix this error, please refer to the "
              "Optimizer.zero_grad() function in torch/optim/optimizer.py as the solution.");
    return NULL;
  }
  /* the retain_grad hook of the node being dropped must not keep a pointer to t */
  if (meta->retains_grad && meta->grad_fn != NULL && meta->grad_fn->retains_grad != NULL)
    meta->grad_fn->retains_grad[meta->output_nr] = NULL;
  if (set_requires_grad(t, false) < 0 || set_gradient_edge(t, (Edge){NULL, 0}) < 0) return NULL;
  return Value_retain(self);
}

/* _is_view().  PyTorch 1.13: python_variable_methods.cpp THPVariable__is_view */
static Value* THPVariable__is_view(Value* self, Value** args, int nargs, char** kwnames, Value** kwargs, int nkw) {
  (void)args, (void)kwnames, (void)kwargs;
  if (nargs + nkw > 0) {
    Error_set(ErrorType_TypeError, "_TensorBase._is_view() takes no arguments (%d given)", nargs + nkw);
    return NULL;
  }
  const AutogradMeta* m = get_autograd_meta(self->u.tensor);
  return Value_bool(m != NULL && m->is_view);
}

/* Tensor.backward(gradient=None, retain_graph=None, create_graph=False, inputs=None):
 * torch.autograd.backward(self, gradient, retain_graph, create_graph, inputs=inputs).
 * PyTorch 1.13: torch/_tensor.py Tensor.backward */
static Value* THPVariable_backward(Value* self, Value** args, int nargs, char** kwnames, Value** kwargs, int nkw) {
  static const char* const sigs[] = {"backward(Tensor self, Any? gradient=None, Any? retain_graph=None, "
                                     "Any? create_graph=None, Any? inputs=None) -> Tensor"};
  ParsedArgs p;
  if (PARSE("backward", sigs, &p) < 0) return NULL;
  Value* r = python_autograd_backward(self, p.slots[1], p.slots[2], p.slots[3], NULL, p.slots[4]);
  ParsedArgs_release(&p);
  return r;
}

static const struct {
  const char* name;
  BuiltinFn fn;
} kVariableMethods[] = {{"requires_grad_", THPVariable_requires_grad_},
                        {"retain_grad", THPVariable_retain_grad},
                        {"detach_", THPVariable_detach_},
                        {"_is_view", THPVariable__is_view},
                        {"backward", THPVariable_backward}};

/* t.NAME for the methods above, bound to t; NULL with no error set for another name. */
Value* THPVariable_method(Value* self, const char* name) {
  for (int i = 0; i < NELEMS(kVariableMethods); i++) {
    if (strcmp(name, kVariableMethods[i].name) == 0) {
      Value* b = Value_builtin(kVariableMethods[i].name, kVariableMethods[i].fn);
      Value* m = Value_method(self, b);
      Value_release(b);
      return m;
    }
  }
  return NULL;
}
