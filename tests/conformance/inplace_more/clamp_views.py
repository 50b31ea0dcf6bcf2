# clamp_ on a non-leaf and through a view: ClampBackward1, zeros where the
# value was clamped, the version of base and view; clamp_
# on a leaf refused
import torch
x = torch.tensor([-2., -0.5, 0.5, 2.], requires_grad=True)
y = x * 1
y.clamp_(-1, 1)
print(y.grad_fn.name(), y._version, y)
y.sum().backward()
print(x.grad)
x.grad = None
y = x * 2
v = y[1:3]
v.clamp_(min=0)
print(y.grad_fn.name(), y._version, v._version, y)
y.sum().backward()
print(x.grad)
x.clamp_(0, 1)
print(x._version)
