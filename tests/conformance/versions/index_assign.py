# index assignment writes once (copy_, fill_ or index_put_ on the indexed
# view), and the view shares the base's counter, so the base's version
# grows by one per assignment; reading never bumps
import torch
t = torch.zeros(3, 4)
t[0] = 1
print(t._version)
t[1] = torch.arange(4.)
t[2, 1:3] = torch.tensor([5., 6.])
t[:, 0] = 9
t[..., -1] = torch.tensor(8.)
t[None, 1] = 2
print(t._version)
t[t > 5] = -1
t[torch.tensor([0, 2])] = 3
t[torch.tensor([0, 1]), torch.tensor([1, 2])] = torch.tensor([4., 5.])
t[[1, 2]] = 0
print(t._version, t)
t[0][1] = 7
print(t._version)
t[1] += 1
print(t._version)
r = t[2]
q = t[1:, ::2]
print(r._version, q._version, t._version)
r[0] = 1
q[0] = 2
print(r._version, q._version, t._version)
x = t[0]
y = t[t > 0]
z = t[torch.tensor([1])]
print(t._version, x._version, y._version, z._version)
t[5] = 1
t[0] = torch.ones(5)
t[torch.tensor([7])] = 1
print(t._version)
b = torch.zeros(4, dtype=torch.bool)
b[1] = True
b[b] = False
print(b._version, b)
