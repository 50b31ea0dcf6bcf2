# Errors around modes: a Python exception raised in __torch_dispatch__ comes
# out of the operator call unchanged (its type and message), the mode stays
# entered for the next statement; an operator's own error inside the
# handler; a mode without __torch_dispatch__; popping an empty stack.
import torch
from torch.utils._python_dispatch import TorchDispatchMode


class Raising(TorchDispatchMode):
    def __torch_dispatch__(self, func, types, args=(), kwargs=None):
        if func == torch.ops.aten.mul.Tensor:
            raise ValueError("no multiplying here: %s" % func)
        if func == torch.ops.aten.div.Tensor:
            raise KeyError("div")
        return func(*args, **(kwargs or {}))


x = torch.ones(2)
m = Raising()
m.__enter__()
try:
    x * 2
except ValueError as e:
    print("ValueError", e)
try:
    x / 2
except KeyError as e:
    print("KeyError", e)
try:
    x.view(3)
except RuntimeError as e:
    print("RuntimeError", e)
y = x + 1
m.__exit__(None, None, None)
print(y)
print(torch._C._len_torch_dispatch_stack())
try:
    with TorchDispatchMode():
        x + 1
except NotImplementedError as e:
    print("NotImplementedError", repr(e))
try:
    torch._C._pop_torch_dispatch_stack()
except RuntimeError as e:
    print("RuntimeError", e)
try:
    torch._C._get_dispatch_stack_at(0)
except RuntimeError as e:
    print("RuntimeError", e)
print(x * 2)
