# matmul of 1-D @ 2-D ends with squeeze_ (squeeze_.dim: SqueezeBackward3 in
# 1.13's numbering, after squeeze_: SqueezeBackward2); both in place under
# autograd, with their gradients
import torch
a = torch.ones(3, requires_grad=True)
b = torch.arange(6.).view(3, 2).requires_grad_()
c = a @ b
print(c.grad_fn.name(), c, c._version)
c.sum().backward()
print(a.grad, b.grad)
d = torch.matmul(torch.arange(3.), b)
print(d.grad_fn.name())
x = torch.ones(1, 3, 1, requires_grad=True)
y = x * 2
y.squeeze_()
print(y.shape, y.grad_fn.name(), y._version)
y.squeeze_(0)
y.unsqueeze(0).squeeze_(0).mul_(torch.arange(3.))
print(y.grad_fn.name())
y.sum().backward()
print(x.grad)
t = torch.ones(1, 2)
t.squeeze_()
print(t.shape, t._version)
x.squeeze_()
