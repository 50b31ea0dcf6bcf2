# views of views written in place: the base is the root; every view of it
# gets AsStridedBackward0 once the counter moved, views made after keep
# their own grad_fn
import torch
x = torch.arange(12., requires_grad=True)
y = x * 1
a = y.view(3, 4)
b = a[1:]
c = b.t()
d = c[2]
d.mul_(0)
print(d._base is y, d.grad_fn.name(), c.grad_fn.name(), b.grad_fn.name(), a.grad_fn.name())
e = y.view(4, 3)
print(e.grad_fn.name())
y.sum().backward()
print(x.grad)
x.grad = None
y = x * 1
a = y.narrow(0, 2, 6).view(2, 3)
a.transpose(0, 1)[1].add_(100)
print(y.grad_fn.name())
(y * y).sum().backward()
print(x.grad)
