"""The primitives 1.13's references are written on, as their meta
functions: each returns a new meta tensor (TensorMeta, an empty_strided)
with the shape, strides and dtype 1.13's prim gives its output.

NB(minaten): in 1.13 these are operators of their own namespace, prims::
(with a Meta kernel, and CPU and CUDA ones that run the computation);
here they are plain Python functions, because minaten's references run
only as Meta kernels (torch._decomp registers them there), on meta tensors.
Only the primitives minaten's references call are here.

PyTorch 1.13: torch/_prims/__init__.py (TensorMeta, _elementwise_meta and
the meta function of each prim)
"""
from enum import Enum
from numbers import Number

import minaten as torch
import minaten._prims_common as utils
from minaten._prims_common import TensorLike


def TensorMeta(tensorlike=None, *, shape=None, strides=None, dtype=None, device=None):
    """A new tensor like tensorlike (its shape, strides, dtype and device),
    each replaced by what is given."""
    if isinstance(tensorlike, Number):
        inferred = (), (), utils.type_to_dtype(type(tensorlike)), torch.device("cpu")
    elif tensorlike is not None:
        inferred = tuple(tensorlike.shape), tuple(tensorlike.stride()), tensorlike.dtype, tensorlike.device
    else:
        inferred = None, None, None, None
    shape = inferred[0] if shape is None else tuple(shape)
    strides = inferred[1] if strides is None else tuple(strides)
    dtype = inferred[2] if dtype is None else dtype
    device = inferred[3] if device is None else device
    if isinstance(device, str):
        device = torch.device(device)
    return torch.empty_strided(shape, strides, dtype=dtype, device=device)


class ELEMENTWISE_PRIM_TYPE_PROMOTION_KIND(Enum):
    DEFAULT = (0,)
    ALWAYS_BOOL = (2,)
    COMPLEX_TO_FLOAT = (3,)


def _elementwise_meta(*args, type_promotion, args_with_fixed_dtypes=None):
    """The output of an elementwise prim: the inputs (already promoted and
    broadcast by the reference) must agree in dtype, device and shape; the
    strides follow theirs (compute_elementwise_output_strides); the dtype
    is theirs, bool or real as type_promotion says."""
    utils.check_same_dtype(*args)
    args_ = list(args) + list(args_with_fixed_dtypes or ())
    utils.check_same_device(*args_, allow_cpu_scalar_tensors=True)
    utils.check_same_shape(*args_, allow_cpu_scalar_tensors=True)
    strides = utils.compute_elementwise_output_strides(*args_)
    shape = utils.extract_shape(*args_, allow_cpu_scalar_tensors=True)

    # the dtype of the first tensor that is no CPU scalar (else of the last
    # CPU scalar), else the type of a number
    dtype = scalar_type = None
    for arg in args:
        if isinstance(arg, TensorLike):
            dtype = arg.dtype
            if not utils.is_cpu_scalar_tensor(arg):
                break
        elif isinstance(arg, Number):
            scalar_type = type(arg)
    if dtype is None and scalar_type is not None:
        dtype = utils.type_to_dtype(scalar_type)
    device = next((arg.device for arg in args_ if isinstance(arg, TensorLike)), None)
    assert device is not None, "an elementwise prim of numbers only"
    if type_promotion == ELEMENTWISE_PRIM_TYPE_PROMOTION_KIND.ALWAYS_BOOL:
        dtype = torch.bool
    elif type_promotion == ELEMENTWISE_PRIM_TYPE_PROMOTION_KIND.COMPLEX_TO_FLOAT and utils.is_complex_dtype(dtype):
        dtype = utils.corresponding_real_dtype(dtype)
    return TensorMeta(device=device, shape=shape, strides=strides, dtype=dtype)


def _unary(type_promotion):
    return lambda a: _elementwise_meta(a, type_promotion=type_promotion)


def _binary(type_promotion):
    return lambda a, b: _elementwise_meta(a, b, type_promotion=type_promotion)


_DEFAULT = ELEMENTWISE_PRIM_TYPE_PROMOTION_KIND.DEFAULT

abs = _unary(ELEMENTWISE_PRIM_TYPE_PROMOTION_KIND.COMPLEX_TO_FLOAT)
conj_physical = _unary(_DEFAULT)
sqrt = _unary(_DEFAULT)
bitwise_and = _binary(_DEFAULT)
bitwise_or = _binary(_DEFAULT)
bitwise_xor = _binary(_DEFAULT)
div = _binary(_DEFAULT)
remainder = _binary(_DEFAULT)
ne = _binary(ELEMENTWISE_PRIM_TYPE_PROMOTION_KIND.ALWAYS_BOOL)


def where(pred, a, b):
    """a where pred, else b: pred's dtype takes no part."""
    return _elementwise_meta(a, b, type_promotion=_DEFAULT, args_with_fixed_dtypes=(pred,))


def convert_element_type(a, dtype):
    return TensorMeta(a, strides=utils.compute_elementwise_output_strides(a), dtype=dtype)


to_dtype = convert_element_type


def rev(a, dims):
    """Reversed along dims: a tensor like a."""
    utils.validate_dimension_indices(a.ndim, dims)
    return TensorMeta(a)


def _reduction_meta(inp, dims, *, output_dtype=None):
    """A reduction's output: the dimensions dims removed, contiguous."""
    output_shape = utils.compute_reduction_output_shape(inp.shape, dims)
    return TensorMeta(shape=output_shape, strides=utils.make_contiguous_strides_for(output_shape),
                      dtype=inp.dtype if output_dtype is None else output_dtype, device=inp.device)


def sum(inp, dims):
    return _reduction_meta(inp, dims)


def prod(inp, dims):
    return _reduction_meta(inp, dims)


def var(inp, dims, *, correction):
    """A variance: real for a complex input."""
    dtype = utils.corresponding_real_dtype(inp.dtype) if utils.is_complex_dtype(inp.dtype) else inp.dtype
    return _reduction_meta(inp, dims, output_dtype=dtype)


def broadcast_in_dim(a, shape, broadcast_dimensions):
    """a with dimension broadcast_dimensions[i] of shape holding a's
    dimension i, others (and a's size-1 dimensions stretched) of stride 0."""
    assert a.ndim == len(broadcast_dimensions) and len(shape) >= a.ndim
    assert list(broadcast_dimensions) == sorted(set(broadcast_dimensions)) and \
        all(0 <= d < len(shape) for d in broadcast_dimensions)
    new_strides = []
    original_idx = 0
    for idx in range(len(shape)):
        if idx in broadcast_dimensions:
            new_strides.append(0 if a.shape[original_idx] != shape[idx] else a.stride()[original_idx])
            original_idx += 1
        else:
            new_strides.append(0)
    return TensorMeta(a, shape=shape, strides=new_strides)
