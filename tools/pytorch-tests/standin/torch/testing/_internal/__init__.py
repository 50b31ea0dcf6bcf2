"""Stand-in for torch.testing._internal (see ../__init__.py)."""
