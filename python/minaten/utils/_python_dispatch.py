"""torch.utils._python_dispatch: TorchDispatchMode, the modes a reader
writes in Python to see, change or replace every operator call that reaches
the dispatcher's Python key.

    class LoggingMode(TorchDispatchMode):
        def __torch_dispatch__(self, func, types, args=(), kwargs=None):
            print(func, args)
            return func(*args, **(kwargs or {}))

    with LoggingMode():
        torch.ones(2) + 1

`with mode:` pushes the mode on this thread's stack
(torch._C._push_on_torch_dispatch_stack, dispatch/TorchDispatchModeTLS.h);
the Python key's fallback hands each call to the top mode, popped while its
__torch_dispatch__ runs, so the calls it makes go to the mode below it, or
to the kernels (Note [The Python key] in dispatch/PythonFallbackKernel.h,
csrc/utils/torch_dispatch_mode.c).

NB(minaten): 1.13 keeps the stack in Python and sets one C++ mode,
_TorchDispatchStackMode, which pops the top mode around each call; minaten
keeps the stack in C, as later PyTorch does, with the same behaviour.

PyTorch 1.13: torch/utils/_python_dispatch.py
"""
import contextlib
import warnings

from minaten._C import (_get_dispatch_stack_at, _len_torch_dispatch_stack, _pop_torch_dispatch_stack,
                        _push_on_torch_dispatch_stack)


class TorchDispatchMode:
    """Overrides every operator call within a `with` block: subclass it and
    define __torch_dispatch__(self, func, types, args=(), kwargs=None)."""

    def __torch_dispatch__(self, func, types, args=(), kwargs=None):
        raise NotImplementedError()

    def __enter__(self):
        _push_mode(self)
        return self

    def __exit__(self, exc_type, exc_val, exc_tb):
        _pop_mode()

    @classmethod
    def push(cls, *args, **kwargs):
        warnings.warn("`Mode.push()` is no longer necessary and can be replaced with just `with Mode()`")
        instance = cls(*args, **kwargs)
        return instance


def _get_current_dispatch_mode():
    stack_len = _len_torch_dispatch_stack()
    return _get_dispatch_stack_at(stack_len - 1) if stack_len > 0 else None


def _get_current_dispatch_mode_stack():
    stack_len = _len_torch_dispatch_stack()
    return [_get_dispatch_stack_at(i) for i in range(stack_len)]


def _push_mode(mode):
    _push_on_torch_dispatch_stack(mode)


def _pop_mode():
    return _pop_torch_dispatch_stack()


@contextlib.contextmanager
def _pop_mode_temporarily():
    old = _pop_mode()
    try:
        yield old
    finally:
        _push_mode(old)


class BaseTorchDispatchMode(TorchDispatchMode):
    def __torch_dispatch__(self, func, types, args=(), kwargs=None):
        if kwargs is None:
            kwargs = {}
        return func(*args, **kwargs)
