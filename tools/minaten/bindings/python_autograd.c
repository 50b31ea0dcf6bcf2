/*
 * python_autograd.c - torch.autograd.backward and torch.autograd.grad: the
 * Python side of a backward pass, between the script's arguments and the
 * core's autograd_backward / autograd_grad (autograd/autograd.h).
 *
 * 1.13 does this in Python (torch/autograd/__init__.py) and in
 * THPEngine_run_backward; so does this file, in their order, because the
 * order decides which error a bad call shows:
 *
 *   1. a tensor argument becomes a 1-tuple, any other is iterated
 *      (`tuple(x)`: "'int' object is not iterable");
 *   2. _make_grads zips outputs with gradients (zip stops at the shorter):
 *      a gradient must be a Tensor or None, an output a Tensor; the core
 *      checks shapes and makes the implicit ones_like;
 *   3. run_backward: fewer gradients than outputs is "got 2 tensors and 1
 *      gradients"; each output must require grad ("element 0 of tensors does
 *      not require grad and does not have a grad_fn"); then each input must
 *      be a Tensor, and backward(inputs=...) retains its grad
 *      (`tensor.retain_grad()`, which refuses a tensor that requires nothing);
 *      grad() with no inputs is "grad requires non-empty inputs.".
 *
 * PyTorch 1.13: torch/autograd/__init__.py (backward, grad, _make_grads,
 * _tensor_or_tensors_to_tuple), torch/csrc/autograd/python_engine.cpp
 * (THPEngine_run_backward)
 */
#include <stdlib.h>
#include <string.h>

#include "autograd/autograd.h"
#include "autograd/variable.h"
#include "runtime/Exception.h"
#include "tools/minaten/bindings/bindings.h"

#define NELEMS(a) ((int)(sizeof(a) / sizeof((a)[0])))

/* The lines of 1.13's torch/autograd/__init__.py its warnings come from:
 * its own warnings.warn calls, and the run_backward calls of backward()
 * and grad() for what the engine warns. */
static const WarningLocation kTorchAutogradLine175 = {"torch.autograd", 175}; /* 'grad_variables' */
static const WarningLocation kTorchAutogradLine197 = {"torch.autograd", 197}; /* backward's run_backward */
static const WarningLocation kTorchAutogradLine280 = {"torch.autograd", 280}; /* only_inputs */
static const WarningLocation kTorchAutogradLine300 = {"torch.autograd", 300}; /* grad's run_backward */

/* (v,) for a tensor, tuple(v) for anything else; None gives `none_length`
 * Nones (_tensor_or_tensors_to_tuple) or, with none_length -1, an empty tuple.
 * PyTorch 1.13: torch/autograd/__init__.py _tensor_or_tensors_to_tuple */
static Value* _tensor_or_tensors_to_tuple(const Value* v, int none_length) {
  if (v == NULL || v->kind == Value_None) {
    Value* t = Value_seq(Value_Tuple, none_length > 0 ? none_length : 0);
    for (int i = 0; i < t->u.seq.n; i++) t->u.seq.items[i] = Value_none();
    return t;
  }
  if (v->kind == Value_Tensor) {
    Value* t = Value_seq(Value_Tuple, 1);
    t->u.seq.items[0] = Value_retain((Value*)v);
    return t;
  }
  return sequence_of((Value*)v);
}

/* The Python-side checks of _make_grads for the pairs zip() makes, in
 * order; stops without error at the first pair whose error the core reports
 * (a shape mismatch, an implicit gradient of a non-scalar).
 * PyTorch 1.13: torch/autograd/__init__.py _make_grads */
