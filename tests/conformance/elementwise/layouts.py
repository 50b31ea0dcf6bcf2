# results follow the memory layout of their inputs
a = torch.arange(6.).reshape(2, 3)
print((a.t() + a.t()).stride(), (a.t() + 1).stride(), (a.t() + torch.ones(3, 1)).stride())
print((a.unsqueeze(0).expand(2, 2, 3) + 1).stride(), (torch.ones(3, 1) + torch.ones(1, 2)).stride())
p = torch.arange(24.).reshape(2, 3, 4).permute(2, 0, 1)
print((p * 2).stride(), (p + p.contiguous()).stride())
show(a.t() * a.t())
show(a[:, ::2] + 1)
