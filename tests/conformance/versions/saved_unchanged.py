# backward runs when no saved tensor changed since it was saved: writes to
# tensors no node saved, writes before the save, to clones, after backward;
# and through _unsafe_view, whose counter is its own (NOTE [ Unsafe View ]):
# the write goes unseen and the gradient silently uses the new values
import torch
x = torch.ones(3, requires_grad=True)
y = x + 1
z = y + x
y.detach().add_(1)
z.sum().backward()
print(x.grad)
a = torch.ones(3, requires_grad=True)
b = a * 2
b.detach().add_(1)
c = b * b
c.sum().backward()
print(a.grad, b._version)
d = torch.ones(3, requires_grad=True)
e = d.exp()
f = e.clone()
f.add_(1)
e.sum().backward()
print(d.grad, f._version, e._version)
g = torch.ones(3, requires_grad=True)
h = g.exp()
h.sum().backward()
h.detach().zero_()
print(g.grad, h._version)
k = torch.ones(3, requires_grad=True)
m = k.exp()
u = torch.ops.aten._unsafe_view(m, [3])
u.zero_()
print(m._version, u._version, m)
m.sum().backward()
print(k.grad)
n = torch.ones(2, requires_grad=True)
o = n * 3
p = o.sum()
p.backward(retain_graph=True)
p.backward()
print(n.grad, o._version)
