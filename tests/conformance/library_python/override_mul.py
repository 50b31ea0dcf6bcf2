# Overriding aten::mul.Tensor for CPU from Python: 1.13 warns (the first
# line of the warning is pinned), and every caller of mul (x * y, torch.mul,
# Tensor.mul, a composite operator that multiplies) gets the Python kernel
# until the Library is deleted, when the built-in kernel is back.  Results
# are printed after the override is gone: printing a tensor multiplies.
import warnings
import torch
from torch.library import Library

calls = []


def mul_cpu(a, b):
    calls.append((type(a).__name__, type(b).__name__))
    return torch.ops.aten.add.Tensor(a, b)


x = torch.tensor([1., 2., 3.])
y = torch.tensor([10., 20., 30.])
with warnings.catch_warnings(record=True) as w:
    warnings.simplefilter("always")
    lib = Library("aten", "IMPL")
    lib.impl("mul.Tensor", mul_cpu, "CPU")
print([str(m.message).splitlines()[0] for m in w])
print([m.category.__name__ for m in w])
r1 = x * y
r2 = torch.mul(x, y)
r3 = x.mul(y)
r4 = x * 2
r5 = torch.ops.aten.mul.Tensor(x, y)
r6 = torch.ones(2, dtype=torch.int64) * torch.tensor([5, 6])
print(len(calls), calls[0], calls[3])
del lib
print(r1, r2, r3, r4, r5, r6)
print(x * y)
print(len(calls))
