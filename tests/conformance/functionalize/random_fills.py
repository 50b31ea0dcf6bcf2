# The random fills under functionalization: uniform_ becomes uniform, a
# clone filled with the same draws from the generator, and so on for each
# fill (normal_ becomes normal_functional).
import torch
from torch.utils._python_dispatch import TorchDispatchMode


class Ops(TorchDispatchMode):
    def __torch_dispatch__(self, func, types, args=(), kwargs=None):
        print("  ", func)
        return func(*args, **(kwargs or {}))


torch.manual_seed(0)
f = torch._to_functional_tensor(torch.zeros(4, 3))
torch._enable_functionalization(reapply_views=False)
try:
    with Ops():
        f[0].uniform_()
        f[1].normal_(2., 0.5)
        f[2].exponential_()
        f[3].random_(0, 10)
        g = torch.zeros(3)
        g.random_(5)
        g.random_()
finally:
    torch._disable_functionalization()
print(torch._from_functional_tensor(f))
print(torch._from_functional_tensor(g) < 5)
