"""torch.overrides: __torch_function__ from Python, and TorchFunctionMode.

A class with a ``__torch_function__(cls, func, types, args=(), kwargs=None)``
classmethod takes over every torch function, Tensor method and Tensor
property called with one of its instances among the arguments: the C
bindings hand the call to it before anything reaches the dispatcher
(csrc/utils/handle_torch_function.c; Note [Two levels of Python overrides]
in csrc/utils/python_torch_function_mode.h).  ``func`` is the public API
function the caller called: ``torch.add``, ``torch.Tensor.add`` (also for
``x + y``), ``torch.Tensor.shape.__get__``, ``torch.Tensor.__getitem__``.

The functions 1.13 writes in Python (``Tensor.norm``, ``Tensor.__rsub__``,
``Tensor.__len__``, ...) do the same themselves, with ``has_torch_function``
and ``handle_torch_function`` below.

A ``TorchFunctionMode`` does it for every call within a ``with`` block,
plain tensors and factories included.  The modes a user enters are a
stack (``torch._C._push_on_torch_function_stack``); while it is not empty
the C side holds one ``_TorchFunctionStackMode``, which hands each call to
the top mode with that mode popped, so that the calls a handler makes go to
the mode below it.

PyTorch 1.13: torch/overrides.py
"""
import contextlib
import functools
import warnings

import minaten as torch
from minaten._C import (_get_function_stack_at, _has_torch_function, _has_torch_function_unary,
                        _has_torch_function_variadic, _is_torch_function_mode_enabled, _len_torch_function_stack,
                        _pop_torch_function_stack, _push_on_torch_function_stack, _set_torch_function_mode)

__all__ = [
    "get_default_nowrap_functions",
    "handle_torch_function",
    "has_torch_function",
    "is_tensor_like",
    "wrap_torch_function",
    "TorchFunctionMode",
]

has_torch_function = _has_torch_function
has_torch_function_unary = _has_torch_function_unary
has_torch_function_variadic = _has_torch_function_variadic


@functools.lru_cache(None)
def get_default_nowrap_functions():
    """The functions whose results torch.Tensor.__torch_function__ returns
    as they are, not converted to the subclass: the accessors of tensors
    stored on a tensor, whose identity must hold (``a.grad is a.grad``)."""
    Tensor = torch.Tensor
    return {
        Tensor._base.__get__,
        Tensor.grad.__get__,
        Tensor._grad.__get__,
    }


def wrap_torch_function(dispatcher):
    """Decorates func so that calls whose ``dispatcher(*args, **kwargs)``
    arguments override go to __torch_function__, with the wrapped function
    as func."""
    def inner(func):
        @functools.wraps(func)
        def wrapped(*args, **kwargs):
            relevant_args = dispatcher(*args, **kwargs)
            if has_torch_function(relevant_args):
                return handle_torch_function(wrapped, relevant_args, *args, **kwargs)
            return func(*args, **kwargs)
        return wrapped
    return inner


def _get_overloaded_args(relevant_args):
    """The arguments whose __torch_function__ is called, in order: one per
    class, a subclass before its base, else left to right.  NB: unlike the
    C side's test, a plain torch.Tensor counts here (its __torch_function__
    is not the disabled one): ``types`` of a Python function's call holds
    torch.Tensor under a mode, as in 1.13."""
    if not torch._C._is_torch_function_enabled():
        return []
    overloaded_types = set()
    overloaded_args = []
    for arg in relevant_args:
        arg_type = type(arg)
        if (arg_type not in overloaded_types and hasattr(arg_type, "__torch_function__")
                and arg_type.__torch_function__ != torch._C._disabled_torch_function_impl):
            overloaded_types.add(arg_type)
            index = len(overloaded_args)
            for i, old_arg in enumerate(overloaded_args):
                if issubclass(arg_type, type(old_arg)):
                    index = i
                    break
            overloaded_args.insert(index, arg)
    return overloaded_args


