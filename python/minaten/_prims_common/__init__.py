"""The helpers of 1.13's Python meta kernels and references: dimension
wrapping, dtype promotion as elementwise references do it, output strides
as elementwise prims give them, and `check`.  Their messages are 1.13's,
word for word, as a meta tensor shows them.

PyTorch 1.13: torch/_prims_common/__init__.py
"""
from enum import Enum
from functools import cmp_to_key
from numbers import Number

import minaten as torch

TensorLike = torch.Tensor


def check(b, s, exc_type=RuntimeError):
    """Raises exc_type(s()) unless b: s is a callable, so that the message
    is built only when it is needed."""
    if not b:
        raise exc_type(s())


# ---- dimensions

def canonicalize_dim(rank, idx, wrap_scalar=True):
    """idx wrapped into [0, rank); a 0-dim tensor has one dimension to wrap
    into unless wrap_scalar is false."""
    if rank < 0:
        raise IndexError(f"Rank cannot be negative but got {rank}")
    if rank == 0:
        if not wrap_scalar:
            raise IndexError(f"Dimension specified as {idx} but tensor has no dimensions")
        rank = 1
    wrapped = idx + rank if idx < 0 else idx
    if wrapped < 0 or wrapped >= rank:
        # the words of ATen's maybe_wrap_dim
        raise IndexError("Dimension out of range (expected to be in range of [{0}, {1}], but got {2})".format(
            -rank, rank - 1, idx))
    return wrapped


def canonicalize_dims(rank, indices):
    if isinstance(indices, int):
        return canonicalize_dim(rank, indices)
    return tuple(canonicalize_dim(rank, x) for x in indices)


def validate_no_repeating_dims(dims):
    if len(dims) != len(set(dims)):
        raise RuntimeError("duplicate value in the list of dims")


def validate_idx(rank, idx):
    """An index into a shape of that rank; a 0-dim shape takes 0."""
    assert isinstance(idx, int)
    assert idx >= 0 and (idx < rank or idx == 0)


def reduction_dims(shape, dims):
    """The dimensions a reduction reduces: all of them for None, else
    dims wrapped, each once."""
    if dims is None:
        return tuple(range(len(shape)))
    dims = tuple(canonicalize_dim(len(shape), idx) for idx in dims)
    validate_no_repeating_dims(dims)
    return dims


def compute_reduction_output_shape(shape, dimensions):
    for idx in dimensions:
        validate_idx(len(shape), idx)
    return tuple(shape[i] for i in range(len(shape)) if i not in dimensions)


def validate_dimension_indices(rank, indices):
    for idx in indices:
        validate_idx(rank, idx)


def is_same_shape(a, b):
    return tuple(a) == tuple(b)


same_shape = is_same_shape


def make_contiguous_strides_for(shape):
    """Row-major strides, a dimension of size 0 counted as 1."""
    strides = []
    multiplier = 1
    for size in reversed(shape):
        strides.append(multiplier)
        multiplier *= max(size, 1)
    return tuple(reversed(strides))


def is_cpu_scalar_tensor(a):
    return isinstance(a, TensorLike) and a.ndim == 0 and a.device.type == "cpu"


def compute_elementwise_output_strides(*tensors):
    """The strides an elementwise prim gives its output: the inputs'
    dimensions sorted by stride (the first input that tells decides, a
    size breaking a tie), then laid out contiguously in that order.  CPU
    scalars have no say."""
    tensors = tuple(a for a in tensors if isinstance(a, TensorLike) and not is_cpu_scalar_tensor(a))
    if len(tensors) == 0:
        return ()
    ndim = tensors[0].ndim
    if ndim == 0:
        return ()
    if ndim == 1:
        return (1,)
    shape = tensors[0].shape

    def _cmp(idx_a, idx_b):
        for tensor in tensors:
            stride_a, stride_b = tensor.stride()[idx_a], tensor.stride()[idx_b]
            if stride_a == 0 or stride_b == 0:
                continue
            if stride_a != stride_b:
                return -1 if stride_a < stride_b else 1
            if shape[idx_a] != shape[idx_b]:
                return -1 if shape[idx_a] < shape[idx_b] else 1
        return 0

    perm = sorted(range(ndim), key=cmp_to_key(_cmp), reverse=True)
    new_strides = make_contiguous_strides_for([shape[x] for x in perm])
    strides = [-1] * ndim
    for idx, x in enumerate(perm):
        strides[x] = new_strides[idx]
    return tuple(strides)


