# a write through a view, then one on the base itself, then backward: the
# base's grad_fn is the last write's node with CopySlices behind it
import torch
x = torch.tensor([1., 2., 3., 4.], requires_grad=True)
y = x * 2
v = y[1:3]
v.mul_(x[:2])
print(y.grad_fn.name(), y._version)
y.mul_(x)
print(y.grad_fn.name(), y.grad_fn.next_functions[0][0].name(), y._version, v._version)
print(v.grad_fn.name())
y.sum().backward()
print(x.grad)
x.grad = None
y = x * 1
y.add_(1)
y[::2].sqrt_()
print(y.grad_fn.name(), y.grad_fn.next_functions[0][0].name())
y.sum().backward()
print(x.grad)
