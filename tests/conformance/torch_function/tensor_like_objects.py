# Objects that are no tensors but have a __torch_function__ are accepted
# where a Tensor argument goes (alone, in a tensor list, as self's other
# argument, in an index); a __torch_function__ written as a plain method
# still runs (1.13 warns).
import torch


class Box:
    def __init__(self, v):
        self.v = v

    def __repr__(self):
        return f"Box({self.v})"

    @classmethod
    def __torch_function__(cls, func, types, args=(), kwargs=None):
        print("Box:", func.__name__, [t.__name__ for t in types], args, kwargs)
        return "box result"


class PlainMethod:
    def __torch_function__(self, func, types, args=(), kwargs=None):
        return ("plain", func.__name__)


t = torch.ones(2)
print(torch.add(Box(1), 2))
print(torch.add(t, Box(2), alpha=3))
print(t.add(Box(3)))
print(t.mul(Box(4)))
print(torch.cat([t, Box(5)]))
print(torch.stack((Box(6), t)))
print(torch.where(t > 0, Box(7), t))
print(t[Box(8)])
t[Box(9)] = 1
t[0] = Box(10)
print(torch.add(PlainMethod(), 1))
print(torch.overrides.is_tensor_like(Box(1)), torch.overrides.is_tensor_like(PlainMethod()))
print(torch.overrides.has_torch_function([1, Box(1)]), torch.overrides.has_torch_function_variadic(t, PlainMethod()))
try:
    torch.add(Box(1), "x")
except TypeError as e:
    print("TypeError:", e)
try:
    t + Box(1)
except TypeError as e:
    print("TypeError:", e)
print(t + 1)


class NotTF:
    __torch_function__ = torch._C._disabled_torch_function_impl


try:
    torch.add(NotTF(), 1)
except TypeError as e:
    print("TypeError:", e)
