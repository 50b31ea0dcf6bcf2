"""torch.nn: minaten models none of PyTorch's modules or layers yet, so the
package is empty; `import torch.nn` works, and any of its names raises
AttributeError as a missing name of 1.13's does.

PyTorch 1.13: torch/nn/__init__.py
"""


def __getattr__(name):
    raise AttributeError(f"module 'torch.nn' has no attribute '{name}'")
