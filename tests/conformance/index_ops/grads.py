# gradients: gather (scatter_add back), scatter.src / .value (the overwritten positions get none; src gets gather), scatter_add, index_select (index_add back, repeats sum), take (put_ with accumulate), put, masked_select (broadcast mask: summed back to self's shape), masked_scatter; grad_fn names; integer results (nonzero) never require grad
a = torch.tensor([[1., 2., 3.], [4., 5., 6.]], requires_grad=True)
i = torch.tensor([[0, 1, 1], [1, 0, 0]])
w = torch.tensor([[1., 10., 100.], [1000., 10000., 100000.]])
r = a.gather(1, torch.tensor([[0, 0], [2, 1]]))
print(r.grad_fn.name())
(r * torch.tensor([[1., 2.], [3., 4.]])).sum().backward()
print(a.grad)
a.grad = None
s = torch.ones(2, 3, requires_grad=True)
r = a.scatter(0, i, s)
print(r.grad_fn.name())
(r * w).sum().backward()
print(a.grad, s.grad)
a.grad = None
s.grad = None
r = a.scatter(1, torch.tensor([[2], [0]]), 7.)
print(r.grad_fn.name())
(r * w).sum().backward()
print(a.grad)
a.grad = None
r = a.scatter_add(0, i, s)
print(r.grad_fn.name())
(r * w).sum().backward()
print(a.grad, s.grad)
a.grad = None
r = a.index_select(1, torch.tensor([2, 2, 0]))
print(r.grad_fn.name())
(r * torch.tensor([1., 2., 3.])).sum().backward()
print(a.grad)
a.grad = None
r = a.take(torch.tensor([[0, 5], [5, -1]]))
print(r.grad_fn.name())
(r * torch.tensor([[1., 2.], [3., 4.]])).sum().backward()
print(a.grad)
a.grad = None
r = a.masked_select(torch.tensor([True, False, True]))
print(r.grad_fn.name(), r.shape)
(r * torch.arange(1., 5.)).sum().backward()
print(a.grad)
a.grad = None
v = torch.tensor([1., 2., 3.], requires_grad=True)
r = v.masked_select(torch.tensor([[True, False, True], [False, True, True]]))
(r * torch.arange(1., 5.)).sum().backward()
print(v.grad)
src = torch.tensor([10., 20., 30., 40.], requires_grad=True)
r = a.masked_scatter(a > 2.5, src)
print(r.grad_fn.name())
(r * w).sum().backward()
print(a.grad, src.grad)
a.grad = None
src = torch.tensor([10., 20.], requires_grad=True)
r = a.put(torch.tensor([1, 4]), src)
print(r.grad_fn.name())
(r * w).sum().backward()
print(a.grad, src.grad)
a.grad = None
src.grad = None
r = a.put(torch.tensor([1, 1]), src, accumulate=True)
(r * w).sum().backward()
print(a.grad, src.grad)
a.grad = None
n = a.nonzero()
print(n.requires_grad, n.grad_fn)
t = a.type_as(torch.zeros(1, dtype=torch.float64))
print(t.grad_fn.name(), t.dtype)
t.sum().backward()
print(a.grad)
print(a.type_as(i).requires_grad, a.new_ones(2).requires_grad, a.new_full((1,), 2.).requires_grad)
g = torch.autograd.grad(a.gather(0, i).sum(), a, create_graph=True)[0]
print(g, g.requires_grad)
