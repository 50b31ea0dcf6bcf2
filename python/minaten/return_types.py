"""torch.return_types: the named tuples of operators that name their
returns (torch.max(a, 0) is a torch.return_types.max, with `values` and
`indices`), made by csrc/autograd/utils/wrap_outputs.c.

PyTorch 1.13: torch/return_types.py
"""
from minaten import _C

__all__ = []

for _name in dir(_C._return_types):
    if _name.startswith("__"):
        continue
    globals()[_name] = getattr(_C._return_types, _name)
    __all__.append(_name)
del _name
