# A TorchFunctionMode's errors: NotImplemented from the mode and every
# argument (1.13's TypeError, naming the mode object it found), a
# classmethod handler, an exception from the handler (the mode stack is
# left as it was), and the stack functions' own errors.
import re

import torch


def show(f):
    try:
        r = f()
        print("ok", type(r).__name__)
    except Exception as e:
        print(type(e).__name__ + ":", re.sub(r"0x[0-9a-f]+", "0x...", str(e)))


class Refusing(torch.overrides.TorchFunctionMode):
    def __torch_function__(self, func, types, args=(), kwargs=None):
        return NotImplemented


class Sub(torch.Tensor):
    pass


class Refuse(torch.Tensor):
    @classmethod
    def __torch_function__(cls, func, types, args=(), kwargs=None):
        return NotImplemented


e = torch.empty(0)
r = e.as_subclass(Refuse)
with Refusing():
    show(lambda: torch.ones(2))
    show(lambda: torch.Tensor.add(e, 1))
    show(lambda: r.add(1))
    show(lambda: torch.add(r, e))
    show(lambda: r.shape)
    show(lambda: e + r)
with Refusing():
    pass
s = torch.ones(2).as_subclass(Sub)
with Refusing():
    show(lambda: s.add(1))


class ClassMethodMode(torch.overrides.TorchFunctionMode):
    @classmethod
    def __torch_function__(cls, func, types, args=(), kwargs=None):
        return 1


with ClassMethodMode():
    show(lambda: torch.ones(1))


class Raising(torch.overrides.TorchFunctionMode):
    def __torch_function__(self, func, types, args=(), kwargs=None):
        raise KeyError(func.__name__)


m = Raising()
try:
    with m:
        torch.ones(1)
except KeyError as e:
    print("KeyError", e)
print(torch._C._len_torch_function_stack(), torch._C._is_torch_function_mode_enabled())
show(lambda: torch._C._pop_torch_function_stack())
show(lambda: torch._C._get_function_stack_at(0))
show(lambda: torch.overrides.TorchFunctionMode().__torch_function__(torch.add, (), ()))
with torch.overrides.TorchFunctionMode():
    show(lambda: torch.ones(1))
print(torch._C._len_torch_function_stack())
