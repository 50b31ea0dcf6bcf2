import torch
# amax/argmax/max/min/any/all on tensors longer than a vector (8 or 16
# floats): NaNs, ties and zeros of both signs in the head, the middle and the
# partial last vector; the contiguous fast path and the strided one.
a = torch.arange(37, dtype=torch.float32) * 7 % 37 - 18
print(a.amax(), a.argmax(), a.amin(), a.argmin(), a.max(), a.min())
print(a.max(0), a.min(0))
b = a.clone()
b[30] = float('nan')
b[35] = float('nan')
print(b.amax(), b.argmax(), b.amin(), b.argmin(), b.max(), b.min())
print(b.max(0), b.min(0))
c = a.clone()
c[36] = float('nan')
print(c.argmax(), c.argmin(), c.max(0), c.min(0), c.max(), c.min())
d = a.clone()
d[3] = 50.0
d[36] = 50.0
d[20] = -50.0
d[21] = -50.0
print(d.argmax(), d.argmin(), d.max(0), d.min(0))
z = -(torch.arange(37, dtype=torch.float32) + 1)
z[35] = -0.0
z[36] = 0.0
print(z.amax(), z.argmax(), z.max(0))
z[35] = 0.0
z[36] = -0.0
print(z.amax(), z.argmax(), z.max(0))
w = torch.arange(37, dtype=torch.float32) + 1
w[2] = 0.0
w[9] = -0.0
print(w.argmin(), w.min(0))  # amin of tied zeros depends on 1.13's lanes: not compared
# 1000 elements
x = torch.arange(1000, dtype=torch.float32) * 389 % 1000 / 8 - 60
print(x.amax(), x.argmax(), x.amin(), x.argmin(), x.max(), x.min())
x[997] = float('nan')
print(x.amax(), x.argmax(), x.amin(), x.argmin(), x.max(0), x.min(0))
x[5] = float('nan')
print(x.argmax(), x.argmin(), x.max(), x.min())
y = torch.arange(1000, dtype=torch.float32) % 10
print(y.argmax(), y.argmin(), y.max(0), y.min(0))
# a 2-D one, reduced along dim 1 (rows) and dim 0 (columns)
m = (torch.arange(3 * 37, dtype=torch.float32) * 13 % 29).reshape(3, 37)
m[1, 30] = float('nan')
m[2, 4] = 28.0
m[0, 36] = -0.0
print(m.amax(1), m.argmax(1), m.amin(1), m.argmin(1))
print(m.max(1), m.min(1))
print(m.max(0).indices, m.argmin(0), m.amax(0))
print(m.amax(1, keepdim=True), m.argmax(1, keepdim=True))
print(m.argmax(), m.argmin(), m.max(), m.min())
t = m.t()
print(t.amax(0), t.argmax(0), t.max(1).indices)
e = torch.zeros(2, 0)
print(e.amax(0), e.argmax(0), e.any(1), e.all(1))
# any/all
f = torch.zeros(1000)
print(f.any(), f.all())
f[999] = -0.0
print(f.any())
f[999] = float('nan')
print(f.any(), f.all())
g = torch.ones(1000)
g[998] = -0.0
print(g.all(), g.any())
h = torch.zeros(3, 37, dtype=torch.bool)
h[1, 36] = True
print(h.any(1), h.all(1), h.any(), h.all(), h.any(0).sum())
k = torch.ones(37, 3, dtype=torch.bool)
k[36, 1] = False
print(k.all(1).sum(), k.all(), k.t().all(1))
u = torch.arange(1000, dtype=torch.uint8)
print(u.all(), u.any(), u[1:].all())
# the other dtypes: double (NaN, zeros), the integers (ties), bool
q = torch.arange(37, dtype=torch.float64) * 7 % 37 - 18
q[33] = float('nan')
print(q.amax(), q.argmax(), q.min(), q.max(0), q.argmin())
q[33] = -0.0
q[34] = 0.0
print((q - 30).amax(), (-q).argmin(), q.all(), q.any())
for dt in [torch.int8, torch.uint8, torch.int16, torch.int32, torch.int64]:
    v = (torch.arange(3 * 37) * 5 % 23).to(dt).reshape(3, 37)
    print(v.amax(1), v.argmax(1), v.amin(), v.argmin(), v.max(1), v.min(1).indices)
    print(v.max(), v.min(), v.all(1), v.any(), v.argmax(), v.amin(1, keepdim=True))
bb = torch.zeros(2, 40, dtype=torch.bool)
bb[1, 17] = True
print(bb.max(1), bb.min(1), bb.amin(1), bb.max(), bb.any(1), bb.all(1))
