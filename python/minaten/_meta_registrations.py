"""Meta kernels written in Python, registered at the Meta key when
`import torch` runs, as 1.13's torch/__init__.py imports its own
_meta_registrations: they show in `torch._C._dispatch_dump_table(op)` as a
Meta `[kernel]` "registered at /dev/null:LINE" (Note [Python kernels] in
csrc/utils/python_dispatch.c).  Each computes its result's shape and dtype
from the arguments, and makes it with new_empty or an out= resize: what a
meta tensor needs, nothing computed.

Importing this module first imports torch._decomp, whose decompositions
and references register at Meta where an operator has no Meta kernel yet;
then come the functions here, each registered unconditionally.

NB(minaten): of 1.13's registrations, those for operators minaten does not
have are left out (the FFTs, reflection_pad2d, _adaptive_avg_pool2d/3d,
vdot, addbmm, _cdist_forward, _embedding_bag, nansum), and so are those
1.13 writes with register_dispatcher=False (copy_, mm, avg_pool2d, index,
zero_, fill, relu_, index_put(_), masked_fill_, alias, bmm,
max_pool2d_with_indices): 1.13 keeps them in meta_table for its Python
dispatcher and never registers them with the dispatcher; minaten has no
Python dispatcher.  Some of these functions are quirky, and minaten keeps
the quirks: `full` and `arange` on meta tensors ignore what the fill value
or the end would say about the dtype, and the *_like ones pass on keyword
arguments only.

PyTorch 1.13: torch/_meta_registrations.py
"""
import math

import minaten as torch
import minaten._decomp  # noqa: F401  (registers the decompositions first, as 1.13's import of torch._refs does)
import minaten._prims_common as utils
from minaten._prims_common import (check, corresponding_complex_dtype, corresponding_real_dtype, elementwise_dtypes,
                                   ELEMENTWISE_TYPE_PROMOTION_KIND)
from minaten._prims_common.wrappers import out_wrapper
from minaten._refs import _broadcast_shapes
from minaten.utils._pytree import tree_map

aten = torch.ops.aten

_meta_lib_dont_use_me_use_register_meta = torch.library.Library("aten", "IMPL", "Meta")

meta_table = {}


def register_meta(op):
    """Registers the function at Meta for op, an OpOverload or a list of
    them, and records it in meta_table."""
    def wrapper(f):
        def add_func(op):
            meta_table[op] = f
            name = op.__name__ if op._overloadname != "default" else op.overloadpacket.__name__
            _meta_lib_dont_use_me_use_register_meta.impl(name, f)

        tree_map(add_func, op)
        return f

    return wrapper


@register_meta(aten.randperm.generator_out)
def meta_randperm(n, *, generator=None, out):
    assert out.ndim == 1 and out.size(0) == n
    return out


@register_meta(aten.index_select.default)
def meta_index_select(self, dim, index):
    result_size = list(self.size())
    if self.dim() > 0:
        result_size[dim] = index.numel()
    return self.new_empty(result_size)


@register_meta(aten.index_select.out)
def meta_index_select_out(self, dim, index, out):
    torch._resize_output_(out, self.size(), self.device)
    return out.copy_(torch.index_select(self, dim, index))


@register_meta([aten.max.default, aten.min.default])
def meta_max(self):
    return self.new_empty(())


@register_meta(aten.angle.default)
def meta_angle(self):
    if self.is_complex():
        result_dtype = corresponding_real_dtype(self.dtype)
    else:
        _, result_dtype = elementwise_dtypes(self, type_promotion_kind=ELEMENTWISE_TYPE_PROMOTION_KIND.INT_TO_FLOAT)
    return self.new_empty(self.size(), dtype=result_dtype)


@register_meta(aten.angle.out)
def meta_angle_out(self, out):
    torch._resize_output_(out, self.size(), self.device)
    return out.copy_(torch.angle(self))


def dot_check(self, other):
    check(self.dim() == 1 and other.dim() == 1,
          lambda: f"1D tensors expected, but got {self.dim()}D and {other.dim()}D tensors")


@register_meta(aten.dot.default)
def meta_dot(self, tensor):
    dot_check(self, tensor)
    return self.new_empty(())


@register_meta(aten.bernoulli.out)
def meta_bernoulli(self, *, generator=None, out):
    torch._resize_output_(out, self.size(), self.device)
    return out


