# A wrapper that records what is done to it into a list, and a subclass
# under a TorchDispatchMode: the mode sees the call first (its `types` name
# the subclass), and the subclass's __torch_dispatch__ runs when the mode
# calls func; trace_on() prints the call once, before the subclass runs.
import torch
from torch.utils._pytree import tree_map
from torch.utils._python_dispatch import TorchDispatchMode

record = []


class Traced(torch.Tensor):
    @staticmethod
    def __new__(cls, elem):
        r = torch.Tensor._make_wrapper_subclass(cls, elem.size(), strides=elem.stride(), dtype=elem.dtype)
        r.elem = elem
        return r

    @classmethod
    def __torch_dispatch__(cls, func, types, args=(), kwargs=None):
        record.append(str(func))
        out = func(*tree_map(lambda e: e.elem if isinstance(e, Traced) else e, args), **(kwargs or {}))
        return tree_map(lambda e: Traced(e) if isinstance(e, torch.Tensor) else e, out)


class Mode(TorchDispatchMode):
    def __torch_dispatch__(self, func, types, args=(), kwargs=None):
        print("mode:", func, [t.__name__ for t in types])
        return func(*args, **(kwargs or {}))


a = Traced(torch.arange(4.))
b = (a * 2 + 1).view(2, 2).sum(0)
print(record, b.elem)
record.clear()
with Mode():
    c = a.neg()
    d = torch.ones(2) + 1
print(record, c.elem, d)
record.clear()
trace_on()
e = a.exp()
f = torch.zeros(2)
trace_off()
print(record, e.elem)
