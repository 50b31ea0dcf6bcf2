# randperm: [0, n) shuffled from the front with one 32-bit draw per
# element but the last; dtypes, out=, and the checks.
import torch

torch.manual_seed(5)
for n in (0, 1, 2, 5, 10, 33):
    print(n, torch.randperm(n).tolist())
print(torch.randperm(6, dtype=torch.float32), torch.randperm(4, dtype=torch.uint8), torch.randperm(3, dtype=torch.float64))
print(torch.randperm(5, generator=torch.Generator().manual_seed(9)))
out = torch.empty(2, dtype=torch.int64)
print(torch.randperm(7, out=out), out)
print(torch.randperm(1000)[:10], torch.randperm(1000).sum())
torch.randperm(-1)
torch.randperm(300, dtype=torch.int8)
torch.randperm(3, dtype=torch.bool)
