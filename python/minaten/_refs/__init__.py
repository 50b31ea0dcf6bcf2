"""References: ATen operators written in Python, as 1.13's PrimTorch
writes them, each registered with torch._decomp as its operator's
decomposition, and so as its Meta kernel where the operator has none.

Each reference checks its arguments with 1.13's messages, promotes dtypes
(elementwise_type_promotion_wrapper), broadcasts (_maybe_broadcast) and
calls torch's operators or the primitives of torch._prims; the out= forms
come from out_wrapper.  A quirk kept: a broadcast failure reads
`RuntimeError: ('Attempting to broadcast a dimension of length ', '2',
'!')`, because 1.13 raises the error with three arguments.

NB(minaten): only the references whose operators get them as Meta kernels
in minaten (they have no other), and those those call.  Where 1.13's
reference reaches its result through a chain of other references
(floor_divide's exact floor, tril_indices' arithmetic), minaten's keeps
1.13's checks and gives the tensor the chain ends with, on meta tensors
the same shape, strides and dtype; which is all a Meta kernel computes.

PyTorch 1.13: torch/_refs/__init__.py
"""
from collections.abc import Iterable
from functools import partial, reduce
from numbers import Number
import operator

import minaten as torch
import minaten._prims as prims
import minaten._prims_common as utils
from minaten import Tensor
from minaten._prims_common import (check, ELEMENTWISE_TYPE_PROMOTION_KIND, REDUCTION_OUTPUT_TYPE_KIND,
                                   TensorLike)
from minaten._prims_common.wrappers import (_maybe_convert_to_dtype, _maybe_resize_out, _safe_copy_out,
                                            elementwise_type_promotion_wrapper, out_wrapper)

aten = torch.ops.aten


def _broadcast_shapes(*_shapes):
    """The shape the given shapes broadcast to (None for none)."""
    shapes = tuple((x,) if isinstance(x, int) else x for x in _shapes if x is not None)
    if len(shapes) == 0:
        return None
    common_shape = [1] * reduce(max, (len(shape) for shape in shapes))
    for shape in shapes:
        for idx in range(-1, -1 - len(shape), -1):
            if common_shape[idx] == 1:
                if shape[idx] < 0:
                    raise ValueError("Attempting to broadcast a dimension with negative length!")
                common_shape[idx] = shape[idx]
            elif shape[idx] != 1 and common_shape[idx] != shape[idx]:
                # sic: three arguments, printed as a tuple
                raise RuntimeError("Attempting to broadcast a dimension of length ", str(shape[idx]), "!")
    return common_shape


def _maybe_broadcast(*args, preserve_cpu_scalar_tensors=True):
    """Each tensor expanded to the common shape (numbers, None and CPU
    scalars as they are)."""
    common_shape = _broadcast_shapes(*(t.shape if isinstance(t, TensorLike) else None for t in args))

    def __maybe_broadcast(x):
        if x is None or isinstance(x, Number):
            return x
        if not isinstance(x, TensorLike):
            raise RuntimeError("Unexpected type when broadcasting: " + str(type(x)) + "!")
        if preserve_cpu_scalar_tensors and utils.is_cpu_scalar_tensor(x):
            return x
        return x if utils.same_shape(x.shape, common_shape) else x.expand(common_shape)

    return tuple(__maybe_broadcast(x) for x in args)


# Utilities come before this import: torch._decomp imports this module
from minaten._decomp import register_decomposition  # noqa: E402

infer_aten_op = object()


def _make_elementwise_unary_reference(type_promotion_kind, *, aten_op=infer_aten_op, disable_meta=False):
    """A decorator: prim(a) becomes a reference with type promotion and
    out=, registered for aten_op (by default the operator of prim's name).
    NB(minaten): 1.13 also lets the reference take a Python number (its
    elementwise_unary_scalar_wrapper); a Meta kernel is only ever given a
    tensor, so minaten leaves that out."""
    def inner(prim):
        nonlocal aten_op

        @out_wrapper()
        @elementwise_type_promotion_wrapper(type_promoting_args=("a",), type_promotion_kind=type_promotion_kind)
        def _ref(a):
            if not isinstance(a, TensorLike):
                raise RuntimeError("Expected a tensor input for an elementwise unary operation!")
            return prim(a)

        _ref.__name__ = _ref.__qualname__ = prim.__name__
        if aten_op is infer_aten_op:
            aten_op = getattr(aten, prim.__name__)
        if aten_op is not None:
            register_decomposition(aten_op, disable_meta=disable_meta)(_ref)
        return _ref

    return inner


