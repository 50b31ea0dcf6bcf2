# sinh and cosh (issue 34: cosh is in gelu's double backward), bit for bit: 1.13's cpu_kernel_vec
# kernels run Sleef's vector functions two vectors at a time and libm's on the tail of each inner
# loop and on strided rows (Note [The inner loops of a Sleef operator] in ops/cpu/UnaryOpsKernel.c).
# Recorded at AVX2 (sinh_cosh.out) and with ATEN_CPU_CAPABILITY=default (sinh_cosh.default.out):
#   ATEN_CPU_CAPABILITY=default /usr/bin/python3 tools/oracle/record.py --stdout \
#     tests/conformance/elementwise/sinh_cosh.py > tests/conformance/elementwise/sinh_cosh.default.out
# Also: integer and bool inputs, in-place and out=, the errors, traces, gradients.
a = torch.arange(-250, 251).float() * 0.37
print(a.sinh().tolist())
print(a.cosh().tolist())
d = a.double() * 1.3
print(d.sinh().tolist())
print(d.cosh().tolist())
print(a[::3].sinh().tolist(), a[::3].cosh().tolist())
print(d[1::2].cosh().tolist())
for n in (1, 7, 8, 15, 16, 17, 31, 33, 40):
    s = a[200:200 + n] * 0.1
    print(n, s.sinh().tolist(), s.cosh().tolist(), s.double().cosh().tolist())
e = torch.tensor([0., -0., float('inf'), float('-inf'), float('nan'), 1e-30, 89.5, -89.5, 710., 3e-39])
print(e.sinh().tolist(), e.cosh().tolist(), e.double().cosh().tolist())
show(torch.arange(4).cosh())
show(torch.tensor([True, False]).sinh())
show(torch.arange(6.).reshape(2, 3).t().cosh())
print(torch.tensor([0.5, 1.]).bfloat16().cosh(), torch.tensor([0.5, 1.]).bfloat16().sinh())
b = torch.tensor([0.25, -2.]); b.cosh_(); print(b)
b = torch.tensor([0.25, -2.]); torch.sinh_(b); print(b)
o = torch.empty(2, dtype=torch.float64); r = torch.cosh(torch.tensor([1., 2.]), out=o); print(o, r is o)
torch.sinh(torch.tensor([1., 2.]), out=torch.empty(2, dtype=torch.long))
torch.arange(3).cosh_()
torch.tensor([1., 2.]).half().cosh()
torch.tensor([1., 2.]).half().sinh()
trace_on(); r = torch.cosh(a[:4]); r = a[:4].sinh(); trace_off()
x = torch.tensor([0.5, -1., 2.], requires_grad=True)
y = x.cosh(); print(y.grad_fn.name(), y.grad_fn._saved_self)
trace_on(); y.sum().backward(); trace_off()
print(x.grad)
x.grad = None
y = x.sinh(); print(y.grad_fn.name())
trace_on(); (y * y).sum().backward(); trace_off()
print(x.grad)
g, = torch.autograd.grad(x.cosh().sum(), x, create_graph=True)
print(g, g.grad_fn.name())
g2, = torch.autograd.grad(g.sum(), x)
print(g2)
y = torch.tensor([1., 2.], requires_grad=True).clone(); y.cosh_(); print(y.grad_fn.name())
