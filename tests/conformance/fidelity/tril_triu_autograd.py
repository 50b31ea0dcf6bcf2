# TrilBackward0 / TriuBackward0: the gradient keeps the same triangle
import torch
a = torch.arange(12.).reshape(3, 4).requires_grad_()
t = a.tril(1)
print(t.grad_fn.name())
(t * 2).sum().backward()
print(a.grad)
b = torch.ones(2, 3, requires_grad=True)
u = b.triu(-1)
print(u.grad_fn.name())
trace_on()
u.sum().backward()
trace_off()
print(b.grad)
c = b * 1
c.tril_()
print(c.grad_fn.name())
c.sum().backward()
print(b.grad)
