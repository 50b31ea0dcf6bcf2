# writing through a differentiable view of a non-leaf: the base's grad_fn is
# torch::autograd::CopySlices around the in-place node, the view's
# AsStridedBackward0 (made again on access), and the gradients are right
# (the example first; views of views; a view whose base was
# written; a view of a tensor that required nothing)
import torch
x = torch.ones(2, 3, requires_grad=True)
y = x * 2
v = y[0]
v.mul_(3)
print(y.grad_fn.name(), v.grad_fn.name(), y._version, v._version)
print(y.grad_fn.next_functions[0][0].name())
y.sum().backward()
print(x.grad)
x.grad = None
y = x * 2
v = y[:, 1]
w = v[1:]
w.add_(x[0, :1])
print(y.grad_fn.name(), v.grad_fn.name(), w.grad_fn.name())
(y * torch.arange(6.).view(2, 3)).sum().backward()
print(x.grad)
x.grad = None
y = x * 1
v = y.t()
y.mul_(2)
print(v.grad_fn.name())
v.sum().backward()
print(x.grad)
a = torch.ones(4)
b = a[1:3]
b.mul_(x[0, :2])
print(a.grad_fn.name(), b.grad_fn.name(), a.requires_grad)
a.sum().backward()
print(x.grad)
