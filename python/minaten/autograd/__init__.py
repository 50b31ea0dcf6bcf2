"""torch.autograd: backward() and grad(), the grad modes, and the engine
they call.

Both functions work as 1.13's do, in Python up to the engine and in C
from there (csrc/autograd/python_engine.c, run_backward):

  1. the tensors (outputs), inputs and gradients become tuples: a tensor a
     1-tuple, anything else tuple(x) ("'int' object is not iterable");
  2. _make_grads pairs each output with its gradient (zip: the shorter
     decides): a given gradient must have the output's shape ("Mismatch in
     shape: ..."), a missing one is ones_like(output) for a one-element
     output that requires grad ("grad can be implicitly created only for
     scalar outputs"), anything else is a TypeError;
  3. run_backward checks each output, gradient and input in 1.13's order
     and runs the engine; backward() accumulates into the leaves' .grad,
     grad() returns the inputs' gradients.

The order decides which error a bad call shows, and the warnings
(`grad_variables=`, `only_inputs=False`: warnings.warn here; the engine's
create_graph warning: C, at the run_backward line) are raised from this
file, where Python's default filter shows each once.

_make_grads asks torch.is_same_size of each given gradient, an operator
the trace shows (aten::is_same_size).  NB(minaten): there is no vmap
(is_grads_batched=True) and no functorch.  grad asks __torch_function__
first, as 1.13's does (backward does not, in 1.13 neither).  Custom
Functions (torch.autograd.Function) are in function.py, anomaly detection
in anomaly_mode.py, inference mode in grad_mode.py.

PyTorch 1.13: torch/autograd/__init__.py
"""
import warnings

import minaten as torch
from minaten.overrides import handle_torch_function, has_torch_function, is_tensor_like

from .grad_mode import enable_grad, inference_mode, no_grad, set_grad_enabled  # noqa: F401
from .variable import Variable
from . import graph  # noqa: F401,E402
from .function import Function  # noqa: F401
from .anomaly_mode import detect_anomaly, set_detect_anomaly  # noqa: F401

__all__ = ["Variable", "Function", "backward", "grad_mode", "detect_anomaly", "set_detect_anomaly"]


def _calculate_shape(output, grad, is_grads_batched):
    """The shapes a mismatch message prints (minaten has no nested tensors)."""
    return output.shape, (grad.shape if not is_grads_batched else grad.shape[1:])


def _make_grads(outputs, grads, is_grads_batched):
    """The root gradients: each given one checked against its output, each
    missing one made (ones) for a one-element output that requires grad."""
    new_grads = []
    for out, grad in zip(outputs, grads):
        if isinstance(grad, torch.Tensor):
            first_grad = grad if not is_grads_batched else grad[0]
            if not torch.is_same_size(out, first_grad):
                out_shape, grad_shape = _calculate_shape(out, first_grad, is_grads_batched)
                if is_grads_batched:
                    raise RuntimeError("If `is_grads_batched=True`, we interpret the first "
                                       "dimension of each grad_output as the batch dimension. "
                                       "The sizes of the remaining dimensions are expected to match "
                                       "the shape of corresponding output, but a mismatch "
                                       "was detected: grad_output["
                                       + str(grads.index(grad)) + "] has a shape of "
                                       + str(grad_shape) + " and output["
                                       + str(outputs.index(out)) + "] has a shape of "
                                       + str(out_shape) + ". "
                                       "If you only want some tensors in `grad_output` to be considered "
                                       "batched, consider using vmap.")
                raise RuntimeError("Mismatch in shape: grad_output["
                                   + str(grads.index(grad)) + "] has a shape of "
                                   + str(grad_shape) + " and output["
                                   + str(outputs.index(out)) + "] has a shape of "
                                   + str(out_shape) + ".")
            if out.dtype.is_complex != grad.dtype.is_complex:
                raise RuntimeError("For complex Tensors, both grad_output and output"
                                   " are required to have the same dtype."
                                   " Mismatch in dtype: grad_output["
                                   + str(grads.index(grad)) + "] has a dtype of "
                                   + str(grad.dtype) + " and output["
                                   + str(outputs.index(out)) + "] has a dtype of "
                                   + str(out.dtype) + ".")
            new_grads.append(grad)
        elif grad is None:
            if out.requires_grad:
                if out.numel() != 1:
                    raise RuntimeError("grad can be implicitly created only for scalar outputs")
                new_grads.append(torch.ones_like(out, memory_format=torch.preserve_format))
            else:
                new_grads.append(None)
        else:
            raise TypeError("gradients can be either Tensors or None, but got " + type(grad).__name__)
    return tuple(new_grads)


