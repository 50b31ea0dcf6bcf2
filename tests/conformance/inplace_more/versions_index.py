# _version after index assignment with an integer, a slice, a boolean mask,
# an index tensor, a tensor value and a list of indices; reading indexes
# bumps nothing
import torch
t = torch.zeros(5)
t[0] = 1
print(t._version)
t[1:3] = 2
print(t._version)
t[t > 1] = 4
print(t._version)
t[torch.tensor([0, 4])] = torch.tensor([7., 8.])
print(t._version)
t[torch.tensor([True, False, True, False, True])] = 0
print(t._version)
a = t[torch.tensor([0, 1])]
b = t[t > 0]
c = t[1:]
print(t._version, a._version, b._version, c._version)
c[0] = 9
print(t._version, c._version, t)
m = torch.zeros(2, 2)
m[:, 0] = torch.tensor([1., 2.])
m[1] = 5
print(m._version, m)
