# lazy tensors count versions as CPU ones do: in-place and out= operators,
# index assignment, views and detach sharing the counter, _unsafe_view and
# resize_ not; a saved lazy output written in place names its type LazyFloatType
import torch
a = torch.arange(6.).to("lazy")
print(a._version)
a.add_(1)
v = a.view(2, 3)
print(a._version, v._version, v._is_view(), v._base is a)
v.mul_(2)
v[0] = 5
print(a._version, v._version)
d = a.detach()
d.zero_()
print(d._version, a._version)
o = torch.empty(6).to("lazy")
torch.add(a, a, out=o)
a.copy_(o)
print(o._version, a._version)
u = torch.ops.aten._unsafe_view(a, [2, 3])
a.resize_(6)
print(u._version, a._version)
c = torch.ops.aten._unsafe_view(a.clone(), [3, 2])
c.add_(1)
print(c._version, a._version)
s = a.split(2)
a[2:4].fill_(3)
print(a._version, [t._version for t in s])
print(a.cpu())
z = torch.ones(3).to("lazy").requires_grad_()
w = z.exp()
w.detach().add_(1)
w.sum().backward()
y = z * z
y.sum().backward()
print(z.grad.cpu(), z._version)
with torch.no_grad():
    z.mul_(2)
print(z._version)
y2 = z * z
with torch.no_grad():
    z.mul_(2)
y2.sum().backward()
