"""torch.nn.functional: the functions of 1.13's torch/nn/functional.py that
minaten provides (dropout, softmax, log_softmax, softmin; tanh, sigmoid;
normalize, one_hot; linear, relu, mse_loss; nll_loss, cross_entropy,
embedding; conv2d, max_pool2d).  PyTorch 1.13: torch/nn/functional.py
"""
import warnings

import minaten as torch
from minaten import _C
from minaten._jit_internal import boolean_dispatch
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
    if has_torch_function_unary(input):
        return handle_torch_function(softmax, (input,), input, dim=dim, _stacklevel=_stacklevel, dtype=dtype)
    if dim is None:
        dim = _get_softmax_dim("softmax", input.dim(), _stacklevel)
    if dtype is None:
        ret = input.softmax(dim)
    else:
        ret = input.softmax(dim, dtype=dtype)
    return ret


def log_softmax(input, dim=None, _stacklevel=3, dtype=None):
    """Applies a softmax followed by a logarithm.  PyTorch 1.13: torch/nn/functional.py log_softmax"""
    if has_torch_function_unary(input):
        return handle_torch_function(log_softmax, (input,), input, dim=dim, _stacklevel=_stacklevel, dtype=dtype)
    if dim is None:
        dim = _get_softmax_dim("log_softmax", input.dim(), _stacklevel)
    if dtype is None:
        ret = input.log_softmax(dim)
    else:
        ret = input.log_softmax(dim, dtype=dtype)
    return ret


def softmin(input, dim=None, _stacklevel=3, dtype=None):
    """Applies a softmin function: softmax of -input.  PyTorch 1.13: torch/nn/functional.py softmin"""
    if has_torch_function_unary(input):
        return handle_torch_function(softmin, (input,), input, dim=dim, _stacklevel=_stacklevel, dtype=dtype)
    if dim is None:
        dim = _get_softmax_dim("softmin", input.dim(), _stacklevel)
    if dtype is None:
        ret = (-input).softmax(dim)
    else:
        ret = (-input).softmax(dim, dtype=dtype)
    return ret


def tanh(input):
    """tanh(input) -> Tensor, deprecated for torch.tanh.  PyTorch 1.13: torch/nn/functional.py tanh"""
    warnings.warn("nn.functional.tanh is deprecated. Use torch.tanh instead.")
    return input.tanh()


def sigmoid(input):
    """sigmoid(input) -> Tensor, deprecated for torch.sigmoid.  PyTorch 1.13: torch/nn/functional.py sigmoid"""
    warnings.warn("nn.functional.sigmoid is deprecated. Use torch.sigmoid instead.")
    return input.sigmoid()


def normalize(input, p=2.0, dim=1, eps=1e-12, out=None):
    """L_p normalisation of input over dim: input / max(norm, eps).
    PyTorch 1.13: torch/nn/functional.py normalize"""
    if has_torch_function_variadic(input, out):
        return handle_torch_function(normalize, (input, out), input, p=p, dim=dim, eps=eps, out=out)
    if out is None:
        denom = input.norm(p, dim, keepdim=True).clamp_min(eps).expand_as(input)
        return input / denom
    else:
        denom = input.norm(p, dim, keepdim=True).clamp_min_(eps).expand_as(input)
        return torch.div(input, denom, out=out)


# one_hot is a builtin of torch._C._nn, as in 1.13 (ops/Onehot.c).
one_hot = _C._nn.one_hot


# ---- losses: nll_loss, cross_entropy (issue 34, i34loss) -------------------
# NB(minaten): 1.13 calls torch._C._nn.nll_loss_nd / cross_entropy_loss;
# minaten has no torch._C._nn and calls the same operators through torch.ops.aten.


def nll_loss(input, target, weight=None, size_average=None, ignore_index=-100, reduce=None, reduction="mean"):
    """The negative log likelihood loss.  PyTorch 1.13: torch/nn/functional.py nll_loss"""
    from minaten.overrides import handle_torch_function, has_torch_function_variadic
    if has_torch_function_variadic(input, target, weight):
        return handle_torch_function(nll_loss, (input, target, weight), input, target, weight=weight,
                                     size_average=size_average, ignore_index=ignore_index, reduce=reduce,
                                     reduction=reduction)
    if size_average is not None or reduce is not None:
        reduction = _Reduction.legacy_get_string(size_average, reduce)
    from minaten import ops
    return ops.aten.nll_loss_nd(input, target, weight, _Reduction.get_enum(reduction), ignore_index)


