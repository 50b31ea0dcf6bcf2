import torch
b = torch.arange(12.).reshape(3, 4).to("lazy")
show(b[[0, 2]])
show(b[b > 5])
show(b[:, [1, 3]])
i = torch.tensor([2, 0]).to("lazy")
show(b[i])
show(b[[0, 1], [1, 2]])
show(b[..., 1])
show(b[None, 1])
b[[0, 2]] = 1.
show(b)
