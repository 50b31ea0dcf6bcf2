# matmul decomposes by rank as 1.13's _matmul_impl; mm, mv, bmm, dot, cat, stack and their errors
import torch
a = torch.arange(6.).reshape(2, 3)
b = torch.arange(12.).reshape(3, 4)
v = torch.arange(3.)
trace_on()
x = a @ b
x = a @ v
x = v @ b
x = v @ v
x = torch.arange(24.).reshape(2, 3, 4) @ torch.arange(8.).reshape(4, 2)
x = torch.arange(24.).reshape(2, 3, 4) @ torch.arange(16.).reshape(2, 4, 2)
x = torch.arange(12.).reshape(3, 4) @ torch.arange(16.).reshape(2, 4, 2)
x = torch.arange(24.).reshape(2, 3, 4) @ torch.arange(4.)
x = torch.mm(a, b)
x = torch.cat([a, a])
x = torch.cat((a, a), 1)
x = torch.stack([v, v])
x = torch.stack([v, v], 1)
trace_off()
show(a @ b)
show(torch.arange(24.).reshape(2, 3, 4) @ torch.arange(16.).reshape(2, 4, 2))
a @ a
torch.mm(a, v)
torch.cat([a, b])
torch.cat([])
torch.stack([a, b])
torch.arange(3) @ torch.arange(3.)
show(torch.cat([torch.zeros(0), a.reshape(6)]))
show(torch.arange(3) @ torch.arange(3))
torch.dot(v, torch.arange(4.))
