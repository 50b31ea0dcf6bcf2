# Complex arithmetic as 1.13's CPU loops compute it (Note [Complex products
# in 1.13's loops] in ops/BinaryOpsComplex.c): add, sub (with alpha), mul,
# div, eq, ne and neg, contiguous (vector blocks and the scalar tail) and
# strided, with real and complex operands and Python numbers; complex() and
# polar(); randn, rand and normal_ of complex dtypes; the operators 1.13
# refuses for complex tensors.
import torch


def bits(t):  # the exact values, as a short hash
    return hash(tuple(torch.view_as_real(t.resolve_conj()).reshape(-1).tolist())) % 1000003


torch.manual_seed(3)
for dt in (torch.complex64, torch.complex128):
    for n in (1, 2, 3, 5, 8, 9, 13, 16, 17, 31, 100, 1000):
        a = torch.randn(n, dtype=dt) * 3
        b = torch.randn(n, dtype=dt) * 3
        f = torch.randn(n)
        print(dt, n, bits(a + b), bits(a - b), bits(a * b), bits(a / b), bits(a * 2), bits(a / 3j), bits(a * f),
              bits(f / a), bits(torch.add(a, b, alpha=2 - 1j)), bits(torch.sub(a, b, alpha=0.5)),
              bits(a[::2] * b[::2]), bits(a[::2] / b[::2]), bits(a.conj() * b), bits(-a), (a == b).sum().item())
x = torch.tensor([1 + 2j, -1j, 3, complex(0, float('inf')), complex(float('nan'), 1)])
y = torch.tensor([2 - 1j, 1j, 0, 1, 1j])
print(x + y, x * y, x / y, x == y, x != y, x == x, -x, x + 1, x * 1j, 2 - x, torch.tensor([0j]) + torch.tensor([complex(1, float('inf'))]))
z = x.clone()
z += y
z *= 1 + 1j
print(z)
try:
    torch.ones(2) + 1j if False else torch.ones(2).add_(1j)
except Exception as e:
    print(type(e).__name__, e)
try:
    torch.add(torch.ones(2, dtype=torch.int64), torch.ones(2), alpha=1j)
except Exception as e:
    print(type(e).__name__, e)
print(torch.ones(2, dtype=torch.int64) * 1j, torch.ones(2, dtype=torch.float64) + 1j, torch.tensor([True]) * 2j)
print(torch.complex(torch.tensor([1., 2.]), torch.tensor([3., -4.])),
      torch.complex(torch.tensor([1.], dtype=torch.float64), torch.tensor([[3.], [4.]], dtype=torch.float64)))
print(torch.polar(torch.tensor([1., 2., 0.5]), torch.tensor([0.5, 4., -1.])),
      torch.polar(torch.tensor([2.], dtype=torch.float64), torch.tensor([1.], dtype=torch.float64)))
o = torch.empty(0, dtype=torch.cfloat)
print(torch.complex(torch.ones(3), torch.zeros(3), out=o), o.shape)
for f in (lambda: torch.complex(torch.zeros(2), torch.zeros(2, dtype=torch.double)),
          lambda: torch.complex(torch.zeros(2, dtype=torch.int64), torch.zeros(2)),
          lambda: torch.complex(torch.zeros(2), torch.zeros(2), out=torch.zeros(2)),
          lambda: torch.polar(torch.ones(2), torch.ones(2, dtype=torch.double))):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)

torch.manual_seed(0)
print(torch.randn(2, 3, dtype=torch.cfloat), torch.rand(3, dtype=torch.cdouble))
print(bits(torch.randn(100, dtype=torch.cfloat)), bits(torch.randn(37, dtype=torch.cdouble)))
print(torch.empty(4, dtype=torch.cfloat).normal_(1, 2), torch.empty(3, dtype=torch.cfloat).uniform_(-1, 1))
g = torch.Generator().manual_seed(5)
print(torch.randn(3, dtype=torch.cdouble, generator=g))

w = torch.tensor([1 + 1j, 2])
for f in (lambda: w < w, lambda: w.max(), lambda: w.max(0), lambda: torch.maximum(w, w), lambda: w.sort(),
          lambda: w.topk(1), lambda: w.amax(), lambda: w.argmax(), lambda: torch.floor(w), lambda: w.sign(),
          lambda: torch.div(w, w, rounding_mode='floor'), lambda: w % 2, lambda: w & w, lambda: w.median(),
          lambda: torch._unique(w), lambda: torch.erf(w), lambda: torch.relu(w), lambda: torch.ceil(w),
          lambda: torch.round(w), lambda: torch.clamp(w, min=0)):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)
print(w.cumsum(0), w.cumprod(0), torch.tensor([[1 + 1j, 2], [3, 4j]]).trace())
for f in (lambda: torch.arange(3, out=torch.zeros(2, dtype=torch.cfloat)), lambda: torch.arange(1, 1j),
          lambda: torch.arange(1j), lambda: torch.arange(0, 3 + 0j), lambda: torch.arange(3, dtype=torch.cdouble)):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)
