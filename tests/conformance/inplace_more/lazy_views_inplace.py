# lazy tensors: in-place chains on non-leaves (grad_fn names, versions,
# gradients back on the CPU), a write through a contiguous view at offset 0,
# and the leaf, view-of-leaf and multi-output refusals; no_grad writes to
# the leaf (writes through other views: lazy/autograd_view_replay.py)
import torch
x = torch.tensor([[1., 2.], [3., 4.]], device='lazy', requires_grad=True)
y = x * 1
y.mul_(x)
print(y.grad_fn.name(), y._version)
y.add_(x)
y.div_(2)
print(y.grad_fn.name(), y._version)
y.sum().backward()
print(x.grad.cpu())
x.grad = None
y = x + 0
v = y.view(4)
v[:2].mul_(3)
print(y.grad_fn.name(), y._version, v._version)
(y * y).sum().backward()
print(x.grad.cpu())
x.add_(1)
x[0].add_(1)
a, b = (x * 1).split(1)
b.mul_(2)
with torch.no_grad():
    x.add_(1)
print(x.cpu(), x._version)
