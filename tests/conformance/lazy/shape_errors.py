import torch
a = torch.arange(6.).reshape(2, 3).to("lazy")
b = torch.ones(2, 2).to("lazy")
c = a + b
c = a.view(4, 2)
c = a.view(-1, 4)
c = a.t().view(6)
c = a.select(0, 5)
c = a.narrow(1, 2, 3)
c = a.sum(2)
c = a @ a
c = torch.mm(a, b)
c = a.permute(0)
c = a.expand(3, 2)
c = a.transpose(0, 2)
c = torch.cat([a, b])
c = a.unsqueeze(3)
a.add_(torch.ones(3, 3).to("lazy"))
show(a)
i = torch.arange(3).to("lazy")
i.add_(1.5)
show(i)
c = a.reshape(5)
c = a[2]
c = a[:, 5]
show(a)
