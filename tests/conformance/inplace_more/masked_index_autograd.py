# masked_fill_, index_add_ and index assignment with a mask or an index
# tensor on a non-leaf under autograd: grad_fn names, versions, gradients
# (zeros where overwritten), and through a view (CopySlices)
import torch
x = torch.tensor([1., 2., 3., 4.], requires_grad=True)
s = torch.tensor([10., 20.], requires_grad=True)
y = x * 1
y.masked_fill_(x > 2, 0.)
print(y.grad_fn.name(), y._version)
y.sum().backward()
print(x.grad)
x.grad = None
y = x * 1
y.index_add_(0, torch.tensor([0, 3]), s)
print(y.grad_fn.name())
(y * y).sum().backward()
print(x.grad, s.grad)
x.grad = None
s.grad = None
y = x * 2
y[y > 4] = s
print(y.grad_fn.name(), y._version)
y.sum().backward()
print(x.grad, s.grad)
x.grad = None
s.grad = None
y = x * 2
y[1:].index_add_(0, torch.tensor([1]), s[:1])
y[:2][torch.tensor([1])] = 0
print(y.grad_fn.name(), y._version, y)
y.sum().backward()
print(x.grad, s.grad)
