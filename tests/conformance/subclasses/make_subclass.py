# A subclass made by _make_subclass or as_subclass whose class defines
# __torch_dispatch__ is dispatched through Python too: 1.13 marks every
# tensor object of such a class (THPVariable_NewWithVar).
import torch
class S(torch.Tensor):
    __torch_function__ = torch._C._disabled_torch_function_impl
    @classmethod
    def __torch_dispatch__(cls, func, types, args=(), kwargs=None):
        print("dispatch", func, [t.__name__ for t in types])
        return torch._C._disabled_torch_dispatch_impl(func, types, args, kwargs)
x = torch.Tensor._make_subclass(S, torch.ones(2))
print(type(x).__name__)
y = torch.add(x, 1)
print(type(y).__name__, y)
z = torch.ones(2).as_subclass(S)
w = torch.mul(z, 2)
print(type(w).__name__, w)