static int check_grads(const Value* outputs, const Value* grads, int m) {
  for (int i = 0; i < m; i++) {
    const Value* out = outputs->u.seq.items[i];
    const Value* grad = grads->u.seq.items[i];
    if (grad->kind == Value_Tensor) {
      if (out->kind != Value_Tensor) { /* torch.is_same_size(out, grad) */
        Error_set(ErrorType_TypeError, "is_same_size(): argument 'self' (position 1) must be Tensor, not %s",
                  Value_typeName(out));
        return -1;
      }
      if (!Tensor_hasSizes(grad->u.tensor, Tensor_sizes(out->u.tensor))) return 0;
    } else if (grad->kind == Value_None) {
      if (out->kind != Value_Tensor) {
        Error_set(ErrorType_AttributeError, "'%s' object has no attribute 'requires_grad'", Value_typeName(out));
        return -1;
      }
      if (requires_grad(out->u.tensor) && out->u.tensor->numel != 1) return 0;
    } else {
      Error_set(ErrorType_TypeError, "gradients can be either Tensors or None, but got %s", Value_typeName(grad));
      return -1;
    }
  }
  return 0;
}

/* A bool argument of run_backward (PyArg_ParseTuple's "b"), or None. */
static int engine_flag(const Value* v, bool none_value, bool* out) {
  if (v == NULL || v->kind == Value_None) {
    *out = none_value;
    return 0;
  }
  if (v->kind == Value_Bool || v->kind == Value_Int) return python_truth(v, out);
  Error_set(ErrorType_TypeError, "an integer is required (got type %s)", Value_typeName(v));
  return -1;
}

/* The tensors and gradients after _make_grads and THPEngine_run_backward's
 * checks of them: borrowed pointers into the tuples.  0, or -1. */
typedef struct EngineArgs {
  Value *outputs, *grads, *inputs; /* owned tuples */
  Tensor** tensors;                /* n */
  Tensor** gradients;              /* n (NULL entries: implicit) */
  Tensor** input_tensors;          /* num_inputs */
  int n, num_inputs;
} EngineArgs;

static void EngineArgs_release(EngineArgs* e) {
  Value_release(e->outputs);
  Value_release(e->grads);
  Value_release(e->inputs);
  free(e->tensors);
  free(e->gradients);
  free(e->input_tensors);
}

static Tensor** tensor_array(int n) {
  Tensor** a = calloc(n > 0 ? (size_t)n : 1, sizeof(Tensor*));
  TORCH_INTERNAL_ASSERT(a != NULL);
  return a;
}

/* The core's _make_grads run for its errors only (the engine run makes the
 * gradients again), so with both traces paused: 1.13 makes them once. */
static int check_make_grads(Tensor* const* outputs, Tensor* const* grads, size_t n) {
  Tensor** made = tensor_array((int)n);
  TracePause saved = traces_pause();
  int rc = _make_grads(outputs, grads, n, made);
  traces_resume(saved);
  for (size_t i = 0; i < n; i++) Tensor_release(made[i]);
  free(made);
  return rc;
}

/* Steps 2 and 3 of the file comment for the roots; e->outputs and e->grads set. */
static int check_roots(EngineArgs* e) {
  int n = e->outputs->u.seq.n, m = e->grads->u.seq.n < n ? e->grads->u.seq.n : n;
  if (check_grads(e->outputs, e->grads, m) < 0) return -1;
  e->n = n;
  e->tensors = tensor_array(n);
  e->gradients = tensor_array(n);
  for (int i = 0; i < m; i++) {
    e->tensors[i] = e->outputs->u.seq.items[i]->u.tensor;
    const Value* g = e->grads->u.seq.items[i];
    e->gradients[i] = g->kind == Value_Tensor ? g->u.tensor : NULL;
  }
  if (m < n) { /* _make_grads runs on the pairs zip() made, then the engine counts */
    int rc = check_make_grads(e->tensors, e->gradients, (size_t)m);
    if (rc == 0) Error_set(ErrorType_RuntimeError, "got %d tensors and %d gradients", n, m);
    return -1;
  }
  /* the core's _make_grads reports shapes and non-scalars */
  if (check_make_grads(e->tensors, e->gradients, (size_t)n) < 0) return -1;
  for (int i = 0; i < n; i++) {
    TORCH_CHECK(requires_grad(e->tensors[i]), "element %d of tensors does not require grad and does not have a grad_fn",
                i);
  }
  return 0;
fail:
  return -1;
}

