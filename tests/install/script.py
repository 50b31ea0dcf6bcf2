import torch
x = torch.arange(4).reshape(2, 2)
print(x @ x)
print(torch.ones(2).reshape(3))