def handle_torch_function(public_api, relevant_args, *args, **kwargs):
    """public_api(*args, **kwargs) handed to the entered mode, then to the
    __torch_function__ of each overriding argument of relevant_args, until
    one returns something else than NotImplemented; all NotImplemented is a
    TypeError.  The Python twin of the C bindings' handle_torch_function."""
    overloaded_args = _get_overloaded_args(relevant_args)
    types = tuple(map(type, overloaded_args))

    if _is_torch_function_mode_enabled():
        with _no_torch_function_mode():
            result = _TorchFunctionStackMode().__torch_function__(public_api, types, args, kwargs)
        if result is not NotImplemented:
            return result

    for overloaded_arg in overloaded_args:
        torch_func_method = overloaded_arg.__torch_function__
        if hasattr(torch_func_method, "__self__") and torch_func_method.__self__ is overloaded_arg and \
                torch_func_method is not torch._C._disabled_torch_function_impl:
            warnings.warn("Defining your `__torch_function__ as a plain method is deprecated and "
                          "will be an error in future, please define it as a classmethod.",
                          DeprecationWarning)
        result = torch_func_method(public_api, types, args, kwargs)
        if result is not NotImplemented:
            return result

    func_name = "{}.{}".format(public_api.__module__, public_api.__name__)
    msg = ("no implementation found for '{}' on types that implement "
           "__torch_function__: {}").format(func_name, [type(arg) for arg in overloaded_args])
    if _is_torch_function_mode_enabled():
        msg += f" nor in mode {_get_current_function_mode()}"
    raise TypeError(msg)


def is_tensor_like(inp):
    """Whether inp is a torch.Tensor or its class has __torch_function__."""
    return type(inp) is torch.Tensor or hasattr(type(inp), "__torch_function__")


class TorchFunctionMode:
    """Overrides every torch function, Tensor method and property within a
    ``with`` block: subclass it and define
    ``__torch_function__(self, func, types, args=(), kwargs=None)`` (a
    plain method).  Calls its handler makes go to the mode below it."""

    def __init__(self):
        pass

    def __torch_function__(self, func, types, args=(), kwargs=None):
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


def _get_current_function_mode():
    stack_len = _len_torch_function_stack()
    return _get_function_stack_at(stack_len - 1) if stack_len > 0 else None


def _get_current_function_mode_stack():
    stack_len = _len_torch_function_stack()
    return [_get_function_stack_at(i) for i in range(stack_len)]


def _push_mode(mode):
    if _len_torch_function_stack() == 0:
        _set_torch_function_mode(_TorchFunctionStackMode())
    _push_on_torch_function_stack(mode)


def _pop_mode():
    old = _pop_torch_function_stack()
    if _len_torch_function_stack() == 0:
        _set_torch_function_mode(None)
    return old


@contextlib.contextmanager
def _pop_mode_temporarily():
    old = _pop_mode()
    try:
        yield old
    finally:
        _push_mode(old)


class _TorchFunctionStackMode:
    """The one mode the C side knows while the stack is not empty: runs the
    top mode's handler with that mode popped."""

    def __torch_function__(self, func, types, args=(), kwargs=None):
        with _pop_mode_temporarily() as old:
            if _len_torch_function_stack() > 0:
                _set_torch_function_mode(self)
            # a classmethod's __self__ is the class
            if old.__torch_function__.__self__ is type(old):
                raise RuntimeError("TorchFunctionMode's torch_function function "
                                   + "should be a normal method not a class method")
            return old.__torch_function__(func, types, args, kwargs)


class BaseTorchFunctionMode(TorchFunctionMode):
    def __torch_function__(self, func, types, args=(), kwargs=None):
        if kwargs is None:
            kwargs = {}
        return func(*args, **kwargs)


@contextlib.contextmanager
def _no_torch_function_mode():
    """No mode while the block runs (library code: handle_torch_function)."""
    _set_torch_function_mode(None)
    try:
        yield
    finally:
        if _len_torch_function_stack() > 0:
            _set_torch_function_mode(_TorchFunctionStackMode())


# 1.13's names, which reprs and errors show ("<torch.overrides._TorchFunctionStackMode object at ...>")
for __obj in (TorchFunctionMode, _TorchFunctionStackMode, BaseTorchFunctionMode):
    __obj.__module__ = "torch.overrides"
del __obj
