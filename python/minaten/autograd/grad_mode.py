"""torch.no_grad, torch.enable_grad and torch.set_grad_enabled: context
managers over the thread's grad mode (runtime/GradMode.h, switched by
torch._C._set_grad_enabled, read by torch.is_grad_enabled: csrc/autograd/init.c),
each also usable as a decorator:

    with torch.no_grad():          @torch.no_grad()
        y = x * 2                  def f(x): ...

__enter__ saves the mode and sets it; __exit__ puts the saved one back,
also when the block raised.  set_grad_enabled(mode) sets the mode when it is
made, so that it also works as a plain call (`torch.set_grad_enabled(False)`);
its __exit__ restores the mode it found then.  As a decorator, each call of
the function (each step of a generator function) runs in a fresh copy of
the manager (clone()).

inference_mode(mode=True) holds a torch._C._InferenceMode, the C guard of
runtime/InferenceMode.h (Note [Inference mode]), from __enter__ to __exit__.

The classes are named as 1.13's (`<class 'torch.autograd.grad_mode.no_grad'>`).

PyTorch 1.13: torch/autograd/grad_mode.py
"""
import functools
import inspect
import sys

import minaten as torch

__all__ = ["no_grad", "enable_grad", "set_grad_enabled", "inference_mode"]


class _DecoratorContextManager:
    """A context manager that can decorate a function (or a generator
    function): each call runs inside a clone of it."""
    __module__ = "torch.autograd.grad_mode"

    def __call__(self, func):
        if inspect.isgeneratorfunction(func):
            return self._wrap_generator(func)

        @functools.wraps(func)
        def decorate_context(*args, **kwargs):
            with self.clone():
                return func(*args, **kwargs)
        return decorate_context

    def _wrap_generator(self, func):
        """The generator runs inside the manager between its yields only:
        the caller's own code, between two next() calls, does not."""
        @functools.wraps(func)
        def generator_context(*args, **kwargs):
            gen = func(*args, **kwargs)
            try:
                with self.clone():
                    response = gen.send(None)
                while True:
                    try:
                        request = yield response
                    except GeneratorExit:
                        with self.clone():
                            gen.close()
                        raise
                    except BaseException:
                        with self.clone():
                            response = gen.throw(*sys.exc_info())
                    else:
                        with self.clone():
                            response = gen.send(request)
            except StopIteration as e:
                return e.value
        return generator_context

    def __enter__(self):
        raise NotImplementedError

    def __exit__(self, exc_type, exc_value, traceback):
        raise NotImplementedError

    def clone(self):
        return self.__class__()


class no_grad(_DecoratorContextManager):
    """Operators record no autograd history inside it."""
    __module__ = "torch.autograd.grad_mode"

    def __init__(self):
        super().__init__()
        self.prev = False

    def __enter__(self):
        self.prev = torch.is_grad_enabled()
        torch.set_grad_enabled(False)

    def __exit__(self, exc_type, exc_value, traceback):
        torch.set_grad_enabled(self.prev)


class enable_grad(_DecoratorContextManager):
    """Operators record autograd history inside it (in a no_grad block too)."""
    __module__ = "torch.autograd.grad_mode"

    def __enter__(self):
        self.prev = torch.is_grad_enabled()
        torch._C._set_grad_enabled(True)

    def __exit__(self, exc_type, exc_value, traceback):
        torch._C._set_grad_enabled(self.prev)


class set_grad_enabled(_DecoratorContextManager):
    """Sets the grad mode to `mode` now; as a context manager, restores the
    mode it found when the block ends."""
    __module__ = "torch.autograd.grad_mode"

    def __init__(self, mode):
        self.prev = torch.is_grad_enabled()
        torch._C._set_grad_enabled(mode)
        self.mode = mode

    def __enter__(self):
        pass

    def __exit__(self, exc_type, exc_value, traceback):
        torch._C._set_grad_enabled(self.prev)

    def clone(self):
        return self.__class__(self.mode)


class inference_mode(_DecoratorContextManager):
    """Inference mode on (mode=True) or off inside it: no autograd at all,
    and the tensors made inside are inference tensors."""
    __module__ = "torch.autograd.grad_mode"

    def __init__(self, mode=True):
        super().__init__()
        # the guard object: made, it enters; deleted, it exits
        self._inference_mode_raii_guard = None
        self.mode = mode

    def __enter__(self):
        self._inference_mode_raii_guard = torch._C._InferenceMode(self.mode)

    def __exit__(self, exc_type, exc_value, traceback):
        del self._inference_mode_raii_guard

    def clone(self):
        return self.__class__(self.mode)
