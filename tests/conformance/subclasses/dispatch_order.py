# Which __torch_dispatch__ runs: each distinct subclass among the
# arguments in turn, a subclass before its base classes, until one returns
# something else than NotImplemented; `types` lists them in that order.
# When all return NotImplemented, 1.13's TypeError (and, for the Tensor
# operators, Python's own, as the binding turns TypeError into
# NotImplemented).
import torch


class Base(torch.Tensor):
    @staticmethod
    def __new__(cls, elem):
        r = torch.Tensor._make_wrapper_subclass(cls, elem.size(), dtype=elem.dtype)
        r.elem = elem
        return r

    @classmethod
    def __torch_dispatch__(cls, func, types, args=(), kwargs=None):
        print(cls.__name__, "handles", func, [t.__name__ for t in types])
        if cls is Base:
            return NotImplemented
        return args[0].elem.clone() if isinstance(args[0], Base) else args[0].clone()


class Sub(Base):
    pass


class Other(Base):
    @classmethod
    def __torch_dispatch__(cls, func, types, args=(), kwargs=None):
        print("Other declines", func)
        return NotImplemented


b = Base(torch.ones(2))
s = Sub(torch.ones(2) * 3)
o = Other(torch.ones(2))
r = torch.add(b, s)
print(r.shape)
r = torch.add(s, b)
print(r.shape)
try:
    torch.add(b, o)
except TypeError as e:
    print("TypeError", e)
try:
    b + 1
except TypeError as e:
    print("TypeError", e)
try:
    torch.ops.aten.mul.Tensor(b, b)
except TypeError as e:
    print("TypeError", e)
try:
    torch.cat([b, o])
except TypeError as e:
    print("TypeError", e)
