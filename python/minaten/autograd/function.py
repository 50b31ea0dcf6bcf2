"""torch.autograd.Function: custom operations with a backward written in
Python.

    class Exp(torch.autograd.Function):
        @staticmethod
        def forward(ctx, i):
            result = i.exp()
            ctx.save_for_backward(result)
            return result

        @staticmethod
        def backward(ctx, grad_output):
            result, = ctx.saved_tensors
            return grad_output * result

    y = Exp.apply(x)      # y.grad_fn is an ExpBackward object: the ctx

The classes, as 1.13 has them:

  - every subclass F of Function gets, from the metaclass FunctionMeta, a
    class F._backward_cls named FBackward (a BackwardCFunction, so a
    torch._C._FunctionBase); F.apply (C: csrc/autograd/python_function.c)
    makes one FBackward object, the ctx, which is the grad_fn of F's
    outputs and the Python object of their backward node (a PyNode);
  - the ctx methods the forward calls (save_for_backward, mark_dirty,
    mark_non_differentiable, set_materialize_grads) only store their
    arguments on ctx (to_save, dirty_tensors, non_differentiable,
    materialize_grads: C properties); apply reads them after the forward;
  - when the engine reaches the node, it calls ctx.apply(*grads), which
    calls F.backward(ctx, *grads).

once_differentiable runs a backward with grad mode off and, when grad mode
was on and a gradient required grad (a double backward), returns its
results through a node that fails if reached ("trying to differentiate
twice a function that was marked with @once_differentiable").

NB(minaten): no forward AD (jvp, save_for_forward's use), no hooks on the
ctx (register_hook), no NestedIOFunction or JIT tracing.

PyTorch 1.13: torch/autograd/function.py
"""
import functools
import warnings
from collections import OrderedDict
from typing import Any

import minaten as torch
import minaten._C as _C
from minaten._C import _functions

__all__ = ["FunctionCtx", "BackwardCFunction", "FunctionMeta", "Function", "once_differentiable",
           "InplaceFunction"]


class FunctionCtx(object):
    """What the forward can tell its backward through ctx."""

    def save_for_backward(self, *tensors):
        """Saves tensors (or None) for the backward, which reads them from
        ctx.saved_tensors, checked against in-place changes since."""
        self.to_save = tensors

    def save_for_forward(self, *tensors):
        for tensor in tensors:
            assert isinstance(tensor, torch.Tensor) or tensor is None, (
                "save_for_forward expects all arguments to be tensors; you should "
                "save non-tensors as attributes on ctx.")
        self.saved_for_forward = tensors

    def mark_dirty(self, *args):
        """Marks inputs the forward modified in place; they must be returned."""
        self.dirty_tensors = args

    def mark_shared_storage(self, *pairs):
        warnings.warn(
            'mark_shared_storage is deprecated. '
            'Tensors with shared storages are automatically tracked. Note '
            'that calls to `set_()` are not tracked')

    def mark_non_differentiable(self, *args):
        """Marks outputs that take no gradient (their backward argument is
        zeros, or None without materialized grads)."""
        self.non_differentiable = args

    def set_materialize_grads(self, value):
        """False: the backward gets None, not zeros, for an output no
        gradient reached."""
        self.materialize_grads = value


# DO NOT USE: This is only defined to be able to load old serialized models
_ContextMethodMixin = FunctionCtx


class _HookMixin(object):

    @staticmethod
    def _register_hook(backward_hooks, hook):
        if backward_hooks is None:
            backward_hooks = OrderedDict()
        handle = torch.utils.hooks.RemovableHandle(backward_hooks)
        backward_hooks[handle.id] = hook
        return backward_hooks, handle


class BackwardCFunction(_C._FunctionBase, FunctionCtx, _HookMixin):
    """The class of a ctx: the engine calls apply(*grads)."""

    def apply(self, *args):
        # _forward_cls is defined by derived class
        # The user should define either backward or vjp but never both.
        backward_fn = self._forward_cls.backward  # type: ignore[attr-defined]
        vjp_fn = self._forward_cls.vjp  # type: ignore[attr-defined]
        if backward_fn is not Function.backward and vjp_fn is not Function.vjp:
            raise RuntimeError("Implementing both 'backward' and 'vjp' for a custom "
                               "Function is not allowed. You should only implement one "
                               "of them.")
        user_fn = vjp_fn if vjp_fn is not Function.vjp else backward_fn
        return user_fn(self, *args)

    def apply_jvp(self, *args):
        # _forward_cls is defined by derived class
        return self._forward_cls.jvp(self, *args)  # type: ignore[attr-defined]


