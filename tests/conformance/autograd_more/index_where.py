# index with repeated, negative, boolean and multi-dimensional indices; where with broadcast conditions (issue 14)
x = torch.arange(6., requires_grad=True)
y = x[torch.tensor([0, 0, -1, 2, 0])]
print(y.grad_fn.name())
y.sum().backward()
print(x.grad)
x.grad = None
m = x.view(2, 3)
z = m[torch.tensor([[True, False, True], [False, True, False]])]
print(z.grad_fn.name(), z)
(z * torch.tensor([1., 2., 3.])).sum().backward()
print(x.grad)
x.grad = None
w = m[torch.tensor([1, 0]), torch.tensor([2, 2])]
w.sum().backward()
print(x.grad)
x.grad = None
q = m[:, torch.tensor([0, 2, 0])]
print(q.grad_fn.name(), q.shape)
q.sum().backward()
print(x.grad)
x.grad = None
r = m[[1, 1]]
r.sum().backward()
print(x.grad)
x.grad = None
cond = torch.tensor([True, False, True])
k = torch.where(cond, m, torch.zeros(1))
k.sum().backward()
print(x.grad)
x.grad = None
o = torch.ones(2, 1, requires_grad=True)
k = torch.where(m > 2, o, m)
k.sum().backward()
print(x.grad, o.grad)
x.grad = None
k = torch.where(m > 2, m, 0.)
k.sum().backward()
print(x.grad)
