# rand, randn (the 16-at-a-time fill and the one-by-one draws), uniform_
# and normal_ for float16 and bfloat16: 1.13's numbers bit for bit (the
# transforms round to the type where c10::Half and c10::BFloat16 do).
import torch
for dt in (torch.half, torch.bfloat16):
    torch.manual_seed(0)
    print(torch.rand(5, dtype=dt).tolist(), torch.randn(5, dtype=dt).tolist(), torch.randn(37, dtype=dt).tolist(), torch.empty(20, dtype=dt).uniform_(-3, 5).tolist(), torch.empty(20,dtype=dt).normal_(2, 3).tolist())
    print(torch.randn(4, 5, dtype=dt).t().contiguous().tolist())
