"""torch.autograd.graph: hooks on what the forward saves for the backward.

Inside `with saved_tensors_hooks(pack, unpack):` every tensor a node saves
is handed to pack(tensor) at once, and what pack returns is kept instead;
the backward (or grad_fn._saved_<name>) calls unpack(packed), which must
return a tensor.  Only the innermost pair applies.  The stack of pairs and
the packing are C: csrc/autograd/python_saved_variable_hooks.c, Note [Saved
tensors hooks] in autograd/SavedVariable.h.

PyTorch 1.13: torch/autograd/graph.py
"""
import contextlib

from minaten import _C

__all__ = ["saved_tensors_hooks", "save_on_cpu", "disable_saved_tensors_hooks"]


class saved_tensors_hooks():
    """Context-manager that sets a pair of pack / unpack hooks for saved
    tensors: pack_hook(tensor) -> Any when a tensor is saved,
    unpack_hook(packed) -> Tensor when it is used."""

    def __init__(self, pack_hook, unpack_hook):
        self.pack_hook = pack_hook
        self.unpack_hook = unpack_hook

    def __enter__(self):
        _C._autograd._push_saved_tensors_default_hooks(self.pack_hook, self.unpack_hook)

    def __exit__(self, *args):
        _C._autograd._pop_saved_tensors_default_hooks()


class save_on_cpu(saved_tensors_hooks):
    """Saved tensors go to the CPU when saved (with the device they came
    from) and back to that device when used.  NB(minaten): minaten has no
    pinned memory: pin_memory=True copies as pin_memory=False does."""

    def __init__(self, pin_memory=False):
        def pack_to_cpu(tensor):
            return (tensor.device, tensor.cpu())

        def unpack_from_cpu(packed):
            device, tensor = packed
            return tensor.to(device, non_blocking=pin_memory)

        super().__init__(pack_to_cpu, unpack_from_cpu)


@contextlib.contextmanager
def disable_saved_tensors_hooks(error_message):
    """Inside, entering saved_tensors_hooks raises RuntimeError(error_message);
    the previous state (and message) comes back on exit."""
    previous = _C._autograd._saved_tensors_hooks_get_disabled_error_message()
    try:
        _C._autograd._saved_tensors_hooks_disable(error_message)
        yield
    finally:
        if previous is None:
            _C._autograd._saved_tensors_hooks_enable()
        else:
            _C._autograd._saved_tensors_hooks_disable(previous)
