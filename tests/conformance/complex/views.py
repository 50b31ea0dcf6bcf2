# A complex tensor seen as real and back (view_as_real, view_as_complex,
# real, imag: views over the same storage), conj() as a view with the
# conjugate bit, imag of a conjugated tensor with the negative bit, and how
# the bits are resolved: copy_, clone, resolve_conj/resolve_neg, printing,
# tolist, numpy, and the operators that do not know them (the Conjugate and
# Negative keys' fallback clones first: the trace shows clone).
import torch

a = torch.tensor([[1 + 2j, -1j, 3], [0.5, 2 - 1j, -4 + 0.5j]])
r = torch.view_as_real(a)
print(r, r.shape, r.stride(), r.storage_offset(), r.dtype, same_storage(r, a))
s = a[:, 1:]
print(torch.view_as_real(s).stride(), torch.view_as_real(s).storage_offset())
print(a.real, a.imag, a.real.stride(), a.imag.storage_offset(), a.real.dtype, same_storage(a.imag, a))
a.imag[0, 0] = 7
print(a[0, 0])
x = torch.arange(12.).view(3, 2, 2)
z = torch.view_as_complex(x)
print(z, z.stride(), z.storage_offset(), same_storage(z, x))
print(torch.view_as_complex(torch.arange(10, dtype=torch.float64)[2:].view(4, 2)))
for f in (lambda: torch.view_as_real(torch.zeros(3)), lambda: torch.view_as_complex(torch.zeros(3, dtype=torch.int64)),
          lambda: torch.view_as_complex(torch.zeros(())), lambda: torch.view_as_complex(torch.zeros(3)),
          lambda: torch.view_as_complex(torch.zeros(2, 4).t()), lambda: torch.view_as_complex(torch.zeros(9)[1:].view(4, 2)),
          lambda: torch.view_as_complex(torch.zeros(3, 3)[:, 1:]), lambda: torch.view_as_real(a.conj()),
          lambda: torch.zeros(3).imag):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)
print(torch.zeros(2).real is not None, torch.zeros(2).conj().is_conj(), torch.zeros(2).resolve_conj().is_conj())

c = a.conj()
print(c.is_conj(), a.is_conj(), c.is_neg(), same_storage(c, a), c)
print(c.real, c.imag, c.imag.is_neg(), c.imag.is_conj())
print(c.tolist(), c.conj().is_conj(), c.conj().conj().is_conj())
print(c.resolve_conj(), c.resolve_conj().is_conj(), c.imag.resolve_neg().is_neg())
print(c.clone().is_conj(), c.clone(), torch.conj_physical(a), torch.conj_physical(c), a.conj_physical().is_conj())
d = a.clone()
d.conj_physical_()
print(d)
e = torch.zeros(2, 3, dtype=torch.cfloat)
e.copy_(c)
print(e)
c2 = torch.zeros(2, 3, dtype=torch.cfloat).conj()
c2.copy_(a)
print(c2, torch.view_as_real(c2.conj()))
print(a.mH, a.mH.is_conj(), a.adjoint(), a.T.is_conj(), a.mT.is_conj())
try:
    c.numpy()
except Exception as e:
    print(type(e).__name__, e)
try:
    c.imag.numpy()
except Exception as e:
    print(type(e).__name__, e)
print(c.resolve_conj().numpy().tolist())

trace_on()
y = c + 1
w = c.imag * 2
v = c[0]
u = torch.view_as_real(a)
k = c.resolve_conj()
trace_off()
print(y, w, v, u.shape, k)
g = a.clone().conj()
g.mul_(2)
print(g, g.is_conj(), g.conj())
h = torch.zeros(2, dtype=torch.cfloat).conj()
torch.mul(torch.tensor([1j, 2]), 1j, out=h)
print(h, h.is_conj())
print(c - 2, c * 1, c.imag + 0)
for f in (lambda: c.view(torch.int16), lambda: c.imag.view(torch.int32), lambda: c.view(torch.cfloat).is_conj()):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)
# the fallback with arguments the binding owns (int lists): clones freed once
print(torch.flip(c, [0]), torch.tile(c, [1, 2]).shape, torch.permute(c, [1, 0]).is_conj())
try:
    print(torch.ops.aten._empty_per_channel_affine_quantized.default([2, 3], scales=c, zero_points=c, axis=0))
except Exception as e:
    print(type(e).__name__, e)
