/*
 * python_function.c - F.apply and PyNode; see python_function.h.
 *
 * F.apply(*args) (THPFunction_apply), in 1.13's order:
 *
 *   1. the arguments: which are tensors, which of those require grad
 *      (needs_input_grad, a bool per argument, False for a non-tensor);
 *      the call records a node only if grad mode is on and one does
 *      (is_executable);
 *   2. the ctx: `F._backward_cls()`, and its PyNode, which takes the next
 *      sequence number now, before the operators the forward calls (so the
 *      engine runs its backward after theirs);
 *   3. the node's next edges, one per tensor argument (collect_next_edges);
 *   4. `F.forward(ctx, *args)` with grad mode off;
 *   5. the outputs (process_outputs, _wrap_outputs): each tensor output
 *      becomes an output of the node (its InputMetadata, its grad_fn), an
 *      input returned as-is a view of itself with the node as grad_fn, a
 *      tensor in ctx.mark_dirty an input written in place (its version is
 *      bumped and its history rebased onto the node, as an in-place
 *      operator's), a tensor in ctx.mark_non_differentiable (or of an
 *      integer dtype) stays without history; a non-tensor output is kept
 *      as is and takes an undefined input of the node;
 *   6. ctx.save_for_backward's tensors become saved variables (an output
 *      saved without its grad_fn, Note [Saved output and cycles]);
 *   7. one output is returned as itself, several as a tuple.
 *
 * The engine runs PyNode_apply, which calls `ctx.apply(*grads)`
 * (BackwardCFunction.apply: the user's backward) with a gradient per
 * output (None for a non-tensor output; zeros for an output that got none,
 * unless ctx.set_materialize_grads(False)), and takes back one gradient
 * per forward argument: None or a tensor for a tensor, None for anything
 * else; more values are accepted when the extra ones are all None.  An
 * exception the backward raises goes through the engine unchanged
 * (THPException_toError).
 *
 * Note [PyNode and Python's gc]
 * The node holds its ctx, which C hides from the gc; the ctx holds only
 * what the forward stored on it.  A forward that stores an output on ctx
 * (`ctx.out = out`) makes a cycle out -> node -> ctx -> out.  As in 1.13,
 * a tensor object reports its grad_fn's ctx to the gc when it alone owns
 * the tensor and the tensor alone owns the node (python_variable.c,
 * THPVariable_traverse), so the cycle is found and collected.  The ctx
 * itself reports the tuples it holds (THPFunction_traverse).
 *
 * NB(minaten): 1.13's ctx also has register_hook, register_prehook,
 * _register_hook_dict, _raw_saved_tensors, saved_for_forward's forward AD
 * (jvp) and the JIT tracer's record of the call; minaten has none of these.
 *
 * PyTorch 1.13: torch/csrc/autograd/python_function.cpp (THPFunction_apply,
 * unpack_input, process_outputs, _wrap_outputs, _save_variables,
 * _mark_dirty, _parse_non_differentiable, PyNode::apply,
 * PyNode::release_variables, PyNode::name, the THPFunction properties),
 * torch/csrc/autograd/custom_function.cpp (_wrap_outputs),
 * torch/csrc/autograd/functions/basic_ops.cpp (DelayedError::apply),
 * torch/csrc/autograd/functions/init.cpp (torch._C._functions)
 */
#include "csrc/autograd/python_function.h"

#include <stdlib.h>
#include <string.h>

#include "Functions.h"
#include "autograd/VariableTypeManual.h"
#include "autograd/VariableTypeUtils.h"
#include "autograd/functions/basic_ops.h"
#include "autograd/variable.h"
#include "csrc/Exceptions.h"
#include "csrc/autograd/python_cpp_function.h"
#include "csrc/autograd/python_variable.h"
#include "runtime/Exception.h"
#include "runtime/GradMode.h"

static PyTypeObject THPFunctionType;

/* ---- PyNode ------------------------------------------------------------------------ */

static int PyNode_apply(Node* self, Tensor* const* grads, Tensor** grad_inputs);
static void PyNode_release_variables(Node* self);
static void PyNode_destroy(Node* self);

/* The functions every PyNode's own NodeType copies (the name is the ctx's). */
static const NodeType PyNode_type = {
    .name = "PyNode",
    .apply = PyNode_apply,
    .release_variables = PyNode_release_variables,
    .destroy = PyNode_destroy,
};

bool PyNode_Check(const Node* node) { return node->type->apply == PyNode_apply; }

/* Drops ctx's saved variables.  PyTorch 1.13: python_function.cpp
 * PyNode::release_variables (saved_variables.clear(); has_freed_buffers = 1) */
static void release_saved_variables(THPFunction* f) {
  for (Py_ssize_t i = 0; i < f->num_saved; i++) SavedVariable_reset(&f->saved_variables[i]);
  free(f->saved_variables);
  f->saved_variables = NULL;
  f->num_saved = 0;
  f->has_freed_buffers = true;
}

/* Called by the engine after a backward without retain_graph, and by Node.c
 * before the node is freed; the ctx may outlive the node (a script holding
 * y.grad_fn), so it is told.  When the interpreter is gone, the saved
 * tensors are left alone, as 1.13 leaks them. */
static void PyNode_release_variables(Node* self) {
  if (!Py_IsInitialized()) return;
  PyGILState_STATE gil = PyGILState_Ensure();
  release_saved_variables((THPFunction*)((PyNode*)self)->obj);
  PyGILState_Release(gil);
}

/* The node goes: the ctx forgets it, and the node drops the ctx.
 * PyTorch 1.13: python_function.h PyNode::~PyNode */
