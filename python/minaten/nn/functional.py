"""torch.nn.functional: the functions of 1.13's torch/nn/functional.py that
minaten provides (dropout).  PyTorch 1.13: torch/nn/functional.py
"""
from minaten import _C

_VF = _C._VariableFunctions


def dropout(input, p=0.5, training=True, inplace=False):
    """During training, randomly zeroes some of the elements of the input
    tensor with probability p using samples from a Bernoulli distribution.
    PyTorch 1.13: torch/nn/functional.py dropout"""
    if p < 0.0 or p > 1.0:
        raise ValueError("dropout probability has to be between 0 and 1, " "but got {}".format(p))
    return _VF.dropout_(input, p, training) if inplace else _VF.dropout(input, p, training)
