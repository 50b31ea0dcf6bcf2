# detach and detach_ of non-leaves cut the graph (issue 14)
x = torch.tensor([1., 2., 3.], requires_grad=True)
y = x * 2
d = y.detach()
print(d.requires_grad, d.is_leaf, d.grad_fn, same_storage(d, y))
z = y * d
z.sum().backward()
print(x.grad)
x.grad = None
w = x.exp()
w.detach_()
print(w.requires_grad, w.is_leaf, w.grad_fn)
q = (w * x).sum()
q.backward()
print(x.grad)
x.grad = None
p = x.detach().requires_grad_()
(p * 3).sum().backward()
print(p.grad, x.grad)
s = x * 1
print(s.detach().detach().requires_grad)
r = (x + x.detach()) * x.detach()
r.sum().backward()
print(x.grad)
