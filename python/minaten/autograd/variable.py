"""torch.autograd.Variable, kept (as in 1.13) for the engine it carries:
`Variable._execution_engine.run_backward(...)` is how torch.autograd's
backward() and grad() enter C (csrc/autograd/python_engine.c).
isinstance(t, Variable) is isinstance(t, torch.Tensor).

NB(minaten): 1.13's Variable(data, requires_grad=...) constructor
(torch._C._LegacyVariableBase) is not modelled.

PyTorch 1.13: torch/autograd/variable.py
"""
import minaten as torch
from minaten._C import _ImperativeEngine as ImperativeEngine

__all__ = ["VariableMeta", "Variable"]


class VariableMeta(type):
    def __instancecheck__(cls, other):
        return isinstance(other, torch.Tensor)


class Variable(metaclass=VariableMeta):
    pass


Variable._execution_engine = ImperativeEngine()
