# A mode below autograd: a tensor that requires grad records its history
# above the Python key, and the mode sees the operators the kernels and the
# backward formulas run (the backward pass included), never the autograd
# wrappers; .data and .detach() show as aten.detach.
import torch
from torch.utils._python_dispatch import TorchDispatchMode


class Log(TorchDispatchMode):
    def __torch_dispatch__(self, func, types, args=(), kwargs=None):
        out = func(*args, **(kwargs or {}))
        grad_fns = [a.grad_fn is not None for a in args if isinstance(a, torch.Tensor)]
        print(func, "inputs with grad_fn:", grad_fns, "output requires_grad:",
              out.requires_grad if isinstance(out, torch.Tensor) else None)
        return out


x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
with Log():
    y = (x * x).sum()
    y.backward()
    d = x.detach()
    e = x.data
    g = torch.tensor([0.0, 1.0, 2.0], requires_grad=True)
    h = torch.gather(g, 0, torch.tensor([2, 0]))
    h.sum().backward()
print(y, type(y.grad_fn).__name__, x.grad, d.requires_grad, e.requires_grad, g.grad)
