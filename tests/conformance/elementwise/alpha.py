# add and sub scale their second operand by alpha
a = torch.arange(3.)
show(a.add(a, alpha=2))
show(torch.add(a, 1, alpha=3))
show(torch.sub(a, a, alpha=0.5))
show(torch.arange(3).add(torch.ones(3, dtype=torch.int64), alpha=-2))
a.add(a, alpha=True)
torch.arange(3).add(torch.arange(3), alpha=1.5)
show(torch.tensor([True]).add(torch.tensor([True]), alpha=True))
