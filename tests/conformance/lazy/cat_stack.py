import torch
a = torch.arange(6.).reshape(2, 3).to("lazy")
b = torch.ones(1, 3).to("lazy")
show(torch.cat([a, b]))
show(torch.cat([a, a], 1))
show(torch.stack([a, a]))
show(torch.stack([a[0], b[0]], 1))
show(torch.cat([a, a.long()]))
