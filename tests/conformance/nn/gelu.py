# gelu and gelu_backward, bit for bit (float and double, approximate='none' and 'tanh'; contiguous float
# goes through 1.13's oneDNN gelu_erf, strided float and double through GeluKernelImpl's vector and scalar
# loops); F.gelu, gelu_, out=; gradients; the errors in 1.13's words; traces; lazy lowering.
# Recorded at AVX2 (gelu.out) and with ATEN_CPU_CAPABILITY=default (gelu.default.out): Note [gelu's
# three formulas] in ops/Activation.c.
import hashlib
import torch.nn.functional as F
def bits(t):
    return hashlib.md5(repr([v.hex() for v in t.reshape(-1).tolist()]).encode()).hexdigest()[:16]
torch.manual_seed(0)
x = torch.cat([torch.randn(4000) * 3, (torch.rand(4000) - 0.5) * 24, torch.randn(1000) * 1e-3, torch.linspace(-12, 12, 1003)])
g = torch.randn(x.numel())
xd = x.double(); gd = g.double()
print(bits(F.gelu(x)), bits(F.gelu(x, approximate='tanh')), bits(F.gelu(xd)), bits(F.gelu(xd, approximate='tanh')))
print(bits(F.gelu(x[::2])), bits(F.gelu(x[::3], approximate='tanh')), bits(F.gelu(xd[::2])))
print(bits(torch.ops.aten.gelu_backward(g, x)), bits(torch.ops.aten.gelu_backward(g, x, approximate='tanh')))
print(bits(torch.ops.aten.gelu_backward(gd, xd)), bits(torch.ops.aten.gelu_backward(gd, xd, approximate='tanh')))
print(bits(torch.ops.aten.gelu_backward(g[::2], x[::2])), bits(torch.ops.aten.gelu_backward(g[1::2], x[1::2])), bits(torch.ops.aten.gelu_backward(g[::2], x[:5002])))
print(bits(torch.ops.aten.gelu_backward(g[::3], x[::3], approximate='tanh')))
# NB(minaten): bfloat16 through GeluKernelImpl (tanh, strided) is not bit-exact: not printed
# rows of 37 out of 41: unit-stride rows of a non-contiguous tensor take the vector loops
x2 = x[:8200].reshape(200, 41)[:, :37]; g2 = g[:7400].reshape(200, 37)
print(bits(F.gelu(x2)), bits(F.gelu(x2.double())), bits(torch.ops.aten.gelu_backward(g2, x2)), bits(torch.ops.aten.gelu_backward(g2.double(), x2.double())))
print(bits(torch.ops.aten.gelu_backward(g2, x2, approximate='tanh')), bits(torch.ops.aten.gelu_backward(torch.tensor(0.75), x2)))
xb = x[:3000].bfloat16(); gb = g[:3000].bfloat16()
# bfloat16 through oneDNN (contiguous, approximate='none'): float's formula, rounded once
print(bits(F.gelu(xb)), bits(torch.ops.aten.gelu_backward(gb, xb)))
# rows of every length up to 40: the vectors of 2 * lanes and the scalar tail
for n in (1, 2, 3, 7, 8, 9, 15, 16, 17, 31, 33, 40):
    s = x[100:100 + n]; sd = xd[100:100 + n]; gs = g[:n]; gsd = gd[:n]
    print(n, F.gelu(s).tolist(), F.gelu(sd).tolist(), F.gelu(s, approximate='tanh').tolist(), F.gelu(sd, approximate='tanh').tolist())
    print(n, torch.ops.aten.gelu_backward(gs, s).tolist(), torch.ops.aten.gelu_backward(gsd, sd).tolist())
    print(n, torch.ops.aten.gelu_backward(gs, s, approximate='tanh').tolist(), torch.ops.aten.gelu_backward(gsd, sd, approximate='tanh').tolist())
    print(n, F.gelu(x[100:100 + 2 * n:2]).tolist(), torch.ops.aten.gelu_backward(gs, x[100:100 + 2 * n:2]).tolist())