def cross_entropy(input, target, weight=None, size_average=None, ignore_index=-100, reduce=None, reduction="mean",
                  label_smoothing=0.0):
    """The cross entropy loss between input logits and target.
    PyTorch 1.13: torch/nn/functional.py cross_entropy"""
    from minaten.overrides import handle_torch_function, has_torch_function_variadic
    if has_torch_function_variadic(input, target, weight):
        return handle_torch_function(cross_entropy, (input, target, weight), input, target, weight=weight,
                                     size_average=size_average, ignore_index=ignore_index, reduce=reduce,
                                     reduction=reduction, label_smoothing=label_smoothing)
    if size_average is not None or reduce is not None:
        reduction = _Reduction.legacy_get_string(size_average, reduce)
    from minaten import ops
    return ops.aten.cross_entropy_loss(input, target, weight, _Reduction.get_enum(reduction), ignore_index,
                                       label_smoothing)


# ---- embedding (issue 34, i34loss) -----------------------------------------
def embedding(input, weight, padding_idx=None, max_norm=None, norm_type=2.0, scale_grad_by_freq=False, sparse=False):
    """The rows of weight that input's indices pick.
    NB(minaten): max_norm needs embedding_renorm_, which minaten does not
    have: NotImplementedError.  PyTorch 1.13: torch/nn/functional.py embedding"""
    from minaten.overrides import handle_torch_function, has_torch_function_variadic
    if has_torch_function_variadic(input, weight):
        return handle_torch_function(embedding, (input, weight), input, weight, padding_idx=padding_idx,
                                     max_norm=max_norm, norm_type=norm_type, scale_grad_by_freq=scale_grad_by_freq,
                                     sparse=sparse)
    if padding_idx is not None:
        if padding_idx > 0:
            assert padding_idx < weight.size(0), "Padding_idx must be within num_embeddings"
        elif padding_idx < 0:
            assert padding_idx >= -weight.size(0), "Padding_idx must be within num_embeddings"
            padding_idx = weight.size(0) + padding_idx
    else:
        padding_idx = -1
    if max_norm is not None:
        raise NotImplementedError("minaten: embedding with max_norm (embedding_renorm_) is not modelled")
    from minaten import _C
    return _C._VariableFunctions.embedding(weight, input, padding_idx, scale_grad_by_freq, sparse)


# ---- linear, relu, mse_loss (issue 34) ------------------------------------
# linear is a builtin of torch._C._nn, as in 1.13.
linear = _C._nn.linear
relu_ = torch.relu_
# gelu is a builtin of torch._C._nn too (issue 34, i34gelu).
gelu = _C._nn.gelu


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


def layer_norm(input, normalized_shape, weight=None, bias=None, eps=1e-5):
    """Applies Layer Normalization for last certain number of dimensions.
    PyTorch 1.13: torch/nn/functional.py layer_norm"""
    if has_torch_function_variadic(input, weight, bias):
        return handle_torch_function(
            layer_norm, (input, weight, bias), input, normalized_shape, weight=weight, bias=bias, eps=eps
        )
    # NB(minaten): 1.13 passes torch.backends.cudnn.enabled, True unless a
    # script turns cuDNN off; minaten has no torch.backends, and the CPU
    # kernel ignores the flag (deprecated in layer_norm's schema).
    return torch.layer_norm(input, normalized_shape, weight, bias, eps, True)


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


# ---- conv2d, max_pool2d (issue 34, i34conv) -------------------------------
# conv2d is torch.conv2d itself, as in 1.13 (_add_docstr(torch.conv2d, ...)).
conv2d = torch.conv2d


def max_pool2d_with_indices(input, kernel_size, stride=None, padding=0, dilation=1, ceil_mode=False,
                            return_indices=False):
    """Applies a 2D max pooling over an input signal composed of several input planes, with the indices.
    PyTorch 1.13: torch/nn/functional.py max_pool2d_with_indices"""
    if has_torch_function_unary(input):
        return handle_torch_function(
            max_pool2d_with_indices, (input,), input, kernel_size, stride=stride, padding=padding,
            dilation=dilation, ceil_mode=ceil_mode, return_indices=return_indices)
    if stride is None:
        stride = []
    return _C._nn.max_pool2d_with_indices(input, kernel_size, stride, padding, dilation, ceil_mode)


def _max_pool2d(input, kernel_size, stride=None, padding=0, dilation=1, ceil_mode=False, return_indices=False):
    """PyTorch 1.13: torch/nn/functional.py _max_pool2d"""
    if has_torch_function_unary(input):
        return handle_torch_function(
            max_pool2d, (input,), input, kernel_size, stride=stride, padding=padding, dilation=dilation,
            ceil_mode=ceil_mode, return_indices=return_indices)
    if stride is None:
        stride = []
    return torch.max_pool2d(input, kernel_size, stride, padding, dilation, ceil_mode)


max_pool2d = boolean_dispatch(
    arg_name="return_indices",
    arg_index=6,
    default=False,
    if_true=max_pool2d_with_indices,
    if_false=_max_pool2d,
    module_name=__name__,
    func_name="max_pool2d",
)