static void PyNode_destroy(Node* self) {
  PyNode* node = (PyNode*)self;
  if (!Py_IsInitialized()) return;
  PyGILState_STATE gil = PyGILState_Ensure();
  THPFunction* f = (THPFunction*)node->obj;
  release_saved_variables(f);
  f->cdata = NULL;
  self->pyobj = NULL;
  Py_DECREF(node->obj);
  PyGILState_Release(gil);
}

/* A new PyNode for ctx (taking the next sequence number), one reference;
 * NULL with a Python exception.  PyTorch 1.13: python_function.h PyNode::PyNode */
static Node* PyNode_new(THPFunction* ctx) {
  PyNode* node = (PyNode*)Node_new(&PyNode_type, sizeof *node);
  if (node == NULL) {
    THPException_fromError();
    return NULL;
  }
  node->type = PyNode_type;
  node->type.name = Py_TYPE(ctx)->tp_name; /* a heap type's: its __name__, "FBackward" */
  node->base.type = &node->type;
  node->obj = Py_NewRef((PyObject*)ctx);
  node->base.pyobj = ctx; /* the node's Python object is its ctx (functionToPyObject) */
  ctx->cdata = &node->base;
  return &node->base;
}

/* The backward: ctx.apply(*grads), its result checked and unpacked.
 * 0, or -1 with minaten's error set.
 * PyTorch 1.13: python_function.cpp PyNode::apply */
static int PyNode_apply(Node* self, Tensor* const* grads, Tensor** grad_inputs) {
  PyGILState_STATE gil = PyGILState_Ensure();
  THPFunction* fn = (THPFunction*)((PyNode*)self)->obj;
  PyObject *py_inputs = NULL, *apply_fn = NULL, *r = NULL;
  int status = -1;
  /* Massage a C++ variable_list into a Python arguments tuple */
  py_inputs = PyTuple_New(self->num_inputs);
  if (py_inputs == NULL) goto python_fail;
  for (uint32_t i = 0; i < self->num_inputs; i++) {
    PyObject* input;
    if (grads[i] != NULL) {
      input = THPVariable_Wrap(Tensor_retain(grads[i]));
    } else if (fn->materialize_grads && self->input_metadata[i].defined) {
      /* output_info[i].zeros(): an output no gradient reached */
      Tensor* zeros = InputMetadata_zeros_like(&self->input_metadata[i]);
      if (zeros == NULL) goto fail;
      input = THPVariable_Wrap(zeros);
    } else {
      input = Py_NewRef(Py_None); /* a non-tensor output, or materialize_grads off */
    }
    if (input == NULL) goto python_fail;
    PyTuple_SET_ITEM(py_inputs, i, input);
  }
  apply_fn = PyObject_GetAttrString(self->pyobj, "apply");
  if (apply_fn == NULL) goto python_fail;
  r = PyObject_CallObject(apply_fn, py_inputs);
  if (r == NULL) goto python_fail;
  if (!PyTuple_Check(r)) { /* ensure_tuple */
    PyObject* tuple = PyTuple_Pack(1, r);
    Py_SETREF(r, tuple);
    if (r == NULL) goto python_fail;
  }
  Py_ssize_t num_outputs = PyTuple_GET_SIZE(r);
  Py_ssize_t num_forward_inputs = fn->num_forward_inputs;
  /* Returning too many results is ok, but only as long as they're all None.
   * Truncate the result tuple in that case. */
  if (num_outputs > num_forward_inputs) {
    bool all_none = true;
    for (Py_ssize_t i = num_forward_inputs; i < num_outputs; i++) all_none &= PyTuple_GET_ITEM(r, i) == Py_None;
    if (all_none) num_outputs = num_forward_inputs;
  }
  /* Now the number of gradients should match */
  TORCH_CHECK(num_outputs == num_forward_inputs,
              "function %s returned an incorrect number of gradients (expected %zd, got %zd)", Node_name(self),
              num_forward_inputs, num_outputs);
  /* Massage the Python results tuple back into a C++ variable_list */
  uint32_t next = 0;
  for (Py_ssize_t i = 0; i < num_outputs; i++) {
    PyObject* output = PyTuple_GET_ITEM(r, i);
    if (!fn->is_variable_input[i]) {
      TORCH_CHECK(output == Py_None,
                  "function %s returned a gradient different than None at position %zd, but the corresponding "
                  "forward input was not a Variable",
                  Node_name(self), i + 1);
      continue;
    }
    if (output != Py_None) {
      TORCH_CHECK(THPVariable_Check(output), "expected Variable or None (got %s)", Py_TYPE(output)->tp_name);
      /* no next edges when the forward ran with nothing requiring grad */
      if (next < self->num_next_edges) grad_inputs[next] = Tensor_retain(THPVariable_Unpack(output));
    }
    next++;
  }
  status = 0;
  goto fail;
python_fail:
  THPException_toError();
fail:
  Py_XDECREF(py_inputs);
  Py_XDECREF(apply_fn);
  Py_XDECREF(r);
  PyGILState_Release(gil);
  return status;
}

/* ---- torch._C._FunctionBase ---------------------------------------------------------- */

/* PyTorch 1.13: python_function.cpp THPFunction_new */
static PyObject* THPFunction_new(PyTypeObject* type, PyObject* args, PyObject* kwargs) {
  (void)args, (void)kwargs;
  PyObject* obj = type->tp_alloc(type, 0);
  if (obj == NULL) return NULL;
  ((THPFunction*)obj)->materialize_grads = true; /* the rest is zeroed */
  return obj;
}

