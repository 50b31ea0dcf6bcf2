"""minaten: a readable C model of PyTorch 1.13's op runtime, as a Python package.

    import minaten as torch

The tensors, operators and autograd are C (the extension module minaten._C,
built from csrc/, which models torch/csrc); this package holds the thin
Python layer 1.13 keeps in Python too (torch/__init__.py, torch/_tensor.py).
It never takes the name `torch` in a plain python3, so PyTorch and minaten
can be imported side by side; inside the `minaten` executable, `import torch`
is minaten.
"""
from minaten import _C
from minaten._C import (Size, device, dtype, layout, memory_format, qscheme,  # noqa: F401
                        uint8, int8, int16, int32, int64, float16, float32, float64, bfloat16, bool, qint8,
                        quint8, qint32, half, complex64, complex128, cfloat, cdouble,
                        short, int, long, float, double, strided, contiguous_format, preserve_format,
                        channels_last, channels_last_3d,
                        per_tensor_affine, per_channel_affine, per_tensor_symmetric, per_channel_symmetric,
                        per_channel_affine_float_qparams)
from minaten._C import finfo, iinfo  # noqa: F401  (csrc/TypeInfo.c)
from minaten._tensor_str import set_printoptions  # noqa: F401  (printing: csrc/utils/tensor_str.c)
from minaten._tensor import Tensor  # noqa: F401
# the legacy tensor types (csrc/tensor/python_tensor.c), as 1.13 sets them on torch
from minaten._C import (ByteTensor, CharTensor, ShortTensor, IntTensor, LongTensor, FloatTensor,  # noqa: F401
                        DoubleTensor, BoolTensor, HalfTensor, BFloat16Tensor)
# random numbers: torch.Generator and the default generator (csrc/Generator.c),
# and torch/random.py's functions on it, as 1.13's torch/__init__.py imports them
from minaten._C import Generator, default_generator  # noqa: F401
from minaten import random  # noqa: F401
from minaten.random import get_rng_state, initial_seed, manual_seed, seed, set_rng_state  # noqa: F401
from math import e, inf, nan, pi  # noqa: F401  (1.13's torch/__init__.py exports them too)

# torch.NAME for every operator bound as a function (csrc/autograd/python_bindings.c):
# 1.13 copies them from torch._C._VariableFunctions into the module, then
# adds torch/functional.py's Python functions over them (norm, einsum, split,
# broadcast_tensors, broadcast_shapes, atleast_1d/2d/3d, unique,
# unique_consecutive).  PRIVATE_OPS stay in _VariableFunctions only (torch.unique
# calls unique_dim from there).  PyTorch 1.13: torch/__init__.py PRIVATE_OPS
PRIVATE_OPS = ("unique_dim",)
for __name in dir(_C._VariableFunctions):
    if __name.startswith("__") or __name in PRIVATE_OPS:
        continue
    __obj = getattr(_C._VariableFunctions, __name)
    __obj.__module__ = "torch"
    globals()[__name] = __obj
del __name, __obj
from minaten import functional, return_types  # noqa: E402,F401
from minaten._ops import ops  # noqa: E402,F401
from minaten.functional import *  # noqa: E402,F401,F403

from minaten.utils.dlpack import from_dlpack, to_dlpack  # noqa: F401,E402
from minaten import _utils  # noqa: E402,F401
from minaten.storage import TypedStorage, UntypedStorage  # noqa: E402,F401
# torch.library (python/minaten/library.py): operator libraries and Python
# kernels, an attribute of torch after `import torch` as in 1.13
from minaten import library  # noqa: E402,F401
# torch.nn, an attribute of torch after `import torch` as in 1.13 (of it,
# minaten has torch.nn.functional.dropout)
from minaten import nn  # noqa: E402,F401
# autograd (python/minaten/autograd): torch.autograd, and its grad modes as
# torch.no_grad & co; is_grad_enabled is C's (csrc/autograd/init.c), named
# in torch as 1.13's torch/__init__.py names torch._C's public functions.
from minaten import autograd  # noqa: E402,F401
from minaten.autograd import enable_grad, inference_mode, no_grad, set_grad_enabled  # noqa: E402,F401
from minaten._C import is_grad_enabled, is_inference_mode_enabled  # noqa: E402,F401
is_grad_enabled.__module__ = "torch"
is_inference_mode_enabled.__module__ = "torch"
# anomaly mode's switches (csrc/autograd/python_anomaly_mode.c), named in
# torch as 1.13's torch/__init__.py names them
from minaten._C import is_anomaly_enabled, is_anomaly_check_nan_enabled, set_anomaly_enabled  # noqa: E402,F401
for __fn in (is_anomaly_enabled, is_anomaly_check_nan_enabled, set_anomaly_enabled):
    __fn.__module__ = "torch"
del __fn


def is_tensor(obj):
    """PyTorch 1.13: torch/__init__.py is_tensor"""
    return isinstance(obj, Tensor)


def set_default_dtype(d):
    """Sets the default floating dtype to d: what torch.tensor(1.5),
    torch.ones(2) and an integer tensor's true division give, and what a
    Python float counts as in type promotion.  float32 at start; d must be
    a floating dtype (TypeError otherwise).  NB(minaten): no complex
    dtypes yet, hence no complex default dtype either.
    PyTorch 1.13: torch/__init__.py set_default_dtype"""
    _C._set_default_dtype(d)


# PyTorch 1.13: torch/csrc/Module.cpp THPModule_getDefaultDtype, named in
# torch as torch/__init__.py names torch._C's public functions
from minaten._C import get_default_dtype  # noqa: E402,F401
get_default_dtype.__module__ = "torch"
# PyTorch 1.13: torch/csrc/Module.cpp THPModule_setNumThreads, THPModule_getNumThreads
from minaten._C import set_num_threads, get_num_threads  # noqa: E402,F401
set_num_threads.__module__ = "torch"
get_num_threads.__module__ = "torch"


def __getattr__(name):
    # 1.13's module is named torch; this one is minaten
    raise AttributeError(f"module 'torch' has no attribute '{name}'")


# The Python meta kernels: torch._decomp's decompositions and torch._refs'
# references where an operator has no Meta kernel, then
# torch._meta_registrations' own, as 1.13's torch/__init__.py imports them
# last (docs/architecture.md, "Dispatch keys")
from minaten import _meta_registrations  # noqa: E402,F401
