# A TorchFunctionMode sees every call within its `with` block: factories,
# plain tensors' methods (types empty from the C bindings, (Tensor,) from a
# method that checks only self and from the functions written in Python),
# properties, and each function once at the Python API's level.  Results
# are printed after the block (printing is itself a torch call).
import torch


class Logging(torch.overrides.TorchFunctionMode):
    def __init__(self, tag):
        super().__init__()
        self.tag = tag

    def __torch_function__(self, func, types, args=(), kwargs=None):
        print(f"{self.tag}: {func.__name__} types={[t.__name__ for t in types]} nargs={len(args)} kwargs={kwargs}")
        return func(*args, **(kwargs or {}))


t = torch.arange(4.)
with Logging("log") as m:
    a = torch.ones(2, 2)
    b = torch.tensor([1.0, 2.0])
    c = a + 1
    d = a.sum(dim=0)
    e = t[1:]
    t[0] = 5
    t[1] = torch.tensor(2.0)
    f = t.shape
    g = t.dim()
    h = t.to(torch.float64)
    i = len(t)
    j = 2 - t
    k = t.norm()
    l = torch.cat([t, t])
    n = float(t[0])
    o = torch.zeros(1).requires_grad_()
    p = o.requires_grad
    q = list(t)
    r = torch.where(t > 2, t, torch.zeros(4))
print(type(m).__name__, m.tag)
print(a, b, c, d, e, t, f, g, h, i, j, k, l, n, p, r)
print(torch._C._is_torch_function_mode_enabled(), torch.overrides._get_current_function_mode())


class Sub(torch.Tensor):
    pass


s = torch.ones(2).as_subclass(Sub)
with Logging("sub"):
    u = s * 2
    v = s.shape
print(type(u).__name__, u, v)
