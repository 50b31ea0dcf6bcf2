"""Stand-in for torch.testing._internal.common_utils: TestCase with
assertEqual, the numpy/torch dtype maps, and the small decorators and flags
the four test files import.

TestCase.assertEqual(x, y, msg=None, *, atol=None, rtol=None,
equal_nan=True, exact_dtype=True, exact_device=False) follows 1.13's
rules as the test files rely on them:
  - both sequences: same length, elements compared pairwise; both mappings:
    same keys, values compared;
  - a tensor and a sequence of numbers: the sequence becomes a tensor of the
    tensor's dtype;
  - a bool against a bool, number or single-element tensor: compared as bools;
  - a number against a number or a single-element tensor: compared as
    numbers, with no dtype check, within the number type's tolerance;
  - tensors and NumPy arrays: same shape, the same dtype unless
    exact_dtype=False, values equal within the default tolerance of the
    two dtypes (float32 rtol 1.3e-6 / atol 1e-5, float64 1e-7 / 1e-7,
    float16 1e-3 / 1e-5, bfloat16 1.6e-2 / 1e-5, integers and bool exactly),
    NaN equal to NaN; quantized tensors by their dequantized values, sparse
    ones by their dense values;
  - anything else with ==.
Values are compared in NumPy, so that what is measured is the backend's
operators under test, not the stand-in's own arithmetic.
"""
import functools
import math
import random
import unittest
import warnings
from collections.abc import Mapping, Sequence

import numpy as np
import torch
from torch.testing._creation import make_tensor  # noqa: F401

TEST_NUMPY = True
TEST_WITH_TORCHDYNAMO = False
IS_JETSON = False
IS_FBCODE = False
SEED = 1234


def dtype_name(dtype):
    """torch.int64 -> 'int64'"""
    return str(dtype).split(".")[1]


def _present(pairs):
    return {k: v for k, v in pairs if v is not None}


numpy_to_torch_dtype_dict = _present(
    (np_type, getattr(torch, name, None)) for np_type, name in (
        (np.bool_, "bool"), (np.uint8, "uint8"), (np.int8, "int8"), (np.int16, "int16"),
        (np.int32, "int32"), (np.int64, "int64"), (np.float16, "float16"),
        (np.float32, "float32"), (np.float64, "float64"), (np.complex64, "complex64"),
        (np.complex128, "complex128")))

torch_to_numpy_dtype_dict = {v: k for k, v in numpy_to_torch_dtype_dict.items()}
torch_to_numpy_dtype_dict.update(_present(
    (getattr(torch, name, None), np_type)
    for name, np_type in (("bfloat16", np.float32), ("complex32", np.complex64))))


def skipIfTorchDynamo(msg="test doesn't currently work with torchdynamo"):
    return lambda fn: fn


def skipIfMps(fn):
    return fn


def suppress_warnings(fn):
    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            return fn(*args, **kwargs)
    return wrapper


def _gradcheck_defaults(kwargs):
    for key in ("check_batched_grad", "fast_mode"):
        if kwargs.get(key) is None:
            kwargs[key] = True
    return kwargs


def gradcheck(fn, inputs, **kwargs):
    return torch.autograd.gradcheck(fn, inputs, **_gradcheck_defaults(kwargs))


def gradgradcheck(fn, inputs, grad_outputs=None, **kwargs):
    return torch.autograd.gradgradcheck(fn, inputs, grad_outputs, **_gradcheck_defaults(kwargs))


def load_tests(loader, tests, pattern):
    return tests


def run_tests():
    unittest.main()


# ---- assertEqual -----------------------------------------------------------

_TOLERANCES = {  # dtype name -> (rtol, atol)
    "float16": (1e-3, 1e-5), "bfloat16": (1.6e-2, 1e-5), "float32": (1.3e-6, 1e-5),
    "float64": (1e-7, 1e-7), "complex32": (1e-3, 1e-5), "complex64": (1.3e-6, 1e-5),
    "complex128": (1e-7, 1e-7),
}
_NUMBER_TOLERANCES = {int: (0.0, 0.0), float: _TOLERANCES["float32"],
                      complex: _TOLERANCES["complex64"]}


def _is_tensor(x):
    return isinstance(x, torch.Tensor)


def _is_array_like(x):
    return _is_tensor(x) or isinstance(x, np.ndarray)


def _is_bool(x):
    return isinstance(x, (bool, np.bool_))


def _is_number(x):
    return isinstance(x, (int, float, complex, np.number)) and not _is_bool(x)


def _is_sequence(x):
    return isinstance(x, Sequence) and not isinstance(x, (str, bytes))


def _numel(x):
    return x.numel() if _is_tensor(x) else x.size


def _single(x, what):
    if _numel(x) != 1:
        raise _Mismatch(f"Only single element tensor-likes can be compared against a {what}. "
                        f"Got {_numel(x)} elements instead.")
    return x.item()


