import torch
t = torch.arange(12.0).reshape(3, 4)
trace_on()
a = t[[0, 2]]
b = t[[0, 2], [1, 3]]
c = t[True]
d = t[False]
e = t[[True, False, True]]
f = t[1, [0, 3]]
g = t[[[0], [2]], [1, 3]]
h = t[None, [1]]
trace_off()
print(a)
print(b)
print(c.shape, d.shape)
print(e)
print(f)
print(g)
print(h)
t[[0, 2]] = 0.0
print(t)
t[[1], [1, 2]] = torch.tensor([7.0, 8.0])
print(t)
t[True] = 1.0
print(t)
t[[5]]
t[[0.5]]
t[[]]
print(t[[]].shape)
t[[-1, -3]]
t[[0, 1], [0, 1, 2]]
t[...,[1]]
s = torch.tensor(5.0)
print(s[True], s[False], s[None])
trace_on()
z = torch.empty(2, 3, names=None)
z2 = torch.empty(2, 3)
trace_off()
print(z.shape, z2.shape)
