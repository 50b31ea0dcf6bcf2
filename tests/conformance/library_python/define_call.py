# torch.library.Library("mylib", "DEF"): define returns the operator's name
# as the schema spells it (no overload, the namespace only if written), a
# Python function registered for CPU is the kernel torch.ops.mylib.foo
# runs, and it receives the arguments as 1.13 passes them: positional ones
# up to the trailing defaults, keyword-only ones by name when not default.
import torch
from torch.library import Library

lib = Library("mylib", "DEF")
print(lib)
print(lib.define("foo(Tensor x) -> Tensor"))
print(lib.define("foo.scaled(Tensor x, float s=2.0) -> Tensor"))
print(lib.define("mylib::pair(Tensor x, *, int k=2, bool flip=False) -> (Tensor, Tensor)"))
print(lib.define("nothing(Tensor x) -> ()"))


def foo_cpu(x):
    print("foo_cpu", type(x).__name__, x.shape)
    return x * 2


def foo_scaled_cpu(*args, **kwargs):
    print("foo_scaled_cpu", len(args), sorted(kwargs))
    x = args[0]
    s = args[1] if len(args) > 1 else 2.0
    return x * s


def pair_cpu(x, k=2, flip=False):
    print("pair_cpu k =", k, "flip =", flip)
    return (x + k, x - k) if not flip else (x - k, x + k)


def nothing_cpu(x):
    print("nothing_cpu")


lib.impl("foo", foo_cpu, "CPU")
lib.impl("foo.scaled", foo_scaled_cpu, "CPU")
lib.impl("pair", pair_cpu, "CPU")
lib.impl("nothing", nothing_cpu, "CPU")
x = torch.tensor([1., 2., 3.])
print(torch.ops.mylib.foo(x))
print(torch.ops.mylib.foo.default(x))
print(torch.ops.mylib.foo.scaled(x))
print(torch.ops.mylib.foo.scaled(x, 3.0))
print(torch.ops.mylib.foo(x, s=2.0))
print(torch.ops.mylib.pair(x))
print(torch.ops.mylib.pair(x, k=5))
print(torch.ops.mylib.pair(x, k=1, flip=True))
print(torch.ops.mylib.nothing(x))
print(torch.ops.mylib.foo.overloads())
print(torch.ops.mylib.foo.default._schema)
print(torch.ops.mylib.pair.default._schema)
print(torch.ops.mylib.foo(torch.ones(2, 2, dtype=torch.int64)))