@register_meta(aten.convolution.default)
def meta_conv(input_tensor, weight, bias, stride, padding, dilation, is_transposed, output_padding, groups):
    """The output of a convolution: batch, output channels, and each
    spatial size by the formula of torch.nn.Conv*d (ConvTranspose*d when
    transposed; output_padding marks it), laid out channels-last if the
    input is, else contiguous."""

    def _formula(ln, p, d, k, s):
        return (ln + 2 * p - d * (k - 1) - 1) // s + 1

    def _formula_transposed(ln, p, d, k, s, op):
        return (ln - 1) * s - 2 * p + d * (k - 1) + op + 1

    def per_dim(value, n):
        if isinstance(value, int):
            return [value] * n
        return [value[0]] * n if len(value) == 1 else value

    def calc_conv_nd_return_shape(dims, kernel_size, stride, padding, dilation, output_padding=None):
        stride, padding, dilation = (per_dim(v, len(dims)) for v in (stride, padding, dilation))
        output_padding_list = per_dim(output_padding, len(dims)) if output_padding else None
        ret_shape = []
        for i in range(len(dims)):
            # an output_padding means a transposed convolution
            if output_padding_list:
                ret_shape.append(_formula_transposed(dims[i], padding[i], dilation[i], kernel_size[i], stride[i],
                                                     output_padding_list[i]))
            else:
                ret_shape.append(_formula(dims[i], padding[i], dilation[i], kernel_size[i], stride[i]))
        return ret_shape

    def pick_memory_format():
        # 1.13 takes the device of a plain meta tensor to be "cuda", where
        # only the input's layout counts; its other case looks at the weight too
        if utils.suggest_memory_format(input_tensor) == torch.channels_last or \
                utils.suggest_memory_format(weight) == torch.channels_last:
            return torch.channels_last
        if input_tensor.is_contiguous(memory_format=torch.contiguous_format):
            return torch.contiguous_format
        if input_tensor.is_contiguous(memory_format=torch.preserve_format):
            return torch.preserve_format

    kernel_size = weight.shape[2:]
    dims = input_tensor.shape[2:]
    if is_transposed:
        out_channels = groups * weight.shape[1]
        shape_out = calc_conv_nd_return_shape(dims, kernel_size, stride, padding, dilation, output_padding)
    else:
        out_channels = weight.shape[0]
        if weight.shape[1] * groups != input_tensor.shape[1]:
            raise RuntimeError("Invalid channel dimensions")
        shape_out = calc_conv_nd_return_shape(dims, kernel_size, stride, padding, dilation)
    out = input_tensor.new_empty((input_tensor.shape[0], out_channels, *shape_out))
    return out.to(memory_format=pick_memory_format())


@register_meta(aten.repeat_interleave.Tensor)
def meta_repeat_interleave_Tensor(repeats, output_size=None):
    if output_size is None:
        raise RuntimeError("cannot repeat_interleave a meta tensor without output_size")
    return repeats.new_empty(output_size)


@register_meta([aten.complex.default, aten.complex.out])
@out_wrapper()
def meta_complex(real, imag):
    assert real.dtype.is_floating_point
    assert imag.dtype.is_floating_point
    out_shape = _broadcast_shapes(real.shape, imag.shape)
    return real.new_empty(out_shape, dtype=corresponding_complex_dtype(real.dtype))


@register_meta([aten.diag.default, aten.diag.out])
@out_wrapper()
def meta_diag(self, dim=0):
    check(self.dim() in (1, 2), lambda: "matrix or a vector expected")
    if self.dim() == 1:
        sz = self.size(0) + abs(dim)
        return self.new_empty((sz, sz))
    # a matrix: its diagonal dim
    if dim >= 0:
        sz = min(self.size(0), self.size(1) - dim)
    else:
        sz = min(self.size(0) + dim, self.size(1))
    return self.new_empty((sz,))


def _compute_reduction_shape(self, dims, keepdim):
    if keepdim:
        return tuple(self.shape[i] if i not in dims else 1 for i in range(self.ndim))
    return utils.compute_reduction_output_shape(self.shape, dims)


@register_meta(aten.nanmedian.default)
def meta_nanmedian(input):
    output_shape = utils.compute_reduction_output_shape(input.shape, tuple(range(input.dim())))
    return input.new_empty(output_shape)


@register_meta([aten.nanmedian.dim, aten.nanmedian.dim_values])
@out_wrapper("values", "indices")
def meta_nanmedian_dim(input, dim=-1, keepdim=False):
    dim = utils.reduction_dims(input.shape, (dim,))
    output_shape = _compute_reduction_shape(input, dim, keepdim)
    return input.new_empty(output_shape), input.new_empty(output_shape, dtype=torch.long)


@register_meta(aten.logical_not_.default)
def meta_logical_not_(self):
    return self


@register_meta(aten.repeat.default)
def meta_repeat(self, repeats):
    check(len(repeats) >= self.dim(),
          lambda: "Number of dimensions of repeat dims can not be smaller than number of dimensions of tensor")
    # new leading dimensions of size 1 where repeats has more
    num_new_dimensions = len(repeats) - self.dim()
    padded_size = (1,) * num_new_dimensions + tuple(self.shape)
    target_size = [padded_size[i] * repeats[i] for i in range(len(repeats))]
    return self.new_empty(target_size)


@register_meta([aten.full.default])
def full(size, fill_value, *args, **kwargs):
    return torch.empty(size, *args, **kwargs)


@register_meta([aten.randint_like.default, aten.randint_like.low_dtype, aten.randn_like.default,
                aten.rand_like.default, aten.full_like.default, aten.zeros_like.default, aten.ones_like.default])
def meta_like(self, *args, **kwargs):
    return aten.empty_like.default(self, **kwargs)


@register_meta(aten.arange.default)
def arange(end, **kwargs):
    if isinstance(end, float):
        end = math.ceil(end)
    # an integral end gives int64, whatever start (arange_start) was
    if kwargs.get("dtype", None) is None and isinstance(end, (int, bool)):
        kwargs["dtype"] = torch.int64
    return aten.empty([end], **kwargs)


@register_meta(aten.arange.start)
def arange_start(start, end, **kwargs):
    return aten.arange(end - start, **kwargs)