/* PyTorch 1.13: python_function.cpp THPFunction_traverse (Note [PyNode and Python's gc]) */
static int THPFunction_traverse(PyObject* obj, visitproc visit, void* arg) {
  THPFunction* self = (THPFunction*)obj;
  Py_VISIT(self->needs_input_grad);
  Py_VISIT(self->to_save);
  Py_VISIT(self->non_differentiable);
  Py_VISIT(self->dirty_tensors);
  Py_VISIT(self->saved_for_forward);
  return 0;
}

/* PyTorch 1.13: python_function.cpp THPFunction_clear */
static int THPFunction_clear(PyObject* obj) {
  THPFunction* self = (THPFunction*)obj;
  Py_CLEAR(self->needs_input_grad);
  Py_CLEAR(self->to_save);
  Py_CLEAR(self->non_differentiable);
  Py_CLEAR(self->dirty_tensors);
  Py_CLEAR(self->saved_for_forward);
  return 0;
}

/* PyTorch 1.13: python_function.cpp THPFunction_dealloc */
static void THPFunction_dealloc(PyObject* obj) {
  THPFunction* self = (THPFunction*)obj;
  PyObject_GC_UnTrack(obj);
  THPFunction_clear(obj);
  /* a node holds its ctx, so a ctx that goes has no node */
  TORCH_INTERNAL_ASSERT(self->cdata == NULL);
  release_saved_variables(self);
  free(self->is_variable_input);
  Py_TYPE(obj)->tp_free(obj);
}

/* 1.13's check_legacy_fn_attr_access: a ctx whose node is gone (or that
 * never had one: `torch._C._FunctionBase()`).  -1 with the RuntimeError. */
static int check_legacy_fn_attr_access(THPFunction* self, const char* attr) {
  if (self->cdata != NULL) return 0;
  PyErr_Format(PyExc_RuntimeError,
               "Attribute '%s' is invalid for this instance of _C._FunctionBase. Accessing this attribute directly "
               "on an instance of autograd.Function is a legacy access pattern that is no longer supported. For "
               "examples on how to use new-style autograd functions, see "
               "https://pytorch.org/docs/stable/autograd.html#torch.autograd.Function ",
               attr);
  return -1;
}

/* ctx.name().  PyTorch 1.13: python_function.cpp THPFunction_name */
static PyObject* THPFunction_name(PyObject* self, PyObject* noargs) {
  (void)noargs;
  if (check_legacy_fn_attr_access((THPFunction*)self, "name") < 0) return NULL;
  return PyUnicode_FromString(Node_name(((THPFunction*)self)->cdata));
}

/* ctx.saved_tensors: the saved variables unpacked (each checked against
 * its version), None for a None saved.
 * PyTorch 1.13: python_function.cpp unpack_saved_variables, THPFunction_saved_tensors */
static PyObject* THPFunction_saved_tensors(PyObject* obj, void* unused) {
  (void)unused;
  THPFunction* self = (THPFunction*)obj;
  if (self->has_freed_buffers) {
    PyErr_SetString(PyExc_RuntimeError, ERR_BACKWARD_TWICE);
    return NULL;
  }
  PyObject* saved = PyTuple_New(self->num_saved);
  for (Py_ssize_t i = 0; saved != NULL && i < self->num_saved; i++) {
    Tensor* unpacked = SavedVariable_unpack(&self->saved_variables[i], self->cdata);
    if (unpacked == NULL && Error_occurred()) {
      Py_CLEAR(saved);
      return THPException_fromError();
    }
    PyObject* value = THPVariable_Wrap(unpacked); /* None when undefined */
    if (value == NULL) Py_CLEAR(saved);
    else PyTuple_SET_ITEM(saved, i, value);
  }
  return saved;
}

/* ctx.saved_variables, the old name.
 * PyTorch 1.13: python_function.cpp THPFunction_saved_variables */
static PyObject* THPFunction_saved_variables(PyObject* obj, void* unused) {
  if (PyErr_WarnEx(PyExc_DeprecationWarning, "'saved_variables' is deprecated; use 'saved_tensors'", 0) < 0)
    return NULL;
  return THPFunction_saved_tensors(obj, unused);
}

/* ctx.next_functions.  PyTorch 1.13: python_function.cpp THPFunction_next_functions */
static PyObject* THPFunction_next_functions(PyObject* obj, void* unused) {
  (void)unused;
  THPFunction* self = (THPFunction*)obj;
  if (check_legacy_fn_attr_access(self, "next_functions") < 0) return NULL;
  const Node* node = self->cdata;
  PyObject* functions = PyTuple_New(node->num_next_edges);
  for (uint32_t i = 0; functions != NULL && i < node->num_next_edges; i++) {
    Edge edge = node->next_edges[i];
    PyObject* fn = functionToPyObject(edge.function);
    PyObject* pair = fn != NULL ? Py_BuildValue("(NI)", fn, (unsigned int)edge.input_nr) : NULL;
    if (pair == NULL) Py_CLEAR(functions);
    else PyTuple_SET_ITEM(functions, i, pair);
  }
  return functions;
}

/* PyTorch 1.13: python_function.cpp getRequiresGrad */
static PyObject* THPFunction_requires_grad(PyObject* self, void* unused) {
  (void)self, (void)unused;
  Py_RETURN_TRUE;
}

/* ctx.metadata: the node's dict (anomaly mode's traceback_ lives there).
 * PyTorch 1.13: python_function.cpp THPFunction_metadata */
