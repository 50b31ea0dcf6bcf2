# an in-place operator given the tensor it writes as another input
# (y.mul_(y)): the input it saved was written, so backward refuses, naming
# the saved tensor's grad_fn when backward runs; also once the tensor is
# gone, after further writes, through a view, and on lazy tensors
import torch
x = torch.tensor([1., 2.], requires_grad=True)
y = x * 1
y.mul_(y)
print(y.grad_fn.name(), y._version, y)
y.sum().backward()
y = x * 1
y.div_(y)
y.add_(1)
print(y.grad_fn.name(), y.grad_fn.next_functions[0][0].name())
y.sum().backward()
y = x * 1
y.mul_(y)
w = y * 2
del y
w.sum().backward()
z = x * 1
v = z[:1]
v.mul_(v)
print(z.grad_fn.name(), v.grad_fn.name(), z)
z.sum().backward()
del v
z.sum().backward()
print(x.grad)
y = x * 1
y.mul_(y.detach())
y.sum().backward()
print(x.grad)
a = torch.tensor([1., 2.], device='lazy', requires_grad=True)
b = a * 1
b.mul_(b)
print(b.grad_fn.name(), b.cpu())
b.sum().backward()
c = a * 1
c[1:].mul_(c[1:])
c.sum().backward()
z = x * 1
v = z[:1]
v.mul_(z[1:])
z.sum().backward()
z = x * 1
z[1:].mul_(z[1:])
z.sum().backward()
z = x * 1
v = z[:1]
v.mul_(z)
z.sum().backward()
