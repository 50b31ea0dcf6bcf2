# Functionalization of the views of several outputs (split, unbind: each
# output's ViewMeta names its index, and a write through it comes back as a
# slice_scatter or select_scatter), of writes taking tensor lists
# (index_put_, cat.out) and of writes of several outputs (max.dim_max,
# sort.values, topk.values: the functional operator's tuple replaces each),
# and of out= factories (arange.out calls arange with the out's options).
import torch
from torch.utils._python_dispatch import TorchDispatchMode


class Ops(TorchDispatchMode):
    def __torch_dispatch__(self, func, types, args=(), kwargs=None):
        print("  ", func)
        return func(*args, **(kwargs or {}))


f = torch._to_functional_tensor(torch.arange(12.).reshape(3, 4))
torch._enable_functionalization(reapply_views=False)
try:
    with Ops():
        print("split"); a, b = f.split([1, 2]); b.mul_(2)
        print(a.shape, b.shape, b.storage_offset())
        print("split int"); c = f.split(3, 1); c[1].add_(1)
        print("unbind"); r = f.unbind(1); r[2].add_(1)
        print(r[2].storage_offset())
        print("sync"); torch._sync(f)
        print("index_put_"); f[torch.tensor([0, 2])] = 0.5
        print("cat.out"); o = torch.empty(0); torch.cat([f, f], out=o)
        print("max.dim_max")
        vals = torch.empty(0); idx = torch.empty(0, dtype=torch.long)
        torch.max(f, 1, out=(vals, idx))
        print("sort.values"); torch.sort(f, 1, descending=True, out=(vals, idx))
        print("topk.values"); torch.topk(f, 2, out=(vals, idx))
        print("arange.out"); ao = torch.empty(3, dtype=torch.float64); torch.arange(3, out=ao)
        print("linspace.out"); torch.linspace(0, 1, 5, out=ao)
        print("tril_indices.out"); ti = torch.empty(0, dtype=torch.long); torch.tril_indices(3, 3, out=ti)
finally:
    torch._disable_functionalization()
print(torch._from_functional_tensor(f))
print(torch._from_functional_tensor(o).shape)
print(torch._from_functional_tensor(vals), torch._from_functional_tensor(idx))
print(torch._from_functional_tensor(ao), torch._from_functional_tensor(ti))
