# A mode may change what a call computes: its arguments, the operator it
# runs, or the result it returns; the caller gets whatever it returns.
import torch
from torch.utils._python_dispatch import TorchDispatchMode


class AddToMul(TorchDispatchMode):
    def __torch_dispatch__(self, func, types, args=(), kwargs=None):
        kwargs = kwargs or {}
        if func == torch.ops.aten.add.Tensor:
            return torch.ops.aten.mul.Tensor(args[0], args[1])
        if func is torch.ops.aten.sum.default:
            return func(args[0] * 10)
        if func.overloadpacket == torch.ops.aten.neg:
            return args[0].clone()
        return func(*args, **kwargs)


class Doubler(TorchDispatchMode):
    def __torch_dispatch__(self, func, types, args=(), kwargs=None):
        out = func(*args, **(kwargs or {}))
        if isinstance(out, torch.Tensor) and out.is_floating_point():
            return out * 2
        return out


# (results are printed after the `with`: 1.13 formats a tensor with
# operators, which a mode would see and change)
x = torch.tensor([1.0, 2.0, 3.0])
with AddToMul():
    r = [x + 4, x.sum(), -x, x - 1]
print(r)
with Doubler():
    a = torch.ones(2)
    r = [torch.ones(2), x + 1, torch.arange(3), x.is_floating_point()]
    a.add_(1)
print(r, a)
print(x.add(1))
