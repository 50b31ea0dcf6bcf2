# lazy views written in place where 1.13 refuses: a view of one of several
# views (split, unbind: no replay), a view made in no_grad mode, and the
# base of a multi-output view read after a write through another view
import torch
x = torch.tensor([[1., 2.], [3., 4.]], device='lazy', requires_grad=True)
a, b = (x * 1).split(1)
a[0].mul_(2)
a[0, :1].add_(1)
b.view(2).mul_(2)
r0, r1 = (x * 1).unbind(1)
r1.t().mul_(2)
y = x * 1
p, q = y.unbind()
y.add_(1)
print(p.grad_fn)
with torch.no_grad():
    v = y[:, 1]
v.mul_(2)
v[0].mul_(2)
with torch.no_grad():
    v.mul_(2)
print(y.cpu(), y._version)
y.sum().backward()
print(x.grad.cpu())
