# what operators record under nested no_grad / enable_grad / set_grad_enabled (issue 14)
x = torch.ones(2, requires_grad=True)
with torch.no_grad():
    a = x * 2
    with torch.enable_grad():
        b = x * 2
        with torch.set_grad_enabled(False):
            c = x * 2
        d = b * 3
    e = b * 3
    print(torch.is_grad_enabled())
print(a.requires_grad, b.requires_grad, c.requires_grad, d.requires_grad, e.requires_grad)
print(a.grad_fn, b.grad_fn.name(), c.grad_fn, d.grad_fn.name(), e.grad_fn, e.is_leaf)
d.sum().backward()
print(x.grad)
with torch.no_grad():
    x.grad = None
    y = x.exp()
print(y.requires_grad, x.grad)
with torch.no_grad():
    z = x.sum()
z.backward()
torch.set_grad_enabled(False)
w = x + 1
torch.set_grad_enabled(True)
print(w.requires_grad, torch.is_grad_enabled())
with torch.no_grad():
    v = torch.ones(2, requires_grad=True)
    u = v * 2
print(v.requires_grad, v.is_leaf, u.requires_grad)
with torch.enable_grad():
    t = x * x
print(t.grad_fn.name())
with torch.no_grad():
    t.backward(torch.ones(2))
print(x.grad)
