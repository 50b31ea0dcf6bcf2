"""Decompositions of ATen operators into others, written with torch's own
functions.  Registered at Meta by register_decomposition where an
operator has no Meta kernel; each is 1.13's, quirks kept (an out= overload
the function has no parameter for fails with Python's TypeError, as in
1.13: `mse_loss_backward() got an unexpected keyword argument
'grad_input'`).

NB(minaten): only the decompositions of operators minaten has that reach
the dispatcher (an operator without a Meta kernel of its own); 1.13's file
holds some two hundred more, for its Python dispatcher and its tracers.

PyTorch 1.13: torch/_decomp/decompositions.py
"""
from enum import Enum
from functools import partial, reduce, wraps
import operator

import minaten as torch
import minaten._prims_common as utils
from minaten import Tensor
from minaten._decomp import register_decomposition
from minaten.utils._pytree import tree_flatten, tree_map

aten = torch.ops.aten


class Reduction(Enum):
    NONE = 0
    MEAN = 1
    SUM = 2


def type_casts(f, type_promotion, compute_dtype_only=False):
    """f with its tensor arguments converted to the computation dtype of
    elementwise type promotion, and its results to the result dtype
    (unless compute_dtype_only)."""

    @wraps(f)
    def inner(*args, **kwargs):
        flat_args = [x for x in tree_flatten((args, kwargs))[0] if isinstance(x, Tensor)]
        computation_dtype, result_dtype = utils.elementwise_dtypes(*flat_args, type_promotion_kind=type_promotion)

        def increase_prec(x):
            return x.to(computation_dtype) if isinstance(x, Tensor) else x

        def decrease_prec(x):
            return x.to(result_dtype) if isinstance(x, Tensor) else x

        r = f(*tree_map(increase_prec, args), **tree_map(increase_prec, kwargs))
        return r if compute_dtype_only else tree_map(decrease_prec, r)

    return inner


pw_cast_for_opmath = partial(type_casts, type_promotion=utils.ELEMENTWISE_TYPE_PROMOTION_KIND.DEFAULT)
reduction_complex_to_real = partial(type_casts, type_promotion=utils.ELEMENTWISE_TYPE_PROMOTION_KIND.COMPLEX_TO_FLOAT)


def prod(xs):
    return reduce(operator.mul, xs, 1)


@register_decomposition(aten.mse_loss_backward)
@pw_cast_for_opmath
def mse_loss_backward(grad_output: Tensor, input: Tensor, target: Tensor, reduction: int):
    norm = 2.0 / input.numel() if reduction == Reduction.MEAN.value else 2.0
    return norm * (input - target) * grad_output


def _nll_loss_backward(grad_output, self, target, weight, reduction, ignore_index, total_weight):
    """-1 at each target class (scatter into zeros), times grad_output,
    weighted, divided by total_weight for a mean, 0 at ignore_index."""
    channel_dim = 0 if self.dim() < 2 else 1
    if reduction == Reduction.MEAN.value:
        grad_output = grad_output / total_weight
    target = target.unsqueeze(channel_dim)
    grad_input = torch.zeros_like(self)
    grad_input = torch.scatter(grad_input, channel_dim, target, -1.0)
    if grad_input.dim() > grad_output.dim() > 0:
        grad_output = grad_output.unsqueeze(channel_dim)
    if weight is not None:
        new_shape = [1 for _ in range(self.dim())]
        new_shape[channel_dim] = weight.shape[0]
        weight = weight.reshape(new_shape)
        grad_output = grad_output * weight
    if ignore_index >= 0:
        grad_output = torch.where(target != ignore_index, grad_output, 0)
    return grad_input * grad_output


@register_decomposition(aten.nll_loss2d_backward)
def nll_loss2d_backward(grad_output: Tensor, self: Tensor, target: Tensor, weight, reduction: int,
                        ignore_index: int, total_weight: Tensor) -> Tensor:
    assert self.dim() == 4, \
        f"only batches of spatial inputs supported (4D tensors), but got input of dimension: {self.dim()}"
    assert target.dim() == 3, \
        f"only batches of spatial targets supported (3D tensors) but got targets of dimension: {target.dim()}"
    assert self.shape[0] == target.shape[0] and self.shape[2] == target.shape[1] and \
        self.shape[3] == target.shape[2], f"size mismatch (got input: {self.shape}, target: {target.shape}"
    assert total_weight.numel() == 1, \
        f"expected total_weight to be a single element tensor, got: {total_weight.shape} ( {total_weight.numel()}, elements)"
    return _nll_loss_backward(grad_output, self, target, weight, reduction, ignore_index, total_weight)


@register_decomposition(aten.rsub.Tensor)
def rsub_Tensor(self: Tensor, other: Tensor, alpha: float = 1) -> Tensor:
    return torch.sub(other, self, alpha=alpha)


