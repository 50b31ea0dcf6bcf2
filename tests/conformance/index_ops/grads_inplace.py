# the in-place forms under autograd: scatter_, scatter_add_, put_ and masked_scatter_ on a non-leaf take the functional form's node; a leaf that requires grad is refused; out= refuses inputs that require grad; scatter with reduce= has no derivative in 1.13 (NotImplemented node, an error at backward)
a = torch.tensor([[1., 2., 3.], [4., 5., 6.]], requires_grad=True)
i = torch.tensor([[0, 1, 1], [1, 0, 0]])
w = torch.tensor([[1., 10., 100.], [1000., 10000., 100000.]])
s = torch.ones(2, 3, requires_grad=True)
b = a * 1
b.scatter_(0, i, s)
print(b.grad_fn.name())
(b * w).sum().backward()
print(a.grad, s.grad)
a.grad = None
s.grad = None
b = a * 1
b.scatter_(1, torch.tensor([[0], [2]]), 0.)
print(b.grad_fn.name())
(b * w).sum().backward()
print(a.grad)
a.grad = None
b = a * 1
b.scatter_add_(0, i, s)
print(b.grad_fn.name())
(b * w).sum().backward()
print(a.grad, s.grad)
a.grad = None
s.grad = None
b = a * 1
b.put_(torch.tensor([0, 5]), torch.tensor([7., 8.]))
print(b.grad_fn.name())
(b * w).sum().backward()
print(a.grad)
a.grad = None
b = a * 1
b.masked_scatter_(a > 4, torch.tensor([9., 9.]))
print(b.grad_fn.name())
(b * w).sum().backward()
print(a.grad)
a.grad = None
a.scatter_(0, i, 1.)
a.scatter_add_(0, i, s)
a.put_(torch.tensor([0]), torch.tensor([1.]))
torch.scatter(a, 0, i, s, out=torch.empty(0))
torch.gather(a, 0, i, out=torch.empty(0))
torch.index_select(a, 0, torch.tensor([0]), out=torch.empty(0))
torch.take(a, torch.tensor([0]), out=torch.empty(0))
torch.masked_select(a, a > 2, out=torch.empty(0))
r = a.scatter(0, i, s, reduce="add")
print(r.requires_grad, r.grad_fn.name())
r.sum().backward()
r = a.scatter(0, i, 2., reduce="multiply")
print(r.grad_fn.name())
r.sum().backward()
b = a * 1
b.scatter_(0, i, s, reduce="add")
print(b.grad_fn.name())
b.sum().backward()
with torch.no_grad():
    print(a.scatter(0, i, s).requires_grad)