def _make_elementwise_binary_reference(prim, *, type_promotion_kind, aten_op=infer_aten_op, has_out=True,
                                       supports_lhs_python_scalar=True, supports_rhs_python_scalar=True,
                                       disable_meta=False):
    """prim(a, b) as a reference: type promotion, the scalar checks,
    broadcasting, out= (has_out), registered for aten_op."""
    @elementwise_type_promotion_wrapper(type_promoting_args=("a", "b"), type_promotion_kind=type_promotion_kind)
    def _ref(a, b):
        if not supports_lhs_python_scalar and isinstance(a, Number):
            raise ValueError("Received a lhs Python scalar to an elementwise binary operation that does not accept lhs scalars!")
        if not supports_rhs_python_scalar and isinstance(b, Number):
            raise ValueError("Received a rhs Python scalar to an elementwise binary operation that does not accept rhs scalars!")
        if isinstance(a, Number) and isinstance(b, Number):
            raise ValueError("Receive two Number inputs to an elementwise binary operation!")
        a, b = _maybe_broadcast(a, b)
        return prim(a, b)

    if has_out:
        _ref = out_wrapper()(_ref)
    if aten_op is infer_aten_op:
        aten_op = getattr(aten, prim.__name__.split(".")[0])
    if aten_op is not None:
        register_decomposition(aten_op, disable_meta=disable_meta)(_ref)
    return _ref


# ---- elementwise unary

@_make_elementwise_unary_reference(ELEMENTWISE_TYPE_PROMOTION_KIND.COMPLEX_TO_FLOAT)
def abs(a):
    return prims.abs(a)


@register_decomposition(aten.conj_physical)
@out_wrapper()
def conj_physical(input):
    if not utils.is_complex_dtype(input.dtype):
        return input
    return prims.conj_physical(input)


@_make_elementwise_unary_reference(ELEMENTWISE_TYPE_PROMOTION_KIND.ALWAYS_BOOL)
def isnan(a):
    return prims.ne(a, a)


@_make_elementwise_unary_reference(ELEMENTWISE_TYPE_PROMOTION_KIND.INT_TO_FLOAT, aten_op=None)
def sqrt(a):
    # NB(minaten): 1.13 registers it for aten.sqrt, which has a Meta kernel
    return prims.sqrt(a)


@_make_elementwise_unary_reference(ELEMENTWISE_TYPE_PROMOTION_KIND.ALWAYS_BOOL, aten_op=aten.logical_not)
def logical_not(a):
    if not utils.is_boolean_dtype(a.dtype):
        return a == 0
    return ~a


# ---- elementwise binary

def scalar_tensor(a, *, dtype=None, device=None):
    """A 0-dim tensor of a (a CPU one unless device says otherwise)."""
    dtype = dtype if dtype is not None else utils.type_to_dtype(type(a))
    return torch.scalar_tensor(a, dtype=dtype, device=device if device is not None else "cpu")


def _floor_divide(a, b):
    """a // b rounded towards minus infinity.  NB(minaten): the floor
    division itself is one prim here (see the module's note); 1.13's
    _floor_divide_integer and _floor_divide_float compute it from div,
    fmod, signbit, where and copysign, with the same result tensor."""
    if isinstance(a, Number) and isinstance(b, Number):
        a, b = scalar_tensor(a), scalar_tensor(b)
    elif isinstance(b, Number) and isinstance(a, Tensor):
        b = scalar_tensor(b, dtype=a.dtype, device=a.device)
    elif isinstance(a, Number) and isinstance(b, Tensor):
        a = scalar_tensor(a, dtype=b.dtype, device=b.device)
    elif isinstance(a, Tensor) and isinstance(b, Tensor) and a.device != b.device:
        if a.device == torch.device("cpu"):
            raise RuntimeError("Expected divisor (b) to be on the same device ({0}) as dividend (a), but it is found on {1}!".format(
                a.device, b.device))
        b = b.to(device=a.device)
    dtype = a.dtype
    check(utils.is_float_dtype(dtype) or utils.is_integer_dtype(dtype),
          lambda: f"{dtype} not supported for floor_divide")
    a, b = _maybe_broadcast(a, b)
    return prims.div(a, b)


floor_divide = _make_elementwise_binary_reference(_floor_divide, type_promotion_kind=ELEMENTWISE_TYPE_PROMOTION_KIND.DEFAULT,
                                                  aten_op=aten.floor_divide)

