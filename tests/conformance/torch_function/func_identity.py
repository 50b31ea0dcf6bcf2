# What __torch_function__ receives: func is the public API function the
# caller used (torch.add, torch.Tensor.add also for `x + y`, a property's
# __get__, torch.Tensor.__getitem__), types the overriding classes, args
# with self first, kwargs None from the C bindings and a dict from the
# functions 1.13 writes in Python.
import torch

seen = []


class Spy(torch.Tensor):
    @classmethod
    def __torch_function__(cls, func, types, args=(), kwargs=None):
        seen.append((func, types, args, kwargs))
        return super().__torch_function__(func, types, args, kwargs)


def last(label):
    func, types, args, kwargs = seen[-1]
    shown = [type(a).__name__ for a in args]
    print(label, "|", func.__name__, [t.__name__ for t in types], shown, kwargs)
    seen.clear()
    return func


x = torch.ones(2, 2).as_subclass(Spy)
y = torch.ones(2, 2)
r = torch.add(x, y, alpha=2); f = last("torch.add"); print(f is torch.add)
r = x.add(y); f = last("x.add"); print(f is torch.Tensor.add)
r = x + y; f = last("x + y"); print(f is torch.Tensor.add)
r = y + x; f = last("y + x"); print(f is torch.Tensor.add)
r = 3 * x; f = last("3 * x"); print(f is torch.Tensor.mul)
r = x & x.bool() if False else x.mul_(1); f = last("x.mul_"); print(f is torch.Tensor.mul_)
r = x[0]; f = last("x[0]"); print(f is torch.Tensor.__getitem__)
x[0, 0] = 5; f = last("x[0, 0] = 5"); print(f is torch.Tensor.__setitem__)
r = x.shape; f = last("x.shape"); print(f == torch.Tensor.shape.__get__, f.__self__ is torch.Tensor.shape)
r = x.grad; f = last("x.grad"); print(f == torch.Tensor.grad.__get__, f in torch.overrides.get_default_nowrap_functions())
x.requires_grad = False; f = last("x.requires_grad = False"); print(f == torch.Tensor.requires_grad.__set__)
r = x.dim(); f = last("x.dim()"); print(f is torch.Tensor.dim)
r = x.size(0); f = last("x.size(0)"); print(f is torch.Tensor.size)
r = x.to(torch.float64); f = last("x.to"); print(f is torch.Tensor.to)
r = float(x[0, 1]); seen.pop(0); f = last("float"); print(f is torch.Tensor.__float__)
r = x.norm(); f = last("x.norm()"); print(f is torch.Tensor.norm)
r = torch.norm(x); f = last("torch.norm"); print(f is torch.norm)
r = 1 - x; f = last("1 - x"); print(f is torch.Tensor.__rsub__)
r = len(x); f = last("len(x)"); print(f is torch.Tensor.__len__)
r = x.split(1); f = last("x.split(1)"); print(f is torch.Tensor.split)
r = torch.cat([y, x], 1); f = last("torch.cat"); print(f is torch.cat)
r = torch.numel(x); f = last("torch.numel"); print(f is torch.numel)
r = repr(x); f = last("repr"); print(f is torch.Tensor.__repr__)
r = x.T; f = last("x.T"); print(f == torch.Tensor.T.__get__)
r = x.new_tensor([1.0]); f = last("new_tensor"); print(f is torch.Tensor.new_tensor)
print(seen)
