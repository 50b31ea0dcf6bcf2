# Every __torch_function__ returning NotImplemented: 1.13's TypeError, which
# names the public function (module and name) and the overriding classes;
# an operator's TypeError becomes NotImplemented, so Python's own
# "unsupported operand" error comes out.  An exception raised by a
# __torch_function__ comes out unchanged.
import torch


class Refuse(torch.Tensor):
    @classmethod
    def __torch_function__(cls, func, types, args=(), kwargs=None):
        return NotImplemented


class Other(torch.Tensor):
    @classmethod
    def __torch_function__(cls, func, types, args=(), kwargs=None):
        return NotImplemented


x = torch.ones(2).as_subclass(Refuse)
o = torch.ones(2).as_subclass(Other)
torch.add(x, 1)
x.add(1)
torch.add(x, o)
torch.add(o, x)
torch.cat([o, torch.ones(2), x])
x + 1
1 - x
x @ x
x[0]
x[0] = 1
x.shape
x.grad
x.requires_grad = True
x.dim()
x.size()
x.to(torch.float64)
x.tolist()
x.T
float(x)
x.norm()
torch.norm(x)
len(x)
x.split(1)
torch.split(x, 1)
repr(x)
x.register_hook(lambda g: g)
x.backward()
torch.einsum("i,i->", x, x)
x.numpy()


class Boom(torch.Tensor):
    @classmethod
    def __torch_function__(cls, func, types, args=(), kwargs=None):
        raise ValueError("boom in " + func.__name__)


b = torch.ones(2).as_subclass(Boom)
b + 1
torch.mul(b, 2)
b.shape
b[0]


class Arity(torch.Tensor):
    @classmethod
    def __torch_function__(cls, func, types, args, kwargs):
        return func.__name__


a = torch.ones(2).as_subclass(Arity)
print(a.norm(), len(a))
a.add(1)
