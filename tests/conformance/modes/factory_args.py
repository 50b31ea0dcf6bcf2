# What a mode receives from the Python bindings: a factory's device and
# pin_memory filled in, a *_like's or new_*'s dtype, layout and device taken
# from self, a Python number as a number, a dtype as a torch.dtype.
import torch
from torch.utils._python_dispatch import TorchDispatchMode


class M(TorchDispatchMode):
    def __torch_dispatch__(self, func, types, args=(), kwargs=None):
        print(func, [a if not isinstance(a, torch.Tensor) else "T" for a in args], kwargs)
        return func(*args, **(kwargs or {}))


x = torch.ones(2)
with M():
    torch.ones_like(x)
    torch.empty_like(x, dtype=torch.int64)
    torch.zeros_like(x, device="cpu")
    torch.full((2,), 3.0)
    torch.arange(0, 5, 2)
    torch.empty_strided((2,), (1,))
    torch.scalar_tensor(3)
    torch.tensor([1, 2])
    torch.ones(2, layout=torch.strided)
    torch.ones(2, pin_memory=False)
    torch.empty(2, memory_format=torch.contiguous_format)
    x.new_ones(2)
    x.new_empty((2,))
    x.new_zeros(2, dtype=torch.int32)
    x.new_full((2,), 1)
    x * 2.5
    x + True
    x.mul(torch.tensor(3))
    x.to("cpu")
    x.to(torch.float64)
    x.type(torch.float64)
    x.double()
    x.clone(memory_format=torch.preserve_format)
    x.contiguous()
    x.sum(dtype=torch.float64)
    x.pow(2)
    x.reshape(2, 1).expand(2, 3).contiguous()
    torch.where(x > 0, x, 0.0)
    x.masked_fill(x > 0, 2)
    x.clamp(min=0)
