# Functionalization on CPU tensors: views become *_copy operators, writes
# their functional forms, and a write through a view reaches the base as a
# *_scatter when the base is next read.  The mode sees the operators below
# the Functionalize key.
import torch
from torch.utils._python_dispatch import TorchDispatchMode


class Ops(TorchDispatchMode):
    def __torch_dispatch__(self, func, types, args=(), kwargs=None):
        print("  ", func)
        return func(*args, **(kwargs or {}))


a = torch.arange(6.).reshape(2, 3)
f = torch._to_functional_tensor(a)
print(torch._is_functional_tensor(f), torch._is_functional_tensor(a), f.shape, f.stride())
# (minaten has no Autocast keys)
print(str(torch._C._dispatch_keys(f)).replace(", AutocastCPU", ""))
torch._enable_functionalization(reapply_views=False)
try:
    with Ops():
        print("view"); v = f[1]
        print("mul_"); v.mul_(2)
        print("add"); s = f + 1
        print("t"); w = f.t()
        print("w*1"); w2 = w * 1
        print("diagonal"); d = f.diagonal(); d.zero_()
        print("slice"); f[:, 1:].add_(10)
        print("view of a view"); f.view(3, 2)[1:].sub_(1)
        print("sync"); torch._sync(f)
        print("ones"); o = torch.ones(2)
    print(torch._is_functional_tensor(o), torch._is_functional_tensor(s))
    try:
        f.add_(torch.ones(1, 2, 3))
    except RuntimeError as e:
        print("RuntimeError", e)
finally:
    torch._disable_functionalization()
print(torch._from_functional_tensor(f))
print(torch._from_functional_tensor(s))
print(torch._from_functional_tensor(w2))
print(v.shape, v.stride(), v.storage_offset(), w.shape)
print(a)
