# views made in no_grad mode and the several views of one operator:
# 1.13's handle_view_on_rebase messages
import torch
x = torch.ones(4, requires_grad=True)
y = x * 2
with torch.no_grad():
    v = y[:2]
    w = x[1:]
v.add_(1)
w.add_(1)
print(v._version, y._version)
a, b = y.split(2)
a.add_(1)
b.mul_(2)
c = y.chunk(2)[1]
c.zero_()
u = y.unbind(0)
u[3].add_(1)
print(y._version)
with torch.no_grad():
    v.add_(1)
    a.add_(1)
print(y._version, y)
p, q = torch.ones(4).split(2)
p.add_(1)
print(p)
