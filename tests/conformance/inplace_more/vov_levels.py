# views of views of a non-leaf written in place at each level in turn: the
# grad_fn of the base and every alias, the shared _version, the gradient
import torch
x = torch.arange(12., requires_grad=True)
y = x * 1
a = y.view(3, 4)
b = a[1]
c = b[1:3]
c.mul_(2)
print(y.grad_fn.name(), a.grad_fn.name(), b.grad_fn.name(), c.grad_fn.name())
print(y._version, a._version, b._version, c._version)
b.add_(1)
print(y._version, a._version, b._version, c._version)
a.mul_(3)
print(y._version, a._version, b._version, c._version)
y.add_(x)
print(y._version, a._version, b._version, c._version)
print(y.grad_fn.name(), a.grad_fn.name(), b.grad_fn.name(), c.grad_fn.name())
print(c)
y.sum().backward()
print(x.grad)