class FunctionMeta(type):
    """Gives each Function class its _backward_cls, NAMEBackward."""

    def __init__(cls, name, bases, attrs):
        # 1.13 makes the class in this module, torch.autograd.function
        backward_fn = type(name + 'Backward', (BackwardCFunction,),
                           {'_forward_cls': cls, '__module__': 'torch.autograd.function'})
        cls._backward_cls = backward_fn

        super(FunctionMeta, cls).__init__(name, bases, attrs)


class Function(_C._FunctionBase, FunctionCtx, _HookMixin, metaclass=FunctionMeta):
    """Base class of custom autograd Functions: define the static methods
    forward(ctx, *args) and backward(ctx, *grad_outputs), call F.apply(*args)."""

    def __init__(self, *args, **kwargs):
        cls = self.__class__
        warnings.warn(f"{cls} should not be instantiated. Methods on autograd functions"
                      "are all static, so you should invoke them on the class itself. "
                      "Instantiating an autograd function will raise an "
                      "error in a future version of PyTorch.", DeprecationWarning)

    def __call__(self, *args, **kwargs):
        raise RuntimeError(
            "Legacy autograd function with non-static forward method is deprecated. "
            "Please use new-style autograd function with static forward method. "
            "(Example: https://pytorch.org/docs/stable/autograd.html#torch.autograd.Function)")

    # for the tracer
    is_traceable = False

    @staticmethod
    def forward(ctx: Any, *args: Any, **kwargs: Any) -> Any:
        raise NotImplementedError("You must implement the forward function for custom"
                                  " autograd.Function.")

    @staticmethod
    def backward(ctx: Any, *grad_outputs: Any) -> Any:
        raise NotImplementedError("You must implement either the backward or vjp method for "
                                  "your custom autograd.Function to use it with backward "
                                  "mode AD.")

    # vjp and backward are alias of each other
    vjp = backward

    @staticmethod
    def jvp(ctx: Any, *grad_inputs: Any) -> Any:
        raise NotImplementedError("You must implement the jvp function for custom "
                                  "autograd.Function to use it with forward mode AD.")


Function.__module__ = "torch.autograd.function"
FunctionCtx.__module__ = "torch.autograd.function"
BackwardCFunction.__module__ = "torch.autograd.function"
FunctionMeta.__module__ = "torch.autograd.function"
_HookMixin.__module__ = "torch.autograd.function"


def once_differentiable(fn):
    """Runs the backward fn with grad mode off; in a double backward, its
    results lead to a node that refuses to be differentiated."""

    @functools.wraps(fn)
    def wrapper(ctx, *args):
        with torch.no_grad():
            outputs = fn(ctx, *args)

        if not torch.is_grad_enabled():
            return outputs

        # If any of the inputs have requires_grad=True, we force the outputs
        # to have requires_grad=True but point to a grad_fn which throws an
        # error message during (double) back-propagation.
        requires_grad = any(isinstance(arg, torch.Tensor) and arg.requires_grad
                            for arg in args)
        if not requires_grad:
            return outputs

        if not isinstance(outputs, tuple):
            outputs = (outputs,)

        err_fn = _functions.DelayedError(
            b"trying to differentiate twice a function that was marked "
            b"with @once_differentiable", len(outputs))

        # Create aliases of each output that has requires_grad=True. We need
        # at least one of the inputs to err_fn to require grad so that the
        # output will have a grad_fn.
        def fake_requires_grad(var):
            if var is not None:
                var = var.detach()
                var.requires_grad = True
            return var

        return err_fn(*[fake_requires_grad(v) for v in outputs])
    return wrapper


def traceable(fn_cls):
    """Marks a Function traceable by the JIT (minaten has no JIT tracer)."""
    fn_cls.is_traceable = True
    return fn_cls


class InplaceFunction(Function):

    def __init__(self, inplace=False):
        super(InplaceFunction, self).__init__()
        self.inplace = inplace
