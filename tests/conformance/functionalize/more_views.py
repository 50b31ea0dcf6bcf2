# More of functionalization on CPU tensors: the views and writes a program
# meets (indexing assignment, fills, in-place views, expand, permute,
# squeeze, out=), views reapplied, printing, and the values at the end.
import torch
from torch.utils._python_dispatch import TorchDispatchMode


class Ops(TorchDispatchMode):
    def __torch_dispatch__(self, func, types, args=(), kwargs=None):
        print("  ", func)
        return func(*args, **(kwargs or {}))


def run(reapply_views):
    print("reapply_views", reapply_views)
    f = torch._to_functional_tensor(torch.arange(12.).reshape(3, 4))
    torch._enable_functionalization(reapply_views=reapply_views)
    try:
        with Ops():
            print("setitem"); f[0] = torch.tensor([9., 8., 7., 6.])
            print("fill_"); f[1, 1:3].fill_(-1)
            print("zero_"); f[2].zero_()
            print("t_"); g = f[1:].clone(); g.t_(); g.mul_(2)
            print("unsqueeze_"); u = f.select(1, 0); u.unsqueeze_(0); u.add_(100)
            print("permute"); p = f.permute(1, 0); p[0].neg_()
            print("expand"); e = f[:1].expand(2, 4); x = e * 1
            print("out="); o = torch.empty(3, 4); torch.add(f, 1, out=o)
            print("reshape"); r = f.reshape(12); r[5].mul_(0)
            print("to"); d = f.to(torch.float64)
            print("detach"); dt = f.detach()
        print(torch._is_functional_tensor(g), torch._is_functional_tensor(o), torch._is_functional_tensor(d))
        print(f)
    finally:
        torch._disable_functionalization()
    torch._sync(f)
    print(torch._from_functional_tensor(f))
    print(torch._from_functional_tensor(g))
    print(torch._from_functional_tensor(o))
    print(torch._from_functional_tensor(x))


run(False)
run(True)
