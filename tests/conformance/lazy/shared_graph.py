import torch
a = torch.arange(6.).reshape(2, 3).to("lazy")
x = a + 1
y = x * 2
z = x * 3
w = y + z
show(w)
show(y)
show(z)
show(x)
x.add_(10)
show(x)
show(y)
show(w)
u = w.sum() + x.sum()
print(u.item())
k = a
for_once = (k * k).sum(0)
show(for_once)
