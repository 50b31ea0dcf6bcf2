/*
 * python_cpp_function.h - a node of the backward graph as a Python object:
 * what `t.grad_fn` and `fn.next_functions` give.
 *
 * Each node type (MulBackward0, torch::autograd::AccumulateGrad, ...) has
 * its own Python type, named as 1.13 names it (the C++ class without its
 * namespace: `<class 'AccumulateGrad'>`), whose objects print as
 * `<MulBackward0 object at 0x...>`.  An object holds a reference to its
 * node; the node points back at the object while it lives (Node.pyobj,
 * borrowed), so one node is one Python object at a time:
 * `y.grad_fn is y.grad_fn`, and `y.grad_fn.next_functions[0][0]` is the
 * object `x.grad_fn` gave if that one still lives.  When the object's last
 * reference goes, the node forgets it; the next access makes a new one.
 *
 * Conventions: CPython's.
 *
 * PyTorch 1.13: torch/csrc/autograd/python_cpp_function.h (THPCppFunction,
 * functionToPyObject, THPCppFunction_Check)
 */
#ifndef MINATEN_CSRC_AUTOGRAD_PYTHON_CPP_FUNCTION_H
#define MINATEN_CSRC_AUTOGRAD_PYTHON_CPP_FUNCTION_H

#include "csrc/python_headers.h"

#include <stdbool.h>

#include "autograd/Node.h"

/* PyTorch 1.13: python_cpp_function.h THPCppFunction */
typedef struct THPCppFunction {
  PyObject_HEAD
  Node* cdata; /* one reference */
  PyObject* raw_saved; /* {name: weakref to its SavedTensor}, or NULL */
} THPCppFunction;

/* The node's Python object (a new reference): its existing one, else a new
 * one of its type's class; None for NULL.
 * PyTorch 1.13: python_cpp_function.cpp functionToPyObject */
PyObject* functionToPyObject(Node* node);

/* PyTorch 1.13: python_cpp_function.cpp THPCppFunction_Check */
bool THPCppFunction_Check(PyObject* obj);

/* Installs the node's metadata release (Node_releaseMetadata). */
int THPCppFunction_init(PyObject* module);

#endif
