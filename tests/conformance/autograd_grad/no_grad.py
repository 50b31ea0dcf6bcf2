# no_grad, detach and retain_grad with recorded graphs (issue 14)
a = torch.ones(3, requires_grad=True)
with torch.no_grad():
    b = a * 2
print(b.requires_grad, b.grad_fn)
c = a * 2
d = c.detach()
print(d.requires_grad, d.grad_fn, c.grad_fn.name())
e = a * 3
e.retain_grad()
f = (e * e).sum()
f.backward()
print(e.grad)
print(a.grad)
g = a.exp()
print(g.is_leaf, g.grad_fn.next_functions[0][0].name())
print(torch.is_grad_enabled())