def are_strides_like_channels_last(shape, strides):
    """Whether a 4-dim (5-dim) tensor's strides put the channels innermost,
    as c10's is_channels_last_strides_2d (_3d) decide it."""
    ndim = len(shape)
    if ndim == 4:
        dim_order = [1, 3, 2, 0]
    elif ndim == 5:
        dim_order = [1, 4, 3, 2, 0]
    else:
        return False
    if strides[1] == 0:
        return False
    min = 0
    for d in dim_order:
        if shape[d] == 0 or strides[d] < min:
            return False
        if d == 0 and min == strides[1]:
            return False
        min = strides[d]
        if strides[d] > 1:
            min *= shape[d]
    return True


def suggest_memory_format(x):
    if are_strides_like_channels_last(x.shape, x.stride()):
        return torch.channels_last if x.ndim == 4 else torch.channels_last_3d
    return torch.contiguous_format


# ---- checks of a prim's inputs (their messages are 1.13's)

def _tensors(args, allow_cpu_scalar_tensors, what):
    """The tensors of args that count, numbers passed over."""
    for arg in args:
        if isinstance(arg, Number):
            continue
        if not isinstance(arg, TensorLike):
            raise RuntimeError("Unexpected type when checking for same " + what + ", " + str(type(arg)) + "!")
        if allow_cpu_scalar_tensors and is_cpu_scalar_tensor(arg):
            continue
        yield arg


def check_same_device(*args, allow_cpu_scalar_tensors):
    if len(args) <= 1:
        return
    device = None
    for arg in _tensors(args, allow_cpu_scalar_tensors, "device"):
        device = arg.device if device is None else device
        if device != arg.device:
            raise RuntimeError("Tensor on device " + str(arg.device) + " is not on the expected device " + str(device)
                               + "!")


def check_same_shape(*args, allow_cpu_scalar_tensors):
    shape = None
    for arg in _tensors(args, allow_cpu_scalar_tensors, "shape"):
        shape = arg.shape if shape is None else shape
        if not is_same_shape(shape, arg.shape):
            raise RuntimeError("Shape {0} is not the expected shape {1}!".format(arg.shape, shape))


def check_same_dtype(*args):
    full_dtype = None
    for arg in _tensors(args, False, "dtype"):
        full_dtype = arg.dtype if full_dtype is None else full_dtype
        if full_dtype is not arg.dtype:
            raise RuntimeError("Tensor with dtype " + str(arg.dtype) + " is not the expected dtype of "
                               + str(full_dtype) + "!")


def extract_shape(*args, allow_cpu_scalar_tensors):
    """The shape the tensors share (a CPU scalar's if that is all there
    is); None if they differ."""
    shape = scalar_shape = None
    for arg in args:
        if isinstance(arg, Number):
            continue
        if not isinstance(arg, TensorLike):
            return None
        if allow_cpu_scalar_tensors and is_cpu_scalar_tensor(arg):
            scalar_shape = arg.shape
            continue
        shape = arg.shape if shape is None else shape
        if not is_same_shape(shape, arg.shape):
            return None
    return shape if shape is not None else scalar_shape


# ---- dtypes

def is_boolean_dtype(dtype):
    return dtype is torch.bool


def is_integer_dtype(dtype):
    return dtype in (torch.uint8, torch.int8, torch.int16, torch.int32, torch.int64)


def is_float_dtype(dtype):
    return dtype.is_floating_point


def is_complex_dtype(dtype):
    return dtype.is_complex


# NB(minaten): no complex32 (ComplexHalf): float16 has no complex counterpart
_complex_to_real_dtype_map = {
    torch.complex128: torch.float64,
    torch.complex64: torch.float32,
}

_real_to_complex_dtype_map = {
    torch.bfloat16: torch.complex64,
    torch.float32: torch.complex64,
    torch.float64: torch.complex128,
}


