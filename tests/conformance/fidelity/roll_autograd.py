# RollBackward0 rolls the gradient back
import torch
a = torch.arange(12.).reshape(3, 4).requires_grad_()
r = a.roll((1, -1), (0, 1))
print(r.grad_fn.name())
trace_on()
(r * torch.arange(12.).reshape(3, 4)).sum().backward()
trace_off()
print(a.grad)
b = torch.arange(4., requires_grad=True)
(b.roll(1) * torch.tensor([1., 10., 100., 1000.])).sum().backward()
print(b.grad)
