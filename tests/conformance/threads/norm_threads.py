# Norms of 10^5 to 10^6 floats at 1, 2 and 4 threads: 1.13 accumulates a
# norm to one element per thread's chunk above 32768 elements and adds the
# chunks' sums; the 2-norm of contiguous rows takes its row kernel.
import torch

x = torch.arange(600000, dtype=torch.float32).sin() * 3
for n in [1, 2, 4]:
    torch.set_num_threads(n)
    print("threads", torch.get_num_threads())
    print(x.norm().item(), x.norm(p=3).item(), x.norm(p=1).item(), x.norm(p=0).item(), x.norm(p=float("inf")).item())
    y = x.view(600, 1000)
    print(y.norm(dim=1)[:3].tolist(), y.t().norm().item(), y.norm(p=3, dim=1)[:2].tolist())
    print(x.double().norm(p=3).item(), torch.norm(x[:100000], 1.5).item())
