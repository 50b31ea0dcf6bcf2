# neg of complex tensors as 1.13's neg_kernel computes it (Note [Complex abs,
# angle and sgn in 1.13's loops] in ops/cpu/UnaryOpsComplexLoops.h): the
# vector blocks of a contiguous row subtract from zero, so -(0+0i) is 0+0i
# there and -0-0i in the scalar rest and in strided rows.
import torch


def parts(t):  # the signs of zeros show in the list
    return torch.view_as_real(t.resolve_conj().resolve_neg()).reshape(-1).tolist()


for dt in (torch.complex64, torch.complex128):
    for n in (1, 3, 4, 5, 8, 9, 16, 17):
        z = torch.zeros(n, dtype=dt)
        print(dt, n, parts(-z), parts(z.neg()), parts(torch.neg(z)))
    z = torch.zeros(6, 4, dtype=dt)
    print(parts(-z.t()), parts(-z[:, ::2]), parts(-z.expand(2, 6, 4)))
    print(parts(-torch.zeros(1, dtype=dt).expand(9)))
    m = torch.tensor([0j, -0.0 + 0j, complex(0.0, -0.0), 1 - 2j, complex(-0.0, -0.0)] * 2, dtype=dt)
    print(parts(-m), parts(-m[::2]))
    out = torch.empty(9, dtype=dt)
    print(parts(torch.neg(torch.zeros(9, dtype=dt), out=out)), parts(out))
    w = torch.zeros(9, dtype=dt)
    print(parts(w.neg_()), parts(w.neg_()))
    print(-torch.tensor([1 + 2j, 0j, -3.5 + 0.25j, 0j, 0j], dtype=dt))
    print(-torch.zeros(3, dtype=dt), -torch.zeros(8, dtype=dt))
