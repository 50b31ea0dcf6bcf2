# Sums, means and products of 10^5 to 10^6 floats at 1, 2 and 4 threads.
# Above 32768 elements 1.13 splits a reduction over its threads: a
# reduction to one element in two passes (each thread's chunk into a slot
# of its own, then the slots), so the last bits depend on the thread count;
# a reduction along a dimension splits the outputs, whose bits do not.
import torch

x = torch.arange(1000000, dtype=torch.float32).sin() * 3 + 0.5
for n in [1, 2, 4]:
    torch.set_num_threads(n)
    print("threads", torch.get_num_threads())
    for size in [100000, 300001, 1000000]:
        print(size, x[:size].sum().item(), x[:size].mean().item(), (x[:size] * 1.0001).sum().item())
    y = x.view(1000, 1000)
    print(y.sum(0)[:3].tolist(), y.sum(1)[-3:].tolist(), y.mean(0)[500].item(), y.mean(1)[999].item())
    print(y.t().sum().item(), y[:, 1:].sum().item(), y[::2].sum().item())
    z = x.view(100, 100, 100)
    print(z.sum((0, 2))[:2].tolist(), z.sum((0, 1))[-2:].tolist(), z.sum(1)[0, :2].tolist())
    print(x.double().sum().item(), x.mul(1000).long().sum().item())
    p = (x[:200000] / 1000 + 1)
    print(p.prod().item(), p.view(400, 500).prod(0)[:2].tolist(), p.view(400, 500).prod(1)[:2].tolist())
