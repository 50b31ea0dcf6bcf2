# randn after torch.manual_seed, bit for bit: the seed's own first line, and
# every size from 0 to 40 (below 16 the scalar Box-Muller path with its
# cached second sample; from 16 the vectorized fill in blocks of sixteen,
# the tail redrawn), in float32 and float64, and the state left behind.
import torch

torch.manual_seed(0)
a = torch.randn((2, 3, 4))
b = a.reshape(2, 12)
print(b)
torch.manual_seed(0)
for n in range(0, 41):
    x = torch.randn(n)
    print(n, x.tolist()[-2:], x.sum().item())
torch.manual_seed(1)
for n in (1, 2, 3, 15, 16, 17, 33):
    x = torch.randn(n, dtype=torch.float64)
    print(n, x.tolist()[-2:])
torch.manual_seed(3)
print(torch.randn(2, 3, 5).std().item(), torch.randn(100, 100).mean().item())
print(torch.randn(4, 5, generator=None).shape, torch.randn(()).shape, torch.randn(0, 3))
print(torch.randn(3, requires_grad=True))
print(torch.randn(2, 2, dtype=torch.float64).dtype, torch.randn([3]).dtype)
