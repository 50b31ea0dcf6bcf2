"""torch.utils.hooks: the handle a hook registration returns.

Every handle takes the next number of one counter shared by all handles
(RemovableHandle.next_id), which is also the hook's key in its dict, so a
script that prints `t._backward_hooks` shows the same keys as under 1.13.
The handle points at the dict weakly: `remove()` after the dict went (its
tensor or node freed) does nothing, as does a second `remove()`.

PyTorch 1.13: torch/utils/hooks.py (RemovableHandle, unserializable_hook,
warn_if_has_hooks).  NB(minaten): its BackwardHook, nn.Module's full
backward hooks, is not here: minaten has no torch.nn.Module.
"""
import warnings
import weakref
from collections import OrderedDict

__all__ = ["RemovableHandle", "unserializable_hook", "warn_if_has_hooks"]


class RemovableHandle(object):
    """A handle which provides the capability to remove a hook."""

    next_id = 0

    def __init__(self, hooks_dict):
        self.hooks_dict_ref = weakref.ref(hooks_dict)
        self.id = RemovableHandle.next_id
        RemovableHandle.next_id = self.id + 1

    def remove(self):
        hooks = self.hooks_dict_ref()
        if hooks is not None:
            hooks.pop(self.id, None)

    def __getstate__(self):
        return (self.hooks_dict_ref(), self.id)

    def __setstate__(self, state):
        hooks, self.id = state
        # a handle whose dict is gone gets a dead reference
        self.hooks_dict_ref = weakref.ref(hooks if hooks is not None else OrderedDict())
        RemovableHandle.next_id = max(RemovableHandle.next_id, self.id + 1)

    def __enter__(self):
        return self

    def __exit__(self, *exc_info):
        self.remove()


def unserializable_hook(f):
    """Marks f as a hook that need not be saved with its tensor."""
    f.__torch_unserializable__ = True
    return f


def warn_if_has_hooks(tensor):
    """Warns for each hook of tensor that saving it will not keep."""
    for key, hook in (tensor._backward_hooks or {}).items():
        if not hasattr(key, "__torch_unserializable__"):
            warnings.warn(
                "backward hook {} on tensor will not be serialized.  If this is expected, you can "
                "decorate the function with @torch.utils.hooks.unserializable_hook "
                "to suppress this warning".format(repr(hook)))
