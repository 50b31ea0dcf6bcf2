# A TorchDispatchMode that logs each call: the OpOverload it receives, the
# positional arguments and keyword arguments as 1.13 builds them (keyword-
# only arguments equal to their defaults left out, trailing positional ones
# equal to their defaults dropped), and what the call returns.
import torch
from torch.utils._python_dispatch import TorchDispatchMode


def describe(a):
    if isinstance(a, torch.Tensor):
        return "T%s" % (list(a.shape),)
    if isinstance(a, (list, tuple)):
        return type(a).__name__ + "[" + ", ".join(describe(x) for x in a) + "]"
    return repr(a)


class LoggingMode(TorchDispatchMode):
    def __torch_dispatch__(self, func, types, args=(), kwargs=None):
        kwargs = kwargs or {}
        r = func(*args, **kwargs)
        print(func, type(func).__name__, types, describe(args), {k: describe(v) for k, v in kwargs.items()},
              "->", describe(r))
        return r


x = torch.ones(2, 3)
with LoggingMode():
    y = x + 1
    y = torch.add(x, x, alpha=2)
    z = x.sum()
    z = x.sum(1, keepdim=True)
    v = x.view(3, 2)
    r = x.reshape(6)
    t = x.t().contiguous()
    o = torch.ones(2, dtype=torch.float64)
    e = torch.empty(3)
    z = torch.zeros(2, 2, dtype=torch.int32)
    a = torch.arange(4)
    m = x.max(1)
    c = torch.cat([x, x])
    x.add_(1)
    s = x[0]
    w = x[:, 1:]
    q = x.to(torch.float64)
    u = x.unsqueeze(0).expand(2, 2, 3)
print(y, z, v.shape, r.shape, t.shape, o, e.shape, a, m, c.shape, x, s, w.shape, q.dtype, u.shape)
print(type(m).__name__)
