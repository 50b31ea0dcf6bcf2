# backward helpers that use these operators off the trace: masked_fill's value gradient (grad.masked_select(mask).sum()), max.dim's (zeros scattered in place, out of place under create_graph), prod's zero count (nonzero)
a = torch.tensor([[0.1, 0.2, 0.3], [0.4, 0.5, 0.7]], requires_grad=True)
v = torch.tensor(1.5, requires_grad=True)
r = a.masked_fill(a > 0.25, v)
(r * torch.tensor([[1.1, 2.3, 3.7], [4.1, 5.3, 6.9]])).sum().backward()
print(v.grad.item(), a.grad)
a.grad = None
m = a.max(1)
(m.values * torch.tensor([2., 3.])).sum().backward()
print(a.grad)
a.grad = None
g = torch.autograd.grad(a.max(0).values.sum(), a, create_graph=True)[0]
print(g, g.grad_fn.name())
p = torch.tensor([2., 0., 3.], requires_grad=True)
p.prod().backward()
print(p.grad)
q = torch.tensor([2., 0., 0.], requires_grad=True)
q.prod().backward()
print(q.grad)
