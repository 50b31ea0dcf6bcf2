# index_put_ on a non-leaf under autograd, with and without accumulate
# (repeated indices), directly and through a view: grad_fn names, versions,
# gradients to the base and to the values
import torch
x = torch.tensor([1., 2., 3., 4.], requires_grad=True)
s = torch.tensor([10., 20., 30.], requires_grad=True)
i = torch.tensor([0, 2, 0])
y = x * 1
y.index_put_((i,), s, accumulate=True)
print(y.grad_fn.name(), y._version, y)
(y * torch.arange(4.)).sum().backward()
print(x.grad, s.grad)
x.grad = None
s.grad = None
y = x * 1
y.index_put_((torch.tensor([1, 3]),), s[:2])
print(y.grad_fn.name(), y)
y.sum().backward()
print(x.grad, s.grad)
x.grad = None
s.grad = None
y = x * 1
y[1:].index_put_((torch.tensor([0, 0]),), s[1:], accumulate=True)
print(y.grad_fn.name(), y._version, y)
(y * y).sum().backward()
print(x.grad, s.grad)
