# abs, angle and sgn of complex tensors as 1.13's loops compute them (Note
# [Complex abs, angle and sgn in 1.13's loops] in ops/cpu/UnaryOpsComplexLoops.h):
# the vector blocks of a contiguous row (sqrt(re*re + im*im), Sleef's atan2)
# and the scalar rest (hypot, libm's atan2); strided rows; out= forms and the
# complex-to-real rules (Note [Complex to float unary operators]); angle of
# real dtypes; errors.
import torch


def bits(t):  # the exact values, as a short hash
    t = t.resolve_conj()
    if t.is_complex():
        t = torch.view_as_real(t)
    return hash(tuple(t.reshape(-1).tolist())) % 1000003


torch.manual_seed(5)
for dt in (torch.complex64, torch.complex128):
    for n in (1, 3, 4, 7, 8, 9, 15, 16, 17, 33, 100, 1000):
        a = torch.randn(n, dtype=dt) * 10
        print(dt, n, bits(a.abs()), bits(a.angle()), bits(a.sgn()), bits(a[::2].abs()), bits(a[::2].angle()),
              bits(a[::2].sgn()), a.abs().dtype, a.angle().dtype)
    m = torch.randn(6, 20, dtype=dt)
    print(bits(m.abs()), bits(m.t().abs()), bits(m.t().angle()), bits(m.t().sgn()), m.t().abs().stride(),
          bits(m.conj().abs()), bits(m.conj().angle()), bits(m.conj().sgn()))
# where the vector and the scalar loop differ: large values overflow a*a + b*b
big = torch.full((17,), complex(1e30, 1e30), dtype=torch.complex64)
print(big.abs(), big.sgn()[15:])
big = torch.full((5,), complex(1e200, -1e200), dtype=torch.complex128)
print(big.abs(), big.sgn())
s = torch.tensor([0j, -0.0 + 0j, complex(float('inf'), 1), complex(float('nan'), 0), complex(-1, -0.0), complex(-1, 0.0),
                  complex(0, float('-inf')), 3 - 4j, 1e-30 + 1e-30j])
for z in (s, s.repeat(2)):
    print(z.abs(), z.angle(), z.sgn())
# out=: a real out takes the real part, a complex out keeps the complex loop's result
z = torch.tensor([3 + 4j, -1j, 1 + 1j])
print(torch.abs(z, out=torch.empty(3)), torch.abs(z, out=torch.empty(0, dtype=torch.float64)),
      torch.abs(z, out=torch.empty(3, dtype=torch.complex64)))
print(torch.angle(z, out=torch.empty(3)), torch.angle(z, out=torch.empty(3, dtype=torch.complex64)),
      torch.angle(z, out=torch.empty(2, 2)))
print(torch.sgn(z, out=torch.empty(3, dtype=torch.complex64)), z.clone().sgn_())
for f in (lambda: torch.abs(z, out=torch.empty(3, dtype=torch.long)), lambda: z.clone().abs_(),
          lambda: torch.angle(z, out=torch.empty(3, dtype=torch.int32)),
          lambda: torch.sgn(z, out=torch.empty(3)), lambda: z.sign(),
          lambda: torch.abs(z.double() if False else torch.tensor([1.5]), out=torch.empty(1, dtype=torch.complex64))):
    try:
        print(f())
    except RuntimeError as e:
        print("RuntimeError:", e)
# angle of real dtypes: pi for negatives, 0 otherwise, NaN kept; integers in the default float type
print(torch.tensor([-2., -0.0, 0., 3., float('nan'), float('-inf')]).angle(), torch.tensor([-3, 0, 4]).angle(),
      torch.tensor([True, False]).angle(), torch.tensor([-1.5], dtype=torch.float64).angle(),
      torch.tensor([-1., 2.], dtype=torch.bfloat16).angle(), torch.arange(-20., 20.).angle().sum())
print(torch.angle(torch.tensor([-1, 2]), out=torch.empty(2, dtype=torch.float64)))
print(z.abs().dtype, z.double().dtype, torch.tensor([1 + 1j], dtype=torch.complex128).angle().dtype)
trace_on()
y = z.abs()
y = z.angle()
y = torch.tensor([-1., 1.]).angle()
y = z.sgn()
trace_off()
