# torch.autograd.grad through in-place writes on a non-leaf and through a
# view of one; with respect to the written tensor itself (its new history)
import torch
x = torch.tensor([1., 2., 3.], requires_grad=True)
y = x * x
y.add_(x)
g, = torch.autograd.grad(y.sum(), x)
print(g)
y = x * 1
y[1:].mul_(x[:2])
g, = torch.autograd.grad(y.sum(), x)
print(g)
y = x * 2
y.mul_(3)
z = (y * y).sum()
gy, gx = torch.autograd.grad(z, [y, x])
print(gy, gx)
y = x.exp()
y[0].zero_()
g, = torch.autograd.grad(y.sum(), x)
print(g)
y = x * 1
y.sin_()
g, = torch.autograd.grad(y.sum(), x, create_graph=True)
print(g.grad_fn.name())
g2, = torch.autograd.grad(g.sum(), x)
print(g2)
