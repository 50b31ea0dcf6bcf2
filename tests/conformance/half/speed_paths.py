# The vector loops of float16 and bfloat16 add and sum (Note [Half and
# BFloat16 rows] in ops/cpu/BinaryOpsKernel.c, Note [Summing Half and
# BFloat16] in ops/cpu/SumKernel.c): rows that fill whole vectors and leave
# tails of every length, alpha 1 (one rounding) and other alphas (bfloat16's
# fused multiply-add on 1.13's vector blocks at AVX2, its scalar formula on
# the tail and at DEFAULT), strided and broadcast operands, wrapped numbers,
# sums of more than 32768 elements (split over threads), sums along each dim.
# Each result is printed as its bits: a weighted sum of its int16 patterns
# (weight = index % 1013 + 1), so that one flipped bit anywhere shows; short
# results also as their values.  Bits depend on the capability (bfloat16's
# FMA, its vector NaN 0xffff): recorded at AVX2 and at DEFAULT.
# The sums' data has NaN and +inf but no -inf: inf + -inf makes a second,
# negative NaN, and which of two NaNs an addition returns depends on the
# order the compiler gave its operands (1.13's AVX2 and DEFAULT builds
# differ there), not on the kernel's order of additions.
import torch

torch.manual_seed(0)
base = torch.randn(400003) * 100
base_sum = base.clone()
base[::1999][:16] = torch.tensor([float('nan'), float('inf'), -float('inf'), -0.0, 0.0, 65504.0, 70000.0, 1e-8,
                                  -1e-8, 3e38, -3e38, 0.5, 1e-5, -6e-8, 65519.0, 65520.0])
base_sum[::1999][:13] = torch.tensor([float('nan'), float('inf'), -0.0, 0.0, 65504.0, 70000.0, 1e-8, -1e-8, 3e38,
                                      0.5, 1e-5, -6e-8, 65520.0])


def bits(t):
    i = t.contiguous().view(torch.int16).long().reshape(-1)
    w = torch.arange(i.numel()) % 1013 + 1
    s = (i * w).sum().item()
    nans = t.isnan().sum().item()
    if t.numel() <= 6:
        return '%d nan=%d %s' % (s, nans, t.float().tolist())
    return '%d nan=%d n=%d' % (s, nans, t.numel())


sizes = list(range(1, 70)) + [95, 96, 97, 127, 128, 129, 255, 256, 257, 1000, 4097, 32773, 100003]
for dt in (torch.float16, torch.bfloat16):
    print(dt)
    x = base.to(dt)
    y = (base.flip(0) * 0.37).to(dt)
    xs = base_sum.to(dt)
    for n in sizes:
        a, b = x[:n], y[5:n + 5]
        print('n', n, 'add', bits(a + b), 'alpha', bits(torch.add(a, b, alpha=0.1)))
        print('  sub', bits(torch.sub(a, b, alpha=3.3)), 'scalar', bits(a + 2.5),
              'scalar_alpha', bits(torch.add(a, 1.1, alpha=0.3)))
        print('  sum', bits(xs[:n].sum()), 'mean', bits(xs[:n].mean()))
    print('strided', bits(x[:5001:2] + y[:10001:4]), bits(torch.add(x[1:9000:3], y[:3000], alpha=-0.7)))
    print('reverse scalar', bits(torch.add(torch.tensor(2.5, dtype=dt), x[:1000], alpha=0.3)),
          bits(torch.tensor(0.1) + x[:999]), bits(x[:1001] - 7))
    print('mixed float', bits(x[:500] + base[:500]), bits(torch.add(x[:500], torch.tensor(0.1, dtype=torch.float64),
                                                                     alpha=2)))
    o = torch.empty(3000, dtype=dt)
    torch.add(x[:3000], y[:3000], alpha=0.3, out=o)
    z = x[:3000].clone()
    z.add_(y[:3000], alpha=0.3)
    z += 1
    print('out inplace', bits(o), bits(z))
    for r, c in [(3, 5), (17, 33), (64, 64), (100, 37), (37, 100), (400, 500), (3, 40000), (40000, 3), (5, 16),
                 (16, 5), (2, 70000)]:
        m = x[:r * c].view(r, c)
        m2 = y[:r * c].view(r, c)
        ms = xs[:r * c].view(r, c)
        print(r, c, 'sum', bits(ms.sum(0)), bits(ms.sum(1)), bits(ms.sum()), 'mean', bits(ms.mean(0)),
              bits(ms.mean(1)))
        print('  strided sum', bits(ms.t().sum(0)), bits(ms[:, ::2].sum(1)), bits(ms[::2].sum(0)),
              bits(ms.sum(0, keepdim=True)))
        print('  add', bits(m + m2), bits(torch.add(m, m2, alpha=-0.7)), bits(m.t() + m2.t()),
              bits(torch.add(m[:, 1:], m2[:, :-1], alpha=1.7)), bits(torch.add(m, m2[0], alpha=0.3)),
              bits(m[:, :1] + m2))
    t3 = xs[:60 * 70 * 80].view(60, 70, 80)
    print('3d', bits(t3.sum((0, 2))), bits(t3.sum(1)), bits(t3.sum(2)), bits(t3.permute(2, 0, 1).sum(0)),
          bits(t3.sum()))
    print('dtype', repr(xs[:5000].sum(dtype=torch.float32).item()), bits(base_sum[:5000].sum(dtype=dt)))