static PyObject* THPFunction_metadata(PyObject* obj, void* unused) {
  (void)unused;
  THPFunction* self = (THPFunction*)obj;
  if (self->cdata == NULL) {
    PyErr_SetString(PyExc_RuntimeError,
                    "You attempted to access the anomaly metadata of a custom autograd function but the underlying "
                    "PyNode has already been deallocated.  The most likely reason this occurred is because you "
                    "assigned x.grad_fn to a local variable and then let the original variable get deallocated.  "
                    "Don't do that!  If you really have no way of restructuring your code so this is the case, "
                    "please file an issue reporting that you are affected by this.");
    return NULL;
  }
  Node* node = self->cdata;
  if (node->metadata == NULL && (node->metadata = PyDict_New()) == NULL) return NULL;
  return Py_NewRef((PyObject*)node->metadata);
}

/* ctx.set_materialize_grads(value).
 * PyTorch 1.13: python_function.cpp THPFunction_set_materialize_grads */
static int THPFunction_set_materialize_grads(PyObject* obj, PyObject* value, void* unused) {
  (void)unused;
  if (value == NULL || !PyBool_Check(value)) {
    PyErr_Format(PyExc_TypeError, "set_materialize_grads(): argument 1 must be bool, not %s",
                 value != NULL ? Py_TYPE(value)->tp_name : "NoneType");
    return -1;
  }
  ((THPFunction*)obj)->materialize_grads = value == Py_True;
  return 0;
}

/* The object fields, None for NULL, set to anything (None: NULL).
 * PyTorch 1.13: python_function.cpp getObject, setObject */
#define OBJECT_FIELD(field)                                                     \
  static PyObject* get_##field(PyObject* obj, void* unused) {                   \
    (void)unused;                                                               \
    PyObject* value = ((THPFunction*)obj)->field;                               \
    return Py_NewRef(value != NULL ? value : Py_None);                          \
  }                                                                             \
  static int set_##field(PyObject* obj, PyObject* value, void* unused) {        \
    (void)unused;                                                               \
    if (value == Py_None) value = NULL;                                         \
    Py_XSETREF(((THPFunction*)obj)->field, Py_XNewRef(value));                  \
    return 0;                                                                   \
  }
OBJECT_FIELD(to_save)
OBJECT_FIELD(non_differentiable)
OBJECT_FIELD(dirty_tensors)
OBJECT_FIELD(saved_for_forward)
OBJECT_FIELD(needs_input_grad)
#undef OBJECT_FIELD

/* PyTorch 1.13: python_function.cpp THPFunction_properties */
static PyGetSetDef THPFunction_properties[] = {
    {"saved_tensors", THPFunction_saved_tensors, NULL, NULL, NULL},
    {"saved_variables", THPFunction_saved_variables, NULL, NULL, NULL},
    {"next_functions", THPFunction_next_functions, NULL, NULL, NULL},
    {"to_save", get_to_save, set_to_save, NULL, NULL},
    {"non_differentiable", get_non_differentiable, set_non_differentiable, NULL, NULL},
    {"dirty_tensors", get_dirty_tensors, set_dirty_tensors, NULL, NULL},
    {"saved_for_forward", get_saved_for_forward, set_saved_for_forward, NULL, NULL},
    {"needs_input_grad", get_needs_input_grad, set_needs_input_grad, NULL, NULL},
    {"requires_grad", THPFunction_requires_grad, NULL, NULL, NULL},
    {"metadata", THPFunction_metadata, NULL, NULL, NULL},
    {"materialize_grads", NULL, THPFunction_set_materialize_grads, NULL, NULL},
    {NULL, NULL, NULL, NULL, NULL}};

/* ---- F.apply ------------------------------------------------------------------------- */

/* A set of tensors, by address: a small array (a Function has few). */
typedef struct TensorSet {
  const Tensor** items;
  Py_ssize_t size;
} TensorSet;

static bool TensorSet_contains(const TensorSet* set, const Tensor* t) {
  for (Py_ssize_t i = 0; i < set->size; i++)
    if (set->items[i] == t) return true;
  return false;
}

/* The tensors of the tuple ctx.<attr> into set, the tuple then dropped.
 * 0, or -1 with a Python exception: not a tuple, or an item that is not a
 * tensor (`what` says it as 1.13 does).  PyTorch 1.13: python_function.cpp
 * _parse_non_differentiable, _mark_dirty (which also bumps the versions) */
static int tensor_set_from(PyObject** attr, TensorSet* set, const char* name, bool dirty) {
  PyObject* tuple = *attr;
  set->items = NULL;
  set->size = 0;
  if (tuple == NULL) return 0;
  if (!PyTuple_Check(tuple)) {
    PyErr_Format(PyExc_RuntimeError, "autograd internal error: %s attribute is expected to be a tuple but is %s",
                 name, Py_TYPE(tuple)->tp_name);
    return -1;
  }
  Py_ssize_t n = PyTuple_GET_SIZE(tuple);
  set->items = calloc(n > 0 ? (size_t)n : 1, sizeof *set->items);
  if (set->items == NULL) {
    PyErr_NoMemory();
    return -1;
  }
  for (Py_ssize_t i = 0; i < n; i++) {
    PyObject* obj = PyTuple_GET_ITEM(tuple, i);
    if (!THPVariable_Check(obj)) {
      if (dirty)
        PyErr_Format(PyExc_RuntimeError, "mark_dirty can only accept variables, but argument %zd is of type %s", i,
                     Py_TYPE(obj)->tp_name);
      else
        PyErr_Format(PyExc_RuntimeError, "mark_non_differentiable only accepts variable arguments, but got %s",
                     Py_TYPE(obj)->tp_name);
      return -1;
    }
    Tensor* t = THPVariable_Unpack(obj);
    set->items[set->size++] = t;
    if (dirty && increment_version(t) < 0) { /* torch::autograd::impl::bump_version */
      THPException_fromError();
      return -1;
    }
  }
  /* We're not going to ever need this so let's remove references now */
  Py_CLEAR(*attr);
  return 0;
}

