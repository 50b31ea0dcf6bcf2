# Python kernels under a TorchDispatchMode: the mode sees the new operator
# itself (mylib.foo.default) when its kernel is a CPU one, and what a
# CompositeImplicitAutograd kernel calls instead of the operator; the
# kernel's own calls run below the mode.  An overridden aten::mul is seen
# as aten.mul.Tensor.  Results are printed after the mode exits.
import torch
from torch.library import Library
from torch.utils._python_dispatch import TorchDispatchMode

seen = []


class Logging(TorchDispatchMode):
    def __torch_dispatch__(self, func, types, args=(), kwargs=None):
        seen.append(str(func))
        return func(*args, **(kwargs or {}))


lib = Library("mylib", "DEF")
lib.define("foo(Tensor x) -> Tensor")
lib.define("bar(Tensor x, Scalar s=1) -> Tensor")
lib.impl("foo", lambda x: x.neg() + 1, "CPU")
lib.impl("bar", lambda x, s=1: x.exp() * s, "CompositeImplicitAutograd")
over = Library("aten", "IMPL", "CPU")
over.impl("mul.Tensor", lambda a, b: torch.ops.aten.sub.Tensor(a, b))
x = torch.tensor([1., 2.])
with Logging():
    a = torch.ops.mylib.foo(x)
    b = torch.ops.mylib.bar(x, 2)
    c = x * x
del over
for s in seen:
    print(s)
print(a, b, c)
