# CopySlices around nodes that save tensors: mul_, div_ and sqrt_ through a
# view of a non-leaf, by a scalar and by a tensor that requires grad
import torch
x = torch.tensor([[1., 2.], [3., 4.]], requires_grad=True)
s = torch.tensor([2., 5.], requires_grad=True)
y = x + 0
y[0].div_(s)
print(y.grad_fn.name(), y.grad_fn.next_functions[0][0].name())
y.sum().backward()
print(x.grad, s.grad)
x.grad = None
s.grad = None
y = x + 0
y[:, 1].sqrt_()
print(y.grad_fn.name(), y)
y.sum().backward()
print(x.grad)
x.grad = None
y = x + 0
y[1].sqrt_()
y.sum().backward()
print(x.grad, s.grad)
x.grad = None
s.grad = None
y = x * 1
y[0].div_(2)
y[0].mul_(s)
y.sum().backward()
print(x.grad, s.grad)
