# Python at the dispatcher's Python key: a TorchDispatchMode that logs the
# operators a line runs, a tensor subclass that wraps another tensor, and a
# custom autograd.Function.  `build/minaten run examples/python_key.py`
# prints what `/usr/bin/python3 examples/python_key.py` prints under 1.13
# (docs/python.md walks through it).
import torch
from torch.utils._python_dispatch import TorchDispatchMode
from torch.utils._pytree import tree_map


class LoggingMode(TorchDispatchMode):
    """Records each operator call with its arguments' shapes."""

    def __init__(self):
        self.log = []

    def __torch_dispatch__(self, func, types, args=(), kwargs=None):
        shapes = [tuple(a.shape) if isinstance(a, torch.Tensor) else a for a in args]
        self.log.append("%s%s" % (func, shapes))
        return func(*args, **(kwargs or {}))


x = torch.arange(6.).view(2, 3)
with LoggingMode() as mode:
    y = x.t().reshape(6) * 2
print("\n".join(mode.log))
print(y)


class Wrapper(torch.Tensor):
    """A tensor whose data lives in another tensor, `elem`."""

    @staticmethod
    def __new__(cls, elem):
        r = torch.Tensor._make_wrapper_subclass(cls, elem.shape, strides=elem.stride(), dtype=elem.dtype)
        r.elem = elem
        return r

    def __repr__(self):
        return "Wrapper(%s)" % self.elem

    @classmethod
    def __torch_dispatch__(cls, func, types, args=(), kwargs=None):
        print("Wrapper sees", func)
        unwrap = lambda t: t.elem if isinstance(t, Wrapper) else t
        out = func(*tree_map(unwrap, args), **tree_map(unwrap, kwargs or {}))
        return tree_map(lambda t: Wrapper(t) if isinstance(t, torch.Tensor) else t, out)


w = Wrapper(torch.tensor([1., 2., 3.]))
print(torch.ops.aten.mul.Tensor(w, w).elem.sum())


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


a = torch.tensor([0., 1.], requires_grad=True)
b = Exp.apply(a)
b.sum().backward()
print(type(b.grad_fn).__name__, a.grad)
