import torch
a = torch.arange(6.).reshape(2, 3).to("lazy")
b = torch.tensor([[5., 1., 2.], [0., 4., 9.]]).to("lazy")
show(a < b)
show(a <= b)
show(a > 2)
show(a >= 3)
show(a == b)
show(a != 1)
show(torch.where(a > b, a, b))
show(torch.where(a > 2, a, torch.tensor(0.)))
m = a > 2
show(m.long())
show(m.float() * a)