# NB(minaten): 1.13 registers these for aten.bitwise_or/bitwise_xor/true_divide,
# which have Meta kernels (or are CompositeImplicitAutograd)
bitwise_or = _make_elementwise_binary_reference(prims.bitwise_or, type_promotion_kind=ELEMENTWISE_TYPE_PROMOTION_KIND.DEFAULT,
                                                aten_op=None)
bitwise_xor = _make_elementwise_binary_reference(prims.bitwise_xor,
                                                 type_promotion_kind=ELEMENTWISE_TYPE_PROMOTION_KIND.DEFAULT, aten_op=None)
true_divide = _make_elementwise_binary_reference(prims.div, type_promotion_kind=ELEMENTWISE_TYPE_PROMOTION_KIND.INT_TO_FLOAT,
                                                 aten_op=None)


def _logical_and(a, b):
    if not utils.is_boolean_dtype(a.dtype):
        a = a != 0
    if not utils.is_boolean_dtype(b.dtype):
        b = b != 0
    return a & b


def _logical_or(a, b):
    if not utils.is_boolean_dtype(a.dtype):
        a = a != 0
    if not utils.is_boolean_dtype(b.dtype):
        b = b != 0
    return bitwise_or(a, b)


def _logical_xor(a, b):
    if not utils.is_boolean_dtype(a.dtype):
        a = a != 0
    if not utils.is_boolean_dtype(b.dtype):
        b = b != 0
    return a ^ b


logical_and = _make_elementwise_binary_reference(_logical_and, type_promotion_kind=ELEMENTWISE_TYPE_PROMOTION_KIND.ALWAYS_BOOL,
                                                 aten_op=aten.logical_and)
logical_or = _make_elementwise_binary_reference(_logical_or, type_promotion_kind=ELEMENTWISE_TYPE_PROMOTION_KIND.ALWAYS_BOOL,
                                                aten_op=aten.logical_or)
logical_xor = _make_elementwise_binary_reference(_logical_xor, type_promotion_kind=ELEMENTWISE_TYPE_PROMOTION_KIND.ALWAYS_BOOL,
                                                 aten_op=aten.logical_xor)
remainder = _make_elementwise_binary_reference(prims.remainder, type_promotion_kind=ELEMENTWISE_TYPE_PROMOTION_KIND.DEFAULT,
                                               aten_op=aten.remainder)


@register_decomposition(aten.where)
@out_wrapper()
@elementwise_type_promotion_wrapper(type_promoting_args=("a", "b"),
                                    type_promotion_kind=ELEMENTWISE_TYPE_PROMOTION_KIND.NO_OPMATH)
def where(pred, a=None, b=None):
    if a is None or b is None:
        raise NotImplementedError
    utils.check_same_device(pred, a, b, allow_cpu_scalar_tensors=True)
    check(pred.dtype is torch.bool, lambda: f"expected predicate to be bool, got {pred.dtype}")
    pred, a, b = _maybe_broadcast(pred, a, b)
    return prims.where(pred, a, b)


# ---- reductions

def _reduction(a, prim, *, has_identity=True, accepts_dim_tuple=True, dims=None, keepdims=False, dtype=None,
               out=None, output_dtype_kind):
    """prim over dims of a converted to the computation dtype, the reduced
    dimensions kept as size 1 (keepdims), then converted to the result
    dtype or copied into out."""
    assert isinstance(a, TensorLike)
    if a.ndim > 64:
        raise RuntimeError("Received a tensor with {0} dimensions, but only tensors with up to 64 dims are supported!".format(
            a.ndim))
    if out is not None and dtype is not None and dtype != out.dtype:
        raise RuntimeError("dtype argument and out dtype must match in reduction")
    if not accepts_dim_tuple:
        assert dims is None or isinstance(dims, int)
    if isinstance(dims, int):
        dims = (dims,)
    dims = utils.reduction_dims(a.shape, dims)
    if not has_identity and not (a.ndim == 0 or all(a.shape[i] for i in dims)):
        raise RuntimeError("reducing over zero-size dimension for reduction operation without identity")
    computation_dtype, result_dtype = utils.reduction_dtypes(a, output_dtype_kind, dtype)
    result = prim(prims.convert_element_type(a, computation_dtype), dims)
    if keepdims:
        output_shape = [a.shape[i] if i not in dims else 1 for i in range(a.ndim)]
        result = prims.broadcast_in_dim(result, output_shape, [i for i in range(a.ndim) if i not in dims])
    if out is not None:
        assert result_dtype is not None
        if dtype is not None and result_dtype != out.dtype:
            raise RuntimeError("Expected the dtype of reduction result and out to match")
        out = _maybe_resize_out(out, result.shape)
        return _safe_copy_out(copy_from=result, copy_to=out)
    if result.dtype != result_dtype and result_dtype is not None:
        result = prims.convert_element_type(result, result_dtype)
    return result


