# Advanced indexing into a dimension of size 0: an index tensor with no
# element of size 0 is out of bounds before any element is read (1.13's
# AdvancedIndex check), for reads and writes; an empty index is fine.
import torch

x = torch.empty(10, 0)
print(x[[1, 2]].shape, x[[], []].shape)
x[:, [0, 1]]
x[:, torch.tensor([0])]
print(x[:, torch.empty(0, dtype=torch.int64)].shape, x[:, torch.empty(0, 3, dtype=torch.int64)].shape)
x[:, [0]] = 1.0
x[:, torch.empty(0, dtype=torch.int64)] = 2.0
y = torch.randn(2, 0, 3)
y[:, [0, 0], :]
print(y[:, [], :].shape, y[[0, 1], :, [0, 2]].shape)
