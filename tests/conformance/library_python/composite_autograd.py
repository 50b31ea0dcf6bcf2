# A CompositeImplicitAutograd Python kernel runs above autograd: what it
# calls builds the graph, so the new operator is differentiable.  A CPU
# Python kernel is reached through the autograd keys' fallthrough with
# autograd still on: its operations are recorded too (1.13 has no
# "not implemented" autograd fallback), so backward works.
import torch
from torch.library import Library

lib = Library("mylib", "DEF")
lib.define("square_plus(Tensor x) -> Tensor")
lib.define("triple(Tensor x) -> Tensor")
lib.impl("square_plus", lambda x: x * x + 1, "CompositeImplicitAutograd")


def triple_cpu(x):
    print("triple_cpu", torch.is_grad_enabled(), x.requires_grad)
    return x * 3


lib.impl("triple", triple_cpu, "CPU")
x = torch.tensor([1., 2.], requires_grad=True)
y = torch.ops.mylib.square_plus(x)
print(type(y.grad_fn).__name__, y)
y.sum().backward()
print(x.grad)
x.grad = None
z = torch.ops.mylib.triple(x)
print(z.requires_grad, type(z.grad_fn).__name__)
z.sum().backward()
print(x.grad)
with torch.no_grad():
    w = torch.ops.mylib.triple(x)
print(w.requires_grad, w)