@register_decomposition(aten.prod)
def prod(a, dim=None, keepdim=False, *, dtype=None, out=None):
    if dtype is None:
        dtype = torch.int64 if utils.is_boolean_dtype(a.dtype) or utils.is_integer_dtype(a.dtype) else a.dtype
    if dim == () or dim == []:
        dim = None
    return _reduction(a, prims.prod, dims=dim, keepdims=keepdim, dtype=dtype, out=out,
                      output_dtype_kind=REDUCTION_OUTPUT_TYPE_KIND.SAME)


def _dim_var_dispatch(dim=None, unbiased=None):
    # var(a, True): the bool is unbiased, not a dim
    if unbiased is None and isinstance(dim, bool):
        unbiased, dim = dim, None
    return dim, unbiased


def var(a, dim=None, unbiased=None, keepdim=False, *, correction=None):
    dim, unbiased = _dim_var_dispatch(dim, unbiased)
    correction = utils.set_correction(unbiased, correction)
    if dim == () or dim == []:
        dim = None
    return _reduction(a, partial(prims.var, correction=correction), dims=dim, keepdims=keepdim, dtype=None, out=None,
                      has_identity=True, output_dtype_kind=REDUCTION_OUTPUT_TYPE_KIND.COMPLEX_TO_FLOAT)


def std(a, dim=None, unbiased=None, keepdim=False, *, correction=None):
    dim, unbiased = _dim_var_dispatch(dim, unbiased)
    correction = utils.set_correction(unbiased, correction)
    if dim == () or dim == []:
        dim = None
    opmath_dtype, dtype = utils.reduction_dtypes(a, REDUCTION_OUTPUT_TYPE_KIND.COMPLEX_TO_FLOAT)
    result = _reduction(a, partial(prims.var, correction=correction), dims=dim, keepdims=keepdim, dtype=opmath_dtype,
                        out=None, has_identity=True, output_dtype_kind=REDUCTION_OUTPUT_TYPE_KIND.COMPLEX_TO_FLOAT)
    return _maybe_convert_to_dtype(sqrt(result), dtype)


def mean(a, dim=None, keepdim=False, *, dtype=None, out=None):
    """The sum in the computation dtype, divided by the number of elements
    reduced, in dtype (a's by default), which must be floating or complex."""
    if dim == () or dim == []:
        dim = None
    if dtype is None:
        dtype = a.dtype
    if out is not None and out.dtype != dtype:
        raise RuntimeError("expected out dtype and dtype to match")
    result = _reduction(a, prims.sum, dims=dim, keepdims=keepdim, dtype=dtype, out=None,
                        output_dtype_kind=REDUCTION_OUTPUT_TYPE_KIND.KEEP_PROMOTED_TYPE)
    if utils.is_integer_dtype(dtype):
        raise RuntimeError("result type should be floating point or complex")
    if isinstance(dim, int):
        dim = (dim,)
    dims = utils.reduction_dims(a.shape, dim)
    nelem = 1 if a.ndim == 0 else reduce(operator.mul, (a.shape[i] for i in dims), 1)
    result = _maybe_convert_to_dtype(true_divide(result, nelem), dtype)
    if out is not None:
        out = _maybe_resize_out(out, result.shape)
        return _safe_copy_out(copy_from=result, copy_to=out)
    return result


@register_decomposition(aten.std_mean.correction)
def std_mean(a, dim=None, *, unbiased=None, keepdim=False, correction=None):
    dim, unbiased = _dim_var_dispatch(dim, unbiased)
    s = std(a, dim, unbiased, keepdim, correction=correction)
    m = mean(a, dim, keepdim)
    return s, m


@register_decomposition(aten.var_mean)
def var_mean(a, dim=None, unbiased=None, keepdim=False, *, correction=None):
    dim, unbiased = _dim_var_dispatch(dim, unbiased)
    v = var(a, dim, unbiased, keepdim, correction=correction)
    m = mean(a, dim, keepdim)
    return v, m


# ---- data movement

def clone(a, *, memory_format=torch.preserve_format):
    result = torch.empty_like(a, requires_grad=a.requires_grad, memory_format=memory_format)
    result.copy_(a)
    return result


@register_decomposition(aten.flip)
def flip(a, dims):
    if not isinstance(dims, tuple) and not isinstance(dims, list):
        raise ValueError("dims has to be a sequence of ints")
    dims = utils.canonicalize_dims(a.ndim, dims)
    utils.validate_no_repeating_dims(dims)
    return prims.rev(a, dims)


