# square is pow(x, 2); ravel is contiguous().view(-1); x.mT, x.mH, x.H transpose the last two dims
import torch
x = torch.arange(6.).reshape(2, 3)
trace_on()
a = x.square()
b = x.mT
c = x.mH
d = x.H
e = x.ravel()
f = x.t().ravel()
g = torch.square(torch.tensor([1, 2]))
trace_off()
print(a, b.shape, c.stride(), d._base is x._base, e, f, g)
print(e._base is x._base, f._is_view())
y = torch.tensor([1., -2.])
y.square_()
print(y)
o = torch.empty(0)
torch.square(x, out=o)
print(o)
print(torch.ones(2, 3, 4).mT.shape, torch.ones(2, 3, 4).mH.stride())
print(torch.ones(3).mT)
print(torch.ones(3).mH)
print(torch.ones(3).H)
print(torch.ones(2, 3, 4).H)
print(torch.tensor(1.).H)
x.mT = 1
print(x.mT())
print(x.square().grad_fn)
z = x.clone().requires_grad_()
z.square().sum().backward()
print(z.grad, z.mT.grad_fn.name(), z.H.grad_fn.name())
print(x.nelement(), torch.ravel(torch.tensor(5)))
