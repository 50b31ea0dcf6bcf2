# real dtypes: conj, resolve_conj, resolve_neg, conj_physical(_) return self itself; is_conj/is_neg False; real is self; imag refuses; _conj_physical and conj_physical.out copy
a = torch.arange(4.).reshape(2, 2)
trace_on()
r = [a.conj(), torch.conj(a), a.resolve_conj(), torch.resolve_neg(a), a.conj_physical(), torch.conj_physical_(a), a.real, torch.real(a)]
f = [a.is_conj(), torch.is_conj(a), a.is_neg(), torch.is_neg(a)]
trace_off()
print([x is a for x in r], f)
for dt in (torch.float64, torch.int64, torch.uint8, torch.bool, torch.int8):
    t = torch.ones(3, dtype=dt)
    print(dt, t.conj() is t, t.resolve_conj() is t, t.conj_physical() is t, t.real is t, t.is_conj())
trace_on()
p = torch._conj_physical(a.t())
o = torch.conj_physical(a, out=torch.empty(0))
trace_off()
show(p)
show(o)
print(p._base)
same_storage(p, a)
torch.conj_physical(torch.arange(3), out=torch.empty(3))
torch.conj_physical(a, out=torch.empty(4, dtype=torch.long))
torch.conj_physical(a, out=torch.empty(2, 2))
torch.conj_physical(a, out=torch.empty(5))
torch.conj_physical(a, out=a.t())
a.imag
torch.imag(a)
torch.imag(torch.tensor(True))
torch.ops.aten.imag(a)
torch.ops.aten.real(a) is a
torch.ops.aten.conj(a) is a
torch.ops.aten.is_conj(a)
a.real = 5
show(a)
a.real = torch.arange(2.)
show(a)
a.real = torch.ones(3)
a.real = "x"
a.imag = 1
b = torch.arange(3)
b.real = 2.7
show(b)
b.real = 1 + 2j
b.real = 2 ** 70
x = torch.ones(3, requires_grad=True)
print(x.real is x, x.conj() is x, x.resolve_conj() is x, x.conj_physical() is x)
x.real = 1.
y = x * 2
y.conj_physical_()
print(y.grad_fn.name())
x.conj_physical_()
z = torch._conj_physical(x)
print(z.grad_fn.name())
trace_on()
(z * torch.arange(3.)).sum().backward()
trace_off()
show(x.grad)
