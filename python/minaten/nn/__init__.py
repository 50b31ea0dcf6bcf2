"""torch.nn: minaten models none of PyTorch's modules or layers yet; of
torch.nn.functional it has dropout.  Any other name raises AttributeError as
a missing name of 1.13's does.

PyTorch 1.13: torch/nn/__init__.py
"""
from minaten.nn import functional  # noqa: F401


def __getattr__(name):
    raise AttributeError(f"module 'torch.nn' has no attribute '{name}'")