class _Mismatch(Exception):
    pass


def _number_kind(x):
    if isinstance(x, complex) or isinstance(x, np.complexfloating):
        return complex
    if isinstance(x, float) or isinstance(x, np.floating):
        return float
    return int


def _close_numbers(a, b, rtol, atol, equal_nan):
    if a == b:
        return True
    if isinstance(a, complex) or isinstance(b, complex):
        a, b = complex(a), complex(b)
        if equal_nan and (math.isnan(a.real) or math.isnan(a.imag)) \
                and (math.isnan(b.real) or math.isnan(b.imag)):
            return True
    else:
        a, b = float(a), float(b)
        if equal_nan and math.isnan(a) and math.isnan(b):
            return True
        if math.isinf(a) or math.isinf(b):
            return False
    return abs(a - b) <= atol + rtol * abs(b)


def _torch_dtype_of(x):
    if _is_tensor(x):
        return x.dtype
    return numpy_to_torch_dtype_dict.get(x.dtype.type)


def _to_numpy(x):
    if isinstance(x, np.ndarray):
        return x
    t = x.detach()
    if getattr(t, "is_quantized", False):
        t = t.dequantize()
    if getattr(t, "is_sparse", False) or getattr(t, "is_sparse_csr", False):
        t = t.to_dense()
    for resolve in ("resolve_conj", "resolve_neg"):
        if hasattr(t, resolve):
            t = getattr(t, resolve)()
    t = t.cpu()
    if dtype_name(t.dtype) == "bfloat16":
        t = t.float()
    try:
        return t.numpy()
    except Exception:  # a dtype NumPy cannot hold: compare through Python numbers
        return np.array(t.tolist())


def _tolerances(dtypes):
    pairs = [_TOLERANCES.get(dtype_name(d), (0.0, 0.0)) for d in dtypes if d is not None]
    return (max(p[0] for p in pairs), max(p[1] for p in pairs)) if pairs else (0.0, 0.0)


def _compare_tensor_likes(x, y, rtol, atol, equal_nan, exact_dtype, exact_device):
    if tuple(x.shape) != tuple(y.shape):
        raise _Mismatch(f"The values for attribute 'shape' do not match: "
                        f"{tuple(x.shape)} != {tuple(y.shape)}.")
    if exact_device and _is_tensor(x) and _is_tensor(y) and x.device != y.device:
        raise _Mismatch(f"The values for attribute 'device' do not match: {x.device} != {y.device}.")
    dx, dy = _torch_dtype_of(x), _torch_dtype_of(y)
    if exact_dtype and dx != dy:
        raise _Mismatch(f"The values for attribute 'dtype' do not match: {dx} != {dy}.")
    if rtol is None:
        rtol, atol = _tolerances((dx, dy))
    a, b = _to_numpy(x), _to_numpy(y)
    if a.size == 0:
        return
    if a.dtype.kind in "biu" and b.dtype.kind in "biu":
        ok = a.astype(np.int64) == b.astype(np.int64) if rtol == 0 and atol == 0 \
            else np.isclose(a.astype(np.float64), b.astype(np.float64), rtol=rtol, atol=atol)
    else:
        kind = np.complex128 if "c" in (a.dtype.kind, b.dtype.kind) else np.float64
        ok = np.isclose(a.astype(kind), b.astype(kind), rtol=rtol, atol=atol, equal_nan=equal_nan)
    if not np.all(ok):
        bad = int(np.size(ok) - np.count_nonzero(ok))
        raise _Mismatch(f"Tensor-likes are not {'equal' if (rtol, atol) == (0, 0) else 'close'}! "
                        f"Mismatched elements: {bad} / {a.size}")


