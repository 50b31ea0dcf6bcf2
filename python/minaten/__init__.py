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
                        uint8, int8, int16, int32, int64, float32, float64, bool, qint8, quint8, qint32,
                        short, int, long, float, double, strided, contiguous_format, preserve_format,
                        per_tensor_affine, per_channel_affine)
from minaten._tensor import Tensor  # noqa: F401
from minaten._C import tensor, as_tensor, from_numpy, frombuffer  # noqa: F401  (csrc/utils/tensor_new.c)
from minaten.utils.dlpack import from_dlpack, to_dlpack  # noqa: F401,E402
