# sum of complex64 and complex128 tensors in 1.13's cascade order (Note
# [Summing complex numbers] in ops/cpu/SumKernelComplex.h): contiguous rows
# (the tail and the vector's complex lanes into one accumulator), contiguous
# and non-contiguous outputs, strided and conjugated inputs, sums of more
# than 32768 elements, dtype= and out=, and the same sums on 2 threads.
import torch


def bits(t):
    t = t.resolve_conj()
    if t.is_complex():
        t = torch.view_as_real(t)
    return hash(tuple(t.reshape(-1).tolist())) % 1000003


torch.manual_seed(7)
for dt in (torch.complex64, torch.complex128):
    for n in (1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17, 31, 33, 64, 100, 257, 1000, 4097, 40000, 100003):
        a = torch.randn(n, dtype=dt) * 100
        print(dt, n, bits(a.sum()), bits(a[::2].sum()), bits(a.conj().sum()))
    for shape in ((3, 5), (7, 40), (40, 7), (33, 17), (100, 64), (5, 1000), (1000, 5), (4, 5, 6), (64, 3, 33)):
        m = torch.randn(*shape, dtype=dt)
        r = [bits(m.sum(0)), bits(m.sum(-1)), bits(m.transpose(0, 1).sum(0)), bits(m.sum((0, 1))), bits(m.sum(0, keepdim=True)),
             bits(m.transpose(0, -1).sum(-1)), bits(m[..., ::2].sum(0))]
        out = torch.empty(m.shape[1:], dtype=dt).t() if m.dim() == 3 else torch.empty(m.shape[1:], dtype=dt)
        torch.sum(m, 0, out=out)
        r.append(bits(out))
        print(dt, shape, r)
print(torch.tensor([1 + 2j, 3 - 1j]).sum(), torch.tensor([1., 2.]).sum(dtype=torch.complex64),
      torch.tensor([1 + 2j]).sum(dtype=torch.complex128), torch.zeros(0, dtype=torch.complex64).sum())
print(torch.tensor([complex(float('inf'), 1), complex(1, float('nan'))]).sum())
torch.set_num_threads(2)
for dt in (torch.complex64, torch.complex128):
    a = torch.randn(100003, dtype=dt)
    m = torch.randn(300, 400, dtype=dt)
    print(dt, bits(a.sum()), bits(m.sum(0)), bits(m.sum(1)), bits(m.sum()))
torch.set_num_threads(1)
