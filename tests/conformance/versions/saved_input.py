# a node that saved one of its inputs refuses to run after it was written in
# place: a non-leaf input is named as the output of its own grad_fn, a leaf
# (or a tensor that requires nothing) by its type and shape alone
import torch
x = torch.ones(3, requires_grad=True)
y = x * 2
q = y * y
y.detach().add_(1)
print(y._version, y.grad_fn.name())
q.sum().backward()
print(x.grad)
l = torch.ones(2, 2, requires_grad=True)
m = l * l
with torch.no_grad():
    l.add_(1)
m.sum().backward()
print(l.grad, l._version)
c = torch.ones(2, 3, dtype=torch.float64)
p = torch.ones(2, 3, dtype=torch.float64, requires_grad=True)
r = p * c
c.zero_()
r.sum().backward()
k = torch.ones(3, 2, requires_grad=True)
n = torch.ones(2, 4, requires_grad=True)
mm = k.exp() @ n
n.detach()[0, 0] = 2
mm.sum().backward()
a = torch.ones(4, requires_grad=True)
b = a.sigmoid()
o = torch.ones(4)
b2 = b.pow(2)
b.detach().add_(1)
b2.sum().backward()
a2 = torch.ones(4, requires_grad=True)
d = a2 / o
o[0] = 2
d.sum().backward()
print(a2.grad)
s = torch.ones(3, requires_grad=True)
h = s.exp()
u = (h * s).sum()
s.detach().mul_(2)
torch.autograd.grad(u, s)