@register_decomposition(aten.embedding_dense_backward)
def embedding_dense_backward(grad_output: Tensor, indices: Tensor, num_weights: int, padding_idx: int,
                             scale_grad_by_freq: bool):
    """grad_output's rows accumulated into the rows their indices name,
    rows of padding_idx left out, each divided by how often its index
    occurs if scale_grad_by_freq."""
    numel = indices.numel()
    grad = grad_output.reshape(numel, grad_output.size(-1))
    grad_weight = grad_output.new_zeros((num_weights, grad_output.shape[-1]))
    indices_rank1 = indices.reshape(numel)
    if scale_grad_by_freq:
        counts = indices.new_zeros((num_weights,))
        ones = indices.new_ones((numel,))
        counts = counts.index_put([indices_rank1], ones, accumulate=True)
        grad_weights_scale = counts[indices_rank1]
        grad = grad / grad_weights_scale.unsqueeze(1)
    skip_padding = (indices_rank1 != padding_idx).unsqueeze(1)
    skip_padding = skip_padding.expand_as(grad)
    zero_grad = torch.full_like(grad, 0)
    return grad_weight.index_put([indices_rank1], torch.where(skip_padding, grad, zero_grad), accumulate=True)


def _maybe_cast(x, dtype):
    return x.to(dtype) if x is not None else x


@register_decomposition(aten.native_layer_norm_backward)
def native_layer_norm_backward(grad_out: Tensor, input: Tensor, normalized_shape, mean: Tensor, rstd: Tensor,
                               weight, bias, output_mask):
    """The three gradients of layer norm, over the normalized (inner)
    dimensions N and the others (outer) M, in the computation dtype:
    d_input = rstd / N * (N * g - sum(g) - x_hat * sum(g * x_hat)) with
    g = grad_out * weight; d_weight = sum over M of grad_out * x_hat;
    d_bias = sum over M of grad_out.  Each asked for by output_mask."""
    input_shape = input.shape
    input_ndim = input.dim()
    computation_dtype = utils.get_computation_dtype(input.dtype)
    grad_out_cast, input_cast, weight_cast, bias_cast = [
        x.to(computation_dtype).contiguous() if x is not None else x for x in (grad_out, input, weight, bias)]
    assert grad_out_cast is not None

    axis = input_ndim - len(normalized_shape)
    inner_dims = input_shape[axis:]
    outer_dims = input_shape[:axis]
    inner_dim_indices = [i for i in range(input_ndim) if i >= axis]
    outer_dim_indices = [i for i in range(input_ndim) if i < axis]

    N = prod(inner_dims)
    M = prod(outer_dims)
    if M <= 0 or N <= 0:
        return (input.new_zeros(input_shape) if output_mask[0] else None,
                input.new_zeros(input_shape[axis:]) if output_mask[1] and weight_cast else None,
                input.new_zeros(input_shape[axis:]) if output_mask[2] and bias_cast else None)

    x_hat = (input_cast - mean) * rstd
    grad_x_hat = grad_out_cast * weight_cast if weight_cast is not None else grad_out_cast
    a = grad_x_hat * N
    b = torch.sum(grad_x_hat, inner_dim_indices, True)
    c1 = torch.mul(grad_x_hat, x_hat)
    c2 = torch.sum(c1, inner_dim_indices, True)
    c3 = torch.mul(x_hat, c2)
    inner = a - b - c3

    d_input = d_weight = d_bias = None
    if output_mask[0]:
        d_input = (rstd / N) * inner
    if output_mask[1] and weight_cast is not None:
        if len(outer_dim_indices) > 0:
            d_weight = torch.sum(grad_out_cast * x_hat, outer_dim_indices, False)
        else:
            d_weight = grad_out_cast * x_hat
    if output_mask[2] and bias_cast is not None:
        if len(outer_dim_indices) > 0:
            d_bias = torch.sum(grad_out_cast, outer_dim_indices, False)
        else:
            d_bias = grad_out_cast.clone()
    return _maybe_cast(d_input, input.dtype), _maybe_cast(d_weight, input.dtype), _maybe_cast(d_bias, input.dtype)


@register_decomposition(aten.var.correction)
@reduction_complex_to_real
def var_correction(x: Tensor, dim, correction=None, keepdim: bool = False):
    """sum((x - mean)^2) / (n - correction) over dim (all of x for
    None); a complex x: the variances of its real and imaginary parts,
    added."""
    dims = [] if dim is None else dim
    if x.is_complex():
        var_real = torch.var(x.real, dims, correction=correction, keepdim=keepdim)
        var_imag = torch.var(x.imag, dims, correction=correction, keepdim=keepdim)
        return var_real + var_imag
    if correction is None:
        correction = 1
    if len(dims) == 0:
        n = prod(x.shape)
    else:
        n = 1
        for d in dims:
            n *= x.shape[d]
    mean = torch.mean(x, dims, True)
    sub = x - mean
    sq = sub * sub
    sum = torch.sum(sq, dims, keepdim)
    if correction:
        n = n - correction
    return sum / n


@register_decomposition(aten.std.correction)
@reduction_complex_to_real
def std_decomposition(x: Tensor, dim, correction=None, keepdim: bool = False):
    return torch.sqrt(torch.var(x, dim, correction=correction, keepdim=keepdim))
