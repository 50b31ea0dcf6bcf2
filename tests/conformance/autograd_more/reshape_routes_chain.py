# reshape's three routes: _reshape_alias, view (a lazy tensor) and clone + _unsafe_view, with their grad_fn chains (issue 14)
def chain(t):
    names = []
    fn = t.grad_fn
    while fn is not None:
        names.append(fn.name())
        if len(fn.next_functions) == 0 or fn.next_functions[0][0] is None:
            fn = None
        else:
            fn = fn.next_functions[0][0]
    print(names)
x = torch.arange(12., requires_grad=True)
a = x.reshape(3, 4)
chain(a)
print(a._is_view(), a._base is x)
b = a.t().reshape(12)
chain(b)
print(b._is_view(), b._base)
c = a.t().reshape(2, 2, 3)
chain(c)
d = (x * 1).reshape(2, 6).reshape(6, 2)
chain(d)
print(d._base is None)
e = x.reshape(12)
print(e.grad_fn.name(), e._base is x, e is x)
f = a.t().contiguous()
chain(f)
g = a.t().flatten()
chain(g)
trace_on()
h = a.t().reshape(12)
trace_off()
h.backward(torch.arange(12.))
print(x.grad)
l = x.to('lazy')
r = l.reshape(3, 4)
chain(r)
print(r._is_view(), r._base is l, r.device)
(r * 2).sum().backward()
print(x.grad)
