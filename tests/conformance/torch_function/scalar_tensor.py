# "Extending torch with a Tensor-like type" (PyTorch's docs, extending.rst):
# a class that is no tensor takes over the torch functions it implements
# through HANDLED_FUNCTIONS; the others raise 1.13's TypeError.
import functools

import torch

HANDLED_FUNCTIONS = {}


class ScalarTensor(object):
    def __init__(self, N, value):
        self._N = N
        self._value = value

    def __repr__(self):
        return "ScalarTensor(N={}, value={})".format(self._N, self._value)

    def tensor(self):
        return self._value * torch.eye(self._N)

    @classmethod
    def __torch_function__(cls, func, types, args=(), kwargs=None):
        if kwargs is None:
            kwargs = {}
        if func not in HANDLED_FUNCTIONS or not all(issubclass(t, (torch.Tensor, ScalarTensor)) for t in types):
            return NotImplemented
        return HANDLED_FUNCTIONS[func](*args, **kwargs)


def implements(torch_function):
    """Register a torch function override for ScalarTensor"""
    def decorator(func):
        functools.update_wrapper(func, torch_function)
        HANDLED_FUNCTIONS[torch_function] = func
        return func
    return decorator


@implements(torch.mean)
def mean(input):
    return float(input._value) / input._N


def ensure_tensor(data):
    if isinstance(data, ScalarTensor):
        return data.tensor()
    return torch.as_tensor(data)


@implements(torch.add)
def add(input, other):
    try:
        if input._N == other._N:
            return ScalarTensor(input._N, input._value + other._value)
        else:
            raise ValueError("Shape mismatch!")
    except AttributeError:
        return torch.add(ensure_tensor(input), ensure_tensor(other))


d = ScalarTensor(5, 2)
print(d)
print(d.tensor())
print(torch.mean(d))
print(torch.add(d, d))
print(torch.add(d, torch.ones(5, 5)))
print(torch.add(torch.ones(5, 5), d))
print(torch.add(ScalarTensor(2, 1), ScalarTensor(3, 1)))
print(torch.mul(d, 2))
print(torch.sum(d))
print(torch.cat([d, torch.ones(2)]))
print(torch.ones(5, 5).add(d))
print(torch.is_tensor(d), torch.overrides.is_tensor_like(d), torch.overrides.has_torch_function((d,)))
print(mean.__name__, torch.mean in HANDLED_FUNCTIONS, torch.add in HANDLED_FUNCTIONS)
