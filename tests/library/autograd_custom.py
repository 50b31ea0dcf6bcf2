# autograd and operators of a library: the CPU-only one has no autograd kernel (the
# autograd keys fall through: no graph), the composite one differentiates through what it calls
import torch
torch.ops.load_library("libmyops.so")
g = torch.tensor([1., 2.], requires_grad=True)
c = torch.ops.myops.cube(g)
print(c.requires_grad)
print(c.grad_fn.name())
s = torch.ops.myops.softsign(g)
print(s.grad_fn.name())
s.sum().backward()
print(g.grad)
with torch.no_grad():
    print(torch.ops.myops.softsign(g).requires_grad)
