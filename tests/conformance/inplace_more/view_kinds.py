# writes through views made by different view operators (transpose,
# narrow, select, diagonal, permute, unsqueeze, squeeze, view, expand
# refused): the base's grad_fn, the shared version and the gradient
import torch
x = torch.arange(1., 7.).view(2, 3).requires_grad_()
y = x * 1
y.t()[0].mul_(2)
y.narrow(1, 1, 2).add_(1)
y.diagonal().mul_(10)
print(y.grad_fn.name(), y._version, y)
y.sum().backward()
print(x.grad)
x.grad = None
y = x * 1
y.permute(1, 0).unsqueeze(0)[0, 2].mul_(3)
y.unsqueeze(2).squeeze(2).select(0, 0).mul_(2)
print(y._version, y)
(y * y).sum().backward()
print(x.grad)
z = torch.ones(3, requires_grad=True) * 1
e = z.expand(2, 3)
e.add_(1)
print(z._version, e._version, e.grad_fn.name())
