# resize_as_ under functionalization calls its functional form resize_as
# (1.13 generates it from resize_as_: a clone, resized), and the wrapper
# takes the new shape; on a lazy tensor too.
import torch
from torch.utils._python_dispatch import TorchDispatchMode
class Ops(TorchDispatchMode):
    def __torch_dispatch__(self, func, types, args=(), kwargs=None):
        print("  ", func)
        return func(*args, **(kwargs or {}))
f = torch._to_functional_tensor(torch.arange(4.))
t = torch.ones(2, 3)
torch._enable_functionalization(reapply_views=False)
try:
    with Ops():
        f.resize_as_(t)
        g = f * 2
    print(f.shape, f.stride(), g.shape)
finally:
    torch._disable_functionalization()
print(torch._from_functional_tensor(g)[0])
r = torch.ops.aten.resize_as(torch.arange(3.), torch.ones(2, 2))
print(r.shape, r[0, :1])
a = torch.arange(6.).to("lazy")
a.resize_as_(torch.ones(2, 2).to("lazy"))
print(a.shape, a.cpu())
