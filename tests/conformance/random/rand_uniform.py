# rand and uniform_: one 32-bit draw per float (24 bits kept), one 64-bit
# draw per double (53 bits), in TensorIterator's order over the tensor's
# memory; the bounds checks and their messages.
import torch

torch.manual_seed(7)
print(torch.rand(5))
print(torch.rand(2, 3, dtype=torch.float64))
print(torch.empty(6).uniform_(-3, 2))
print(torch.empty(3, dtype=torch.float64).uniform_(10, 10.5))
x = torch.zeros(3, 4).t()
x.uniform_()
print(x)
y = torch.zeros(4, 6)[:, ::2]
y.uniform_(0, 100)
print(y)
print(torch.empty(0).uniform_(), torch.empty(2).uniform_(5, 5))
print(torch.rand(3, 1).expand(3, 2))
torch.empty(3, 1).expand(3, 2).uniform_()
torch.empty(3, dtype=torch.int64).uniform_()
torch.empty(3).uniform_(2, 1)
torch.empty(3).uniform_(-1e39, 0)
torch.empty(3).uniform_(0, 1e39)
torch.empty(3).uniform_(-3e38, 3e38)
torch.rand(2, dtype=torch.int32)
print(torch.rand(2, 2, generator=torch.Generator().manual_seed(3)))
print(torch.rand_like(torch.ones(2, 3, dtype=torch.float64)))
torch.rand_like(torch.ones(2, dtype=torch.int64))
out = torch.empty(7)
print(torch.rand(2, 2, out=out), out.shape)
