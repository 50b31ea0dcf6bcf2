# cat and stack of tensors with and without grad, in several dims (issue 14)
a = torch.ones(2, 2, requires_grad=True)
b = torch.full((2, 1), 5.)
c = torch.arange(4., requires_grad=True)
d = torch.cat([a, b, c.view(2, 2)], 1)
print(d.grad_fn.name(), d.shape)
(d * torch.arange(10.).view(2, 5)).sum().backward()
print(a.grad)
print(c.grad)
a.grad = None
c.grad = None
e = torch.cat([a, c.view(2, 2)], 0)
(e * torch.arange(8.).view(4, 2)).sum().backward()
print(a.grad, c.grad)
a.grad = None
c.grad = None
s = torch.stack([a, c.view(2, 2), a], 1)
print(s.shape, s.grad_fn.name())
(s * torch.arange(12.).view(2, 3, 2)).sum().backward()
print(a.grad, c.grad)
a.grad = None
t = torch.stack([a[0], b[:, 0]], -1)
t.sum().backward()
print(a.grad)
f = torch.cat([torch.ones(0), c])
print(f.grad_fn.name())
f.sum().backward()
print(c.grad)
c.grad = None
g = torch.cat([torch.ones(2), c, torch.ones(1)])
print(g.grad_fn.next_functions[0][0], g.grad_fn.next_functions[1][0].name())
g.sum().backward()
print(c.grad)
c.grad = None
h = torch.stack([torch.zeros(4), c])
(h * 3).sum().backward()
print(c.grad)
