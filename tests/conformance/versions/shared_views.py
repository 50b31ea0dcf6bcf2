# a view made by a view operator shares its base's version counter, whoever
# is written; a view of a view shares the root's; copies have their own
import torch
a = torch.zeros(2, 3, 4)
print(a._version, a._is_view())
v = [a.view(6, 4), a.reshape(4, 6), a.transpose(0, 1), a.permute(2, 0, 1), a.select(1, 2), a[0], a[:, 1:]]
v += [a.narrow(2, 1, 2), a.unsqueeze(0), a[0:1].squeeze(0), a[:1].squeeze(), a.diagonal(0, 1, 2), a.unfold(2, 2, 2)]
v += [a.as_strided([2, 2], [1, 2]), a.flatten(), a.unflatten(2, (2, 2)), a.movedim(0, 2), a.swapaxes(0, 2)]
v += [a[0].t(), a[0, 0].expand(3, 4), a.view_as(a), a.reshape_as(a), torch.ops.aten.alias(a), a[None], a[...], a[0][1][1:]]
print([w._version for w in v])
print([w._is_view() for w in v])
print([w._base is a for w in v])
a.add_(1)
print([w._version for w in v])
v[4].mul_(2)
v[10][0] = 0
print(a._version, [w._version for w in v])
print(a.contiguous() is a, a.contiguous()._version)
s = a.split(1)
c = a.chunk(2, 2)
u = a.unbind(1)
w = a.split_with_sizes([1, 1], 0)
print([x._version for x in s], [x._version for x in c], [x._version for x in u], [x._version for x in w])
print([x._base is a for x in s], [x._base is a for x in c], [x._base is a for x in u], [x._base is a for x in w])
u[0].zero_()
print(a._version, s[1]._version, c[1]._version)
g = a[1][2]
h = g.view(2, 2)
print(h._base is a, h._version)
h.fill_(5)
print(a._version, g._version, a[1, 2])
n = a.transpose(1, 2).reshape(2, 12)
print(n._is_view(), n._version)
n.add_(1)
print(n._version, a._version)
f = torch.ones(4).to(torch.float64)
k = f.clone()
p = a.float()
print(f._version, k._version, p is a, p._version)
k.add_(1)
print(f._version, k._version)
z = torch.zeros(2, 2)
z.t().t()[0, 0] = 1
print(z._version)