def corresponding_real_dtype(dtype):
    return _complex_to_real_dtype_map[dtype]


def corresponding_complex_dtype(dtype):
    return _real_to_complex_dtype_map[dtype]


def dtype_to_type(dtype):
    """The Python type of a dtype's kind: bool, int, float or complex."""
    if is_boolean_dtype(dtype):
        return bool
    if is_integer_dtype(dtype):
        return int
    if is_float_dtype(dtype):
        return float
    if is_complex_dtype(dtype):
        return complex
    raise ValueError("Invalid dtype!")


def type_to_dtype(typ):
    """The dtype of a Python number's type: the default ones for float and
    complex."""
    assert isinstance(typ, type)
    if typ is bool:
        return torch.bool
    if typ is int:
        return torch.long
    if typ is float:
        return torch.get_default_dtype()
    if typ is complex:
        return corresponding_complex_dtype(torch.get_default_dtype())
    raise ValueError("Invalid type!")


def number_type(x):
    return type(x)


_ordered_types = (bool, int, float, complex)


def get_higher_type(a, b):
    """The higher of two of bool < int < float < complex."""
    assert a in _ordered_types and b in _ordered_types
    return a if _ordered_types.index(a) >= _ordered_types.index(b) else b


# the order get_higher_dtype climbs; two dtypes of one rung meet on the next
_ordered_datatypes = (
    (torch.bool,),
    (torch.uint8, torch.int8),
    (torch.int16,),
    (torch.int32,),
    (torch.int64,),
    (torch.float16, torch.bfloat16),
    (torch.float32,),
    (torch.float64,),
    (torch.complex64,),
    (torch.complex128,),
)


def get_higher_dtype(a, b):
    """The lowest dtype weakly higher than both (None counts as nothing)."""
    if a is b or b is None:
        return a
    if a is None:
        return b
    for idx, dtypes in enumerate(_ordered_datatypes):
        if a in dtypes and b in dtypes:
            return _ordered_datatypes[idx + 1][0]
        if a in dtypes:
            return b
        if b in dtypes:
            return a
    raise RuntimeError("Unexpected termination!")


def can_safe_cast_to(*, cast_to, cast_from):
    """Whether cast_from's kind is no higher than cast_to's."""
    for fn in (is_complex_dtype, is_float_dtype, is_integer_dtype, is_boolean_dtype):
        if fn(cast_to):
            return True
        if fn(cast_from):
            return False
    raise ValueError("Received unknown dtypes {0}, {1}!".format(cast_to, cast_from))


_computation_dtype_map = {
    torch.bfloat16: torch.float32,
    torch.float16: torch.float32,
}


def get_computation_dtype(dtype):
    return _computation_dtype_map.get(dtype, dtype)


class REDUCTION_OUTPUT_TYPE_KIND(Enum):
    SAME = (0,)
    COMPLEX_TO_FLOAT = (1,)  # a complex input gives its real dtype
    KEEP_PROMOTED_TYPE = (2,)  # the output stays in the computation dtype (mean)
    ALWAYS_BOOL = (3,)


def reduction_dtypes(arg, output_dtype_kind, dtype=None):
    """(computation dtype, result dtype) of a reduction of arg (in dtype, if
    one is asked for); the result dtype None for KEEP_PROMOTED_TYPE."""
    computation_dtype = get_computation_dtype(dtype if dtype is not None else arg.dtype)
    if output_dtype_kind in (REDUCTION_OUTPUT_TYPE_KIND.SAME, REDUCTION_OUTPUT_TYPE_KIND.COMPLEX_TO_FLOAT):
        result_dtype = dtype if dtype else arg.dtype
        if output_dtype_kind == REDUCTION_OUTPUT_TYPE_KIND.COMPLEX_TO_FLOAT and is_complex_dtype(result_dtype):
            result_dtype = corresponding_real_dtype(result_dtype)
    elif output_dtype_kind == REDUCTION_OUTPUT_TYPE_KIND.KEEP_PROMOTED_TYPE:
        result_dtype = None
    else:
        result_dtype = torch.bool
    return computation_dtype, result_dtype


