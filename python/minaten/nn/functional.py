"""torch.nn.functional: the functions of 1.13's torch/nn/functional.py that
minaten provides (dropout, softmax, log_softmax; linear, relu, mse_loss).  PyTorch 1.13: torch/nn/functional.py
"""
import warnings

import minaten as torch
from minaten import _C
from minaten.nn import _reduction as _Reduction
from minaten.overrides import handle_torch_function, has_torch_function_unary, has_torch_function_variadic

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


# ---- linear, relu, mse_loss (issue 34) ------------------------------------
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


def mse_loss(input, target, size_average=None, reduce=None, reduction="mean"):
    """Measures the element-wise mean squared error.  PyTorch 1.13: torch/nn/functional.py mse_loss"""
    if has_torch_function_variadic(input, target):
        return handle_torch_function(
            mse_loss, (input, target), input, target, size_average=size_average, reduce=reduce, reduction=reduction
        )
    if not (target.size() == input.size()):
        warnings.warn(
            "Using a target size ({}) that is different to the input size ({}). "
            "This will likely lead to incorrect results due to broadcasting. "
            "Please ensure they have the same size.".format(target.size(), input.size()),
            stacklevel=2,
        )
    if size_average is not None or reduce is not None:
        reduction = _Reduction.legacy_get_string(size_average, reduce)

    expanded_input, expanded_target = torch.broadcast_tensors(input, target)
    return _C._nn.mse_loss(expanded_input, expanded_target, _Reduction.get_enum(reduction))
