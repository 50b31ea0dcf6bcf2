# a tensor that requires nothing, written in place with one that does,
# gets a history; in no_grad mode nothing is recorded
import torch
x = torch.tensor([1., 2., 3.], requires_grad=True)
z = torch.ones(3)
z.add_(x, alpha=3)
print(z.grad_fn.name(), z.requires_grad, z.is_leaf)
z.mul_(x)
z.sum().backward()
print(x.grad)
w = torch.ones(3)
with torch.no_grad():
    w.mul_(x)
print(w.requires_grad, w.grad_fn, w._version)
y = x * 2
with torch.no_grad():
    y.add_(1)
print(y.grad_fn.name(), y._version)