/* `var.view_as(var)` with grad mode off: an input returned as-is gets a
 * history of its own without touching the input's.  New reference or NULL
 * with minaten's error.  PyTorch 1.13: custom_function.cpp
 * _view_as_self_with_no_grad */
static Tensor* view_as_self_with_no_grad(const Tensor* var) {
  AutoGradMode grad_mode = AutoGradMode_enter(false);
  Tensor* view = at_view_as(var, var);
  AutoGradMode_exit(grad_mode);
  return view;
}

/* One tensor output `*var` (a new reference, possibly replaced): its
 * history.  0, or -1 with minaten's error set.
 * PyTorch 1.13: custom_function.cpp _wrap_outputs (its set_history lambda) */
static int set_output_history(Tensor** var, Node* cdata, uint32_t output_nr, bool is_input, bool is_modified,
                              bool is_differentiable, Py_ssize_t num_outputs) {
  Tensor* v = *var;
  if (!is_differentiable) {
    if (!requires_grad(v)) {
      if (is_input && !is_modified) {
        Tensor* view = view_as_self_with_no_grad(v);
        TRY(view != NULL);
        Tensor_release(v);
        *var = view;
      }
      return 0;
    }
    /* Return detached aliases of inputs, instead of changing their
     * requires_grad property. */
    if (is_input) {
      Tensor* detached = at_detach(v);
      TRY(detached != NULL);
      Tensor_release(v);
      *var = detached;
    } else if (!(v->autograd_meta != NULL && v->autograd_meta->is_view)) {
      TRY(VariableType_detach_(v) == 0);
    }
  } else if (is_modified) {
    TORCH_CHECK(!(is_leaf(v) && requires_grad(v)),
                "a leaf Variable that requires grad has been used in an in-place operation.");
    /* No need to mark as modified Tensors that are not inputs. */
    if (!is_input)
      Warning_warn(
          "Only input Tensors should be given to ctx.mark_dirty(). If a Tensor is not an input, there is no need to "
          "pass it to mark_dirty(). (Triggered internally at  ./torch/csrc/autograd/custom_function.cpp:308.)");
    /* If the input is a view, the rebase will need to rewrite the graph and
     * this only works if we have a single output to this Function. */
    TORCH_CHECK(!(v->autograd_meta != NULL && v->autograd_meta->is_view && num_outputs > 1),
                "If your Function modifies inplace an input that is a view of another Tensor, your Function cannot "
                "return more than one Tensor. This is not supported by the current autograd engine. You should "
                "either make sure the input is not a view (using .clone() for example) or make your Function only "
                "return one Tensor (potentially splitting it into two Functions: one doing the inplace that "
                "returns a single Tensor and a second one that does the other operations). You can ask on the "
                "forum https://discuss.pytorch.org/ if you need help to do this change.");
    /* If the input was modified, transplant the grad_fn in the graph
     * (var.mutable_grad().reset()) */
    TRY(set_grad(v, NULL) == 0);
    /* NB: rebase_history adds the output's InputMetadata itself, at
     * output_nr (the outputs are added in order). */
    TRY(rebase_history(v, cdata) == 0);
  } else if (is_input) {
    /* An input has been returned, but it wasn't modified. Return it as a
     * view so that we can attach a new grad_fn to the Variable. */
    Tensor* view = view_as_self_with_no_grad(v);
    TRY(view != NULL);
    Tensor_release(v);
    *var = v = view;
    TRY(set_gradient_edge(v, (Edge){cdata, output_nr}) == 0);
  } else {
    TRY(set_gradient_edge(v, (Edge){cdata, output_nr}) == 0);
  }
  return 0;
fail:
  return -1;
}

/* The outputs of the forward (raw: a tuple) wrapped into `outputs` (a new
 * tuple of the same size).  0, or -1 with a Python exception.
 * PyTorch 1.13: python_function.cpp _wrap_outputs, custom_function.cpp _wrap_outputs */
