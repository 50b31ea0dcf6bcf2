import torch
b = torch.arange(12.).reshape(3, 4).to("lazy")
b[0] = 7
show(b)
b[1] = torch.tensor([1., 2., 3., 4.])
show(b)
b[:, 1] = 0
show(b)
b[2, 3] = -5
show(b)
b[1:, :2] = torch.tensor([[9., 8.], [7., 6.]]).to("lazy")
show(b)
b[b > 5] = 0
show(b)
c = b[0]
c[1] = 42
show(b)
