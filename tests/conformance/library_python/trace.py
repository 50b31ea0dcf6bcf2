# trace_on() with Python kernels: the trace shows mylib::foo for a CPU
# kernel, and the operators a CompositeImplicitAutograd kernel calls.
import torch
from torch.library import Library

lib = Library("mylib", "DEF")
lib.define("foo(Tensor x) -> Tensor")
lib.define("soft(Tensor x) -> Tensor")
lib.impl("foo", lambda x: x * x, "CPU")
lib.impl("soft", lambda x: x / (x.abs() + 1), "CompositeImplicitAutograd")
x = torch.tensor([1., -2.])
trace_on()
y = torch.ops.mylib.foo(x)
z = torch.ops.mylib.soft(x)
trace_off()
print(y, z)