def _compare(x, y, rtol, atol, equal_nan, exact_dtype, exact_device):
    if _is_tensor(x) and _is_sequence(y):
        y = torch.as_tensor(y, dtype=x.dtype, device=x.device)
    elif _is_sequence(x) and _is_tensor(y):
        x = torch.as_tensor(x, dtype=y.dtype, device=y.device)

    if _is_sequence(x) and _is_sequence(y):
        if len(x) != len(y):
            raise _Mismatch(f"The length of the sequences mismatch: {len(x)} != {len(y)}")
        for a, b in zip(x, y):
            _compare(a, b, rtol, atol, equal_nan, exact_dtype, exact_device)
        return
    if isinstance(x, Mapping) and isinstance(y, Mapping):
        if set(x.keys()) != set(y.keys()):
            raise _Mismatch("The keys of the mappings do not match")
        for k in x:
            _compare(x[k], y[k], rtol, atol, equal_nan, exact_dtype, exact_device)
        return
    if x is None or y is None:
        if not (x is None and y is None):
            raise _Mismatch(f"None mismatch: {x!r} is not {y!r}")
        return
    if (_is_bool(x) and (_is_bool(y) or _is_number(y) or _is_array_like(y))) or \
            (_is_bool(y) and (_is_number(x) or _is_array_like(x))):
        a = bool(_single(x, "boolean") if _is_array_like(x) else x)
        b = bool(_single(y, "boolean") if _is_array_like(y) else y)
        if a != b:
            raise _Mismatch(f"Booleans mismatch: {a} is not {b}")
        return
    if (_is_number(x) and (_is_number(y) or _is_array_like(y))) or \
            (_is_number(y) and _is_array_like(x)):
        a = _single(x, "number") if _is_array_like(x) else x
        b = _single(y, "number") if _is_array_like(y) else y
        a, b = (int(v) if isinstance(v, (bool, np.bool_)) else v for v in (a, b))
        if rtol is None:
            tols = [_NUMBER_TOLERANCES[_number_kind(v)] for v in (a, b)]
            rtol, atol = max(t[0] for t in tols), max(t[1] for t in tols)
        if not _close_numbers(a, b, rtol, atol, equal_nan):
            raise _Mismatch(f"Scalars are not close! {a} != {b}")
        return
    if _is_array_like(x) and _is_array_like(y):
        _compare_tensor_likes(x, y, rtol, atol, equal_nan, exact_dtype, exact_device)
        return
    if _is_array_like(x) or _is_array_like(y):
        raise _Mismatch(f"No comparison for {type(x).__name__} and {type(y).__name__}")
    if not (x == y):
        raise _Mismatch(f"{x!r} != {y!r}")


def assert_close(actual, expected, *, rtol=None, atol=None, equal_nan=False,
                 check_device=True, check_dtype=True, msg=None, **_ignored):
    """torch.testing.assert_close as far as 1.13's own Python code calls it
    (torch.jit.trace checks its traced outputs with it)."""
    if (atol is None) != (rtol is None):
        raise ValueError("Both 'rtol' and 'atol' must be either specified or omitted")
    try:
        _compare(actual, expected, rtol, atol, equal_nan, check_dtype, check_device)
    except _Mismatch as e:
        raise AssertionError(msg or str(e)) from None


class TestCase(unittest.TestCase):
    precision = 0.0
    rel_tol = 0.0
    exact_dtype = False

    def setUp(self):
        random.seed(SEED)
        np.random.seed(SEED)
        manual_seed = getattr(torch, "manual_seed", None)
        if manual_seed is not None:
            manual_seed(SEED)

    def assertEqual(self, x, y, msg=None, *, atol=None, rtol=None, equal_nan=True,
                    exact_dtype=True, exact_device=False, exact_layout=False,
                    exact_stride=False, exact_is_coalesced=False):
        if (atol is None) != (rtol is None):
            raise ValueError("Both 'rtol' and 'atol' must be either specified or omitted, "
                             f"but got no {'rtol' if rtol is None else 'atol'}.")
        try:
            _compare(x, y, rtol, atol, equal_nan, exact_dtype, exact_device)
        except _Mismatch as e:
            text = str(e)
            if isinstance(msg, str):
                text = f"{text} : {msg}"
            raise self.failureException(text) from None

    def assertNotEqual(self, x, y, msg=None, *, atol=None, rtol=None, **kwargs):
        with self.assertRaises(AssertionError, msg=msg):
            self.assertEqual(x, y, msg, atol=atol, rtol=rtol, **kwargs)

    def assertEqualIgnoreType(self, *args, **kwargs):
        return self.assertEqual(*args, exact_dtype=False, **kwargs)

    def compare_with_numpy(self, torch_fn, np_fn, tensor_like, device=None, dtype=None, **kwargs):
        if _is_tensor(tensor_like):
            t_cpu = tensor_like.detach().cpu()
            if dtype_name(t_cpu.dtype) == "bfloat16":
                t_cpu = t_cpu.float()
            a = t_cpu.numpy()
            t = tensor_like
        else:
            a = np.array(tensor_like, dtype=torch_to_numpy_dtype_dict[dtype])
            t = torch.tensor(tensor_like, device=device, dtype=dtype)
        np_result = np_fn(a)
        torch_result = torch_fn(t).cpu()
        if isinstance(np_result, np.ndarray):
            try:
                np_result = torch.from_numpy(np_result)
            except Exception:
                np_result = torch.from_numpy(np_result.copy())
            # a bfloat16 input went to NumPy as float32: compare in float32
            if dtype_name(t.dtype) == "bfloat16" and dtype_name(torch_result.dtype) == "bfloat16" \
                    and np_result.dtype == torch.float32:
                torch_result = torch_result.to(torch.float32)
        self.assertEqual(np_result, torch_result, **kwargs)
