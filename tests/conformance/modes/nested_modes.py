# Modes nest: the innermost (last entered) sees a call first, popped while
# its __torch_dispatch__ runs, so the calls it makes go to the mode below it;
# the stack functions show what is entered.
import torch
from torch.utils._python_dispatch import TorchDispatchMode, _get_current_dispatch_mode, \
    _get_current_dispatch_mode_stack, _pop_mode_temporarily


class Named(TorchDispatchMode):
    def __init__(self, name):
        self.name = name

    def __torch_dispatch__(self, func, types, args=(), kwargs=None):
        print(self.name, "sees", func, "stack", [m.name for m in _get_current_dispatch_mode_stack()])
        return func(*args, **(kwargs or {}))

    def __repr__(self):
        return "Named(%s)" % self.name


print(_get_current_dispatch_mode(), torch._C._len_torch_dispatch_stack())
x = torch.ones(2)
with Named("outer") as outer:
    print(_get_current_dispatch_mode())
    with Named("inner"):
        print(_get_current_dispatch_mode_stack())
        y = x + 1
        with _pop_mode_temporarily() as m:
            print("popped", m, _get_current_dispatch_mode_stack())
            z = x * 2
    w = x - 1
    with outer:
        print(torch._C._len_torch_dispatch_stack())
        v = x.neg()
print(_get_current_dispatch_mode(), y, z, w, v)
torch._C._pop_torch_dispatch_stack()