/* Step 3 for the inputs; e->inputs set.  accumulate_grad: backward's. */
static int check_inputs(EngineArgs* e, bool accumulate_grad) {
  e->num_inputs = e->inputs->u.seq.n;
  e->input_tensors = tensor_array(e->num_inputs);
  for (int i = 0; i < e->num_inputs; i++) {
    const Value* v = e->inputs->u.seq.items[i];
    TORCH_CHECK(v->kind == Value_Tensor, "all inputs have to be Tensors, but got %s", Value_typeName(v));
    e->input_tensors[i] = v->u.tensor;
    if (accumulate_grad && retain_grad(v->u.tensor) < 0) return -1;
  }
  TORCH_CHECK_VALUE(accumulate_grad || e->num_inputs > 0, "grad requires non-empty inputs.");
  return 0;
fail:
  return -1;
}

/* len(v), as Python's builtin computes it. */
static int python_len(const Value* v, int64_t* out) {
  Value* len = global_builtin("len");
  Value* arg = (Value*)v;
  Value* r = call_value(len, NULL, &arg, 1, NULL, NULL, 0);
  Value_release(len);
  if (r == NULL) return -1;
  *out = r->u.i;
  Value_release(r);
  return 0;
}

/* torch.autograd.backward with its arguments as Python passed them (NULL:
 * absent).  PyTorch 1.13: torch/autograd/__init__.py backward */
Value* python_autograd_backward(const Value* tensors, const Value* grad_tensors, const Value* retain_graph,
                                const Value* create_graph, const Value* grad_variables, const Value* inputs) {
  EngineArgs e = {0};
  Value* result = NULL;
  if (grad_variables != NULL && grad_variables->kind != Value_None) {
    Warning_warnAt(kTorchAutogradLine175, "'grad_variables' is deprecated. Use 'grad_tensors' instead.");
    TORCH_CHECK(grad_tensors == NULL || grad_tensors->kind == Value_None,
                "'grad_tensors' and 'grad_variables' (deprecated) arguments both passed to backward(). Please only "
                "use 'grad_tensors'.");
    grad_tensors = grad_variables;
  }
  if (inputs != NULL && inputs->kind != Value_None) {
    int64_t len;
    TRY(python_len(inputs, &len) == 0);
    TORCH_CHECK(len != 0, "'inputs' argument to backward() cannot be empty.");
  }
  TRY((e.outputs = _tensor_or_tensors_to_tuple(tensors, -1)) != NULL);
  TRY((e.inputs = _tensor_or_tensors_to_tuple(inputs, -1)) != NULL);
  TRY((e.grads = _tensor_or_tensors_to_tuple(grad_tensors, e.outputs->u.seq.n)) != NULL);
  bool create = false, retain = false;
  TRY(engine_flag(create_graph, false, &create) == 0);
  TRY(engine_flag(retain_graph, create, &retain) == 0);
  TRY(check_roots(&e) == 0);
  TRY(check_inputs(&e, true) == 0);
  /* NB(minaten): the core wants a root; with none, 1.13's engine has nothing to run */
  /* the engine's warnings (create_graph's TORCH_WARN_ONCE) come from
   * torch/autograd/__init__.py:197, the run_backward call */
  if (e.n > 0) {
    WarningLocation previous = Warning_enterTorchFrame(kTorchAutogradLine197);
    int status = autograd_backward(e.tensors, (size_t)e.n, e.gradients, (OptionalBool){true, retain}, create,
                                   e.input_tensors, (size_t)e.num_inputs);
    Warning_exitTorchFrame(previous);
    TRY(status == 0);
  }
  result = Value_none();
fail:
  EngineArgs_release(&e);
  return result;
}

/* torch.autograd.grad: a tuple of the inputs' gradients (None: unused).
 * PyTorch 1.13: torch/autograd/__init__.py grad */