static int wrap_outputs(THPFunction* self, Node* cdata, const TensorSet* inputs, PyObject* raw, PyObject* outputs) {
  TensorSet non_differentiable = {NULL, 0}, dirty_inputs = {NULL, 0}, outputs_impl = {NULL, 0};
  Py_ssize_t num_outputs = PyTuple_GET_SIZE(raw);
  int num_diff_outputs = 0;
  int status = -1;
  PyWarningHandler w;
  PyWarningHandler_enter(&w);
  if (tensor_set_from(&self->non_differentiable, &non_differentiable, "non_differentiable", false) < 0) goto done;
  if (tensor_set_from(&self->dirty_tensors, &dirty_inputs, "dirty_tensors", true) < 0) goto done;
  outputs_impl.items = calloc(num_outputs > 0 ? (size_t)num_outputs : 1, sizeof *outputs_impl.items);
  if (outputs_impl.items == NULL) {
    PyErr_NoMemory();
    goto done;
  }
  for (Py_ssize_t i = 0; i < num_outputs; i++) {
    PyObject* obj = PyTuple_GET_ITEM(raw, i);
    /* For outputs that are not tensors, put a placeholder undefined input. */
    if (!THPVariable_Check(obj)) {
      if (cdata != NULL && Node_add_input_metadata(cdata, NULL) < 0) goto minaten_fail;
      PyTuple_SET_ITEM(outputs, i, Py_NewRef(obj));
      continue;
    }
    Tensor* var = Tensor_retain(THPVariable_Unpack(obj));
    bool is_input = TensorSet_contains(inputs, var);
    bool is_modified = TensorSet_contains(&dirty_inputs, var);
    bool is_differentiable =
        cdata != NULL && !TensorSet_contains(&non_differentiable, var) && isDifferentiableType(var->dtype);
    outputs_impl.items[outputs_impl.size++] = var; /* borrowed from raw, which lives on */
    if (cdata != NULL && !(is_differentiable && is_modified) && Node_add_input_metadata(cdata, var) < 0) {
      Tensor_release(var);
      goto minaten_fail;
    }
    if (set_output_history(&var, cdata, (uint32_t)i, is_input, is_modified, is_differentiable, num_outputs) < 0) {
      Tensor_release(var);
      goto minaten_fail;
    }
    /* a view returned (not an input written in place): see Note [View +
     * Inplace detection], autograd/variable.c */
    if (!(is_input && is_modified) && var->autograd_meta != NULL && var->autograd_meta->is_view)
      var->autograd_meta->creation_meta = CreationMeta_IN_CUSTOM_FUNCTION;
    if (is_differentiable) ++num_diff_outputs;
    PyObject* wrapped = THPVariable_Wrap(var);
    if (wrapped == NULL) goto done;
    PyTuple_SET_ITEM(outputs, i, wrapped);
  }
  /* If multiple differentiable outputs are returned, we do not allow views
   * to be modified inplace */
  if (num_diff_outputs > 1) {
    for (Py_ssize_t i = 0; i < num_outputs; i++) {
      PyObject* obj = PyTuple_GET_ITEM(outputs, i);
      if (!THPVariable_Check(obj)) continue;
      AutogradMeta* m = THPVariable_Unpack(obj)->autograd_meta;
      if (m != NULL && m->is_view) m->creation_meta = CreationMeta_MULTI_OUTPUT_NODE;
    }
  }
  /* All the modified Tensors must be returned as is for the rewrite to be valid. */
  for (Py_ssize_t i = 0; i < dirty_inputs.size; i++) {
    if (!TensorSet_contains(&outputs_impl, dirty_inputs.items[i])) {
      PyErr_SetString(PyExc_RuntimeError,
                      "Some elements marked as dirty during the forward method were not returned as output. The "
                      "inputs that are modified inplace must all be outputs of the Function.");
      goto done;
    }
  }
  status = 0;
  goto done;
minaten_fail:
  THPException_fromError();
done:
  free(non_differentiable.items);
  free(dirty_inputs.items);
  free(outputs_impl.items);
  return PyWarningHandler_exitStatus(&w, status);
}

/* ctx.to_save into the ctx's saved variables (an output of this node saved
 * as one).  0, or -1 with a Python exception.
 * PyTorch 1.13: python_function.cpp _save_variables */
static int save_variables(THPFunction* self, Node* cdata) {
  if (self->to_save == NULL) return 0;
  if (!PyTuple_Check(self->to_save)) {
    PyErr_Format(PyExc_RuntimeError, "autograd internal error: to_save attribute is expected to be a tuple but is %s",
                 Py_TYPE(self->to_save)->tp_name);
    return -1;
  }
  Py_ssize_t num_saved = PyTuple_GET_SIZE(self->to_save);
  release_saved_variables(self);
  self->has_freed_buffers = false;
  self->saved_variables = calloc(num_saved > 0 ? (size_t)num_saved : 1, sizeof *self->saved_variables);
  if (self->saved_variables == NULL) {
    PyErr_NoMemory();
    return -1;
  }
  for (Py_ssize_t i = 0; i < num_saved; i++) {
    PyObject* obj = PyTuple_GET_ITEM(self->to_save, i);
    self->num_saved = i + 1;
    if (obj == Py_None) continue; /* default constructed: unpacks to None */
    if (!THPVariable_Check(obj)) {
      PyErr_Format(PyExc_TypeError, "save_for_backward can only save variables, but argument %zd is of type %s", i,
                   Py_TYPE(obj)->tp_name);
      return -1;
    }
    const Tensor* tensor = THPVariable_Unpack(obj);
    bool is_output = grad_fn(tensor) == cdata;
    if (SavedVariable_init(&self->saved_variables[i], tensor, is_output) < 0) {
      THPException_fromError();
      return -1;
    }
  }
  /* Free .to_save */
  Py_CLEAR(self->to_save);
  return 0;
}

/* The forward's result: its tensors wrapped, the saved variables saved;
 * returns the output (a one-element result unpacked) or NULL.
 * PyTorch 1.13: python_function.cpp process_outputs */
static PyObject* process_outputs(THPFunction* grad_fn, Node* cdata, const TensorSet* inputs, PyObject* raw_output,
                                 bool is_executable) {
  PyObject* raw = raw_output;
  bool unpack_output = !PyTuple_Check(raw); /* ensure_tuple */
  if (unpack_output && (raw = PyTuple_Pack(1, raw_output)) == NULL) return NULL;
  else if (!unpack_output) Py_INCREF(raw);
  PyObject* outputs = PyTuple_New(PyTuple_GET_SIZE(raw));
  if (outputs == NULL || wrap_outputs(grad_fn, is_executable ? cdata : NULL, inputs, raw, outputs) < 0) goto fail;
  /* It is important that creating the SavedVariables happen after the
   * output wrapping as the outputs must have their grad_fn/fw_grad properly
   * set before we save them. */
  if (is_executable) {
    if (save_variables(grad_fn, cdata) < 0) goto fail;
  } else {
    /* Remove unnecessary attributes */
    Py_CLEAR(grad_fn->to_save);
    Py_CLEAR(grad_fn->non_differentiable);
  }
  Py_CLEAR(grad_fn->saved_for_forward);
  Py_DECREF(raw);
  /* Unpack the output, unless .forward() returned a tuple */
  if (unpack_output) {
    PyObject* output = Py_NewRef(PyTuple_GET_ITEM(outputs, 0));
    Py_DECREF(outputs);
    return output;
  }
  return outputs;
fail:
  Py_DECREF(raw);
  Py_XDECREF(outputs);
  return NULL;
}

