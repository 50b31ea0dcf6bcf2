# CopySlices around in-place nodes that save tensors: mul_ by a tensor
# that requires grad (a clone of the old slice saved), exp_ (its result,
# the view after the write), two writes through one view, writes through
# two views of one base
import torch
x = torch.tensor([[1., 2.], [3., 4.]], requires_grad=True)
w = torch.tensor([5., 6.], requires_grad=True)
y = x * 1
y[1].mul_(w)
print(y.grad_fn.name(), y._version)
y.sum().backward()
print(x.grad, w.grad)
x.grad = None
y = x * 1
v = y[:, 0]
v.exp_()
print(v.grad_fn.name(), y.grad_fn.name())
y.sum().backward()
print(x.grad)
x.grad = None
y = x * 1
v = y[0]
v.mul_(2)
v.add_(x[1])
print(y._version, v._version)
y.sum().backward()
print(x.grad)
x.grad = None
y = x * 1
y[0].mul_(3)
y[:, 1].mul_(10)
print(y.grad_fn.name(), y.grad_fn.next_functions[0][0].name())
y.sum().backward()
print(x.grad)
