/*
 * python_function.h - custom autograd Functions written in Python
 * (`class F(torch.autograd.Function)`, `F.apply(...)`): torch._C._FunctionBase,
 * the type of their ctx objects, and PyNode, the backward node whose apply
 * calls the Python backward.
 *
 * The objects and who owns whom (1.13's):
 *
 *   output tensor --grad_fn--> PyNode --obj (strong)--> ctx (FBackward object)
 *                                 ^                          |
 *                                 +------ cdata (weak) ------+
 *
 * The ctx is the node's Python object: `y.grad_fn` is the ctx the forward
 * got, an instance of the class python/minaten/autograd/function.py makes
 * for each Function (FBackward, a subclass of _FunctionBase), and the
 * engine's name for the node is that class's name.  The ctx keeps what the
 * forward gave it for the backward: the saved variables (SavedVariable,
 * as a generated node keeps them), needs_input_grad, which inputs were
 * tensors, materialize_grads.  When the node goes, the ctx forgets it:
 * `ctx.saved_tensors` then says the buffers were freed, and `name()` or
 * `next_functions` that the access is a legacy one.
 *
 * Conventions: CPython's.
 *
 * PyTorch 1.13: torch/csrc/autograd/python_function.h (THPFunction, PyNode)
 */
#ifndef MINATEN_CSRC_AUTOGRAD_PYTHON_FUNCTION_H
#define MINATEN_CSRC_AUTOGRAD_PYTHON_FUNCTION_H

#include "csrc/python_headers.h"

#include <stdbool.h>

#include "autograd/Node.h"
#include "autograd/SavedVariable.h"

/* PyTorch 1.13: python_function.h THPFunction */
typedef struct THPFunction {
  PyObject_HEAD
  /* What the forward set through ctx (None: NULL), each cleared once
   * apply has used it; needs_input_grad is a tuple of bools. */
  PyObject* needs_input_grad;
  PyObject* to_save;
  PyObject* non_differentiable;
  PyObject* dirty_tensors;
  PyObject* saved_for_forward;
  /* ctx.save_for_backward's tensors, saved once the outputs are known. */
  SavedVariable* saved_variables;
  Py_ssize_t num_saved;
  /* One per forward argument: whether it was a tensor (its gradient goes
   * to the next edge of the same rank among the tensors). */
  bool* is_variable_input;
  Py_ssize_t num_forward_inputs;
  bool materialize_grads;
  /* The saved variables were released (a backward without retain_graph,
   * or the node went). */
  bool has_freed_buffers;
  /* The PyNode, weak: NULL before apply and once the node is freed. */
  Node* cdata;
} THPFunction;

/* PyTorch 1.13: python_function.h PyNode */
typedef struct PyNode {
  Node base;
  /* The node's type: PyNode's functions, with the ctx class's name (1.13's
   * PyNode::name() is Py_TYPE(obj)->tp_name). */
  NodeType type;
  /* The ctx (owned). */
  PyObject* obj;
} PyNode;

/* Whether node is a PyNode. */
bool PyNode_Check(const Node* node);

/* Adds _FunctionBase and the module _functions (DelayedError) to module:
 * 0, or -1. */
int THPFunction_init(PyObject* module);

#endif