/* The arguments of F.apply: which are tensors (is_variable_input, and
 * their tensors into input_vars), whether the call records a node (grad
 * mode on and one of them requires grad); returns needs_input_grad, a new
 * tuple, or NULL.  PyTorch 1.13: python_function.cpp unpack_input */
static PyObject* unpack_input(PyObject* inputs, bool* is_variable_input, TensorSet* input_vars, bool* is_executable) {
  Py_ssize_t num_args = PyTuple_GET_SIZE(inputs);
  PyObject* needs_input_grad = PyTuple_New(num_args);
  if (needs_input_grad == NULL) return NULL;
  bool any_requires_grad = false;
  for (Py_ssize_t i = 0; i < num_args; i++) {
    PyObject* arg = PyTuple_GET_ITEM(inputs, i);
    bool is_variable = THPVariable_Check(arg);
    bool needs = false;
    is_variable_input[i] = is_variable;
    if (is_variable) {
      const Tensor* tensor = THPVariable_Unpack(arg);
      input_vars->items[input_vars->size++] = tensor;
      needs = requires_grad(tensor);
      any_requires_grad |= needs;
    }
    PyTuple_SET_ITEM(needs_input_grad, i, Py_NewRef(needs ? Py_True : Py_False));
  }
  *is_executable = GradMode_is_enabled() && any_requires_grad;
  return needs_input_grad;
}

/* F.apply(*args), a classmethod of _FunctionBase.
 * PyTorch 1.13: python_function.cpp THPFunction_apply */
static PyObject* THPFunction_apply(PyObject* cls, PyObject* inputs) {
  Py_ssize_t num_args = PyTuple_GET_SIZE(inputs);
  PyObject *needs_input_grad = NULL, *backward_cls = NULL, *ctx_obj = NULL, *ctx_input_tuple = NULL;
  PyObject *forward_fn = NULL, *tensor_outputs = NULL, *result = NULL;
  bool* is_variable_input = calloc(num_args > 0 ? (size_t)num_args : 1, sizeof *is_variable_input);
  TensorSet input_vars = {calloc(num_args > 0 ? (size_t)num_args : 1, sizeof(Tensor*)), 0};
  Node* cdata = NULL;
  if (is_variable_input == NULL || input_vars.items == NULL) {
    PyErr_NoMemory();
    goto done;
  }
  bool is_executable;
  if ((needs_input_grad = unpack_input(inputs, is_variable_input, &input_vars, &is_executable)) == NULL) goto done;

  backward_cls = PyObject_GetAttrString(cls, "_backward_cls");
  if (backward_cls == NULL) goto done;
  ctx_obj = PyObject_CallNoArgs(backward_cls);
  if (ctx_obj == NULL) goto done;
  if (!PyObject_TypeCheck(ctx_obj, &THPFunctionType)) {
    PyErr_Format(PyExc_TypeError, "_backward_cls of %s must make _FunctionBase objects, not %s",
                 ((PyTypeObject*)cls)->tp_name, Py_TYPE(ctx_obj)->tp_name);
    goto done;
  }
  THPFunction* ctx = (THPFunction*)ctx_obj;
  if ((cdata = PyNode_new(ctx)) == NULL) goto done;

  /* Initialize backward function (and ctx) */
  if (is_executable) {
    if (set_next_edges_from(cdata, input_vars.items, (uint32_t)input_vars.size) < 0) {
      THPException_fromError();
      goto done;
    }
  }
  Py_XSETREF(ctx->needs_input_grad, needs_input_grad);
  needs_input_grad = NULL;
  free(ctx->is_variable_input);
  ctx->is_variable_input = is_variable_input;
  ctx->num_forward_inputs = num_args;
  is_variable_input = NULL;

  /* Prepend ctx to input_tuple, in preparation for static method call */
  ctx_input_tuple = PyTuple_New(num_args + 1);
  if (ctx_input_tuple == NULL) goto done;
  PyTuple_SET_ITEM(ctx_input_tuple, 0, Py_NewRef(ctx_obj));
  for (Py_ssize_t i = 0; i < num_args; i++) PyTuple_SET_ITEM(ctx_input_tuple, i + 1, Py_NewRef(PyTuple_GET_ITEM(inputs, i)));

  /* Call forward */
  AutoGradMode grad_mode = AutoGradMode_enter(false);
  forward_fn = PyObject_GetAttrString(cls, "forward");
  if (forward_fn != NULL) tensor_outputs = PyObject_CallObject(forward_fn, ctx_input_tuple);
  AutoGradMode_exit(grad_mode);
  if (tensor_outputs == NULL) goto done;

  result = process_outputs(ctx, cdata, &input_vars, tensor_outputs, is_executable);
done:
  Node_release(cdata); /* the outputs hold it now, if any */
  Py_XDECREF(needs_input_grad);
  Py_XDECREF(backward_cls);
  Py_XDECREF(ctx_obj);
  Py_XDECREF(ctx_input_tuple);
  Py_XDECREF(forward_fn);
  Py_XDECREF(tensor_outputs);
  free(is_variable_input);
  free(input_vars.items);
  return result;
}

/* PyTorch 1.13: python_function.cpp THPFunction_methods */
static PyMethodDef THPFunction_methods[] = {
    {"name", THPFunction_name, METH_NOARGS, NULL},
    {"apply", THPFunction_apply, METH_CLASS | METH_VARARGS, NULL},
    {NULL, NULL, 0, NULL}};

