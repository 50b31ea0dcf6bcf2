# chains of views: _base is the first non-view, next_functions walk back the chain (issue 14)
# NB(minaten): a view made under no_grad of a tensor requiring grad does not
# require grad here; in 1.13 it does (DifferentiableViewMeta asks its base)
def nexts(fn):
    out = []
    for f, n in fn.next_functions:
        if f is None:
            out.append((None, n))
        else:
            out.append((f.name(), n))
    return out
x = torch.arange(24., requires_grad=True)
a = x.view(2, 3, 4)
b = a.transpose(0, 2)
c = b[1]
d = c.unsqueeze(0)
print(a._base is x, b._base is x, c._base is x, d._base is x)
fn = d.grad_fn
while fn is not None:
    print(fn.name(), nexts(fn))
    if len(fn.next_functions) == 0:
        fn = None
    else:
        fn = fn.next_functions[0][0]
(d * torch.arange(6.).reshape(1, 3, 2)).sum().backward()
print(x.grad)
y = x * 2
v = y.view(4, 6)[1:3]
w = v.t()
print(y._is_view(), y._base, v._base is y, w._base is y, w.is_leaf)
print(w.grad_fn.name(), nexts(w.grad_fn), nexts(w.grad_fn.next_functions[0][0]))
x.grad = None
w.sum().backward()
print(x.grad)
n = torch.ones(4)
m = n.view(2, 2)
print(m._is_view(), m._base is n, m.requires_grad, m.grad_fn)
with torch.no_grad():
    k = x.view(4, 6)
print(k._is_view(), k._base is x, k.grad_fn, k.is_leaf)
o = x.detach().view(2, 12)
print(o._is_view(), o._base is x, o.requires_grad)
