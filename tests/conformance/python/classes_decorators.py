# Classes and decorators around tensors, as only real Python has them: a
# class holding tensors (methods, a property, __repr__, __eq__ returning a
# tensor), a timing decorator built with functools.wraps, @torch.no_grad()
# and @torch.enable_grad() as decorators, and a tensor subclass-free
# container that works with the operators.
import functools
import time
import torch


class Linear:
    """y = x @ w.t() + b, holding its two parameters."""

    def __init__(self, w, b):
        self.w = w
        self.b = b

    def __call__(self, x):
        return x @ self.w.t() + self.b

    @property
    def shape(self):
        return tuple(self.w.shape)

    def parameters(self):
        return [self.w, self.b]

    def __repr__(self):
        return f"Linear(in={self.w.shape[1]}, out={self.w.shape[0]}, dtype={self.w.dtype})"


w = torch.tensor([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]], requires_grad=True)
b = torch.tensor([0.5, -0.5, 0.0], requires_grad=True)
lin = Linear(w, b)
print(lin, lin.shape)
y = lin(torch.tensor([[1.0, 1.0]]))
print(y)
y.sum().backward()
print([p.grad for p in lin.parameters()])
print(repr(lin), str(lin) == repr(lin), type(lin(torch.ones(1, 2))).__name__)
calls = []


def traced(fn):
    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        start = time.perf_counter()
        out = fn(*args, **kwargs)
        calls.append((fn.__name__, time.perf_counter() - start >= 0.0))
        return out
    return wrapper


@traced
def scaled_add(a, b, alpha=1):
    """adds alpha * b to a"""
    return torch.add(a, b, alpha=alpha)


print(scaled_add.__name__, scaled_add.__doc__, scaled_add.__wrapped__.__name__)
print(scaled_add(torch.tensor([1, 2]), torch.tensor([10, 20]), alpha=2))
print(scaled_add(torch.ones(2), 3.0))
print(calls)
add_traced = traced(torch.add)
print(add_traced.__name__, add_traced(torch.tensor(1.5), torch.tensor(2)))
mul_traced = traced(torch.Tensor.mul)
print(mul_traced(torch.tensor([2, 3]), 4), calls[-1])


@torch.no_grad()
def double_no_grad(t):
    return t * 2, torch.is_grad_enabled()


x = torch.ones(2, requires_grad=True)
out, enabled = double_no_grad(x)
print(out, out.requires_grad, enabled, torch.is_grad_enabled())
print(double_no_grad.__name__)


@torch.enable_grad()
def double_grad(t):
    return t * 2


with torch.no_grad():
    z = double_grad(x)
    print(z.requires_grad, z.grad_fn.name(), torch.is_grad_enabled())


class Counter:
    count = 0

    @staticmethod
    def ones(n):
        Counter.count += 1
        return torch.ones(n, dtype=torch.int64)

    @classmethod
    def zeros(cls, n):
        cls.count += 1
        return torch.zeros(n, dtype=torch.int64)


print(Counter.ones(2) + Counter.zeros(2), Counter.count)


class Pair:
    def __init__(self, a, b):
        self.a, self.b = a, b

    def __add__(self, other):
        return Pair(self.a + other.a, self.b + other.b)

    def __iter__(self):
        return iter((self.a, self.b))

    def __len__(self):
        return 2


p = Pair(torch.tensor([1, 2]), torch.tensor(3.0)) + Pair(torch.tensor([10, 20]), torch.tensor(0.5))
first, second = p
print(first, second, len(p), sum(p))
print(torch.stack(list(Pair(torch.ones(2), torch.zeros(2)))))
print(hasattr(lin, "w"), getattr(lin, "b").shape, isinstance(lin.w, torch.Tensor))
setattr(lin, "w", lin.w.detach() * 0)
print(lin(torch.ones(1, 2)))
