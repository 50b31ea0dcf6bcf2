# copy_, fill_ and zero_ through views of a non-leaf: CopySlices on the
# base, zeros for the overwritten part, the source's gradient broadcast back
import torch
x = torch.tensor([[1., 2., 3.], [4., 5., 6.]], requires_grad=True)
s = torch.tensor([7., 8.], requires_grad=True)
y = x * 1
y[:, 0].copy_(s)
print(y.grad_fn.name(), y._version)
(y * 2).sum().backward()
print(x.grad, s.grad)
x.grad = None
s.grad = None
y = x * 1
y[1, 1:].copy_(s[:1])
y[0].zero_()
print(y._version, y)
y.sum().backward()
print(x.grad, s.grad)
x.grad = None
y = x * 1
y[:, 2].fill_(0)
y.t()[1].fill_(1)
print(y.grad_fn.name(), y)
y.sum().backward()
print(x.grad)
