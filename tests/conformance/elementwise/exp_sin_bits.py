# Every bit of exp, log, sin, cos, tanh and sigmoid: at the AVX2 capability
# PyTorch 1.13 computes them with Sleef (Sleef_expf8_u10, ...), whose last
# bit differs from glibc's expf for many inputs; .tolist() prints each
# float32 exactly.  Recorded at AVX2 (Note [Sleef's unary functions] in
# ops/cpu/UnaryOpsKernel.c), and into exp_sin_bits.default.out at DEFAULT (libm):
#   ATEN_CPU_CAPABILITY=default /usr/bin/python3 tools/oracle/record.py --stdout \
#     tests/conformance/elementwise/exp_sin_bits.py > tests/conformance/elementwise/exp_sin_bits.default.out
# tests/conformance/CMakeLists.txt runs each at its capability.
# 501 values in [-92.5, 92.5]: exp overflows above 88.7 and is subnormal below -87.3
a = torch.arange(-250, 251).float() * 0.37
print(a.exp().tolist())
print(a.sin().tolist())
print(a.cos().tolist())
print(a.tanh().tolist())
print(a.sigmoid().tolist())
print(a.abs().log().tolist())
# tiny arguments, 199 of them (199 = 12 * 16 + 7: a tail after the vectors)
t = torch.arange(-99, 100).float() * 1e-6
print(t.exp().tolist())
print(t.sin().tolist())
print(t.tanh().tolist())
print(t.sigmoid().tolist())
# large arguments for sin and cos (the argument reduction), 201 of them
big = torch.arange(-100, 101).float() * 12345.67
print(big.sin().tolist())
print(big.cos().tolist())
print((big * 1000.).sin().tolist())
# the special values: inf, -inf, nan, -0.0, 0.0, the extremes
s = torch.tensor([1., -1., 0.]) / 0.
z = -torch.zeros(2)
print(s.exp().tolist(), s.sin().tolist(), s.tanh().tolist(), s.sigmoid().tolist(), s.log().tolist())
print(z.exp().tolist(), z.sin().tolist(), z.tanh().tolist(), z.sigmoid().tolist(), z.log().tolist())
e = torch.tensor([1e-45, -1e-45, 3.4e38, -3.4e38, 88.72, 88.73, -87.33, -103.9, 1e-30, 0.5, 1.5, 7.0, 16.0])
print(e.exp().tolist())
print(e.sin().tolist())
print(e.cos().tolist())
print(e.tanh().tolist())
print(e.sigmoid().tolist())
print(e.abs().log().tolist())
# Sleef's sin and cos reduce a whole vector's arguments one way, the cheap
# way only when all are small: a large neighbour in the same 8 changes the
# last bits of the small ones, so which elements share a vector matters
w = torch.tensor([0.3, 1.7, 2.9, 4.1, 5.3, 6.5, 7.7, 8.9, 0.3, 1.7, 2.9, 4.1, 5.3, 6.5, 7.7, 1e6, 0.3, 1.7, 2.9])
print(w.sin().tolist())
print(w.cos().tolist())
print(w[3:].sin().tolist())
print(w[3:].cos().tolist())
print(w.double().sin().tolist())
print(w.double()[1:].cos().tolist())
print(big[5:].sin().tolist())
# short lengths: 1, 7, 15, 16, 17, 31, 33 elements
for n in [1, 7, 15, 16, 17, 31, 33]:
    print(n, a[200:200 + n].exp().tolist(), a[200:200 + n].sigmoid().tolist())
# non-contiguous inputs: every other element, a transpose, rows of a slice
print(a[::2].exp().tolist())
print(a[::2].sigmoid().tolist())
print(a[::3].sin().tolist())
m = a.view(3, 167)
print(m.t().exp().tolist())
print(m.t().sigmoid().tolist())
print(m[:, :150].sin().tolist())
print(m[:, :150].sigmoid().tolist())
# inner loops of a 3-d input (Note [The inner loops of a Sleef operator]):
# rows of 24 (a slice of whole matrices), of 40 (the last two dimensions
# merge), of 7 (strided: sigmoid is scalar), one loop (a permutation)
c = torch.arange(-96, 96).float().view(4, 6, 8) * 0.43
print(c[::2].sigmoid().tolist())
print(c[:, 1:].sigmoid().tolist())
print(c[:, :, 1:].sigmoid().tolist())
print(c.permute(2, 0, 1).sigmoid().tolist())
print((c * 1000.)[:, 1:].sin().tolist())
print(torch.arange(-20, 20).view(5, 8).t().sigmoid().tolist())
# in place and out=
b = a.clone()
b.exp_()
print(b.tolist())
o = torch.empty(501)
torch.sin(a, out=o)
print(o.tolist())
# integers compute in float32
print(torch.arange(-20, 21).exp().tolist())
print(torch.arange(-20, 21).sin().tolist())
# float64: Sleef_expd4_u10, ...
d = a.double()
print(d.exp().tolist())
print(d.sin().tolist())
print(d.cos().tolist())
print(d.tanh().tolist())
print(d.sigmoid().tolist())
print(d.abs().log().tolist())
print((big.double() * 1000.).sin().tolist())
print(d[::2].exp().tolist())
print(d[::2].sigmoid().tolist())
