# gradients of kthvalue, nanmedian, mode (value_selecting_reduction_backward: the gradient to the index picked; nanmedian of all: evenly_distribute_backward) and of quantile/nanquantile (through gather and lerp)
nan = float('nan')
x = torch.tensor([[3., 1., 2., 1.], [0., 5., -1., 5.], [2., nan, 2., 4.]], requires_grad=True)
r = torch.kthvalue(x, 2)
print(r.values.grad_fn.name(), r.indices.requires_grad, r.indices.grad_fn)
(r.values * torch.tensor([1., 2., 3.])).sum().backward()
show(x.grad)
x.grad = None
r = torch.kthvalue(x, 1, 0, True)
(r.values * torch.tensor([[1., 2., 3., 4.]])).sum().backward()
show(x.grad)
x.grad = None
r = torch.nanmedian(x, 1)
print(r.values.grad_fn.name())
(r.values * torch.tensor([1., 2., 3.])).sum().backward()
show(x.grad)
x.grad = None
m = torch.nanmedian(x)
print(m.grad_fn.name())
m.backward()
show(x.grad)
x.grad = None
y = torch.tensor([1., 2., 2., nan, 2.], requires_grad=True)
torch.nanmedian(y).backward()
show(y.grad)
y.grad = None
torch.nanmedian(y * nan).backward()
show(y.grad)
x.grad = None
r = torch.mode(x, 1, keepdim=True)
print(r.values.grad_fn.name())
(r.values * 2).sum().backward()
show(x.grad)
x.grad = None
r = torch.mode(x, 0)
r.values.sum().backward()
show(x.grad)
x.grad = None
q = torch.quantile(x, torch.tensor([0.3, 0.5]), dim=1)
print(q.grad_fn.name())
(q * torch.tensor([[1.], [10.]])).sum().backward()
show(x.grad)
for mode in ('linear', 'lower', 'higher', 'midpoint', 'nearest'):
    x.grad = None
    q = torch.nanquantile(x, 0.4, interpolation=mode)
    print(mode, q.grad_fn.name())
    q.backward()
    show(x.grad)
x.grad = None
q = torch.quantile(x[:2], 0.6, dim=0, keepdim=True)
q.sum().backward()
show(x.grad)
qt = torch.tensor([0.2, 0.7], requires_grad=True)
z = torch.tensor([1., 4., 2., 8.], requires_grad=True)
v = torch.quantile(z, qt)
v.sum().backward()
show(qt.grad)
show(z.grad)
s = torch.tensor(2., requires_grad=True)
torch.kthvalue(s, 1).values.backward()
show(s.grad)
s.grad = None
torch.mode(s).values.backward()
show(s.grad)
s.grad = None
torch.nanmedian(s, 0).values.backward()
show(s.grad)
s.grad = None
torch.quantile(s, 0.5).backward()
show(s.grad)
o = torch.empty(0)
torch.quantile(x.detach(), 0.5, out=o)
print(o.requires_grad)