static Value* python_autograd_grad(const Value* const* s) {
  EngineArgs e = {0};
  Value* result = NULL;
  Tensor** results = NULL;
  TRY((e.outputs = _tensor_or_tensors_to_tuple(s[0], -1)) != NULL);
  TRY((e.inputs = _tensor_or_tensors_to_tuple(s[1], -1)) != NULL);
  bool only_inputs = true, create = false, retain = false, allow_unused = false, batched = false;
  TRY(s[5] == NULL || s[5]->kind == Value_None || python_truth(s[5], &only_inputs) == 0);
  if (!only_inputs)
    Warning_warnAt(kTorchAutogradLine280, "only_inputs argument is deprecated and is ignored now (defaults to True). To accumulate gradient "
                 "for other parts of the graph, please use torch.autograd.backward.");
  TRY((e.grads = _tensor_or_tensors_to_tuple(s[2], e.outputs->u.seq.n)) != NULL);
  TRY(s[7] == NULL || python_truth(s[7], &batched) == 0);
  TORCH_CHECK_NOT_IMPLEMENTED(!batched, "minaten: torch.autograd.grad has no is_grads_batched=True (no vmap)");
  TRY(engine_flag(s[4], false, &create) == 0);
  TRY(engine_flag(s[3], create, &retain) == 0);
  TRY(engine_flag(s[6], false, &allow_unused) == 0);
  TRY(check_roots(&e) == 0);
  TRY(check_inputs(&e, false) == 0);
  results = tensor_array(e.num_inputs);
  /* NB(minaten): the core wants a root; with none, no input is reached */
  TORCH_CHECK(e.n > 0 || allow_unused,
              "One of the differentiated Tensors appears to not have been used in the graph. Set allow_unused=True "
              "if this is the desired behavior.");
  if (e.n > 0) {
    WarningLocation previous = Warning_enterTorchFrame(kTorchAutogradLine300);
    int status = autograd_grad(e.tensors, (size_t)e.n, e.input_tensors, (size_t)e.num_inputs, e.gradients,
                               (OptionalBool){true, retain}, create, allow_unused, results);
    Warning_exitTorchFrame(previous);
    TRY(status == 0);
  }
  result = Value_seq(Value_Tuple, e.num_inputs);
  for (int i = 0; i < e.num_inputs; i++) /* the references pass to the values */
    result->u.seq.items[i] = results[i] != NULL ? Value_tensor(results[i]) : Value_none();
fail:
  free(results);
  EngineArgs_release(&e);
  return result;
}

static Value* builtin_autograd_backward(Value* self, Value** args, int nargs, char** kwnames, Value** kwargs,
                                        int nkw) {
  static const char* const sigs[] = {"backward(Any tensors, Any? grad_tensors=None, Any? retain_graph=None, "
                                     "Any? create_graph=None, Any? grad_variables=None, Any? inputs=None) -> Tensor"};
  ParsedArgs p;
  if (PythonArgParser_parse("backward", sigs, 1, NULL, args, nargs, kwnames, kwargs, nkw, &p) < 0) return NULL;
  (void)self;
  const Value* const* s = p.slots;
  Value* r = python_autograd_backward(s[0], s[1], s[2], s[3], s[4], s[5]);
  ParsedArgs_release(&p);
  return r;
}

static Value* builtin_autograd_grad(Value* self, Value** args, int nargs, char** kwnames, Value** kwargs, int nkw) {
  static const char* const sigs[] = {"grad(Any outputs, Any inputs, Any? grad_outputs=None, Any? retain_graph=None, "
                                     "Any? create_graph=None, Any? only_inputs=None, Any? allow_unused=None, "
                                     "Any? is_grads_batched=None) -> Tensor"};
  ParsedArgs p;
  if (PythonArgParser_parse("grad", sigs, 1, NULL, args, nargs, kwnames, kwargs, nkw, &p) < 0) return NULL;
  (void)self;
  Value* r = python_autograd_grad(p.slots);
  ParsedArgs_release(&p);
  return r;
}

/* torch.autograd.NAME.  PyTorch 1.13: torch/autograd/__init__.py */
Value* autograd_module_attribute(const char* name) {
  if (strcmp(name, "backward") == 0) return Value_builtin("backward", builtin_autograd_backward);
  if (strcmp(name, "grad") == 0) return Value_builtin("grad", builtin_autograd_grad);
  Value* mode = grad_mode_attribute(name); /* torch.autograd.no_grad is torch.no_grad */
  if (mode != NULL || Error_occurred()) return mode;
  Error_set(ErrorType_AttributeError, "module 'torch.autograd' has no attribute '%s'", name);
  return NULL;
}
