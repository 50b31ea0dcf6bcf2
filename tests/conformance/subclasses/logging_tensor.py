# The subclass_zoo's LoggingTensor: a wrapper subclass (_make_wrapper_subclass)
# whose __torch_dispatch__ unwraps its arguments with tree_map, runs the
# operator on the real data and wraps the results again; it sees every
# operator below autograd, the backward pass's included.
import torch
from torch.utils._pytree import tree_map


class LoggingTensor(torch.Tensor):
    __slots__ = ["elem"]

    @staticmethod
    def __new__(cls, elem, *args, **kwargs):
        r = torch.Tensor._make_wrapper_subclass(cls, elem.size(), strides=elem.stride(),
                                                storage_offset=elem.storage_offset(), dtype=elem.dtype,
                                                layout=elem.layout, device=elem.device,
                                                requires_grad=kwargs.get("requires_grad", False))
        r.elem = elem.detach() if r.requires_grad else elem
        return r

    def __repr__(self):
        return "LoggingTensor(%s)" % self.elem

    @classmethod
    def __torch_dispatch__(cls, func, types, args=(), kwargs=None):
        def unwrap(e):
            return e.elem if isinstance(e, LoggingTensor) else e

        def wrap(e):
            return LoggingTensor(e) if isinstance(e, torch.Tensor) else e

        rs = tree_map(wrap, func(*tree_map(unwrap, args), **tree_map(unwrap, kwargs or {})))
        print(func, [t.__name__ for t in types], "->", type(rs).__name__)
        return rs


x = LoggingTensor(torch.tensor([1.0, 2.0, 3.0]))
print(type(x).__name__, x.shape, x.dtype, x.requires_grad, x.is_leaf, x.stride(), x.device, x.dim())
y = x + 1
print(y)
z = (x * x).sum()
print(z)
v = x.view(3, 1)
print(v, v.shape, v.stride())
t = x.reshape(1, 3).t()
print(t.shape, t.stride())
m = x.max(0)
print(m)
c = torch.cat([x, x])
print(c)
x.add_(10)
print(x)
w = LoggingTensor(torch.tensor([1.0, 2.0]), requires_grad=True)
out = (w * 2).sum()
print(out.requires_grad, type(out.grad_fn).__name__)
out.backward()
print(w.grad, type(w.grad).__name__)
q = LoggingTensor(torch.arange(6.).view(2, 3)[:, 1:])
print(q.shape, q.stride(), q.storage_offset(), q.is_contiguous())
