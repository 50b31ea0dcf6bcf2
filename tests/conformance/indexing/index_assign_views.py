# index assignment writes through views into the base
a = torch.zeros(3, 4)
v = a[1]
v[2] = 5
show(a)
t = a.t()
t[0] = 1
show(a)
a[:, 1:3] = torch.tensor([7., 8.])
show(a)
a[..., -1] = torch.arange(3.)
show(a)
s = a[::2, ::2]
s[:] = -1
show(a)
a[a > 4] = 0
show(a)
b = torch.arange(10)
w = b[2:8]
w[w % 2 == 0] = 100
show(b)
w[[0, 1]] = torch.tensor([-1, -2])
show(b)
c = torch.zeros(2, 3)
c[0] = torch.tensor([1, 2, 3])
show(c)
c[1] = 2.5
show(c)
c[:, None, 0] = torch.tensor([[9.], [8.]])
show(c)
c[0] = torch.ones(4)
c[5] = 1
c[0, 0, 0] = 1
