# a view whose base (or another view of it) was written in place: its grad_fn
# is made again (AsStridedBackward0), and for a view made in no_grad mode or
# one of several views, asking for it (or using it) raises 1.13's indirect
# errors; a no_grad view of a tensor that required nothing, written with grad
# mode on, is refused
import torch
x = torch.ones(4, requires_grad=True)
y = x * 1
a, b = y.split(2)
y.mul_(2)
print(a.grad_fn.name())
with torch.no_grad():
    v = y[:2]
y.add_(1)
print(v.grad_fn)
z = torch.ones(4)
with torch.no_grad():
    u = z[:2]
u.add_(x[:2] * 1)
print(z.grad_fn)
t = torch.ones(2, 2, requires_grad=True)
s = t * 1
r = s.view(4)
r2 = s[0]
s.add_(1)
print(r.grad_fn.name(), r2.grad_fn.name(), r._version)
(r.sum() + r2.sum()).backward()
print(t.grad)
y = x * 1
y.unsqueeze(0).squeeze_(0)
y.detach().add_(1)
print(y._version)
y.sum().backward()
