# 1.13's CreationMeta (issue 29): a view made in no_grad mode, or one of the
# views a multi-output operator returned, refuses a write in place with grad
# mode on, direct (the view written: "is being modified") or indirect (its
# base or another view written: "its base or another view of its base has
# been modified", raised when the view's grad_fn is next read: by printing
# it, is_leaf, an operator using it, a backward)
y = torch.ones(3, requires_grad=True) * 1
with torch.no_grad():
    v = y[:2]
v.mul_(2)
print(v.grad_fn)
y.mul_(2)
print(v)
print(v.is_leaf)
print(v.requires_grad, v._version, v.output_nr, v.retains_grad)
v.retain_grad()
print(v + 1)
(v * 2).sum().backward()
torch.autograd.grad(v.sum(), y)
# a write in no_grad mode too: the grad_fn read afterwards with grad mode on refuses
y = torch.ones(4, requires_grad=True) * 1
with torch.no_grad():
    v = y[:2]
    v.mul_(2)
print(y.grad_fn.name())
print(v.grad_fn)
y = torch.ones(4, requires_grad=True) * 1
with torch.no_grad():
    v = y.view(2, 2)
    o = y[2:]
o.mul_(2)
print(v * 2)
y[3] = 5.
# whatever the view operator
y = torch.ones(4, requires_grad=True) * 1
with torch.no_grad():
    e = y.expand(2, 4)
    n = y.narrow(0, 1, 2)
    s = y.select(0, 1)
    sq = y.unsqueeze(0).squeeze(0)
    a = y.as_strided((2,), (1,))
    p = y.view(2, 2).t()
y.add_(1)
print(e.sum())
print(n.sum())
print(s * 1)
print(sq.sum())
print(a.sum())
print(p.sum())
# the base requires nothing: a write with a tensor that requires grad
a = torch.ones(3)
with torch.no_grad():
    v = a[:2]
w = torch.ones(2, requires_grad=True)
v.mul_(w)
print(v.grad_fn, v.requires_grad)
a.mul_(torch.ones(3, requires_grad=True))
print(v.requires_grad)
print(v.grad_fn)
# nothing requires grad: allowed; both inside no_grad: allowed
a = torch.ones(3)
with torch.no_grad():
    v = a[:2]
v.mul_(2)
print(v, a)
y = torch.ones(3, requires_grad=True) * 1
with torch.no_grad():
    v = y[:2]
    v.mul_(2)
print(y)
# a leaf that requires grad, the autograd fallback's in-place operator, out=
x = torch.ones(3, requires_grad=True)
with torch.no_grad():
    v = x[:2]
v.add_(1)
v.floor_divide_(2)
torch.mul(torch.ones(2), 2, out=v)
d = v.detach()
d.mul_(2)
print(x)
# views of views: made in no_grad then with grad mode on (1.13's internal assert), both in no_grad
y = torch.ones(3, 2, requires_grad=True) * 1
with torch.no_grad():
    v = y[:, 1]
u = v[:1]
u.mul_(2)
with torch.no_grad():
    u = v[:1]
u.mul_(2)
y.add_(1)
print(u.grad_fn)
# multi-output views: direct, indirect, through a view of one, and without a grad_fn
y = torch.ones(4, requires_grad=True) * 1
p, q = y.split(2)
p.mul_(2)
y.mul_(2)
print(p.grad_fn)
print(q.requires_grad)
y = torch.ones(4, requires_grad=True) * 1
p, q = y.split(2)
c = q[:1]
c.mul_(2)
y = torch.ones(2, 2, requires_grad=True) * 1
rows = y.unbind(0)
rows[1].zero_()
y = torch.ones(4, requires_grad=True) * 1
chunks = y.chunk(2)
chunks[0].add_(1)
with torch.no_grad():
    chunks[1].add_(1)
print(chunks[0].grad_fn)
print(y)
a = torch.ones(4)
p, q = a.split(2)
p.mul_(w)
a.mul_(torch.ones(4, requires_grad=True))
print(q.grad_fn)
# multi-output views made in no_grad mode, and views of them
a = torch.ones(4)
with torch.no_grad():
    p, q = a.split(2)
p.mul_(w)
y = torch.ones(4, requires_grad=True) * 1
with torch.no_grad():
    p, q = y.split(2)
p.mul_(2)
y.mul_(2)
print(q.grad_fn)
y = torch.ones(4, requires_grad=True) * 1
p, q = y.split(2)
with torch.no_grad():
    r = p[:1]
r.mul_(2)
y = torch.ones(4, requires_grad=True) * 1
with torch.no_grad():
    p, q = y.split(2)
r = p[:1]
r.mul_(2)
# a saved no_grad view whose base was written: the backward's unpack reads its grad_fn
y = torch.ones(4, requires_grad=True) * 1
with torch.no_grad():
    v = y[:2]
w = torch.ones(2, requires_grad=True)
z = v * w
y.mul_(2)
z.sum().backward()
y = torch.ones(4, requires_grad=True) * 1
with torch.no_grad():
    v = y[:2]
w = torch.ones(2, requires_grad=True)
z = v * w
with torch.no_grad():
    y.mul_(2)
z.sum().backward()
print(w.grad)
