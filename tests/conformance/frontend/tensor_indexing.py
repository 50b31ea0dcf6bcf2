# tensor subscripts with 0-d integer and bool tensors, bools, None and ellipsis, and index assignment of numbers, tensors and bad values
a = torch.arange(12.).reshape(3, 4)
print(a[torch.tensor(1)], a[torch.tensor(-1), torch.tensor(2)], a[1, torch.tensor(0)], a[torch.tensor(True)].shape, a[torch.tensor(False)].shape)
print(a[True].shape, a[False].shape, a[None].shape, a[None, 1].shape, a[..., None].shape, a[1, ..., None].shape, a[True, 0])
print(a[torch.tensor([0, 2])], a[[0, 2], [1, 3]], a[a > 9], a[torch.tensor([True, False, True])].shape, a[:, [True, False, True, False]])
print(a[torch.tensor(1, dtype=torch.uint8)].shape, a[torch.tensor([1, 0, 1], dtype=torch.uint8)].shape, a[1][torch.tensor(3)])
print(a[...], a[..., 1], a[1, ...], a[:, None, 2])
a[torch.tensor(1.5)]
a[torch.tensor([[[0]]]), 0, 0]
a[0, 0, 0]
a[..., ...]
a[5]
a[torch.tensor(5)]
a['x']
a[1.5]
a[[1.5]]
a[None, None, 0, 0, 0]
b = torch.zeros(2, 3)
b[0] = 1
b[1, 1] = 2.5
b[:, 2] = torch.tensor([7., 8.])
b[..., 0] = True
b[None] = b + 1
b[torch.tensor(1), 0] = -1
b[b > 5] = 0
b[[0, 1], [1, 2]] = torch.tensor(9.)
b[torch.tensor([True, False])] = 4
print(b)
b[0] = 'x'
b[0] = None
b[0] = [1, 2, 3]
b[0] = torch.ones(4)
b[5] = 1
b[0, 0, 0] = 1
c = torch.zeros(3, dtype=torch.int64)
c[0] = 2.7
c[1] = True
c[2] = torch.tensor(5.5)
print(c)
c[0] = 'a'
d = torch.zeros(2, dtype=torch.bool)
d[0] = 5
print(d)
d[1] = 'y'
u = torch.zeros(2, dtype=torch.uint8)
u[0] = 300
u[1] = -1
print(u)
u[0] = 'z'
q = torch.zeros(2, dtype=torch.int8)
q[0] = None
s = torch.zeros(2, dtype=torch.int16)
s[0] = [1]
i = torch.zeros(2, dtype=torch.int32)
i[0] = ()
g = torch.zeros(2, dtype=torch.float64)
g[0] = 'w'
g[1] = 1e300
print(g)
