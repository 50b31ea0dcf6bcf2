# amax/amin, max()/min(), max.dim/min.dim and argmax/argmin of 10^5 to
# 10^6 elements at 1, 2 and 4 threads.  1.13 reduces amax/amin through
# parallel_reduce (two passes for one output), max()/min() through
# at::parallel_reduce with one vector accumulator per chunk, and
# argmax/argmin per thread's chunk combined in order: which of equal values
# survives (-0.0 or 0.0), which index is returned on ties, and the bits of a
# NaN depend on the order.  Ties, zeros of both signs and NaNs sit on the
# chunk boundaries of 2 and 4 threads (300001 elements: chunks of 150001
# and 75001).
import torch

def bits(t):
    return t.reshape(-1).view(torch.int32 if t.dtype == torch.float32 else torch.int64).tolist()

n = 300001
base = torch.arange(n, dtype=torch.float32).sin()
ties = base.clone()
for i in [5, 75000, 75001, 150000, 150001, 225002, 300000]:
    ties[i] = 2.0
zeros = torch.zeros(n)
zeros[::2] = -0.0
zeros2 = -torch.zeros(n)
zeros2[75001::3] = 0.0
nans = base.clone()
nans[150001] = float("nan")
nans[75001] = float("nan")
nans[299999] = float("nan")
late_nan = base.clone()
late_nan[225003] = float("nan")
cases = [("base", base), ("ties", ties), ("zeros", zeros), ("zeros2", zeros2), ("nans", nans), ("late_nan", late_nan)]
for threads in [1, 2, 4]:
    torch.set_num_threads(threads)
    print("threads", torch.get_num_threads())
    for name, x in cases:
        print(name, bits(x.amax()), bits(x.amin()), bits(x.max()), bits(x.min()), x.argmax().item(), x.argmin().item())
        m = x[:300000].view(600, 500)
        print(" dim0", bits(m.amax(0))[:6], bits(m.amin(0))[-3:], m.argmax(0)[:6].tolist(), m.argmin(0)[-3:].tolist())
        print(" dim1", bits(m.amax(1))[:6], bits(m.amin(1))[-3:], m.argmax(1)[:6].tolist(), m.argmin(1)[-3:].tolist())
        v, i = m.max(0)
        w, j = m.min(1)
        print(" max.dim", bits(v)[:4], i[:4].tolist(), bits(w)[-4:], j[-4:].tolist())
        t = m.t()
        print(" t", bits(t.amax()), bits(t.max()), t.argmax().item(), bits(t.amax(1))[:3], t.argmin(0)[:3].tolist())
        c = x[:300000].view(60, 50, 100)
        print(" 3d", bits(c.amax((0, 2)))[:3], bits(c.amin(1))[:3], c.argmax(1)[0, :3].tolist(), bits(c.max(2)[0])[:3])

big = torch.arange(1000000, dtype=torch.float32).cos()
big[999999] = 1.0
big[500000] = 1.0
for threads in [1, 2, 4]:
    torch.set_num_threads(threads)
    d = big.double()
    d[250000] = -0.0
    l = (big * 1000).long()
    print(threads, bits(big.amax()), big.argmax().item(), big.argmin().item(), bits(d.amax()), bits(d.min()), d.argmax().item())
    print(" long", l.amax().item(), l.amin().item(), l.max().item(), l.min().item(), l.argmax().item(), l.argmin().item())
    print(" long dims", l.view(1000, 1000).amax(0)[:3].tolist(), l.view(1000, 1000).max(1)[1][:3].tolist())
    print(" double dims", bits(d.view(1000, 1000).amin(1))[:3], d.view(1000, 1000).argmin(0)[:3].tolist())
