# adjoint, mT, mH and H transpose the last two dims (aten::transpose.int); 1-D is refused, 0-dim is returned itself
a = torch.arange(6.).reshape(2, 3)
c = torch.arange(24.).reshape(2, 3, 4)
s = torch.tensor(3.)
trace_on()
b = a.adjoint()
d = torch.adjoint(c)
e = s.adjoint()
trace_off()
show(b)
print(d.shape, d.stride(), b._base is a, e is s)
same_storage(a, b)
print(s.mT is s, s.mH is s, s.H is s, c.mT.shape, c.mH.stride())
torch.arange(3.).adjoint()
torch.arange(3.).mT
torch.arange(3.).mH
torch.arange(3.).H
c.H
print(torch.ops.aten.adjoint(a).shape, torch.zeros(2, 0, 5).adjoint().shape)
x = torch.arange(6.).reshape(2, 3).requires_grad_()
y = x.adjoint()
print(y.grad_fn.name())
(y * torch.arange(6.).reshape(3, 2)).sum().backward()
show(x.grad)
