"""`import torch` as minaten, inside the `minaten` executable only.

The executable (tools/minaten/main.c) embeds CPython and calls install()
before anything runs, so that a script written for PyTorch 1.13 runs
unchanged against minaten: `import torch`, `import torch.autograd`,
`from torch import nn`, `import torch as t` each give minaten's modules,
the very same module objects as `minaten`, `minaten.autograd`, ...
(`torch is minaten`).  A `torch.X` that minaten does not have fails as a
missing module does: ModuleNotFoundError: No module named 'torch.X'.

In a plain python3 nothing installs the finder: `import minaten` never
shadows a real torch, and both can be imported in one process.

No PyTorch counterpart (PyTorch is `torch`).
"""
import importlib
import importlib.util
import sys

_ALIAS, _TARGET = "torch", "minaten"


class TorchAliasFinder:
    """A meta path finder (sys.meta_path, first): `torch` and `torch.X`
    are found as `minaten` and `minaten.X`, and loaded as those modules.
    The loader hands over the module already imported under minaten's name
    and keeps its own __spec__, so `minaten.X.__name__` stays 'minaten.X'."""

    @staticmethod
    def _target(fullname):
        if fullname == _ALIAS:
            return _TARGET
        if fullname.startswith(_ALIAS + "."):
            return _TARGET + fullname[len(_ALIAS):]
        return None

    def find_spec(self, fullname, path=None, target=None):
        name = self._target(fullname)
        if name is None:
            return None
        if name not in sys.modules and importlib.util.find_spec(name) is None:
            return None  # ModuleNotFoundError: No module named 'torch.X'
        module = importlib.import_module(name)
        return importlib.util.spec_from_loader(fullname, _AliasLoader(module),
                                               is_package=hasattr(module, "__path__"))

    def invalidate_caches(self):
        pass


class _AliasLoader:
    """Loads an alias: the module itself, its own __spec__ kept (the import
    system sets __spec__ on the module it creates; exec_module puts the
    original back)."""

    def __init__(self, module):
        self.module = module
        self.spec = getattr(module, "__spec__", None)

    def create_module(self, spec):
        return self.module

    def exec_module(self, module):
        module.__spec__ = self.spec


def install():
    """Puts TorchAliasFinder first on sys.meta_path (once)."""
    if not any(isinstance(f, TorchAliasFinder) for f in sys.meta_path):
        sys.meta_path.insert(0, TorchAliasFinder())
