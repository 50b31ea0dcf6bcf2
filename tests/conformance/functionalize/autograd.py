# Autograd above functionalization: the graph records the program as
# written (CopySlices for a write through a view), and backward runs its
# formulas on functional tensors, so the mode sees their *_copy and
# *_scatter forms too.
import torch
from torch.utils._python_dispatch import TorchDispatchMode


class Ops(TorchDispatchMode):
    def __torch_dispatch__(self, func, types, args=(), kwargs=None):
        print("  ", func)
        return func(*args, **(kwargs or {}))


x = torch._to_functional_tensor(torch.arange(6.).reshape(2, 3))
x.requires_grad_()
print(x.requires_grad, x.is_leaf, torch._is_functional_tensor(x))
torch._enable_functionalization(reapply_views=False)
try:
    with Ops():
        y = x * 2
        v = y[1]
        v.mul_(3)
        s = y.sum()
        print("backward")
        s.backward()
    print(type(y.grad_fn).__name__, type(v.grad_fn).__name__)
    print(torch._is_functional_tensor(x.grad))
    with Ops():
        z = (x.t() * x.t()).sum()
        g, = torch.autograd.grad(z, x)
finally:
    torch._disable_functionalization()
print(torch._from_functional_tensor(x.grad))
print(torch._from_functional_tensor(g))
print(torch._from_functional_tensor(y))
