"""torch.utils: the helpers 1.13 keeps in Python (torch/utils/__init__.py)."""
