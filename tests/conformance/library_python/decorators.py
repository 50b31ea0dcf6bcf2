# torch.library.impl and torch.library.define as decorators, and impl with
# an OpOverload for op_name.
import torch
import torch.library
from torch.library import Library

lib = Library("mylib", "DEF")


@torch.library.define(lib, "twice(Tensor x) -> Tensor")
def twice(x):
    return x + x


lib.define("thrice(Tensor x) -> Tensor")


@torch.library.impl(lib, "thrice", "CPU")
def thrice(x):
    return x * 3


print(twice.__name__, thrice.__name__)
print(torch.ops.mylib.twice(torch.tensor([1., 2.])))
print(torch.ops.mylib.thrice(torch.tensor([1., 2.])))
lib.define("four(Tensor x) -> Tensor")
lib.impl(torch.ops.mylib.four.default, lambda x: x * 4, "CPU")
print(torch.ops.mylib.four(torch.tensor([1., 2.])))
over = Library("aten", "IMPL")
over.impl(torch.ops.aten.exp.default, lambda x: x + 100, "CPU")
e = torch.tensor([0.]).exp()
del over
print(e)
print(torch.library.__all__)