def _tensor_or_tensors_to_tuple(tensors, length):
    """None: `length` Nones; a tensor: a 1-tuple; anything else: tuple(it)."""
    if tensors is None:
        return (None,) * length
    if isinstance(tensors, torch.Tensor):
        return (tensors,)
    return tuple(tensors)


def backward(tensors, grad_tensors=None, retain_graph=None, create_graph=False, grad_variables=None, inputs=None):
    """Accumulates the gradients of `tensors` (with `grad_tensors`, the
    vector of the vector-Jacobian product) into the .grad of the graph's
    leaves, or of `inputs` only.  retain_graph defaults to create_graph."""
    if grad_variables is not None:
        warnings.warn("'grad_variables' is deprecated. Use 'grad_tensors' instead.")
        if grad_tensors is None:
            grad_tensors = grad_variables
        else:
            raise RuntimeError("'grad_tensors' and 'grad_variables' (deprecated) "
                               "arguments both passed to backward(). Please only "
                               "use 'grad_tensors'.")
    if inputs is not None and len(inputs) == 0:
        raise RuntimeError("'inputs' argument to backward() cannot be empty.")

    tensors = (tensors,) if isinstance(tensors, torch.Tensor) else tuple(tensors)
    inputs = (inputs,) if isinstance(inputs, torch.Tensor) else \
        tuple(inputs) if inputs is not None else tuple()

    grad_tensors_ = _tensor_or_tensors_to_tuple(grad_tensors, len(tensors))
    grad_tensors_ = _make_grads(tensors, grad_tensors_, is_grads_batched=False)
    if retain_graph is None:
        retain_graph = create_graph

    Variable._execution_engine.run_backward(  # the C engine: csrc/autograd/python_engine.c
        tensors, grad_tensors_, retain_graph, create_graph, inputs,
        allow_unreachable=True, accumulate_grad=True)


def grad(outputs, inputs, grad_outputs=None, retain_graph=None, create_graph=False, only_inputs=True,
         allow_unused=False, is_grads_batched=False):
    """The gradients of `outputs` with respect to `inputs` (with
    `grad_outputs`, the vector of the vector-Jacobian product), as a tuple,
    None for an input the graph does not reach (allow_unused).  Nothing is
    accumulated into .grad."""
    t_outputs = (outputs,) if is_tensor_like(outputs) else tuple(outputs)
    t_inputs = (inputs,) if is_tensor_like(inputs) else tuple(inputs)
    overridable_args = t_outputs + t_inputs
    if has_torch_function(overridable_args):
        return handle_torch_function(grad, overridable_args, t_outputs, t_inputs, grad_outputs=grad_outputs,
                                     retain_graph=retain_graph, create_graph=create_graph, only_inputs=only_inputs,
                                     allow_unused=allow_unused, is_grads_batched=is_grads_batched)

    if not only_inputs:
        warnings.warn("only_inputs argument is deprecated and is ignored now "
                      "(defaults to True). To accumulate gradient for other "
                      "parts of the graph, please use torch.autograd.backward.")

    grad_outputs_ = _tensor_or_tensors_to_tuple(grad_outputs, len(t_outputs))
    grad_outputs_ = _make_grads(t_outputs, grad_outputs_, is_grads_batched=is_grads_batched)

    if retain_graph is None:
        retain_graph = create_graph

    if is_grads_batched:
        raise NotImplementedError("minaten: torch.autograd.grad has no is_grads_batched=True (no vmap)")
    return Variable._execution_engine.run_backward(  # the C engine: csrc/autograd/python_engine.c
        t_outputs, grad_outputs_, retain_graph, create_graph, t_inputs,
        allow_unused, accumulate_grad=False)