e = torch.tensor([0., -0., float('inf'), float('-inf'), float('nan'), 1e-30, -1e-30, 1e30, -1e30, 88., -88., 5.5, -5.5, 10., -10., 3e-39, -3e-39])
print(F.gelu(e).tolist()); print(F.gelu(e.double()).tolist()); print(F.gelu(e, approximate='tanh').tolist())
print(torch.ops.aten.gelu_backward(torch.ones(17), e).tolist()); print(torch.ops.aten.gelu_backward(torch.ones(17), e, approximate='tanh').tolist())
print(torch.ops.aten.gelu_backward(torch.ones(17, dtype=torch.float64), e.double()).tolist())
show(F.gelu(torch.randn(3, 4).t()))
show(F.gelu(torch.randn(0, 4)))
show(F.gelu(torch.tensor(1.5)))
show(torch.ops.aten.gelu_backward(torch.tensor(2.), torch.randn(3, dtype=torch.float64)))
show(torch.ops.aten.gelu_backward(torch.tensor(2.), torch.randn(3), approximate='tanh'))
show(torch.ops.aten.gelu_backward(torch.randn(3), torch.randn(3, 1)))
torch.ops.aten.gelu_backward(torch.tensor(2.), torch.randn(3))
torch.ops.aten.gelu_backward(torch.randn(2, 3), torch.randn(3))
torch.ops.aten.gelu_backward(torch.randn(3, dtype=torch.float64), torch.randn(3))
show(torch.ops.aten.gelu_backward(torch.randn(3), torch.randn(3, dtype=torch.float64)))
a = torch.randn(5); b = a.clone()
r = F.gelu(a); torch._C._nn.gelu_(b); print(r.tolist() == b.tolist())
o = torch.empty(5); r = torch._C._nn.gelu(a, approximate='tanh', out=o); print(o.tolist(), r is o)
o = torch.empty(5); r = torch.ops.aten.gelu_backward.grad_input(torch.ones(5), a, grad_input=o); print(o.tolist())
print(F.gelu(torch.randn(4, dtype=torch.bfloat16)).dtype)
F.gelu(a, approximate='foo')
F.gelu(a, approximate='Tanh')
F.gelu(torch.arange(4))
F.gelu(torch.tensor([True, False]))
F.gelu(torch.randn(4).half())
F.gelu(torch.randn(4, dtype=torch.cfloat))
torch.ops.aten.gelu_backward(torch.ones(4), torch.arange(4))
torch.ops.aten.gelu_backward(torch.ones(4), a)
torch.ops.aten.gelu_backward(torch.ones(5), a, approximate='x')
torch._C._nn.gelu(a, out=torch.empty(5, dtype=torch.float64))
torch._C._nn.gelu_(torch.arange(3))
F.gelu(a, 'tanh')
torch.gelu
trace_on(); r = F.gelu(a); trace_off()
trace_on(); r = F.gelu(a, approximate='tanh'); trace_off()
trace_on(); r = torch._C._nn.gelu_(a.clone()); trace_off()
trace_on(); r = torch.ops.aten.gelu_backward(a, a); trace_off()
xg = (torch.randn(3, 7) * 2).requires_grad_()
y = F.gelu(xg)
print(y.grad_fn.name(), y.grad_fn._saved_approximate, y.grad_fn._saved_self.shape)
gg = torch.randn(3, 7)
trace_on(); (y * gg).sum().backward(); trace_off()
print(xg.grad.tolist())
xg.grad = None
(F.gelu(xg, approximate='tanh') * gg).sum().backward()
print(xg.grad.tolist(), F.gelu(xg, approximate='tanh').grad_fn._saved_approximate)
xdg = torch.randn(11, dtype=torch.float64, requires_grad=True)
F.gelu(xdg).pow(2).sum().backward()
print(xdg.grad.tolist())
a = torch.randn(2, 5).to("lazy")
y = F.gelu(a, approximate='tanh')
lazy_ir(y)
print(y.cpu().tolist())
y = torch.ops.aten.gelu_backward(a, a)
lazy_ir(y)
print(y.cpu().tolist())
