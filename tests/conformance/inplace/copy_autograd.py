# copy_ under autograd (1.13's hand-written kernel): CopyBackwards, zeros
# to self's old history, the gradient to src; index assignment copies into
# a view, so the base gets CopySlices; an integer destination records nothing
import torch
x = torch.tensor([1., 2., 3.], requires_grad=True)
y = torch.zeros(3)
y.copy_(x)
print(y.grad_fn.name(), y.grad_fn.next_functions[0][0], y._version)
(y * 2).sum().backward()
print(x.grad)
x.grad = None
z = torch.zeros(2, 3)
z[1] = x
print(z.grad_fn.name(), z._version)
(z * torch.arange(6.).view(2, 3)).sum().backward()
print(x.grad)
x.grad = None
w = x * 1
w.copy_(torch.ones(3))
print(w.grad_fn.name())
w.sum().backward()
print(x.grad)
x.copy_(torch.ones(3))
i = torch.zeros(3, dtype=torch.long)
i.copy_(x)
print(i.requires_grad, i.grad_fn, i)
d = torch.zeros(3, dtype=torch.float64)
d.copy_(x)
d.sum().backward()
print(x.grad.dtype, x.grad)
