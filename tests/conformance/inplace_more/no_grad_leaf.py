# in place on tensors that require grad inside torch.no_grad(): leaves and
# their views are written, versions bump, nothing is recorded; afterwards a
# node that saved the leaf refuses to run
import torch
x = torch.tensor([1., 2., 3.], requires_grad=True)
y = x * x
with torch.no_grad():
    x.add_(1)
    x[0] = 10
    x.copy_(x * 2)
    x[1:].mul_(2)
    torch.add(x, 1, out=x)
print(x, x._version, x.grad_fn, x.requires_grad, x.is_leaf)
y.sum().backward()
z = x * 3
z.sum().backward()
print(x.grad)
with torch.no_grad():
    n = x * 1
    n.add_(1)
print(n.requires_grad, n.grad_fn)
