# fill under autograd: torch.fill (a new tensor) and fill_ (in place), each
# with a Scalar or a 0-dim Tensor value (1.13 numbers their nodes
# FillBackward0..3 in that order), gradients to self (zeros) and to value
import torch
x = torch.tensor([1., 2., 3.], requires_grad=True)
v = torch.tensor(5., requires_grad=True)
a = torch.fill(x, 2.)
print(a, a.grad_fn.name(), a._version)
b = torch.fill(x, v)
print(b, b.grad_fn.name())
(a * 3 + b * 2).sum().backward()
print(x.grad, v.grad)
y = x * 1
y.fill_(4)
print(y, y.grad_fn.name(), y._version)
z = x * 1
z.fill_(v)
print(z, z.grad_fn.name(), z._version)
(y + z).sum().backward()
print(x.grad, v.grad)
w = x * 1
w[1:].fill_(v)
print(w, w.grad_fn.name())
w.sum().backward()
print(x.grad, v.grad)
torch.fill(x, torch.ones(2))
x.fill_(1)
print(torch.fill(torch.tensor([1, 2]), 7.5), torch.fill(torch.zeros(2, 2).t(), 3).stride())