class ELEMENTWISE_TYPE_PROMOTION_KIND(Enum):
    DEFAULT = (0,)
    NO_OPMATH = (1,)
    INT_TO_FLOAT = (2,)
    ALWAYS_BOOL = (3,)
    COMPLEX_TO_FLOAT = (4,)
    BOOL_TO_LONG = (5,)


def elementwise_dtypes(*_args, type_promotion_kind):
    """(computation dtype, result dtype) of an elementwise operation on
    tensors and numbers.  The highest kind among them all decides which
    tensors count: those of that kind (a float kind counts complex as its
    complex dtype), a tensor with dimensions before a 0-dim one; a number
    alone gives the default dtype of its kind.  The promotion kind then
    adjusts the result."""
    args = tuple(x for x in _args if x is not None)
    highest_type = bool
    for x in args:
        if not isinstance(x, (Number, TensorLike)):
            raise ValueError("Unexpected type {0} when computing elementwise type promotion!".format(str(type(x))))
        highest_type = get_higher_type(highest_type, number_type(x) if isinstance(x, Number) else dtype_to_type(x.dtype))

    def highest_dtype(accept, float_as_complex=False):
        zero_dim = one_plus_dim = None
        for x in args:
            if isinstance(x, TensorLike) and accept(x.dtype):
                dtype = x.dtype
                if float_as_complex and is_float_dtype(dtype):
                    dtype = corresponding_complex_dtype(dtype)
                if x.ndim == 0:
                    zero_dim = get_higher_dtype(zero_dim, dtype)
                else:
                    one_plus_dim = get_higher_dtype(one_plus_dim, dtype)
        return one_plus_dim if one_plus_dim is not None else zero_dim

    if highest_type is float:
        result_dtype = highest_dtype(is_float_dtype) or torch.get_default_dtype()
    elif highest_type is complex:
        result_dtype = (highest_dtype(lambda d: is_float_dtype(d) or is_complex_dtype(d), float_as_complex=True)
                        or corresponding_complex_dtype(torch.get_default_dtype()))
    elif highest_type is int:
        result_dtype = highest_dtype(is_integer_dtype) or torch.long
    else:
        result_dtype = torch.bool

    kind = type_promotion_kind
    if kind is ELEMENTWISE_TYPE_PROMOTION_KIND.DEFAULT:
        return get_computation_dtype(result_dtype), result_dtype
    if kind is ELEMENTWISE_TYPE_PROMOTION_KIND.NO_OPMATH:
        return result_dtype, result_dtype
    if kind is ELEMENTWISE_TYPE_PROMOTION_KIND.INT_TO_FLOAT:
        if is_integer_dtype(result_dtype) or is_boolean_dtype(result_dtype):
            result_dtype = torch.get_default_dtype()
        return get_computation_dtype(result_dtype), result_dtype
    if kind is ELEMENTWISE_TYPE_PROMOTION_KIND.COMPLEX_TO_FLOAT:
        computation_dtype = get_computation_dtype(result_dtype)
        if is_complex_dtype(result_dtype):
            result_dtype = corresponding_real_dtype(result_dtype)
        return computation_dtype, result_dtype
    if kind is ELEMENTWISE_TYPE_PROMOTION_KIND.BOOL_TO_LONG:
        if is_boolean_dtype(result_dtype):
            return torch.long, torch.long
        return get_computation_dtype(result_dtype), result_dtype
    if kind is ELEMENTWISE_TYPE_PROMOTION_KIND.ALWAYS_BOOL:
        return get_computation_dtype(result_dtype), torch.bool
    raise ValueError("Unknown type promotion kind {0}".format(str(kind)))


def set_correction(unbiased=None, correction=None):
    """The correction of var/std from either way of asking for it."""
    if correction is not None and unbiased is not None:
        raise RuntimeError("cannot specify both correction and unbiased arguments")
    if correction is None and unbiased is None:
        correction = 1
    elif correction is None:
        correction = 0 if unbiased is False else 1
    if not isinstance(correction, int):
        raise ValueError("correction argument should be integer")
    if correction < 0:
        raise ValueError("correction argument should be non-negative")
    return correction
