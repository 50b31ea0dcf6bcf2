"""Stand-in for torch.testing._creation: make_tensor and the map from a
floating dtype to its complex counterpart.

make_tensor(*shape, dtype, device, low=None, high=None, requires_grad=False,
noncontiguous=False, exclude_zero=False) returns a tensor of random values,
as the test files expect: integers drawn from [low, high) (default [-9, 10),
[0, 10) for uint8, {0, 1} for bool), floating and complex values uniform in
[low, high) (default [-9, 9)).  Only the backend's own operators are used
(rand, randint, to, ...), so a backend without them fails here, in the test
that asked for the tensor.
"""
import math

import torch


def _dtype(name):
    return getattr(torch, name, None)


float_to_corresponding_complex_type_map = {
    k: v for k, v in ((_dtype("float16"), _dtype("complex32")),
                      (_dtype("float32"), _dtype("complex64")),
                      (_dtype("float64"), _dtype("complex128")))
    if k is not None and v is not None
}


def _flat_shape(shape):
    # make_tensor((2, 3), ...), make_tensor(2, 3, ...) and make_tensor([2, 3], ...)
    if len(shape) == 1 and isinstance(shape[0], (tuple, list, torch.Size)):
        return tuple(shape[0])
    return tuple(shape)


def _bounds(dtype, low, high):
    if dtype is torch.bool:
        return 0, 2
    if dtype is torch.uint8:
        lo, hi = 0, 10
    elif dtype.is_floating_point or dtype.is_complex:
        lo, hi = -9, 9
    else:
        lo, hi = -9, 10
    lo = lo if low is None else low
    hi = hi if high is None else high
    if not (dtype.is_floating_point or dtype.is_complex):
        # within the integer type's range: low=-9 for uint8 means 0
        bits = 8 * _ITEMSIZE[str(dtype).split(".")[1]]
        smallest, largest = (0, 2 ** bits - 1) if dtype is torch.uint8 else \
            (-2 ** (bits - 1), 2 ** (bits - 1) - 1)
        lo, hi = max(math.ceil(lo), smallest), min(math.ceil(hi), largest + 1)
        if hi <= lo:
            hi = lo + 1
    return lo, hi


_ITEMSIZE = {"uint8": 1, "int8": 1, "int16": 2, "int32": 4, "int64": 8}


def _uniform(shape, device, lo, hi):
    return torch.rand(shape, dtype=torch.float64, device=device) * (hi - lo) + lo


def make_tensor(*shape, dtype, device, low=None, high=None, requires_grad=False,
                noncontiguous=False, exclude_zero=False):
    shape = _flat_shape(shape)
    lo, hi = _bounds(dtype, low, high)
    if dtype is torch.bool:
        result = torch.randint(0, 2, shape, device=device) == 1
    elif dtype.is_complex:
        real = _uniform(shape, device, lo, hi)
        imag = _uniform(shape, device, lo, hi)
        result = torch.complex(real, imag).to(dtype)
    elif dtype.is_floating_point:
        result = _uniform(shape, device, lo, hi).to(dtype)
    else:
        result = torch.randint(lo, hi, shape, device=device, dtype=dtype)

    if noncontiguous and result.numel() > 1:
        wide = torch.repeat_interleave(result, 2, dim=-1)
        result = wide[..., ::2]

    if exclude_zero:
        if dtype is torch.bool:
            result = torch.ones_like(result)
        else:
            replacement = 1 if not (dtype.is_floating_point or dtype.is_complex) else 0.5
            result[result == 0] = replacement

    if requires_grad and (dtype.is_floating_point or dtype.is_complex):
        result.requires_grad_(True)
    return result
