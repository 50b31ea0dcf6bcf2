"""torch._utils: the one helper of 1.13's torch/_utils.py that code outside
PyTorch reaches for (PyTorch's own tests among them).

PyTorch 1.13: torch/_utils.py _element_size
"""
import minaten


def _element_size(dtype):
    """The size in bytes of one element of `dtype` (torch.float64 -> 8).

    PyTorch 1.13: torch/_utils.py _element_size (1.13 asks finfo/iinfo for
    the bits; minaten asks a 0-element tensor of that dtype, the same number)"""
    if not isinstance(dtype, minaten.dtype):
        raise RuntimeError(f"expected torch.dtype, but got {type(dtype)}")
    return minaten.empty(0, dtype=dtype).element_size()