@register_decomposition(aten.roll)
def roll(a, shifts, dims=tuple()):
    """Each shift along its dimension: the tail of the dimension, then its
    head (narrow, cat); no dims: along a flattened, viewed back."""
    dims = utils.canonicalize_dims(a.ndim, dims)
    if not isinstance(shifts, Iterable):
        shifts = (shifts,)
    if not isinstance(dims, Iterable):
        dims = (dims,)
    if a.numel() == 0:
        return clone(a)
    len_shifts, len_dims = len(shifts), len(dims)
    if len_shifts != 1 or len_dims != 1:
        if len_shifts == 0:
            raise RuntimeError("`shifts` required")
        if len_dims == 0 and len_shifts == 1:
            return torch.roll(torch.flatten(a), shifts, 0).view(a.shape)
        if len_shifts != len_dims:
            raise RuntimeError(f"shifts and dimensions must align. shifts: {len_shifts}, dims: {len_dims}")
        assert len_dims > 1
        first_dim_rolled = torch.roll(a, shifts[0], dims[0])
        return torch.roll(first_dim_rolled, shifts[1:], dims[1:])
    dim = dims[0]
    size = a.shape[dim]
    start = (size - shifts[0]) % size
    t0 = torch.narrow(a, dim, start, size - start)
    t1 = torch.narrow(a, dim, 0, start)
    return torch.cat((t0, t1), dim)


# ---- linear algebra, indices

@register_decomposition(aten.trace)
def trace(self):
    # sic: the message is no f-string in 1.13
    check(self.ndim == 2, lambda: "expected a matrix, but got tensor with dim {self.ndim}")
    return torch.sum(torch.diag(self, 0))


def _trilu_checks(name, row, col, dtype, layout, pin_memory):
    check(row >= 0, lambda: f"row must be non-negative, got {row}")
    check(col >= 0, lambda: f"col must be non-negative, got {col}")
    check(dtype in (torch.int32, torch.int64), lambda: f"\"{name}\" not implemented for '{dtype}'")


def _get_tril_sizes(row, col, offset):
    """(elements of the trapezoid, of the rectangle below it, of the
    trapezoid's first row) of a row x col lower triangle at offset."""
    if row == 0 or col == 0:
        return 0, 0, 0
    m_first_row = min(col, 1 + offset) if offset > 0 else int(row + offset > 0)
    m_last_row = max(0, min(col, row + offset))
    n_row_all = max(0, min(row, row + offset))
    n_row_trapezoid = m_last_row - m_first_row + 1
    trapezoid_size = (m_first_row + m_last_row) * n_row_trapezoid // 2
    rectangle_size = max(0, (n_row_all - n_row_trapezoid) * col)
    return trapezoid_size, rectangle_size, m_first_row


def _get_triu_sizes(row, col, offset):
    """The same of an upper triangle: the rectangle above the trapezoid."""
    if row == 0 or col == 0:
        return 0, 0, 0
    m_first_row = max(0, col - offset) if offset > 0 else col
    rectangle_size = max(0, min(row, -offset) * col)
    trapezoid_size_tril, rectangle_size_tril, _ = _get_tril_sizes(row, col, offset - 1)
    triu_size = row * col - (trapezoid_size_tril + rectangle_size_tril)
    return triu_size - rectangle_size, rectangle_size, m_first_row


def _trilu_indices(name, sizes, row, col, offset, dtype, layout, device, pin_memory):
    """The 2 x N indices of the triangle.  NB(minaten): 1.13 computes them
    (arange, sqrt, floor, stack, cat); on meta tensors that is a 2 x N
    tensor of dtype, contiguous, which is what this gives."""
    _trilu_checks(name, row, col, dtype, layout, pin_memory)
    trapezoid_size, rectangle_size, _ = sizes(row, col, offset)
    return torch.empty((2, trapezoid_size + rectangle_size), dtype=dtype, layout=layout, device=device,
                       pin_memory=pin_memory)


@register_decomposition(aten.tril_indices)
def tril_indices(row, col, offset=0, *, dtype=torch.long, layout=torch.strided, device="cpu", pin_memory=False):
    return _trilu_indices("tril_indices", _get_tril_sizes, row, col, offset, dtype, layout, device, pin_memory)


@register_decomposition(aten.triu_indices)
def triu_indices(row, col, offset=0, *, dtype=torch.long, layout=torch.strided, device="cpu", pin_memory=False):
    return _trilu_indices("triu_indices", _get_triu_sizes, row, col, offset, dtype, layout, device, pin_memory)
