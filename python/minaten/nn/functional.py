"""torch.nn.functional: the functions of 1.13's torch/nn/functional.py that
minaten provides (dropout, softmax, log_softmax; linear, relu).  PyTorch 1.13: torch/nn/functional.py
"""
import warnings

import minaten as torch
from minaten import _C
from minaten.overrides import handle_torch_function, has_torch_function_unary

_VF = _C._VariableFunctions


def dropout(input, p=0.5, training=True, inplace=False):
    """During training, randomly zeroes some of the elements of the input
    tensor with probability p using samples from a Bernoulli distribution.
    PyTorch 1.13: torch/nn/functional.py dropout"""
    if p < 0.0 or p > 1.0:
        raise ValueError("dropout probability has to be between 0 and 1, " "but got {}".format(p))
    return _VF.dropout_(input, p, training) if inplace else _VF.dropout(input, p, training)


def _get_softmax_dim(name, ndim, stacklevel):
    """The dimension of an implicit softmax (deprecated, with a warning).
    PyTorch 1.13: torch/nn/functional.py _get_softmax_dim"""
    warnings.warn(
        "Implicit dimension choice for {} has been deprecated. "
        "Change the call to include dim=X as an argument.".format(name),
        stacklevel=stacklevel,
    )
    if ndim == 0 or ndim == 1 or ndim == 3:
        ret = 0
    else:
        ret = 1
    return ret


def softmax(input, dim=None, _stacklevel=3, dtype=None):
    """Applies a softmax function.  PyTorch 1.13: torch/nn/functional.py softmax"""
    if dim is None:
        dim = _get_softmax_dim("softmax", input.dim(), _stacklevel)
    if dtype is None:
        ret = input.softmax(dim)
    else:
        ret = input.softmax(dim, dtype=dtype)
    return ret


def log_softmax(input, dim=None, _stacklevel=3, dtype=None):
    """Applies a softmax followed by a logarithm.  PyTorch 1.13: torch/nn/functional.py log_softmax"""
    if dim is None:
        dim = _get_softmax_dim("log_softmax", input.dim(), _stacklevel)
    if dtype is None:
        ret = input.log_softmax(dim)
    else:
        ret = input.log_softmax(dim, dtype=dtype)
    return ret


# ---- linear, relu (issue 34) ------------------------------------
# linear is a builtin of torch._C._nn, as in 1.13.
linear = _C._nn.linear
relu_ = torch.relu_


def relu(input, inplace=False):
    """Applies the rectified linear unit function element-wise.
    PyTorch 1.13: torch/nn/functional.py relu"""
    if has_torch_function_unary(input):
        return handle_torch_function(relu, (input,), input, inplace=inplace)
    if inplace:
        result = torch.relu_(input)
    else:
        result = torch.relu(input)
    return result

