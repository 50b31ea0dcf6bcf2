# An in-place scatter/gather with an index out of bounds has written the elements its walk met before
# it: 1.13 walks index's elements with dim squashed, in memory order (an index laid out dim 0
# fastest is walked that way), along dim inside each element when dim is the last one, else outside
# each row. minaten walked them in row-major order.
import torch
i = torch.tensor([[[0, 1], [1, 0]], [[9, 1], [0, 1]]])
it = i.permute(2, 1, 0).contiguous().permute(2, 1, 0)
src = torch.arange(1., 9.).reshape(2, 2, 2)
x = torch.zeros(2, 2, 2)
x.scatter_(1, it, src)
print(x)
y = torch.zeros(2, 2, 2).permute(2, 1, 0).contiguous().permute(2, 1, 0)
y.scatter_(2, it, src)
print(y)
z = torch.zeros(2, 2, 2)
z.scatter_(2, i, src)
print(z)
w = torch.zeros(2, 2, 2).permute(2, 1, 0).contiguous().permute(2, 1, 0)
w.scatter_add_(0, it, src)
print(w)
v = torch.zeros(2, 2, 2)
v.scatter_(0, it, 2.5)
print(v)
g = torch.zeros(2, 2, 2)
torch.gather(src, 1, it, out=g)
print(g)
