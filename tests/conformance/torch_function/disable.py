# Switching __torch_function__ off: torch._C.DisableTorchFunction (which a
# mode does not see: it stays active), a class whose __torch_function__ is
# torch._C._disabled_torch_function_impl (it opts out), and the tests of
# torch.overrides.
import torch


class Loud(torch.Tensor):
    @classmethod
    def __torch_function__(cls, func, types, args=(), kwargs=None):
        print("Loud", func.__name__)
        return super().__torch_function__(func, types, args, kwargs)


class Quiet(torch.Tensor):
    __torch_function__ = torch._C._disabled_torch_function_impl


x = torch.ones(2).as_subclass(Loud)
q = torch.ones(2).as_subclass(Quiet)
print(torch._C._is_torch_function_enabled())
with torch._C.DisableTorchFunction():
    print(torch._C._is_torch_function_enabled())
    r = x + 1
    with torch._C.DisableTorchFunction():
        pass
    print(torch._C._is_torch_function_enabled(), type(r).__name__)
print(torch._C._is_torch_function_enabled())
r = x + 1
print(type(r).__name__, type(q + 1).__name__, type(q[0]).__name__, type(q.sum()).__name__, q.shape)
print(torch._C._disabled_torch_function_impl(torch.Tensor.add, (), (x, 1)))
print(torch._C._disabled_torch_function_impl(torch.add, (), [x, 1], {"alpha": 3}))
print(torch._C._disabled_torch_function_impl(torch.Tensor.dim, (), (x,), None))
try:
    torch._C._disabled_torch_function_impl(torch.add, (), 5)
except TypeError as e:
    print("TypeError:", e)
print(type(torch._C.DisableTorchFunction()).__name__, torch._C._disabled_torch_function_impl.__name__)


class Mode(torch.overrides.TorchFunctionMode):
    def __torch_function__(self, func, types, args=(), kwargs=None):
        print("Mode", func.__name__, [t.__name__ for t in types])
        return func(*args, **(kwargs or {}))


with Mode():
    with torch._C.DisableTorchFunction():
        torch.ones(1)
        x.add(1)
ho = torch.overrides
print(ho.has_torch_function((x,)), ho.has_torch_function([torch.ones(1), 1]), ho.has_torch_function((q,)))
print(ho.has_torch_function_unary(x), ho.has_torch_function_unary(torch.ones(1)), ho.has_torch_function_unary(3))
print(ho.has_torch_function_variadic(1, x), ho.has_torch_function_variadic(), ho.has_torch_function_variadic(1, "a"))
with Mode():
    print(ho.has_torch_function((1,)), ho.has_torch_function_unary(None), ho.has_torch_function(()))
print(ho.is_tensor_like(x), ho.is_tensor_like(torch.ones(1)), ho.is_tensor_like(q), ho.is_tensor_like(1),
      ho.is_tensor_like(torch.Tensor))
print(sorted(f.__self__.__name__ for f in ho.get_default_nowrap_functions()))
with torch._C.DisableTorchFunction():
    print(ho.has_torch_function((x,)))
d = torch._C.DisableTorchFunction()
d.__enter__()
d.__enter__()
d.__exit__(None, None, None)
print(torch._C._is_torch_function_enabled())
d.__exit__(None, None, None)
print(torch._C._is_torch_function_enabled())
