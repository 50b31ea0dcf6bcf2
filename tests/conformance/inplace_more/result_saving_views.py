# in-place ops whose formula reads the result (sigmoid_, tanh_, relu_,
# sqrt_) through views of views of a non-leaf: CopySlices and gradients
# when the write is the last one; any later write to an alias (even to other
# elements: the counter is shared) invalidates the saved result
import torch
x = torch.tensor([[-1., 0.5], [2., -3.]], requires_grad=True)
y = x * 1
y[1][1:].tanh_()
print(y.grad_fn.name(), y._version)
y.sum().backward()
print(x.grad)
x.grad = None
y = x * 3
y.view(4)[1:3].relu_()
y.sum().backward()
print(x.grad)
x.grad = None
y = x * 1
y[0].sigmoid_()
(y * y).sum().backward()
print(x.grad)
y = x * 1
y[1][1:].tanh_()
y.view(4)[2:3].relu_()
y.sum().backward()
y = x * x
y[1].sqrt_()
y[:, 0].add_(1)
y.sum().backward()