/* PyTorch 1.13: python_function.cpp THPFunctionType */
static PyTypeObject THPFunctionType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "torch._C._FunctionBase",
    .tp_basicsize = sizeof(THPFunction),
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE | Py_TPFLAGS_HAVE_GC,
    .tp_dealloc = THPFunction_dealloc,
    .tp_traverse = THPFunction_traverse,
    .tp_clear = THPFunction_clear,
    .tp_methods = THPFunction_methods,
    .tp_getset = THPFunction_properties,
    .tp_new = THPFunction_new,
};

/* ---- torch._C._functions.DelayedError ------------------------------------------------ */

/* What once_differentiable wraps a backward's outputs in when grad mode is
 * on: `DelayedError(msg, num_inputs)(*tensors)` returns each tensor as a new
 * header over its data whose grad_fn is an Error node raising msg.
 * PyTorch 1.13: functions/basic_ops.h DelayedError, functions/init.cpp
 * (its Python type, called through THPCppFunction_call) */
typedef struct THPDelayedError {
  PyObject_HEAD
  char* msg;
} THPDelayedError;

static void THPDelayedError_dealloc(PyObject* self) {
  free(((THPDelayedError*)self)->msg);
  Py_TYPE(self)->tp_free(self);
}

/* PyTorch 1.13: functions/init.cpp DelayedErrorCtor */
static PyObject* THPDelayedError_new(PyTypeObject* type, PyObject* args, PyObject* kwargs) {
  const char* msg;
  int num_inputs;
  static char* kwlist[] = {"msg", "num_inputs", NULL};
  if (!PyArg_ParseTupleAndKeywords(args, kwargs, "yi", kwlist, &msg, &num_inputs)) return NULL;
  PyObject* self = type->tp_alloc(type, 0);
  if (self == NULL) return NULL;
  if ((((THPDelayedError*)self)->msg = strdup(msg)) == NULL) {
    Py_DECREF(self);
    return PyErr_NoMemory();
  }
  return self;
}

/* PyTorch 1.13: functions/basic_ops.cpp DelayedError::apply, functions/utils.cpp wrap_outputs */
static PyObject* THPDelayedError_call(PyObject* self, PyObject* args, PyObject* kwargs) {
  (void)kwargs;
  Py_ssize_t n = PyTuple_GET_SIZE(args);
  const Tensor** inputs = calloc(n > 0 ? (size_t)n : 1, sizeof *inputs);
  PyObject* result = PyTuple_New(n);
  Node* error = NULL;
  if (inputs == NULL || result == NULL) goto fail;
  for (Py_ssize_t i = 0; i < n; i++) {
    PyObject* arg = PyTuple_GET_ITEM(args, i);
    if (arg != Py_None && !THPVariable_Check(arg)) {
      PyErr_Format(PyExc_TypeError, "expected a Tensor argument, but got %s", Py_TYPE(arg)->tp_name);
      goto fail;
    }
    inputs[i] = arg != Py_None ? THPVariable_Unpack(arg) : NULL;
  }
  if (compute_requires_grad(inputs, (size_t)n)) {
    if ((error = ErrorNode_new(((THPDelayedError*)self)->msg)) == NULL) goto minaten_fail;
    if (set_next_edges_from(error, inputs, (uint32_t)n) < 0) goto minaten_fail;
  }
  for (Py_ssize_t i = 0; i < n; i++) {
    Tensor* output = NULL;
    if (inputs[i] != NULL) { /* FIXME: share version counters (1.13's words) */
      if ((output = tensor_data(inputs[i])) == NULL) goto minaten_fail;
    }
    if (error != NULL && set_history(output, error) < 0) {
      Tensor_release(output);
      goto minaten_fail;
    }
    PyObject* wrapped = THPVariable_Wrap(output);
    if (wrapped == NULL) goto fail;
    PyTuple_SET_ITEM(result, i, wrapped);
  }
  Node_release(error);
  free(inputs);
  if (n == 1) { /* a Node's __call__ returns one output as itself */
    PyObject* only = Py_NewRef(PyTuple_GET_ITEM(result, 0));
    Py_DECREF(result);
    return only;
  }
  return result;
minaten_fail:
  THPException_fromError();
fail:
  Node_release(error);
  free(inputs);
  Py_XDECREF(result);
  return NULL;
}

static PyTypeObject THPDelayedErrorType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "torch._C._functions.DelayedError",
    .tp_basicsize = sizeof(THPDelayedError),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_dealloc = THPDelayedError_dealloc,
    .tp_call = THPDelayedError_call,
    .tp_new = THPDelayedError_new,
};

static struct PyModuleDef functions_module = {PyModuleDef_HEAD_INIT, "torch._C._functions", NULL, -1, NULL,
                                               NULL, NULL, NULL, NULL};

/* PyTorch 1.13: python_function.cpp THPFunction_initModule, functions/init.cpp THPAutograd_initFunctions */
int THPFunction_init(PyObject* module) {
  if (PyType_Ready(&THPFunctionType) < 0 || PyType_Ready(&THPDelayedErrorType) < 0) return -1;
  if (PyModule_AddObjectRef(module, "_FunctionBase", (PyObject*)&THPFunctionType) < 0) return -1;
  PyObject* functions = PyModule_Create(&functions_module);
  if (functions == NULL) return -1;
  if (PyModule_AddObjectRef(functions, "DelayedError", (PyObject*)&THPDelayedErrorType) < 0 ||
      PyModule_AddObject(module, "_functions", functions) < 0) {
    Py_DECREF(functions);
    return -1;
  }
  return 0;
}
